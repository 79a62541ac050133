//! The flags resolved into what the commands run: for `apply` and `check`, the files and edits
//! to apply (with `--old-file`, `--new-file` and `--edits` read and parsed), whether to write,
//! and how to print.
//!
//! Resolving `apply` can fail (a flag missing, an input unreadable, a document malformed); the
//! failure is kept in the settings rather than printed here, so that it is reported like any
//! other failure of the command, as JSON under `--json`.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

use fuzzy_edit::format::{self, FileOp, Parsed};
use fuzzy_edit::fs::Expected;
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::{Edit, Mode};

use super::flags::{ColorChoice, Command, EditFlags, Flags};
use super::Request;
use crate::error::Error;
use crate::render::Output;

/// The command to run, with everything it needs.
#[derive(Debug)]
pub enum Settings {
    /// `apply` or `check` (boxed: the request is large beside the other commands' settings).
    Apply(Box<ApplySettings>),
    /// `pipe`: requests on stdin, answers on stdout.
    Pipe {
        /// The largest request line read.
        max_request_bytes: u64,
    },
    /// `mcp`: serve the file tools, confined to these directories (empty: the current one).
    Mcp(McpSettings),
    /// `read FILE [--hashes] [--lines A:B]`: print a file, as a hashline read with `hashes`.
    Read {
        /// The file.
        file: PathBuf,
        /// Each line as `{line}#{ID}|{text}`.
        hashes: bool,
        /// Only these lines (1-based, inclusive).
        lines: Option<(usize, usize)>,
    },
    /// `verify FILE --snippet S --merged M`: check a merge made elsewhere.
    Verify(crate::commands::verify::VerifySettings),
    /// `completions SHELL`: print the shell's completion script.
    Completions(clap_complete::Shell),
    /// `man [COMMAND]`: print the man page, of a subcommand if one is named.
    Man(Option<String>),
}

/// What `mcp` serves with.
#[derive(Debug)]
pub struct McpSettings {
    /// The `--root` directories, as given (empty: the current one).
    pub roots: Vec<PathBuf>,
    /// `--syntax`.
    pub syntax: fuzzy_edit::SyntaxPolicy,
    /// `--time-limit-ms`, per tool call.
    pub time_limit: Option<std::time::Duration>,
    /// `--lock-wait-ms`, per tool call.
    pub lock_wait: std::time::Duration,
    /// `--hashes`: read_file shows line references by default.
    pub hashes: bool,
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
            Command::Apply(flags) => Settings::Apply(Box::new(flags.edit.resolve(flags.dry_run))),
            Command::Check(flags) => Settings::Apply(Box::new(flags.resolve(true))),
            Command::Pipe { max_request_bytes } => Settings::Pipe { max_request_bytes },
            Command::Mcp {
                roots,
                syntax,
                time_limit_ms,
                lock_wait_ms,
                hashes,
            } => Settings::Mcp(McpSettings {
                roots,
                syntax,
                time_limit: time_limit_ms.map(std::time::Duration::from_millis),
                lock_wait: std::time::Duration::from_millis(lock_wait_ms),
                hashes,
            }),
            Command::Read {
                file,
                hashes,
                lines,
            } => Settings::Read {
                file,
                hashes,
                lines,
            },
            Command::Verify(flags) => {
                let read = |p: &Path| read_input(p, flags.max_bytes).map_err(|e| e.to_string());
                let texts = (|| {
                    // Standard input can be read once: a second `-` would read nothing.
                    let dashes = [&flags.file, &flags.snippet, &flags.merged]
                        .iter()
                        .filter(|p| p.as_os_str() == "-")
                        .count();
                    if dashes > 1 {
                        return Err("only one of FILE, --snippet and --merged can be `-` (standard input is read once); write the others to files".to_string());
                    }
                    Ok((
                        read(&flags.file)?,
                        read(&flags.snippet)?,
                        read(&flags.merged)?,
                    ))
                })();
                Settings::Verify(crate::commands::verify::VerifySettings {
                    file: flags.file,
                    texts,
                    language: flags.language,
                    syntax: flags.syntax,
                    json: flags.json,
                })
            }
            Command::Completions { shell } => Settings::Completions(shell),
            Command::Man { command } => Settings::Man(command),
        }
    }
}

impl EditFlags {
    fn resolve(&self, dry_run: bool) -> ApplySettings {
        let output = if self.json {
            Output::Json
        } else if self.quiet {
            Output::Quiet
        } else if self.stat {
            Output::Stat
        } else if self.patch {
            Output::Patch
        } else {
            Output::Human {
                color: self.color.enabled(),
            }
        };
        ApplySettings {
            dry_run,
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
        let (files, words, edit_names) = match &self.edits {
            Some(edits) => {
                let text = read_input(edits, self.max_bytes)?;
                let parsed = format::parse(&text).map_err(Error::Edits)?;
                let words = Vocabulary::CLI.for_document(parsed.format);
                let file_overrides = parsed.format == format::Format::UnifiedDiff;
                let (files, edit_names) =
                    group_by_file(parsed, self.file.as_deref(), file_overrides)?;
                (files, words, edit_names)
            }
            None => {
                let file = self.file.as_ref().ok_or(Error::NoFile)?;
                let op = match &self.snippet {
                    Some(p) => FileOp::Snippet(read_input(p, self.max_bytes)?),
                    None => FileOp::Edit(vec![self.one_edit()?]),
                };
                let files = vec![(file.clone(), vec![op])];
                (files, Vocabulary::CLI, Vec::new())
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
            lock_wait: Duration::from_millis(self.lock_wait_ms),
            roots,
            in_place: self.in_place,
            write_read_only: self.write_read_only,
            syntax: self.syntax,
            language: self.language,
            words,
            edit_names,
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
            (None, Some(p)) => read_input(p, self.max_bytes)?,
            (None, None) => return Err(Error::NoOld),
        };
        let new = match (&self.new, &self.new_file) {
            (Some(s), _) => s.clone(),
            (None, Some(p)) => read_input(p, self.max_bytes)?,
            (None, None) => return Err(Error::NoNew),
        };
        let mut edit = Edit::new(old, new).replace_all(self.replace_all);
        edit.anchor = self.anchor.clone();
        Ok(edit)
    }
}

impl ColorChoice {
    /// Whether to color output on stdout. Under `auto`: never when `NO_COLOR` is set (the
    /// user's opt-out wins) or `CLICOLOR=0`; always when `CLICOLOR_FORCE` is set and not `0`;
    /// else when stdout is a terminal.
    fn enabled(self) -> bool {
        let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                if set("NO_COLOR").is_some() || set("CLICOLOR").is_some_and(|v| v == "0") {
                    false
                } else if set("CLICOLOR_FORCE").is_some_and(|v| v != "0") {
                    true
                } else {
                    std::io::stdout().is_terminal()
                }
            }
        }
    }
}

/// Group a document's changes by file, files in order of first mention (a file's changes stay
/// in document order, even when another file's come between them). Changes that name no file
/// go to `default_path`, the FILE argument. A FILE that no change is for (every change names
/// another file) is an error, except that FILE overrides the headers of a one-file unified
/// diff (`file_overrides`), as with `patch FILE`.
///
/// Beside the files, each file's edits as messages name them by their place in the whole
/// document ("Edit 2 of 3 (the one starting ...)"), for a document of several edits: a file's
/// own count would call the document's second edit "edit 1" of the file it is in.
#[allow(clippy::type_complexity)]
fn group_by_file(
    parsed: Parsed,
    default_path: Option<&Path>,
    file_overrides: bool,
) -> Result<(Vec<(PathBuf, Vec<FileOp>)>, Vec<Vec<String>>), Error> {
    let named: Vec<&str> = parsed
        .changes
        .iter()
        .filter_map(|c| c.path.as_deref())
        .collect();
    let overrides = file_overrides
        && named.windows(2).all(|w| w[0] == w[1])
        && parsed.changes.iter().all(|c| c.move_to.is_none());
    if let Some(file) = default_path.filter(|_| !overrides) {
        let used = parsed.changes.iter().any(|c| {
            c.path
                .as_deref()
                .is_none_or(|p| same_path(Path::new(p), file))
        });
        if !used {
            return Err(Error::FileConflicts {
                file: file.to_path_buf(),
                named: named.first().map(PathBuf::from).unwrap_or_default(),
            });
        }
    }
    let mut order: Vec<PathBuf> = Vec::new();
    let mut ops: BTreeMap<PathBuf, Vec<FileOp>> = BTreeMap::new();
    let mut names: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
    let total: usize = parsed.changes.iter().map(|c| edits_of(&c.op).len()).sum();
    let mut number = 0;
    for change in parsed.changes {
        let path = match (&change.path, default_path) {
            (Some(_), Some(d)) if overrides => d.to_path_buf(),
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
        if total > 1 {
            for edit in edits_of(&change.op) {
                number += 1;
                names
                    .entry(path.clone())
                    .or_default()
                    .push(fuzzy_edit::protocol::edit_name(number, total, &edit.old));
            }
        }
        ops.entry(path).or_default().push(change.op);
    }
    let names = order
        .iter()
        .map(|p| names.remove(p).unwrap_or_default())
        .collect();
    let files = order
        .into_iter()
        .map(|p| {
            let o = ops.remove(&p).unwrap_or_default();
            (p, o)
        })
        .collect();
    Ok((files, names))
}

/// The search/replace edits of an operation (none for a creation or a deletion).
fn edits_of(op: &FileOp) -> &[Edit] {
    match op {
        FileOp::Edit(edits) => edits,
        _ => &[],
    }
}

/// Whether two paths name the same file as written (`./a.py` is `a.py`), without touching the
/// disk: the library merges what resolves to one file anyway.
fn same_path(a: &Path, b: &Path) -> bool {
    let parts = |p: &'_ Path| {
        p.components()
            .filter(|c| *c != std::path::Component::CurDir)
            .collect::<PathBuf>()
    };
    parts(a) == parts(b)
}

/// Read a text argument file, `-` meaning stdin, up to `max_bytes` (`--max-bytes`): an
/// endless source (`/dev/zero`, a pipe that never closes) is refused at the limit instead of
/// filling memory. Pipes and process substitutions are fine: only the bytes count.
fn read_input(path: &Path, max_bytes: u64) -> Result<String, Error> {
    let too_long = || {
        io::Error::other(format!(
            "longer than the --max-bytes limit ({max_bytes} bytes), so it was not read further and nothing was written; pass a larger --max-bytes if it is meant"
        ))
    };
    let read = |source: &mut dyn Read| -> io::Result<String> {
        let mut bytes = Vec::new();
        source
            .take(max_bytes.saturating_add(1))
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > max_bytes {
            return Err(too_long());
        }
        String::from_utf8(bytes).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "not valid UTF-8 (first invalid byte at offset {})",
                    e.utf8_error().valid_up_to()
                ),
            )
        })
    };
    if path.as_os_str() == "-" {
        return read(&mut std::io::stdin().lock()).map_err(Error::Stdin);
    }
    open_input(path)
        .and_then(|mut f| {
            let text = read(&mut f)?;
            if text.is_empty() && is_fifo(&f) {
                return Err(io::Error::other(
                    "a FIFO (named pipe) nobody writes to, so there was nothing to read and nothing was written; write to it while fuzzy-edit reads, or pass a regular file or `-` for standard input",
                ));
            }
            Ok(text)
        })
        .map_err(|source| Error::Input {
            path: path.to_path_buf(),
            source,
        })
}

/// Open an argument file without waiting for a writer: a FIFO nobody writes to then reads as
/// empty at once instead of hanging, while a pipe with a writer (`--snippet <(...)`) reads as
/// usual (reads block again once it is open).
#[cfg(unix)]
fn open_input(path: &Path) -> io::Result<std::fs::File> {
    use rustix::fs::{fcntl_getfl, fcntl_setfl, OFlags};
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(OFlags::NONBLOCK.bits() as i32)
        .open(path)?;
    fcntl_setfl(&file, fcntl_getfl(&file)? - OFlags::NONBLOCK)?;
    Ok(file)
}

#[cfg(not(unix))]
fn open_input(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}

#[cfg(unix)]
fn is_fifo(file: &std::fs::File) -> bool {
    use std::os::unix::fs::FileTypeExt;
    file.metadata().is_ok_and(|m| m.file_type().is_fifo())
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::File) -> bool {
    false
}
