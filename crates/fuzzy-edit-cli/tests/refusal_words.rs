//! What a refusal tells the caller to do is something the caller can do in the front end it
//! used: the flags of the command line, the fields of an `--edits` document's format (a
//! SEARCH/REPLACE block has no `--replace-all`), the pipe's fields; and a refusal of one edit of
//! several says which one.

use serde_json::{json, Value};

use crate::common::{assert_fails, stdout_json, Work};

const FILE: &str = "x = 1\ny = 2\nx = 1\n";

/// The refusal message of `apply --edits DOC` on [`FILE`].
fn refused_document(doc: &str) -> String {
    let w = Work::new();
    w.write("a.py", FILE);
    w.write("doc.txt", doc);
    let err = assert_fails(&w.run(["apply", "--edits", "doc.txt"]), 1);
    assert_eq!(w.read("a.py"), FILE);
    err
}

#[test]
fn an_ambiguous_search_block_offers_only_what_a_search_block_can_say() {
    let err = refused_document("a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 9\n>>>>>>> REPLACE\n");
    assert!(
        err.contains("Include more surrounding lines in the SEARCH block so it matches once."),
        "{err}"
    );
    for flag in [
        "--old",
        "--replace-all",
        "--anchor",
        "replace_all",
        "anchor",
    ] {
        assert!(!err.contains(flag), "{flag}: {err}");
    }
}

#[test]
fn an_ambiguous_hunk_offers_context_lines_and_its_header() {
    // (A unified diff's line numbers settle this one: it is not refused.)
    let err = refused_document(
        "*** Begin Patch\n*** Update File: a.py\n@@\n-x = 1\n+x = 9\n*** End Patch\n",
    );
    assert!(
        err.contains("the hunk's old text (its context and - lines) matches 2 places"),
        "{err}"
    );
    assert!(
        err.contains("or set the hunk's `@@` header to a unique line"),
        "{err}"
    );
    assert!(!err.contains("replace") && !err.contains("--old"), "{err}");
}

#[test]
fn json_edits_are_answered_in_their_own_field_names() {
    let doc = json!([{"file_path": "a.py", "old_string": "x = 1", "new_string": "x = 9"}]);
    let err = refused_document(&doc.to_string());
    assert!(err.contains("old_string matches 2 places"), "{err}");
    assert!(err.contains("set replace_all to change every one"), "{err}");
    assert!(
        !err.contains("--replace-all") && !err.contains("--old"),
        "{err}"
    );
}

#[test]
fn a_single_edit_on_the_command_line_is_answered_in_flags() {
    let w = Work::new();
    w.write("a.py", FILE);
    let err = assert_fails(
        &w.run(["apply", "a.py", "--old", "x = 1", "--new", "x = 9"]),
        1,
    );
    assert!(err.contains("--old matches 2 places"), "{err}");
    assert!(
        err.contains("set --replace-all") && err.contains("set --anchor"),
        "{err}"
    );
    assert!(!err.contains("Edit 1"), "one edit needs no number: {err}");
}

/// One failing edit of three: its number and the start of its `old`, in each front end.
#[test]
fn one_failing_edit_of_several_is_named_by_number_and_old() {
    let w = Work::new();
    w.write("a.py", FILE);
    let doc = json!([
        {"file_path": "a.py", "old_string": "y = 2", "new_string": "y = 3"},
        {"file_path": "a.py", "old_string": "z = 26\nw = 0", "new_string": "z = 0"},
        {"file_path": "a.py", "old_string": "x = 1\ny = 2", "new_string": "x = 0\ny = 2"},
    ]);
    w.write("doc.json", doc.to_string());
    let err = assert_fails(&w.run(["apply", "--edits", "doc.json"]), 1);
    assert!(
        err.contains("a.py: Edit 2 of 3 (the one starting `z = 26`): old_string was not found"),
        "{err}"
    );
    // --json: the same message, and the index.
    let out = w.run(["apply", "--json", "--edits", "doc.json"]);
    let answer = stdout_json(&out);
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("Edit 2 of 3 (the one starting `z = 26`)"),
        "{message}"
    );
    assert_eq!(answer["error"]["edits"][0]["edit"], 1);

    // The pipe, in its field names.
    let request = json!({"path": "a.py", "edits": [
        {"old": "y = 2", "new": "y = 3"},
        {"old": "z = 26", "new": "z = 0"},
    ]});
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("a.py: Edit 2 of 2 (the one starting `z = 26`): old was not found"),
        "{message}"
    );
    assert_eq!(w.read("a.py"), FILE);
}

#[cfg(unix)]
#[test]
fn the_pipe_names_its_own_field_for_writing_through_hard_links() {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    std::fs::hard_link(w.path("a.txt"), w.path("b.txt")).unwrap();
    let request = json!({"path": "a.txt", "old": "two", "new": "TWO"});
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"]["kind"], "hard_links");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains(r#"`"in_place": true`"#), "{message}");
    assert!(!message.contains("--in-place"), "{message}");
    assert_eq!(w.read("b.txt"), "one\ntwo\n");
    // The field it names does what it says: both names see the change.
    let request = json!({"path": "a.txt", "old": "two", "new": "TWO", "in_place": true});
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(w.read("b.txt"), "one\nTWO\n");
}

#[test]
fn in_place_on_content_is_a_bad_request() {
    let w = Work::new();
    let request = json!({"content": "a\n", "old": "a", "new": "b", "in_place": true});
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"]["kind"], "bad_request");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("\"in_place\""), "{message}");
}

/// A document's own words read as English: "in the SEARCH block", never "in your the SEARCH
/// block".
#[test]
fn a_document_names_its_parts_in_plain_english() {
    let err =
        refused_document("a.py\n<<<<<<< SEARCH\ny = 2\nx = 11\n=======\ny = 4\n>>>>>>> REPLACE\n");
    assert!(
        err.contains("lines with - are in the SEARCH block only"),
        "{err}"
    );
    assert!(!err.contains("your the"), "{err}");
    let err = refused_document(
        "*** Begin Patch\n*** Update File: a.py\n@@\n-y = 2\n-x = 11\n+y = 4\n*** End Patch\n",
    );
    assert!(
        err.contains("lines with - are in the hunk's old text (its context and - lines) only"),
        "{err}"
    );
    assert!(!err.contains("your the"), "{err}");
}

/// `--partial` over several files names a refused edit by its place in the document, as an
/// all-or-nothing refusal does: the second edit of the document is not "edit 1" of its file.
#[test]
fn a_partial_refusal_names_the_edit_by_its_place_in_the_document() {
    let w = Work::new();
    w.write("a.py", "a = 1\n");
    w.write("b.py", "b = 1\n");
    let doc = json!([
        {"file_path": "a.py", "old_string": "a = 1", "new_string": "a = 2"},
        {"file_path": "b.py", "old_string": "zzz = 26", "new_string": "b = 2"},
        {"file_path": "b.py", "old_string": "b = 1", "new_string": "b = 3"},
    ]);
    w.write("doc.json", doc.to_string());
    let out = w.run(["apply", "--partial", "--edits", "doc.json"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("fuzzy-edit: b.py: Edit 2 of 3 (the one starting `zzz = 26`) not applied: old_string was not found"),
        "{err}"
    );
    assert_eq!(w.read("a.py"), "a = 2\n");
    assert_eq!(w.read("b.py"), "b = 3\n");
}

/// Two blocks too alike to choose between, neither equal to `old`, are never both shown as
/// "similarity 1.00": enough digits to tell them from a copy.
#[test]
fn near_twins_are_not_shown_as_equal_to_old() {
    let body = |c: &str| {
        (0..8)
            .map(|i| format!("    total_value_{i} = compute_the_thing(items, {i})  # step {i}\n"))
            .collect::<String>()
            .replace(
                "compute_the_thing(items, 4)",
                &format!("compute_the_thing(item{c}, 4)"),
            )
    };
    let w = Work::new();
    let file = format!(
        "def first():\n{}    return 1\n\n\ndef second():\n{}    return 1\n",
        body("s"),
        body("z")
    );
    w.write("t.py", &file);
    let old = body("x");
    w.write("old.txt", &old);
    w.write("new.txt", old.replace("step 0", "step zero"));
    let err = assert_fails(
        &w.run([
            "apply",
            "t.py",
            "--old-file",
            "old.txt",
            "--new-file",
            "new.txt",
        ]),
        1,
    );
    assert!(err.contains("too alike to choose between"), "{err}");
    assert!(!err.contains("similarity 1.00"), "{err}");
    assert!(err.contains("(similarity 0.998)"), "{err}");
    assert_eq!(w.read("t.py"), file);
}
