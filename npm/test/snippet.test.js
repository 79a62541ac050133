'use strict'
// Lazy snippets: applySnippet merges one (or throws the refusal), verifySnippet checks a merge
// made elsewhere.

const test = require('node:test')
const assert = require('node:assert/strict')
const fe = require('..')

const stack = 'class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n'
const snippet = 'class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n'
const right = stack + '\n    def size(self):\n        return len(self.items)\n'

test('applySnippet merges a new method at the end of the class', () => {
  const out = fe.applySnippet(stack, snippet, { name: 's.py' })
  assert.equal(out.text, right)
  assert.equal(out.matches[0].strategy, 'snippet')
  assert.match(out.diff, /^\+    def size\(self\):$/m)
})

test('applySnippet throws snippet_unplaced for a piece that fits twice', () => {
  const twice = 'def a():\n    x()\n\ndef b():\n    x()\n'
  assert.throws(() => fe.applySnippet(twice, '# ...\n    x()\n    y()\n# ...\n'), (e) => {
    assert.equal(e.kind, 'snippet_unplaced')
    assert.equal(e.details.reason, 'ambiguous')
    return true
  })
})

test('verifySnippet passes the merge meant and lists an unrelated change', () => {
  assert.deepEqual(fe.verifySnippet(stack, snippet, right), { ok: true })
  const v = fe.verifySnippet(stack, snippet, right.replace('append(x)', 'append(x)  # debug'))
  assert.equal(v.ok, false)
  assert.deepEqual(
    v.findings.map((f) => [f.kind, f.merged_line, f.file_line]),
    [
      ['added', 3, null],
      ['deleted', null, 3],
    ],
  )
  assert.equal(v.findings_total, 2)
})
