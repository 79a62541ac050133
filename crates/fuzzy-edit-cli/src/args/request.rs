//! What `apply` and `check` run: the request the command line resolves to (files and their
//! operations, limits, the words of refusals), built by [`settings`](super::settings) and run
//! by `commands::apply`.

use std::path::PathBuf;
use std::time::Duration;

use fuzzy_edit::format::FileOp;
use fuzzy_edit::fs::Expected;
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::{Language, Mode, SyntaxPolicy};

/// What to apply.
#[derive(Debug)]
pub struct Request {
    /// The operations on each file, files in order of first mention.
    pub files: Vec<(PathBuf, Vec<FileOp>)>,
    /// All-or-nothing, or apply what can be applied.
    pub mode: Mode,
    /// Freshness expectations for the (single) file named on the command line.
    pub expected: Option<(PathBuf, Expected)>,
    /// Largest file accepted.
    pub max_bytes: u64,
    /// `--time-limit-ms`: how long finding the edits may take.
    pub time_limit: Option<Duration>,
    /// How long to wait for another writer's lock (`--lock-wait-ms`).
    pub lock_wait: Duration,
    /// The directories paths must lie under (empty: anywhere, `--unsafe-paths`).
    pub roots: Vec<PathBuf>,
    /// `--in-place`.
    pub in_place: bool,
    /// `--write-read-only`.
    pub write_read_only: bool,
    /// `--syntax`.
    pub syntax: SyntaxPolicy,
    /// `--language`; `None`: each file's, from its extension.
    pub language: Option<Language>,
    /// What refusals call the edit's parts: the flags (`--old`), or the words of the `--edits`
    /// document's format (`the SEARCH block`), which has no `--replace-all`.
    pub words: Vocabulary,
    /// Per file (as in `files`), how messages name its edits by their place in the `--edits`
    /// document ([`fuzzy_edit::protocol::edit_name`]); empty for one edit.
    pub edit_names: Vec<Vec<String>>,
}
