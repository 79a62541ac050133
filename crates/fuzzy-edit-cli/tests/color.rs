//! Color: with `--color always`, or `auto` on a terminal without `NO_COLOR`; never in JSON.

use crate::common::{assert_ok, has_ansi, Work};

fn work() -> Work {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\nthree\n");
    w
}

const EDIT: [&str; 6] = ["a.txt", "--old", "two", "--new", "TWO", "--dry-run"];

fn apply_with(w: &Work, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["apply"];
    args.extend(EDIT);
    args.extend(extra);
    w.run(args)
}

#[test]
fn not_a_terminal_gives_no_escapes() {
    let w = work();
    let stdout = assert_ok(&apply_with(&w, &[]));
    assert!(stdout.contains("-two\n+TWO\n"), "{stdout}");
    assert!(!has_ansi(&stdout), "{stdout:?}");
}

#[test]
fn no_color_gives_no_escapes() {
    let w = work();
    let mut args = vec!["apply"];
    args.extend(EDIT);
    let out = w.cmd(args).env("NO_COLOR", "1").output().unwrap();
    let stdout = assert_ok(&out);
    assert!(!has_ansi(&stdout), "{stdout:?}");
}

#[test]
fn color_never_gives_no_escapes() {
    let w = work();
    let stdout = assert_ok(&apply_with(&w, &["--color", "never"]));
    assert!(!has_ansi(&stdout), "{stdout:?}");
}

#[test]
fn color_always_colors_the_diff() {
    let w = work();
    let stdout = assert_ok(&apply_with(&w, &["--color", "always"]));
    assert!(stdout.contains("\x1b[31m-two\x1b[0m\n"), "{stdout:?}");
    assert!(stdout.contains("\x1b[32m+TWO\x1b[0m\n"), "{stdout:?}");
    assert!(stdout.contains("\x1b[36m@@"), "{stdout:?}");
    // The headers are not colored as removed/added lines.
    assert!(stdout.contains("--- a/a.txt\n"), "{stdout:?}");
    assert!(stdout.contains("+++ b/a.txt\n"), "{stdout:?}");
}

#[test]
fn color_always_wins_over_no_color() {
    let w = work();
    let mut args = vec!["apply"];
    args.extend(EDIT);
    args.extend(["--color", "always"]);
    let out = w.cmd(args).env("NO_COLOR", "1").output().unwrap();
    let stdout = assert_ok(&out);
    assert!(has_ansi(&stdout), "{stdout:?}");
}

#[test]
fn json_is_never_colored() {
    let w = work();
    let out = apply_with(&w, &["--color", "always", "--json"]);
    let stdout = assert_ok(&out);
    assert!(!has_ansi(&stdout), "{stdout:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["ok"], true);
}

#[test]
fn errors_are_plain_text_on_stderr() {
    let w = work();
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "absent text here",
        "--new",
        "x",
        "--color",
        "always",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("fuzzy-edit: "), "{err:?}");
}
