//! File helpers on the same guarded path as the CLI, the pipe and the MCP server
//! (`fuzzy_edit::fs::edit_files`): only regular text files are read (binary, non-UTF-8,
//! oversized, FIFOs and devices refused); the file's directory is locked from the read to the
//! rename, so a concurrent edit is never lost; a write is atomic and keeps mode, owner and
//! extended attributes; a file that is not the version the caller expects is not written.

use std::path::PathBuf;

use fuzzy_edit::fs::{self, EditFilesError, EditOptions, EditRequest, Expected, FileRequest, Op};
use fuzzy_edit::protocol::{fs_error_value, version_value};
use fuzzy_edit::Mode;
use pyo3::prelude::*;
use serde_json::{json, Value};

use crate::{json::applied_report, to_edits, to_mode};

fn expected(sha256: Option<String>, mtime: Option<String>) -> Expected {
    Expected { mtime, sha256 }
}

/// Any error of the guarded path as the report's `error`.
fn edit_error_value(e: &EditFilesError) -> Value {
    match e {
        EditFilesError::File(f) => fs_error_value(f),
        other => json!({"kind": "error", "message": other.to_string()}),
    }
}

fn options(max_bytes: u64, dry_run: bool) -> EditOptions<'static> {
    EditOptions {
        max_bytes,
        dry_run,
        ..EditOptions::default()
    }
}

/// Read a text file: `(text, report)`, the report holding the `version` or `error`.
#[pyfunction]
#[pyo3(signature = (path, max_bytes))]
pub fn read_file_json(py: Python<'_>, path: PathBuf, max_bytes: u64) -> (Option<String>, String) {
    py.detach(
        move || match fs::read_file(&path, &options(max_bytes, false)) {
            Ok(f) => (
                Some(f.text),
                json!({"ok": true, "version": version_value(&f.version)}).to_string(),
            ),
            Err(e) => (
                None,
                json!({"ok": false, "error": fs_error_value(&e)}).to_string(),
            ),
        },
    )
}

/// Write `text`. When an expected version is given, the file must exist and be that version,
/// or nothing is written.
#[pyfunction]
#[pyo3(signature = (path, text, expected_sha256 = None, expected_mtime = None, max_bytes = u64::MAX))]
pub fn write_file_json(
    py: Python<'_>,
    path: PathBuf,
    text: String,
    expected_sha256: Option<String>,
    expected_mtime: Option<String>,
    max_bytes: u64,
) -> String {
    py.detach(move || {
        let request = EditRequest {
            files: vec![FileRequest {
                path,
                ops: vec![Op::Write(text)],
                expected: expected(expected_sha256, expected_mtime),
            }],
            mode: Mode::Atomic,
        };
        match fs::edit_files(&request, &options(max_bytes, false)) {
            Ok(outcome) => match outcome.files.first().and_then(|f| f.version.as_ref()) {
                Some(v) => json!({"ok": true, "version": version_value(v)}),
                None => json!({"ok": false, "error": {"kind": "error", "message": "nothing was written"}}),
            },
            Err(e) => json!({"ok": false, "error": edit_error_value(&e)}),
        }
        .to_string()
    })
}

/// Read, edit and (unless `dry_run`) write one file: `(before, after, report)`.
///
/// `line_edits` (a JSON list of `{"op", "pos", "end", "lines"}`), when given, apply first, all
/// on the file as read and all or none; the search/replace `edits` (when any) then apply to
/// their result; one write. The report numbers the line edits first, then the others.
///
/// `before` is `None` when the file could not be read; `after` is `None` when the edits were
/// refused. The report holds the apply report (`matches`, `failures`, `sequential`, `warnings`) as
/// `apply`, the version on disk as `version`, and `error` for a file error (read, stale, write).
#[pyfunction]
#[pyo3(signature = (path, edits, mode = "atomic", dry_run = false, expected_sha256 = None, expected_mtime = None, max_bytes = 256 * 1024 * 1024, line_edits = None))]
#[allow(clippy::too_many_arguments)]
pub fn edit_file_json(
    py: Python<'_>,
    path: PathBuf,
    edits: &str,
    mode: &str,
    dry_run: bool,
    expected_sha256: Option<String>,
    expected_mtime: Option<String>,
    max_bytes: u64,
    line_edits: Option<&str>,
) -> PyResult<(Option<String>, Option<String>, String)> {
    let mode = to_mode(mode)?;
    let edits = to_edits(edits)?;
    let mut ops = Vec::new();
    if let Some(line_edits) = line_edits {
        ops.push(Op::LineEdits(crate::lines::to_line_edits(line_edits)?));
    }
    if ops.is_empty() || !edits.is_empty() {
        ops.push(Op::Edit(edits));
    }
    Ok(py.detach(move || {
        let request = EditRequest {
            files: vec![FileRequest {
                path: path.clone(),
                ops,
                expected: expected(expected_sha256, expected_mtime),
            }],
            mode,
        };
        let options = options(max_bytes, dry_run);
        match fs::edit_files(&request, &options) {
            Ok(outcome) => {
                let Some(file) = outcome.files.into_iter().next() else {
                    let report =
                        json!({"ok": false, "error": {"kind": "error", "message": "no file"}});
                    return (None, None, report.to_string());
                };
                let apply = file.applied.map(Ok).map(applied_report).map(|(_, r)| r);
                let report = json!({
                    "ok": true,
                    "apply": apply.and_then(|r| serde_json::from_str::<Value>(&r).ok()),
                    "version": file.version.as_ref().map(version_value),
                });
                (file.before, file.after, report.to_string())
            }
            Err(EditFilesError::Refused { failed, .. }) => {
                // Refused: nothing was written; the text it was refused against, for the result.
                let before = fs::read_file(&path, &options).ok().map(|f| f.text);
                let (_, apply) = applied_report(Err(failed));
                let report = json!({
                    "ok": false,
                    "apply": serde_json::from_str::<Value>(&apply).unwrap_or(Value::Null),
                });
                (before, None, report.to_string())
            }
            Err(e) => {
                let report = json!({"ok": false, "error": edit_error_value(&e)});
                (None, None, report.to_string())
            }
        }
    }))
}
