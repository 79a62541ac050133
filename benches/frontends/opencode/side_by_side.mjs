// fuzzy-edit and opencode's edit engine side by side, in one run on one machine, on the
// front-end benchmark's corpus (`cargo run --release -p frontend-speed -- --write-corpus DIR`:
// generated Python files of 1k, 10k and 100k lines, four requests each).
//
// - fuzzy-edit: one long-lived `fuzzy-edit pipe`; per request, from its first byte written to
//   its answer's last byte read (as frontend-speed times it), the whole file as `content`.
// - opencode, pipe: its `replace` behind the same protocol in a long-lived Node process
//   (serve_opencode.mjs), timed the same way.
// - opencode, in-process: the `replace(content, old, new)` call itself.
//
// opencode's code is read from the user's checkout at run time (load_opencode.mjs). Every
// answer is checked before it counts: fuzzy-edit must apply with the corpus's `expected`
// strategy and produce the intended text, or refuse with its error kind; opencode's outcome is
// reported (applied by which replacer, and whether its text is the intended one, or refused),
// and its pipe and in-process answers must agree. Medians over --repeat requests after one
// warm-up request; one Markdown table. --stages adds a second table: the time of each replacer
// opencode runs on the largest file; --typo-variants adds two typo requests (requests.mjs).
//
//   node side_by_side.mjs --opencode OPENCODE_CHECKOUT --corpus DIR [--bin target/release/fuzzy-edit]
//        [--repeat N] [--sizes 1000,10000,100000] [--stages] [--typo-variants]

import { execFileSync, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { loadavg } from "node:os"
import { fileURLToPath } from "node:url"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { loadOpencode } from "./load_opencode.mjs"
import { readRequests } from "./requests.mjs"

const here = (p) => fileURLToPath(new URL(p, import.meta.url))
const USAGE =
  "usage: node side_by_side.mjs --opencode OPENCODE_CHECKOUT --corpus DIR [--bin PATH] [--repeat N] [--sizes 1000,10000,100000] [--stages] [--typo-variants]"

function parseArgs(argv) {
  const args = { bin: here("../../../target/release/fuzzy-edit"), repeat: 7, sizes: [1000, 10000, 100000], stages: false, typoVariants: false }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`)
      return argv[++i]
    }
    if (flag === "--opencode") args.opencode = value()
    else if (flag === "--corpus") args.corpus = value()
    else if (flag === "--bin") args.bin = value()
    else if (flag === "--repeat") args.repeat = Number(value())
    else if (flag === "--sizes") args.sizes = value().split(",").map(Number)
    else if (flag === "--stages") args.stages = true
    else if (flag === "--typo-variants") args.typoVariants = true
    else if (flag === "-h" || flag === "--help") throw new Error("")
    else throw new Error(`unknown argument ${JSON.stringify(flag)}`)
  }
  if (!args.opencode) throw new Error("--opencode is required: an opencode checkout (git clone https://github.com/anomalyco/opencode)")
  if (!args.corpus) throw new Error("--corpus is required: write one with `cargo run --release -p frontend-speed -- --write-corpus DIR`")
  if (!Number.isInteger(args.repeat) || args.repeat < 1) throw new Error("--repeat takes a positive number")
  if (args.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--sizes takes line counts separated by commas")
  if (!existsSync(args.bin)) throw new Error(`no binary at ${args.bin}: build it with \`cargo build --release -p fuzzy-edit-cli\`, or give --bin PATH`)
  for (const lines of args.sizes) {
    if (!existsSync(`${args.corpus}/module_${lines}.py`) || !existsSync(`${args.corpus}/edits_${lines}.json`)) {
      throw new Error(`${args.corpus} has no module_${lines}.py / edits_${lines}.json: write the corpus with frontend-speed --write-corpus`)
    }
  }
  return args
}

// This process both runs opencode's engine and reads the pipes' answers: a garbage collection
// left over from one measurement would delay the next one's answer. Collect before each
// measurement, untimed.
setFlagsFromString("--expose-gc")
const collectGarbage = runInNewContext("gc")

const now = () => process.hrtime.bigint()
const msSince = (t0) => Number(now() - t0) / 1e6
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const cell = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1))

/** A long-lived JSON-lines process: `ask` writes one request line and times its answer line. */
class LineServer {
  constructor(command, args) {
    this.proc = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] })
    this.pending = []
    this.waiting = null
    this.proc.on("exit", (code) => {
      if (this.waiting) this.waiting.reject(new Error(`${command} exited (${code}) before answering`))
    })
    this.proc.stdout.on("data", (chunk) => {
      // One request is in flight at a time, so a chunk holds at most one newline.
      const nl = chunk.indexOf(10)
      if (nl < 0) return void this.pending.push(chunk)
      this.pending.push(chunk.subarray(0, nl))
      const line = Buffer.concat(this.pending)
      this.pending = [chunk.subarray(nl + 1)]
      const waiting = this.waiting
      this.waiting = null
      waiting?.resolve(line)
    })
  }
  /** [ms from the first byte written to the answer's last byte read, the parsed answer] */
  ask(requestLine) {
    return new Promise((resolve, reject) => {
      const t0 = now()
      this.waiting = { resolve: (line) => resolve([msSince(t0), JSON.parse(line.toString("utf8"))]), reject }
      this.proc.stdin.write(requestLine)
    })
  }
  close() {
    this.proc.stdin.end()
  }
}

/** What is wrong with fuzzy-edit's answer to `request`; null when it is right. */
function wrongness(answer, request) {
  const { expected, intended } = request
  const got = () => JSON.stringify(answer).slice(0, 300)
  if (expected.refused) return answer.ok === false && answer.error?.kind === expected.refused ? null : `expected ${expected.refused}, got ${got()}`
  if (answer.ok !== true) return `expected the edit applied, got ${got()}`
  if (expected.applied !== "any strategy" && answer.matches?.[0]?.strategy !== expected.applied) return `expected ${expected.applied}, got ${got()}`
  if (answer.result !== intended) return `applied, but the text differs from the intended one from line ${firstDifferentLine(answer.result, intended)}`
  return null
}

/**
 * Which replacer of opencode's cascade applies `old`: the first whose candidate text occurs
 * exactly once in `content` (the rule `replace` follows when replaceAll is off), and the time
 * spent in each replacer up to it (earlier ones run to exhaustion).
 */
function stagesOf(opencode, content, old) {
  const stages = []
  for (const name of opencode.cascade) {
    const t0 = now()
    let unique = false
    for (const candidate of opencode.module[name](content, old)) {
      const at = content.indexOf(candidate)
      if (at >= 0 && at === content.lastIndexOf(candidate)) {
        unique = true
        break
      }
    }
    stages.push({ name, ms: msSince(t0) })
    if (unique) return { applied: name, stages }
  }
  return { applied: null, stages }
}

/** `stagesOf`, run `repeat` times: the median time of each replacer. */
function stageMedians(opencode, content, old, repeat) {
  const runs = Array.from({ length: repeat }, () => stagesOf(opencode, content, old))
  const stages = runs[0].stages.map(({ name }, i) => ({ name, ms: median(runs.map((r) => r.stages[i].ms)) }))
  return { applied: runs[0].applied, stages }
}

/** The 1-based number of the first line where two texts differ. */
function firstDifferentLine(a, b) {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return a.slice(0, i).split("\n").length
}

function describeOpencode({ inProcess, applied, intended }) {
  if (inProcess.refused !== undefined) return `refused: "${inProcess.refused.slice(0, 40)}…"`
  const by = applied ?? "an unidentified replacer"
  if (intended === undefined) return `applied (${by}) where nothing should be`
  if (inProcess.result === intended) return `applied (${by}), the intended text`
  const extra = inProcess.result.split("\n").length - intended.split("\n").length
  const count = extra ? `, ${Math.abs(extra)} line(s) ${extra > 0 ? "more" : "fewer"}` : ""
  return `applied (${by}), text differs from the intended one from line ${firstDifferentLine(inProcess.result, intended)}${count}`
}

async function main() {
  let args
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (e) {
    if (e.message) console.error(`side_by_side: ${e.message}`)
    console.error(USAGE)
    process.exit(2)
  }
  const opencode = await loadOpencode(args.opencode)
  const version = execFileSync(args.bin, ["--version"], { encoding: "utf8" }).trim()
  const ours = new LineServer(args.bin, ["pipe"])
  const theirs = new LineServer(process.execPath, [here("./serve_opencode.mjs"), opencode.modulePath])
  const loadBefore = loadavg()
  let failures = 0

  console.log(`fuzzy-edit: ${args.bin} (${version}), \`pipe\``)
  console.log(`opencode: ${opencode.file} (commit ${opencode.commit ?? "unknown: not a git checkout"}, sha256 ${opencode.sha256.slice(0, 16)}…), ${opencode.lines} lines cut out, cascade ${opencode.cascade.join(" → ")}`)
  console.log(`node ${process.version}; median of ${args.repeat} requests after one warm-up, ms; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} at the start\n`)
  console.log("| request | lines | fuzzy-edit `pipe` | opencode, pipe | opencode, in-process | opencode pipe ÷ fuzzy-edit pipe | fuzzy-edit | opencode |")
  console.log("|---|---:|---:|---:|---:|---:|---|---|")

  const largest = Math.max(...args.sizes)
  const stageRows = []
  for (const lines of args.sizes) {
    const { content, requests } = readRequests(args.corpus, lines, { typoVariants: args.typoVariants })
    for (const edit of requests) {
      const request = Buffer.from(JSON.stringify({ id: 1, content, old: edit.old, new: edit.new }) + "\n")
      const times = { ours: [], piped: [], inProcess: [] }
      let oursAnswer, pipedAnswer, inProcess
      for (let i = 0; i <= args.repeat; i++) {
        collectGarbage()
        const [oursMs, a] = await ours.ask(request)
        collectGarbage()
        const [pipedMs, b] = await theirs.ask(request)
        collectGarbage()
        const t0 = now()
        try {
          inProcess = { result: opencode.module.replace(content, edit.old, edit.new) }
        } catch (e) {
          inProcess = { refused: String(e?.message ?? e) }
        }
        const inProcessMs = msSince(t0)
        ;[oursAnswer, pipedAnswer] = [a, b]
        if (i > 0) {
          times.ours.push(oursMs)
          times.piped.push(pipedMs)
          times.inProcess.push(inProcessMs)
        }
      }
      const wrong = wrongness(oursAnswer, edit)
      const pipeAgrees = pipedAnswer.ok ? pipedAnswer.result === inProcess.result : inProcess.refused !== undefined
      const { applied } = stagesOf(opencode, content, edit.old)
      if (args.stages && lines === largest) stageRows.push({ kind: edit.kind, ...stageMedians(opencode, content, edit.old, args.repeat) })
      let theirOutcome = describeOpencode({ inProcess, applied, intended: edit.intended })
      if (!pipeAgrees) theirOutcome += `; WRONG: the pipe answered ${JSON.stringify(pipedAnswer).slice(0, 200)}`
      if (wrong || !pipeAgrees) failures++
      const oursOutcome = wrong ? `WRONG: ${wrong}` : oursAnswer.ok ? `applied (${oursAnswer.matches[0].strategy}), the intended text` : `refused (${oursAnswer.error.kind})`
      const [o, p, q] = [median(times.ours), median(times.piped), median(times.inProcess)]
      console.log(`| ${edit.kind} | ${lines / 1000}k | ${cell(o)} | ${cell(p)} | ${cell(q)} | ${(p / o).toFixed(1)}× | ${oursOutcome} | ${theirOutcome} |`)
    }
  }
  ours.close()
  theirs.close()
  console.log(`\nload average ${loadavg().map((l) => l.toFixed(2)).join(" ")} at the end`)

  if (args.stages) {
    // Where opencode's time goes: each replacer's median over --repeat runs.
    console.log(`\nopencode in-process on the ${largest / 1000}k-line file, ms per replacer in cascade order (— : not reached; * : applies the edit)\n`)
    console.log(`| replacer | ${stageRows.map((r) => r.kind).join(" | ")} |`)
    console.log(`|---|${stageRows.map(() => "---:").join("|")}|`)
    for (const name of opencode.cascade) {
      const cells = stageRows.map((r) => {
        const stage = r.stages.find((s) => s.name === name)
        return stage ? `${cell(stage.ms)}${r.applied === name ? " *" : ""}` : "—"
      })
      console.log(`| ${name} | ${cells.join(" | ")} |`)
    }
    console.log(`| sum | ${stageRows.map((r) => cell(r.stages.reduce((s, x) => s + x.ms, 0))).join(" | ")} |`)
  }
  opencode.cleanup()
  if (failures) {
    console.error(`side_by_side: ${failures} request(s) answered wrongly (see the table)`)
    process.exit(1)
  }
}

main().catch((e) => {
  console.error(`side_by_side: ${e.message}`)
  process.exit(1)
})
