//! Bounded work through the front ends: candidate lists are capped with a total, and a time
//! limit (`"time_limit_ms"` in the pipe, `--time-limit-ms` on the command line) refuses as
//! `too_complex` without touching the file.

use crate::common::{assert_fails, assert_ok, Work};
use serde_json::{json, Value};

fn pipe_answer(w: &Work, request: Value) -> Value {
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let stdout = assert_ok(&out);
    serde_json::from_str(stdout.trim_end()).unwrap_or_else(|e| panic!("{stdout:?}: {e}"))
}

#[test]
fn the_pipe_lists_ten_candidates_and_the_total() {
    let w = Work::new();
    let text = "    x = 1\n".repeat(100_000);
    let path = w.write("same.py", &text);
    let v = pipe_answer(&w, json!({"path": path, "old": "x = 1", "new": "x = 2"}));
    let e = &v["error"]["edits"][0];
    assert_eq!(e["kind"], "ambiguous", "{v}");
    assert_eq!(e["candidates"].as_array().map(Vec::len), Some(10), "{v}");
    assert_eq!(e["candidates_total"], 100_000, "{v}");
    assert!(v.to_string().len() < 4000, "{v}");
    assert_eq!(w.read("same.py"), text);
}

#[test]
fn the_pipe_time_limit_refuses_as_too_complex_and_writes_nothing() {
    let w = Work::new();
    let path = w.write("a.py", "a = 1\n");
    let v = pipe_answer(
        &w,
        json!({"path": path, "old": "a = 1", "new": "a = 2", "time_limit_ms": 0}),
    );
    assert_eq!(v["ok"], false, "{v}");
    assert_eq!(v["error"]["kind"], "too_complex", "{v}");
    assert_eq!(v["error"]["edits"][0]["timed_out"], true, "{v}");
    assert_eq!(w.read("a.py"), "a = 1\n");
    let v = pipe_answer(
        &w,
        json!({"content": "a = 1\n", "old": "a = 1", "new": "a = 2", "time_limit_ms": 60_000}),
    );
    assert_eq!(v["ok"], true, "{v}");
}

#[test]
fn the_command_line_time_limit_refuses_as_too_complex() {
    let w = Work::new();
    w.write("a.py", "a = 1\n");
    let out = w.run([
        "apply",
        "a.py",
        "--old",
        "a = 1",
        "--new",
        "a = 2",
        "--time-limit-ms",
        "0",
    ]);
    let stderr = assert_fails(&out, 1);
    let said = format!("{}{stderr}", String::from_utf8_lossy(&out.stdout));
    assert!(
        said.contains("more time than the time limit allows"),
        "{said}"
    );
    assert_eq!(w.read("a.py"), "a = 1\n");
}
