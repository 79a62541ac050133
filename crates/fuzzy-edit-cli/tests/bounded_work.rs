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
    // (50,000 candidates: within the allowance of a 500 KB text, 65,536 + 1 per 32 bytes.)
    let text = "    x = 1\n".repeat(50_000);
    let path = w.write("same.py", &text);
    let v = pipe_answer(&w, json!({"path": path, "old": "x = 1", "new": "x = 2"}));
    let e = &v["error"]["edits"][0];
    assert_eq!(e["kind"], "ambiguous", "{v}");
    assert_eq!(e["candidates"].as_array().map(Vec::len), Some(10), "{v}");
    assert_eq!(e["candidates_total"], 50_000, "{v}");
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

/// A lazy snippet is stopped by the time limit as a search for `old` is: the same refusal,
/// nothing written; within the limit it merges.
#[test]
fn the_pipe_time_limit_stops_a_snippet_as_too_complex_and_writes_nothing() {
    let w = Work::new();
    let text = "fn a() {\n    1\n}\n\nfn b() {\n    2\n}\n";
    let snippet = "// ... existing code ...\nfn b() {\n    3\n}\n";
    let path = w.write("a.rs", text);
    for request in [
        json!({"path": path, "snippet": snippet, "time_limit_ms": 0}),
        json!({"content": text, "snippet": snippet, "name": "a.rs", "time_limit_ms": 0}),
    ] {
        let v = pipe_answer(&w, request);
        assert_eq!(v["ok"], false, "{v}");
        assert_eq!(v["error"]["kind"], "too_complex", "{v}");
        assert_eq!(v["error"]["edits"][0]["timed_out"], true, "{v}");
        let message = v["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("more time than the time limit allows"),
            "{v}"
        );
    }
    assert_eq!(w.read("a.rs"), text);
    let v = pipe_answer(
        &w,
        json!({"path": path, "snippet": snippet, "time_limit_ms": 60_000}),
    );
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(w.read("a.rs"), text.replace("    2", "    3"));
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

/// 1500 lines `x = 1`: a `replace_all` makes more replacements than an answer lists.
const MANY: usize = 1500;

fn many_lines() -> String {
    "x = 1\n".repeat(MANY)
}

#[test]
fn a_replace_all_answer_lists_the_first_matches_and_the_total() {
    let w = Work::new();
    let request =
        json!({"content": many_lines(), "old": "x = 1", "new": "x = 2", "replace_all": true});
    let v = pipe_answer(&w, request.clone());
    crate::result_schema::assert_valid(&v);
    assert_eq!(v["result"], "x = 2\n".repeat(MANY), "{v}");
    assert_eq!(v["matches_total"], MANY);
    let listed = v["matches"].as_array().unwrap();
    assert_eq!(listed.len(), 1000);
    let lines: Vec<u64> = listed
        .iter()
        .map(|m| m["start_line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, (1..=1000).collect::<Vec<u64>>());
    // The diff is whole: every line changed.
    assert_eq!(
        v["diff"].as_str().unwrap().matches("\n+x = 2").count(),
        MANY,
        "{v}"
    );

    // Spans cut at 1000 cannot rebuild the text: the result comes with them.
    let mut spans = request.clone();
    spans["return"] = json!("spans");
    let v = pipe_answer(&w, spans);
    crate::result_schema::assert_valid(&v);
    assert_eq!(v["matches"].as_array().map(Vec::len), Some(1000), "{v}");
    assert_eq!(v["matches"][999]["span"], json!([5994, 5999]));
    assert_eq!(v["matches_total"], MANY);
    assert_eq!(v["result"], "x = 2\n".repeat(MANY));
    assert!(v.get("diff").is_none(), "{v}");

    // A few spans rebuild it, and the total is there too.
    let v = pipe_answer(
        &w,
        json!({"content": "x = 1\nx = 1\n", "old": "x = 1", "new": "x = 2", "replace_all": true, "return": "spans"}),
    );
    assert_eq!(v["matches_total"], 2, "{v}");
    assert!(v.get("result").is_none(), "{v}");
}

#[test]
fn apply_lists_the_first_matches_and_the_total() {
    let w = Work::new();
    w.write("many.py", many_lines());
    let args = [
        "apply",
        "many.py",
        "--old",
        "x = 1",
        "--new",
        "x = 2",
        "--replace-all",
        "--dry-run",
    ];
    let out = w.run(args.iter().chain(&["--json"]));
    let v = crate::common::stdout_json(&out);
    crate::result_schema::assert_valid(&v);
    let file = &v["files"][0];
    assert_eq!(file["matches"].as_array().map(Vec::len), Some(1000), "{v}");
    assert_eq!(file["matches_total"], MANY);

    // For people: the first ten, how many more, and the whole diff.
    let stdout = assert_ok(&w.run(args));
    assert_eq!(stdout.matches("  edit 1: exact").count(), 10, "{stdout}");
    assert!(
        stdout.contains("  ... and 1490 more replacements (1500 in all)\n"),
        "{stdout}"
    );
    assert_eq!(stdout.matches("\n+x = 2").count(), MANY);
    assert_eq!(w.read("many.py"), many_lines());
}
