//! `fuzzy-edit pipe`: one long-lived process, requests with the whole file as `content`.

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::corpus::{edit, Expected, Kind};

/// A running pipe.
pub struct Pipe {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Pipe {
    pub fn start(bin: &Path) -> io::Result<Pipe> {
        let mut child = Command::new(bin)
            .arg("pipe")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = Some(child.stdin.take().expect("piped stdin"));
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(Pipe {
            child,
            stdin,
            stdout,
        })
    }

    /// Send one request line and read its answer: the time from the first byte written to the
    /// answer's newline read, and the answer.
    pub fn ask(&mut self, line: &[u8]) -> io::Result<(Duration, String)> {
        let mut answer = String::new();
        let start = Instant::now();
        self.stdin
            .as_mut()
            .expect("open until drop")
            .write_all(line)?;
        self.stdin.as_mut().expect("open until drop").flush()?;
        self.stdout.read_line(&mut answer)?;
        let took = start.elapsed();
        if answer.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the pipe closed its stdout",
            ));
        }
        Ok((took, answer))
    }
}

impl Drop for Pipe {
    fn drop(&mut self) {
        // End of input ends the process (and lets a profiler wrapping it write its data); wait
        // so no process outlives the benchmark.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// The request line for `kind` on `text`, with `"return": ret` when given, and named as a
/// Python file (so the syntax guard parses it) when `guarded`.
pub fn request(kind: Kind, lines: usize, text: &str, ret: Option<&str>, guarded: bool) -> Vec<u8> {
    let (old, new) = edit(kind, lines);
    let mut r = json!({"id": 1, "content": text, "old": old, "new": new});
    if let Some(ret) = ret {
        r["return"] = json!(ret);
    }
    if guarded {
        r["name"] = json!("bench.py");
    }
    let mut line = serde_json::to_vec(&r).expect("a request serializes");
    line.push(b'\n');
    line
}

/// Why an answer is not the one `kind` must get, if it is not.
pub fn wrong_answer(kind: Kind, ret: Option<&str>, answer: &str) -> Option<String> {
    let v: Value = match serde_json::from_str(answer) {
        Ok(v) => v,
        Err(e) => return Some(format!("not JSON ({e})")),
    };
    let short = || answer.chars().take(200).collect::<String>();
    match kind.expected() {
        Expected::Applied(strategy) => {
            if v["ok"] != true || v["matches"][0]["strategy"] != strategy {
                return Some(format!("expected {strategy}, got {}", short()));
            }
            let has_result = v.get("result").is_some_and(Value::is_string);
            let wants_result = matches!(ret, None | Some("content"));
            if has_result != wants_result {
                return Some(format!("\"result\" present: {has_result}, {}", short()));
            }
            if ret != Some("spans") && !v["diff"].is_string() {
                return Some(format!("no diff: {}", short()));
            }
        }
        Expected::Refused(error) => {
            if v["ok"] != false || v["error"]["kind"] != error {
                return Some(format!("expected {error}, got {}", short()));
            }
        }
    }
    None
}
