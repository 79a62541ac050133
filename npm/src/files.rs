//! Files on the same guarded path as the CLI, the pipe, the MCP server and the Python package
//! (`fuzzy_edit::fs`): only regular UTF-8 text files are read (binary, non-UTF-8, oversized,
//! FIFOs and devices refused); each file's directory is locked from the read to the rename, so
//! a concurrent edit is never lost; writes are atomic and keep mode, owner and extended
//! attributes; a file that is not the version the caller expects is not written; with several
//! files, either every file is written or none is (atomic mode).

use std::path::PathBuf;

use fuzzy_edit::fs::{self, EditFilesError, EditOptions, EditRequest, Expected, FileRequest, Op};
use fuzzy_edit::protocol::{fs_error_value, version_value};
use napi::bindgen_prelude::*;
use napi_derive::napi;
use serde_json::{json, Value};

use crate::json::{self, Report};
use crate::request::{to_edits, EditInput, Limits};

/// The largest file read unless `maxBytes` says otherwise (the library's default, 256 MiB).
const DEFAULT_MAX_BYTES: u64 = 256 * 1024 * 1024;

/// One file of an `editFiles` request: its path and one operation (`edits` and/or
/// `lineEdits`, `create`, `write` or `delete`).
#[napi(object)]
pub struct FileInput {
    pub path: String,
    /// Search/replace edits, applied in order as one transaction.
    pub edits: Option<Vec<EditInput>>,
    /// Line-addressed edits (`{op, pos, end?, lines}`, references from `readHashes` of the
    /// file as read), all on that text and all or none; applied before `edits`.
    pub line_edits: Option<Value>,
    /// Create the file with this content (an existing file with content is refused).
    pub create: Option<String>,
    /// Replace the whole content, creating the file if needed.
    pub write: Option<String>,
    /// Delete the file.
    pub delete: Option<bool>,
    /// The file must still have this SHA-256 (lowercase hex, from `readFile`), or nothing is
    /// written (`stale`).
    pub expect_sha256: Option<String>,
    /// The file must still have this modification time (`"seconds.nanoseconds"`).
    pub expect_mtime: Option<String>,
}

/// The options of `editFiles`: those of `applyEdits` (without `name`: each file's own path
/// says its language) and the file ones.
#[napi(object)]
#[derive(Default)]
pub struct FileOptions {
    pub mode: Option<String>,
    pub time_limit_ms: Option<f64>,
    pub max_request_bytes: Option<f64>,
    pub syntax: Option<String>,
    pub language: Option<String>,
    /// Plan and report, write nothing.
    pub dry_run: Option<bool>,
    /// The largest file read, in bytes (default 256 MiB).
    pub max_bytes: Option<f64>,
    /// What relative paths are relative to (default: the process's current directory).
    pub base: Option<String>,
}

fn max_bytes(value: Option<f64>) -> Result<u64> {
    match value {
        None => Ok(DEFAULT_MAX_BYTES),
        Some(b) if b.is_finite() && b >= 0.0 && b.fract() == 0.0 => Ok(b as u64),
        Some(b) => Err(Error::new(
            Status::InvalidArg,
            format!("maxBytes must be a non-negative whole number, not {b}"),
        )),
    }
}

/// Read a text file: `{ok: true, text, version: {mtime, len, sha256}}` or `{ok: false, error}`.
#[napi]
pub fn read_file(path: String, max_bytes_read: Option<f64>) -> Result<Value> {
    let options = EditOptions {
        max_bytes: max_bytes(max_bytes_read)?,
        ..EditOptions::default()
    };
    Ok(
        match fs::read_file(PathBuf::from(path).as_path(), &options) {
            Ok(f) => json!({"ok": true, "text": f.text, "version": version_value(&f.version)}),
            Err(e) => json!({"ok": false, "error": fs_error_value(&e)}),
        },
    )
}

/// One `editFiles` call, checked and ready to run (here or on the thread pool).
pub struct FilesRequest {
    request: EditRequest,
    options: EditOptions<'static>,
    refusal: Option<Value>,
}

impl FilesRequest {
    fn new(files: Vec<FileInput>, options: Option<FileOptions>) -> Result<FilesRequest> {
        let o = options.unwrap_or_default();
        let limits = Limits::new(
            o.mode.as_deref(),
            o.syntax.as_deref(),
            o.language.as_deref(),
            o.time_limit_ms,
            o.max_request_bytes,
        )?;
        let mut bytes = 0u64;
        let mut requests = Vec::with_capacity(files.len());
        for f in files {
            let named = [
                f.edits.is_some() || f.line_edits.is_some(),
                f.create.is_some(),
                f.write.is_some(),
                f.delete == Some(true),
            ];
            if named.iter().filter(|n| **n).count() != 1 {
                return Err(Error::new(
                    Status::InvalidArg,
                    format!(
                        "{}: give exactly one of edits (and/or lineEdits), create, write or delete: true",
                        f.path
                    ),
                ));
            }
            let mut ops = Vec::with_capacity(2);
            if let Some(line_edits) = f.line_edits {
                let line_edits =
                    crate::lines::to_line_edits(line_edits, &format!("{}: lineEdits", f.path))?;
                bytes += line_edits
                    .iter()
                    .flat_map(|e| &e.lines)
                    .map(|l| l.len() as u64)
                    .sum::<u64>();
                ops.push(Op::LineEdits(line_edits));
            }
            if let Some(edits) = f.edits {
                let (edits, n) = to_edits(edits);
                bytes += n;
                ops.push(Op::Edit(edits));
            } else if let Some(text) = f.create {
                bytes += text.len() as u64;
                ops.push(Op::Create(text));
            } else if let Some(text) = f.write {
                bytes += text.len() as u64;
                ops.push(Op::Write(text));
            } else if f.delete == Some(true) {
                ops.push(Op::Delete);
            }
            requests.push(FileRequest {
                path: PathBuf::from(f.path),
                ops,
                expected: Expected {
                    mtime: f.expect_mtime,
                    sha256: f.expect_sha256,
                },
            });
        }
        let options = EditOptions {
            base: o.base.map(PathBuf::from),
            max_bytes: max_bytes(o.max_bytes)?,
            dry_run: o.dry_run.unwrap_or(false),
            deadline: limits.deadline,
            syntax: limits.syntax,
            language: limits.language,
            ..EditOptions::default()
        };
        Ok(FilesRequest {
            request: EditRequest {
                files: requests,
                mode: limits.mode,
            },
            options,
            // The files' own size is bounded by maxBytes; the request's by what the caller sent.
            refusal: limits.too_large(bytes),
        })
    }

    /// `{ok: true, files: [{path, action, before, after, diff, matches, failures, sequential,
    /// warnings, version}], attempts}`, or `{ok: false, error, failures}` with nothing written:
    /// `error` is the file error, or the first refusal with the file's `path`.
    fn run(&self) -> Value {
        if let Some(refusal) = &self.refusal {
            return json!({"ok": false, "error": refusal, "failures": [refusal]});
        }
        match fs::edit_files(&self.request, &self.options) {
            Ok(outcome) => {
                let files: Vec<Value> = outcome
                    .files
                    .into_iter()
                    .map(|f| {
                        let diff = f.diff();
                        let mut v = match f.applied {
                            Some(applied) => json::applied_value(applied),
                            None => json!({"matches": [], "matches_total": 0, "failures": [], "sequential": false, "warnings": []}),
                        };
                        // The file's text is `after`; `text` belongs to applyEdits.
                        if let Some(map) = v.as_object_mut() {
                            map.remove("text");
                        }
                        v["path"] = json!(f.path.to_string_lossy());
                        v["action"] = json!(f.action.as_str());
                        v["before"] = json!(f.before);
                        v["after"] = json!(f.after);
                        v["diff"] = json!(diff);
                        v["version"] = json!(f.version.as_ref().map(version_value));
                        v
                    })
                    .collect();
                json!({"ok": true, "files": files, "attempts": outcome.attempts})
            }
            Err(EditFilesError::Refused { path, failed }) => {
                let failures = json::failures(&failed);
                let mut error = failures.first().cloned().unwrap_or_else(
                    || json!({"kind": "edit_error", "message": failed.to_string()}),
                );
                error["path"] = json!(path.to_string_lossy());
                json!({"ok": false, "error": error, "failures": failures})
            }
            Err(EditFilesError::File(e)) => {
                json!({"ok": false, "error": fs_error_value(&e), "failures": []})
            }
            Err(e) => json!({
                "ok": false,
                "error": {"kind": e.kind(), "message": e.to_string()},
                "failures": [],
            }),
        }
    }
}

/// Edit, create, write or delete files through the library's guarded path; atomic mode writes
/// every file or none.
#[napi]
pub fn edit_files(files: Vec<FileInput>, options: Option<FileOptions>) -> Result<Value> {
    Ok(FilesRequest::new(files, options)?.run())
}

/// [`edit_files`] off the event loop.
#[napi]
pub fn edit_files_async(
    files: Vec<FileInput>,
    options: Option<FileOptions>,
) -> Result<AsyncTask<FilesRequest>> {
    Ok(AsyncTask::new(FilesRequest::new(files, options)?))
}

impl Task for FilesRequest {
    type Output = Value;
    type JsValue = Report;

    fn compute(&mut self) -> Result<Value> {
        Ok(self.run())
    }

    fn resolve(&mut self, _env: Env, output: Value) -> Result<Report> {
        Ok(Report(output))
    }
}
