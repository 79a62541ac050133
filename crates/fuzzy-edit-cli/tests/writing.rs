//! Writing: symlinks edited at their target, permissions kept, multi-file changes all or nothing.

use crate::common;
use crate::common::{assert_fails, assert_ok, listing, Work};

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
    let err = assert_fails(&out, 2);
    assert!(
        err.contains("nothing was written") && err.contains("write permission on its directory"),
        "{err}"
    );
    assert_eq!(w.read("a.txt"), "alpha\n");
    assert_eq!(w.read("ro/b.txt"), "beta\n");
}

/// A write that fails midway (here the file size limit, `EFBIG`, as a full disk gives
/// `ENOSPC`) leaves the file as it was: the temporary file is removed, and a write in place,
/// which had overwritten the first 4096 bytes, puts the old content back (it left the file
/// torn, and said "nothing was written").
#[cfg(target_os = "linux")]
#[test]
fn a_write_that_fails_midway_leaves_the_file_as_it_was() {
    if !have_prlimit() {
        eprintln!("skipped: no prlimit");
        return;
    }
    let w = Work::new();
    let before = format!("head = 1\n{}", "short line\n".repeat(100));
    let new = format!("head = 2\n{}", "a much longer line\n".repeat(1000));
    for in_place in [false, true] {
        w.write("f.txt", &before);
        // SIGXFSZ ignored, so the write fails with EFBIG instead of killing the process.
        let script = format!(
            "trap '' XFSZ; exec prlimit --fsize=4096 '{}' apply f.txt {} --old 'head = 1' --new \"$0\"",
            env!("CARGO_BIN_EXE_fuzzy-edit"),
            if in_place { "--in-place" } else { "" }
        );
        let out = std::process::Command::new("sh")
            .current_dir(w.root())
            .args(["-c", &script, &new])
            .output()
            .unwrap();
        let err = assert_fails(&out, 2);
        assert!(err.contains("nothing was written"), "{err}");
        assert!(
            w.read("f.txt") == before,
            "in place: {in_place}: the file changed"
        );
        assert_eq!(listing(&w), ["f.txt"], "in place: {in_place}");
    }
}

/// A write of a multi-file change fails (the file size limit, `EFBIG`, at the second file's
/// write in place), and putting the first file back fails too (its old content is over the same
/// limit): the answer says which file is in which state, and the exit code says failure (it
/// said "nothing was written" of the second file only, and the first stayed changed).
#[cfg(target_os = "linux")]
#[test]
fn a_failed_rollback_names_the_state_of_every_file() {
    if !have_prlimit() {
        eprintln!("skipped: no prlimit");
        return;
    }
    let w = Work::new();
    let body: String = (0..200)
        .map(|i| format!("long line number {i} of the first file\n"))
        .collect();
    let a_before = format!("keep\n{body}");
    assert!(a_before.len() > 4096);
    let doc = serde_json::json!([
        {"file_path": "a.txt", "old_string": body, "new_string": "short\n"},
        {"file_path": "b.txt", "old_string": "head = 1\n",
         "new_string": format!("head = 2\n{}", "a much longer line\n".repeat(400))},
    ]);
    w.write("doc.json", doc.to_string());
    for json in [false, true] {
        w.write("a.txt", &a_before);
        w.write("b.txt", "head = 1\n");
        let script = format!(
            "trap '' XFSZ; exec prlimit --fsize=4096 '{}' apply --in-place --edits doc.json {}",
            env!("CARGO_BIN_EXE_fuzzy-edit"),
            if json { "--json" } else { "" }
        );
        let out = std::process::Command::new("sh")
            .current_dir(w.root())
            .args(["-c", &script])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        // The state the answer reports is the state on disk.
        assert_eq!(w.read("a.txt"), "keep\nshort\n");
        assert_eq!(w.read("b.txt"), "head = 1\n");
        if json {
            let answer = common::stdout_json(&out);
            let error = &answer["error"];
            assert_eq!(error["kind"], "rollback_failed", "{answer}");
            assert_eq!(error["path"], "b.txt");
            assert_eq!(error["not_restored"], serde_json::json!(["a.txt"]));
            assert_eq!(error["restored"], serde_json::json!([]));
        } else {
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(
                    "a.txt: still has the new content (putting it back failed: File too large"
                ),
                "{err}"
            );
            assert!(
                err.contains("b.txt: as it was (this write failed)"),
                "{err}"
            );
            assert!(!err.contains("left alone too"), "{err}");
        }
    }
}

/// Whether `prlimit` (util-linux) is there to cap a process's file size.
#[cfg(target_os = "linux")]
fn have_prlimit() -> bool {
    std::process::Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}
