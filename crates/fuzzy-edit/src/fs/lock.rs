//! The lock that makes read → plan → rename one step for every fuzzy-edit writer, and the
//! cleanup it makes safe.
//!
//! The lock is an exclusive `flock` on the file's *directory*: a lock on the file itself would
//! be lost with the inode the rename replaces, and a lock file beside every edited file would
//! be litter. It is advisory: it orders fuzzy-edit processes (the CLI, the pipe, every MCP
//! server, the bindings) and threads (each lock is its own open file description, so two
//! threads of one server exclude each other too), not editors that do not ask for it.
//!
//! Directories are locked in the order of their (device, inode), each once, so two writers
//! locking the same directories cannot deadlock. No wait is without end: a lock not had within
//! the caller's wait ([`super::EditOptions::lock_wait`]) is given up with
//! [`std::io::ErrorKind::TimedOut`], which the caller reports as `busy` (a stopped process or
//! a slow edit of a huge file holding the directory must not hold every other writer too).
//! While a directory is locked no other fuzzy-edit writer can be between creating and renaming
//! a temporary file in it, so every temporary file found there is left by a crashed run and is
//! removed.

use std::ffi::OsStr;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;

use std::time::{Duration, Instant};

use rustix::fs::{flock, openat, unlinkat, AtFlags, FlockOperation, Mode, OFlags};

/// The first pause between two tries of a held lock; doubled up to [`LONGEST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(1);
/// The longest pause between two tries: a released lock is taken within this, and a waiter
/// costs 20 wake-ups a second.
const LONGEST_PAUSE: Duration = Duration::from_millis(50);

/// Take an exclusive `flock` on `fd`, trying again until `until` (`None`: a wait too long to
/// reach, tried on); `TimedOut` after it.
fn lock_until(fd: &impl AsFd, until: Option<Instant>) -> std::io::Result<()> {
    let mut pause = FIRST_PAUSE;
    loop {
        match flock(fd, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => return Ok(()),
            Err(rustix::io::Errno::WOULDBLOCK | rustix::io::Errno::INTR) => {}
            Err(e) => return Err(e.into()),
        }
        let now = Instant::now();
        let left = match until {
            Some(until) if now >= until => return Err(std::io::ErrorKind::TimedOut.into()),
            Some(until) => until - now,
            None => LONGEST_PAUSE,
        };
        std::thread::sleep(pause.min(left));
        pause = (pause * 2).min(LONGEST_PAUSE);
    }
}

/// Locks held until dropped (closing the descriptor releases the lock).
#[derive(Debug)]
pub(crate) struct DirLocks {
    _held: Vec<OwnedFd>,
}

/// Lock every directory in `dirs` (duplicates allowed), in a fixed order, all within `wait`.
pub(crate) fn lock_dirs(dirs: &[&OwnedFd], wait: Duration) -> std::io::Result<DirLocks> {
    let until = Instant::now().checked_add(wait);
    let mut keyed = Vec::with_capacity(dirs.len());
    for dir in dirs {
        let meta = std::fs::File::from(dir.as_fd().try_clone_to_owned()?).metadata()?;
        keyed.push(((meta.dev(), meta.ino()), *dir));
    }
    keyed.sort_by_key(|(key, _)| *key);
    keyed.dedup_by_key(|(key, _)| *key);
    let mut held = Vec::with_capacity(keyed.len());
    for (_, dir) in keyed {
        // A fresh open file description of the directory: a duplicated descriptor would share
        // the lock with the caller's handle, and two threads would not exclude each other.
        let own = openat(
            dir,
            ".",
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        lock_until(&own, until)?;
        remove_stale_temporaries(&own);
        held.push(own);
    }
    Ok(DirLocks { _held: held })
}

/// Lock every file in `files` (each a fresh open of its own, duplicates allowed), in the order
/// of their (device, inode), after the directories. Only for writes in place: they keep the
/// inode, which hard links in other directories share, so the directory locks alone would
/// let two writers through two names overwrite each other's edits.
pub(crate) fn lock_files(
    files: Vec<std::fs::File>,
    wait: Duration,
) -> std::io::Result<Vec<std::fs::File>> {
    let until = Instant::now().checked_add(wait);
    let mut keyed = Vec::with_capacity(files.len());
    for file in files {
        let meta = file.metadata()?;
        keyed.push(((meta.dev(), meta.ino()), file));
    }
    keyed.sort_by_key(|(key, _)| *key);
    keyed.dedup_by_key(|(key, _)| *key);
    keyed
        .into_iter()
        .map(|(_, file)| lock_until(&file, until).map(|()| file))
        .collect()
}

/// The bytes of the target's name a temporary name keeps: with the dot and our tail (at most
/// 40 bytes) it stays within the 255 bytes a name may have, so a file named with 222 to 255
/// bytes can be edited too.
const NAME_KEPT: usize = 200;

/// The name of the temporary file that will replace `name`: hidden, beside it, recognisable.
pub(crate) fn temporary_name(name: &OsStr, attempt: u32) -> std::ffi::OsString {
    let mut s = std::ffi::OsString::from(".");
    let bytes = name.as_bytes();
    s.push(OsStr::from_bytes(&bytes[..bytes.len().min(NAME_KEPT)]));
    s.push(format!(
        "{TEMP_MARK}{}-{}-{attempt}{TEMP_SUFFIX}",
        std::process::id(),
        fastrand_u32()
    ));
    s
}

const TEMP_MARK: &str = ".fuzzy-edit-";
const TEMP_SUFFIX: &str = ".tmp";

/// Whether `name` is one of ours: `.NAME.fuzzy-edit-PID-RANDOM-N.tmp`.
pub(crate) fn is_temporary(name: &[u8]) -> bool {
    let Some(rest) = name.strip_prefix(b".") else {
        return false;
    };
    let Some(rest) = rest.strip_suffix(TEMP_SUFFIX.as_bytes()) else {
        return false;
    };
    let Some(at) = memchr::memmem::rfind(rest, TEMP_MARK.as_bytes()) else {
        return false;
    };
    let tail = &rest[at + TEMP_MARK.len()..];
    at > 0
        // (The temporary name's three fields, as `temporary_name` writes them.)
        && tail.split(|&b| b == b'-').count() == 3
        && tail
            .split(|&b| b == b'-')
            .all(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit))
}

/// Remove the temporary files a crashed run left in the locked directory. Best effort: a
/// file that cannot be removed is left as it was.
fn remove_stale_temporaries(dir: &OwnedFd) {
    let Ok(entries) = rustix::fs::Dir::read_from(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_bytes();
        if is_temporary(name) && entry.file_type() == rustix::fs::FileType::RegularFile {
            let _ = unlinkat(dir, OsStr::from_bytes(name), AtFlags::empty());
        }
    }
}

/// A random number for temporary names, without another dependency: the std hasher's keys
/// are random per process, mixed with the time.
fn fastrand_u32() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_recognised_and_nothing_else() {
        let t = temporary_name(OsStr::new("a.txt"), 0);
        assert!(is_temporary(t.as_bytes()), "{t:?}");
        for not in [
            ".a.txt",
            "a.tmp",
            ".a.fuzzy-edit-1-2.tmp",
            ".fuzzy-edit-1-2-3.tmp",
            ".a.fuzzy-edit-x-2-3.tmp",
        ] {
            assert!(!is_temporary(not.as_bytes()), "{not}");
        }
    }

    #[test]
    fn a_long_name_gets_a_short_temporary_name() {
        let long = "x".repeat(255);
        let t = temporary_name(OsStr::new(&long), 15);
        assert!(t.len() <= 255, "{}", t.len());
        assert!(is_temporary(t.as_bytes()));
    }

    #[test]
    fn locking_removes_what_a_crash_left() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".a.txt.fuzzy-edit-12-34-0.tmp");
        std::fs::write(&stale, "half").unwrap();
        std::fs::write(dir.path().join("a.txt"), "a").unwrap();
        let fd: OwnedFd = std::fs::File::open(dir.path()).unwrap().into();
        let locks = lock_dirs(&[&fd, &fd], Duration::ZERO).unwrap();
        assert!(!stale.exists());
        assert!(dir.path().join("a.txt").exists());
        drop(locks);
    }

    #[test]
    fn a_held_lock_is_waited_for_within_the_wait_only() {
        let dir = tempfile::tempdir().unwrap();
        let fd: OwnedFd = std::fs::File::open(dir.path()).unwrap().into();
        let held = lock_dirs(&[&fd], Duration::ZERO).unwrap();
        let start = Instant::now();
        let err = lock_dirs(&[&fd], Duration::from_millis(200)).unwrap_err();
        let waited = start.elapsed();
        assert_eq!(err.kind(), std::io::ErrorKind::TimedOut);
        assert!(waited >= Duration::from_millis(200), "{waited:?}");
        assert!(waited < Duration::from_millis(1000), "{waited:?}");
        // Released meanwhile: taken.
        let release = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            drop(held);
        });
        lock_dirs(&[&fd], Duration::from_secs(5)).unwrap();
        release.join().unwrap();
    }
}
