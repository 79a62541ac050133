//! Stale files: --expect-sha256 refuses a file changed since it was read; --expect-mtime,
//! which could not, is refused itself.

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

fn mtime(w: &Work, name: &str) -> String {
    let t = std::fs::metadata(w.path(name))
        .unwrap()
        .modified()
        .unwrap()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    format!("{}.{:09}", t.as_secs(), t.subsec_nanos())
}

#[test]
fn expect_mtime_is_refused_even_when_it_matches() {
    let w = Work::new();
    w.write("a.txt", "one\ntwo\n");
    let now = mtime(&w, "a.txt");
    let out = w.run([
        "apply",
        "a.txt",
        "--old",
        "two",
        "--new",
        "TWO",
        "--expect-mtime",
        &now,
    ]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("--expect-sha256"), "{err}");
    assert!(err.contains("cannot prove which version"), "{err}");
    assert_eq!(w.read("a.txt"), "one\ntwo\n");
}

/// The race `--expect-mtime` lost: the caller reads a version, another writer changes the file
/// within the same timestamp tick (in place, same size, so inode, size and mtime all stay), and
/// the caller's edit must not be accepted. 200 rounds, through the library every front end
/// uses: the SHA-256 refuses each, and an mtime (equal in every round) too.
#[test]
fn a_write_within_the_same_tick_is_never_accepted() {
    use fuzzy_edit::fs::{
        edit_files, read_file, EditOptions, EditRequest, Expected, FileRequest, Op,
    };
    let w = Work::new();
    let options = EditOptions {
        roots: vec![w.path(".")],
        base: Some(w.path(".")),
        ..Default::default()
    };
    let (mut accepted, mut same_tick) = (0, 0);
    for round in 0..200 {
        w.write("a.txt", format!("value = {:03}\n", round));
        let read = read_file(&w.path("a.txt"), &options).unwrap();
        // The competing write, right after the read: same length, same inode, and the mtime
        // read (as a write within the same tick of a coarse clock leaves it; this kernel's
        // clock is fine enough that the write alone changed it in every round).
        std::fs::write(w.path("a.txt"), format!("other = {:03}\n", round)).unwrap();
        let (secs, nanos) = read.version.mtime.split_once('.').unwrap();
        let tick = std::time::UNIX_EPOCH
            + std::time::Duration::new(secs.parse().unwrap(), nanos.parse().unwrap());
        let file = std::fs::File::options()
            .write(true)
            .open(w.path("a.txt"))
            .unwrap();
        file.set_modified(tick).unwrap();
        drop(file);
        let now = read_file(&w.path("a.txt"), &options).unwrap();
        same_tick += usize::from(now.version.mtime == read.version.mtime);
        for expected in [
            Expected {
                sha256: Some(read.version.sha256.clone()),
                mtime: None,
            },
            Expected {
                sha256: None,
                mtime: Some(read.version.mtime.clone()),
            },
        ] {
            let request = EditRequest {
                files: vec![FileRequest {
                    path: "a.txt".into(),
                    ops: vec![Op::Edit(vec![fuzzy_edit::Edit::new(" = ", " := ")])],
                    expected,
                }],
                mode: fuzzy_edit::Mode::Atomic,
            };
            match edit_files(&request, &options) {
                Ok(_) => accepted += 1,
                Err(e) => assert_eq!(e.kind(), "stale", "{e}"),
            }
        }
        assert_eq!(w.read("a.txt"), format!("other = {:03}\n", round));
    }
    assert_eq!(same_tick, 200, "every round keeps the mtime read");
    assert_eq!(
        accepted, 0,
        "accepted {accepted} stale edits ({same_tick} of 200 rounds within one tick)"
    );
}
