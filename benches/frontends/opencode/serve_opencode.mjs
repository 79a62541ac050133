// opencode's `replace` behind the JSON-lines protocol of `fuzzy-edit pipe`, so both engines are
// timed through a pipe alike: a request `{"id", "content", "old", "new"}` per line, an answer
// per line, `{"id", "ok": true, "result"}` with the whole new text or `{"id", "ok": false,
// "error": {"message"}}`. Started by side_by_side.mjs with the engine module it prepared:
//   node serve_opencode.mjs ENGINE_MODULE

import { pathToFileURL } from "node:url"

const modulePath = process.argv[2]
if (!modulePath) {
  console.error("usage: node serve_opencode.mjs ENGINE_MODULE (side_by_side.mjs starts it)")
  process.exit(2)
}
const { replace } = await import(pathToFileURL(modulePath).href)

function answer(line) {
  const request = JSON.parse(line)
  try {
    return { id: request.id, ok: true, result: replace(request.content, request.old, request.new) }
  } catch (e) {
    return { id: request.id, ok: false, error: { message: String(e?.message ?? e) } }
  }
}

// A request may arrive in many chunks (a 100k-line file is 3.4 MB): keep the pieces and join
// them once its newline arrives.
let pending = []
process.stdin.on("data", (chunk) => {
  let start = 0
  for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
    pending.push(chunk.subarray(start, nl))
    const line = Buffer.concat(pending).toString("utf8")
    pending = []
    start = nl + 1
    process.stdout.write(JSON.stringify(answer(line)) + "\n")
  }
  if (start < chunk.length) pending.push(chunk.subarray(start))
})
