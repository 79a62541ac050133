'use strict'
// The adapters' error behaviour, without the peers' data: opencode's three messages, Gemini's
// occurrence counts.

const test = require('node:test')
const assert = require('node:assert/strict')
const fe = require('..')

const { replace, messages } = fe.opencode

test('opencode.replace applies like opencode where fuzzy-edit is sure', () => {
  assert.equal(replace('function f() {\n  return 1;\n}\n', 'return 1;', 'return 2;'), 'function f() {\n  return 2;\n}\n')
  assert.equal(replace('a\nb\na\n', 'a', 'c', true), 'c\nb\nc\n')
})

test('opencode.replace throws opencode\'s messages, with fuzzy-edit\'s feedback beside them', () => {
  assert.throws(() => replace('a\n', 'a', 'a'), { message: messages.identical })
  assert.throws(
    () => replace('x = 1\ny = 2\n', 'z = 3', 'z = 4'),
    (err) => err.message === messages.notFound && err.kind === 'not_found' && /old_string was not found/.test(err.feedback),
  )
  assert.throws(
    () => replace('a = 1\nb\na = 1\n', 'a = 1', 'a = 2'),
    (err) => err.message === messages.multiple && err.kind === 'ambiguous' && err.candidates.length === 2,
  )
})

test('gemini.calculateReplacement answers occurrences as Gemini does', async () => {
  const calc = (currentContent, old_string, new_string, allow_multiple = false) =>
    fe.gemini.calculateReplacement({}, { currentContent, params: { file_path: 'f.ts', old_string, new_string, allow_multiple }, abortSignal: new AbortController().signal })

  const exact = await calc('hello world\n', 'world', 'moon')
  assert.deepEqual([exact.newContent, exact.occurrences, exact.strategy, exact.matchRanges], ['hello moon\n', 1, 'exact', undefined])

  const drift = await calc('  if (a) {\n    f();\n  }\n', 'if (a) {\nf();\n}', 'if (a) {\ng();\n}')
  assert.equal(drift.newContent, '  if (a) {\n    g();\n  }\n')
  assert.equal(drift.strategy, 'fuzzy')
  assert.deepEqual(drift.matchRanges, [{ start: 1, end: 3 }])

  const absent = await calc('hello\n', 'nomatch', 'x')
  assert.deepEqual([absent.newContent, absent.occurrences, absent.refusal.kind], ['hello\n', 0, 'not_found'])

  const twice = await calc('a\nb\na\n', 'a', 'c')
  assert.deepEqual([twice.newContent, twice.occurrences, twice.refusal.kind], ['a\nb\na\n', 2, 'ambiguous'])
  const all = await calc('a\nb\na\n', 'a', 'c', true)
  assert.deepEqual([all.newContent, all.occurrences], ['c\nb\nc\n', 2])

  const same = await calc('a\n', 'a', 'a')
  assert.equal(same.occurrences, 1)
  assert.equal(same.finalOldString, same.finalNewString)

  const empty = await calc('a\n', '', 'x')
  assert.deepEqual([empty.newContent, empty.occurrences], ['a\n', 0])

  const crlf = await calc('one\ntwo\n', 'one\r\ntwo', 'one\r\n2')
  assert.equal(crlf.finalOldString, 'one\ntwo')
  assert.equal(crlf.newContent, 'one\n2\n')
})
