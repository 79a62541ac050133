// The requests of one file of the front-end corpus (`frontend-speed --write-corpus DIR`), each
// with the text an applied edit must produce, and two optional variants of its typo request.

import { readFileSync } from "node:fs"

const TYPO = "typo in a middle line"

/** `text` with its single occurrence of `old` replaced by `new` (no `$` patterns). */
function spliced(text, old, new_) {
  const at = text.indexOf(old)
  if (at < 0 || at !== text.lastIndexOf(old)) throw new Error("the corpus's exact request does not occur exactly once in its file")
  return text.slice(0, at) + new_ + text.slice(at + old.length)
}

/**
 * The file and its requests `{kind, old, new, expected, intended}`. Every applied request of
 * the corpus makes the change its exact request makes (one line of one function), so
 * `intended`, the text a correct edit produces, is the exact request spliced in.
 */
export function readRequests(corpus, lines, { typoVariants = false } = {}) {
  const content = readFileSync(`${corpus}/module_${lines}.py`, "utf8")
  const requests = JSON.parse(readFileSync(`${corpus}/edits_${lines}.json`, "utf8"))
  const exact = requests.find((r) => r.kind === "exact")
  if (!exact) throw new Error(`${corpus}/edits_${lines}.json has no exact request`)
  const intended = spliced(content, exact.old, exact.new)
  for (const r of requests) if (r.expected.applied) r.intended = intended
  if (typoVariants) requests.push(...variantsOfTypo(content, requests, intended))
  return { content, requests }
}

/** Which line of `a` differs from the line at the same place in `b` (exactly one must). */
function onlyChangedLine(a, b, what) {
  const changed = a.map((line, i) => i).filter((i) => a[i] !== b[i])
  if (changed.length !== 1) throw new Error(`${what}: expected one changed line, found ${changed.length}; has the corpus changed?`)
  return changed[0]
}

/**
 * Two typo requests the corpus does not have, for where opencode's time goes: the corpus's
 * typo request (a function from its `def` line to its `log.debug` line, one character off in
 * the `for` line) (a) with its first line mistyped too, so no first line anchors the block, and
 * (b) moved down two lines, from `total = 0` to `return total`: lines every function of the
 * file has. `new` keeps the model's lines and makes the exact request's change, as in the
 * corpus; a correct edit still produces `intended`.
 */
function variantsOfTypo(content, requests, intended) {
  const typo = requests.find((r) => r.kind === TYPO)
  const exact = requests.find((r) => r.kind === "exact")
  if (!typo) throw new Error(`the corpus has no "${TYPO}" request`)
  const fileLines = content.split("\n")
  // The lines of `old` and `new`, each ending in a newline.
  const linesOf = (text) => text.replace(/\n$/, "").split("\n")
  const [oldLines, newLines] = [linesOf(typo.old), linesOf(typo.new)]
  const start = fileLines.indexOf(oldLines[0])
  if (start < 0) throw new Error("the typo request's first line is not in the file; has the corpus changed?")
  const typoLine = onlyChangedLine(oldLines, fileLines.slice(start, start + oldLines.length), "the typo request against the file")
  onlyChangedLine(oldLines, newLines, "the typo request's old against its new")
  const [exactOld, exactNew] = [linesOf(exact.old), linesOf(exact.new)]
  const exactLine = onlyChangedLine(exactOld, exactNew, "the exact request")

  const firstMistyped = [oldLines, newLines].map((ls) => [ls[0].replace("request", "reqest"), ...ls.slice(1)].join("\n") + "\n")
  if (firstMistyped[0] === typo.old) throw new Error("the typo request's first line has no \"request\"; has the corpus changed?")

  // Lines start+2 … start+8 of the function: `total = 0` to `return total`, the typo kept.
  const block = fileLines.slice(start + 2, start + 9)
  if (block[0]?.trim() !== "total = 0" || block[6]?.trim() !== "return total" || typoLine < 3 || typoLine > 7) {
    throw new Error("the typo request's function is not laid out as this script expects; has the corpus changed?")
  }
  block[typoLine - 2] = oldLines[typoLine]
  const commonOld = block.join("\n") + "\n"
  if (!commonOld.includes(exactOld[exactLine] + "\n")) throw new Error("the moved typo request lacks the exact request's changed line")
  const commonNew = commonOld.replace(exactOld[exactLine] + "\n", exactNew[exactLine] + "\n")

  const expected = { applied: "any strategy" }
  return [
    { kind: "typo, first line mistyped too", old: firstMistyped[0], new: firstMistyped[1], expected, intended },
    { kind: "typo, block from `total = 0` to `return total`", old: commonOld, new: commonNew, expected, intended },
  ]
}
