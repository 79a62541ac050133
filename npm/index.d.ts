// Types of the fuzzy-edit npm package (index.js). Field names of results and refusals are the
// pipe's (docs/json.md, docs/schema/result-v1.json); option names are camelCased.

/** Where one replacement was made and how `old` was found. */
export interface Match {
  /** 0-based index of the edit in its list. */
  edit: number
  /** The strategy that matched: "exact", "indentation", "line_prefixes", ... */
  strategy: string
  /** How well `old` matched, 1.0 at the strategy's level. */
  score: number
  /** First line replaced, 1-based. */
  start_line: number
  /** Last line replaced, 1-based, inclusive. */
  end_line: number
  /**
   * Where the file's lines differ from `old` beyond the habits the engine sees through
   * (indentation, spacing, line endings, blank lines, curly quotes, a read tool's line numbers):
   * the first 5 places, in file order. Absent when `old` differed only in habits.
   */
  differences?: Difference[]
  /** How many places differ, listed in `differences` or not; with `differences`. */
  differences_total?: number
}

/** A place where the file differs from what `old` had there (a match's `differences`). */
export interface Difference {
  /** The first of the file's lines here, 1-based; where `file` is empty, the line `old`'s lines would stand before. */
  line: number
  /** The file's lines here, as they stand (empty when `old` had lines the file lacks). */
  file: string[]
  /** What `old` had in their place (empty when the file has lines `old` left out). */
  old: string[]
}

/** A place `old` matched, listed by an `ambiguous` refusal. */
export interface Candidate {
  start_line: number
  end_line: number
  preview?: string
  score?: number
  [detail: string]: unknown
}

/** The most similar part of the text, shown by a `not_found` refusal. */
export interface Closest {
  start_line?: number
  end_line?: number
  similarity?: number
  text?: string
  diff?: string
  [detail: string]: unknown
}

/** The engine's refusal kinds (docs/json.md); a newer engine may add others. */
export type EditErrorKind =
  | 'empty_old'
  | 'no_change'
  | 'not_found'
  | 'already_applied'
  | 'ambiguous'
  | 'low_confidence'
  | 'content_mismatch'
  | 'whitespace_only'
  | 'anchor_not_found'
  | 'anchor_ambiguous'
  | 'not_found_after_anchor'
  | 'unclear_elision'
  | 'syntax'
  | 'conflict'
  | 'too_complex'
  | 'request_too_large'
  | 'stale_reference'
  | 'overlapping_edits'
  | 'bad_reference'

/** The file error kinds (fuzzy_edit::fs::FsError::kind and the request's own). */
export type FileErrorKind =
  | 'file_not_found'
  | 'is_directory'
  | 'binary'
  | 'not_utf8'
  | 'too_large'
  | 'stale'
  | 'outside'
  | 'not_a_directory'
  | 'not_regular'
  | 'hard_links'
  | 'read_only'
  | 'metadata_not_kept'
  | 'io'
  | 'already_exists'
  | 'not_allowed'
  | 'rollback_failed'

/** A refusal as a plain object: `kind`, the model-facing `message`, and the engine's details. */
export interface Refusal {
  kind: EditErrorKind | FileErrorKind | (string & {})
  /** What went wrong and what to send instead, written for the model. */
  message: string
  /** 0-based index of the refused edit in its list. */
  edit?: number
  /** The file concerned (file calls). */
  path?: string
  /** not_found: the most similar fragment. */
  closest?: Closest
  /** ambiguous: the first places old matched, and how many there were. */
  candidates?: Candidate[]
  candidates_total?: number
  [detail: string]: unknown
}

/** Thrown by `apply`, `applyAsync`, `readFile`, `parseEdits` and the adapters. */
export declare class FuzzyEditError extends Error {
  constructor(details: Refusal)
  readonly name: 'FuzzyEditError'
  /** The refusal as a plain object. */
  readonly details: Refusal
  readonly kind: Refusal['kind']
  readonly edit: number | undefined
  readonly path: string | undefined
  readonly closest: Closest | undefined
  readonly candidates: Candidate[]
  /** The adapters: fuzzy-edit's own message, where `message` is the peer's. */
  feedback?: string
}

/** The limits and checks of a call: the pipe's request options. */
export interface EngineOptions {
  /** Give up finding the edits after this many milliseconds (refused as too_complex). */
  timeLimitMs?: number
  /** Refuse a request (text and edits, UTF-8 bytes) larger than this (request_too_large); default 64 MiB. */
  maxRequestBytes?: number
  /** What an edit that adds a syntax error gets; default "auto". */
  syntax?: 'auto' | 'strict' | 'warn' | 'off'
  /** The language to check syntax in ("python", "rust", ...); default: from `name`. */
  language?: string
}

export interface ApplyOptions extends EngineOptions {
  /** Replace every occurrence instead of requiring exactly one. */
  replaceAll?: boolean
  /** Text occurring once before the occurrence meant. */
  anchor?: string
  /** The file's name: its extension gives the language, prose or code, conventions. */
  name?: string
}

/** The result of `apply`. */
export interface Applied {
  /** The text after the edit. */
  text: string
  /** One entry per replacement, in text order (the first 1000, as the pipe lists them). */
  matches: Match[]
  /** How many replacements were made. */
  matches_total: number
  /** Syntax errors let through (syntax "warn", or an edit exactly as asked). */
  warnings: unknown[]
  /** A unified diff of the change (computed on first read). */
  readonly diff: string
}

/** One edit of a list. */
export interface EditSpec {
  old: string
  new: string
  replaceAll?: boolean
  anchor?: string
}

export interface ApplyEditsOptions extends EngineOptions {
  /** "atomic" (default): all or nothing; "partial": what succeeds. */
  mode?: 'atomic' | 'partial'
  name?: string
}

/** The result of `applyEdits`: never thrown. */
export interface EditsResult {
  /** Every edit applied. */
  ok: boolean
  /** The edited text, or null when nothing was applied. */
  text: string | null
  /** The first 1000 replacements, in text order. */
  matches: Match[]
  matches_total: number
  /** The refused edits (each with its `edit` index). */
  failures: Refusal[]
  /** The edits were found one after another (each in the text left by the previous ones). */
  sequential: boolean
  warnings: unknown[]
  /** A unified diff of the change, '' when nothing was applied (computed on first read). */
  readonly diff: string
}

/** One file of `editFiles`: its path and exactly one operation (`edits` and `lineEdits` may go together). */
export interface FileSpec {
  path: string
  /** Search/replace edits; line edits (`{op, pos, lines}`) here are taken as `lineEdits` when every edit is one. */
  edits?: EditSpec[] | LineEditSpec[]
  /** Line-addressed edits with references from `readHashes` of the file as read: all or none, applied before `edits`. */
  lineEdits?: LineEditSpec[]
  create?: string
  write?: string
  delete?: boolean
  /** The file must still have this SHA-256 (from `readFile`), or nothing is written (stale). */
  expectSha256?: string
  /** Always refused as `stale`: two writes within one timestamp tick share an mtime, so it cannot prove a version. Use `expectSha256`. */
  expectMtime?: string
}

export interface EditFilesOptions extends EngineOptions {
  /** "atomic" (default): every file or none; "partial": the files whose edits all apply. */
  mode?: 'atomic' | 'partial'
  /** Plan and report, write nothing. */
  dryRun?: boolean
  /** The largest file read, in bytes; default 256 MiB. */
  maxBytes?: number
  /** What relative paths are relative to; default the current directory. */
  base?: string
}

export interface FileVersion {
  /** Modification time, "seconds.nanoseconds" since the Unix epoch. */
  mtime: string
  /** Length in bytes. */
  len: number
  /** SHA-256 of the bytes, lowercase hex. */
  sha256: string
}

export interface FileResult {
  /** The file as named in the request. */
  path: string
  action: 'edit' | 'create' | 'write' | 'delete'
  /** Content before (null: no file). */
  before: string | null
  /** Content after (null: deleted). */
  after: string | null
  diff: string
  matches: Match[]
  matches_total: number
  failures: Refusal[]
  sequential: boolean
  warnings: unknown[]
  /** The version now on disk (null when deleted). */
  version: FileVersion | null
}

export type EditFilesResult =
  | { ok: true; files: FileResult[]; attempts: number }
  | { ok: false; error: Refusal; failures: Refusal[] }

export interface TextFile {
  path: string
  text: string
  version: FileVersion
}

export type EditFormat = 'json' | 'search_replace' | 'begin_patch' | 'unified_diff' | 'fenced_snippets'

/** One file's change in a parsed edits document. */
export interface ParsedChange {
  path: string | null
  op: 'edit' | 'create' | 'delete'
  /** op "edit": every field of the engine's edit; a diff's hunk header gives `near_line` (where
   * `old` was believed to start) and `near_context` (a line before it), its `\ No newline at
   * end of file` gives `final_newline`. */
  edits?: {
    old: string
    new: string
    replace_all: boolean
    anchor: string | null
    near_line: number | null
    near_context: string | null
    final_newline: boolean | null
  }[]
  /** op "create". */
  content?: string
  move_to: string | null
}

export type ParseResult =
  | {
      ok: true
      format: EditFormat
      format_name: string
      changes: ParsedChange[]
      /** The document was repaired before it parsed (a missing marker, ...). */
      repaired: boolean
      notes: string[]
    }
  | { ok: false; error: { kind: 'empty' | 'unrecognized' | 'malformed' | (string & {}); message: string; line: number | null; [detail: string]: unknown } }

/** The engine's version. */
export declare const version: string

/** Replace `old` with `new` in `content`, where the model meant it; throws FuzzyEditError when refused. */
export declare function apply(content: string, old: string, replacement: string, options?: ApplyOptions): Applied
/** `apply` off the event loop (libuv's thread pool), for large files. */
export declare function applyAsync(content: string, old: string, replacement: string, options?: ApplyOptions): Promise<Applied>
/** Merge a lazy snippet (changed code, `// ... existing code ...` markers) into `content`; throws FuzzyEditError (kind snippet_unplaced) when refused. */
export declare function applySnippet(content: string, snippet: string, options?: { name?: string }): Applied
/** One thing a merge made elsewhere does that the snippet does not account for. */
export interface SnippetFinding {
  kind: 'missing' | 'added' | 'not_together' | 'deleted' | 'depth' | 'marker' | 'line_endings' | 'unexplained' | 'syntax' | 'place'
  merged_line: number | null
  file_line: number | null
  snippet_line: number | null
  text: string
}
/** Check `merged`, a merge of `snippet` into `original` made elsewhere (by an apply model). */
export declare function verifySnippet(
  original: string,
  snippet: string,
  merged: string,
  options?: { name?: string },
): { ok: true } | { ok: false; message: string; findings: SnippetFinding[]; findings_total: number }
/** Several edits on one text as one transaction; refusals are reported, not thrown. */
export declare function applyEdits(content: string, edits: EditSpec[], options?: ApplyEditsOptions): EditsResult
export declare function applyEditsAsync(content: string, edits: EditSpec[], options?: ApplyEditsOptions): Promise<EditsResult>
/** Edit, create, write or delete files with the CLI's file safety; refusals are reported, not thrown. */
export declare function editFiles(files: FileSpec[], options?: EditFilesOptions): EditFilesResult
export declare function editFilesAsync(files: FileSpec[], options?: EditFilesOptions): Promise<EditFilesResult>
/** Read a text file as `editFiles` would; throws FuzzyEditError (file_not_found, binary, ...). */
export declare function readFile(path: string, options?: { maxBytes?: number }): TextFile
/** Read a model's answer as edits, in any supported format or the one named. */
export declare function parse(text: string, format?: EditFormat): ParseResult
/** `parse` that throws FuzzyEditError (kind empty, unrecognized or malformed; `details.line`) when the text is not edits. */
export declare function parseEdits(text: string, format?: EditFormat): Extract<ParseResult, { ok: true }>
// Lazy snippets and line-addressed edits: their declarations join here once the engine has them.

/** A unified diff (3 lines of context) from `before` to `after`. */
export declare function unifiedDiff(before: string, after: string, path?: string): string

/** One line-addressed edit (docs/line-refs.md), with references copied from `readHashes`. */
export interface LineEditSpec {
  /** replace lines pos..end; append after pos (or at the end); prepend before pos (or at the start). */
  op: 'replace' | 'append' | 'prepend'
  /** `"12#VK"`; a plain number only with `lineNumbers`. */
  pos?: string | number
  /** replace only: the last line replaced, inclusive. */
  end?: string | number
  /** The new lines: an array, or one string split at line breaks; empty deletes (replace). */
  lines?: string[] | string | null
}

export interface LineEditOptions {
  /** Accept plain line numbers without the ID that proves the line was read; default false. */
  lineNumbers?: boolean
  /** What an edit that adds a syntax error gets; default "auto". */
  syntax?: 'auto' | 'strict' | 'warn' | 'off'
  /** The language to check syntax in; default: from `name`. */
  language?: string
  /** The file's name: its extension gives the language. */
  name?: string
  /** Refuse a request (text and lines, UTF-8 bytes) larger than this; default 64 MiB. */
  maxRequestBytes?: number
}

/** A stale reference followed to where its line stands now (lines were inserted above). */
export interface Followed {
  reference: string
  line: number
}

/** The result of `applyLineEdits`. */
export interface LinesApplied extends Applied {
  /** References followed to their lines' new places: say so to the model. */
  followed: Followed[]
}

/** `content` with `{line}#{ID}|` before each line, as hashline tools show a read. */
export declare function readHashes(content: string, options?: { lines?: string }): string
/** Apply line-addressed edits, all or none; throws a FuzzyEditError when refused. */
export declare function applyLineEdits(content: string, edits: LineEditSpec[], options?: LineEditOptions): LinesApplied

export declare const opencode: typeof import('./adapters/opencode')
export declare const gemini: typeof import('./adapters/gemini')
