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
//! locking the same directories cannot deadlock. While a directory is locked no other
//! fuzzy-edit writer can be between creating and renaming a temporary file in it, so every
//! temporary file found there is left by a crashed run and is removed.

use std::ffi::OsStr;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;

use rustix::fs::{flock, openat, unlinkat, AtFlags, FlockOperation, Mode, OFlags};

/// Locks held until dropped (closing the descriptor releases the lock).
#[derive(Debug)]
pub(crate) struct DirLocks {
    _held: Vec<OwnedFd>,
}

/// Lock every directory in `dirs` (duplicates allowed), in a fixed order.
pub(crate) fn lock_dirs(dirs: &[&OwnedFd]) -> std::io::Result<DirLocks> {
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
        flock(&own, FlockOperation::LockExclusive)?;
        remove_stale_temporaries(&own);
        held.push(own);
    }
    Ok(DirLocks { _held: held })
}

/// Lock every file in `files` (each a fresh open of its own, duplicates allowed), in the order
/// of their (device, inode), after the directories. Only for writes in place: they keep the
/// inode, which hard links in other directories share, so the directory locks alone would
/// let two writers through two names overwrite each other's edits.
pub(crate) fn lock_files(files: Vec<std::fs::File>) -> std::io::Result<Vec<std::fs::File>> {
    let mut keyed = Vec::with_capacity(files.len());
    for file in files {
        let meta = file.metadata()?;
        keyed.push(((meta.dev(), meta.ino()), file));
    }
    keyed.sort_by_key(|(key, _)| *key);
    keyed.dedup_by_key(|(key, _)| *key);
    keyed
        .into_iter()
        .map(|(_, file)| flock(&file, FlockOperation::LockExclusive).map(|()| file))
        .collect::<rustix::io::Result<_>>()
        .map_err(Into::into)
}

/// The name of the temporary file that will replace `name`: hidden, beside it, recognisable.
pub(crate) fn temporary_name(name: &OsStr, attempt: u32) -> std::ffi::OsString {
    let mut s = std::ffi::OsString::from(".");
    s.push(name);
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
    fn locking_removes_what_a_crash_left() {
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join(".a.txt.fuzzy-edit-12-34-0.tmp");
        std::fs::write(&stale, "half").unwrap();
        std::fs::write(dir.path().join("a.txt"), "a").unwrap();
        let fd: OwnedFd = std::fs::File::open(dir.path()).unwrap().into();
        let locks = lock_dirs(&[&fd, &fd]).unwrap();
        assert!(!stale.exists());
        assert!(dir.path().join("a.txt").exists());
        drop(locks);
    }
}
