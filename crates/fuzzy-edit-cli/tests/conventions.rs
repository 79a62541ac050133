//! The conventions of the tools fuzzy-edit sits beside (issue 11, the command line): partial
//! runs across files, output modes (`--quiet`, `--stat`, `--patch` for `git apply`/`patch`),
//! diffs as `git diff -U0` and `diff -u` write them, argument checks, help, completions and
//! the man page.

use std::process::Command as Process;

use crate::common::{assert_fails, assert_ok, stdout_json, Work};

const A: &str = "x = 1\ny = 2\n";
const B: &str = "z = 3\n";

/// a.py's edit applies, b.py's does not.
fn half_good() -> Work {
    let w = Work::new();
    w.write("a.py", A);
    w.write("b.py", B);
    w.write(
        "edits.json",
        r#"[{"file_path": "a.py", "old_string": "x = 1", "new_string": "x = 10"},
            {"file_path": "b.py", "old_string": "nowhere", "new_string": "q"}]"#,
    );
    w
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn partial_across_files_applies_what_succeeds_and_exits_1() {
    let w = half_good();
    let out = w.run(["apply", "--edits", "edits.json", "--partial"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(w.read("a.py"), "x = 10\ny = 2\n");
    assert_eq!(w.read("b.py"), B);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    // The refusal is on stderr, in the words of the edits document (JSON: old_string, not
    // the flag --old, which a document has no use for); stdout has the result only.
    assert!(
        stderr.contains(
            "b.py: Edit 2 of 2 (the one starting `nowhere`) not applied: old_string was not found"
        ),
        "{stderr}"
    );
    assert!(!stdout.contains("not applied"), "{stdout}");
    assert!(stdout.contains("+x = 10"), "{stdout}");
    assert!(stdout.contains("b.py: left unchanged"), "{stdout}");
}

#[test]
fn partial_with_everything_applied_exits_0() {
    let w = half_good();
    w.write(
        "edits.json",
        r#"[{"file_path": "a.py", "old_string": "x = 1", "new_string": "x = 10"}]"#,
    );
    assert_ok(&w.run(["apply", "--edits", "edits.json", "--partial"]));
    assert_eq!(w.read("a.py"), "x = 10\ny = 2\n");
}

#[test]
fn partial_json_reports_failures_in_the_answer_and_exits_1() {
    let w = half_good();
    let out = w.run(["apply", "--edits", "edits.json", "--partial", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let v = stdout_json(&out);
    assert_eq!(v["files"][1]["failures"][0]["kind"], "not_found");
    assert_eq!(v["files"][0]["matches"][0]["edit"], 0);
}

#[test]
fn all_or_nothing_across_files_says_the_others_were_left_alone() {
    let w = half_good();
    let err = assert_fails(&w.run(["apply", "--edits", "edits.json"]), 1);
    assert!(
        err.contains("the other file of the request was left alone"),
        "{err}"
    );
    assert_eq!(w.read("a.py"), A);
}

#[test]
fn quiet_prints_nothing() {
    let w = half_good();
    let out = w.run(["apply", "a.py", "--old", "x = 1", "--new", "x = 5", "-q"]);
    assert_eq!(assert_ok(&out), "");
    assert_eq!(w.read("a.py"), "x = 5\ny = 2\n");
}

#[test]
fn stat_prints_a_diffstat() {
    let w = half_good();
    let out = w.run([
        "check",
        "a.py",
        "--old",
        "x = 1",
        "--new",
        "x = 5\nw = 0",
        "--stat",
    ]);
    assert_eq!(
        assert_ok(&out),
        " a.py | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)\n"
    );
}

#[test]
fn output_modes_exclude_each_other() {
    let w = half_good();
    let out = w.run([
        "check", "a.py", "--old", "x", "--new", "y", "--stat", "--quiet",
    ]);
    assert_fails(&out, 2);
    // Under --json the refusal is the JSON answer on stdout (newcomer 3), same exit code.
    let out = w.run([
        "check", "a.py", "--old", "x", "--new", "y", "--stat", "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout_json(&out)["error"]["kind"], "usage");
}

/// A document that edits a.py, creates new.txt and deletes b.py.
fn three_changes(w: &Work) {
    w.write(
        "p.txt",
        "*** Begin Patch\n*** Update File: a.py\n@@\n-x = 1\n+x = 7\n*** Add File: new.txt\n+hello\n+world\n*** Delete File: b.py\n*** End Patch\n",
    );
}

#[test]
fn patch_is_a_clean_patch_with_dev_null_headers() {
    let w = half_good();
    three_changes(&w);
    let out = w.run(["check", "--edits", "p.txt", "--patch"]);
    let patch = assert_ok(&out);
    assert!(patch.starts_with("--- a/a.py\n+++ b/a.py\n@@"), "{patch}");
    assert!(
        patch.contains("--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n"),
        "{patch}"
    );
    assert!(
        patch.contains("--- a/b.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-z = 3\n"),
        "{patch}"
    );
    assert!(!patch.contains("would"), "{patch}");
    // `patch -p1` applies it to a copy of the files.
    w.write("x.patch", &patch);
    let applied = Process::new("patch")
        .args(["-p1", "-s", "-i", "x.patch"])
        .current_dir(w.root())
        .output();
    match applied {
        Ok(o) => {
            assert!(
                o.status.success(),
                "patch: {}{}",
                text(&o.stdout),
                text(&o.stderr)
            );
            assert_eq!(w.read("a.py"), "x = 7\ny = 2\n");
            assert_eq!(w.read("new.txt"), "hello\nworld\n");
            assert!(!w.exists("b.py"));
        }
        Err(e) => eprintln!("patch(1) not run ({e}); the headers were checked above"),
    }
}

#[test]
fn one_line_matches_show_columns_and_one_line_is_line_n() {
    let w = half_good();
    let out = w.run(["check", "a.py", "--old", "1", "--new", "5"]);
    let stdout = assert_ok(&out);
    assert!(
        stdout.contains("edit 1: exact, line 1, column 5\n"),
        "{stdout}"
    );
    let out = w.run(["check", "a.py", "--old", "y = 2", "--new", "y = 3"]);
    let stdout = assert_ok(&out);
    assert!(stdout.contains("edit 1: exact, line 2\n"), "{stdout}");
}

#[test]
fn a_file_argument_naming_another_file_than_the_edits_is_an_error() {
    let w = half_good();
    w.write(
        "one.json",
        r#"{"file_path": "a.py", "old_string": "x = 1", "new_string": "x = 2"}"#,
    );
    let err = assert_fails(&w.run(["apply", "b.py", "--edits", "one.json"]), 2);
    assert!(err.contains("the edits name a.py"), "{err}");
    assert_eq!((w.read("a.py"), w.read("b.py")), (A.into(), B.into()));
    // The same file, written another way, is fine.
    assert_ok(&w.run(["apply", "./a.py", "--edits", "one.json", "-q"]));
    assert_eq!(w.read("a.py"), "x = 2\ny = 2\n");
    // FILE is one of the files, or the file of the edits that name none: it is used.
    w.write(
        "two.json",
        r#"[{"file_path": "a.py", "old_string": "x = 2", "new_string": "x = 3"},
            {"old_string": "z = 3", "new_string": "z = 4"}]"#,
    );
    assert_ok(&w.run(["apply", "b.py", "--edits", "two.json", "-q"]));
    assert_eq!(
        (w.read("a.py"), w.read("b.py")),
        ("x = 3\ny = 2\n".into(), "z = 4\n".into())
    );
}

const TWO_FUNCTIONS: &str = "def f():\n    return 0\n\n\ndef g():\n    return 0\n";

#[test]
fn a_git_diff_u0_hunk_is_placed_by_its_header_line() {
    let w = Work::new();
    w.write("m.py", TWO_FUNCTIONS);
    // `git diff -U0` of changing g's return: the removed line occurs twice.
    w.write(
        "d.patch",
        "diff --git a/m.py b/m.py\nindex 1..2 100644\n--- a/m.py\n+++ b/m.py\n@@ -6 +6 @@ def g():\n-    return 0\n+    return 1\n",
    );
    assert_ok(&w.run(["apply", "--edits", "d.patch", "-q"]));
    assert_eq!(
        w.read("m.py"),
        "def f():\n    return 0\n\n\ndef g():\n    return 1\n"
    );
}

#[test]
fn a_git_diff_u0_hunk_is_placed_by_its_function_context() {
    let w = Work::new();
    w.write("m.py", TWO_FUNCTIONS);
    // The line number is off (line 1 is nearest f's `return 0`), the function context is right.
    w.write(
        "d.patch",
        "--- a/m.py\n+++ b/m.py\n@@ -1 +1 @@ def g():\n-    return 0\n+    return 1\n",
    );
    assert_ok(&w.run(["apply", "--edits", "d.patch", "-q"]));
    assert_eq!(
        w.read("m.py"),
        "def f():\n    return 0\n\n\ndef g():\n    return 1\n"
    );
}

#[test]
fn a_header_line_never_locates_text_that_is_not_there() {
    let w = Work::new();
    w.write("m.py", TWO_FUNCTIONS);
    w.write(
        "d.patch",
        "--- a/m.py\n+++ b/m.py\n@@ -6 +6 @@ def g():\n-    return 5\n+    return 1\n",
    );
    assert_fails(&w.run(["apply", "--edits", "d.patch"]), 1);
    assert_eq!(w.read("m.py"), TWO_FUNCTIONS);
}

#[test]
fn a_header_line_equally_far_from_two_places_stays_ambiguous() {
    let w = Work::new();
    w.write("m.py", "a = 0\nb = 1\na = 0\n");
    w.write(
        "d.patch",
        "--- a/m.py\n+++ b/m.py\n@@ -2 +2 @@\n-a = 0\n+a = 9\n",
    );
    let err = assert_fails(&w.run(["apply", "--edits", "d.patch"]), 1);
    assert!(err.contains("matches 2 places"), "{err}");
}

#[test]
fn diff_u_of_two_files_edits_the_first_or_file() {
    let w = Work::new();
    w.write("file.py", "a\nb\nc\n");
    w.write(
        "u.diff",
        "--- file.py\t2026-01-01 00:00:00\n+++ other/file_new.py\t2026-01-01 00:00:01\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
    );
    assert_ok(&w.run(["apply", "--edits", "u.diff", "-q"]));
    assert_eq!(w.read("file.py"), "a\nB\nc\n");
    // FILE overrides a one-file diff's names, as with `patch FILE`.
    w.write("copy.py", "a\nb\nc\n");
    assert_ok(&w.run(["apply", "copy.py", "--edits", "u.diff", "-q"]));
    assert_eq!(w.read("copy.py"), "a\nB\nc\n");
}

#[test]
fn malformed_values_are_usage_errors() {
    let w = half_good();
    let edit = ["apply", "a.py", "--old", "x = 1", "--new", "x = 2"];
    for extra in [
        ["--expect-sha256", "xyz"],
        ["--expect-mtime", "yesterday"],
        ["--max-bytes", "10X"],
    ] {
        let out = w.run(edit.iter().chain(&extra));
        let err = assert_fails(&out, 2);
        assert!(!err.contains("changed since"), "{err}");
    }
    assert_eq!(w.read("a.py"), A);
}

#[test]
fn under_json_flags_clap_rejects_are_one_json_usage_answer_on_stdout() {
    let w = half_good();
    let edit = [
        "apply", "a.py", "--old", "x = 1", "--new", "x = 2", "--json",
    ];
    for (extra, words) in [
        (&["--expect-sha256", "xyz"][..], "64 hex digits"),
        (&["--max-bytes", "10X"][..], "`10X` is not a size"),
        (&["--max-bytes", "0"][..], "no file fits in 0 bytes"),
        (&["--quiet"][..], "cannot be used with"),
    ] {
        let out = w.run(edit.iter().chain(extra));
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let v = stdout_json(&out);
        assert_eq!(v["ok"], false, "{v}");
        assert_eq!(v["error"]["kind"], "usage", "{v}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(words), "{extra:?}: {message}");
        assert!(!message.contains("invalid digit"), "{message}");
        assert!(message.contains("--help"), "{message}");
    }
    assert_eq!(w.read("a.py"), A);
}

#[test]
fn without_json_clap_s_errors_carry_the_program_s_prefix() {
    let w = half_good();
    let out = w.run([
        "apply",
        "a.py",
        "--old",
        "x",
        "--new",
        "y",
        "--max-bytes",
        "10X",
    ]);
    let err = assert_fails(&out, 2);
    assert!(err.starts_with("fuzzy-edit: "), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn max_bytes_takes_size_suffixes() {
    let w = half_good();
    let edit = ["check", "a.py", "--old", "x = 1", "--new", "x = 2", "-q"];
    assert_ok(&w.run(edit.iter().chain(&["--max-bytes", "1k"])));
    let err = assert_fails(&w.run(edit.iter().chain(&["--max-bytes", "5"])), 2);
    assert!(err.contains("over the 5-byte limit"), "{err}");
}

#[test]
fn dry_run_has_a_short_flag_and_check_has_none() {
    let w = half_good();
    assert_ok(&w.run(["apply", "a.py", "--old", "x = 1", "--new", "x = 2", "-n"]));
    assert_eq!(w.read("a.py"), A);
    assert_fails(
        &w.run(["check", "a.py", "--old", "x", "--new", "y", "--dry-run"]),
        2,
    );
    let help = assert_ok(&w.run(["check", "--help"]));
    assert!(!help.contains("--dry-run"), "{help}");
}

#[test]
fn short_and_long_help_are_the_same_and_name_every_command() {
    let w = Work::new();
    let short = assert_ok(&w.run(["-h"]));
    let long = assert_ok(&w.run(["--help"]));
    assert_eq!(short, long);
    for command in [
        "apply",
        "check",
        "pipe",
        "mcp",
        "completions",
        "man",
        "Exit codes",
    ] {
        assert!(long.contains(command), "{command} missing from:\n{long}");
    }
    assert_eq!(
        assert_ok(&w.run(["apply", "-h"])),
        assert_ok(&w.run(["apply", "--help"]))
    );
}

#[test]
fn clicolor_force_colors_and_no_color_wins() {
    let w = half_good();
    let edit = ["check", "a.py", "--old", "x = 1", "--new", "x = 2"];
    let out = w.cmd(edit).env("CLICOLOR_FORCE", "1").output().unwrap();
    assert!(assert_ok(&out).contains("\x1b[31m-x = 1\x1b[0m"));
    let out = w
        .cmd(edit)
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!assert_ok(&out).contains('\x1b'));
}

#[test]
fn completions_and_man_page_come_from_the_flags() {
    let w = Work::new();
    let bash = assert_ok(&w.run(["completions", "bash"]));
    assert!(
        bash.contains("--replace-all") && bash.contains("complete"),
        "{bash}"
    );
    for shell in ["zsh", "fish"] {
        let script = assert_ok(&w.run(["completions", shell]));
        assert!(script.contains("replace-all"), "{shell}: {script}");
    }
    let man = assert_ok(&w.run(["man"]));
    assert!(man.starts_with(".ie") || man.contains(".TH"), "{man}");
    assert!(man.contains("fuzzy\\-edit"), "{man}");
    let apply = assert_ok(&w.run(["man", "apply"]));
    assert!(apply.contains("fuzzy\\-edit\\-apply"), "{apply}");
    assert!(apply.contains("replace\\-all"), "{apply}");
    assert_fails(&w.run(["completions", "tcsh"]), 2);
}

#[test]
fn a_reader_that_stops_early_is_no_crash() {
    // `fuzzy-edit completions bash | head -1`: stdout closed before the script is written.
    let mut child = Process::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
        .args(["completions", "bash"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{:?} {stderr}", out.status);
}

#[test]
fn refusals_speak_each_front_ends_words() {
    let w = Work::new();
    w.write("a.txt", "x = 1\ny = 2\nx = 1\n");
    // The command line: flags.
    let err = assert_fails(
        &w.run(["apply", "a.txt", "--old", "x = 1", "--new", "x = 9"]),
        1,
    );
    assert!(err.contains("--old matches 2 places"), "{err}");
    assert!(
        err.contains("set --replace-all") && err.contains("set --anchor"),
        "{err}"
    );
    let out = w.run([
        "apply", "a.txt", "--old", "x = 1", "--new", "x = 9", "--json",
    ]);
    let v = stdout_json(&out);
    let message = v["error"]["edits"][0]["message"].as_str().unwrap();
    assert!(message.starts_with("--old matches 2 places"), "{message}");
    // The pipe: its fields.
    let request = r#"{"content": "x = 1\ny = 2\nx = 1\n", "old": "x = 1", "new": "x = 9"}"#;
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("old matches 2 places"), "{message}");
    assert!(
        message.contains("set replace_all") && !message.contains("old_string"),
        "{message}"
    );
}

#[test]
fn pipe_on_a_terminal_says_it_reads_json_lines() {
    let bin = env!("CARGO_BIN_EXE_fuzzy-edit");
    // `script` gives the pipe a terminal; without it there is nothing to check here.
    let out = Process::new("script")
        .args(["-qec", &format!("'{bin}' pipe"), "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output();
    match out {
        Ok(o) if o.status.success() => {
            let shown = text(&o.stdout);
            assert!(
                shown.contains("reading JSON Lines requests from stdin"),
                "{shown:?}"
            );
        }
        other => eprintln!("script(1) unavailable ({other:?}); terminal notice not checked"),
    }
    // Not on a terminal: nothing on stderr.
    let out = Work::new().run_stdin(["pipe"], "");
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}
