//! Line-addressed edits end to end (docs/line-refs.md): `read --hashes`, line edits in an
//! `--edits` document, and the pipe's `read` and `line_edits` requests, every JSON answer
//! checked against the schema.

use fuzzy_edit::line_refs::{line_id, read_with_hashes};
use serde_json::json;

use crate::common::{assert_ok, stdout_json, Work};
use crate::result_schema::{assert_valid, pipe};

const CRLF: &str =
    "def total(items):\r\n    s = 0\r\n    for i in items:\r\n        s += i\r\n    return s\r\n";

fn r(n: usize, line: &str) -> String {
    format!("{n}#{}", line_id(n, line))
}

#[test]
fn read_with_hashes_shows_every_line_with_its_reference() {
    let w = Work::new();
    w.write("app.py", CRLF);
    let shown = assert_ok(&w.run(["read", "app.py", "--hashes"]));
    assert_eq!(shown, read_with_hashes(CRLF, None));
    assert!(shown.starts_with(&format!(
        "{}|def total(items):\n",
        r(1, "def total(items):")
    )));
    let two = assert_ok(&w.run(["read", "app.py", "--hashes", "--lines", "2:3"]));
    assert_eq!(two.lines().count(), 2);
    assert!(two.starts_with("2#"));
    assert_eq!(
        assert_ok(&w.run(["read", "app.py", "--lines", "5:"])),
        "    return s\r\n"
    );
    assert_eq!(
        w.run(["read", "app.py", "--lines", "3:1"]).status.code(),
        Some(2)
    );
}

#[test]
fn an_edits_document_of_line_edits_is_one_transaction_on_the_read() {
    let w = Work::new();
    w.write("app.py", CRLF);
    // Both refer to the file as read: the insertion does not move the replacement.
    let doc = json!({"file_path": "app.py", "edits": [
        {"op": "append", "pos": r(1, "def total(items):"), "lines": "    \"\"\"Sum.\"\"\""},
        {"op": "replace", "pos": r(5, "    return s"), "lines": ["return s * 2"]},
    ]});
    w.write("edits.json", doc.to_string());
    let v = stdout_json(&w.run(["apply", "--edits", "edits.json", "--json"]));
    assert_valid(&v);
    assert_eq!(v["ok"], true, "{v:#}");
    assert_eq!(
        w.read("app.py"),
        "def total(items):\r\n    \"\"\"Sum.\"\"\"\r\n    s = 0\r\n    for i in items:\r\n        s += i\r\n    return s * 2\r\n"
    );
    // Sent again, the references are stale and the file is left as it is.
    let before = w.bytes("app.py");
    let v = stdout_json(&w.run(["apply", "--edits", "edits.json", "--json"]));
    assert_valid(&v);
    assert_eq!(v["error"]["kind"], "stale_reference", "{v:#}");
    assert_eq!(w.bytes("app.py"), before);
}

#[test]
fn the_pipe_reads_with_hashes_and_applies_line_edits() {
    let w = Work::new();
    w.write("app.py", CRLF);
    let answers = pipe(
        &w,
        &[
            json!({"id": 1, "read": "app.py", "hashes": true, "lines": "5:5"}),
            json!({"id": 2, "path": "app.py", "line_edits": [{"op": "replace", "pos": r(5, "    return s"), "lines": ["5#ZZ|    return s + 1"]}]}),
            json!({"id": 3, "content": "a1\nb2\n", "line_edits": [{"op": "prepend", "lines": ["top"]}]}),
            json!({"id": 4, "content": "a1\nb2\n", "line_edits": [
                {"op": "replace", "pos": r(1, "a1"), "end": r(2, "b2"), "lines": []},
                {"op": "replace", "pos": r(2, "b2"), "lines": ["x"]}]}),
        ],
    );
    assert_eq!(
        answers[0]["result"],
        format!("{}|    return s\n", r(5, "    return s"))
    );
    assert_eq!(answers[0]["lines_total"], 5);
    assert_eq!(answers[1]["ok"], true, "{:#}", answers[1]);
    assert!(w
        .read("app.py")
        .ends_with("        s += i\r\n    return s + 1\r\n"));
    assert_eq!(answers[2]["result"], "top\na1\nb2\n");
    assert_eq!(answers[3]["error"]["kind"], "overlapping_edits");
    assert_eq!(answers[3]["id"], 4);
}

#[test]
fn a_pipe_request_with_hashes_gets_the_closest_lines_by_reference() {
    let w = Work::new();
    w.write("app.py", CRLF);
    let old = "    for i in items:\n        s += i.size\n";
    let answers = pipe(
        &w,
        &[
            json!({"id": 1, "path": "app.py", "old": old, "new": "x", "hashes": true}),
            json!({"id": 2, "content": CRLF, "edits": [{"old": "s = 0", "new": "s = 1"}, {"old": old, "new": "x"}], "hashes": true}),
            json!({"id": 3, "path": "app.py", "old": old, "new": "x"}),
        ],
    );
    let offer = format!(
        "{}|    for i in items:\n{}|        s += i\n",
        r(3, "    for i in items:"),
        r(4, "        s += i")
    );
    assert_eq!(answers[0]["error"]["kind"], "not_found", "{:#}", answers[0]);
    assert_eq!(answers[0]["error"]["edits"][0]["current"], json!(offer));
    // In a list, the refused edit gets it (the one found has no entry).
    assert_eq!(
        answers[1]["error"]["edits"][0]["edit"], 1,
        "{:#}",
        answers[1]
    );
    assert_eq!(answers[1]["error"]["edits"][0]["current"], json!(offer));
    // Not asked for, not given.
    assert!(answers[2]["error"]["edits"][0].get("current").is_none());
    assert_eq!(w.read("app.py"), CRLF);
}
