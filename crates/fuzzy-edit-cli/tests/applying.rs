//! Locating and applying an edit: exact or fuzzy, --replace-all, --anchor, refusals, --partial.

use crate::common::{assert_fails, assert_ok, stdout_json, Work, PY};

#[test]
fn old_new_edits_the_file_and_reports_the_diff() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "return x * 2",
        "--new",
        "return x * 3",
    ]);
    let stdout = assert_ok(&out);
    assert_eq!(w.read("f.py"), PY.replace("x * 2", "x * 3"));
    assert!(stdout.contains("f.py: edited"), "{stdout}");
    assert!(stdout.contains("edit 1: exact, line 6"), "{stdout}");
    assert!(stdout.contains("--- a/f.py\n+++ b/f.py\n"), "{stdout}");
    assert!(
        stdout.contains("-    return x * 2\n+    return x * 3\n"),
        "{stdout}"
    );
}

#[test]
fn a_fuzzy_match_reports_its_strategy() {
    let w = Work::new();
    w.write("f.py", PY);
    // Two-space indentation where the file has four.
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "def g(x):\n  return x * 2",
        "--new",
        "def g(x):\n  y = x * 2\n  return y",
    ]);
    let stdout = assert_ok(&out);
    assert_eq!(
        w.read("f.py"),
        "def f(x):\n    return x + 1\n\n\ndef g(x):\n    y = x * 2\n    return y\n"
    );
    assert!(stdout.contains("indentation"), "{stdout}");
}

#[test]
fn ambiguous_without_replace_all_is_refused() {
    let w = Work::new();
    let text = "x = 1\ny = 2\nx = 1\n";
    w.write("a.txt", text);
    let out = w.run(["apply", "a.txt", "--old", "x = 1", "--new", "x = 9"]);
    let err = assert_fails(&out, 1);
    // In the command line's words.
    assert!(err.contains("set --replace-all"), "{err}");
    assert!(err.contains("--old matches 2 places"), "{err}");
    assert_eq!(w.read("a.txt"), text);
}

#[test]
fn replace_all_replaces_every_occurrence() {
    let w = Work::new();
    w.write("a.txt", "x = 1\ny = 2\nx = 1\n");
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "x = 1",
        "--new",
        "x = 9",
        "--replace-all",
    ]);
    assert_ok(&out);
    assert_eq!(w.read("a.txt"), "x = 9\ny = 2\nx = 9\n");
}

#[test]
fn anchor_picks_the_occurrence_after_it() {
    let w = Work::new();
    let text = "fn a() {\n    let n = 0;\n}\n\nfn b() {\n    let n = 0;\n}\n";
    w.write("m.rs", text);
    let out = w.run([
        "apply",
        "m.rs",
        "--old",
        "    let n = 0;",
        "--new",
        "    let n = 1;",
        "--anchor",
        "fn b() {",
    ]);
    assert_ok(&out);
    assert_eq!(
        w.read("m.rs"),
        "fn a() {\n    let n = 0;\n}\n\nfn b() {\n    let n = 1;\n}\n"
    );
}

#[test]
fn anchor_that_is_not_in_the_file_is_refused() {
    let w = Work::new();
    let text = "fn a() {\n    let n = 0;\n}\n\nfn b() {\n    let n = 0;\n}\n";
    w.write("m.rs", text);
    let out = w.run([
        "apply",
        "m.rs",
        "--old",
        "    let n = 0;",
        "--new",
        "    let n = 1;",
        "--anchor",
        "fn zzz_not_here() {",
    ]);
    assert_fails(&out, 1);
    assert_eq!(w.read("m.rs"), text);
}

#[test]
fn not_found_is_refused_with_feedback() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "completely unrelated text",
        "--new",
        "y",
    ]);
    let err = assert_fails(&out, 1);
    assert!(err.starts_with("fuzzy-edit: "), "{err}");
    assert!(err.contains("not found"), "{err}");
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn near_miss_is_refused_with_the_closest_fragment() {
    let w = Work::new();
    w.write("f.py", PY);
    // The model misremembers the line it wants to change.
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "def g(x):\n    return x ** 2 + offset",
        "--new",
        "def g(x):\n    return x ** 3",
    ]);
    let err = assert_fails(&out, 1);
    assert!(
        err.contains("return x * 2"),
        "feedback shows the file's text: {err}"
    );
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn an_edit_that_changes_nothing_leaves_the_file_alone() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "return x + 1",
    ]);
    // Either accepted as a no-op or refused; in no case is the file changed.
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    assert_eq!(w.read("f.py"), PY);
}

fn two_edits_one_bad() -> String {
    serde_json::json!([
        {"old_string": "return x + 1", "new_string": "return x + 2"},
        {"old_string": "this text is nowhere", "new_string": "z"},
    ])
    .to_string()
}

#[test]
fn atomic_by_default_one_failing_edit_writes_nothing() {
    let w = Work::new();
    w.write("f.py", PY);
    w.write("edits.json", two_edits_one_bad());
    let out = w.run(["apply", "f.py", "--edits", "edits.json"]);
    assert_fails(&out, 1);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn partial_applies_what_it_can_and_reports_the_rest() {
    let w = Work::new();
    w.write("f.py", PY);
    w.write("edits.json", two_edits_one_bad());
    let out = w.run(["apply", "f.py", "--edits", "edits.json", "--partial"]);
    // Exit 1: not every edit applied; the one that was not is reported on stderr.
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(w.read("f.py"), PY.replace("x + 1", "x + 2"));
    assert!(stdout.contains("edit 1: exact"), "{stdout}");
    assert!(!stdout.contains("edit 2"), "{stdout}");
    assert!(
        stderr.contains("f.py: Edit 2 of 2 (the one starting `this text is nowhere`) not applied"),
        "{stderr}"
    );
}

#[test]
fn partial_json_lists_failures() {
    let w = Work::new();
    w.write("f.py", PY);
    w.write("edits.json", two_edits_one_bad());
    let out = w.run([
        "apply",
        "f.py",
        "--edits",
        "edits.json",
        "--partial",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], true);
    let f = &v["files"][0];
    assert_eq!(f["matches"].as_array().map(Vec::len), Some(1));
    assert_eq!(f["failures"][0]["edit"], 1);
    assert_eq!(f["failures"][0]["kind"], "not_found");
}

#[test]
fn partial_with_every_edit_failing_is_refused() {
    let w = Work::new();
    w.write("f.py", PY);
    w.write(
        "edits.json",
        r#"[{"old_string": "nowhere one", "new_string": "a"}, {"old_string": "nowhere two", "new_string": "b"}]"#,
    );
    let out = w.run(["apply", "f.py", "--edits", "edits.json", "--partial"]);
    assert_fails(&out, 1);
    assert_eq!(w.read("f.py"), PY);
}
