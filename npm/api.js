'use strict'
// fuzzy-edit for Node.js: the public API over the native addon (native/, built by
// `napi build`). The addon answers plain objects with the pipe's field names (docs/json.md);
// this layer adds the throwing `apply`, the `FuzzyEditError` class and lazy diffs. index.js
// hands it on with the drop-in adapters, which are built on it.

const native = require('./native/index.js')

/** A refusal (or a file error) thrown by the throwing calls; `details` is the plain refusal. */
class FuzzyEditError extends Error {
  constructor(details) {
    const d = details && typeof details === 'object' ? details : { kind: 'edit_error', message: String(details) }
    super(d.message || d.kind || 'edit refused')
    this.name = 'FuzzyEditError'
    /** The refusal as the engine reports it: kind, message, closest, candidates, ... */
    this.details = d
    /** The engine's stable snake_case name: not_found, ambiguous, file_not_found, ... */
    this.kind = d.kind || 'edit_error'
    /** 0-based index of the edit in its list, when the refusal is about one of several. */
    this.edit = typeof d.edit === 'number' ? d.edit : undefined
    /** The file concerned (file calls). */
    this.path = typeof d.path === 'string' ? d.path : undefined
  }

  /** For not_found: the most similar fragment (lines, similarity, text, diff). */
  get closest() {
    return this.details.closest
  }

  /** For ambiguous: the places old matched (lines, preview, score). */
  get candidates() {
    return Array.isArray(this.details.candidates) ? this.details.candidates : []
  }
}

/** Adds `diff`, computed on first read (a 100k-line diff costs more than the edit itself). */
function withDiff(result, before, after, path) {
  let diff
  Object.defineProperty(result, 'diff', {
    enumerable: true,
    get() {
      if (diff === undefined) diff = after == null ? '' : native.unifiedDiff(before, after, path)
      return diff
    },
  })
  return result
}

function editInput(old, replacement, options) {
  const o = options || {}
  return { old, new: replacement, replaceAll: Boolean(o.replaceAll), anchor: o.anchor ?? undefined }
}

function engineOptions(o) {
  return {
    mode: o.mode,
    timeLimitMs: o.timeLimitMs,
    maxRequestBytes: o.maxRequestBytes,
    syntax: o.syntax,
    language: o.language,
    name: o.name,
  }
}

function checkString(value, what) {
  if (typeof value !== 'string') throw new TypeError(`${what} must be a string, not ${value === null ? 'null' : typeof value}`)
}

function applied(content, report, name) {
  if (report.text === null) {
    const failures = report.failures.length ? report.failures : [{ kind: 'edit_error', message: 'edit refused' }]
    const details = { ...failures[failures.length - 1] }
    delete details.edit
    throw new FuzzyEditError(details)
  }
  return withDiff(
    { text: report.text, matches: report.matches, matches_total: report.matches_total, warnings: report.warnings },
    content,
    report.text,
    name || 'code',
  )
}

/**
 * Replace `old` with `new` in `content`, where the model meant it; throws a FuzzyEditError
 * (kind not_found, ambiguous, ...) when the edit is refused.
 */
function apply(content, old, replacement, options) {
  checkString(content, 'content')
  const o = options || {}
  const report = native.applyEdits(content, [editInput(old, replacement, o)], engineOptions({ ...o, mode: 'atomic' }))
  return applied(content, report, o.name)
}

/** `apply` off the event loop (libuv's thread pool): for large files. */
async function applyAsync(content, old, replacement, options) {
  checkString(content, 'content')
  const o = options || {}
  const report = await native.applyEditsAsync(content, [editInput(old, replacement, o)], engineOptions({ ...o, mode: 'atomic' }))
  return applied(content, report, o.name)
}

function editsReport(content, report, name) {
  const out = {
    ok: report.text !== null && report.failures.length === 0,
    text: report.text,
    matches: report.matches,
    matches_total: report.matches_total,
    failures: report.failures,
    sequential: report.sequential,
    warnings: report.warnings,
  }
  return withDiff(out, content, report.text, name || 'code')
}

function nativeEdits(edits) {
  if (!Array.isArray(edits)) throw new TypeError('edits must be an array of {old, new, replaceAll?, anchor?}')
  return edits.map((e) => editInput(e.old, e.new, e))
}

/**
 * Several edits on one text as one transaction; never throws for a refusal. `mode: "atomic"`
 * (default): all or nothing, `text` null when any edit is refused; `"partial"`: what succeeds,
 * refused edits in `failures`.
 */
function applyEdits(content, edits, options) {
  checkString(content, 'content')
  const o = options || {}
  return editsReport(content, native.applyEdits(content, nativeEdits(edits), engineOptions(o)), o.name)
}

/** `applyEdits` off the event loop. */
async function applyEditsAsync(content, edits, options) {
  checkString(content, 'content')
  const o = options || {}
  return editsReport(content, await native.applyEditsAsync(content, nativeEdits(edits), engineOptions(o)), o.name)
}

/** Whether `e` is a line-addressed edit (`{op, pos, end?, lines}`), as hashline tools send in `edits`. */
function isLineEdit(e) {
  return e !== null && typeof e === 'object' && 'op' in e
}

function fileInputs(files) {
  if (!Array.isArray(files)) throw new TypeError('files must be an array of {path, edits | lineEdits | create | write | delete}')
  return files.map((f) => {
    let { edits, lineEdits } = f
    // Hashline tools send their line edits as `edits`: taken as lineEdits when all are.
    if (Array.isArray(edits) && edits.length > 0 && edits.every(isLineEdit) && lineEdits === undefined) {
      lineEdits = edits
      edits = undefined
    } else if (Array.isArray(edits) && edits.some(isLineEdit)) {
      throw new TypeError(`${f.path}: edits mixes line edits ({op, pos, lines}) with search/replace ones ({old, new}); send the line edits as lineEdits`)
    }
    return fileInput(f, edits, lineEdits)
  })
}

function fileInput(f, edits, lineEdits) {
  if (lineEdits !== undefined && !Array.isArray(lineEdits)) throw new TypeError(`${f.path}: lineEdits must be an array of {op, pos, end?, lines}`)
  return {
    path: f.path,
    edits: edits === undefined ? undefined : nativeEdits(edits),
    lineEdits,
    create: f.create,
    write: f.write,
    delete: f.delete,
    expectSha256: f.expectSha256,
    expectMtime: f.expectMtime,
  }
}

function fileOptions(o) {
  return { ...engineOptions(o), name: undefined, dryRun: o.dryRun, maxBytes: o.maxBytes, base: o.base }
}

/**
 * Edit, create, write or delete files with the command line tool's safety (the library's
 * `fs::edit_files`): regular UTF-8 text files only, each directory locked from the read to the
 * rename, atomic writes that keep permissions, `expectSha256`/`expectMtime` checked; in atomic
 * mode every file is written or none. A file's `lineEdits` (`{op, pos, end?, lines}`, references
 * from `readHashes` of the file as read; also taken from `edits` when every edit has `op`) apply
 * all on that text and all or none, before its search/replace `edits`; the report numbers them
 * first. Returns `{ok: true, files, attempts}` or `{ok: false,
 * error, failures}`; never throws for a refusal.
 */
function editFiles(files, options) {
  return native.editFiles(fileInputs(files), fileOptions(options || {}))
}

/** `editFiles` off the event loop. */
function editFilesAsync(files, options) {
  return native.editFilesAsync(fileInputs(files), fileOptions(options || {}))
}

/** Read a text file as `editFiles` would: `{text, version: {mtime, len, sha256}}`; throws a FuzzyEditError (file_not_found, binary, not_utf8, too_large, ...). */
function readFile(path, options) {
  const o = options || {}
  const report = native.readFile(path, o.maxBytes)
  if (!report.ok) throw new FuzzyEditError(report.error)
  return { path, text: report.text, version: report.version }
}

/**
 * Read a model's answer in any supported edit format (JSON edits, SEARCH/REPLACE blocks,
 * *** Begin Patch, unified diff), or the one named: `{ok: true, format, changes, ...}` or
 * `{ok: false, error: {kind, message, line}}`.
 */
function parse(text, format) {
  checkString(text, 'text')
  return native.parse(text, format ?? undefined)
}

/** `parse` that throws a FuzzyEditError (kind empty, unrecognized or malformed, with `line`) when the answer is not edits. */
function parseEdits(text, format) {
  const parsed = parse(text, format)
  if (!parsed.ok) throw new FuzzyEditError(parsed.error)
  return parsed
}

/** A unified diff (3 lines of context) from `before` to `after`. */
function unifiedDiff(before, after, path) {
  return native.unifiedDiff(before, after, path ?? 'code')
}

// Lazy snippets (`new` that elides unchanged code) are being added to the engine separately;
// once merged they join here as functions beside `applyEdits`, with their options in
// index.d.ts, on the same native boundary (src/request.rs).

/**
 * `content` as a read with hashes shows it (docs/line-refs.md): each line as
 * `{line}#{ID}|{text}`, joined with '\n'; only `options.lines` ("A:B", "A:", ":B") when given.
 */
function readHashes(content, options) {
  checkString(content, 'content')
  const o = options || {}
  return native.readHashes(content, { lines: o.lines ?? undefined }).result
}

/**
 * Apply line-addressed edits (`{op, pos, end?, lines}`, references from `readHashes`) to
 * `content`, all or none: `{text, matches, matches_total, warnings, followed, diff}`. Throws a
 * FuzzyEditError (kind stale_reference, overlapping_edits, bad_reference, syntax, ...) when the
 * edits are refused; the content is then unchanged.
 */
function applyLineEdits(content, edits, options) {
  checkString(content, 'content')
  if (!Array.isArray(edits)) throw new TypeError('edits must be an array of {op, pos, end?, lines}')
  const o = options || {}
  const report = native.applyLineEdits(content, edits, {
    lineNumbers: o.lineNumbers,
    syntax: o.syntax,
    language: o.language,
    name: o.name,
    maxRequestBytes: o.maxRequestBytes,
  })
  if (report.text === null) {
    const failures = report.failures.length ? report.failures : [{ kind: 'edit_error', message: 'line edits refused' }]
    throw new FuzzyEditError(failures[0])
  }
  return withDiff(
    { text: report.text, matches: report.matches, matches_total: report.matches_total, warnings: report.warnings, followed: report.followed },
    content,
    report.text,
    o.name || 'code',
  )
}

/**
 * Merge a lazy snippet (the changed code, unchanged parts as `// ... existing code ...`
 * markers) into `content`; throws a FuzzyEditError (kind snippet_unplaced, naming the piece and
 * why) when a piece's place is unclear. `options.name` gives the language and comment syntax.
 */
function applySnippet(content, snippet, options) {
  checkString(content, 'content')
  checkString(snippet, 'snippet')
  const o = options || {}
  return applied(content, native.applySnippet(content, snippet, o.name ?? null), o.name)
}

/**
 * Check `merged`, a merge of `snippet` into `original` made elsewhere (by an apply model):
 * `{ok: true}`, or `{ok: false, message, findings, findings_total}`, each finding with its
 * `kind`, `merged_line`, `file_line`, `snippet_line` and `text` (docs/snippets.md).
 */
function verifySnippet(original, snippet, merged, options) {
  checkString(original, 'original')
  checkString(snippet, 'snippet')
  checkString(merged, 'merged')
  const o = options || {}
  return native.verifySnippet(original, snippet, merged, o.name ?? null)
}

module.exports = {
  version: native.version(),
  applySnippet,
  verifySnippet,
  FuzzyEditError,
  apply,
  applyAsync,
  applyEdits,
  applyEditsAsync,
  editFiles,
  editFilesAsync,
  readFile,
  parse,
  parseEdits,
  unifiedDiff,
  readHashes,
  applyLineEdits,
}
