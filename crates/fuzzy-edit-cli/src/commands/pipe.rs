//! `fuzzy-edit pipe`: JSON Lines in, JSON Lines out, one answer per request, in order.
//!
//! A request edits `"content"` in memory, or the file at `"path"` (written atomically unless
//! `"dry_run"`, in place with `"in_place"`; refused if `"expect_mtime"`/`"expect_sha256"` do not match it); how it is read
//! is in [`super::pipe_request`]. The pipe never dies on input: a line that is not a request
//! (not JSON, not an object, unknown or missing fields, not UTF-8) gets an error answer
//! (`"kind": "bad_request"`), a line over the size limit one of `"kind": "request_too_large"`,
//! and the next line is read. Blank lines are skipped without an answer. `"return"` says what an
//! applied answer carries: the result text, the diff, or only the replaced spans.
//! `"time_limit_ms"` bounds the time spent finding the edits: past it the request is refused as
//! `too_complex` and nothing is written. The answers' shape is [`crate::render::json`]'s, shared
//! with `apply --json` and the MCP tools.

use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use fuzzy_edit::fs::Op;
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::{apply_snippet, apply_with, Failed};
use serde_json::Value;

use super::pipe_answer::{bad_request, edit_file, options, success};
use super::pipe_request::{self, Request, Target};
use super::pipe_stages::{Answer, Event};
use crate::render::json as answer_json;

/// Serve stdin until it ends, reading requests of at most `max_request_bytes`. Exit code 2 if
/// reading or writing fails.
pub fn run(max_request_bytes: u64) -> ExitCode {
    if io::IsTerminal::is_terminal(&io::stdin()) {
        eprintln!("fuzzy-edit pipe: reading JSON Lines requests from stdin, one answer per line on stdout (see the README, \"The pipe\"); Ctrl-D to end");
    }
    widen_pipes();
    // A request of megabytes is read in large pieces (stdin's own buffer is 8 KiB). `serve`
    // writes each answer whole and flushes it: stdout's line buffer then passes it straight on.
    let input = BufReader::with_capacity(IO_BUFFER, io::stdin());
    let output = BufWriter::with_capacity(IO_BUFFER, io::stdout());
    match serve(input, output, max_request_bytes) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`fuzzy-edit pipe | head -1`): nobody is left to answer, and
        // that is no error of ours (ripgrep ends the same way).
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
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

/// Serve requests from `input` until it ends, one answer per request, in order
/// ([`super::pipe_stages`] runs reading, editing and writing on threads of their own).
pub fn serve(
    input: BufReader<impl Read + Send + 'static>,
    output: impl Write + Send,
    max_request_bytes: u64,
) -> io::Result<()> {
    super::pipe_stages::serve(input, output, max_request_bytes, |event| {
        answer_event(event, max_request_bytes)
    })
}

/// The answer to one line of input, and its id as the client wrote it where the parser could
/// only read it as a float.
fn answer_event(event: Event, max_request_bytes: u64) -> Answer {
    let (answer, line) = match event {
        Event::TooLong(len) => (answer_json::failure(answer_json::error(
            "request_too_large",
            format!("the request is {len} bytes, over the pipe's limit of {max_request_bytes} bytes; it was skipped. Send a smaller request (a file by \"path\" instead of its \"content\"), or start the pipe with a larger --max-request-bytes."),
        )), String::new()),
        Event::NotText(line, e) => {
            // (Its id as written, where the line is readable around it.)
            let line = String::from_utf8_lossy(&line).into_owned();
            let id = super::readable_id::readable_id(&line);
            let message = format!("the line is not valid UTF-8: {e}");
            (bad_request(id, &message), line)
        }
        Event::Request(line, value) => (answer_read(&line, value), line),
    };
    let raw_id = super::readable_id::float_id_as_sent(&answer, line.as_bytes());
    (answer, raw_id)
}

/// The answer to one request line.
#[cfg(test)]
fn answer(line: &str) -> Value {
    answer_read(line, super::pipe_json::read(line))
}

/// The answer to one request line, its JSON read (once: the line of a 4 MB request is not
/// parsed, nor searched, twice).
fn answer_read(line: &str, value: serde_json::Result<Value>) -> Value {
    let value = match super::pipe_lines::answer(line, value) {
        Ok(answer) => return answer,
        Err(value) => value,
    };
    let request = match pipe_request::parse(line, value) {
        Ok(r) => r,
        Err(rejected) => return bad_request(rejected.id, &rejected.message),
    };
    // A NUL byte makes text binary: refused before anything is edited, as a file holding one
    // is (the result would be refused as binary after the edit, or written into a file).
    let nul = match &request.target {
        // (By memchr: `str::find` of a char took 4.2 M instructions of a 4 MB text.)
        Target::Content { text, .. } => {
            memchr::memchr(0, text.as_bytes()).map(|at| ("content", at))
        }
        Target::Path(_) => None,
    }
    .or_else(|| {
        request
            .edits
            .iter()
            .find_map(|e| e.new.find('\0').map(|at| ("new", at)))
    });
    if let Some((field, at)) = nul {
        let message = format!("\"{field}\" holds a NUL byte (at byte {at}): fuzzy-edit only edits text, and nothing was edited. Send text without NUL bytes.");
        let mut v = answer_json::failure(answer_json::error("binary", &message));
        if let Some(id) = request.id {
            v["id"] = id;
        }
        return v;
    }
    let mut value = match (&request.target, &request.snippet, &request.merged) {
        (target, Some(snippet), Some(merged)) => verify(target, snippet, merged, &request),
        (Target::Content { text, name }, _, _) => {
            let engine = options(&request).engine(request.mode, Path::new(name));
            let applied = match &request.snippet {
                Some(snippet) => apply_snippet(text, snippet, &engine)
                    .map_err(|error| Failed::of_snippet(error, snippet)),
                None => apply_with(text, &request.edits, &engine),
            };
            match applied {
                Ok(applied) => success(text, applied, name, request.returns, true),
                Err(failed) => answer_json::failure(answer_json::refusal(
                    &failed,
                    failed.message(&Vocabulary::PIPE),
                    None,
                    &Vocabulary::PIPE,
                )),
            }
        }
        (Target::Path(path), _, _) => {
            let op = match &request.snippet {
                Some(snippet) => Op::Snippet(snippet.clone()),
                None => Op::Edit(request.edits.clone()),
            };
            edit_file(Path::new(path), op, &request)
        }
    };
    if request.hashes {
        match value.get_mut("error") {
            Some(error) => super::closest_refs::add_to_error(error),
            None => super::closest_refs::add_to_matches(&mut value),
        }
    }
    if let Some(id) = request.id {
        value["id"] = id;
    }
    value
}

/// Verify `merged`, a merge of `snippet` made elsewhere, against the request's text or file
/// (read, never written): `{"ok": true, "verified": true}`, or kind `unverified` with the
/// findings.
fn verify(target: &Target, snippet: &str, merged: &str, request: &Request) -> Value {
    let (original, name) = match target {
        Target::Content { text, name } => {
            (std::borrow::Cow::Borrowed(text.as_str()), name.as_str())
        }
        Target::Path(path) => match fuzzy_edit::fs::read_text(Path::new(path), &options(request)) {
            Ok(text) => (std::borrow::Cow::Owned(text), path.as_str()),
            Err(e) => {
                let message = e.message(&Vocabulary::PIPE);
                return answer_json::failure(answer_json::file_error(&e, message));
            }
        },
    };
    let engine = options(request).engine(request.mode, Path::new(name));
    match fuzzy_edit::snippet::verify_snippet(&original, snippet, merged, &engine) {
        Ok(()) => answer_json::success(serde_json::json!({"verified": true})),
        Err(u) => answer_json::failure(super::verify::unverified(&u)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_byte_in_new_or_content_is_refused_up_front() {
        for line in [
            r#"{"id": 3, "content": "a\n", "old": "a", "new": "b\u0000"}"#,
            r#"{"id": 3, "content": "a\u0000\n", "old": "a", "new": "b"}"#,
        ] {
            let v = answer(line);
            assert_eq!(v["ok"], false, "{v}");
            assert_eq!(v["error"]["kind"], "binary", "{v}");
            assert_eq!(v["id"], 3, "{v}");
        }
    }

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
        let edit = &v["error"]["edits"][0];
        assert_eq!(edit["edit"], 0);
        assert_eq!(edit["candidates"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn serve_skips_blank_lines_and_survives_bad_utf8() {
        let input: &[u8] = b"\n{\"content\":\"a\",\"old\":\"a\",\"new\":\"b\"}\n\xff\xfe\n";
        let mut out = Vec::new();
        serve(BufReader::new(input), &mut out, 1024).unwrap();
        let lines: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].contains("\"ok\":true"));
        assert!(lines[1].contains("bad_request"));
    }

    #[test]
    fn serve_answers_a_line_over_the_limit_and_goes_on() {
        let long = format!(
            "{{\"content\": \"{}\", \"old\": \"a\", \"new\": \"b\"}}\n",
            "a".repeat(100)
        );
        let input = long + "{\"content\":\"a\",\"old\":\"a\",\"new\":\"b\"}\n";
        let mut out = Vec::new();
        serve(
            BufReader::new(io::Cursor::new(input.into_bytes())),
            &mut out,
            64,
        )
        .unwrap();
        let answers: Vec<Value> = std::str::from_utf8(&out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(answers.len(), 2);
        assert_eq!(answers[0]["error"]["kind"], "request_too_large");
        assert_eq!(answers[1]["result"], "b");
    }
}
