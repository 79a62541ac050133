//! A success that saw through more than habits tells the caller where the file differs from
//! `old`, in every answer: `differences` in each match of `--json` and of the pipe (with
//! `current`, the `LINE#ID`s, when the request asked for hashes), a paragraph in the CLI's
//! text; nothing when `old` differed only in habits. (MCP: `mcp::structured`.)

use serde_json::{json, Value};

use crate::common::{assert_ok, stdout_json, Work};
use crate::result_schema::{assert_valid, pipe};

/// A file whose line 2 the model remembers with `c` for `b`.
const FILE: &str = "def f(a, b):\n    total = compute_the_sum(a, b)\n    return total\n";
const OLD: &str = "total = compute_the_sum(a, c)";
const NEW: &str = "total = compute_the_sum(a, c) + 1";
/// The first two lines, with 2-space indentation for the file's 4: a habit.
const HABITS_OLD: &str = "def f(a, b):\n  total = compute_the_sum(a, b)";
const HABITS_NEW: &str = "def f(a, b):\n  total = compute_the_sum(a, b) * 2";

fn the_place() -> Value {
    json!([{"line": 2, "file": ["    total = compute_the_sum(a, b)"], "old": [OLD]}])
}

#[test]
fn json_lists_the_differences_of_a_typo_line_success() {
    let w = Work::new();
    w.write("f.py", FILE);
    let v = stdout_json(&w.run(["apply", "f.py", "--old", OLD, "--new", NEW, "--json"]));
    assert_valid(&v);
    let m = &v["files"][0]["matches"][0];
    assert_eq!(m["strategy"], "typo_line", "{v}");
    assert_eq!(m["differences"], the_place(), "{v}");
    assert_eq!(m["differences_total"], 1);
    assert_eq!(w.read("f.py"), FILE.replace("b)\n", "b) + 1\n"));
}

#[test]
fn text_says_where_the_file_differs_and_nothing_for_habits() {
    let w = Work::new();
    w.write("f.py", FILE);
    let out = assert_ok(&w.run(["apply", "f.py", "--old", OLD, "--new", NEW]));
    assert!(
        out.contains("The file differs from --old in more than whitespace"),
        "{out}"
    );
    assert!(
        out.contains("  line 2:\n    - total = compute_the_sum(a, c)\n    +     total = compute_the_sum(a, b)\n"),
        "{out}"
    );
    // Indentation only: no paragraph.
    w.write("g.py", FILE);
    let out = assert_ok(&w.run(["apply", "g.py", "--old", HABITS_OLD, "--new", HABITS_NEW]));
    assert!(out.contains("indentation"), "{out}");
    assert!(!out.contains("differs"), "{out}");
}

#[test]
fn the_pipe_lists_them_with_line_ids_when_asked_for_hashes() {
    let w = Work::new();
    let answers = pipe(
        &w,
        &[
            json!({"content": FILE, "old": OLD, "new": NEW}),
            json!({"content": FILE, "old": OLD, "new": NEW, "hashes": true}),
            json!({"content": FILE, "old": HABITS_OLD, "new": HABITS_NEW}),
        ],
    );
    assert_eq!(
        answers[0]["matches"][0]["differences"],
        the_place(),
        "{}",
        answers[0]
    );
    let place = &answers[1]["matches"][0]["differences"][0];
    let id = fuzzy_edit::line_refs::line_id(2, "    total = compute_the_sum(a, b)");
    assert_eq!(
        place["current"],
        format!("2#{id}|    total = compute_the_sum(a, b)\n"),
        "{place}"
    );
    let habits = &answers[2]["matches"][0];
    assert_eq!(habits["strategy"], "indentation", "{habits}");
    assert!(habits.get("differences").is_none(), "{habits}");
}

#[test]
fn each_edit_of_a_batch_reports_its_own() {
    let w = Work::new();
    let answers = pipe(
        &w,
        &[json!({"content": FILE, "edits": [
            {"old": OLD, "new": NEW},
            {"old": "  return total", "new": "  return total * 2"},
        ]})],
    );
    let matches = answers[0]["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 2, "{}", answers[0]);
    assert_eq!(matches[0]["differences"], the_place());
    assert!(matches[1].get("differences").is_none(), "{}", answers[0]);
}
