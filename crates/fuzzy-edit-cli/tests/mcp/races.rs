//! Races against the server (issue 9, reproductions 3 and 6): a symlink swapped in between
//! the check and the write never lets a write leave the root, and a FIFO never hangs it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::json;

use super::{tree, Server};

/// Calls of write_file while another thread keeps renaming a symlink to an outside file onto
/// the target. Before the writes went through a directory handle, ~130 calls were enough to
/// overwrite the outside file.
const CALLS: usize = 400;

fn race(target_outside: &str) {
    let (dir, root) = tree();
    let outside = dir.path().join("outside").join(target_outside);
    let mut s = Server::start(&root);
    std::fs::write(root.join("race.txt"), "mine\n").unwrap();
    s.ok("read_file", json!({"path": "race.txt"}));

    let stop = Arc::new(AtomicBool::new(false));
    let attacker = {
        let (stop, root, outside) = (stop.clone(), root.clone(), outside.clone());
        std::thread::spawn(move || {
            let mut swaps = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let link = root.join("race.lnk");
                let _ = std::fs::remove_file(&link);
                if std::os::unix::fs::symlink(&outside, &link).is_ok()
                    && std::fs::rename(&link, root.join("race.txt")).is_ok()
                {
                    swaps += 1;
                }
                std::thread::sleep(std::time::Duration::from_micros(100));
                let plain = root.join("race.new");
                if std::fs::write(&plain, "mine\n").is_ok() {
                    let _ = std::fs::rename(&plain, root.join("race.txt"));
                }
                std::thread::sleep(std::time::Duration::from_micros(400));
            }
            swaps
        })
    };
    let mut written = 0;
    for i in 0..CALLS {
        let result = s.call(
            "write_file",
            json!({"path": "race.txt", "content": format!("write {i}\n")}),
        );
        if result["isError"] == json!(false) {
            written += 1;
        }
        // Keep the session's "read it first" rule satisfied whenever the file is ours.
        s.call("read_file", json!({"path": "race.txt"}));
    }
    stop.store(true, Ordering::Relaxed);
    let swaps = attacker.join().unwrap();
    assert!(swaps > 0, "the attacker never swapped the link in");
    match target_outside {
        "secret.txt" => assert_eq!(
            std::fs::read_to_string(&outside).unwrap(),
            "secret\n",
            "the outside file was written ({written} writes, {swaps} swaps)"
        ),
        _ => assert!(
            !outside.exists(),
            "the outside file was created ({written} writes, {swaps} swaps)"
        ),
    }
    let left: Vec<_> = std::fs::read_dir(dir.path().join("outside"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        left,
        ["secret.txt"],
        "something was created outside the root"
    );
    s.assert_alive();
    eprintln!("{CALLS} write_file calls ({written} written) against {swaps} swaps: no escape");
}

#[test]
fn a_symlink_swapped_in_never_lets_a_write_out() {
    race("secret.txt");
}

#[test]
fn a_dangling_symlink_swapped_in_never_creates_outside() {
    race("created.txt");
}

#[test]
fn a_fifo_does_not_hang_the_server() {
    let (_dir, root) = tree();
    let fifo = root.join("pipe");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    let mut s = Server::start(&root);
    let why = s.refused("read_file", json!({"path": "pipe"}));
    assert!(why.contains("FIFO"), "{why}");
    s.refused("write_file", json!({"path": "pipe", "content": "x"}));
    s.refused(
        "edit_file",
        json!({"path": "pipe", "old_string": "a", "new_string": "b"}),
    );
    s.ok("read_file", json!({"path": "src/lib.py"}));
}

/// Two servers (two agents) editing different lines of one file at the same moment, each
/// after reading it: an edit reported as applied is never lost (the later one may be refused
/// as stale and is then absent). Before the lock, 55 of 60 rounds lost an edit.
#[test]
fn two_servers_editing_one_file_lose_no_edit() {
    const ROUNDS: usize = 30;
    let (_dir, root) = tree();
    let text: String = (0..2000)
        .map(|i| match i % 50 {
            0 => format!("a{} = 0\n", i / 50),
            25 => format!("b{} = 0\n", i / 50),
            _ => format!("filler {i}\n"),
        })
        .collect();
    std::fs::write(root.join("big.txt"), text).unwrap();
    let mut servers = [Server::start(&root), Server::start(&root)];
    let (mut applied, mut lost) = (0, 0);
    for round in 0..ROUNDS {
        let results: Vec<(String, bool)> = std::thread::scope(|scope| {
            let handles: Vec<_> = servers
                .iter_mut()
                .zip(["a", "b"])
                .map(|(s, side)| {
                    scope.spawn(move || {
                        s.ok("read_file", json!({"path": "big.txt"}));
                        let result = s.call(
                            "edit_file",
                            json!({
                                "path": "big.txt",
                                "old_string": format!("{side}{round} = 0"),
                                "new_string": format!("{side}{round} = 1"),
                            }),
                        );
                        (
                            format!("{side}{round} = 1"),
                            result["isError"] == json!(false),
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let now = std::fs::read_to_string(root.join("big.txt")).unwrap();
        for (line, ok) in results {
            if ok {
                applied += 1;
                lost += usize::from(!now.lines().any(|l| l == line));
            }
        }
    }
    eprintln!("{ROUNDS} rounds of two servers: {applied} edits applied, {lost} lost");
    assert_eq!(lost, 0);
    assert!(applied >= ROUNDS, "too few edits went through: {applied}");
}

/// The root directory itself replaced by a symlink to another directory after the server
/// started (by anything with write access to the root's parent, such as a shell tool of the
/// same agent): the server used to canonicalize the root again on each call, follow the link,
/// and read, edit and create files outside. The roots are the directories it started with.
#[test]
fn a_root_replaced_by_a_symlink_is_not_followed() {
    let (dir, root) = tree();
    let outside = dir.path().join("outside");
    std::fs::write(outside.join("lib.py"), "x = 1\n").unwrap();
    let mut s = Server::start(&root);
    s.ok("read_file", json!({"path": "src/lib.py"}));
    std::fs::rename(&root, dir.path().join("root.moved")).unwrap();
    std::os::unix::fs::symlink(&outside, &root).unwrap();
    std::fs::create_dir(outside.join("src")).unwrap();
    std::fs::write(outside.join("src/lib.py"), "x = 1\n").unwrap();
    s.refused("read_file", json!({"path": "secret.txt"}));
    s.refused(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "x = 1", "new_string": "x = 2"}),
    );
    let why = s.refused("write_file", json!({"path": "new.txt", "content": "x\n"}));
    assert!(why.contains("root"), "{why}");
    assert_eq!(
        std::fs::read_to_string(outside.join("src/lib.py")).unwrap(),
        "x = 1\n"
    );
    assert!(
        !outside.join("new.txt").exists(),
        "a file was created outside"
    );
    s.assert_alive();
}
