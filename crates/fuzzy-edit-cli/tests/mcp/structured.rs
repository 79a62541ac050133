//! The tools' `structuredContent`: the answer of `apply --json` and of the pipe, in the same
//! shape (docs/schema/result-v1.json), beside the words for the model. After a success that
//! saw through more than habits, both say where the file differs from `old_string` (the text
//! in a paragraph, the match in `differences`); neither does when `old_string` differed only
//! in habits.

use serde_json::{json, Value};

use super::{text, Server};
use crate::common::Work;
use crate::result_schema::{assert_valid, pipe};

/// Call a tool; return (isError, structuredContent), the latter checked against the schema and
/// carrying, for a refusal, the very message of the text content.
fn call(server: &mut Server, tool: &str, arguments: Value) -> (bool, Value) {
    let result = server.call(tool, arguments);
    let structured = result["structuredContent"].clone();
    assert_valid(&structured);
    let is_error = result["isError"] == json!(true);
    if is_error {
        assert_eq!(
            structured["error"]["message"], result["content"][0]["text"],
            "{result}"
        );
    }
    (is_error, structured)
}

#[test]
fn tool_results_carry_the_shared_json_answer() {
    let w = Work::new();
    let text = "def f():\n    return 1\n\ndef g():\n    return 1\n";
    w.write("t.py", text);
    let mut server = Server::start(w.root());

    let (is_error, v) = call(
        &mut server,
        "edit_file",
        json!({"path": "t.py", "old_string": "def f", "new_string": "def h"}),
    );
    assert!(is_error);
    assert_eq!(v["error"]["kind"], "not_read", "{v}");
    assert_eq!(v["error"]["path"], "t.py");

    server.ok("read_file", json!({"path": "t.py"}));
    let ambiguous =
        json!({"path": "t.py", "old_string": "    return 1", "new_string": "    return 2"});
    let (is_error, v) = call(&mut server, "edit_file", ambiguous);
    assert!(is_error);
    // The same refusal as the pipe's, edit for edit, each in its own words.
    let from_pipe = &pipe(
        &w,
        &[json!({"path": "t.py", "old": "    return 1", "new": "    return 2"})],
    )[0];
    assert_eq!(v["error"]["kind"], "ambiguous");
    assert_eq!(
        crate::common::edits_but_messages(&v),
        crate::common::edits_but_messages(from_pipe),
        "{v}"
    );
    let words = |v: &serde_json::Value| {
        v["error"]["edits"][0]["message"]
            .as_str()
            .map(str::to_string)
    };
    assert!(
        words(&v)
            .unwrap()
            .starts_with("old_string matches 2 places"),
        "{v}"
    );
    assert!(
        words(from_pipe)
            .unwrap()
            .starts_with("old matches 2 places"),
        "{from_pipe}"
    );

    let (is_error, v) = call(
        &mut server,
        "edit_file",
        json!({"path": "t.py", "old_string": "def g", "new_string": "def k", "dry_run": true}),
    );
    assert!(!is_error);
    assert_eq!(v["dry_run"], true);
    assert_eq!(v["files"][0]["path"], "t.py");
    assert_eq!(v["files"][0]["action"], "edit");
    assert_eq!(v["files"][0]["matches"][0]["start_line"], 4);
    assert!(v["files"][0]["diff"]
        .as_str()
        .unwrap()
        .contains("+def k():"));
    assert_eq!(w.read("t.py"), text);

    let (is_error, v) = call(
        &mut server,
        "edit_file",
        json!({"path": "gone.py", "old_string": "a", "new_string": "b"}),
    );
    assert!(is_error);
    assert_eq!(v["error"]["kind"], "file_not_found");
    assert_eq!(v["error"]["path"], "gone.py");

    let (is_error, v) = call(&mut server, "read_file", json!({"path": "../outside.txt"}));
    assert!(is_error);
    assert_eq!(v["error"]["kind"], "outside", "{v}");
    assert_eq!(v["error"]["path"], "../outside.txt");

    let (is_error, v) = call(
        &mut server,
        "edit_file",
        json!({"path": "t.py", "old_string": "a", "new_string": "b", "bogus": 1}),
    );
    assert!(is_error);
    assert_eq!(v["error"]["kind"], "bad_request");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("unknown field \"bogus\""));

    let (is_error, v) = call(
        &mut server,
        "write_file",
        json!({"path": "new.txt", "content": "hello\n"}),
    );
    assert!(!is_error);
    assert_eq!(v["files"][0]["action"], "create", "{v}");

    assert!(server.finish().success());
}

#[test]
fn a_replace_all_lists_the_first_matches_and_the_total() {
    let w = Work::new();
    w.write("many.py", "x = 1\n".repeat(1500));
    let mut server = Server::start(w.root());
    server.ok("read_file", json!({"path": "many.py"}));
    let result = server.call(
        "edit_file",
        json!({"path": "many.py", "old_string": "x = 1", "new_string": "x = 2", "replace_all": true}),
    );
    let v = &result["structuredContent"];
    assert_valid(v);
    assert_eq!(
        v["files"][0]["matches"].as_array().map(Vec::len),
        Some(1000),
        "{v}"
    );
    assert_eq!(v["files"][0]["matches_total"], 1500);
    // The model reads the first ten and how many more.
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("Edited many.py: 1500 replacements from 1 edit.\n"),
        "{text}"
    );
    assert_eq!(text.matches("- edit 1: line").count(), 10, "{text}");
    assert!(
        text.contains("- ... and 1490 more replacements\n"),
        "{text}"
    );
    assert_eq!(w.read("many.py"), "x = 2\n".repeat(1500));
}

#[test]
fn the_text_and_the_structured_answer_say_where_old_string_was_wrong() {
    let w = Work::new();
    w.write(
        "f.py",
        "def f(a, b):\n    total = compute_the_sum(a, b)\n    return total\n",
    );
    let mut server = Server::start(w.root());
    server.ok("read_file", json!({"path": "f.py"}));
    let result = server.call(
        "edit_file",
        json!({"path": "f.py", "old_string": "total = compute_the_sum(a, c)", "new_string": "total = compute_the_sum(a, c) + 1"}),
    );
    assert_eq!(result["isError"], json!(false), "{result}");
    let said = text(&result);
    assert!(
        said.contains("The file differs from old_string in more than whitespace (`-` old_string had, `+` the file has); edit from the file's lines:\nline 2:\n  - total = compute_the_sum(a, c)\n  +     total = compute_the_sum(a, b)\n"),
        "{said}"
    );
    let structured = &result["structuredContent"];
    assert_valid(structured);
    let m = &structured["files"][0]["matches"][0];
    assert_eq!(m["differences"][0]["line"], 2, "{structured}");
    assert_eq!(
        m["differences"][0]["file"],
        json!(["    total = compute_the_sum(a, b)"])
    );

    // Indentation alone: nothing said.
    let said = server.ok(
        "edit_file",
        json!({"path": "f.py", "old_string": "def f(a, b):\n  total = compute_the_sum(a, b) + 1", "new_string": "def f(a, b):\n  total = compute_the_sum(a, b) + 2"}),
    );
    assert!(said.contains("matched by indentation"), "{said}");
    assert!(!said.contains("differs"), "{said}");
}
