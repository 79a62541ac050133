'use strict'
// editFiles and readFile: the library's guarded file path (fs::edit_files). A refused request
// leaves every file byte-identical.

const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const fe = require('..')

function tmpdir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-npm-'))
  test.after(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

test('editFiles edits a file in place, atomically, keeping its mode', () => {
  const dir = tmpdir()
  const file = path.join(dir, 'app.py')
  fs.writeFileSync(file, 'def f():\n    return 1\n', { mode: 0o640 })
  const out = fe.editFiles([{ path: file, edits: [{ old: 'return 1', new: 'return 2' }] }])
  assert.equal(out.ok, true)
  assert.equal(fs.readFileSync(file, 'utf8'), 'def f():\n    return 2\n')
  assert.equal(fs.statSync(file).mode & 0o777, 0o640)
  const [f] = out.files
  assert.equal(f.action, 'edit')
  assert.equal(f.before, 'def f():\n    return 1\n')
  assert.equal(f.after, 'def f():\n    return 2\n')
  assert.match(f.diff, /^\+    return 2$/m)
  assert.equal(f.matches[0].strategy, 'exact')
  assert.equal(f.version.sha256.length, 64)
})

test('a refused edit writes nothing and says why', () => {
  const dir = tmpdir()
  const file = path.join(dir, 'app.py')
  const bytes = Buffer.from('x = 1\ny = 2\n')
  fs.writeFileSync(file, bytes)
  const out = fe.editFiles([{ path: file, edits: [{ old: 'z = 3', new: 'z = 4' }] }])
  assert.equal(out.ok, false)
  assert.equal(out.error.kind, 'not_found')
  assert.equal(out.error.path, file)
  assert.equal(out.failures[0].edit, 0)
  assert.deepEqual(fs.readFileSync(file), bytes)
})

test('atomic mode writes every file or none', () => {
  const dir = tmpdir()
  const a = path.join(dir, 'a.txt')
  const b = path.join(dir, 'b.txt')
  fs.writeFileSync(a, 'alpha\n')
  fs.writeFileSync(b, 'beta\n')
  const refused = fe.editFiles([
    { path: a, edits: [{ old: 'alpha', new: 'ALPHA' }] },
    { path: b, edits: [{ old: 'gamma', new: 'GAMMA' }] },
  ])
  assert.equal(refused.ok, false)
  assert.equal(refused.error.path, b)
  assert.equal(fs.readFileSync(a, 'utf8'), 'alpha\n')
  assert.equal(fs.readFileSync(b, 'utf8'), 'beta\n')

  const done = fe.editFiles(
    [
      { path: 'a.txt', edits: [{ old: 'alpha', new: 'ALPHA' }] },
      { path: 'c.txt', create: 'new file\n' },
      { path: 'b.txt', delete: true },
    ],
    { base: dir },
  )
  assert.equal(done.ok, true)
  assert.deepEqual(done.files.map((f) => f.action), ['edit', 'create', 'delete'])
  assert.equal(fs.readFileSync(a, 'utf8'), 'ALPHA\n')
  assert.equal(fs.readFileSync(path.join(dir, 'c.txt'), 'utf8'), 'new file\n')
  assert.equal(fs.existsSync(b), false)
})

test('a file that is not the version read is not written (stale)', () => {
  const dir = tmpdir()
  const file = path.join(dir, 'f.txt')
  fs.writeFileSync(file, 'one\n')
  const read = fe.readFile(file)
  assert.equal(read.text, 'one\n')
  fs.writeFileSync(file, 'one changed\n')
  const out = fe.editFiles([{ path: file, edits: [{ old: 'one', new: 'two' }], expectSha256: read.version.sha256 }])
  assert.equal(out.ok, false)
  assert.equal(out.error.kind, 'stale')
  assert.equal(fs.readFileSync(file, 'utf8'), 'one changed\n')
})

test('binary, missing and oversized files are refused with their kinds', () => {
  const dir = tmpdir()
  const bin = path.join(dir, 'b.bin')
  fs.writeFileSync(bin, Buffer.from([0x61, 0x00, 0x62]))
  assert.equal(fe.editFiles([{ path: bin, edits: [{ old: 'a', new: 'c' }] }]).error.kind, 'binary')
  assert.deepEqual(fs.readFileSync(bin), Buffer.from([0x61, 0x00, 0x62]))
  assert.throws(() => fe.readFile(path.join(dir, 'none.txt')), { name: 'FuzzyEditError', kind: 'file_not_found' })
  const big = path.join(dir, 'big.txt')
  fs.writeFileSync(big, 'x'.repeat(100))
  assert.throws(() => fe.readFile(big, { maxBytes: 10 }), { kind: 'too_large' })
  assert.equal(fe.editFiles([{ path: big, edits: [{ old: 'x', new: 'y', replaceAll: true }] }], { maxBytes: 10 }).error.kind, 'too_large')
})

test('dryRun reports without writing; the async variant writes', async () => {
  const dir = tmpdir()
  const file = path.join(dir, 'f.js')
  fs.writeFileSync(file, 'function f() {\n  return 1;\n}\n')
  const dry = fe.editFiles([{ path: file, edits: [{ old: 'return 1;', new: 'return 2;' }] }], { dryRun: true })
  assert.equal(dry.ok, true)
  assert.equal(dry.files[0].after, 'function f() {\n  return 2;\n}\n')
  assert.equal(fs.readFileSync(file, 'utf8'), 'function f() {\n  return 1;\n}\n')
  const done = await fe.editFilesAsync([{ path: file, edits: [{ old: '    return 1;', new: '    return 3;' }] }])
  assert.equal(done.ok, true)
  assert.equal(fs.readFileSync(file, 'utf8'), 'function f() {\n  return 3;\n}\n')
})

test('a file request must name exactly one operation', () => {
  assert.throws(() => fe.editFiles([{ path: 'x', write: 'a', delete: true }]), /exactly one of edits \(and\/or lineEdits\), create, write or delete/)
  assert.throws(() => fe.editFiles([{ path: 'x' }]), /exactly one of/)
})

/** The reference of line `n` of `text` as a read with hashes shows it. */
function ref(text, n) {
  return fe.readHashes(text, { lines: `${n}:${n}` }).split('|')[0]
}

test('editFiles takes line edits: all or nothing across files, before search/replace edits', () => {
  const dir = tmpdir()
  const a = path.join(dir, 'a.py')
  const b = path.join(dir, 'b.py')
  const codeA = 'def f():\r\n    return 1\r\n'
  const codeB = 'x = 1\ny = 2\n'
  fs.writeFileSync(a, codeA)
  fs.writeFileSync(b, codeB)
  const readA = fe.readFile(a).text

  // A stale reference in b refuses both files: nothing written anywhere.
  const refused = fe.editFiles([
    { path: a, lineEdits: [{ op: 'replace', pos: ref(readA, 2), lines: ['return 2'] }] },
    { path: b, edits: [{ op: 'replace', pos: '2#ZZ', lines: ['y = 3'] }] },
  ])
  assert.equal(refused.ok, false)
  assert.equal(refused.error.kind, 'stale_reference')
  assert.equal(refused.error.path, b)
  assert.match(refused.failures[0].current, new RegExp(`^${ref(codeB, 2)}\\|y = 2$`, 'm'))
  assert.equal(fs.readFileSync(a, 'utf8'), codeA)
  assert.equal(fs.readFileSync(b, 'utf8'), codeB)

  // Hashline's `edits: [{op, pos, lines}]` shape, line edits beside search/replace ones.
  const done = fe.editFiles([
    { path: a, edits: [{ op: 'replace', pos: ref(readA, 2), lines: 'return 2' }] },
    {
      path: b,
      lineEdits: [{ op: 'append', pos: ref(codeB, 2), lines: ['z = 3'] }],
      edits: [{ old: 'x = 1', new: 'x = 10' }],
    },
  ])
  assert.equal(done.ok, true, JSON.stringify(done.error))
  assert.equal(fs.readFileSync(a, 'utf8'), 'def f():\r\n    return 2\r\n')
  assert.equal(fs.readFileSync(b, 'utf8'), 'x = 10\ny = 2\nz = 3\n')
  assert.deepEqual(done.files[1].matches.map((m) => [m.edit, m.strategy]), [[0, 'line_ref'], [1, 'exact']])

  assert.throws(
    () => fe.editFiles([{ path: b, edits: [{ op: 'append', lines: ['w'] }, { old: 'x', new: 'y' }] }]),
    /mixes line edits/,
  )
  assert.throws(() => fe.editFiles([{ path: b, lineEdits: [{ op: 'swap', pos: '1#ZZ' }] }]), /lineEdits are not line edits/)
  assert.equal(fs.readFileSync(b, 'utf8'), 'x = 10\ny = 2\nz = 3\n')
})
