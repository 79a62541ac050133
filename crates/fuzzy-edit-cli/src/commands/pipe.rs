//! `fuzzy-edit pipe`: JSON Lines in, JSON Lines out, one answer per request, in order.
//!
//! A request edits `"content"` in memory, or the file at `"path"` (written atomically unless
//! `"dry_run"`; refused if `"expect_mtime"`/`"expect_sha256"` do not match it). The pipe never
//! dies on input: a line that is not valid JSON, lacks fields, or is not UTF-8 gets an error
//! answer (`"kind": "bad_request"`) and the next line is read. Blank lines are skipped without
//! an answer. `"return"` says what an applied answer carries: the result text, the diff, or
//! only the replaced spans.

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use fuzzy_edit::fs::{
    self, EditFilesError, EditOptions, EditRequest, Expected, FileRequest, FsError, Op,
};
use fuzzy_edit::{apply_edits, unified_diff, Applied, Edit, Failed, Mode};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::render::json::{add_sequential_and_failures, edit_error};

/// One request line.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// Echoed back, to pair answers with requests.
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    content: Option<String>,
    #[serde(default, alias = "old_string", alias = "oldText")]
    old: Option<String>,
    #[serde(default, alias = "new_string", alias = "newText")]
    new: Option<String>,
    #[serde(default, alias = "replaceAll")]
    replace_all: bool,
    #[serde(default)]
    anchor: Option<String>,
    #[serde(default)]
    edits: Option<Vec<Edit>>,
    #[serde(default)]
    mode: Mode,
    /// The file to edit when there is no `content`; else the name used in the diff headers.
    #[serde(default)]
    path: Option<String>,
    /// With `path`: compute the answer but write nothing.
    #[serde(default)]
    dry_run: bool,
    /// With `path`: refuse unless the file's modification time is this.
    #[serde(default)]
    expect_mtime: Option<String>,
    /// With `path`: refuse unless the file's SHA-256 is this.
    #[serde(default)]
    expect_sha256: Option<String>,
    /// What an applied answer carries.
    #[serde(default, rename = "return")]
    returns: Return,
}

/// What an applied answer carries besides `ok` and `matches`: callers that only need to know
/// what changed skip the (possibly megabytes of) result text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Return {
    /// `result` and `diff` (`path` requests: `diff`).
    #[default]
    Content,
    /// `diff` only.
    Diff,
    /// Neither; each match carries its byte `span` and `replacement`.
    Spans,
}

/// Serve stdin until it ends. Exit code 2 if reading or writing fails.
pub fn run() -> ExitCode {
    widen_pipes();
    // `StdoutLock` is line-buffered: it would scan every byte of a large answer for newlines
    // and write it in pieces. `serve` flushes once per answer. A request of megabytes is read
    // in large pieces too (stdin's own buffer is 8 KiB).
    let input = BufReader::with_capacity(IO_BUFFER, io::stdin().lock());
    let output = BufWriter::with_capacity(IO_BUFFER, io::stdout().lock());
    match serve(input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fuzzy-edit pipe: {e}");
            ExitCode::from(2)
        }
    }
}

/// Size of the pipe's read and write buffers.
const IO_BUFFER: usize = 1 << 20;

/// Widen stdin and stdout when they are pipes: a request or answer of megabytes then crosses
/// in a few pieces instead of 64 KiB ones, each of which waits for the process on the other
/// end to be scheduled. Best effort: the kernel may refuse (not a pipe, over its limit).
fn widen_pipes() {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsFd;
        let _ = rustix::pipe::fcntl_setpipe_size(io::stdin().as_fd(), IO_BUFFER);
        let _ = rustix::pipe::fcntl_setpipe_size(io::stdout().as_fd(), IO_BUFFER);
    }
}

/// Serve requests from `input` until it ends.
pub fn serve(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    // One line buffer for every request: a request of megabytes is not allocated anew each time.
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        let answer = match std::str::from_utf8(&line) {
            Ok(s) if s.trim().is_empty() => continue,
            Ok(s) => answer(s),
            Err(e) => bad_request(None, &format!("the line is not valid UTF-8: {e}")),
        };
        serde_json::to_writer(&mut output, &answer)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
}

/// The answer to one request line.
pub fn answer(line: &str) -> Value {
    let request: Request = match serde_json::from_str(line) {
        Ok(r) => r,
        Err(e) => {
            let id = serde_json::from_str::<Value>(line)
                .ok()
                .and_then(|v| v.get("id").cloned());
            return bad_request(id, &format!("malformed request: {e}"));
        }
    };
    let id = request.id.clone();
    let edits = match (
        request.edits.clone(),
        request.old.clone(),
        request.new.clone(),
    ) {
        (Some(edits), None, None) => edits,
        (None, Some(old), Some(new)) => vec![Edit {
            old,
            new,
            replace_all: request.replace_all,
            anchor: request.anchor.clone(),
        }],
        (Some(_), _, _) => {
            return bad_request(id, "give either \"edits\" or \"old\"/\"new\", not both")
        }
        (None, _, _) => {
            return bad_request(id, "missing \"old\" and \"new\" (or an \"edits\" list)")
        }
    };
    if edits.is_empty() {
        return bad_request(id, "\"edits\" is empty");
    }
    let mut value = match (&request.content, &request.path) {
        (Some(content), path) => match apply_edits(content, &edits, request.mode) {
            Ok(applied) => success(
                content,
                applied,
                path.as_deref().unwrap_or("content"),
                request.returns,
            ),
            Err(failed) => failure(&failed),
        },
        (None, Some(path)) => edit_file(Path::new(path), &edits, &request),
        (None, None) => {
            return bad_request(id, "give \"content\" to edit, or the \"path\" of a file")
        }
    };
    if let Some(id) = id {
        value["id"] = id;
    }
    value
}

/// Edit a file through [`fs::edit_files`]: locked from the read to the rename, regular UTF-8
/// files only, refused if `expect_*` do not match. The pipe is not confined: its caller is a
/// program that chooses the paths.
fn edit_file(path: &Path, edits: &[Edit], request: &Request) -> Value {
    let file = FileRequest {
        path: path.to_path_buf(),
        ops: vec![Op::Edit(edits.to_vec())],
        expected: Expected {
            mtime: request.expect_mtime.clone(),
            sha256: request.expect_sha256.clone(),
        },
    };
    let options = EditOptions {
        dry_run: request.dry_run,
        ..EditOptions::default()
    };
    // A file's text stays on disk: `content` means the diff, as `diff` does.
    let returns = match request.returns {
        Return::Content => Return::Diff,
        r => r,
    };
    let request = EditRequest {
        files: vec![file],
        mode: request.mode,
    };
    let outcome = match fs::edit_files(&request, &options) {
        Ok(o) => o,
        Err(EditFilesError::File(e)) => return file_error(&e),
        Err(EditFilesError::Refused { failed, .. }) => return failure(&failed),
        Err(e) => return json!({"ok": false, "error": {"kind": "io", "message": e.to_string()}}),
    };
    let Some(file) = outcome.files.into_iter().next() else {
        return json!({"ok": false, "error": {"kind": "io", "message": "no file in the outcome"}});
    };
    let (Some(before), Some(applied)) = (file.before, file.applied) else {
        return json!({"ok": false, "error": {"kind": "io", "message": "the file was not edited"}});
    };
    let changed = applied.text != before;
    let mut value = success(&before, applied, &path.to_string_lossy(), returns);
    if !options.dry_run && changed {
        value["version"] = json!(file.version);
    }
    value
}

fn file_error(e: &FsError) -> Value {
    let kind = match e {
        FsError::Stale { .. } => "stale",
        FsError::NotFound(_) => "file_not_found",
        FsError::Binary { .. } | FsError::NotUtf8 { .. } => "not_text",
        FsError::TooLarge { .. } => "too_large",
        FsError::IsDirectory(_) => "is_directory",
        FsError::Io { .. } => "io",
        other => other.kind(),
    };
    json!({"ok": false, "error": {"kind": kind, "message": e.to_string()}})
}

/// An applied answer; the result text is moved into it, not copied.
fn success(before: &str, applied: Applied, path: &str, returns: Return) -> Value {
    let mut v = json!({"ok": true, "matches": applied.matches});
    if returns == Return::Spans {
        for (m, value) in applied
            .matches
            .iter()
            .zip(v["matches"].as_array_mut().into_iter().flatten())
        {
            value["span"] = json!([m.span.start, m.span.end]);
            value["replacement"] = json!(m.replacement);
        }
    } else {
        v["diff"] = json!(unified_diff(before, &applied.text, path));
    }
    add_sequential_and_failures(&mut v, &applied);
    if returns == Return::Content {
        v["result"] = Value::String(applied.text);
    }
    v
}

fn failure(failed: &Failed) -> Value {
    let errors: Vec<Value> = failed
        .failures
        .iter()
        .map(|f| edit_error(&f.error, Some(f.edit)))
        .collect();
    let mut v = json!({ "ok": false, "error": errors.first().cloned().unwrap_or(Value::Null) });
    if errors.len() > 1 {
        v["errors"] = Value::Array(errors);
    }
    v
}

fn bad_request(id: Option<Value>, message: &str) -> Value {
    let mut v = json!({"ok": false, "error": {"kind": "bad_request", "message": message}});
    if let Some(id) = id {
        v["id"] = id;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_a_simple_request() {
        let v = answer(r#"{"content": "a\nb\n", "old": "b", "new": "c"}"#);
        assert_eq!(v["ok"], true);
        assert_eq!(v["result"], "a\nc\n");
        assert_eq!(v["matches"][0]["strategy"], "exact");
        assert_eq!(v["matches"][0]["start_line"], 2);
        assert!(v["diff"].as_str().unwrap().contains("-b\n+c\n"));
    }

    #[test]
    fn malformed_lines_get_error_answers() {
        for line in [
            "{",
            "[]",
            r#"{"content": "x"}"#,
            r#"{"content": 1, "old": "a", "new": "b"}"#,
        ] {
            let v = answer(line);
            assert_eq!(v["ok"], false, "{line}");
            assert_eq!(v["error"]["kind"], "bad_request", "{line}");
        }
    }

    #[test]
    fn refusals_carry_kind_and_message() {
        let v = answer(r#"{"id": 7, "content": "x\nx\n", "old": "x", "new": "y"}"#);
        assert_eq!(v["ok"], false);
        assert_eq!(v["id"], 7);
        assert_eq!(v["error"]["kind"], "ambiguous");
        assert!(v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("replace_all"));
        assert_eq!(v["error"]["candidates"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn serve_skips_blank_lines_and_survives_bad_utf8() {
        let input: &[u8] = b"\n{\"content\":\"a\",\"old\":\"a\",\"new\":\"b\"}\n\xff\xfe\n";
        let mut out = Vec::new();
        serve(input, &mut out).unwrap();
        let lines: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("\"ok\":true"));
        assert!(lines[1].contains("bad_request"));
    }
}
