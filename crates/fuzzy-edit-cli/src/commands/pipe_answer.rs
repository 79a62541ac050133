//! What the pipe's answers are made of, for search/replace requests ([`super::pipe`]) and
//! line-addressed ones ([`super::pipe_lines`]) alike: a request's options, a file edit's answer,
//! an applied answer, a bad request.

use std::path::Path;
use std::time::{Duration, Instant};

use fuzzy_edit::fs::{self, EditOptions, EditRequest, Expected, FileRequest, Op};
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::{unified_diff, Applied};
use serde_json::{json, Value};

use super::pipe_request::{Request, Return};
use crate::render::json::{self as answer_json, add_sequential_and_failures};

/// The options of a request: its syntax policy, language and deadline, and for a file
/// `dry_run`. A `content` request takes the engine's part of them, for its `name`
/// ([`EditOptions::engine`]).
pub(super) fn options(request: &Request) -> EditOptions<'static> {
    EditOptions {
        dry_run: request.dry_run,
        in_place: request.in_place,
        write_read_only: request.write_read_only,
        syntax: request.syntax,
        language: request.language,
        deadline: deadline(request),
        lock_wait: request
            .lock_wait_ms
            .map_or(fuzzy_edit::fs::DEFAULT_LOCK_WAIT, Duration::from_millis),
        ..EditOptions::default()
    }
}

/// When the request's `"time_limit_ms"`, counted from now, runs out.
fn deadline(request: &Request) -> Option<Instant> {
    request
        .time_limit_ms
        .map(|ms| Instant::now() + Duration::from_millis(ms))
}

/// Edit a file through [`fs::edit_files`]: locked from the read to the rename, regular UTF-8
/// files only, refused if `expect_*` do not match. The pipe is not confined: its caller is a
/// program that chooses the paths.
pub(super) fn edit_file(path: &Path, op: Op, request: &Request) -> Value {
    edit_file_with(path, op, request, false)
}

/// [`edit_file`] with the answer's line numbers asked for or not (line-addressed edits:
/// [`super::pipe_lines`]).
pub(super) fn edit_file_with(path: &Path, op: Op, request: &Request, line_numbers: bool) -> Value {
    let file = FileRequest {
        path: path.to_path_buf(),
        ops: vec![op],
        expected: Expected {
            mtime: request.expect_mtime.clone(),
            sha256: request.expect_sha256.clone(),
        },
    };
    let mut options = options(request);
    options.line_numbers = line_numbers;
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
        Err(e) => {
            let message = e.message(&Vocabulary::PIPE);
            return answer_json::failure(answer_json::edit_files_error(
                &e,
                message,
                &Vocabulary::PIPE,
            ));
        }
    };
    let Some(file) = outcome.files.into_iter().next() else {
        return answer_json::failure(answer_json::error("io", "no file in the outcome"));
    };
    let (Some(before), Some(applied)) = (file.before, file.applied) else {
        return answer_json::failure(answer_json::error("io", "the file was not edited"));
    };
    drop(file.after); // `applied.text` holds the same
    let changed = applied.text != before;
    let mut value = success(&before, applied, &path.to_string_lossy(), returns, false);
    if !options.dry_run && changed {
        value["version"] = json!(file.version);
    }
    value
}

/// An applied answer; the result text is moved into it, not copied. Spans that cannot all be
/// listed ([`answer_json::MAX_MATCHES_LISTED`]) cannot rebuild the text: a `content` request
/// then gets the `result` too.
pub(super) fn success(
    before: &str,
    mut applied: Applied,
    path: &str,
    returns: Return,
    content: bool,
) -> Value {
    let mut v = answer_json::success(json!({}));
    let spans = returns == Return::Spans;
    answer_json::add_matches(&mut v, &applied.matches, spans);
    let spans_cut = spans && applied.matches.len() > answer_json::MAX_MATCHES_LISTED;
    // Listed: freed before the diff, which takes as much again (a replace_all may make a million).
    applied.matches = Vec::new();
    if !spans {
        v["diff"] = json!(unified_diff(before, &applied.text, path));
    }
    add_sequential_and_failures(&mut v, &applied, &Vocabulary::PIPE);
    if content && (returns == Return::Content || spans_cut) {
        v["result"] = Value::String(applied.text);
    }
    v
}

/// The answer to a line that is not a request: kind `bad_request`, with the request's id.
pub(super) fn bad_request(id: Option<Value>, message: &str) -> Value {
    let mut v = answer_json::failure(answer_json::error("bad_request", message));
    if let Some(id) = id {
        v["id"] = id;
    }
    v
}
