'use strict'
// opencode.replace against opencode's own test cases (shared/data/peer-tests/opencode.jsonl):
// each case passes (opencode's result, or its error message word for word) or is one of the
// deliberate differences listed below, whose reasons are the conventions table of the main
// README ("Conventions where the peers disagree"). A new difference, or a listed one that no
// longer differs, fails the test: the list stays exact.

const test = require('node:test')
const assert = require('node:assert/strict')
const fe = require('..')
const { peerCases, outcome } = require('./peers.js')

const REINDENT = 'new is re-indented to the file after an indentation-insensitive match; opencode writes the model\'s indentation'
const BLOCK = 'a block whose middle lines mostly differ is refused (stale or hallucinated); opencode accepts any block with matching first and last lines'

/** id: [outcome, why]. */
const DIFFERENCES = {
  'oc-replacers-table-04': ['located', REINDENT],
  'oc-replacers-table-05': ['refused', BLOCK],
  'oc-replacers-table-06': ['refused', BLOCK],
  'oc-replacers-table-07': ['located', REINDENT],
  'oc-replacers-table-10': ['located', REINDENT],
  'oc-replacers-table-11': ['located', REINDENT],
  'oc-replacers-table-25': ['located', REINDENT],
  'oc-replacers-table-27': ['located', REINDENT],
  'oc-replacers-table-28': ['refused', BLOCK],
  'oc-replacers-table-29': ['refused', BLOCK],
  'oc-replacers-table-31': ['located', REINDENT],
  'oc-replacers-table-37': ['refused', BLOCK],
  'oc-replacers-table-38': ['refused', BLOCK],
}

const { cases, reason } = peerCases('opencode')

test('opencode.replace on opencode\'s own cases', { skip: reason || false }, (t) => {
  const seen = {}
  let passed = 0
  for (const c of cases) {
    let got = null
    let error = null
    try {
      got = fe.opencode.replace(c.content, c.old, c.new, c.replace_all)
    } catch (err) {
      error = err
    }
    if (error && !(error instanceof Error)) throw error
    const o = outcome(got, c)
    if (o === 'pass' && error && c.error_current && Object.values(fe.opencode.messages).includes(c.error_current)) {
      // Where opencode's replace throws one of its own messages, ours throws the same words.
      assert.equal(error.message, c.error_current, `${c.id}: opencode's message`)
    }
    if (o === 'pass') passed++
    else seen[c.id] = o
  }
  t.diagnostic(`opencode: ${passed} of ${cases.length} cases pass; ${Object.keys(seen).length} deliberate differences`)
  const expected = Object.fromEntries(Object.entries(DIFFERENCES).map(([id, [o]]) => [id, o]))
  assert.deepEqual(seen, expected, 'the differences from opencode are exactly the documented ones')
})
