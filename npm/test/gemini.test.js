'use strict'
// gemini.calculateReplacement against Gemini CLI's own cases (shared/data/peer-tests/
// gemini.jsonl, from its edit.test.ts > calculateReplacement): each passes (Gemini's content,
// or no replacement where Gemini makes none) or is a deliberate difference listed below, whose
// reasons are the conventions table of the main README. The list stays exact.

const test = require('node:test')
const assert = require('node:assert/strict')
const fe = require('..')
const { peerCases, outcome } = require('./peers.js')

/** name: [outcome, why]. */
const DIFFERENCES = {
  __FILL__: null,
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
  console.log(JSON.stringify(seen))
})
