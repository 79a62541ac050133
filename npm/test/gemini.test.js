'use strict'
// gemini.calculateReplacement against Gemini CLI's own cases (shared/data/peer-tests/
// gemini.jsonl, from its edit.test.ts > calculateReplacement): each passes (Gemini's content,
// or no replacement where Gemini makes none) or is a deliberate difference listed below, whose
// reasons are the conventions table of the main README. The list stays exact.

const test = require('node:test')
const assert = require('node:assert/strict')
const fe = require('..')
const { peerCases, outcome } = require('./peers.js')

const REINDENT = 'new keeps the file\'s relative indentation after an indentation-insensitive match; Gemini flattens or rebases it its own way'
const MISREMEMBERED = 'a line the edit changes is misremembered beyond one token: refused as content_mismatch; Gemini accepts a block at least 90 % similar'

/** name: [outcome, why]. */
const DIFFERENCES = {
  'perform a flexible, whitespace-insensitive replacement': ['located', REINDENT],
  'NOT insert extra newlines when replacing a block preceded by a blank line (regression)': ['located', REINDENT],
  'regex-based replacement for flexible intra-line whitespace': [
    'refused',
    'whitespace inside a token pair (myFunc( a, b ) for myFunc(a, b)) is not matched: runs of whitespace are collapsed, never deleted; Gemini\'s token regex drops them',
  ],
  'fuzzy replacement when exact match fails but similarity is high': ['refused', MISREMEMBERED],
  'rebase indentation in fuzzy replacement without double-indenting': ['refused', MISREMEMBERED],
  'multiple fuzzy replacements if multiple valid matches are found': [
    'refused',
    "'hello' for \"hello\" is a real difference, not matched; Gemini's fuzzy match accepts it",
  ],
}

const { cases, reason } = peerCases('gemini')

test('gemini.calculateReplacement on Gemini CLI\'s own cases', { skip: reason || false }, async (t) => {
  const seen = {}
  let passed = 0
  for (const c of cases) {
    const context = {
      currentContent: c.content,
      params: { file_path: 'test.txt', old_string: c.old, new_string: c.new, allow_multiple: c.replace_all },
      abortSignal: new AbortController().signal,
    }
    const r = await fe.gemini.calculateReplacement({}, context)
    // Gemini's caller makes no edit unless occurrences is 1 (or any with allow_multiple).
    const applied = r.occurrences === 1 || (c.replace_all && r.occurrences > 0)
    if (!applied) assert.equal(r.newContent, c.content, `${c.name}: content unchanged when nothing is replaced`)
    const o = outcome(applied && r.finalOldString !== r.finalNewString ? r.newContent : null, c)
    if (o === 'pass') passed++
    else seen[c.name] = o
  }
  t.diagnostic(`gemini: ${passed} of ${cases.length} cases pass; ${Object.keys(seen).length} deliberate differences`)
  const expected = Object.fromEntries(Object.entries(DIFFERENCES).map(([name, [o]]) => [name, o]))
  assert.deepEqual(seen, expected, 'the differences from Gemini CLI are exactly the documented ones')
})
