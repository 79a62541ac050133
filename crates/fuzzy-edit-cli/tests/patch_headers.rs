//! The paths in a patch's headers (`--patch`, and the diff in a `--json` answer): what `git
//! apply` and `patch -p1` accept, however the file was named on the command line (newcomer 2:
//! `./x.py` gave `a/./x.py`, an absolute path `a//...`, both refused by `git apply`).

use std::process::Command as Process;

use crate::common::{assert_ok, stdout_json, Work};

/// `fuzzy-edit check FILE --old 'a = 1' --new 'a = 2' --patch`, run in `dir`.
fn patch_for(w: &Work, dir: &str, file: &str) -> std::process::Output {
    w.cmd(["check", file, "--old", "a = 1", "--new", "a = 2", "--patch"])
        .current_dir(w.path(dir))
        .output()
        .unwrap()
}

/// `git apply --check` of `patch` in `dir`: `None` when git cannot be run here.
fn git_apply_check(w: &Work, dir: &str, patch: &str) -> Option<std::process::Output> {
    w.write("p.patch", patch);
    Process::new("git")
        .args(["apply", "--check"])
        .arg(w.path("p.patch"))
        .current_dir(w.path(dir))
        .output()
        .ok()
}

#[test]
fn a_file_named_with_dot_slash_or_absolutely_is_named_relative_to_the_current_directory() {
    let w = Work::new();
    w.write("sub/x.py", "a = 1\n");
    w.write("sub/in/y.py", "a = 1\n");
    let absolute = w.path("sub/x.py").display().to_string();
    for (file, header) in [
        ("./x.py", "x.py"),
        (absolute.as_str(), "x.py"),
        ("in/../x.py", "x.py"),
        ("./in//y.py", "in/y.py"),
    ] {
        let out = patch_for(&w, "sub", file);
        let patch = assert_ok(&out);
        let expected = format!("--- a/{header}\n+++ b/{header}\n@@");
        assert!(patch.starts_with(&expected), "{file}: {patch}");
        assert!(
            out.stderr.is_empty(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if let Some(o) = git_apply_check(&w, "sub", &patch) {
            assert!(
                o.status.success(),
                "{file}: git apply --check: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
}

#[test]
fn a_file_outside_the_current_directory_is_named_from_the_root_and_the_note_says_how_to_apply() {
    let w = Work::new();
    w.write("x.py", "a = 1\n");
    w.write("sub/keep.txt", "");
    let out = patch_for(&w, "sub", "../x.py");
    assert!(out.status.success(), "{out:?}");
    let patch = String::from_utf8(out.stdout.clone()).unwrap();
    let from_root = w.path("x.py").canonicalize().unwrap();
    let from_root = from_root.strip_prefix("/").unwrap().display().to_string();
    assert!(
        patch.starts_with(&format!("--- a/{from_root}\n+++ b/{from_root}\n")),
        "{patch}"
    );
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(
        note.contains("../x.py lies outside the current directory"),
        "{note}"
    );
    assert!(note.contains("git -C / apply"), "{note}");
    w.write("p.patch", &patch);
    let check = Process::new("git")
        .args(["-C", "/", "apply", "--check"])
        .arg(w.path("p.patch"))
        .output();
    if let Ok(o) = check {
        assert!(
            o.status.success(),
            "git -C / apply --check: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn the_json_diff_names_the_file_as_a_patch_does_and_path_as_the_caller_did() {
    let w = Work::new();
    w.write("x.py", "a = 1\n");
    let out = w.run([
        "check", "./x.py", "--old", "a = 1", "--new", "a = 2", "--json",
    ]);
    let v = stdout_json(&out);
    let file = &v["files"][0];
    assert_eq!(file["path"], "./x.py");
    assert!(
        file["diff"]
            .as_str()
            .unwrap()
            .starts_with("--- a/x.py\n+++ b/x.py\n"),
        "{v}"
    );
}
