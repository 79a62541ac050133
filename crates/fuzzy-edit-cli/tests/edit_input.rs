//! Where one edit comes from: --old/--new, --old-file/--new-file, and `-` for stdin.

use crate::common::{assert_fails, assert_ok, Work, PY};

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

/// `--old-file /dev/zero` (or an endless pipe) was read to the end, without limit: gigabytes
/// of memory within seconds, and no answer. Inputs are read up to `--max-bytes`, as files are,
/// and refused beyond it, from a file, a device or stdin alike.
#[test]
fn endless_inputs_are_cut_at_max_bytes_and_refused() {
    use std::time::Duration;
    let w = Work::new();
    w.write("f.py", PY);
    let inputs: [&[&str]; 3] = [
        &["--old-file", "/dev/zero", "--new", "x"],
        &["--old", "return x + 1", "--new-file", "/dev/zero"],
        &["--edits", "/dev/zero"],
    ];
    for args in inputs {
        let out = w
            .cmd(["apply", "f.py", "--max-bytes", "1MiB"].iter().chain(args))
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let err = assert_fails(&out, 2);
        assert!(
            err.contains("/dev/zero") && err.contains("--max-bytes"),
            "{err}"
        );
    }
    let big = "x".repeat(2_000_000);
    let out = w.run_stdin(
        [
            "apply",
            "f.py",
            "--max-bytes",
            "1MB",
            "--old-file",
            "-",
            "--new",
            "x",
        ],
        big,
    );
    let err = assert_fails(&out, 2);
    assert!(err.contains("stdin") && err.contains("1000000"), "{err}");
    assert_eq!(w.read("f.py"), PY);
}

// A Markdown or YAML list item, or a negative number, starts with `-`: it is the value of
// --old, --new or --anchor, not a flag (clap refused it as an unexpected argument).
#[test]
fn values_that_start_with_a_dash() {
    let w = Work::new();
    w.write("l.md", "# List\n\n- a\n- b\n\nx = -1\n");
    assert_ok(&w.run(["apply", "l.md", "--old", "- a", "--new", "- c"]));
    assert_ok(&w.run(["apply", "l.md", "--old", "-1", "--new", "-2"]));
    assert_ok(&w.run([
        "apply", "l.md", "--anchor", "- c", "--old", "- b", "--new", "- d",
    ]));
    assert_eq!(w.read("l.md"), "# List\n\n- c\n- d\n\nx = -2\n");
}
