//! `apply --edits` is confined to the current directory (issue 9, reproduction 8): a
//! model-written document cannot reach outside it by `..`, an absolute path, a symlink or a
//! `*** Delete File`, unless the user says `--root DIR` or `--unsafe-paths`.

use crate::common::{assert_fails, assert_ok, Work};

fn patch(ops: &str) -> String {
    format!("*** Begin Patch\n{ops}*** End Patch\n")
}

/// A work directory `w` with the project in `w/proj` and a file beside it in `w/outside.txt`.
fn setup() -> (Work, std::path::PathBuf) {
    let w = Work::new();
    w.write("proj/a.txt", "a\n");
    w.write("outside.txt", "keep\n");
    (w, std::path::PathBuf::from("proj"))
}

fn run_in_proj(w: &Work, doc: &str, extra: &[&str]) -> std::process::Output {
    w.write("proj/patch.txt", doc);
    let mut c = w.cmd(["apply", "--edits", "patch.txt"]);
    c.current_dir(w.path("proj")).args(extra);
    c.output().unwrap()
}

#[test]
fn paths_outside_the_current_directory_are_refused() {
    let (w, _) = setup();
    let outside = w.path("outside.txt");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&outside, w.path("proj/link.txt")).unwrap();
    for op in [
        "*** Update File: ../outside.txt\n@@\n-keep\n+changed\n".to_string(),
        format!(
            "*** Update File: {}\n@@\n-keep\n+changed\n",
            outside.display()
        ),
        "*** Update File: link.txt\n@@\n-keep\n+changed\n".to_string(),
        "*** Delete File: ../outside.txt\n".to_string(),
        "*** Add File: ../new.txt\n+x\n".to_string(),
    ] {
        let out = run_in_proj(&w, &patch(&op), &[]);
        let err = assert_fails(&out, 1);
        assert!(
            err.contains("outside the allowed directories"),
            "{op}: {err}"
        );
        assert_eq!(w.read("outside.txt"), "keep\n", "{op}");
        assert!(!w.exists("new.txt"), "{op}");
    }
}

#[test]
fn absolute_paths_inside_the_root_are_fine() {
    let (w, _) = setup();
    let abs = std::fs::canonicalize(w.path("proj/a.txt")).unwrap();
    let doc = patch(&format!("*** Update File: {}\n@@\n-a\n+b\n", abs.display()));
    assert_ok(&run_in_proj(&w, &doc, &[]));
    assert_eq!(w.read("proj/a.txt"), "b\n");
}

#[test]
fn root_and_unsafe_paths_lift_the_confinement() {
    let (w, _) = setup();
    let doc = patch("*** Update File: ../outside.txt\n@@\n-keep\n+rooted\n");
    let root = w.root().to_str().unwrap().to_string();
    assert_ok(&run_in_proj(&w, &doc, &["--root", &root]));
    assert_eq!(w.read("outside.txt"), "rooted\n");
    let doc = patch("*** Delete File: ../outside.txt\n");
    assert_ok(&run_in_proj(&w, &doc, &["--unsafe-paths"]));
    assert!(!w.exists("outside.txt"));
}

#[test]
fn a_file_named_on_the_command_line_is_the_users_choice() {
    let (w, _) = setup();
    let edit = |extra: &[&str]| {
        let mut c = w.cmd(["apply", "../outside.txt", "--old", "keep", "--new", "kept"]);
        c.current_dir(w.path("proj")).args(extra);
        c.output().unwrap()
    };
    let err = assert_fails(&edit(&["--root", "."]), 1);
    assert!(err.contains("outside the allowed directories"), "{err}");
    assert_eq!(w.read("outside.txt"), "keep\n");
    assert_ok(&edit(&[]));
    assert_eq!(w.read("outside.txt"), "kept\n");
}
