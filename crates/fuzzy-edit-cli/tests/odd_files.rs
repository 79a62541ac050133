//! Files that are not plain text files on disk (issue 9, reproductions 5, 6 and 7): FIFOs and
//! devices refused at once, the size limit applied to the bytes read, `replace_all` never
//! applied to only some occurrences, temporary files of a crashed run removed.

use std::time::{Duration, Instant};

use crate::common::{assert_fails, assert_ok, Work};

#[test]
fn a_fifo_is_refused_without_blocking() {
    let w = Work::new();
    let status = std::process::Command::new("mkfifo")
        .arg(w.path("fifo"))
        .status()
        .unwrap();
    assert!(status.success());
    let start = Instant::now();
    let out = w
        .cmd(["apply", "fifo", "--old", "a", "--new", "b"])
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    let err = assert_fails(&out, 2);
    assert!(err.contains("FIFO"), "{err}");
    let line = r#"{"path": "fifo", "old": "a", "new": "b"}"#;
    let out = w
        .cmd(["pipe"])
        .write_stdin(format!("{line}\n{line}\n"))
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    let answers = String::from_utf8_lossy(&out.stdout);
    assert_eq!(answers.lines().count(), 2, "{answers}");
    assert!(answers.contains("not_regular"), "{answers}");
    assert!(start.elapsed() < Duration::from_secs(15));
}

#[test]
fn an_argument_fifo_nobody_writes_to_is_refused_without_blocking() {
    let w = Work::new();
    w.write("t.py", "def f():\n    return 1\n");
    let status = std::process::Command::new("mkfifo")
        .arg(w.path("snippet"))
        .status()
        .unwrap();
    assert!(status.success());
    let start = Instant::now();
    let out = w
        .cmd(["apply", "t.py", "--snippet", "snippet"])
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    let err = assert_fails(&out, 2);
    assert!(err.contains("FIFO"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(15));
    assert_eq!(w.read("t.py"), "def f():\n    return 1\n");
}

#[test]
fn devices_are_refused_and_the_limit_counts_bytes_read() {
    let w = Work::new();
    let out = w.run([
        "apply",
        "/dev/zero",
        "--unsafe-paths",
        "--old",
        "a",
        "--new",
        "b",
    ]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("device"), "{err}");
    // /proc files report a size of 0 and have content.
    if std::path::Path::new("/proc/self/status").exists() {
        let out = w.run([
            "apply",
            "/proc/self/status",
            "--unsafe-paths",
            "--max-bytes",
            "10",
            "--old",
            "a",
            "--new",
            "b",
        ]);
        let err = assert_fails(&out, 2);
        assert!(err.contains("over the 10-byte limit"), "{err}");
    }
}

#[test]
fn replace_all_over_the_cap_changes_nothing() {
    let w = Work::new();
    let text: String = (0..2500)
        .map(|i| format!("def f{i}():\n    a = 1\n    b = 2\n    return a\n\n"))
        .collect();
    w.write("f.py", &text);
    let out = w.run([
        "apply",
        "f.py",
        "--replace-all",
        "--old",
        "    a = 1\n    ...\n    return a",
        "--new",
        "    a = 1\n    ...\n    return b",
    ]);
    let err = assert_fails(&out, 1);
    assert!(err.contains("more than 1000"), "{err}");
    assert_eq!(w.read("f.py"), text, "some occurrences were changed");
}

#[test]
fn temporaries_left_by_a_crash_are_removed_by_the_next_run() {
    let w = Work::new();
    w.write("a.txt", "one\n");
    w.write(".a.txt.fuzzy-edit-4242-17-0.tmp", "half-written");
    w.write(".a.txt.keep", "not ours");
    assert_ok(&w.run(["apply", "a.txt", "--old", "one", "--new", "two"]));
    assert!(!w.exists(".a.txt.fuzzy-edit-4242-17-0.tmp"));
    assert!(w.exists(".a.txt.keep"));
}

/// `a.txt/` names a directory (the kernel refuses it with ENOTDIR): it must never edit or
/// create the file `a.txt`, whichever front end is asked.
#[test]
fn a_path_ending_in_a_slash_never_edits_or_creates_a_file() {
    let w = Work::new();
    w.write("a.txt", "a = 1\n");
    for path in ["a.txt/", "a.txt/."] {
        let out = w.run(["apply", path, "--old", "a = 1", "--new", "a = 2"]);
        let err = assert_fails(&out, 2);
        assert!(err.contains("not a directory"), "{err}");
    }
    let lines: String = ["a.txt/", "new.txt/"]
        .iter()
        .map(|p| {
            format!(
                "{}\n",
                serde_json::json!({"path": p, "old": "a = 1", "new": "a = 2"})
            )
        })
        .collect();
    let out = w.run_stdin(["pipe"], lines);
    let answers = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        answers.matches("\"not_a_directory\"").count(),
        2,
        "{answers}"
    );
    let doc = "*** Begin Patch\n*** Add File: new.txt/\n+x\n*** End Patch\n";
    let out = w.run_stdin(["apply", "--edits", "-"], doc);
    assert_fails(&out, 2);
    assert_eq!(w.read("a.txt"), "a = 1\n");
    assert!(!w.exists("new.txt"));
}
