//! No wait without end: a writer holding a directory's lock (here the test itself, as a stopped
//! process or a slow edit of a huge file would) makes other writers in that directory answer
//! `busy` once their lock wait is over, with the file untouched; released, the lock is taken.

use std::os::fd::OwnedFd;
use std::time::{Duration, Instant};

use rustix::fs::{flock, FlockOperation};

use crate::common::{assert_ok, Work};

/// The lock a fuzzy-edit writer takes on `dir`, held until dropped.
fn hold(dir: &std::path::Path) -> OwnedFd {
    let fd: OwnedFd = std::fs::File::open(dir).unwrap().into();
    flock(&fd, FlockOperation::LockExclusive).unwrap();
    fd
}

/// A generous ceiling for a wait of `ms`: the machine may be loaded and the build a debug one.
fn within(ms: u64) -> Duration {
    Duration::from_millis(ms + 3000)
}

#[test]
fn apply_answers_busy_within_its_wait_and_writes_nothing() {
    let w = Work::new();
    w.write("a.txt", "one\n");
    let held = hold(w.root());
    let start = Instant::now();
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "one",
        "--new",
        "two",
        "--lock-wait-ms",
        "300",
        "--json",
    ]);
    let took = start.elapsed();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"]["kind"], "busy", "{answer}");
    assert_eq!(answer["error"]["waited_ms"], 300, "{answer}");
    assert!(took >= Duration::from_millis(300), "{took:?}");
    assert!(took < within(300), "{took:?}");
    assert_eq!(w.read("a.txt"), "one\n");
    drop(held);
    assert_ok(&w.run(["apply", "a.txt", "--old", "one", "--new", "two"]));
    assert_eq!(w.read("a.txt"), "two\n");
}

#[test]
fn the_pipe_answers_busy_and_goes_on() {
    let w = Work::new();
    w.write("a.txt", "one\n");
    let held = hold(w.root());
    let path = w.path("a.txt");
    let request = |id: u32| {
        serde_json::json!({"id": id, "path": path, "old": "one", "new": "two", "lock_wait_ms": 200})
            .to_string()
    };
    let start = Instant::now();
    let out = w
        .cmd(["pipe"])
        .write_stdin(format!("{}\n{}\n", request(1), request(2)))
        .output()
        .unwrap();
    let took = start.elapsed();
    let answers: Vec<serde_json::Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    for (k, a) in answers.iter().enumerate() {
        assert_eq!(a["id"], k + 1, "{a}");
        assert_eq!(a["error"]["kind"], "busy", "{a}");
    }
    assert!(took < within(400), "{took:?}");
    assert_eq!(w.read("a.txt"), "one\n");
    drop(held);
}
