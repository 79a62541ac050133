//! What a request does to one file's content: its operations applied in order to the text as
//! read, with nothing written. Planning runs under the lock, and again if the file changed.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use crate::applied::start_of;
use crate::format::FileOp;
use crate::vocabulary::Vocabulary;
use crate::{apply_snippet, apply_with, Applied, Edit, Failed, Mode, Options};

use super::FsError;

/// One operation on a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// Search/replace edits, applied in order as one transaction.
    Edit(Vec<Edit>),
    /// Line-addressed edits, all referring to the file as it was before them
    /// ([`crate::line_refs`]).
    LineEdits(Vec<crate::line_refs::LineEdit>),
    /// Create the file with this content; an existing empty file is filled, an existing file
    /// with content is refused.
    Create(String),
    /// Replace the whole content, creating the file if needed (`write_file`).
    Write(String),
    /// Delete the file.
    Delete,
    /// Merge a lazy snippet into the file ([`apply_snippet`](crate::apply_snippet)).
    Snippet(String),
}

impl From<FileOp> for Op {
    fn from(op: FileOp) -> Op {
        match op {
            FileOp::Edit(edits) => Op::Edit(edits),
            FileOp::Create(text) => Op::Create(text),
            FileOp::Delete => Op::Delete,
            FileOp::LineEdits(edits) => Op::LineEdits(edits),
            FileOp::Snippet(text) => Op::Snippet(text),
        }
    }
}

impl Op {
    /// How many edits the operation holds, as answers number them (`Match::edit`,
    /// `Failure::edit`): each search/replace or line-addressed edit, or 1 for a whole-file one.
    pub(crate) fn edit_count(&self) -> usize {
        match self {
            Op::Edit(edits) => edits.len(),
            Op::LineEdits(edits) => edits.len(),
            Op::Create(_) | Op::Write(_) | Op::Delete | Op::Snippet(_) => 1,
        }
    }

    /// The start of each of its edits, as refusals quote it to say which edit of several they
    /// are about: each `old`'s, or the snippet's (a fenced code block of a document); none for
    /// the others.
    fn starts(&self) -> Vec<String> {
        match self {
            Op::Edit(edits) => edits.iter().map(|e| start_of(&e.old)).collect(),
            Op::Snippet(snippet) => vec![start_of(snippet)],
            other => vec![String::new(); other.edit_count()],
        }
    }

    /// Whether the operation may bring the file into existence (and its directories with it).
    pub(crate) fn creates(&self) -> bool {
        matches!(self, Op::Create(_) | Op::Write(_))
    }
}

/// What happens to a file: the last of its operations that is not an edit decides (a file
/// created and then edited is created).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Search/replace edits of an existing file.
    Edit,
    /// Created with new content (or an empty file filled).
    Create,
    /// Its whole content replaced.
    Write,
    /// Deleted.
    Delete,
}

impl Action {
    /// The name in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Edit => "edit",
            Action::Create => "create",
            Action::Write => "write",
            Action::Delete => "delete",
        }
    }
}

/// Why [`super::edit_files`] changed nothing.
#[derive(Debug, thiserror::Error)]
pub enum EditFilesError {
    /// A file cannot be found, read or written as asked.
    #[error(transparent)]
    File(#[from] FsError),
    /// Creating a file that already has content.
    #[error("{}: already exists and is not empty; to change it, send search/replace edits instead of creating it", .0.display())]
    CreateOverExisting(PathBuf),
    /// Deleting a file that does not exist.
    #[error("{}: cannot delete, no such file", .0.display())]
    DeleteMissing(PathBuf),
    /// The engine refused the edits of a file.
    #[error("{}: {failed}", .path.display())]
    Refused {
        /// The file.
        path: PathBuf,
        /// The edits that failed, with the engine's feedback.
        failed: Failed,
    },
    /// The caller's own check ([`super::EditOptions::check`]) refused the file.
    #[error("{message}")]
    NotAllowed {
        /// The file.
        path: PathBuf,
        /// The caller's words.
        message: String,
    },
    /// Writing a file failed after other files were changed, and putting some of those back
    /// failed too: the one outcome where a request is neither applied nor not. The message
    /// names each file's state.
    #[error("{}", rollback_message(.0))]
    RollbackFailed(Box<PartlyWritten>),
}

impl EditFilesError {
    /// The message, each refused edit's feedback naming the edit's parts in `w`'s words
    /// (`Display`: the command line's flags), as [`FsError::message`] does for a file.
    pub fn message(&self, w: &Vocabulary) -> String {
        match self {
            EditFilesError::Refused { path, failed } => {
                format!("{}: {}", path.display(), failed.message(w))
            }
            EditFilesError::File(f) => f.message(w),
            other => other.to_string(),
        }
    }

    /// A short machine-readable name, as the JSON answers of every front end give it: the
    /// file's ([`FsError::kind`]), the first refused edit's ([`crate::EditError::kind`]), or
    /// the request's own (`"already_exists"`, `"not_allowed"`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            EditFilesError::File(f) => f.kind(),
            EditFilesError::Refused { failed, .. } => failed.kind(),
            EditFilesError::CreateOverExisting(_) => "already_exists",
            EditFilesError::DeleteMissing(_) => "file_not_found",
            EditFilesError::NotAllowed { .. } => "not_allowed",
            EditFilesError::RollbackFailed(_) => "rollback_failed",
        }
    }
}

/// Where each file of a request stands after a write failed and putting back the files
/// written before it failed too ([`EditFilesError::RollbackFailed`]).
#[derive(Debug)]
pub struct PartlyWritten {
    /// Why the write stopped; the file it names is as it was unless it says otherwise.
    pub error: FsError,
    /// Files changed before it, and put back as they were.
    pub restored: Vec<PathBuf>,
    /// Files changed before it that are still as the request left them: what the request
    /// did to each, and why putting it back failed.
    pub not_restored: Vec<(PathBuf, Action, FsError)>,
    /// Files after it, which the request would have changed: never written.
    pub untouched: Vec<PathBuf>,
}

fn rollback_message(p: &PartlyWritten) -> String {
    let PartlyWritten {
        error,
        restored,
        not_restored,
        untouched,
    } = p;
    let mut s = format!("{error}\nThe request was all or nothing, but putting back the files written before this failed for {} of them, so it is applied only in part:", not_restored.len());
    for (path, action, e) in not_restored {
        let state = match action {
            Action::Delete => "is still deleted",
            Action::Create => "still exists, created by this request",
            Action::Edit | Action::Write => "still has the new content",
        };
        // The system's words only: the rest of an I/O error's message is about this file's
        // own write ("nothing was written"), which is not what happened to it.
        let why = match e {
            FsError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        };
        s.push_str(&format!(
            "\n  {}: {state} (putting it back failed: {why})",
            path.display()
        ));
    }
    for path in restored {
        s.push_str(&format!("\n  {}: put back as it was", path.display()));
    }
    s.push_str(&format!(
        "\n  {}: as it was (this write failed)",
        error.path().display()
    ));
    for path in untouched {
        s.push_str(&format!("\n  {}: as it was (not written)", path.display()));
    }
    s.push_str("\nCheck the files still changed (version control, a backup) before sending the request again: the parts already applied would not be found a second time.");
    s
}

/// The plan for one file.
#[derive(Debug, Clone)]
pub(crate) struct Planned {
    pub(crate) action: Action,
    pub(crate) after: Option<String>,
    pub(crate) applied: Option<Applied>,
}

/// Plan every file: `files` yields each one's path, current text, operations and the
/// engine's options for it.
///
/// In [`Mode::Partial`] a file whose edits are all refused keeps its text and reports them as
/// failures, so the other files still change; only when no file applies anything does the
/// first refusal stand (as [`apply_with`] answers for one text).
pub(crate) fn plan_all<'a>(
    files: impl Iterator<Item = (&'a Path, Option<&'a str>, &'a [Op], Options)>,
) -> Result<Vec<Planned>, EditFilesError> {
    let mut plans = Vec::new();
    let mut first_refusal = None;
    let mut applied_any = false;
    for (path, current, ops, options) in files {
        match plan(path, current, ops, &options) {
            Ok(p) => {
                applied_any |= p.applied.as_ref().is_none_or(|a| !a.matches.is_empty());
                plans.push(p);
            }
            Err(EditFilesError::Refused { path, failed }) if options.mode == Mode::Partial => {
                plans.push(Planned {
                    action: Action::Edit,
                    after: current.map(str::to_string),
                    applied: Some(Applied {
                        text: current.unwrap_or_default().to_string(),
                        matches: Vec::new(),
                        failures: failed.failures.clone(),
                        sequential: false,
                        warnings: Vec::new(),
                        followed: Vec::new(),
                    }),
                });
                first_refusal.get_or_insert(EditFilesError::Refused { path, failed });
            }
            Err(e) => return Err(e),
        }
    }
    match first_refusal {
        Some(refusal) if !applied_any => Err(refusal),
        _ => Ok(plans),
    }
}

/// Line-addressed edits under the request's options (see [`crate::line_refs::failed`]).
fn line_edits(
    current: &str,
    edits: &[crate::line_refs::LineEdit],
    options: &Options,
) -> Result<Applied, Failed> {
    crate::line_refs::apply_line_edits(current, edits, options).map_err(crate::line_refs::failed)
}

/// Apply `ops` to `current` (`None`: no file), edits with the engine's `options`.
fn plan(
    path: &Path,
    current: Option<&str>,
    ops: &[Op],
    options: &Options,
) -> Result<Planned, EditFilesError> {
    // Borrowed until an operation replaces it: the file's text is not copied for its edits.
    let mut text: Option<Cow<str>> = current.map(Cow::Borrowed);
    let mut applied_all: Option<Applied> = None;
    let mut action = Action::Edit;
    // Edits of earlier operations: an `Edit` operation's matches and failures count from its
    // first edit, the file's from the file's first.
    let mut earlier = 0;
    for op in ops {
        match op {
            Op::Create(new) => {
                if text.as_deref().is_some_and(|c| !c.is_empty()) {
                    return Err(EditFilesError::CreateOverExisting(path.to_path_buf()));
                }
                text = Some(Cow::Borrowed(new));
                action = Action::Create;
            }
            Op::Write(new) => {
                action = if text.is_some() || action == Action::Write {
                    Action::Write
                } else {
                    Action::Create
                };
                text = Some(Cow::Borrowed(new));
            }
            Op::Delete => {
                if text.is_none() {
                    return Err(EditFilesError::DeleteMissing(path.to_path_buf()));
                }
                text = None;
                action = Action::Delete;
            }
            Op::Edit(_) | Op::LineEdits(_) | Op::Snippet(_) => {
                let Some(current) = text.as_deref() else {
                    return Err(FsError::NotFound(path.to_path_buf()).into());
                };
                let applied = match op {
                    Op::LineEdits(edits) => line_edits(current, edits, options),
                    Op::Snippet(snippet) => apply_snippet(current, snippet, options)
                        .map_err(|error| Failed::of_snippet(error, snippet)),
                    Op::Edit(edits) => apply_with(current, edits, options),
                    _ => unreachable!("matched above"),
                };
                let applied = applied.map_err(|mut failed| {
                    // Numbered from the file's first edit, as a success's are, and named among
                    // all of the file's edits (two code blocks for one file: which failed?).
                    for f in &mut failed.failures {
                        f.edit += earlier;
                    }
                    if ops.len() > 1 {
                        failed.olds = ops.iter().flat_map(Op::starts).collect();
                    }
                    EditFilesError::Refused {
                        path: path.to_path_buf(),
                        failed,
                    }
                })?;
                text = Some(Cow::Owned(applied.text.clone()));
                let mut applied = applied;
                for m in &mut applied.matches {
                    m.edit += earlier;
                }
                for f in &mut applied.failures {
                    f.edit += earlier;
                }
                earlier += op.edit_count();
                applied_all = Some(match applied_all {
                    None => applied,
                    Some(mut prev) => {
                        prev.matches.extend(applied.matches);
                        prev.failures.extend(applied.failures);
                        prev.warnings.extend(applied.warnings);
                        prev.text = applied.text;
                        prev
                    }
                });
            }
        }
    }
    Ok(Planned {
        action,
        after: text.map(Cow::into_owned),
        applied: applied_all,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(old: &str, new: &str) -> Vec<Op> {
        vec![Op::Edit(vec![Edit::new(old, new)])]
    }

    fn mode(mode: Mode) -> Options {
        Options {
            mode,
            ..Options::default()
        }
    }

    #[test]
    fn partial_plans_the_files_that_apply_and_keeps_the_others() {
        let (a, b) = (edit("x", "y"), edit("nowhere", "z"));
        let files = |m| {
            [
                (Path::new("a"), Some("x\n"), a.as_slice(), mode(m)),
                (Path::new("b"), Some("w\n"), b.as_slice(), mode(m)),
            ]
            .into_iter()
        };
        let plans = plan_all(files(Mode::Partial)).unwrap();
        assert_eq!(plans[0].after.as_deref(), Some("y\n"));
        assert_eq!(plans[1].after.as_deref(), Some("w\n"));
        let failed = plans[1].applied.as_ref().unwrap();
        assert!(failed.matches.is_empty());
        assert_eq!(failed.failures[0].error.kind(), "not_found");
        assert!(matches!(
            plan_all(files(Mode::Atomic)),
            Err(EditFilesError::Refused { path, .. }) if path == Path::new("b")
        ));
    }

    #[test]
    fn a_refusal_numbers_its_edits_from_the_files_first() {
        let ops = [
            Op::Edit(vec![Edit::new("a", "b"), Edit::new("c", "d")]),
            Op::Edit(vec![Edit::new("b", "x"), Edit::new("nowhere", "y")]),
        ];
        let Err(EditFilesError::Refused { failed, .. }) =
            plan(Path::new("f"), Some("a\nc\n"), &ops, &mode(Mode::Atomic))
        else {
            panic!("not refused")
        };
        let edits: Vec<usize> = failed.failures.iter().map(|f| f.edit).collect();
        assert_eq!(edits, [3]);
        // The first operation's refusal is numbered as it was.
        let Err(EditFilesError::Refused { failed, .. }) = plan(
            Path::new("f"),
            Some("a\nc\n"),
            &edit("nowhere", "z"),
            &mode(Mode::Atomic),
        ) else {
            panic!("not refused")
        };
        assert_eq!(failed.failures[0].edit, 0);
    }

    #[test]
    fn partial_with_nothing_applied_anywhere_is_refused() {
        let (a, b) = (edit("nowhere", "y"), edit("nowhere", "z"));
        let files = [
            (
                Path::new("a"),
                Some("x\n"),
                a.as_slice(),
                mode(Mode::Partial),
            ),
            (
                Path::new("b"),
                Some("w\n"),
                b.as_slice(),
                mode(Mode::Partial),
            ),
        ];
        assert!(matches!(
            plan_all(files.into_iter()),
            Err(EditFilesError::Refused { path, .. }) if path == Path::new("a")
        ));
    }
}
