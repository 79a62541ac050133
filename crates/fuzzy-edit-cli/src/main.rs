//! The `fuzzy-edit` command line.
//!
//! Exit codes: 0 applied (or would apply), 1 refused (not found, ambiguous, conflict, stale),
//! 2 bad usage or I/O error.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use fuzzy_edit::fs::{Expected, DEFAULT_MAX_BYTES};
use fuzzy_edit::{Edit, Mode};

mod apply;
mod mcp;
mod output;
mod pipe;

use apply::{Op, Request, Stop};
use output::ColorChoice;

/// Apply LLM search/replace edits where the model meant them, or refuse with feedback.
///
/// Exit codes: 0 applied (or would apply), 1 refused (not found, ambiguous, conflict, stale),
/// 2 bad usage or I/O error.
#[derive(Debug, Parser)]
#[command(name = "fuzzy-edit", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Edit files: one edit from --old/--new, or a document of edits from --edits.
    Apply(ApplyArgs),
    /// Like apply, but write nothing: print what would change.
    Check(ApplyArgs),
    /// Read JSON Lines requests on stdin, answer one JSON line each on stdout.
    ///
    /// Request: {"content": "...", "old": "...", "new": "...", "replace_all": false,
    /// "anchor": null}, or "edits": [{...}, ...] instead of old/new, or "path" instead of
    /// "content" to edit a file (with "dry_run", "expect_mtime", "expect_sha256").
    /// Answer: {"ok": true, "result": "...", "matches": [...], "diff": "..."} or
    /// {"ok": false, "error": {"kind": "...", "message": "...", ...}}.
    Pipe,
    /// Serve read_file, edit_file and write_file to an agent over MCP (stdio), confined to the
    /// root directories.
    Mcp {
        /// A directory the server may read and edit (repeatable; default: the current directory).
        /// Relative paths resolve against the first.
        #[arg(long = "root", value_name = "DIR")]
        roots: Vec<PathBuf>,
    },
}

#[derive(Debug, Args)]
struct ApplyArgs {
    /// The file to edit (with --old/--new, or for edits that name no file).
    file: Option<PathBuf>,
    /// The text to replace (as the model remembers it).
    #[arg(long, conflicts_with_all = ["old_file", "edits"])]
    old: Option<String>,
    /// The replacement text.
    #[arg(long, conflicts_with_all = ["new_file", "edits"])]
    new: Option<String>,
    /// Read the text to replace from a file (`-` for stdin).
    #[arg(long, value_name = "PATH")]
    old_file: Option<PathBuf>,
    /// Read the replacement text from a file (`-` for stdin).
    #[arg(long, value_name = "PATH")]
    new_file: Option<PathBuf>,
    /// Replace every occurrence instead of requiring exactly one.
    #[arg(long)]
    replace_all: bool,
    /// Edit the first occurrence after this (unique) text.
    #[arg(long, value_name = "TEXT")]
    anchor: Option<String>,
    /// Read edits from a file (`-` for stdin), in any supported format: JSON, SEARCH/REPLACE
    /// blocks, *** Begin Patch, unified diff (detected automatically).
    #[arg(long, value_name = "PATH")]
    edits: Option<PathBuf>,
    /// Write nothing; print the diff (same as `check`).
    #[arg(long)]
    dry_run: bool,
    /// Apply the edits that succeed and report the rest, instead of all or nothing.
    #[arg(long)]
    partial: bool,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Refuse unless FILE's modification time is this (seconds since the epoch, as printed by
    /// `stat -c %.9Y`; whole seconds also match).
    #[arg(long, value_name = "SECONDS")]
    expect_mtime: Option<String>,
    /// Refuse unless FILE's SHA-256 is this (hex).
    #[arg(long, value_name = "HEX")]
    expect_sha256: Option<String>,
    /// Largest file accepted, in bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_BYTES)]
    max_bytes: u64,
    /// Color the diff.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Apply(args) => run_apply(args, false),
        Command::Check(args) => run_apply(args, true),
        Command::Pipe => match pipe::run(std::io::stdin().lock(), std::io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("fuzzy-edit pipe: {e}");
                ExitCode::from(2)
            }
        },
        Command::Mcp { roots } => mcp::run(roots),
    }
}

fn run_apply(args: ApplyArgs, check: bool) -> ExitCode {
    let dry_run = check || args.dry_run;
    let json = args.json;
    let result = build_request(&args).and_then(|request| {
        let plans = apply::plan(&request)?;
        if !dry_run {
            apply::write(&plans)?;
        }
        Ok(plans)
    });
    match result {
        Ok(plans) => {
            let mut out = std::io::stdout().lock();
            let written = if json {
                serde_json::to_writer_pretty(&mut out, &output::json_value(&plans, dry_run))
                    .map_err(std::io::Error::from)
                    .and_then(|()| writeln!(out))
            } else {
                output::human(&mut out, &plans, dry_run, args.color.enabled())
            };
            match written {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("fuzzy-edit: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Err(stop) => {
            let (code, kind, message, detail) = match stop {
                Stop::Refused(m, d) => (1, "refused", m, d),
                Stop::Unusable(m) => (2, "error", m, None),
            };
            if json {
                let mut v =
                    serde_json::json!({"ok": false, "error": {"kind": kind, "message": message}});
                if let Some(d) = detail {
                    v["error"]["detail"] = d;
                }
                println!("{v:#}");
            } else {
                eprintln!("fuzzy-edit: {message}");
            }
            ExitCode::from(code)
        }
    }
}

fn build_request(args: &ApplyArgs) -> Result<Request, Stop> {
    let mode = if args.partial {
        Mode::Partial
    } else {
        Mode::Atomic
    };
    let expected =
        (args.expect_mtime.is_some() || args.expect_sha256.is_some()).then(|| Expected {
            mtime: args.expect_mtime.clone(),
            sha256: args.expect_sha256.clone(),
        });
    let files = if let Some(edits) = &args.edits {
        let text = read_input(edits)?;
        let parsed = apply::parse_edits(&text)?;
        apply::request_from_parsed(parsed, args.file.as_deref())?
    } else {
        let Some(file) = &args.file else {
            return Err(Stop::Unusable("name the file to edit: fuzzy-edit apply FILE --old TEXT --new TEXT (or --edits PATH)".into()));
        };
        let dash = |p: &Option<PathBuf>| p.as_ref().is_some_and(|p| p.as_os_str() == "-");
        if dash(&args.old_file) && dash(&args.new_file) {
            return Err(Stop::Unusable(
                "--old-file and --new-file cannot both read stdin (`-`); put one of them in a file"
                    .into(),
            ));
        }
        let old = match (&args.old, &args.old_file) {
            (Some(s), _) => s.clone(),
            (None, Some(p)) => read_input(p)?,
            (None, None) => {
                return Err(Stop::Unusable(
                    "give the text to replace with --old TEXT or --old-file PATH".into(),
                ))
            }
        };
        let new = match (&args.new, &args.new_file) {
            (Some(s), _) => s.clone(),
            (None, Some(p)) => read_input(p)?,
            (None, None) => {
                return Err(Stop::Unusable(
                    "give the replacement with --new TEXT or --new-file PATH".into(),
                ))
            }
        };
        let mut edit = Edit::new(old, new).replace_all(args.replace_all);
        edit.anchor = args.anchor.clone();
        vec![(file.clone(), vec![Op::Edit(vec![edit])])]
    };
    if expected.is_some() && args.file.is_none() {
        return Err(Stop::Unusable(
            "--expect-mtime/--expect-sha256 need the FILE argument".into(),
        ));
    }
    Ok(Request {
        files,
        mode,
        expected: expected.and_then(|e| args.file.clone().map(|f| (f, e))),
        max_bytes: args.max_bytes,
    })
}

/// Read a text argument file, `-` meaning stdin.
fn read_input(path: &std::path::Path) -> Result<String, Stop> {
    let mut s = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Stop::Unusable(format!("reading stdin: {e}")))?;
        return Ok(s);
    }
    std::fs::read_to_string(path).map_err(|e| Stop::Unusable(format!("{}: {e}", path.display())))
}
