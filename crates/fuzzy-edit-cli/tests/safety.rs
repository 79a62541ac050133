//! Never corrupt a file: what cannot be edited as text is refused and left byte for byte;
//! line endings, BOMs and final newlines survive; symlinks and permissions are kept; a
//! multi-file change is all or nothing, rolled back when a later write fails; stale files are
//! refused; large files edit correctly; no temporary files are left behind.

mod common;

use common::{assert_fails, assert_ok, stdout_json, Work};

/// The names in the work directory (recursively, relative), sorted: to see nothing was left
/// behind.
fn listing(w: &Work) -> Vec<String> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            out.push(path.strip_prefix(root).unwrap().display().to_string());
            let ty = entry.file_type().unwrap();
            if ty.is_dir() {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(w.root(), w.root(), &mut out);
    out.sort();
    out
}

// ---------------------------------------------------------------------------------------------
// Files that are not text

#[test]
fn binary_file_is_refused_and_untouched() {
    let w = Work::new();
    let bytes: &[u8] = b"\x7fELF\x02\x01\x01\0\0\0line to edit\n\xff\xfe\0tail\n";
    w.write("prog.bin", bytes);
    let out = w.run(["apply", "prog.bin", "--old", "line to edit", "--new", "x"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("binary"), "{err}");
    assert_eq!(w.bytes("prog.bin"), bytes);
    assert_eq!(listing(&w), ["prog.bin"]);
}

#[test]
fn binary_file_named_by_an_edits_document_is_untouched() {
    let w = Work::new();
    let bytes: &[u8] = b"abc\0def\nline\n";
    w.write("data.bin", bytes);
    w.write("ok.txt", "keep\n");
    w.write(
        "edits.json",
        r#"[{"file_path": "ok.txt", "old_string": "keep", "new_string": "changed"},
            {"file_path": "data.bin", "old_string": "line", "new_string": "LINE"}]"#,
    );
    let out = w.run(["apply", "--edits", "edits.json"]);
    assert_fails(&out, 2);
    assert_eq!(w.bytes("data.bin"), bytes);
    assert_eq!(w.read("ok.txt"), "keep\n");
}

#[test]
fn invalid_utf8_is_refused_and_untouched() {
    let w = Work::new();
    // Latin-1 text: "café\nline\n".
    let bytes: &[u8] = b"caf\xe9\nline\n";
    w.write("latin1.txt", bytes);
    let out = w.run(["apply", "latin1.txt", "--old", "line", "--new", "LINE"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("UTF-8"), "{err}");
    assert_eq!(w.bytes("latin1.txt"), bytes);
    assert_eq!(listing(&w), ["latin1.txt"]);
}

#[test]
fn file_over_max_bytes_is_refused_and_untouched() {
    let w = Work::new();
    let text = "x = 1\n".repeat(100);
    w.write("big.txt", &text);
    let out = w.run([
        "apply",
        "big.txt",
        "--old",
        "x = 1",
        "--new",
        "y",
        "--replace-all",
        "--max-bytes",
        "100",
    ]);
    assert_fails(&out, 2);
    assert_eq!(w.read("big.txt"), text);
}

// ---------------------------------------------------------------------------------------------
// Line endings, BOM, final newline, empty files

#[test]
fn crlf_file_keeps_crlf() {
    let w = Work::new();
    w.write("win.txt", "one\r\ntwo\r\nthree\r\n");
    // The model writes LF.
    let out = w.run([
        "apply",
        "win.txt",
        "--old",
        "two\nthree",
        "--new",
        "two\n2.5\nthree",
    ]);
    assert_ok(&out);
    assert_eq!(w.bytes("win.txt"), b"one\r\ntwo\r\n2.5\r\nthree\r\n");
}

#[test]
fn crlf_file_edited_by_an_lf_diff_keeps_crlf() {
    let w = Work::new();
    w.write("win.txt", "a\r\nb\r\nc\r\n");
    let doc = "--- a/win.txt\n+++ b/win.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    assert_ok(&out);
    assert_eq!(w.bytes("win.txt"), b"a\r\nB\r\nc\r\n");
}

#[test]
fn lf_file_edited_by_a_crlf_document_keeps_lf() {
    let w = Work::new();
    w.write("unix.txt", "a\nb\nc\n");
    let doc = "unix.txt\r\n<<<<<<< SEARCH\r\nb\r\n=======\r\nB\r\n>>>>>>> REPLACE\r\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("unix.txt"), b"a\nB\nc\n");
}

#[test]
fn bom_is_kept() {
    let w = Work::new();
    w.write("bom.txt", "\u{feff}x = 1\ny = 2\n");
    let out = w.run(["apply", "bom.txt", "--old", "x = 1", "--new", "x = 10"]);
    assert_ok(&out);
    assert_eq!(w.bytes("bom.txt"), "\u{feff}x = 10\ny = 2\n".as_bytes());
}

#[test]
fn bom_is_kept_when_a_block_replaces_the_first_lines() {
    let w = Work::new();
    w.write("bom.txt", "\u{feff}x = 1\ny = 2\nz = 3\n");
    let doc = "bom.txt\n<<<<<<< SEARCH\nx = 1\ny = 2\n=======\nw = 0\n>>>>>>> REPLACE\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("bom.txt"), "\u{feff}w = 0\nz = 3\n".as_bytes());
}

#[test]
fn missing_final_newline_stays_missing() {
    let w = Work::new();
    w.write("a.txt", "first\nlast");
    let out = w.run(["apply", "a.txt", "--old", "last", "--new", "LAST"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST");
}

#[test]
fn missing_final_newline_stays_missing_with_a_block() {
    // SEARCH/REPLACE sections end in a newline; the file's last line has none.
    let w = Work::new();
    w.write("a.txt", "first\nlast");
    let doc = "a.txt\n<<<<<<< SEARCH\nlast\n=======\nLAST\n>>>>>>> REPLACE\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST");
}

#[test]
fn missing_final_newline_with_a_diff_that_says_so() {
    let w = Work::new();
    w.write("a.txt", "first\nlast");
    let doc = "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n first\n-last\n\\ No newline at end of file\n+LAST\n\\ No newline at end of file\n";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST");
}

#[test]
fn final_newline_stays_present() {
    let w = Work::new();
    w.write("a.txt", "first\nlast\n");
    let out = w.run(["apply", "a.txt", "--old", "last", "--new", "LAST"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST\n");
    // A block whose sections end in a newline keeps exactly one.
    let doc = "a.txt\n<<<<<<< SEARCH\nLAST\n=======\nlast again\n>>>>>>> REPLACE\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nlast again\n");
}

#[test]
fn empty_file_can_be_filled() {
    let w = Work::new();
    w.write("empty.txt", "");
    let out = w.run(["apply", "empty.txt", "--old", "", "--new", "hello\n"]);
    assert_ok(&out);
    assert_eq!(w.read("empty.txt"), "hello\n");
}

#[test]
fn empty_file_edit_that_finds_nothing_is_refused() {
    let w = Work::new();
    w.write("empty.txt", "");
    let out = w.run(["apply", "empty.txt", "--old", "x", "--new", "y"]);
    assert_fails(&out, 1);
    assert_eq!(w.bytes("empty.txt"), b"");
}

#[test]
fn empty_file_can_be_created_over() {
    let w = Work::new();
    w.write("empty.txt", "");
    let doc = "*** Begin Patch\n*** Add File: empty.txt\n+content\n*** End Patch\n";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_ok(&out);
    assert_eq!(w.read("empty.txt"), "content\n");
}

#[test]
fn empty_old_on_a_non_empty_file_is_refused() {
    let w = Work::new();
    w.write("a.txt", "content\n");
    let out = w.run(["apply", "a.txt", "--old", "", "--new", "x"]);
    assert_fails(&out, 1);
    assert_eq!(w.read("a.txt"), "content\n");
}

// ---------------------------------------------------------------------------------------------
// Symlinks and permissions

#[cfg(unix)]
#[test]
fn symlink_is_edited_at_its_target_and_stays_a_symlink() {
    let w = Work::new();
    w.write("real/target.txt", "one\ntwo\n");
    std::os::unix::fs::symlink("real/target.txt", w.path("link.txt")).unwrap();
    let out = w.run(["apply", "link.txt", "--old", "two", "--new", "TWO"]);
    assert_ok(&out);
    let meta = std::fs::symlink_metadata(w.path("link.txt")).unwrap();
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    assert_eq!(
        std::fs::read_link(w.path("link.txt")).unwrap(),
        std::path::Path::new("real/target.txt")
    );
    assert_eq!(w.read("real/target.txt"), "one\nTWO\n");
    assert_eq!(listing(&w), ["link.txt", "real", "real/target.txt"]);
}

#[cfg(unix)]
#[test]
fn symlink_named_by_an_edits_document_stays_a_symlink() {
    let w = Work::new();
    w.write("real/target.txt", "one\ntwo\n");
    std::os::unix::fs::symlink("real/target.txt", w.path("link.txt")).unwrap();
    let doc = "*** Begin Patch\n*** Update File: link.txt\n@@\n one\n-two\n+TWO\n*** End Patch\n";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_ok(&out);
    assert!(std::fs::symlink_metadata(w.path("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(w.read("real/target.txt"), "one\nTWO\n");
}

#[cfg(unix)]
#[test]
fn dangling_symlink_is_never_replaced_by_a_plain_file() {
    // Creating a file at a dangling symlink either creates the link's target or refuses; it
    // must not replace the link with a regular file (let alone one with the link's 0777 mode).
    use std::os::unix::fs::PermissionsExt;
    let w = Work::new();
    std::os::unix::fs::symlink("missing-target.txt", w.path("dangling")).unwrap();
    let doc = "*** Begin Patch\n*** Add File: dangling\n+hi\n*** End Patch\n";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    let meta = std::fs::symlink_metadata(w.path("dangling")).unwrap();
    assert!(
        meta.file_type().is_symlink(),
        "the symlink was replaced by a regular file with mode {:o} (exit {:?})",
        meta.permissions().mode() & 0o7777,
        out.status.code()
    );
    if out.status.success() {
        assert_eq!(w.read("missing-target.txt"), "hi\n");
    }
}

#[cfg(unix)]
#[test]
fn chain_of_dangling_symlinks_is_never_replaced_by_a_plain_file() {
    // first -> second -> missing: neither link may become a regular file.
    let w = Work::new();
    std::os::unix::fs::symlink("second", w.path("first")).unwrap();
    std::os::unix::fs::symlink("missing-target.txt", w.path("second")).unwrap();
    let doc = "*** Begin Patch\n*** Add File: first\n+hi\n*** End Patch\n";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    for link in ["first", "second"] {
        let meta = std::fs::symlink_metadata(w.path(link)).unwrap();
        assert!(
            meta.file_type().is_symlink(),
            "{link} was replaced by a regular file (exit {:?})",
            out.status.code()
        );
    }
    if out.status.success() {
        assert_eq!(w.read("missing-target.txt"), "hi\n");
    }
}

#[cfg(unix)]
#[test]
fn dangling_relative_symlink_in_a_subdirectory_creates_its_target() {
    let w = Work::new();
    std::fs::create_dir(w.path("sub")).unwrap();
    std::os::unix::fs::symlink("../made.txt", w.path("sub/link")).unwrap();
    let doc = "*** Begin Patch\n*** Add File: sub/link\n+hi\n*** End Patch\n";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert!(std::fs::symlink_metadata(w.path("sub/link"))
        .unwrap()
        .file_type()
        .is_symlink());
    if out.status.success() {
        assert_eq!(w.read("made.txt"), "hi\n");
    } else {
        assert!(!w.exists("made.txt"));
    }
}

#[cfg(unix)]
#[test]
fn deleting_a_symlink_does_not_leave_it_dangling() {
    // `*** Delete File: link` removes the link, as `rm` and `git apply` do; it must not delete
    // the target and leave a dangling link behind.
    let w = Work::new();
    w.write("real/target.txt", "one\n");
    std::os::unix::fs::symlink("real/target.txt", w.path("link.txt")).unwrap();
    let doc = "*** Begin Patch\n*** Delete File: link.txt\n*** End Patch\n";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_ok(&out);
    let link_left = std::fs::symlink_metadata(w.path("link.txt")).is_ok();
    let target_left = w.exists("real/target.txt");
    assert!(
        !link_left && target_left,
        "after deleting link.txt: link left: {link_left}, target left: {target_left}"
    );
}

#[cfg(unix)]
#[test]
fn permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let w = Work::new();
    let p = w.write("run.sh", "#!/bin/sh\necho old\n");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o751)).unwrap();
    let out = w.run(["apply", "run.sh", "--old", "echo old", "--new", "echo new"]);
    assert_ok(&out);
    assert_eq!(w.read("run.sh"), "#!/bin/sh\necho new\n");
    let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o751);

    let q = w.write("secret.txt", "token = a\n");
    std::fs::set_permissions(&q, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = w.run([
        "apply",
        "secret.txt",
        "--old",
        "token = a",
        "--new",
        "token = b",
    ]);
    assert_ok(&out);
    let mode = std::fs::metadata(&q).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o600);
}

// ---------------------------------------------------------------------------------------------
// All or nothing

#[test]
fn multi_file_edit_with_a_later_refusal_writes_nothing() {
    let w = Work::new();
    w.write("a.txt", "alpha\n");
    w.write("b.txt", "beta\n");
    w.write("old.txt", "old\n");
    let doc = "\
*** Begin Patch
*** Add File: new.txt
+new
*** Update File: a.txt
@@
-alpha
+ALPHA
*** Delete File: old.txt
*** Update File: b.txt
@@
-gamma
+GAMMA
*** End Patch
";
    w.write("patch.txt", doc);
    let before = listing(&w);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    let err = assert_fails(&out, 1);
    assert!(err.contains("b.txt"), "{err}");
    assert_eq!(w.read("a.txt"), "alpha\n");
    assert_eq!(w.read("b.txt"), "beta\n");
    assert_eq!(w.read("old.txt"), "old\n");
    assert!(!w.exists("new.txt"));
    assert_eq!(listing(&w), before);
}

#[test]
fn multi_file_edit_with_a_later_missing_file_writes_nothing() {
    let w = Work::new();
    w.write("a.txt", "alpha\n");
    w.write(
        "edits.json",
        r#"[{"file_path": "a.txt", "old_string": "alpha", "new_string": "ALPHA"},
            {"file_path": "nope.txt", "old_string": "x", "new_string": "y"}]"#,
    );
    let out = w.run(["apply", "--edits", "edits.json"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("a.txt"), "alpha\n");
    assert!(!w.exists("nope.txt"));
}

#[test]
fn failed_later_write_rolls_back_earlier_files() {
    // The last change creates `blocker/c.txt`, but `blocker` is a regular file: planning
    // succeeds, the write fails after a.txt was edited and b.txt deleted; both come back.
    let w = Work::new();
    w.write("a.txt", "alpha\n");
    w.write("b.txt", "beta\n");
    w.write("blocker", "a file, not a directory\n");
    let doc = "\
*** Begin Patch
*** Update File: a.txt
@@
-alpha
+ALPHA
*** Delete File: b.txt
*** Add File: blocker/c.txt
+gamma
*** End Patch
";
    w.write("patch.txt", doc);
    let before = listing(&w);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("blocker"), "{err}");
    assert_eq!(w.read("a.txt"), "alpha\n");
    assert_eq!(w.read("b.txt"), "beta\n");
    assert_eq!(w.read("blocker"), "a file, not a directory\n");
    assert_eq!(listing(&w), before);
}

#[cfg(unix)]
#[test]
fn failed_write_in_a_read_only_directory_rolls_back() {
    use std::os::unix::fs::PermissionsExt;
    if common::permissions_ignored() {
        eprintln!("skipped: this process ignores file permissions (root)");
        return;
    }
    let w = Work::new();
    w.write("a.txt", "alpha\n");
    w.write("ro/b.txt", "beta\n");
    let ro = w.path("ro");
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    w.write(
        "edits.json",
        r#"[{"file_path": "a.txt", "old_string": "alpha", "new_string": "ALPHA"},
            {"file_path": "ro/b.txt", "old_string": "beta", "new_string": "BETA"}]"#,
    );
    let out = w.run(["apply", "--edits", "edits.json"]);
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_fails(&out, 2);
    assert_eq!(w.read("a.txt"), "alpha\n");
    assert_eq!(w.read("ro/b.txt"), "beta\n");
}

// ---------------------------------------------------------------------------------------------
// Stale files

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
        "0000",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "refused");
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

// ---------------------------------------------------------------------------------------------
// Large files

#[test]
fn large_file_edits_correctly() {
    let w = Work::new();
    let mut text = String::with_capacity(21 << 20);
    let mut i = 0u64;
    while text.len() < 20 << 20 {
        text.push_str(&format!("let value_{i} = compute({i}, \"payload\");\n"));
        i += 1;
    }
    let target = format!("let value_{} = compute({}, \"payload\");\n", i / 2, i / 2);
    let replacement = format!("let value_{} = compute_fast({});\n", i / 2, i / 2);
    w.write("big.rs", &text);
    let out = w.run([
        "apply",
        "big.rs",
        "--old",
        target.trim_end(),
        "--new",
        replacement.trim_end(),
        "--json",
    ]);
    assert_ok(&out);
    let v = stdout_json(&out);
    assert_eq!(v["files"][0]["matches"][0]["start_line"], i / 2 + 1);
    let expected = text.replacen(&target, &replacement, 1);
    let got = w.read("big.rs");
    assert_eq!(got.len(), expected.len());
    assert!(
        got == expected,
        "the large file differs from the expected edit"
    );
}

#[test]
fn large_file_absent_old_is_refused_quickly() {
    let w = Work::new();
    let text = "fn filler() { let a = 1; let b = 2; }\n".repeat(500_000);
    w.write("big.rs", &text);
    let start = std::time::Instant::now();
    let out = w.run([
        "apply",
        "big.rs",
        "--old",
        "this line is absent",
        "--new",
        "x",
    ]);
    assert_fails(&out, 1);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(60),
        "took {:?}",
        start.elapsed()
    );
    assert_eq!(w.read("big.rs").len(), text.len());
}
