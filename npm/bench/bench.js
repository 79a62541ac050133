'use strict'
// A 100k-line edit through the binding (apply, applyAsync) against the library in-process
// (examples/inprocess.rs, the same engine call without JavaScript). Prints one table row per
// case: median milliseconds per call and the ratio binding / library. A benchmark, not a test.
//
//   npm run bench            (builds the example with cargo --release first)
//   node bench/bench.js 30   (iterations per case; default 20)

const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const fe = require('..')

const n = Number(process.argv[2] || 20)
const LINES = 100000

// A Rust-like file: functions of 10 lines, 4-space bodies (as crates/fuzzy-edit/benches/speed.rs).
function file() {
  const out = []
  for (let i = 0; out.length < LINES; i++) {
    out.push(`fn handler_${i}(input: &Request) -> Result<Response, Error> {`)
    out.push(`    let value_${i} = input.field_${i % 97}()?;`)
    out.push(`    if value_${i} > ${i % 1000} {`)
    out.push(`        log::debug!("handler ${i}: {}", value_${i});`)
    out.push(`        return Err(Error::TooLarge(value_${i}));`)
    out.push('    }')
    out.push(`    let total = value_${i} * ${(i % 7) + 2};`)
    out.push(`    Ok(Response::new(total + ${i}))`)
    out.push('}')
    out.push('')
  }
  return out.slice(0, LINES).join('\n') + '\n'
}

const text = file()
const mid = 5000 // the function in the middle of the file
const cases = [
  ['exact', `    let total = value_${mid} * ${(mid % 7) + 2};`, `    let total = value_${mid} * 10;`],
  [
    'indentation drift',
    `if value_${mid} > ${mid % 1000} {\n    log::debug!("handler ${mid}: {}", value_${mid});`,
    `if value_${mid} > ${mid % 1000} {\n    log::info!("handler ${mid}: {}", value_${mid});`,
  ],
  ['absent (refused)', '    let missing_binding = compute_everything(now);', '    let x = 1;'],
]

function median(times) {
  const s = [...times].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

function timeSync(fn) {
  fn()
  const times = []
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint()
    fn()
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  return median(times)
}

async function timeAsync(fn) {
  await fn()
  const times = []
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint()
    await fn()
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  return median(times)
}

function quiet(fn) {
  return () => {
    try {
      return fn()
    } catch (err) {
      if (!(err instanceof fe.FuzzyEditError)) throw err
    }
  }
}

async function main() {
  const manifest = path.join(__dirname, '..', 'Cargo.toml')
  // `napi build --platform` builds for the host triple named explicitly (target/<triple>/);
  // the example is built the same way so it reuses those artifacts.
  const host = /^host: (\S+)$/m.exec(execFileSync('rustc', ['-vV'], { encoding: 'utf8' }))[1]
  execFileSync('cargo', ['build', '--release', '--quiet', '--target', host, '--example', 'inprocess', '--manifest-path', manifest], { stdio: 'inherit' })
  const example = path.join(__dirname, '..', 'target', host, 'release', 'examples', 'inprocess')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzzy-edit-bench-'))
  console.log(`${LINES} lines, ${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB, median of ${n} calls, ms`)
  console.log('| case | outcome | library in-process | binding `apply` | binding `applyAsync` | apply ÷ library |')
  console.log('|---|---|---|---|---|---|')
  try {
    for (const [name, old, neu] of cases) {
      fs.writeFileSync(path.join(dir, 'text.txt'), text)
      fs.writeFileSync(path.join(dir, 'old.txt'), old)
      fs.writeFileSync(path.join(dir, 'new.txt'), neu)
      const lib = JSON.parse(execFileSync(example, [dir, String(n)], { encoding: 'utf8' }))
      const sync = timeSync(quiet(() => fe.apply(text, old, neu)))
      const asyncMs = await timeAsync(() => fe.applyAsync(text, old, neu).catch((err) => {
        if (!(err instanceof fe.FuzzyEditError)) throw err
      }))
      const ratio = sync / lib.median_ms
      console.log(`| ${name} | ${lib.outcome} | ${lib.median_ms.toFixed(2)} | ${sync.toFixed(2)} | ${asyncMs.toFixed(2)} | ${ratio.toFixed(2)} |`)
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
