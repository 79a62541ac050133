//! The request [`super::edit_files`] takes, its options, and the outcome it returns.

use std::path::{Path, PathBuf};

use super::plan::{Action, Op};
use super::{Expected, FileVersion, DEFAULT_MAX_BYTES};
use crate::syntax::{Language, SyntaxPolicy};
use crate::{unified_diff, Applied, Mode, Options};

/// What to do to one file.
#[derive(Debug, Clone)]
pub struct FileRequest {
    /// The file, absolute or relative to [`EditOptions::base`].
    pub path: PathBuf,
    /// Its operations, in order.
    pub ops: Vec<Op>,
    /// The version the caller based the operations on (`--expect-*`).
    pub expected: Expected,
}

/// A change to several files, applied as one transaction.
#[derive(Debug, Clone)]
pub struct EditRequest {
    /// The files, in order of first mention.
    pub files: Vec<FileRequest>,
    /// All edits or none, or those that apply: under [`Mode::Partial`] a file whose edits all
    /// fail is left as it is, with its failures in [`FileOutcome::applied`], and the other
    /// files still change (refused only when no edit applies in any file).
    pub mode: Mode,
}

/// The caller's hook, run under the lock on each file as read (`None`: no file yet).
pub type Check<'a> = &'a (dyn Fn(&Path, Option<&FileVersion>) -> Result<(), String> + Sync);

/// Where files may be and how carefully they are written.
#[derive(Clone)]
pub struct EditOptions<'a> {
    /// Directories every path must lie beneath (symlinks included). Empty: anywhere.
    pub roots: Vec<PathBuf>,
    /// The roots are canonical paths the caller fixed beforehand (the MCP server, when it
    /// started): a root that has since been replaced by a symlink, or lies under one, is
    /// refused instead of followed, so swapping a root for a link cannot move the confinement.
    pub roots_pinned: bool,
    /// What relative paths are relative to; the current directory when `None`.
    pub base: Option<PathBuf>,
    /// Largest file read, in bytes actually read.
    pub max_bytes: u64,
    /// Plan and report, write nothing.
    pub dry_run: bool,
    /// Write into the existing file instead of replacing it, so hard links, owner and
    /// attributes stay whoever may change them; not atomic. Needed for files with several
    /// hard links or an owner the process cannot give to a new file.
    pub in_place: bool,
    /// Write files the caller has no write permission on (an editor's `:w!`).
    pub write_read_only: bool,
    /// Run on each file under the lock, with the real path and the version read; an `Err`
    /// refuses the request (the MCP server's "read it first" rule).
    pub check: Option<Check<'a>>,
    /// When to give up on finding the edits (see [`Options::deadline`](crate::Options::deadline)):
    /// an edit still searching then is refused as too complex and nothing is written.
    pub deadline: Option<std::time::Instant>,
    /// How long to wait for another fuzzy-edit writer's lock on a directory (or, in place, a
    /// file) before refusing as [`FsError::Busy`](crate::fs::FsError::Busy); nothing is
    /// written then. Default [`DEFAULT_LOCK_WAIT`](crate::fs::DEFAULT_LOCK_WAIT).
    pub lock_wait: std::time::Duration,
    /// What an edit that adds a syntax error gets (the default: refused when the matching may
    /// be to blame, else a warning on the outcome).
    pub syntax: SyntaxPolicy,
    /// The language of every file edited; `None`: each file's own, from its extension
    /// ([`Language::from_path`]), and files of no known language are not parsed.
    pub language: Option<Language>,
    /// Line-addressed edits may name lines by plain number, without an ID
    /// ([`Options::line_numbers`]).
    pub line_numbers: bool,
}

impl EditOptions<'_> {
    /// The engine's options for editing `path` (or a text named so): the language and whether
    /// it is prose from its extension unless [`EditOptions::language`] says otherwise.
    pub fn engine(&self, mode: Mode, path: &Path) -> Options {
        Options {
            mode,
            syntax: self.syntax,
            language: self.language.or_else(|| Language::from_path(path)),
            deadline: self.deadline,
            prose: crate::edit::is_prose(path),
            conventions: crate::Conventions::from_path(path),
            line_numbers: self.line_numbers,
        }
    }
}

impl Default for EditOptions<'_> {
    fn default() -> Self {
        EditOptions {
            roots: Vec::new(),
            roots_pinned: false,
            base: None,
            max_bytes: DEFAULT_MAX_BYTES,
            dry_run: false,
            in_place: false,
            write_read_only: false,
            check: None,
            deadline: None,
            lock_wait: super::DEFAULT_LOCK_WAIT,
            syntax: SyntaxPolicy::default(),
            language: None,
            line_numbers: false,
        }
    }
}

impl std::fmt::Debug for EditOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EditOptions")
            .field("roots", &self.roots)
            .field("roots_pinned", &self.roots_pinned)
            .field("base", &self.base)
            .field("max_bytes", &self.max_bytes)
            .field("dry_run", &self.dry_run)
            .field("deadline", &self.deadline)
            .field("lock_wait", &self.lock_wait)
            .field("in_place", &self.in_place)
            .field("write_read_only", &self.write_read_only)
            .field("check", &self.check.is_some())
            .field("syntax", &self.syntax)
            .field("language", &self.language)
            .finish()
    }
}

/// What happened to one file (or would, under `dry_run`).
#[derive(Debug, Clone)]
pub struct FileOutcome {
    /// The file as first named in the request.
    pub path: PathBuf,
    /// Its real location.
    pub real: PathBuf,
    /// Every other name the request gave it.
    pub aliases: Vec<PathBuf>,
    /// What happens to it.
    pub action: Action,
    /// Content before (`None`: no file).
    pub before: Option<String>,
    /// Content after (`None`: deleted).
    pub after: Option<String>,
    /// The engine's report, for edits.
    pub applied: Option<Applied>,
    /// The version now on disk (as read, when nothing was written; `None` when deleted).
    pub version: Option<FileVersion>,
}

impl FileOutcome {
    /// Unified diff of the change.
    pub fn diff(&self) -> String {
        let name = self.path.to_string_lossy();
        unified_diff(
            self.before.as_deref().unwrap_or(""),
            self.after.as_deref().unwrap_or(""),
            &name,
        )
    }
}

/// What [`super::edit_files`] did.
#[derive(Debug, Clone)]
pub struct EditOutcome {
    /// One entry per distinct file, in order of first mention.
    pub files: Vec<FileOutcome>,
    /// How many times the files were read and planned (more than 1: a file changed under us).
    pub attempts: u32,
}
