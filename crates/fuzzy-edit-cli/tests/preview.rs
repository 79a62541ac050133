//! Previewing: `check` and `--dry-run` print what would change and write nothing.

use crate::common::{assert_fails, assert_ok, Work, PY};

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
