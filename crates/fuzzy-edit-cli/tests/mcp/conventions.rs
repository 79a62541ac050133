//! What a client may expect of the answers (issue 11): nothing about files outside the roots
//! leaks, a dry run does not claim an edit, a path naming a directory is not written as a file.

use serde_json::json;

use super::{tree, Server};

/// `outdir/secret.txt/x` through an in-root symlink to an outside directory once answered
/// "Not a directory" when `secret.txt` existed outside and "refused" when not: an oracle for
/// files outside the root. Every such path gets the same refusal, whatever lies outside.
#[cfg(unix)]
#[test]
fn paths_through_a_link_out_answer_alike_whatever_is_outside() {
    let (dir, root) = tree();
    let outside = dir.path().join("outside");
    std::fs::create_dir(outside.join("sub")).unwrap();
    std::os::unix::fs::symlink(&outside, root.join("outdir")).unwrap();
    std::os::unix::fs::symlink("../outside", root.join("reldir")).unwrap();
    let mut s = Server::start(&root);
    // Each pair: something that exists outside, and the same shape that does not.
    let pairs = [
        ("secret.txt/x", "missing.txt/x"),
        ("secret.txt", "missing.txt"),
        ("sub/x", "nosub/x"),
        ("sub", "nosub"),
        ("secret.txt/../secret.txt", "missing.txt/../secret.txt"),
    ];
    // The two links, and the outside directory named outright.
    let absolute = outside.to_str().unwrap().to_string();
    for link in ["outdir", "reldir", absolute.as_str()] {
        for (there, absent) in pairs {
            for (tool, extra) in [
                ("read_file", json!({})),
                ("write_file", json!({"content": "x"})),
                (
                    "edit_file",
                    json!({"old_string": "secret", "new_string": "leaked"}),
                ),
            ] {
                let answer = |s: &mut Server, rest: &str| {
                    let path = format!("{link}/{rest}");
                    let mut args = extra.clone();
                    args["path"] = json!(path);
                    s.refused(tool, args).replace(&path, "PATH")
                };
                let a = answer(&mut s, there);
                let b = answer(&mut s, absent);
                assert_eq!(a, b, "{tool} {link}/{there} vs {link}/{absent}");
                assert!(a.contains("outside"), "{tool} {link}/{there}: {a}");
            }
        }
    }
    assert_eq!(
        std::fs::read_to_string(outside.join("secret.txt")).unwrap(),
        "secret\n"
    );
    let mut left: Vec<_> = std::fs::read_dir(&outside)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, ["secret.txt", "sub"], "something was created outside");
    assert_eq!(std::fs::read_dir(outside.join("sub")).unwrap().count(), 0);
}

#[test]
fn a_dry_run_says_it_would_edit() {
    let (_dir, root) = tree();
    let file = root.join("src/lib.py");
    let before = std::fs::read_to_string(&file).unwrap();
    let mut s = Server::start(&root);
    s.ok("read_file", json!({"path": "src/lib.py"}));
    for args in [
        json!({"path": "src/lib.py", "old_string": "return 0", "new_string": "return 2", "dry_run": true}),
        json!({"path": "src/lib.py", "edits": [{"oldText": "return 0", "newText": "return 2"}], "dryRun": true}),
    ] {
        let answer = s.ok("edit_file", args);
        assert!(
            answer.starts_with("Would edit src/lib.py: 1 replacement"),
            "{answer}"
        );
        assert!(!answer.contains("Edited"), "{answer}");
        assert!(answer.contains("+    return 2"), "{answer}");
        assert!(answer.contains("nothing was written"), "{answer}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let answer = s.ok(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "return 0", "new_string": "return 2"}),
    );
    assert!(answer.starts_with("Edited src/lib.py"), "{answer}");
}

#[test]
fn a_path_ending_in_a_slash_is_refused() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    for path in ["newdir/", "newdir/.", "src/", "src/lib.py/"] {
        let why = s.refused("write_file", json!({"path": path, "content": "x\n"}));
        assert!(why.contains("directory"), "{path}: {why}");
        s.refused("read_file", json!({"path": path}));
        s.refused(
            "edit_file",
            json!({"path": path, "old_string": "x", "new_string": "y"}),
        );
    }
    assert!(!root.join("newdir").exists(), "newdir/ was created");
    assert!(root.join("src").is_dir());
    assert_eq!(
        std::fs::read_to_string(root.join("src/lib.py")).unwrap(),
        "def f(x):\n    if x:\n        return 1\n    return 0\n"
    );
}

/// `~` is the shell's, not the file system's: `~/notes.txt` from a model that means its home
/// directory must not create a directory named `~` in the project (which a later `rm -rf ~`
/// typed by the user would make fatal). It is refused, naming the root to use instead.
#[test]
fn a_path_starting_with_a_tilde_is_refused_not_created_in_the_root() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    for path in ["~/notes.txt", "~", "~/src/lib.py"] {
        let why = s.refused("write_file", json!({"path": path, "content": "x\n"}));
        assert!(
            why.contains("`~`") && why.contains("not expanded"),
            "{path}: {why}"
        );
        s.refused("read_file", json!({"path": path}));
    }
    assert!(!root.join("~").exists(), "a directory named ~ was created");
    // A name that only starts with `~` is an ordinary name.
    s.ok(
        "write_file",
        json!({"path": "~draft.txt", "content": "x\n"}),
    );
    assert!(root.join("~draft.txt").exists());
}

/// `tools/call` whose `arguments` is not an object is invalid params (-32602), not an unknown
/// method; the server goes on.
#[test]
fn array_arguments_are_invalid_params() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    for arguments in [json!(["src/lib.py"]), json!("src/lib.py"), json!(3)] {
        let answer = s.request(
            "tools/call",
            json!({"name": "read_file", "arguments": arguments}),
        );
        assert_eq!(answer["error"]["code"], -32602, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains("arguments"), "{message}");
    }
    s.ok("read_file", json!({"path": "src/lib.py"}));
}
