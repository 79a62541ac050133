//! A reader that goes away early (`fuzzy-edit ... | head -1`) ends every command quietly, as
//! ripgrep does: exit 0 (or the command's own code), nothing on stderr, no panic.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common::Work;

/// Start `fuzzy-edit ARGS` in `w` with its stdout closed before it writes (the read end of
/// the pipe is dropped at once); the child and its input.
fn start_with_stdout_closed(
    w: &Work,
    args: &[&str],
) -> (std::process::Child, std::process::ChildStdin) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
        .args(args)
        .current_dir(w.root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fuzzy-edit");
    drop(child.stdout.take());
    let input = child.stdin.take().unwrap();
    (child, input)
}

/// Run `fuzzy-edit ARGS` in `w` with its stdout closed before it writes, `stdin` on its input;
/// its exit code and stderr.
fn with_stdout_closed(w: &Work, args: &[&str], stdin: &[u8]) -> (Option<i32>, String) {
    let (child, mut input) = start_with_stdout_closed(w, args);
    // The program may stop reading once its output is gone: a failed write here is fine.
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().expect("wait for fuzzy-edit");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_pipe_ends_quietly_when_its_reader_is_gone() {
    let w = Work::new();
    let request = "{\"content\": \"a\\n\", \"old\": \"a\", \"new\": \"b\"}\n".repeat(5_000);
    let (code, err) = with_stdout_closed(&w, &["pipe"], request.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "");
}

#[test]
fn the_pipe_ends_when_its_reader_is_gone_while_its_input_stays_open() {
    // The pipe reads the next request on a thread of its own: with nobody left to answer, it
    // must not wait for that request.
    let w = Work::new();
    let (mut child, mut input) = start_with_stdout_closed(&w, &["pipe"]);
    let request = "{\"content\": \"a\\n\", \"old\": \"a\", \"new\": \"b\"}\n";
    input.write_all(request.as_bytes()).unwrap();
    input.flush().unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("poll fuzzy-edit") {
            break Some(status);
        }
        if started.elapsed() > std::time::Duration::from_secs(20) {
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    drop(input);
    let out = child.wait_with_output().expect("wait for fuzzy-edit");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        status.and_then(|s| s.code()),
        Some(0),
        "still running with its input open: {err}"
    );
    assert_eq!(err, "");
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_fails_stops_the_edits_at_the_first_answer_it_cannot_take() {
    // The pipe edits one request while it writes the answer before: a request that names a
    // file still waits for every earlier answer to be written, so the edits stop where the
    // answers do, as on one thread.
    let w = Work::new();
    w.write("f.py", "a = 0\n");
    let requests: String = (1..=5)
        .map(|i| {
            format!(
                "{{\"id\": {i}, \"path\": \"f.py\", \"old\": \"a = {}\", \"new\": \"a = {i}\"}}\n",
                i - 1
            )
        })
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
        .arg("pipe")
        .current_dir(w.root())
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create("/dev/full").expect("open /dev/full"))
        .stderr(Stdio::piped())
        .spawn()
        .expect("start fuzzy-edit");
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(requests.as_bytes());
    drop(input);
    let out = child.wait_with_output().expect("wait for fuzzy-edit");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(w.read("f.py"), "a = 1\n");
}

#[test]
fn every_printing_command_ends_quietly_when_its_reader_is_gone() {
    let w = Work::new();
    // A diff longer than a pipe's buffer, so that the write cannot land before the close (and
    // with fewer occurrences of `x` than a `replace_all` may hold for a file of this size).
    let text = "x is one of the lines of a long file\n".repeat(20_000);
    w.write("a.txt", &text);
    for (args, expected) in [
        (
            &[
                "check",
                "a.txt",
                "--old",
                "x",
                "--new",
                "y",
                "--replace-all",
            ][..],
            0,
        ),
        (
            &[
                "check",
                "--json",
                "a.txt",
                "--old",
                "x",
                "--new",
                "y",
                "--replace-all",
            ],
            0,
        ),
        (
            &[
                "check",
                "--patch",
                "a.txt",
                "--old",
                "x",
                "--new",
                "y",
                "--replace-all",
            ],
            0,
        ),
        (&["man"], 0),
        (&["man", "apply"], 0),
        (&["completions", "bash"], 0),
        (&["--help"], 0),
        (
            &["check", "--json", "missing.txt", "--old", "x", "--new", "y"],
            2,
        ),
    ] {
        let (code, err) = with_stdout_closed(&w, args, b"");
        assert_eq!(code, Some(expected), "{args:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(w.read("a.txt"), text);
}
