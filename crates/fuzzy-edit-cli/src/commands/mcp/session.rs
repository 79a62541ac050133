//! What the model has seen in this server session: the version of each file it read (or wrote),
//! keyed by the file's resolved path.
//!
//! An edit is only as good as the model's picture of the file. `edit_file` and an overwriting
//! `write_file` therefore require that the file was read in this session and that its bytes are
//! still those read (same SHA-256; a touch that changes only the modification time is harmless).
//! A file changed by the user, another tool or a formatter since then is refused with a request
//! to read it again, instead of an edit computed against a stale picture.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use fuzzy_edit::fs::{sha256_hex, FileVersion};

/// The versions seen, per resolved path.
#[derive(Debug, Default)]
pub struct Session {
    seen: HashMap<PathBuf, FileVersion>,
}

/// Why a file may not be changed yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotFresh {
    /// Never read in this session.
    NotRead,
    /// Its content differs from the version last read or written.
    Changed {
        /// The version the model saw.
        seen: FileVersion,
    },
}

impl Session {
    /// Remember that the model has seen `version` of `path`.
    pub fn record(&mut self, path: &Path, version: FileVersion) {
        self.seen.insert(path.to_path_buf(), version);
    }

    /// Remember that the model wrote `text` to `path`. `installed` is the content the write
    /// left on disk with its version, as `edit_files` reports them: when it is `text`, its
    /// version is recorded as it is (its SHA-256 was computed from those bytes, so they are
    /// compared, not hashed again); otherwise `text`'s own SHA-256 is, and an edit of a file
    /// that holds anything else is refused.
    pub fn record_written(
        &mut self,
        path: &Path,
        text: &str,
        installed: Option<(&str, FileVersion)>,
    ) {
        let version = match installed {
            Some((installed, v)) if installed == text => v,
            other => FileVersion {
                mtime: other.map(|(_, v)| v.mtime).unwrap_or_default(),
                len: text.len() as u64,
                sha256: sha256_hex(text.as_bytes()),
            },
        };
        self.record(path, version);
    }

    /// Refuse unless the model has seen exactly the content `current` (the file's SHA-256 now).
    pub fn check_fresh(&self, path: &Path, current: &FileVersion) -> Result<(), NotFresh> {
        match self.seen.get(path) {
            None => Err(NotFresh::NotRead),
            Some(seen) if seen.sha256 != current.sha256 => {
                Err(NotFresh::Changed { seen: seen.clone() })
            }
            Some(_) => Ok(()),
        }
    }
}

impl NotFresh {
    /// The `kind` of the refusal in the tool's JSON answer.
    pub fn kind(&self) -> &'static str {
        match self {
            NotFresh::NotRead => "not_read",
            NotFresh::Changed { .. } => "stale",
        }
    }

    /// The refusal, in words for the model. `name` is the path as shown to it; `action` is what
    /// was refused (`"edit"`, `"overwrite"`).
    pub fn message(&self, name: &str, action: &str) -> String {
        match self {
            // Only an edit has an old_string to copy; an overwrite is redone whole.
            NotFresh::NotRead if action == "edit" => format!(
                "{name} has not been read in this session, so this {action} was refused and nothing was written. Call read_file on {name} first, then redo the {action} based on what it shows (copy old_string from its output, without the line-number prefix)."
            ),
            NotFresh::NotRead => format!(
                "{name} has not been read in this session, so this {action} was refused and nothing was written. Call read_file on {name} first, then redo the {action} with content that keeps what it shows and you mean to keep (without the line-number prefix)."
            ),
            NotFresh::Changed { seen } => format!(
                "{name} changed on disk since you last read it (by the user, another tool or a formatter; it had {} bytes, sha256 {}…), so this {action} was refused and nothing was written. Call read_file on {name} again and redo the {action} on its current content.",
                seen.len,
                &seen.sha256[..12.min(seen.sha256.len())]
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(text: &str) -> FileVersion {
        FileVersion {
            mtime: "1.0".into(),
            len: text.len() as u64,
            sha256: sha256_hex(text.as_bytes()),
        }
    }

    #[test]
    fn only_an_edit_is_told_to_copy_old_string() {
        let edit = NotFresh::NotRead.message("a.py", "edit");
        assert!(edit.contains("copy old_string from its output"), "{edit}");
        let overwrite = NotFresh::NotRead.message("a.py", "overwrite");
        assert!(!overwrite.contains("old_string"), "{overwrite}");
        assert!(
            overwrite.contains("redo the overwrite with content"),
            "{overwrite}"
        );
    }

    #[test]
    fn requires_a_read_of_the_current_content() {
        let mut s = Session::default();
        let p = Path::new("/r/a");
        assert_eq!(s.check_fresh(p, &version("x")), Err(NotFresh::NotRead));
        s.record(p, version("x"));
        assert_eq!(s.check_fresh(p, &version("x")), Ok(()));
        let touched = FileVersion {
            mtime: "2.0".into(),
            ..version("x")
        };
        assert_eq!(s.check_fresh(p, &touched), Ok(()));
        assert!(matches!(
            s.check_fresh(p, &version("y")),
            Err(NotFresh::Changed { .. })
        ));
        assert!(NotFresh::NotRead.message("a", "edit").contains("read_file"));
    }

    #[test]
    fn a_write_counts_as_seen_unless_overtaken() {
        let mut s = Session::default();
        let p = Path::new("/r/a");
        s.record_written(p, "new", Some(("new", version("new"))));
        assert_eq!(s.check_fresh(p, &version("new")), Ok(()));
        s.record_written(p, "mine", Some(("theirs", version("theirs"))));
        assert_eq!(s.check_fresh(p, &version("mine")), Ok(()));
        assert!(s.check_fresh(p, &version("theirs")).is_err());
    }
}
