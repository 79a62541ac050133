//! Exit codes: 0 applied, 1 refused, 2 bad usage or I/O error, with the reason on stderr.

use crate::common::{assert_fails, assert_ok, Work, PY};

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
fn unknown_flag_and_no_subcommand_are_usage_errors() {
    let w = Work::new();
    assert_fails(&w.run(["apply", "f.py", "--bogus"]), 2);
    assert_fails(&w.run(Vec::<&str>::new()), 2);
    assert_fails(&w.run(["frobnicate"]), 2);
}

#[test]
fn no_file_argument_is_a_usage_error() {
    let w = Work::new();
    let out = w.run(["apply", "--old", "a", "--new", "b"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("name the file"), "{err}");
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
fn missing_new_is_a_usage_error() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run(["apply", "f.py", "--old", "return x + 1"]);
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
fn missing_file_is_exit_2() {
    let w = Work::new();
    let out = w.run(["apply", "nope.py", "--old", "a", "--new", "b"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("nope.py"), "{err}");
    assert!(!w.exists("nope.py"), "a missing file must not be created");
}

#[test]
fn deleting_a_missing_file_is_exit_2_as_editing_one_is() {
    let w = Work::new();
    w.write(
        "p.patch",
        "*** Begin Patch\n*** Delete File: nope.py\n*** End Patch\n",
    );
    let out = w.run(["apply", "--edits", "p.patch", "--json"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["error"]["kind"], "file_not_found", "{answer}");
    assert!(!w.exists("nope.py"));
}

#[test]
fn directory_is_exit_2() {
    let w = Work::new();
    std::fs::create_dir(w.path("d")).unwrap();
    let out = w.run(["apply", "d", "--old", "a", "--new", "b"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("directory"), "{err}");
}
