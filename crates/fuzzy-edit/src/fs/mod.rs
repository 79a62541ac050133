//! Safe file I/O for edits.
//!
//! [`edit_files`] is the one way every front end (the CLI, the pipe, the MCP server) changes
//! files: confined to root directories by handle, locked against other fuzzy-edit writers
//! from the read to the rename, regular files only, metadata kept, every temporary file
//! written before the first rename. Its steps are in its docs; each submodule
//! holds one of them.
//!
//! The older single-file helpers below ([`read_text`], [`write_text`], [`commit`]) remain for
//! the bindings; they do not lock and are not confined. Nothing here loses data: a refused
//! file is never opened for writing; a write goes to a temporary file in the same directory,
//! is synced, then renamed over the target, so a crash leaves either the old or the new file.
//! A symlink is edited at its target, never replaced by a plain file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use serde::Serialize;
use sha2::{Digest, Sha256};

#[cfg(all(test, unix))]
mod attacks;
#[cfg(unix)]
mod edit;
mod error;
#[cfg(unix)]
mod lock;
#[cfg(unix)]
mod open;
mod plan;
#[cfg(unix)]
mod resolve;
#[cfg(unix)]
mod write;

#[cfg(unix)]
mod request;

#[cfg(unix)]
pub use edit::{edit_files, read_file};
pub use error::FsError;
pub use plan::{Action, EditFilesError, Op};
#[cfg(unix)]
pub use request::{Check, EditOptions, EditOutcome, EditRequest, FileOutcome, FileRequest};

/// Files larger than this are refused unless the caller sets another limit.
pub const DEFAULT_MAX_BYTES: u64 = 256 * 1024 * 1024;

/// What identifies the version of a file that was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileVersion {
    /// Modification time, as seconds since the Unix epoch with nanoseconds (`"1700000000.123456789"`).
    pub mtime: String,
    /// Length in bytes.
    pub len: u64,
    /// SHA-256 of the bytes, lowercase hex.
    pub sha256: String,
}

/// A text file read for editing.
#[derive(Debug, Clone)]
pub struct TextFile {
    /// The path as given.
    pub path: PathBuf,
    /// The file that is actually read and written (a symlink's target).
    pub target: PathBuf,
    /// The content.
    pub text: String,
    /// The version read.
    pub version: FileVersion,
}

/// Read `path` as UTF-8 text, refusing directories, binary files, invalid UTF-8 and files over
/// `max_bytes`.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let p = dir.path().join("a.txt");
/// std::fs::write(&p, "hello\n").unwrap();
/// let f = fuzzy_edit::fs::read_text(&p, fuzzy_edit::fs::DEFAULT_MAX_BYTES).unwrap();
/// assert_eq!(f.text, "hello\n");
/// assert_eq!(f.version.len, 6);
/// std::fs::write(&p, b"a\0b").unwrap();
/// assert!(fuzzy_edit::fs::read_text(&p, 1 << 20).is_err());
/// ```
pub fn read_text(path: &Path, max_bytes: u64) -> Result<TextFile, FsError> {
    let meta = std::fs::metadata(path).map_err(|e| FsError::io(path, e))?;
    if meta.is_dir() {
        return Err(FsError::IsDirectory(path.to_path_buf()));
    }
    if meta.len() > max_bytes {
        return Err(FsError::TooLarge {
            path: path.to_path_buf(),
            len: meta.len(),
            limit: max_bytes,
        });
    }
    let target = std::fs::canonicalize(path).map_err(|e| FsError::io(path, e))?;
    let bytes = std::fs::read(&target).map_err(|e| FsError::io(path, e))?;
    if let Some(offset) = memchr::memchr(0, &bytes) {
        return Err(FsError::Binary {
            path: path.to_path_buf(),
            offset,
        });
    }
    let version = version_of(&meta, &bytes);
    let text = String::from_utf8(bytes).map_err(|e| FsError::NotUtf8 {
        path: path.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    Ok(TextFile {
        path: path.to_path_buf(),
        target,
        text,
        version,
    })
}

fn version_of(meta: &std::fs::Metadata, bytes: &[u8]) -> FileVersion {
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or_else(String::new, |d| {
            format!("{}.{:09}", d.as_secs(), d.subsec_nanos())
        });
    FileVersion {
        mtime,
        len: bytes.len() as u64,
        sha256: sha256_hex(bytes),
    }
}

/// SHA-256 of `bytes`, lowercase hex.
///
/// ```
/// assert_eq!(&fuzzy_edit::fs::sha256_hex(b"")[..8], "e3b0c442");
/// ```
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What the caller believes the file's version is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expected {
    /// Modification time as printed in [`FileVersion::mtime`] (a prefix such as whole seconds
    /// also matches).
    pub mtime: Option<String>,
    /// SHA-256, hex (case-insensitive).
    pub sha256: Option<String>,
}

/// Refuse if `file` is not the version the caller expects.
pub fn check_expected(file: &TextFile, expected: &Expected) -> Result<(), FsError> {
    check_version(&file.path, &file.version, expected)
}

/// Refuse if `version` of `path` is not the one the caller expects.
pub fn check_version(
    path: &Path,
    version: &FileVersion,
    expected: &Expected,
) -> Result<(), FsError> {
    let stale = |what, expected: &str, found: &str| FsError::Stale {
        path: path.to_path_buf(),
        what,
        expected: expected.to_string(),
        found: found.to_string(),
    };
    if let Some(sha) = &expected.sha256 {
        if !sha.eq_ignore_ascii_case(&version.sha256) {
            return Err(stale("sha256", sha, &version.sha256));
        }
    }
    if let Some(mtime) = &expected.mtime {
        if !mtime_matches(mtime, &version.mtime) {
            return Err(stale("mtime", mtime, &version.mtime));
        }
    }
    Ok(())
}

fn mtime_matches(expected: &str, actual: &str) -> bool {
    let expected = expected.trim();
    if expected.contains('.') {
        // Fewer fractional digits than we print (filesystems and tools round differently).
        actual.starts_with(expected)
    } else {
        actual.split('.').next() == Some(expected)
    }
}

fn stale(file: &TextFile, what: &'static str, expected: &str, found: &str) -> FsError {
    FsError::Stale {
        path: file.path.clone(),
        what,
        expected: expected.to_string(),
        found: found.to_string(),
    }
}

/// Refuse if the file on disk is no longer the version in `file` (someone changed it between
/// our read and our write).
pub fn check_unchanged(file: &TextFile) -> Result<(), FsError> {
    let now = read_text(&file.path, u64::MAX)?;
    if now.version.sha256 != file.version.sha256 {
        return Err(stale(
            file,
            "sha256",
            &file.version.sha256,
            &now.version.sha256,
        ));
    }
    Ok(())
}

/// Write `text` to `path` atomically: a temporary file in the same directory, synced, renamed
/// over the target. A symlink is followed to its target; an existing file keeps its
/// permissions.
pub fn write_text(path: &Path, text: &str) -> Result<(), FsError> {
    let target = match std::fs::canonicalize(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => dangling_target(path),
        Err(e) => return Err(FsError::io(path, e)),
    };
    let mut file =
        atomic_write_file::AtomicWriteFile::open(&target).map_err(|e| FsError::io(path, e))?;
    file.write_all(text.as_bytes())
        .map_err(|e| FsError::io(path, e))?;
    file.commit().map_err(|e| FsError::io(path, e))
}

/// Where a path that does not resolve should be created: itself, or the target a dangling
/// symlink points at (so the link is never replaced by a plain file).
fn dangling_target(path: &Path) -> PathBuf {
    let mut current = path.to_path_buf();
    // Follow a chain of links (bounded, as the OS bounds it) to the name that is missing.
    for _ in 0..40 {
        match std::fs::read_link(&current) {
            Ok(link) if link.is_absolute() => current = link,
            Ok(link) => current = current.parent().unwrap_or(Path::new("")).join(link),
            Err(_) => break,
        }
    }
    current
}

/// One file's planned change in a multi-file transaction.
#[derive(Debug, Clone)]
pub struct Change {
    /// The file.
    pub path: PathBuf,
    /// Its content before (`None`: the file does not exist yet).
    pub before: Option<String>,
    /// Its content after (`None`: delete it).
    pub after: Option<String>,
}

/// Carry out `changes` in order; if one fails, restore the files already changed and return
/// the error.
pub fn commit(changes: &[Change]) -> Result<(), FsError> {
    for (i, change) in changes.iter().enumerate() {
        if let Err(e) = carry_out(&change.path, change.after.as_deref()) {
            for done in changes[..i].iter().rev() {
                // Best effort: the original error is what the caller must see.
                let _ = carry_out(&done.path, done.before.as_deref());
            }
            return Err(e);
        }
    }
    Ok(())
}

fn carry_out(path: &Path, content: Option<&str>) -> Result<(), FsError> {
    match content {
        Some(text) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|e| FsError::io(path, e))?;
            }
            write_text(path, text)
        }
        None => match std::fs::remove_file(path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(FsError::io(path, e)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_text() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x");
        std::fs::write(&p, [0xff, 0xfe, b'a']).unwrap();
        assert!(matches!(
            read_text(&p, 1 << 20),
            Err(FsError::NotUtf8 { offset: 0, .. })
        ));
        assert!(matches!(
            read_text(dir.path(), 1 << 20),
            Err(FsError::IsDirectory(_))
        ));
        assert!(matches!(
            read_text(&dir.path().join("nope"), 1 << 20),
            Err(FsError::NotFound(_))
        ));
        std::fs::write(&p, "abc").unwrap();
        assert!(matches!(
            read_text(&p, 2),
            Err(FsError::TooLarge { len: 3, .. })
        ));
    }

    #[test]
    fn freshness_checks() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, "one").unwrap();
        let f = read_text(&p, 1 << 20).unwrap();
        let secs = f.version.mtime.split('.').next().unwrap().to_string();
        let ok = Expected {
            mtime: Some(secs),
            sha256: Some(f.version.sha256.to_uppercase()),
        };
        check_expected(&f, &ok).unwrap();
        let bad = Expected {
            sha256: Some("00".into()),
            ..Expected::default()
        };
        assert!(matches!(
            check_expected(&f, &bad),
            Err(FsError::Stale { what: "sha256", .. })
        ));
        std::fs::write(&p, "two").unwrap();
        assert!(check_unchanged(&f).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn writes_through_symlinks_and_keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.sh");
        std::fs::write(&target, "old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o751)).unwrap();
        let link = dir.path().join("link.sh");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_text(&link, "new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o751);
    }

    #[test]
    fn commit_rolls_back_on_failure() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        std::fs::write(&a, "a0").unwrap();
        let blocker = dir.path().join("blocker");
        std::fs::write(&blocker, "file, not a directory").unwrap();
        let changes = [
            Change {
                path: a.clone(),
                before: Some("a0".into()),
                after: Some("a1".into()),
            },
            Change {
                path: blocker.join("b"),
                before: None,
                after: Some("b1".into()),
            },
        ];
        assert!(commit(&changes).is_err());
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "a0");
    }
}
