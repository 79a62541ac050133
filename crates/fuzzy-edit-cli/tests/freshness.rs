//! Stale files: --expect-sha256 and --expect-mtime refuse a file changed since it was read.

use crate::common::{assert_fails, assert_ok, stdout_json, Work};
use crate::edit_documents::{project, APP};

#[test]
fn expect_sha256_needs_the_file_argument() {
    let w = project();
    w.write(
        "call.json",
        r#"{"file_path": "src/app.py", "old_string": "s = 0", "new_string": "s = 1"}"#,
    );
    let sha = "0".repeat(64);
    let out = w.run(["apply", "--edits", "call.json", "--expect-sha256", &sha]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("need the FILE argument"), "{err}");
    assert_eq!(w.read("src/app.py"), APP);
}

fn sha256(bytes: &[u8]) -> String {
    fuzzy_edit::fs::sha256_hex(bytes)
}

#[test]
fn expect_sha256_match_applies() {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    let sha = sha256(b"one\ntwo\n").to_uppercase();
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "two",
        "--new",
        "TWO",
        "--expect-sha256",
        &sha,
    ]);
    assert_ok(&out);
    assert_eq!(w.read("a.txt"), "one\nTWO\n");
}

#[test]
fn expect_sha256_mismatch_is_refused() {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    let stale = sha256(b"one\ntwo\nthree\n");
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "two",
        "--new",
        "TWO",
        "--expect-sha256",
        &stale,
    ]);
    let err = assert_fails(&out, 1);
    assert!(err.contains("changed since it was read"), "{err}");
    assert!(err.contains("sha256"), "{err}");
    assert_eq!(w.read("a.txt"), "one\ntwo\n");
}

#[test]
fn expect_sha256_mismatch_with_an_edits_document() {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    w.write(
        "edits.json",
        r#"[{"old_string": "two", "new_string": "TWO"}]"#,
    );
    let out = w.run([
        "apply",
        "a.txt",
        "--edits",
        "edits.json",
        "--expect-sha256",
        &"0".repeat(64),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "stale");
    assert_eq!(v["error"]["what"], "sha256");
    assert_eq!(w.read("a.txt"), "one\ntwo\n");
}

fn mtime(w: &Work, name: &str) -> std::time::Duration {
    std::fs::metadata(w.path(name))
        .unwrap()
        .modified()
        .unwrap()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
}

#[test]
fn expect_mtime_match_applies() {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    let t = mtime(&w, "a.txt");
    let full = format!("{}.{:09}", t.as_secs(), t.subsec_nanos());
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "two",
        "--new",
        "TWO",
        "--expect-mtime",
        &full,
    ]);
    assert_ok(&out);
    assert_eq!(w.read("a.txt"), "one\nTWO\n");

    let t = mtime(&w, "a.txt");
    let secs = t.as_secs().to_string();
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "TWO",
        "--new",
        "2",
        "--expect-mtime",
        &secs,
    ]);
    assert_ok(&out);
    assert_eq!(w.read("a.txt"), "one\n2\n");
}

#[test]
fn expect_mtime_mismatch_is_refused() {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    let t = mtime(&w, "a.txt");
    let earlier = (t.as_secs() - 100).to_string();
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "two",
        "--new",
        "TWO",
        "--expect-mtime",
        &earlier,
    ]);
    let err = assert_fails(&out, 1);
    assert!(err.contains("mtime"), "{err}");
    assert_eq!(w.read("a.txt"), "one\ntwo\n");
}

#[test]
fn expect_mtime_does_not_match_a_longer_number() {
    // "17" must not match a file whose mtime is 1700000000.x (a prefix of the seconds).
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    let t = mtime(&w, "a.txt");
    let prefix = t.as_secs().to_string()[..2].to_string();
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "two",
        "--new",
        "TWO",
        "--expect-mtime",
        &prefix,
    ]);
    assert_fails(&out, 1);
    let dotted_prefix = format!("{}.", &t.as_secs().to_string()[..2]);
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "two",
        "--new",
        "TWO",
        "--expect-mtime",
        &dotted_prefix,
    ]);
    assert_fails(&out, 1);
    assert_eq!(w.read("a.txt"), "one\ntwo\n");
}
