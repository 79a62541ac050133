//! What a replaced file keeps (issue 9, reproduction 4): mode bits with setuid/setgid/sticky,
//! owner and group, extended attributes; a file with several hard links or without write
//! permission is refused unless asked; a file this user cannot give its owner back to is
//! refused rather than silently taken over.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;

use crate::common::{assert_fails, assert_ok, Work};

fn edit(w: &Work, name: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["apply", name, "--old", "one", "--new", "two"];
    args.extend_from_slice(extra);
    w.run(args)
}

fn is_root() -> bool {
    rustix_free_geteuid() == 0
}

/// The effective uid, from `/proc` (the tests do not depend on rustix).
fn rustix_free_geteuid() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .and_then(|l| l.split_whitespace().nth(2).map(str::to_string))
        })
        .and_then(|u| u.parse().ok())
        .unwrap_or(u32::MAX)
}

#[test]
fn mode_bits_with_setuid_setgid_and_sticky_are_kept() {
    let w = Work::new();
    let p = w.write("tool.sh", "one\n");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o7755)).unwrap();
    assert_ok(&edit(&w, "tool.sh", &[]));
    assert_eq!(w.read("tool.sh"), "two\n");
    assert_eq!(std::fs::metadata(&p).unwrap().mode() & 0o7777, 0o7755);
}

#[test]
fn owner_and_group_are_kept_before_the_mode() {
    if !is_root() {
        return; // Giving a file to another user needs root.
    }
    let w = Work::new();
    let p = w.write("theirs.sh", "one\n");
    std::os::unix::fs::chown(&p, Some(1234), Some(2345)).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o6750)).unwrap();
    assert_ok(&edit(&w, "theirs.sh", &[]));
    let meta = std::fs::metadata(&p).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (1234, 2345));
    assert_eq!(
        meta.mode() & 0o7777,
        0o6750,
        "setuid/setgid cleared by chown"
    );
}

#[test]
fn extended_attributes_are_kept() {
    let w = Work::new();
    let p = w.write("x.txt", "one\n");
    let set = std::process::Command::new("python3")
        .args([
            "-c",
            "import os,sys; os.setxattr(sys.argv[1], 'user.origin', b'model')",
        ])
        .arg(&p)
        .status();
    if !set.is_ok_and(|s| s.success()) {
        return; // No python3 or no user xattrs on this filesystem.
    }
    assert_ok(&edit(&w, "x.txt", &[]));
    let got = std::process::Command::new("python3")
        .args([
            "-c",
            "import os,sys; print(os.getxattr(sys.argv[1], 'user.origin').decode())",
        ])
        .arg(&p)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&got.stdout).trim(), "model");
}

#[test]
fn hard_links_are_refused_unless_in_place() {
    let w = Work::new();
    let p = w.write("a.txt", "one\n");
    std::fs::hard_link(&p, w.path("b.txt")).unwrap();
    let err = assert_fails(&edit(&w, "a.txt", &[]), 1);
    assert!(
        err.contains("2 hard links") && err.contains("--in-place"),
        "{err}"
    );
    assert_eq!(w.read("a.txt"), "one\n");
    assert_ok(&edit(&w, "a.txt", &["--in-place"]));
    assert_eq!(w.read("a.txt"), "two\n");
    assert_eq!(w.read("b.txt"), "two\n", "the other name kept the old text");
}

#[test]
fn read_only_files_are_refused_unless_asked() {
    let w = Work::new();
    let p = w.write("ro.txt", "one\n");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = assert_fails(&edit(&w, "ro.txt", &[]), 1);
    assert!(
        err.contains("read-only") && err.contains("--write-read-only"),
        "{err}"
    );
    assert_eq!(w.read("ro.txt"), "one\n");
    assert_ok(&edit(&w, "ro.txt", &["--write-read-only"]));
    assert_eq!(w.read("ro.txt"), "two\n");
    assert_eq!(std::fs::metadata(&p).unwrap().mode() & 0o777, 0o444);
}

/// As another user in a directory anyone may write: the replacement would be that user's
/// file, so it is refused; `--in-place` keeps the owner. Every temporary file of a
/// multi-file change is written before the first rename, so the other file is untouched.
#[test]
fn a_file_whose_owner_cannot_be_kept_is_refused() {
    if !is_root() {
        return; // Switching users needs root.
    }
    let w = Work::new();
    std::fs::set_permissions(w.root(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let mine = w.write("mine.txt", "one\n");
    std::os::unix::fs::chown(&mine, Some(1234), Some(1234)).unwrap();
    let root_file = w.write("roots.txt", "one\n");
    std::fs::set_permissions(&root_file, std::fs::Permissions::from_mode(0o666)).unwrap();
    let doc = "mine.txt\n```\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n```\n\nroots.txt\n```\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n```\n";
    let edits = w.write("edits.txt", doc);
    std::fs::set_permissions(&edits, std::fs::Permissions::from_mode(0o644)).unwrap();
    let as_user = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
            .current_dir(w.root())
            .args(["apply", "--edits", "edits.txt"])
            .args(extra)
            .uid(1234)
            .gid(1234)
            .output()
            .unwrap()
    };
    let inode = std::fs::metadata(&mine).unwrap().ino();
    let out = as_user(&[]);
    let err = assert_fails(&out, 1);
    // Same inode: mine.txt was never renamed over and restored, its replacement was only
    // staged when roots.txt's failed.
    assert_eq!(std::fs::metadata(&mine).unwrap().ino(), inode);
    assert!(err.contains("owner") && err.contains("--in-place"), "{err}");
    assert_eq!(w.read("mine.txt"), "one\n");
    assert_eq!(w.read("roots.txt"), "one\n");
    assert_eq!(std::fs::metadata(&root_file).unwrap().uid(), 0);
    let names: Vec<_> = std::fs::read_dir(w.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("fuzzy-edit"))
        .collect();
    assert!(names.is_empty(), "temporary files left: {names:?}");
    assert_ok(&as_user(&["--in-place"]));
    assert_eq!(w.read("roots.txt"), "two\n");
    assert_eq!(std::fs::metadata(&root_file).unwrap().uid(), 0);
}
