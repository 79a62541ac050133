//! `fuzzy-edit apply` and `fuzzy-edit check`: edit files on disk, all or nothing.
//!
//! Every file is read and every edit located before anything is written; the writes then go
//! through [`fuzzy_edit::fs::commit`], which restores the files already written if a later one
//! fails. `check` (and `--dry-run`) stops before the writes: it is the same command, not a
//! separate one.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fuzzy_edit::format::FileOp;
use fuzzy_edit::fs::{self, Change, Expected, FsError, TextFile};
use fuzzy_edit::{apply_edits, unified_diff, Applied, Mode};

use crate::args::ApplySettings;
use crate::error::Error;
use crate::render;

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
}

/// What a run did to the files, or would do under `check`: the renderers' input.
#[derive(Debug)]
pub struct Outcome {
    /// One entry per file, in request order.
    pub files: Vec<FileOutcome>,
    /// Nothing was written (`check`, `--dry-run`).
    pub dry_run: bool,
}

/// What happens to one file: its content before and after, and the engine's report.
#[derive(Debug)]
pub struct FileOutcome {
    /// The file, as named.
    pub path: PathBuf,
    /// What happens to it.
    pub action: Action,
    /// Content before (`None`: created).
    pub before: Option<String>,
    /// Content after (`None`: deleted).
    pub after: Option<String>,
    /// The engine's report, for edited files.
    pub applied: Option<Applied>,
    /// The file as read (to check it did not change before writing).
    read: Option<TextFile>,
}

/// What happens to a file: the last of its operations that is not an edit decides (a file
/// created and then edited is created).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Search/replace edits of an existing file.
    Edit,
    /// Created with new content (or an empty file filled).
    Create,
    /// Deleted.
    Delete,
}

impl Action {
    /// The name in JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Edit => "edit",
            Action::Create => "create",
            Action::Delete => "delete",
        }
    }
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

/// Run `apply` or `check`: print the outcome or why there is none; the exit code says which.
pub fn run(settings: ApplySettings) -> ExitCode {
    let dry_run = settings.dry_run;
    let result = settings.request.and_then(|request| {
        let files = prepare(&request)?;
        if !dry_run {
            write(&files)?;
        }
        Ok(Outcome { files, dry_run })
    });
    match result {
        Ok(outcome) => match render::outcome(settings.output, &outcome) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("fuzzy-edit: {e}");
                ExitCode::from(2)
            }
        },
        Err(error) => {
            render::error(settings.output, &error);
            ExitCode::from(error.exit_code())
        }
    }
}

/// Read every file and locate every edit; write nothing.
fn prepare(request: &Request) -> Result<Vec<FileOutcome>, Error> {
    let mut files = Vec::new();
    for (path, ops) in &request.files {
        files.push(prepare_file(path, ops, request)?);
    }
    Ok(files)
}

fn prepare_file(path: &Path, ops: &[FileOp], request: &Request) -> Result<FileOutcome, Error> {
    let exists = path.exists();
    let mut read: Option<TextFile> = None;
    let mut current: Option<String> = None;
    if exists {
        let file = fs::read_text(path, request.max_bytes)?;
        if let Some((p, expected)) = &request.expected {
            if p == path {
                fs::check_expected(&file, expected)?;
            }
        }
        current = Some(file.text.clone());
        read = Some(file);
    }
    let before = current.clone();
    let mut applied_all: Option<Applied> = None;
    let mut action = Action::Edit;
    for op in ops {
        match op {
            FileOp::Create(text) => {
                if current.as_deref().is_some_and(|c| !c.is_empty()) {
                    return Err(Error::CreateOverExisting(path.to_path_buf()));
                }
                current = Some(text.clone());
                action = Action::Create;
            }
            FileOp::Delete => {
                if current.is_none() {
                    return Err(Error::DeleteMissing(path.to_path_buf()));
                }
                current = None;
                action = Action::Delete;
            }
            FileOp::Edit(edits) => {
                let Some(text) = current.as_deref() else {
                    return Err(FsError::NotFound(path.to_path_buf()).into());
                };
                let applied =
                    apply_edits(text, edits, request.mode).map_err(|failed| Error::Refused {
                        path: path.to_path_buf(),
                        failed,
                    })?;
                current = Some(applied.text.clone());
                applied_all = Some(match applied_all {
                    None => applied,
                    Some(mut prev) => {
                        prev.matches.extend(applied.matches);
                        prev.failures.extend(applied.failures);
                        prev.text = applied.text;
                        prev
                    }
                });
            }
        }
    }
    Ok(FileOutcome {
        path: path.to_path_buf(),
        action,
        before,
        after: current,
        applied: applied_all,
        read,
    })
}

/// Write every prepared change, after checking no file changed since it was read.
fn write(files: &[FileOutcome]) -> Result<(), Error> {
    for f in files {
        if let Some(read) = &f.read {
            fs::check_unchanged(read)?;
        }
    }
    let changes: Vec<Change> = files
        .iter()
        .filter(|f| f.before != f.after)
        .map(|f| Change {
            // Writes go to a symlink's target; a delete removes the link itself, as `rm` does.
            path: match (&f.read, &f.after) {
                (Some(read), Some(_)) => read.target.clone(),
                _ => f.path.clone(),
            },
            before: f.before.clone(),
            after: f.after.clone(),
        })
        .collect();
    fs::commit(&changes).map_err(Error::from)
}
