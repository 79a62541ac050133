//! Safe file I/O for edits.
//!
//! [`edit_files`] is the one way every front end (the CLI, the pipe, the MCP server, the Python
//! bindings) changes files, and [`read_file`] the one way they read them: confined to root
//! directories by handle, locked against other fuzzy-edit writers from the read to the rename,
//! regular files only, metadata kept, every temporary file written before the first rename.
//! Its steps are in its docs; each submodule holds one of them. Nothing here loses data: a
//! refused file is never opened for writing; a write goes to a temporary file in the same
//! directory, is synced, then renamed over the target, so a crash leaves either the old or the
//! new file. A symlink is edited at its target, never replaced by a plain file.

use std::path::{Path, PathBuf};

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
pub use edit::{edit_files, read_file, read_text};
pub use error::FsError;
pub use plan::{Action, EditFilesError, Op, PartlyWritten};
#[cfg(unix)]
pub use request::{Check, EditOptions, EditOutcome, EditRequest, FileOutcome, FileRequest};

/// How long a writer waits for another's lock before refusing as busy: 10 s, ten times the
/// longest edit of a file within the size bar (a 10 MB file: under 1 s) and longer than the
/// write of a 256 MB file (about 2 s here), so only a stuck or stopped holder meets it.
pub const DEFAULT_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

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
    /// A modification time: refused as [`FsError::Stale`] whatever it is, since two writes
    /// within one timestamp tick share one and a changed file could pass. Pass `sha256`.
    pub mtime: Option<String>,
    /// SHA-256, hex (case-insensitive).
    pub sha256: Option<String>,
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
    // (Even an equal mtime proves nothing: a write within the same tick keeps it. Refused
    // under the lock, as any stale version, with the SHA-256 to pass instead.)
    if let Some(mtime) = &expected.mtime {
        return Err(stale(
            "mtime",
            mtime,
            &format!(
                "{} (an mtime cannot prove a version: expect the SHA-256 of the content read)",
                version.mtime
            ),
        ));
    }
    Ok(())
}
