//! File helpers with the CLI's safety, on `fuzzy_edit::fs`: binary, non-UTF-8 and oversized
//! files are refused before anything is opened for writing; a write is atomic (temporary file,
//! sync, rename, permissions kept, symlinks followed); a file that changed since it was read
//! (or is not the version the caller expects) is not overwritten.

use std::path::PathBuf;

use fuzzy_edit::apply_edits;
use fuzzy_edit::fs::{self, Expected, FileVersion, FsError};
use pyo3::prelude::*;
use serde_json::{json, Value};

use crate::{json::applied_report, to_edits, to_mode, EditTuple};

fn fs_error_value(e: &FsError) -> Value {
    let (kind, path): (&str, &std::path::Path) = match e {
        FsError::NotFound(p) => ("not_found", p.as_path()),
        FsError::IsDirectory(p) => ("is_directory", p.as_path()),
        FsError::Binary { path, .. } => ("binary", path.as_path()),
        FsError::NotUtf8 { path, .. } => ("not_utf8", path.as_path()),
        FsError::TooLarge { path, .. } => ("too_large", path.as_path()),
        FsError::Stale { path, .. } => ("stale", path.as_path()),
        FsError::Io { path, .. } => ("io", path.as_path()),
        other => (other.kind(), other.path()),
    };
    let mut v = json!({"kind": kind, "message": e.to_string(), "path": path.to_string_lossy()});
    match e {
        FsError::Binary { offset, .. } | FsError::NotUtf8 { offset, .. } => {
            v["offset"] = json!(offset)
        }
        FsError::TooLarge { len, limit, .. } => {
            v["len"] = json!(len);
            v["limit"] = json!(limit);
        }
        FsError::Stale {
            what,
            expected,
            found,
            ..
        } => {
            v["what"] = json!(what);
            v["expected"] = json!(expected);
            v["found"] = json!(found);
        }
        FsError::Io { source, .. } => v["errno"] = json!(source.raw_os_error()),
        _ => {}
    }
    v
}

fn version_value(v: &FileVersion) -> Value {
    json!({"mtime": v.mtime, "len": v.len, "sha256": v.sha256})
}

fn expected(sha256: Option<String>, mtime: Option<String>) -> Expected {
    Expected { mtime, sha256 }
}

/// Read a text file: `(text, report)`, `text` `None` on error; the report holds `version`
/// or `error`.
#[pyfunction]
#[pyo3(signature = (path, max_bytes))]
pub fn read_file_json(py: Python<'_>, path: PathBuf, max_bytes: u64) -> (Option<String>, String) {
    py.detach(move || match fs::read_text(&path, max_bytes) {
        Ok(f) => (
            Some(f.text),
            json!({"ok": true, "version": version_value(&f.version)}).to_string(),
        ),
        Err(e) => (
            None,
            json!({"ok": false, "error": fs_error_value(&e)}).to_string(),
        ),
    })
}

/// Write `text` atomically. When an expected version is given, the file must exist and be that
/// version, or nothing is written.
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
        let result = (|| {
            if expected_sha256.is_some() || expected_mtime.is_some() {
                let current = fs::read_text(&path, max_bytes)?;
                fs::check_expected(&current, &expected(expected_sha256, expected_mtime))?;
            }
            fs::write_text(&path, &text)?;
            fs::read_text(&path, u64::MAX)
        })();
        match result {
            Ok(f) => json!({"ok": true, "version": version_value(&f.version)}),
            Err(e) => json!({"ok": false, "error": fs_error_value(&e)}),
        }
        .to_string()
    })
}

/// Read, edit and (unless `dry_run`) write one file: `(before, after, report)`.
///
/// `before` is `None` when the file could not be read; `after` is `None` when the edits were
/// refused. The report holds the apply report (`matches`, `failures`, `sequential`), the
/// version read and written, and `error` for a file error (read, stale, write).
#[pyfunction]
#[pyo3(signature = (path, edits, mode = "atomic", dry_run = false, expected_sha256 = None, expected_mtime = None, max_bytes = 256 * 1024 * 1024))]
#[allow(clippy::too_many_arguments)]
pub fn edit_file_json(
    py: Python<'_>,
    path: PathBuf,
    edits: Vec<EditTuple>,
    mode: &str,
    dry_run: bool,
    expected_sha256: Option<String>,
    expected_mtime: Option<String>,
    max_bytes: u64,
) -> PyResult<(Option<String>, Option<String>, String)> {
    let mode = to_mode(mode)?;
    let edits = to_edits(edits);
    Ok(py.detach(move || {
        let file = match fs::read_text(&path, max_bytes) {
            Ok(f) => f,
            Err(e) => {
                let report = json!({"ok": false, "error": fs_error_value(&e)});
                return (None, None, report.to_string());
            }
        };
        let mut report = json!({"version_read": version_value(&file.version)});
        if let Err(e) = fs::check_expected(&file, &expected(expected_sha256, expected_mtime)) {
            report["ok"] = json!(false);
            report["error"] = fs_error_value(&e);
            return (Some(file.text), None, report.to_string());
        }
        let (after, applied) = applied_report(apply_edits(&file.text, &edits, mode));
        report["apply"] = serde_json::from_str(&applied).unwrap_or(Value::Null);
        let Some(after) = after else {
            report["ok"] = json!(false);
            return (Some(file.text), None, report.to_string());
        };
        report["ok"] = json!(true);
        if !dry_run && after != file.text {
            let written = fs::check_unchanged(&file)
                .and_then(|()| fs::write_text(&file.target, &after))
                .and_then(|()| fs::read_text(&file.target, u64::MAX));
            match written {
                Ok(f) => report["version_written"] = version_value(&f.version),
                Err(e) => {
                    report["ok"] = json!(false);
                    report["error"] = fs_error_value(&e);
                }
            }
        }
        (Some(file.text), Some(after), report.to_string())
    }))
}
