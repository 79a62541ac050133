//! `fuzzy-edit apply` and `fuzzy-edit check`: edit files on disk, all or nothing.
//!
//! Every file is read and every edit located before anything is written; the writes then go
//! through [`fuzzy_edit::fs::commit`], which restores the files already written if a later one
//! fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fuzzy_edit::format::{self, FileOp, Parsed};
use fuzzy_edit::fs::{self, Change, Expected, FsError, TextFile};
use fuzzy_edit::{apply_edits, unified_diff, Applied, Edit, Failed, Mode};

/// Why a run stopped: refused (exit 1) or unusable (exit 2).
#[derive(Debug)]
pub enum Stop {
    /// An edit was refused or a file is stale: the model (or person) can fix the request.
    Refused(String, Option<serde_json::Value>),
    /// Bad usage, unreadable input, I/O error.
    Unusable(String),
}

impl From<FsError> for Stop {
    fn from(e: FsError) -> Self {
        match e {
            FsError::Stale { .. } => Stop::Refused(e.to_string(), None),
            _ => Stop::Unusable(e.to_string()),
        }
    }
}

/// One file's outcome, planned.
#[derive(Debug)]
pub struct FilePlan {
    /// The file.
    pub path: PathBuf,
    /// What happens to it.
    pub action: &'static str,
    /// Content before (`None`: created).
    pub before: Option<String>,
    /// Content after (`None`: deleted).
    pub after: Option<String>,
    /// The engine's report, for edited files.
    pub applied: Option<Applied>,
    /// The file as read (to check it did not change before writing).
    read: Option<TextFile>,
}

impl FilePlan {
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

/// What to apply.
pub struct Request {
    /// Edits per file, in order of first mention.
    pub files: Vec<(PathBuf, Vec<Op>)>,
    /// All-or-nothing, or apply what can be applied.
    pub mode: Mode,
    /// Freshness expectations for the (single) file named on the command line.
    pub expected: Option<(PathBuf, Expected)>,
    /// Largest file accepted.
    pub max_bytes: u64,
}

/// One operation on a file.
#[derive(Debug, Clone)]
pub enum Op {
    /// Search/replace edits.
    Edit(Vec<Edit>),
    /// Create with this content.
    Create(String),
    /// Delete.
    Delete,
}

/// Group parsed changes by file. Changes without a path go to `default_path`.
pub fn request_from_parsed(
    parsed: Parsed,
    default_path: Option<&Path>,
) -> Result<Vec<(PathBuf, Vec<Op>)>, Stop> {
    let mut order: Vec<PathBuf> = Vec::new();
    let mut ops: BTreeMap<PathBuf, Vec<Op>> = BTreeMap::new();
    for change in parsed.changes {
        let path = match (&change.path, default_path) {
            (Some(p), _) => PathBuf::from(p),
            (None, Some(d)) => d.to_path_buf(),
            (None, None) => {
                return Err(Stop::Unusable(
                    "the edits name no file: pass the file to edit as an argument (fuzzy-edit apply FILE --edits ...)".into(),
                ))
            }
        };
        if change.move_to.is_some() {
            return Err(Stop::Unusable(format!(
                "{}: moving files (*** Move to) is not supported; apply the edits, then move the file",
                path.display()
            )));
        }
        let op = match change.op {
            FileOp::Edit(edits) => Op::Edit(edits),
            FileOp::Create(text) => Op::Create(text),
            FileOp::Delete => Op::Delete,
        };
        if !ops.contains_key(&path) {
            order.push(path.clone());
        }
        ops.entry(path).or_default().push(op);
    }
    Ok(order
        .into_iter()
        .map(|p| {
            let o = ops.remove(&p).unwrap_or_default();
            (p, o)
        })
        .collect())
}

/// Parse an edits document in any supported format.
pub fn parse_edits(input: &str) -> Result<Parsed, Stop> {
    format::parse(input).map_err(|e| Stop::Unusable(format!("cannot read the edits: {e}")))
}

/// Read every file and locate every edit; write nothing.
pub fn plan(request: &Request) -> Result<Vec<FilePlan>, Stop> {
    let mut plans = Vec::new();
    for (path, ops) in &request.files {
        plans.push(plan_file(path, ops, request)?);
    }
    Ok(plans)
}

fn plan_file(path: &Path, ops: &[Op], request: &Request) -> Result<FilePlan, Stop> {
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
    let mut action = "edit";
    for op in ops {
        match op {
            Op::Create(text) => {
                if current.as_deref().is_some_and(|c| !c.is_empty()) {
                    return Err(Stop::Refused(
                        format!("{}: already exists and is not empty; to change it, send search/replace edits instead of creating it", path.display()),
                        None,
                    ));
                }
                current = Some(text.clone());
                action = "create";
            }
            Op::Delete => {
                if current.is_none() {
                    return Err(Stop::Refused(
                        format!("{}: cannot delete, no such file", path.display()),
                        None,
                    ));
                }
                current = None;
                action = "delete";
            }
            Op::Edit(edits) => {
                let Some(text) = current.as_deref() else {
                    return Err(FsError::NotFound(path.to_path_buf()).into());
                };
                let applied =
                    apply_edits(text, edits, request.mode).map_err(|f| refused(path, &f))?;
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
    Ok(FilePlan {
        path: path.to_path_buf(),
        action,
        before,
        after: current,
        applied: applied_all,
        read,
    })
}

fn refused(path: &Path, failed: &Failed) -> Stop {
    let value = serde_json::json!({
        "path": path.to_string_lossy(),
        "errors": failed.failures.iter().map(|f| crate::pipe::error_value(&f.error, Some(f.edit))).collect::<Vec<_>>(),
    });
    Stop::Refused(format!("{}: {failed}", path.display()), Some(value))
}

/// Write every planned change, after checking no file changed since it was read.
pub fn write(plans: &[FilePlan]) -> Result<(), Stop> {
    for p in plans {
        if let Some(read) = &p.read {
            fs::check_unchanged(read)?;
        }
    }
    let changes: Vec<Change> = plans
        .iter()
        .filter(|p| p.before != p.after)
        .map(|p| Change {
            // Writes go to a symlink's target; a delete removes the link itself, as `rm` does.
            path: match (&p.read, &p.after) {
                (Some(read), Some(_)) => read.target.clone(),
                _ => p.path.clone(),
            },
            before: p.before.clone(),
            after: p.after.clone(),
        })
        .collect();
    fs::commit(&changes).map_err(Stop::from)
}
