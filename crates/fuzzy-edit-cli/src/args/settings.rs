//! The flags resolved into what the commands run: for `apply` and `check`, the files and edits
//! to apply (with `--old-file`, `--new-file` and `--edits` read and parsed), whether to write,
//! and how to print.
//!
//! Resolving `apply` can fail (a flag missing, an input unreadable, a document malformed); the
//! failure is kept in the settings rather than printed here, so that it is reported like any
//! other failure of the command, as JSON under `--json`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

use fuzzy_edit::format::{self, FileOp, Parsed};
use fuzzy_edit::fs::Expected;
use fuzzy_edit::{Edit, Mode};

use super::flags::{ApplyFlags, ColorChoice, Command, Flags};
use crate::commands::apply::Request;
use crate::error::Error;
use crate::render::Output;

/// The command to run, with everything it needs.
#[derive(Debug)]
pub enum Settings {
    /// `apply` or `check`.
    Apply(ApplySettings),
    /// `pipe`: requests on stdin, answers on stdout.
    Pipe {
        /// The largest request line read.
        max_request_bytes: u64,
    },
    /// `mcp`: serve the file tools, confined to these directories (empty: the current one).
    Mcp {
        /// The `--root` directories, as given.
        roots: Vec<PathBuf>,
    },
}

/// What `apply` and `check` run.
#[derive(Debug)]
pub struct ApplySettings {
    /// Write nothing, only report (`check`, or `apply --dry-run`).
    pub dry_run: bool,
    /// How to print the outcome or the failure.
    pub output: Output,
    /// The files and edits, or why the flags and inputs do not make a request.
    pub request: Result<Request, Error>,
}

impl Flags {
    /// Resolve the parsed flags into the command to run.
    pub fn resolve(self) -> Settings {
        match self.command {
            Command::Apply(flags) => Settings::Apply(flags.resolve(false)),
            Command::Check(flags) => Settings::Apply(flags.resolve(true)),
            Command::Pipe { max_request_bytes } => Settings::Pipe { max_request_bytes },
            Command::Mcp { roots } => Settings::Mcp { roots },
        }
    }
}

impl ApplyFlags {
    fn resolve(&self, check: bool) -> ApplySettings {
        let output = if self.json {
            Output::Json
        } else {
            Output::Human {
                color: self.color.enabled(),
            }
        };
        ApplySettings {
            dry_run: check || self.dry_run,
            output,
            request: self.request(),
        }
    }

    /// The request: one edit from `--old`/`--new` (or their files), or the changes of an
    /// `--edits` document grouped by file.
    fn request(&self) -> Result<Request, Error> {
        let mode = if self.partial {
            Mode::Partial
        } else {
            Mode::Atomic
        };
        let expected =
            (self.expect_mtime.is_some() || self.expect_sha256.is_some()).then(|| Expected {
                mtime: self.expect_mtime.clone(),
                sha256: self.expect_sha256.clone(),
            });
        let files = match &self.edits {
            Some(edits) => {
                let text = read_input(edits)?;
                let parsed = format::parse(&text).map_err(Error::Edits)?;
                group_by_file(parsed, self.file.as_deref())?
            }
            None => {
                let file = self.file.as_ref().ok_or(Error::NoFile)?;
                vec![(file.clone(), vec![FileOp::Edit(vec![self.one_edit()?])])]
            }
        };
        if expected.is_some() && self.file.is_none() {
            return Err(Error::ExpectWithoutFile);
        }
        // A document of edits is the model's; the FILE of a single `--old`/`--new` edit is the
        // user's own choice, as with any command that takes a path.
        let roots = if self.unsafe_paths {
            Vec::new()
        } else if !self.roots.is_empty() {
            self.roots.clone()
        } else if self.edits.is_some() {
            vec![PathBuf::from(".")]
        } else {
            Vec::new()
        };
        Ok(Request {
            files,
            mode,
            expected: expected.and_then(|e| self.file.clone().map(|f| (f, e))),
            max_bytes: self.max_bytes,
            time_limit: self.time_limit_ms.map(Duration::from_millis),
            roots,
            in_place: self.in_place,
            write_read_only: self.write_read_only,
        })
    }

    /// The edit given by `--old`/`--old-file`, `--new`/`--new-file`, `--replace-all` and
    /// `--anchor`.
    fn one_edit(&self) -> Result<Edit, Error> {
        let dash = |p: &Option<PathBuf>| p.as_ref().is_some_and(|p| p.as_os_str() == "-");
        if dash(&self.old_file) && dash(&self.new_file) {
            return Err(Error::BothFromStdin);
        }
        let old = match (&self.old, &self.old_file) {
            (Some(s), _) => s.clone(),
            (None, Some(p)) => read_input(p)?,
            (None, None) => return Err(Error::NoOld),
        };
        let new = match (&self.new, &self.new_file) {
            (Some(s), _) => s.clone(),
            (None, Some(p)) => read_input(p)?,
            (None, None) => return Err(Error::NoNew),
        };
        let mut edit = Edit::new(old, new).replace_all(self.replace_all);
        edit.anchor = self.anchor.clone();
        Ok(edit)
    }
}

impl ColorChoice {
    /// Whether to color output on stdout.
    fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }
}

/// Group a document's changes by file, files in order of first mention (a file's changes stay
/// in document order, even when another file's come between them). Changes that name no file
/// go to `default_path`, the FILE argument.
fn group_by_file(
    parsed: Parsed,
    default_path: Option<&Path>,
) -> Result<Vec<(PathBuf, Vec<FileOp>)>, Error> {
    let mut order: Vec<PathBuf> = Vec::new();
    let mut ops: BTreeMap<PathBuf, Vec<FileOp>> = BTreeMap::new();
    for change in parsed.changes {
        let path = match (&change.path, default_path) {
            (Some(p), _) => PathBuf::from(p),
            (None, Some(d)) => d.to_path_buf(),
            (None, None) => return Err(Error::EditsNameNoFile),
        };
        if change.move_to.is_some() {
            return Err(Error::MoveUnsupported(path));
        }
        if !ops.contains_key(&path) {
            order.push(path.clone());
        }
        ops.entry(path).or_default().push(change.op);
    }
    Ok(order
        .into_iter()
        .map(|p| {
            let o = ops.remove(&p).unwrap_or_default();
            (p, o)
        })
        .collect())
}

/// Read a text argument file, `-` meaning stdin.
fn read_input(path: &Path) -> Result<String, Error> {
    let mut s = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(Error::Stdin)?;
        return Ok(s);
    }
    std::fs::read_to_string(path).map_err(|source| Error::Input {
        path: path.to_path_buf(),
        source,
    })
}
