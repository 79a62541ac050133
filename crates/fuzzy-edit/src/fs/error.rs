//! [`FsError`]: why a file could not be read or written, in words that say what to do.

use std::path::{Path, PathBuf};

use crate::vocabulary::Vocabulary;

/// The end of most I/O errors' messages.
pub(crate) const NOTHING_WRITTEN: &str = "; nothing was written.";

/// The end of the message when a write in place failed midway and the old content could not
/// be put back either: the one case where a file is left neither old nor new.
#[cfg(unix)]
pub(crate) const TORN: &str = "; the write in place failed midway and putting the old content back failed too, so the file may be torn: restore it from version control or a backup.";

/// Why a file could not be read or written. The file is unchanged (except for
/// [`FsError::Io`] after a failed write in place, which says so).
#[derive(Debug, thiserror::Error)]
pub enum FsError {
    /// No file at the path.
    #[error("{}: no such file. Check the path (it is resolved from the current directory), or create the file first.", .0.display())]
    NotFound(PathBuf),
    /// The path is a directory.
    #[error("{}: is a directory, not a file. Name a file inside it.", .0.display())]
    IsDirectory(PathBuf),
    /// The file holds NUL bytes.
    #[error("{}: looks binary (it contains NUL bytes at byte {offset}); fuzzy-edit only edits text files, and left it unchanged.", .path.display())]
    Binary {
        /// The file.
        path: PathBuf,
        /// Offset of the first NUL byte.
        offset: usize,
    },
    /// The file is not UTF-8.
    #[error("{}: is not valid UTF-8 (first invalid byte at offset {offset}); fuzzy-edit only edits UTF-8 text, and left it unchanged. Convert it to UTF-8 first.", .path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// The file exceeds the size limit.
    #[error("{}: is {len} bytes, over the {limit}-byte limit; it was left unchanged.", .path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        len: u64,
        /// The limit.
        limit: u64,
    },
    /// The file changed since the caller read it.
    #[error("{}: changed since it was read ({what}: expected {expected}, found {found}); nothing was written. Read the file again and redo the edit on its current content.", .path.display())]
    Stale {
        /// The file.
        path: PathBuf,
        /// Which property differs (`mtime`, `sha256`).
        what: &'static str,
        /// What the caller expected.
        expected: String,
        /// What the file has now.
        found: String,
    },
    /// The path leads outside the directories the caller confined edits to.
    #[error("{}: refused, the path resolves outside the allowed directories (`..`, an absolute path or a symlink leading out). Name a file inside them, or lift the confinement (`--unsafe-paths` / `--root DIR` on the command line).", .0.display())]
    Outside(PathBuf),
    /// A component of the path that should be a directory is not one.
    #[error("{}: is not a directory, so nothing can be found or created under it.", .0.display())]
    NotADirectory(PathBuf),
    /// Not a regular file: reading it could block or never end.
    #[error("{}: is a {kind}, not a regular file; fuzzy-edit only reads and writes regular files, and left it alone.", .path.display())]
    NotRegular {
        /// The file.
        path: PathBuf,
        /// What it is.
        kind: &'static str,
    },
    /// The file has other names; replacing it would split them.
    #[error("{}", self.message(&Vocabulary::CLI))]
    HardLinks {
        /// The file.
        path: PathBuf,
        /// How many names it has.
        links: u64,
    },
    /// The caller may not write the file.
    #[error("{}", self.message(&Vocabulary::CLI))]
    ReadOnly(PathBuf),
    /// Its owner, group or extended attributes could not be carried over to the replacement.
    #[error("{}", self.message(&Vocabulary::CLI))]
    MetadataNotKept {
        /// The file.
        path: PathBuf,
        /// What cannot be kept.
        what: String,
    },
    /// Another fuzzy-edit writer held the lock on the file's directory (or, in place, the
    /// file) for longer than the caller would wait.
    #[error("{}: busy, another fuzzy-edit writer has held its directory's lock for the whole {waited_ms} ms this request would wait; nothing was written. Retry later, or wait longer (`--lock-wait-ms` on the command line and the MCP server, `lock_wait_ms` in the pipe).", .path.display())]
    Busy {
        /// The file.
        path: PathBuf,
        /// How long the request waited, in milliseconds.
        waited_ms: u64,
    },
    /// Any other I/O error.
    #[error("{}: {source}{hint}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
        /// What became of the file (`"; nothing was written."`), then what to check when the
        /// error says it.
        hint: &'static str,
    },
}

impl FsError {
    /// The message, naming the options of the caller's front end in `w`'s words (`Display`:
    /// the command line's flags): `--in-place` on the command line, `"in_place": true` in the
    /// pipe, nothing where there is no such option.
    ///
    /// ```
    /// use fuzzy_edit::{fs::FsError, protocol::Vocabulary};
    /// let e = FsError::HardLinks { path: "a.txt".into(), links: 2 };
    /// assert!(e.to_string().contains("`--in-place`"));
    /// assert!(e.message(&Vocabulary::PIPE).contains(r#"`"in_place": true`"#));
    /// assert!(!e.message(&Vocabulary::TOOL).contains("in place"));
    /// ```
    pub fn message(&self, w: &Vocabulary) -> String {
        let path = self.path().display();
        match self {
            FsError::HardLinks { links, .. } => {
                let instead = if w.in_place.is_empty() {
                    "Break the links first if the file should be replaced".to_string()
                } else {
                    format!("Edit it in place instead ({}: every name sees the change, but the write is not atomic), or break the links yourself", w.in_place)
                };
                format!("{path}: has {links} hard links; replacing it would leave the other names with the old content, so nothing was written. {instead}.")
            }
            FsError::ReadOnly(_) => {
                let anyway = if w.write_read_only.is_empty() {
                    String::new()
                } else {
                    format!(
                        ", or use {} to replace it anyway (the new file keeps its permissions)",
                        w.write_read_only
                    )
                };
                format!("{path}: is read-only for you; nothing was written. Make it writable first{anyway}.")
            }
            FsError::MetadataNotKept { what, .. } => {
                let instead = if w.in_place.is_empty() {
                    String::new()
                } else {
                    format!(" Edit it in place instead ({}: keeps owner, links and attributes, but the write is not atomic).", w.in_place)
                };
                format!("{path}: {what}, so replacing it would change it; nothing was written.{instead}")
            }
            other => other.to_string(),
        }
    }

    /// A short machine-readable name of the refusal (`"file_not_found"`, `"outside"`, ...), as
    /// the JSON answers of every front end give it. Distinct from the engine's kinds
    /// ([`crate::EditError::kind`]): a missing file is not a missing `old`.
    pub fn kind(&self) -> &'static str {
        match self {
            FsError::NotFound(_) => "file_not_found",
            FsError::IsDirectory(_) => "is_directory",
            FsError::Binary { .. } => "binary",
            FsError::NotUtf8 { .. } => "not_utf8",
            FsError::TooLarge { .. } => "too_large",
            FsError::Stale { .. } => "stale",
            FsError::Outside(_) => "outside",
            FsError::NotADirectory(_) => "not_a_directory",
            FsError::NotRegular { .. } => "not_regular",
            FsError::HardLinks { .. } => "hard_links",
            FsError::ReadOnly(_) => "read_only",
            FsError::MetadataNotKept { .. } => "metadata_not_kept",
            FsError::Busy { .. } => "busy",
            FsError::Io { .. } => "io",
        }
    }

    /// The figures behind the message, as JSON fields: `offset` (binary, not UTF-8),
    /// `len`/`limit` (too large), `what`/`expected`/`found` (stale), `waited_ms` (busy),
    /// `errno` (I/O); empty for
    /// the rest. Every front end adds them to its answer, beside `kind`, `message` and `path`.
    pub fn figures(&self) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::json;
        let pairs = match self {
            FsError::Binary { offset, .. } | FsError::NotUtf8 { offset, .. } => {
                vec![("offset", json!(offset))]
            }
            FsError::TooLarge { len, limit, .. } => {
                vec![("len", json!(len)), ("limit", json!(limit))]
            }
            FsError::Stale {
                what,
                expected,
                found,
                ..
            } => vec![
                ("what", json!(what)),
                ("expected", json!(expected)),
                ("found", json!(found)),
            ],
            FsError::Io { source, .. } => vec![("errno", json!(source.raw_os_error()))],
            FsError::Busy { waited_ms, .. } => vec![("waited_ms", json!(waited_ms))],
            _ => Vec::new(),
        };
        pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    /// The file the refusal is about.
    pub fn path(&self) -> &Path {
        match self {
            FsError::NotFound(p)
            | FsError::IsDirectory(p)
            | FsError::Outside(p)
            | FsError::NotADirectory(p)
            | FsError::ReadOnly(p) => p,
            FsError::Binary { path, .. }
            | FsError::NotUtf8 { path, .. }
            | FsError::TooLarge { path, .. }
            | FsError::Stale { path, .. }
            | FsError::NotRegular { path, .. }
            | FsError::HardLinks { path, .. }
            | FsError::MetadataNotKept { path, .. }
            | FsError::Busy { path, .. }
            | FsError::Io { path, .. } => path,
        }
    }

    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        match source.kind() {
            std::io::ErrorKind::NotFound => FsError::NotFound(path.to_path_buf()),
            _ => FsError::Io {
                path: path.to_path_buf(),
                source,
                hint: NOTHING_WRITTEN,
            },
        }
    }

    /// An error while replacing, creating or deleting `path`, with what to check when the
    /// error says it: a bare "Permission denied" names neither the directory nor the
    /// attributes a replacement needs.
    #[cfg(unix)]
    pub(crate) fn write(path: &Path, source: std::io::Error) -> Self {
        let hint = match source.raw_os_error().map(rustix::io::Errno::from_raw_os_error) {
            Some(rustix::io::Errno::ACCESS | rustix::io::Errno::PERM) => {
                "; nothing was written. A file is changed by writing a new file beside it and renaming that over it: this needs write permission on its directory (and, in a sticky directory such as /tmp, owning the file or the directory), and a file without the immutable or append-only attribute (`lsattr`)."
            }
            Some(rustix::io::Errno::FBIG) => {
                "; nothing was written. The new content is over this process's file size limit (`ulimit -f`)."
            }
            Some(rustix::io::Errno::ROFS) => "; nothing was written. The file system is mounted read-only.",
            Some(rustix::io::Errno::NOSPC | rustix::io::Errno::DQUOT) => {
                "; nothing was written. The disk or this user's quota is full; free some space and retry."
            }
            _ => NOTHING_WRITTEN,
        };
        match source.kind() {
            std::io::ErrorKind::NotFound => FsError::NotFound(path.to_path_buf()),
            _ => FsError::Io {
                path: path.to_path_buf(),
                source,
                hint,
            },
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_says_what_to_check() {
        let message = |errno| {
            FsError::write(Path::new("a.txt"), std::io::Error::from_raw_os_error(errno)).to_string()
        };
        let denied = message(rustix::io::Errno::ACCESS.raw_os_error());
        assert!(denied.starts_with("a.txt: "), "{denied}");
        assert!(denied.contains("nothing was written"), "{denied}");
        assert!(
            denied.contains("write permission on its directory"),
            "{denied}"
        );
        assert!(message(rustix::io::Errno::PERM.raw_os_error()).contains("immutable"));
        assert!(message(rustix::io::Errno::ROFS.raw_os_error()).contains("read-only"));
        assert!(message(rustix::io::Errno::NOSPC.raw_os_error()).contains("full"));
        let other = message(rustix::io::Errno::IO.raw_os_error());
        assert!(other.ends_with("nothing was written."), "{other}");
        assert!(matches!(
            FsError::write(Path::new("a"), std::io::ErrorKind::NotFound.into()),
            FsError::NotFound(_)
        ));
    }
}
