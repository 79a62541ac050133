'use strict'
// Line-addressed edits (docs/line-refs.md): readHashes, applyLineEdits and their refusals.

const test = require('node:test')
const assert = require('node:assert/strict')
const fe = require('..')

const code = 'def total(items):\n    s = 0\n    for x in items:\n        s += x\n    return s\n'

/** The reference of line `n` as a read shows it. */
function ref(text, n) {
  return fe.readHashes(text, { lines: `${n}:${n}` }).split('|')[0]
}

test('readHashes shows every line with its reference, CRLF and BOM left out', () => {
  const shown = fe.readHashes(code).split('\n')
  assert.equal(shown.pop(), '')
  assert.equal(shown.length, 5)
  code.split('\n').slice(0, 5).forEach((line, i) => {
    assert.match(shown[i], new RegExp(`^${i + 1}#[ZPMQVRWSNKTXJBYH]{2}\\|`))
    assert.ok(shown[i].endsWith(`|${line}`))
  })
  assert.equal(fe.readHashes('\ufeff' + code.replace(/\n/g, '\r\n')), fe.readHashes(code))
  assert.equal(fe.readHashes(code, { lines: '2:3' }), shown.slice(1, 3).join('\n') + '\n')
  assert.throws(() => fe.readHashes(code, { lines: '3:1' }), /lines must be a range/)
})

test('applyLineEdits replaces, appends and prepends on one snapshot, keeping CRLF', () => {
  const crlf = code.replace(/\n/g, '\r\n')
  const out = fe.applyLineEdits(crlf, [
    { op: 'replace', pos: ref(crlf, 2), lines: ['s = 1'] },
    { op: 'append', pos: ref(crlf, 4), lines: '        s -= 0' },
    { op: 'prepend', lines: ['import os'] },
  ])
  assert.equal(
    out.text,
    'import os\r\ndef total(items):\r\n    s = 1\r\n    for x in items:\r\n        s += x\r\n        s -= 0\r\n    return s\r\n',
  )
  assert.deepEqual(out.followed, [])
  assert.equal(out.matches.length, 3)
  assert.match(out.diff, /^\+    s = 1\r?$/m)
})

test('a changed line is refused as stale_reference with the current lines', () => {
  const read = ref(code, 2)
  const changed = code.replace('s = 0', 's = 10')
  assert.throws(
    () => fe.applyLineEdits(changed, [{ op: 'replace', pos: read, lines: ['s = 1'] }]),
    (err) => {
      assert.ok(err instanceof fe.FuzzyEditError)
      assert.equal(err.kind, 'stale_reference')
      assert.equal(err.details.references[0].reference, read)
      assert.ok(err.details.current.includes(`${ref(changed, 2)}|    s = 10`))
      return true
    },
  )
})

test('lines inserted above are followed on three references, and said', () => {
  const refs = [3, 4, 5].map((n) => ref(code, n))
  const moved = '# a\n# b\n' + code
  const out = fe.applyLineEdits(moved, [
    { op: 'replace', pos: refs[0], end: refs[1], lines: ['s = sum(items)'] },
    { op: 'append', pos: refs[2], lines: ['# end'] },
  ])
  assert.equal(out.text, '# a\n# b\ndef total(items):\n    s = 0\n    s = sum(items)\n    return s\n# end\n')
  assert.deepEqual(out.followed.map((f) => f.line), [5, 6, 7])
})

test('overlapping edits, plain numbers and malformed edits are refused', () => {
  assert.throws(
    () => fe.applyLineEdits(code, [
      { op: 'replace', pos: ref(code, 2), end: ref(code, 4), lines: [] },
      { op: 'replace', pos: ref(code, 3), lines: ['x'] },
    ]),
    { name: 'FuzzyEditError', kind: 'overlapping_edits' },
  )
  assert.throws(() => fe.applyLineEdits(code, [{ op: 'replace', pos: '2', lines: ['s = 1'] }]), { kind: 'bad_reference' })
  assert.equal(
    fe.applyLineEdits(code, [{ op: 'replace', pos: 2, lines: ['s = 1'] }], { lineNumbers: true }).text,
    code.replace('s = 0', 's = 1'),
  )
  assert.throws(() => fe.applyLineEdits(code, [{ op: 'swap', pos: ref(code, 2) }]), /edits are not line edits/)
  assert.throws(() => fe.applyLineEdits(code, 'replace 2'), TypeError)
  assert.throws(
    () => fe.applyLineEdits(code, [{ op: 'prepend', lines: ['x'] }], { maxRequestBytes: 10 }),
    { kind: 'request_too_large' },
  )
})

test('random non-overlapping replacements by reference apply exactly', () => {
  let seed = 7
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  for (let round = 0; round < 200; round++) {
    const lines = Array.from({ length: 1 + next(30) }, () => `v${next(1000)} = ${next(9)}`)
    const text = lines.join('\n') + '\n'
    const chosen = lines.map((_, i) => i).filter(() => next(2) === 0)
    if (chosen.length === 0) continue
    const edits = chosen.map((i) => ({ op: 'replace', pos: ref(text, i + 1), lines: [`w${i} = 0`] })).reverse()
    const expected = lines.map((line, i) => (chosen.includes(i) ? `w${i} = 0` : line))
    assert.equal(fe.applyLineEdits(text, edits).text, expected.join('\n') + '\n')
  }
})
