// Type-checked by `tsc --noEmit` (npm test): the README's example and each call's types, so a
// change to index.d.ts that breaks a TypeScript caller fails the tests. Not run by node.

import * as fe from '../index'
import { FuzzyEditError, type Refusal } from '../index'

const source = 'def total(items):\n    result = 0\n    for item in items:\n        result += item\n    return result\n'

// The README's example: the model wrote the loop with 2-space indentation.
try {
  const out = fe.apply(source, 'for item in items:\n  result += item', 'for item in items:\n  result += item * 2', { name: 'calc.py' })
  const text: string = out.text
  const first: fe.Match | undefined = out.matches[0]
  const places: fe.Difference[] = first?.differences ?? []
  console.log(text, first?.strategy, first?.start_line, out.diff, places.map((d) => [d.line, d.file, d.old]))
} catch (err) {
  if (err instanceof FuzzyEditError) {
    const kind: string = err.kind
    const feedback: string = err.message
    const closest: fe.Closest | undefined = err.closest
    console.log(kind, feedback, closest?.text, err.candidates.length)
  } else {
    throw err
  }
}

const many: fe.EditsResult = fe.applyEdits(source, [{ old: 'result = 0', new: 'result = 1' }, { old: 'absent', new: 'x' }], {
  mode: 'partial',
  timeLimitMs: 1000,
  maxRequestBytes: 1 << 20,
})
const failures: Refusal[] = many.failures
const text: string | null = many.text
console.log(failures.map((f) => [f.kind, f.edit, f.message]), text)

async function files(): Promise<void> {
  const done = await fe.editFilesAsync([{ path: 'calc.py', edits: [{ old: 'result = 0', new: 'result = 1' }] }], { dryRun: true })
  if (done.ok) {
    for (const f of done.files) console.log(f.path, f.action, f.diff, f.version?.sha256)
  } else {
    console.log(done.error.kind, done.error.message, done.failures.length)
  }
  const read: fe.TextFile = fe.readFile('calc.py')
  const written = fe.editFiles([{ path: 'calc.py', write: read.text, expectSha256: read.version.sha256 }])
  console.log(written.ok)
  const async: fe.Applied = await fe.applyAsync(source, 'return result', 'return result + 1')
  console.log(async.text)
}
void files

const parsed = fe.parse('<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n')
if (parsed.ok) {
  for (const change of parsed.changes) console.log(change.op, change.edits?.[0]?.old)
} else {
  console.log(parsed.error.message, parsed.error.line)
}

// The adapters keep their peers' signatures.
const replaced: string = fe.opencode.replace('a\n', 'a', 'b', false)
const multiple: string = fe.opencode.messages.multiple
fe.gemini
  .calculateReplacement({}, { currentContent: 'a\n', params: { file_path: 'f', old_string: 'a', new_string: 'b' }, abortSignal: new AbortController().signal })
  .then((r) => console.log(r.newContent, r.occurrences, r.strategy, r.matchRanges, r.refusal?.kind))
console.log(replaced, multiple, fe.version, fe.unifiedDiff('a\n', 'b\n', 'f.txt'))

// Line-addressed edits: a read with hashes, an edit by reference.
const hashed: string = fe.readHashes(source, { lines: '1:3' })
const byRef: fe.LinesApplied = fe.applyLineEdits(source, [{ op: 'replace', pos: hashed.split('|')[0], lines: ['def total(xs):'] }], {
  name: 'calc.py',
})
const followed: fe.Followed[] = byRef.followed
console.log(byRef.text, followed.length, byRef.diff)
