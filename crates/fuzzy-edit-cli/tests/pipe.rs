//! The pipe protocol: JSON Lines in, one answer per non-blank line out, in order.
//!
//! The pipe survives malformed lines; `"path"` requests edit files (with `dry_run`,
//! `expect_sha256`, `expect_mtime`).

use crate::common::{assert_ok, Work};
use serde_json::{json, Value};

/// Run the pipe on `input`; return the answers, one per stdout line.
fn pipe(w: &Work, input: impl Into<Vec<u8>>) -> Vec<Value> {
    let out = w.run_stdin(["pipe"], input);
    let stdout = assert_ok(&out);
    assert!(stdout.is_empty() || stdout.ends_with('\n'), "{stdout:?}");
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("answer {l:?}: {e}")))
        .collect()
}

fn line(v: Value) -> String {
    format!("{v}\n")
}

#[test]
fn several_requests_with_malformed_lines_are_answered_in_order() {
    let w = Work::new();
    let mut input: Vec<u8> = Vec::new();
    input.extend(line(json!({"id": 1, "content": "a\nb\n", "old": "b", "new": "c"})).bytes());
    input.extend(b"{\n");
    input.extend(b"\n   \n");
    input.extend(b"\xff\xfe not utf-8\n");
    input.extend(line(json!({"id": 5, "content": "x\nx\n", "old": "x", "new": "y"})).bytes());
    input.extend(b"[]\n");
    input
        .extend(line(json!({"id": 7, "content": "a", "old": "a", "new": "b", "bogus": 1})).bytes());
    input.extend(
        line(json!({"id": 8, "content": "one\ntwo\n", "edits": [
            {"old": "one", "new": "1"},
            {"old_string": "two", "new_string": "2"},
        ]}))
        .bytes(),
    );
    input.extend(line(json!({"id": "nine", "content": "a\n"})).bytes());
    input.extend(line(json!({"id": 10, "content": "def f():\n    return 1\n", "old": "nothing like this", "new": "x"})).bytes());
    // The last request has no final newline.
    input.extend(
        json!({"id": 11, "content": "k = 1\n", "old": "k = 1", "new": "k = 2"})
            .to_string()
            .bytes(),
    );

    let answers = pipe(&w, input);
    assert_eq!(answers.len(), 10, "{answers:#?}");

    assert_eq!(answers[0]["id"], 1);
    assert_eq!(answers[0]["ok"], true);
    assert_eq!(answers[0]["result"], "a\nc\n");
    assert_eq!(answers[0]["matches"][0]["strategy"], "exact");
    assert!(answers[0]["diff"].as_str().unwrap().contains("-b\n+c\n"));

    assert_eq!(answers[1]["ok"], false);
    assert_eq!(answers[1]["error"]["kind"], "bad_request");

    assert_eq!(answers[2]["ok"], false);
    assert_eq!(answers[2]["error"]["kind"], "bad_request");
    assert!(answers[2]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("UTF-8"));

    assert_eq!(answers[3]["id"], 5);
    assert_eq!(answers[3]["ok"], false);
    assert_eq!(answers[3]["error"]["kind"], "ambiguous");

    assert_eq!(answers[4]["error"]["kind"], "bad_request");
    assert!(answers[4]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("expected an object"));

    assert_eq!(
        answers[5]["id"], 7,
        "the id of a request with an unknown field is echoed"
    );
    assert_eq!(answers[5]["error"]["kind"], "bad_request");
    assert!(answers[5]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("unknown field \"bogus\""));

    assert_eq!(answers[6]["id"], 8);
    assert_eq!(answers[6]["ok"], true);
    assert_eq!(answers[6]["result"], "1\n2\n");

    assert_eq!(answers[7]["id"], "nine");
    assert_eq!(answers[7]["error"]["kind"], "bad_request");

    assert_eq!(answers[8]["id"], 10);
    assert_eq!(answers[8]["error"]["kind"], "not_found");

    assert_eq!(answers[9]["id"], 11);
    assert_eq!(answers[9]["result"], "k = 2\n");
}

#[test]
fn many_requests_keep_their_order() {
    let w = Work::new();
    let mut input = String::new();
    for i in 0..300 {
        input.push_str(&line(json!({
            "id": i,
            "content": format!("value = {i}\n"),
            "old": format!("value = {i}"),
            "new": format!("value = {}", i + 1),
        })));
    }
    let answers = pipe(&w, input);
    assert_eq!(answers.len(), 300);
    for (i, a) in answers.iter().enumerate() {
        assert_eq!(a["id"], i);
        assert_eq!(a["result"], format!("value = {}\n", i + 1));
    }
}

#[test]
fn crlf_request_lines_are_accepted() {
    let w = Work::new();
    let input = format!(
        "{}\r\n{}\r\n",
        json!({"id": 1, "content": "a\n", "old": "a", "new": "b"}),
        json!({"id": 2, "content": "c\n", "old": "c", "new": "d"})
    );
    let answers = pipe(&w, input);
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0]["result"], "b\n");
    assert_eq!(answers[1]["result"], "d\n");
}

#[test]
fn ids_are_answered_as_sent() {
    let w = Work::new();
    // Ids a JSON parser reads as floats: beyond 64 bits, or spelled as floats. Each kind of
    // request (search/replace, read, line edits, a refused one) answers with the id's text.
    let ids = [
        "18446744073709551616",
        "-123456789012345678901234567890",
        "1e2",
        "2.50",
    ];
    let requests = [
        r#""content": "a\n", "old": "a", "new": "b""#,
        r#""read": true, "content": "a\n""#,
        r#""content": "a\n", "line_edits": [{"op": "append", "lines": ["b"]}]"#,
        r#""content": "a\n", "old": "a", "new": "b", "bogus": 1"#,
    ];
    let mut input = String::new();
    for id in ids {
        for request in requests {
            input.push_str(&format!("{{\"id\": {id}, {request}}}\n"));
        }
    }
    let out = w.run_stdin(["pipe"], input);
    let stdout = assert_ok(&out);
    let answers: Vec<&str> = stdout.lines().collect();
    assert_eq!(answers.len(), ids.len() * requests.len(), "{stdout}");
    for (i, answer) in answers.iter().enumerate() {
        let id = ids[i / requests.len()];
        assert!(answer.starts_with(&format!("{{\"id\":{id},")), "{answer}");
        let v: Value = serde_json::from_str(answer).unwrap();
        assert_eq!(v["ok"], i % requests.len() != 3, "{answer}");
    }
}

#[test]
fn empty_input_gives_no_answers() {
    let w = Work::new();
    assert!(pipe(&w, "").is_empty());
    assert!(pipe(&w, "\n\n  \n").is_empty());
}

#[test]
fn path_request_edits_the_file() {
    let w = Work::new();
    w.write("src/a.py", "x = 1\ny = 2\n");
    let answers = pipe(
        &w,
        line(json!({"id": 1, "path": "src/a.py", "old": "y = 2", "new": "y = 3"})),
    );
    assert_eq!(answers.len(), 1);
    let a = &answers[0];
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["id"], 1);
    assert!(a["diff"].as_str().unwrap().contains("-y = 2\n+y = 3\n"));
    assert_eq!(w.read("src/a.py"), "x = 1\ny = 3\n");
    assert_eq!(
        a["version"]["sha256"],
        fuzzy_edit::fs::sha256_hex(b"x = 1\ny = 3\n"),
        "{a}"
    );
    assert_eq!(a["version"]["len"], 12);
}

#[test]
fn path_request_dry_run_writes_nothing() {
    let w = Work::new();
    w.write("a.py", "x = 1\ny = 2\n");
    let answers = pipe(
        &w,
        line(json!({"path": "a.py", "old": "y = 2", "new": "y = 3", "dry_run": true})),
    );
    let a = &answers[0];
    assert_eq!(a["ok"], true, "{a}");
    assert!(a["diff"].as_str().unwrap().contains("+y = 3\n"));
    assert_eq!(w.read("a.py"), "x = 1\ny = 2\n");
}

#[test]
fn path_requests_in_sequence_see_each_others_writes() {
    let w = Work::new();
    w.write("a.py", "n = 0\n");
    let mut input = String::new();
    for i in 0..5 {
        input.push_str(&line(json!({
            "path": "a.py",
            "old": format!("n = {i}"),
            "new": format!("n = {}", i + 1),
        })));
    }
    let answers = pipe(&w, input);
    assert!(answers.iter().all(|a| a["ok"] == true), "{answers:#?}");
    assert_eq!(w.read("a.py"), "n = 5\n");
}

#[test]
fn path_request_with_stale_sha256_is_refused() {
    let w = Work::new();
    w.write("a.py", "x = 1\n");
    let stale = fuzzy_edit::fs::sha256_hex(b"x = 0\n");
    let fresh = fuzzy_edit::fs::sha256_hex(b"x = 1\n");
    let input = line(
        json!({"id": "s", "path": "a.py", "old": "x = 1", "new": "x = 2", "expect_sha256": stale}),
    ) + &line(
        json!({"id": "f", "path": "a.py", "old": "x = 1", "new": "x = 2", "expect_sha256": fresh}),
    );
    let answers = pipe(&w, input);
    assert_eq!(answers[0]["id"], "s");
    assert_eq!(answers[0]["ok"], false);
    assert_eq!(answers[0]["error"]["kind"], "stale", "{}", answers[0]);
    assert_eq!(answers[1]["id"], "f");
    assert_eq!(answers[1]["ok"], true, "{}", answers[1]);
    assert_eq!(w.read("a.py"), "x = 2\n");
}

/// A malformed expected version is the caller's mistake, not a file that changed: answered
/// as a `bad_request` saying what a version looks like (a `stale` answer would send the
/// caller to read the file again, and it would be refused again).
#[test]
fn a_malformed_expected_version_is_a_bad_request() {
    let w = Work::new();
    w.write("a.py", "x = 1\n");
    let input = line(
        json!({"path": "a.py", "old": "x = 1", "new": "x = 2", "expect_sha256": "zz"}),
    ) + &line(
        json!({"path": "a.py", "old": "x = 1", "new": "x = 2", "expect_mtime": "yesterday"}),
    );
    let answers = pipe(&w, input);
    for (answer, hint) in answers.iter().zip(["64 hex digits", "\"expect_sha256\""]) {
        assert_eq!(answer["error"]["kind"], "bad_request", "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(hint), "{message}");
    }
    assert_eq!(w.read("a.py"), "x = 1\n");
}

/// An mtime cannot prove a version (a write within the same tick keeps it): refused up
/// front, even when it is the file's, pointing to `expect_sha256`.
#[test]
fn path_request_with_an_mtime_is_refused() {
    let w = Work::new();
    w.write("a.py", "x = 1\n");
    let answers = pipe(
        &w,
        line(json!({"path": "a.py", "old": "x = 1", "new": "x = 2", "expect_mtime": "12345"})),
    );
    assert_eq!(answers[0]["error"]["kind"], "bad_request", "{}", answers[0]);
    let message = answers[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains("\"expect_sha256\""), "{message}");
    assert_eq!(w.read("a.py"), "x = 1\n");
}

#[test]
fn path_request_refusals_leave_the_file_alone() {
    let w = Work::new();
    w.write("a.py", "x = 1\nx = 1\n");
    w.write("bin.dat", b"a\0b");
    std::fs::create_dir(w.path("dir")).unwrap();
    let input = [
        json!({"id": 1, "path": "a.py", "old": "x = 1", "new": "x = 2"}),
        json!({"id": 2, "path": "missing.py", "old": "a", "new": "b"}),
        json!({"id": 3, "path": "bin.dat", "old": "a", "new": "b"}),
        json!({"id": 4, "path": "dir", "old": "a", "new": "b"}),
    ]
    .iter()
    .map(|v| line(v.clone()))
    .collect::<String>();
    let answers = pipe(&w, input);
    let kinds: Vec<&str> = answers
        .iter()
        .map(|a| a["error"]["kind"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(
        kinds,
        ["ambiguous", "file_not_found", "binary", "is_directory"]
    );
    for (i, a) in answers.iter().enumerate() {
        assert_eq!(a["id"], i + 1);
        assert_eq!(a["ok"], false);
        assert!(a["error"]["message"].is_string());
    }
    assert_eq!(w.read("a.py"), "x = 1\nx = 1\n");
    assert_eq!(w.bytes("bin.dat"), b"a\0b");
    assert!(!w.exists("missing.py"));
}

#[test]
fn path_request_partial_mode() {
    let w = Work::new();
    w.write("a.py", "one\ntwo\n");
    let answers = pipe(
        &w,
        line(json!({"path": "a.py", "mode": "partial", "edits": [
            {"old": "one", "new": "1"},
            {"old": "nowhere to be found", "new": "x"},
        ]})),
    );
    let a = &answers[0];
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["failures"][0]["edit"], 1);
    assert_eq!(w.read("a.py"), "1\ntwo\n");
}

#[test]
fn partial_mode_with_nothing_applied_is_not_ok() {
    // As `fuzzy-edit apply --partial` (exit 1): when no edit applies, the answer is a
    // refusal, not a success with an empty diff.
    let w = Work::new();
    w.write("a.py", "one\ntwo\n");
    let input = line(
        json!({"id": 1, "content": "a\n", "mode": "partial", "edits": [
            {"old": "nowhere to be found", "new": "x"},
        ]}),
    ) + &line(
        json!({"id": 2, "path": "a.py", "mode": "partial", "edits": [
            {"old": "nowhere to be found", "new": "x"},
            {"old": "also missing entirely", "new": "y"},
        ]}),
    );
    let answers = pipe(&w, input);
    for a in &answers {
        assert_eq!(a["ok"], false, "{a}");
        assert_eq!(a["error"]["kind"], "not_found", "{a}");
    }
    assert_eq!(w.read("a.py"), "one\ntwo\n");
}

#[cfg(unix)]
#[test]
fn path_request_through_a_symlink_keeps_the_link() {
    let w = Work::new();
    w.write("real/t.txt", "a\n");
    std::os::unix::fs::symlink("real/t.txt", w.path("link.txt")).unwrap();
    let answers = pipe(
        &w,
        line(json!({"path": "link.txt", "old": "a", "new": "b"})),
    );
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    assert!(std::fs::symlink_metadata(w.path("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(w.read("real/t.txt"), "b\n");
}

#[test]
fn content_and_path_together_are_refused() {
    // Which one was meant is unclear: the file is not touched, and nothing is edited.
    let w = Work::new();
    w.write("a.py", "x = 1\n");
    let answers = pipe(
        &w,
        line(
            json!({"id": 1, "path": "a.py", "content": "x = 1\n", "old": "x = 1", "new": "x = 2"}),
        ) + &line(
            json!({"id": 2, "name": "a.py", "content": "x = 1\n", "old": "x = 1", "new": "x = 2"}),
        ),
    );
    assert_eq!(answers[0]["id"], 1);
    assert_eq!(answers[0]["error"]["kind"], "bad_request", "{}", answers[0]);
    assert!(answers[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("not both"));
    // "name" names the diff of a text.
    assert_eq!(answers[1]["result"], "x = 2\n");
    assert!(answers[1]["diff"]
        .as_str()
        .unwrap()
        .starts_with("--- a/a.py\n"));
    assert_eq!(w.read("a.py"), "x = 1\n");
}

#[test]
fn field_names_are_the_same_as_everywhere() {
    // The aliases of the library's JSON edit format and of the MCP tools, at every level.
    let w = Work::new();
    w.write("a.py", "one\ntwo\n");
    let input = [
        json!({"id": 1, "content": "a\n", "old_str": "a", "new_str": "b"}),
        json!({"id": 2, "content": "a\n", "search": "a", "replace": "b"}),
        json!({"id": 3, "file_path": "a.py", "modifications": [{"oldText": "one", "newText": "1", "replaceAll": true}], "dryRun": true}),
        json!({"id": 4, "content": "a\n", "edits": [{"old": "a", "new": "b", "reason": "because"}]}),
        json!({"id": 5, "content": "a\n", "old": "a", "old_string": "a", "new": "b"}),
    ]
    .iter()
    .map(|v| line(v.clone()))
    .collect::<String>();
    let answers = pipe(&w, input);
    assert_eq!(answers[0]["result"], "b\n", "{}", answers[0]);
    assert_eq!(answers[1]["result"], "b\n", "{}", answers[1]);
    assert_eq!(answers[2]["ok"], true, "{}", answers[2]);
    assert!(answers[2]["diff"].as_str().unwrap().contains("+1\n"));
    assert_eq!(w.read("a.py"), "one\ntwo\n", "dryRun is dry_run");
    // Unknown fields are refused inside "edits" as at the top, naming the accepted ones.
    let message = answers[3]["error"]["message"].as_str().unwrap();
    assert_eq!(answers[3]["error"]["kind"], "bad_request");
    assert!(
        message.contains("unknown field \"reason\" in edits[0]")
            && message.contains("\"old\", \"new\", \"replace_all\", \"anchor\""),
        "{message}"
    );
    let message = answers[4]["error"]["message"].as_str().unwrap();
    assert!(message.contains("two names of one field"), "{message}");
}

#[test]
fn a_line_over_the_size_limit_is_answered_and_the_pipe_goes_on() {
    let w = Work::new();
    let big = line(json!({"id": 1, "content": "x".repeat(5000), "old": "x", "new": "y"}));
    let next = line(json!({"id": 2, "content": "a\n", "old": "a", "new": "b"}));
    // And a last line without a newline, too long as well.
    let tail = "y".repeat(3000);
    let out = w.run_stdin(
        ["pipe", "--max-request-bytes", "1KiB"],
        format!("{big}{next}{tail}"),
    );
    let stdout = assert_ok(&out);
    let answers: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 3, "{stdout}");
    assert_eq!(answers[0]["error"]["kind"], "request_too_large");
    let message = answers[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("1024 bytes") && message.contains("--max-request-bytes"),
        "{message}"
    );
    assert_eq!(answers[1]["id"], 2);
    assert_eq!(answers[1]["result"], "b\n");
    assert_eq!(answers[2]["error"]["kind"], "request_too_large");
}

#[test]
fn the_size_limit_takes_suffixes_and_rejects_nonsense() {
    let w = Work::new();
    let ok = line(json!({"content": "a\n", "old": "a", "new": "b"}));
    for size in ["100", "1K", "2MiB", "1.5G"] {
        let out = w.run_stdin(["pipe", "--max-request-bytes", size], ok.clone());
        assert!(assert_ok(&out).contains("\"ok\":true"), "{size}");
    }
    let out = w.run_stdin(["pipe", "--max-request-bytes", "lots"], ok);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-request-bytes"));
}

#[test]
fn the_syntax_guard_follows_the_language_of_name_path_or_language() {
    let w = Work::new();
    let text = "def f(items):\n    total = compute_total(items, tax)\n    return total\n";
    // Found one letter off, the result leaves `(` open. Under `strict` that is refused in
    // Python (from `name` or `language`); with no language, or `off`, it is not checked. A
    // `language` the guard does not know is a bad request (as `--language` is a usage
    // error): misspelt, it would turn the check off unseen.
    let fuzzy = json!({"old": "total = compute_totl(items, tax)", "new": "total = compute_total(items, tax"});
    let mut a = json!({"id": 1, "content": text, "name": "a.py", "syntax": "strict"});
    let mut b = json!({"id": 2, "content": text, "language": "python", "syntax": "strict"});
    let mut c = json!({"id": 3, "content": text, "syntax": "strict"});
    let mut d = json!({"id": 4, "content": text, "name": "a.py", "syntax": "off"});
    let mut e = json!({"id": 5, "content": text, "language": "cobol", "syntax": "strict"});
    for r in [&mut a, &mut b, &mut c, &mut d, &mut e] {
        r.as_object_mut()
            .unwrap()
            .extend(fuzzy.as_object().unwrap().clone());
    }
    // By default the model's own broken step is applied, with a warning; so is an exact one.
    let auto = json!({"id": 6, "content": text, "name": "a.py", "old": "total = compute_totl(items, tax)", "new": "total = compute_total(items, tax"});
    w.write("g.py", text);
    let path =
        json!({"id": 7, "path": w.path("g.py"), "old": "return total", "new": "return (total"});
    let input: String = [a, b, c, d, e, auto, path].into_iter().map(line).collect();
    let answers = pipe(&w, input);
    let kinds: Vec<Value> = answers.iter().map(|v| v["error"]["kind"].clone()).collect();
    assert_eq!(
        kinds,
        [
            json!("syntax"),
            json!("syntax"),
            Value::Null,
            Value::Null,
            json!("bad_request"),
            Value::Null,
            Value::Null
        ],
        "{answers:#?}"
    );
    assert!(
        answers[4]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unknown language `cobol`"),
        "{}",
        answers[4]
    );
    for (i, answer) in answers.iter().enumerate() {
        let warned = answer["warnings"].as_array().map_or(0, Vec::len);
        assert_eq!(warned, usize::from(i >= 5), "{i}: {answer}");
        crate::result_schema::assert_valid(answer);
    }
    assert_eq!(answers[6]["warnings"][0]["kind"], "unbalanced_bracket");
    assert_eq!(
        w.read("g.py"),
        text.replace("return total", "return (total")
    );
}

// A line the JSON parser refuses though its grammar is fine (a lone surrogate, a number out
// of range), or with a byte that is not UTF-8, still gets its id back: the client waiting on
// it is answered.
#[test]
fn an_unparsable_request_is_answered_with_its_id() {
    let w = Work::new();
    let mut input: Vec<u8> = Vec::new();
    input.extend(br#"{"id": 1, "content": "a\n", "old": "\ud800", "new": "b"}"#);
    input.extend(b"\n");
    input.extend(br#"{"id": "two", "content": "a\n", "old": "a", "new": "b", "x": 1e400}"#);
    input.extend(b"\n{\"id\": 3, \"content\": \"\xff\", \"old\": \"a\", \"new\": \"b\"}\n");
    let answers = pipe(&w, input);
    assert_eq!(answers.len(), 3, "{answers:#?}");
    for (answer, id) in answers.iter().zip([json!(1), json!("two"), json!(3)]) {
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["error"]["kind"], "bad_request", "{answer}");
        assert_eq!(answer["id"], id, "{answer}");
    }
}

#[test]
fn an_unknown_field_near_an_accepted_one_is_suggested() {
    let w = Work::new();
    let out = w.run_stdin(
        ["pipe"],
        "{\"content\": \"a\\n\", \"old\": \"a\", \"neww\": \"b\"}\n{\"content\": \"a\\n\", \"edits\": [{\"olf\": \"a\", \"new\": \"b\"}]}\n",
    );
    let answers: Vec<Value> = out
        .stdout
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let message = answers[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("unknown field \"neww\" in the request (did you mean \"new\"?)"),
        "{message}"
    );
    let message = answers[1]["error"]["message"].as_str().unwrap();
    assert!(message.contains("(did you mean \"old\"?)"), "{message}");
}
