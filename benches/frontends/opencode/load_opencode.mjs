// Loads opencode's edit engine from the user's own opencode checkout at run time: the part of
// `packages/opencode/src/tool/edit.ts` from `export type Replacer` to the end of
// `export function replace` (the replacer cascade and `replace`; no imports, no I/O) is cut
// out, type-stripped by esbuild and imported from a temporary directory. None of opencode's
// code is kept in this repository.

import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { transform } from "esbuild"

const EDIT_TS = join("packages", "opencode", "src", "tool", "edit.ts")
const START = "export type Replacer"
const REPLACE = "export function replace("

/** `path` is an opencode checkout or its edit.ts; returns the file's path. */
export function editTsOf(path) {
  if (!existsSync(path)) throw new Error(`${path} does not exist: give an opencode checkout or its ${EDIT_TS}`)
  const file = statSync(path).isDirectory() ? join(path, EDIT_TS) : path
  if (!existsSync(file)) throw new Error(`no ${EDIT_TS} under ${path}: is it an opencode checkout?`)
  return file
}

/** The source from `export type Replacer` through the closing brace of `replace`. */
export function cutEngine(source, file) {
  const start = source.indexOf(START)
  const fn = source.indexOf(REPLACE)
  if (start < 0 || fn < start) {
    throw new Error(`${file} has no "${START}" followed by "${REPLACE}": this opencode version is laid out differently`)
  }
  // opencode is formatted by prettier: a top-level function ends at the first "}" in column 0.
  const end = source.indexOf("\n}", fn)
  if (end < 0) throw new Error(`${file}: no closing brace after "${REPLACE}"`)
  return source.slice(start, end + 2) + "\n"
}

/** The replacers `replace` tries, in its order (the array its loop walks). */
export function cascadeOf(engine) {
  const body = engine.slice(engine.indexOf(REPLACE))
  const list = body.match(/for\s*\(\s*const\s+\w+\s+of\s*\[([^\]]*)\]/)
  return list ? list[1].split(",").map((s) => s.trim()).filter(Boolean) : []
}

/** The git commit of the checkout holding `file`, if it is one. */
function commitOf(file) {
  try {
    return execFileSync("git", ["-C", join(file, ".."), "rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
  } catch {
    return null
  }
}

/**
 * Cut, transpile and import opencode's engine. Returns the module (its `replace` and each
 * exported replacer), the module file (for a child process to import), the cascade order and
 * where the code came from; `cleanup()` removes the temporary directory.
 */
export async function loadOpencode(path) {
  const file = editTsOf(path)
  const source = readFileSync(file, "utf8")
  const engine = cutEngine(source, file)
  const { code } = await transform(engine, { loader: "ts", format: "esm", target: "node20" })
  const dir = mkdtempSync(join(tmpdir(), "opencode-engine-"))
  const modulePath = join(dir, "engine.mjs")
  writeFileSync(modulePath, code)
  const module = await import(pathToFileURL(modulePath).href)
  if (typeof module.replace !== "function") throw new Error(`${file}: the cut-out code exports no replace()`)
  const cascade = cascadeOf(engine)
  const missing = cascade.filter((name) => typeof module[name] !== "function")
  if (missing.length) throw new Error(`${file}: replace() names replacers that are not exported: ${missing.join(", ")}`)
  return {
    module,
    modulePath,
    cascade,
    file,
    commit: commitOf(file),
    sha256: createHash("sha256").update(source).digest("hex"),
    lines: engine.split("\n").length - 1,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}
