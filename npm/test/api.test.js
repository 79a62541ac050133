'use strict'
// The string API: apply (throwing), applyEdits (reporting), their async twins, the limits, the
// parser and the diff.

const test = require('node:test')
const assert = require('node:assert/strict')
const fe = require('..')

const calc = 'def total(items):\n    result = 0\n    for item in items:\n        result += item\n    return result\n'

test('apply lands an indentation-drift edit with the file\'s own indentation', () => {
  const out = fe.apply(calc, 'for item in items:\n  result += item', 'for item in items:\n  result += item * 2')
  assert.equal(out.text, calc.replace('result += item\n', 'result += item * 2\n'))
  assert.equal(out.matches.length, 1)
  assert.equal(out.matches[0].strategy, 'indentation')
  assert.deepEqual([out.matches[0].start_line, out.matches[0].end_line], [3, 4])
  assert.match(out.diff, /^-        result \+= item$/m)
  assert.match(out.diff, /^\+        result \+= item \* 2$/m)
})

test('a success that saw through more than habits lists where the file differs, and none for habits', () => {
  const file = 'def f(a, b):\n    total = compute_the_sum(a, b)\n    return total\n'
  const out = fe.apply(file, 'total = compute_the_sum(a, c)', 'total = compute_the_sum(a, c) + 1')
  assert.equal(out.matches[0].strategy, 'typo_line')
  assert.deepEqual(out.matches[0].differences, [
    { line: 2, file: ['    total = compute_the_sum(a, b)'], old: ['total = compute_the_sum(a, c)'] },
  ])
  assert.equal(out.matches[0].differences_total, 1)
  const old = 'def f(a, b):\n  total = compute_the_sum(a, b)\n  return total'
  const habits = fe.apply(file, old, old.replace('return total', 'return 0'))
  assert.equal(habits.matches[0].strategy, 'indentation')
  assert.equal(habits.matches[0].differences, undefined)
})

test('an absent old is refused as not_found with the closest fragment, content untouched', () => {
  const before = calc
  assert.throws(
    () => fe.apply(calc, '    result = 0\n    for entry in entries:\n        count += 1', 'x'),
    (err) => {
      assert.ok(err instanceof fe.FuzzyEditError)
      assert.ok(err instanceof Error)
      assert.equal(err.name, 'FuzzyEditError')
      assert.equal(err.kind, 'not_found')
      assert.equal(err.details.kind, 'not_found')
      assert.equal(err.message, err.details.message)
      assert.deepEqual([err.closest.start_line, err.closest.end_line], [2, 4])
      assert.equal(err.closest.text, '    result = 0\n    for item in items:\n        result += item')
      assert.match(err.message, /closest/)
      return true
    },
  )
  assert.equal(calc, before)
  assert.throws(() => fe.apply('x\n', 'y', 'z'), { name: 'FuzzyEditError', kind: 'not_found' })
})

test('several equal matches are refused as ambiguous with candidates; replaceAll and anchor resolve them', () => {
  const text = 'a = 1\nb = 2\na = 1\n'
  assert.throws(
    () => fe.apply(text, 'a = 1', 'a = 3'),
    (err) => err.kind === 'ambiguous' && err.candidates.length === 2 && err.candidates[1].start_line === 3,
  )
  assert.equal(fe.apply(text, 'a = 1', 'a = 3', { replaceAll: true }).text, 'a = 3\nb = 2\na = 3\n')
  assert.equal(fe.apply(text, 'a = 1', 'a = 3', { replaceAll: true }).matches_total, 2)
  assert.equal(fe.apply(text, 'a = 1', 'a = 3', { anchor: 'b = 2' }).text, 'a = 1\nb = 2\na = 3\n')
})

test('no_change and empty_old are refusals, not silent successes', () => {
  assert.throws(() => fe.apply('a\n', 'a', 'a'), { kind: 'no_change' })
  assert.throws(() => fe.apply('a\n', '', 'b'), { kind: 'empty_old' })
})

test('a replaceAll over many lines lists the first 1000 matches and counts them all', () => {
  const out = fe.apply('x = 1\n'.repeat(5000), 'x = 1', 'x = 2', { replaceAll: true })
  assert.equal(out.text, 'x = 2\n'.repeat(5000))
  assert.equal(out.matches.length, 1000)
  assert.equal(out.matches_total, 5000)
  assert.equal(out.matches[999].start_line, 1000)
})

test('CRLF files keep their line endings', () => {
  const out = fe.apply('one\r\ntwo\r\nthree\r\n', 'two\nthree', 'TWO\nthree')
  assert.equal(out.text, 'one\r\nTWO\r\nthree\r\n')
})

test('applyEdits: atomic applies all or nothing, partial what succeeds', () => {
  const edits = [
    { old: 'result = 0', new: 'result = 1' },
    { old: 'absent line', new: 'x' },
  ]
  const atomic = fe.applyEdits(calc, edits)
  assert.equal(atomic.ok, false)
  assert.equal(atomic.text, null)
  assert.equal(atomic.diff, '')
  assert.equal(atomic.failures.length, 1)
  assert.equal(atomic.failures[0].edit, 1)
  assert.equal(atomic.failures[0].kind, 'not_found')

  const partial = fe.applyEdits(calc, edits, { mode: 'partial' })
  assert.equal(partial.ok, false)
  assert.equal(partial.text, calc.replace('result = 0', 'result = 1'))
  assert.deepEqual(partial.matches.map((m) => m.edit), [0])
  assert.deepEqual(partial.failures.map((f) => [f.edit, f.kind]), [[1, 'not_found']])

  const both = fe.applyEdits(calc, [edits[0], { old: 'return result', new: 'return -result' }])
  assert.equal(both.ok, true)
  assert.equal(both.text, calc.replace('result = 0', 'result = 1').replace('return result', 'return -result'))
  assert.match(both.diff, /^\+    return -result$/m)
})

test('the async variants give the same answers off the event loop', async () => {
  const out = await fe.applyAsync(calc, 'for item in items:\n  result += item', 'for item in items:\n  result -= item')
  assert.equal(out.text, fe.apply(calc, 'for item in items:\n  result += item', 'for item in items:\n  result -= item').text)
  await assert.rejects(fe.applyAsync(calc, 'nothing like it', 'x'), { name: 'FuzzyEditError', kind: 'not_found' })
  const many = await fe.applyEditsAsync(calc, [{ old: 'return result', new: 'return 0' }], { mode: 'partial' })
  assert.equal(many.text, calc.replace('return result', 'return 0'))
})

test('the event loop keeps running while a large edit is computed', async () => {
  const lines = Array.from({ length: 200000 }, (_, i) => `    value_${i} = compute(${i})`)
  const text = lines.join('\n') + '\n'
  let ticks = 0
  const timer = setInterval(() => ticks++, 1)
  // A drifted block near the end: the engine searches the whole text.
  const out = await fe.applyAsync(text, 'value_199990 = compute(199990)\nvalue_199991 = compute(199991)', 'value_199990 = 0\nvalue_199991 = 0')
  clearInterval(timer)
  assert.match(out.text, /^ {4}value_199990 = 0$/m)
  assert.ok(ticks > 0, 'timers ran while the engine worked')
})

test('timeLimitMs bounds the search: past it the edit is refused as too_complex', () => {
  const lines = Array.from({ length: 20000 }, (_, i) => `line ${i % 7} of the text ${i % 13}`)
  const text = lines.join('\n') + '\n'
  const old = Array.from({ length: 40 }, (_, i) => `line ${i % 5} of a text ${i % 11}`).join('\n')
  assert.throws(() => fe.apply(text, old, 'x', { timeLimitMs: 0 }), (err) => err.kind === 'too_complex' && err.details.timed_out === true)
  // The same request without a limit is answered by the engine (refused otherwise, not timed out).
  assert.throws(() => fe.apply(text, old, 'x'), (err) => err.kind !== 'too_complex' || err.details.timed_out !== true)
})

test('maxRequestBytes refuses a request over it before the engine runs', () => {
  const report = fe.applyEdits('a\n'.repeat(100), [{ old: 'a', new: 'b', replaceAll: true }], { maxRequestBytes: 100 })
  assert.equal(report.text, null)
  assert.equal(report.failures[0].kind, 'request_too_large')
  assert.match(report.failures[0].message, /202 bytes, over the limit of 100 bytes/)
  assert.throws(() => fe.apply('a\n', 'a', 'b', { maxRequestBytes: 2 }), { kind: 'request_too_large' })
  assert.equal(fe.apply('a\n', 'a', 'b', { maxRequestBytes: 4 }).text, 'b\n')
})

test('bad arguments throw plain errors naming the option', () => {
  assert.throws(() => fe.applyEdits('a', [{ old: 'a', new: 'b' }], { mode: 'some' }), /mode must be "atomic" or "partial"/)
  assert.throws(() => fe.apply('a', 'a', 'b', { timeLimitMs: -1 }), /timeLimitMs must be a non-negative whole number/)
  assert.throws(() => fe.apply('a', 'a', 'b', { syntax: 'loose' }), /syntax must be/)
  assert.throws(() => fe.apply('a', 'a', 'b', { language: 'klingon' }), /language: /)
  assert.throws(() => fe.apply(null, 'a', 'b'), TypeError)
  assert.throws(() => fe.applyEdits('a', 'not a list'), TypeError)
})

test('the syntax guard follows the name\'s language', () => {
  const py = 'def f(x):\n    return x\n'
  // An edit exactly as asked that breaks the syntax is applied with a warning (syntax "auto").
  const out = fe.apply(py, 'return x', 'return (x', { name: 'f.py' })
  assert.ok(out.warnings.length >= 1)
  assert.throws(() => fe.apply(py, 'return x', 'return (x', { name: 'f.py', syntax: 'strict' }), { kind: 'syntax' })
  assert.equal(fe.apply(py, 'return x', 'return (x', { name: 'f.txt', syntax: 'strict' }).warnings.length, 0)
})

test('parse reads the edit documents models write; parseEdits throws on a malformed one', () => {
  const sr = fe.parse('app.py\n<<<<<<< SEARCH\nreturn 1\n=======\nreturn 2\n>>>>>>> REPLACE\n')
  assert.equal(sr.ok, true)
  assert.equal(sr.format, 'search_replace')
  assert.equal(sr.changes[0].op, 'edit')
  assert.equal(sr.changes[0].edits[0].old, 'return 1\n')
  assert.equal(sr.changes[0].edits[0].new, 'return 2\n')

  const patch = fe.parseEdits('*** Begin Patch\n*** Add File: new.txt\n+hello\n*** End Patch\n', 'begin_patch')
  assert.equal(patch.changes[0].op, 'create')
  assert.equal(patch.changes[0].content, 'hello\n')

  const bad = fe.parse('')
  assert.equal(bad.ok, false)
  assert.equal(bad.error.kind, 'empty')
  assert.throws(() => fe.parseEdits('just prose, no edits'), (err) => err instanceof fe.FuzzyEditError && typeof err.message === 'string' && err.message.length > 0)
  assert.throws(() => fe.parse('x', 'yaml'), /format must be one of/)
})

test('unifiedDiff and version', () => {
  assert.equal(fe.unifiedDiff('a\nb\n', 'a\nc\n'), '--- a/code\n+++ b/code\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n')
  assert.match(fe.version, /^\d+\.\d+\.\d+/)
})
