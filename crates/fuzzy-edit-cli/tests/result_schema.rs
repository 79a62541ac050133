//! One answer shape for `apply --json`, the pipe and the MCP tools: every answer validates
//! against docs/schema/result-v1.json, and the same refusal has the same kind and the same
//! per-edit details in all three. (The MCP side is `mcp::structured`.)

use std::sync::OnceLock;

use serde_json::{json, Value};

use crate::common::{stdout_json, Work, PY};

/// A well-formed SHA-256 no file has.
const ZEROS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The schema the docs publish.
const SCHEMA: &str = include_str!("../../../docs/schema/result-v1.json");

/// Panic, listing every violation, unless `answer` is valid.
pub fn assert_valid(answer: &Value) {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    let validator = VALIDATOR.get_or_init(|| {
        let schema: Value = serde_json::from_str(SCHEMA).expect("the schema is JSON");
        jsonschema::draft202012::new(&schema).expect("the schema is a valid JSON Schema")
    });
    let errors: Vec<String> = validator
        .iter_errors(answer)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "the answer does not fit docs/schema/result-v1.json:\n{}\n{answer:#}",
        errors.join("\n")
    );
}

/// `apply ARGS --json` in `w`: the answer, checked against the schema.
fn cli(w: &Work, args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let v = stdout_json(&w.run(&args));
    assert_valid(&v);
    v
}

/// The pipe's answers to `requests`, each checked against the schema.
pub fn pipe(w: &Work, requests: &[Value]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = w.run_stdin(["pipe"], input);
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), requests.len());
    answers.iter().for_each(assert_valid);
    answers
}

#[test]
fn the_schema_rejects_the_old_shapes() {
    // The shapes before version 1: a CLI refusal as "refused" with "detail", a pipe refusal
    // with the first edit's details at the top. The schema must tell them apart.
    let schema: Value = serde_json::from_str(SCHEMA).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    for old in [
        json!({"ok": false, "error": {"kind": "refused", "message": "m", "detail": {"errors": []}}}),
        json!({"schema": "fuzzy-edit/1", "ok": false, "error": {"kind": "refused", "message": "m"}}),
        json!({"schema": "fuzzy-edit/1", "ok": false, "error": {"kind": "ambiguous", "message": "m", "candidates": []}}),
        json!({"schema": "fuzzy-edit/1", "ok": false, "error": {"kind": "file_not_found", "message": "m", "edits": [{"edit": 0, "kind": "not_found", "message": "m", "closest": null}]}}),
        json!({"schema": "fuzzy-edit/1", "ok": true, "matches": []}),
        json!({"schema": "fuzzy-edit/2", "ok": true, "dry_run": false, "files": []}),
    ] {
        assert!(!validator.is_valid(&old), "accepted {old}");
    }
}

#[test]
fn cli_answers_fit_the_schema() {
    let w = Work::new();
    w.write("f.py", PY);
    w.write("twice.txt", "x = 1\ny = 2\nx = 1\n");
    w.write("bin.dat", b"a\0b");
    w.write("bad.json", "[{\"old_string\": 1}]");
    w.write(
        "doc.json",
        r#"[{"file_path": "f.py", "old_string": "return x + 1", "new_string": "return x + 3"},
            {"file_path": "new.txt", "content": "fresh\n"}]"#,
    );
    let ok = cli(
        &w,
        &[
            "check",
            "f.py",
            "--old",
            "return x + 1",
            "--new",
            "return x + 2",
        ],
    );
    assert_eq!(
        (ok["ok"].as_bool(), ok["dry_run"].as_bool()),
        (Some(true), Some(true))
    );
    let several = cli(&w, &["check", "--edits", "doc.json"]);
    assert_eq!(several["files"][1]["action"], "create", "{several}");
    w.write(
        "partial.json",
        r#"[{"old_string": "return x + 1", "new_string": "return x + 3"},
            {"old_string": "nothing like it at all", "new_string": "y"}]"#,
    );
    let partial = cli(
        &w,
        &["check", "f.py", "--edits", "partial.json", "--partial"],
    );
    assert_eq!(partial["files"][0]["failures"][0]["edit"], 1, "{partial}");
    for (args, kind) in [
        (
            &["apply", "twice.txt", "--old", "x = 1", "--new", "x = 9"][..],
            "ambiguous",
        ),
        (
            &["apply", "f.py", "--old", "nothing like it", "--new", "y"],
            "not_found",
        ),
        (
            &[
                "apply",
                "f.py",
                "--old",
                "return x + 1",
                "--new",
                "return x + 1",
            ],
            "no_change",
        ),
        (
            &["apply", "missing.py", "--old", "a", "--new", "b"],
            "file_not_found",
        ),
        (&["apply", "bin.dat", "--old", "a", "--new", "b"], "binary"),
        (&["apply", "f.py", "--new", "b"], "usage"),
        (&["apply", "f.py", "--edits", "bad.json"], "malformed_edits"),
        (
            &[
                "apply",
                "f.py",
                "--old",
                "a",
                "--new",
                "b",
                "--expect-sha256",
                ZEROS,
            ],
            "stale",
        ),
    ] {
        let v = cli(&w, args);
        assert_eq!(v["error"]["kind"], kind, "{args:?}: {v}");
    }
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn pipe_answers_fit_the_schema() {
    let w = Work::new();
    w.write("a.py", "one\ntwo\n");
    let answers = pipe(
        &w,
        &[
            json!({"id": 1, "content": "a\nb\n", "old": "b", "new": "c"}),
            json!({"id": 2, "path": "a.py", "old": "one", "new": "1"}),
            json!({"id": 3, "path": "a.py", "mode": "partial", "edits": [
                {"old": "two", "new": "2"}, {"old": "nowhere at all", "new": "x"}]}),
            json!({"id": 4, "content": "x\nx\n", "old": "x", "new": "y"}),
            json!({"id": 5, "path": "missing.py", "old": "a", "new": "b"}),
            json!({"id": 6, "path": "a.py", "old": "1", "new": "2", "expect_sha256": ZEROS}),
            json!({"id": 7, "content": "a", "bogus": true}),
            json!([1, 2]),
        ],
    );
    let kinds: Vec<&str> = answers
        .iter()
        .map(|a| a["error"]["kind"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(
        kinds,
        [
            "-",
            "-",
            "-",
            "ambiguous",
            "file_not_found",
            "stale",
            "bad_request",
            "bad_request"
        ]
    );
    assert_eq!(answers[2]["failures"][0]["edit"], 1, "{}", answers[2]);
    assert_eq!(w.read("a.py"), "1\n2\n");
}

#[test]
fn the_cli_and_the_pipe_report_a_refusal_alike() {
    let w = Work::new();
    let text = "def f():\n    return 1\n\ndef g():\n    return 1\n";
    w.write("t.py", text);
    for (old, new) in [
        ("    return 1", "    return 2"),
        ("def h():\n    return 3", "def h():\n    return 4"),
    ] {
        let from_cli = cli(&w, &["apply", "t.py", "--old", old, "--new", new]);
        let from_pipe = &pipe(&w, &[json!({"path": "t.py", "old": old, "new": new})])[0];
        let from_content = &pipe(&w, &[json!({"content": text, "old": old, "new": new})])[0];
        for v in [from_pipe, from_content] {
            assert_eq!(v["error"]["kind"], from_cli["error"]["kind"], "{v}");
            assert_eq!(
                crate::common::edits_but_messages(v),
                crate::common::edits_but_messages(&from_cli),
                "{v}"
            );
        }
        assert_eq!(from_pipe["error"]["path"], "t.py");
    }
    let from_cli = cli(&w, &["apply", "gone.py", "--old", "a", "--new", "b"]);
    let from_pipe = &pipe(&w, &[json!({"path": "gone.py", "old": "a", "new": "b"})])[0];
    assert_eq!(from_cli["error"]["kind"], "file_not_found");
    for field in ["kind", "path"] {
        assert_eq!(
            from_pipe["error"][field], from_cli["error"][field],
            "{from_pipe}"
        );
    }
}
