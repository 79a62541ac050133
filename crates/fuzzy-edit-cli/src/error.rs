//! Why `apply` or `check` stopped without writing: a refusal (exit 1), which the model or person
//! can fix by changing the request, or an unusable request (exit 2): bad usage, unreadable
//! input, a file that cannot be edited as text, an I/O error.
//!
//! The messages are the CLI's words on stderr (`fuzzy-edit: ...`) and the `message` of a
//! `--json` error; [`crate::render::json::error`] adds the engine's structured errors.

use std::io;
use std::path::PathBuf;

use fuzzy_edit::format::ParseError;
use fuzzy_edit::fs::{EditFilesError, FsError};
use fuzzy_edit::protocol::Vocabulary;

/// Why a run of `apply` or `check` stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    // Usage (exit 2).
    /// One edit from the command line, but no FILE to apply it to.
    #[error(
        "name the file to edit: fuzzy-edit apply FILE --old TEXT --new TEXT (or --edits PATH)"
    )]
    NoFile,
    /// Stdin can be read once: the second `-` would read an empty string.
    #[error("--old-file and --new-file cannot both read stdin (`-`); put one of them in a file")]
    BothFromStdin,
    /// Neither `--old` nor `--old-file`.
    #[error("give the text to replace with --old TEXT or --old-file PATH")]
    NoOld,
    /// Neither `--new` nor `--new-file`.
    #[error("give the replacement with --new TEXT or --new-file PATH")]
    NoNew,
    /// `--expect-*` name no file of their own: they apply to FILE.
    #[error("--expect-mtime/--expect-sha256 need the FILE argument")]
    ExpectWithoutFile,
    /// A change in the edits document names no file, and there is no FILE argument.
    #[error("the edits name no file: pass the file to edit as an argument (fuzzy-edit apply FILE --edits ...)")]
    EditsNameNoFile,
    /// FILE names none of the files the edits document names (and every change names one).
    #[error("{}: the edits name {}, not this file; drop the FILE argument to edit {1}, or fix the path in the edits", .file.display(), .named.display())]
    FileConflicts {
        /// The FILE argument.
        file: PathBuf,
        /// The file the document names.
        named: PathBuf,
    },
    /// `*** Move to` or a rename in the edits document.
    #[error("{}: moving files (`*** Move to`, a git rename) is not supported; apply the edits, then move the file", .0.display())]
    MoveUnsupported(PathBuf),

    // Unreadable input (exit 2).
    /// `-` given, and stdin could not be read.
    #[error("reading stdin: {0}")]
    Stdin(io::Error),
    /// An `--old-file`, `--new-file` or `--edits` file could not be read.
    #[error("{}: {source}", .path.display())]
    Input {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The edits document is in no format the parser reads.
    #[error("cannot read the edits: {0}")]
    Edits(ParseError),

    // The files (exit 1 when stale, else 2).
    /// A file to edit cannot be read or written as text, or changed since it was read.
    #[error(transparent)]
    File(#[from] FsError),

    // Refusals (exit 1), and the files' errors as the guarded edit path reports them.
    /// What `fuzzy_edit::fs::edit_files` refused or could not do.
    #[error(transparent)]
    Edit(#[from] EditFilesError),
}

impl Error {
    /// A refusal: the request can be fixed (exit 1). Anything else is unusable (exit 2).
    pub fn is_refusal(&self) -> bool {
        match self {
            Error::File(e) | Error::Edit(EditFilesError::File(e)) => matches!(
                e,
                FsError::Stale { .. }
                    | FsError::Outside(_)
                    | FsError::HardLinks { .. }
                    | FsError::ReadOnly(_)
                    | FsError::MetadataNotKept { .. }
                    | FsError::Busy { .. }
            ),
            Error::Edit(EditFilesError::NotAllowed { .. }) => false,
            // A missing file is exit 2 (`file_not_found`), whether it was to be edited or
            // deleted.
            Error::Edit(EditFilesError::DeleteMissing(_)) => false,
            // Files were left changed: not a request to fix and resend.
            Error::Edit(EditFilesError::RollbackFailed(_)) => false,
            Error::Edit(_) => true,
            _ => false,
        }
    }

    /// The `kind` of the `--json` error (see `docs/json.md`): the file's or the engine's own
    /// kind, else what went wrong with the request.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::NoFile
            | Error::BothFromStdin
            | Error::NoOld
            | Error::NoNew
            | Error::ExpectWithoutFile
            | Error::EditsNameNoFile
            | Error::FileConflicts { .. } => "usage",
            Error::MoveUnsupported(_) => "unsupported",
            Error::Stdin(_) | Error::Input { .. } => "input",
            Error::Edits(_) => "malformed_edits",
            Error::File(e) => e.kind(),
            Error::Edit(e) => e.kind(),
        }
    }

    /// The process exit code: 1 for a refusal, 2 otherwise.
    pub fn exit_code(&self) -> u8 {
        if self.is_refusal() {
            1
        } else {
            2
        }
    }
}

/// The message of `error`, with the engine's refusals in the request's `words` (the flags'
/// for one edit, the document format's for `--edits`).
pub fn message(error: &Error, words: &Vocabulary) -> String {
    match error {
        Error::Edit(e) => e.message(words),
        other => other.to_string(),
    }
}
