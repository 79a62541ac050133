//! `fuzzy-edit apply` / `check` with one edit from the command line: `--old/--new`,
//! `--old-file/--new-file` (and `-` for stdin), `--replace-all`, `--anchor`, `--dry-run`,
//! `check`, `--json`, `--partial`, and the exit codes of usage errors.

mod common;

use common::{assert_fails, assert_ok, stdout_json, Work};

const PY: &str = "def f(x):\n    return x + 1\n\n\ndef g(x):\n    return x * 2\n";

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
fn old_file_and_new_file() {
    let w = Work::new();
    w.write("f.py", PY);
    w.write("old.txt", "def f(x):\n    return x + 1\n");
    w.write("new.txt", "def f(x):\n    return x - 1\n");
    let out = w.run([
        "apply",
        "f.py",
        "--old-file",
        "old.txt",
        "--new-file",
        "new.txt",
    ]);
    assert_ok(&out);
    assert_eq!(w.read("f.py"), PY.replace("x + 1", "x - 1"));
}

#[test]
fn old_file_from_stdin() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run_stdin(
        ["apply", "f.py", "--old-file", "-", "--new", "return x + 2"],
        "return x + 1",
    );
    assert_ok(&out);
    assert_eq!(w.read("f.py"), PY.replace("x + 1", "x + 2"));
}

#[test]
fn new_file_from_stdin() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run_stdin(
        ["apply", "f.py", "--old", "return x + 1", "--new-file", "-"],
        "return x + 5",
    );
    assert_ok(&out);
    assert_eq!(w.read("f.py"), PY.replace("x + 1", "x + 5"));
}

#[test]
fn old_file_and_new_file_cannot_both_read_stdin() {
    // Stdin can be read once: the second `-` would read an empty string and silently turn the
    // edit into a deletion.
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run_stdin(
        ["apply", "f.py", "--old-file", "-", "--new-file", "-"],
        "return x + 1",
    );
    assert_fails(&out, 2);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn missing_old_file_is_an_io_error() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run(["apply", "f.py", "--old-file", "nope.txt", "--new", "x"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("nope.txt"), "{err}");
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn ambiguous_without_replace_all_is_refused() {
    let w = Work::new();
    let text = "x = 1\ny = 2\nx = 1\n";
    w.write("a.txt", text);
    let out = w.run(["apply", "a.txt", "--old", "x = 1", "--new", "x = 9"]);
    let err = assert_fails(&out, 1);
    assert!(err.contains("replace_all"), "{err}");
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
fn dry_run_prints_the_diff_and_writes_nothing() {
    let w = Work::new();
    w.write("f.py", PY);
    let before = std::fs::metadata(w.path("f.py"))
        .unwrap()
        .modified()
        .unwrap();
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "return x + 2",
        "--dry-run",
    ]);
    let stdout = assert_ok(&out);
    assert!(stdout.contains("f.py: would edit"), "{stdout}");
    assert!(
        stdout.contains("-    return x + 1\n+    return x + 2\n"),
        "{stdout}"
    );
    assert_eq!(w.read("f.py"), PY);
    let after = std::fs::metadata(w.path("f.py"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after);
}

#[test]
fn check_prints_the_diff_and_writes_nothing() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "check",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "return x + 2",
    ]);
    let stdout = assert_ok(&out);
    assert!(stdout.contains("would edit"), "{stdout}");
    assert!(stdout.contains("+    return x + 2\n"), "{stdout}");
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn check_refusal_exits_1() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run(["check", "f.py", "--old", "nothing like it", "--new", "y"]);
    assert_fails(&out, 1);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn json_output_shape() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "return x + 2",
        "--json",
    ]);
    assert_ok(&out);
    let v = stdout_json(&out);
    assert_eq!(v["ok"], true);
    assert_eq!(v["dry_run"], false);
    let files = v["files"].as_array().expect("files is an array");
    assert_eq!(files.len(), 1);
    let f = &files[0];
    assert_eq!(f["path"], "f.py");
    assert_eq!(f["action"], "edit");
    let diff = f["diff"].as_str().expect("diff is a string");
    assert!(
        diff.contains("-    return x + 1\n+    return x + 2\n"),
        "{diff}"
    );
    let m = &f["matches"][0];
    assert_eq!(m["edit"], 0);
    assert_eq!(m["strategy"], "exact");
    assert_eq!(m["start_line"], 2);
    assert_eq!(m["end_line"], 2);
    assert_eq!(m["score"], 1.0);
    assert!(f.get("failures").is_none(), "{f}");
    assert_eq!(w.read("f.py"), PY.replace("x + 1", "x + 2"));
}

#[test]
fn json_dry_run() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "check",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "return x + 2",
        "--json",
    ]);
    assert_ok(&out);
    let v = stdout_json(&out);
    assert_eq!(v["ok"], true);
    assert_eq!(v["dry_run"], true);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn json_refusal_is_json_on_stdout_with_exit_1() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "completely unrelated text",
        "--new",
        "y",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "refused");
    assert!(v["error"]["message"].as_str().unwrap().contains("f.py"));
    let e = &v["error"]["detail"]["errors"][0];
    assert_eq!(e["kind"], "not_found");
    assert_eq!(e["edit"], 0);
    assert!(e["message"].is_string());
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn json_ambiguous_lists_candidates() {
    let w = Work::new();
    w.write("a.txt", "x = 1\ny = 2\nx = 1\n");
    let out = w.run([
        "apply", "a.txt", "--old", "x = 1", "--new", "x = 9", "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    let e = &v["error"]["detail"]["errors"][0];
    assert_eq!(e["kind"], "ambiguous");
    assert_eq!(e["candidates"].as_array().map(Vec::len), Some(2), "{e}");
}

#[test]
fn json_usage_error_exits_2() {
    let w = Work::new();
    let out = w.run(["apply", "missing.txt", "--old", "a", "--new", "b", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "error");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("missing.txt"));
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
    let stdout = assert_ok(&out);
    assert_eq!(w.read("f.py"), PY.replace("x + 1", "x + 2"));
    assert!(stdout.contains("edit 1: exact"), "{stdout}");
    assert!(stdout.contains("edit 2: not applied"), "{stdout}");
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
    assert_ok(&out);
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

#[test]
fn no_file_argument_is_a_usage_error() {
    let w = Work::new();
    let out = w.run(["apply", "--old", "a", "--new", "b"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("name the file"), "{err}");
}

#[test]
fn missing_new_is_a_usage_error() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run(["apply", "f.py", "--old", "return x + 1"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn missing_old_is_a_usage_error() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run(["apply", "f.py", "--new", "return x + 1"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn conflicting_flags_are_a_usage_error() {
    let w = Work::new();
    w.write("f.py", PY);
    w.write("old.txt", "return x + 1");
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "return x + 1",
        "--old-file",
        "old.txt",
        "--new",
        "y",
    ]);
    assert_fails(&out, 2);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "y",
        "--edits",
        "old.txt",
    ]);
    assert_fails(&out, 2);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn unknown_flag_and_no_subcommand_are_usage_errors() {
    let w = Work::new();
    assert_fails(&w.run(["apply", "f.py", "--bogus"]), 2);
    assert_fails(&w.run(Vec::<&str>::new()), 2);
    assert_fails(&w.run(["frobnicate"]), 2);
}

#[test]
fn missing_file_is_exit_2() {
    let w = Work::new();
    let out = w.run(["apply", "nope.py", "--old", "a", "--new", "b"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("nope.py"), "{err}");
    assert!(!w.exists("nope.py"), "a missing file must not be created");
}

#[test]
fn directory_is_exit_2() {
    let w = Work::new();
    std::fs::create_dir(w.path("d")).unwrap();
    let out = w.run(["apply", "d", "--old", "a", "--new", "b"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("directory"), "{err}");
}

#[test]
fn help_and_version_succeed() {
    let w = Work::new();
    let out = w.run(["--help"]);
    let stdout = assert_ok(&out);
    assert!(stdout.contains("apply"), "{stdout}");
    let out = w.run(["--version"]);
    let stdout = assert_ok(&out);
    assert!(stdout.starts_with("fuzzy-edit "), "{stdout}");
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
