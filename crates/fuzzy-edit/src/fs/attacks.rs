//! [`super::edit_files`] under attack: a symlink swapped in while writing, two threads of one
//! process editing one file, a file that lies about its size.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::{edit_files, read_file, EditOptions, EditRequest, FileRequest, FsError, Op};
use crate::{Edit, Mode};

fn request(path: &str, op: Op) -> EditRequest {
    EditRequest {
        files: vec![FileRequest {
            path: path.into(),
            ops: vec![op],
            expected: Default::default(),
        }],
        mode: Mode::Atomic,
    }
}

fn confined(root: &Path) -> EditOptions<'static> {
    EditOptions {
        roots: vec![root.to_path_buf()],
        base: Some(root.to_path_buf()),
        ..EditOptions::default()
    }
}

/// Writes while another thread keeps renaming a symlink to an outside file (or to a missing
/// one) onto the target: until the attacker has swapped this often, at most `MAX_WRITES`.
const SWAPS: u64 = 400;
const MAX_WRITES: usize = 20_000;

#[test]
fn a_symlink_renamed_over_the_target_never_redirects_a_write() {
    let outer = tempfile::tempdir().unwrap();
    let root = outer.path().join("root");
    std::fs::create_dir(&root).unwrap();
    let secret = outer.path().join("secret");
    std::fs::write(&secret, "secret\n").unwrap();
    let missing = outer.path().join("missing");
    std::fs::write(root.join("race.txt"), "x\n").unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let swapped = Arc::new(AtomicU64::new(0));
    let attacker = {
        let (stop, root, secret, missing) =
            (stop.clone(), root.clone(), secret.clone(), missing.clone());
        let swapped = swapped.clone();
        std::thread::spawn(move || {
            let mut swaps = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let link = root.join("race.lnk");
                let _ = std::fs::remove_file(&link);
                let target = if swaps.is_multiple_of(2) {
                    &secret
                } else {
                    &missing
                };
                if std::os::unix::fs::symlink(target, &link).is_ok()
                    && std::fs::rename(&link, root.join("race.txt")).is_ok()
                {
                    swaps += 1;
                    swapped.store(swaps, Ordering::Relaxed);
                }
                std::thread::sleep(std::time::Duration::from_micros(50));
                let _ = std::fs::write(root.join("race.new"), "x\n");
                let _ = std::fs::rename(root.join("race.new"), root.join("race.txt"));
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            swaps
        })
    };
    let options = confined(&root);
    let mut written = 0;
    let mut writes = 0;
    while swapped.load(Ordering::Relaxed) < SWAPS && writes < MAX_WRITES {
        let i = writes;
        writes += 1;
        let r = request("race.txt", Op::Write(format!("write {i}\n")));
        if edit_files(&r, &options).is_ok() {
            written += 1;
        }
    }
    stop.store(true, Ordering::Relaxed);
    let swaps = attacker.join().unwrap();
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "secret\n");
    assert!(!missing.exists(), "created outside the root");
    assert!(swaps > 0, "the attacker never swapped");
    // (On a loaded machine every write may see the file change under it and be refused as
    // stale; once the attacker stops, a write goes through, into the root.)
    let last = request("race.txt", Op::Write("last\n".into()));
    edit_files(&last, &options).expect("a write without an attacker");
    assert_eq!(
        std::fs::read_to_string(root.join("race.txt")).unwrap(),
        "last\n"
    );
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "secret\n");
    eprintln!("{writes} writes ({written} succeeded) against {swaps} swaps: no escape");
}

#[test]
fn two_threads_editing_one_file_lose_nothing() {
    const EDITS: usize = 100;
    let dir = tempfile::tempdir().unwrap();
    let text: String = (0..EDITS)
        .flat_map(|i| [format!("a{i} = 0\n"), format!("b{i} = 0\n")])
        .collect();
    std::fs::write(dir.path().join("f.txt"), text).unwrap();
    let threads: Vec<_> = ["a", "b"]
        .into_iter()
        .map(|side| {
            let root = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let options = confined(&root);
                for i in 0..EDITS {
                    let edit = Edit::new(format!("{side}{i} = 0"), format!("{side}{i} = 1"));
                    edit_files(&request("f.txt", Op::Edit(vec![edit])), &options).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let after = std::fs::read_to_string(dir.path().join("f.txt")).unwrap();
    assert_eq!(after.matches(" = 1\n").count(), 2 * EDITS, "{after}");
}

#[test]
fn the_limit_counts_bytes_read_not_the_reported_size() {
    let status = Path::new("/proc/self/status");
    if !status.exists() {
        return;
    }
    let options = EditOptions {
        max_bytes: 10,
        ..EditOptions::default()
    };
    assert!(matches!(
        read_file(status, &options),
        Err(FsError::TooLarge { limit: 10, .. })
    ));
    let dev = read_file(Path::new("/dev/zero"), &options);
    assert!(
        matches!(dev, Err(FsError::NotRegular { kind: "device", .. })),
        "{dev:?}"
    );
}

#[test]
fn a_failed_plan_writes_nothing_and_leaves_no_temporary() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "a\n").unwrap();
    std::fs::write(dir.path().join("b.txt"), "b\n").unwrap();
    let r = EditRequest {
        files: vec![
            FileRequest {
                path: "a.txt".into(),
                ops: vec![Op::Edit(vec![Edit::new("a", "A")])],
                expected: Default::default(),
            },
            FileRequest {
                path: "b.txt".into(),
                ops: vec![Op::Edit(vec![Edit::new("zzz", "Z")])],
                expected: Default::default(),
            },
        ],
        mode: Mode::Atomic,
    };
    assert!(edit_files(&r, &confined(dir.path())).is_err());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "a\n"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

/// A writer that ignores the lock changes the file after our read: the change is seen before
/// the rename, the file is read again and the edit planned on the new text, so both changes
/// survive. With a pinned version the edit is refused instead.
#[test]
fn a_change_behind_the_lock_is_replanned_or_refused_when_pinned() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.txt");
    std::fs::write(&path, "one\ntwo\n").unwrap();
    let calls = std::sync::atomic::AtomicUsize::new(0);
    let intruder = |_: &Path, _: Option<&super::FileVersion>| {
        if calls.fetch_add(1, Ordering::SeqCst) == 0 {
            std::fs::write(dir.path().join("f.txt"), "one\nTWO\n").unwrap();
        }
        Ok(())
    };
    let options = EditOptions {
        check: Some(&intruder),
        ..confined(dir.path())
    };
    let outcome = edit_files(
        &request("f.txt", Op::Edit(vec![Edit::new("one", "1")])),
        &options,
    )
    .unwrap();
    assert_eq!(outcome.attempts, 2);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "1\nTWO\n");

    calls.store(0, Ordering::SeqCst);
    std::fs::write(&path, "one\ntwo\n").unwrap();
    let mut pinned = request("f.txt", Op::Edit(vec![Edit::new("one", "1")]));
    pinned.files[0].expected.sha256 = Some(super::sha256_hex(b"one\ntwo\n"));
    let refused = edit_files(&pinned, &options);
    assert!(
        matches!(
            refused,
            Err(super::EditFilesError::File(FsError::Stale { .. }))
        ),
        "{refused:?}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\nTWO\n");
}
