//! The `fuzzy-edit` command line.
//!
//! Exit codes: 0 applied (or would apply), 1 refused, 2 bad usage or I/O error.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod pipe;

/// Apply LLM search/replace edits where the model meant them, or refuse with feedback.
#[derive(Debug, Parser)]
#[command(name = "fuzzy-edit", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Read JSON Lines requests on stdin, answer one JSON line each on stdout.
    ///
    /// Request: {"content": "...", "old": "...", "new": "...", "replace_all": false,
    /// "anchor": null} or {"content": "...", "edits": [{...}, ...], "mode": "atomic"}.
    /// Answer: {"ok": true, "result": "...", "matches": [...], "diff": "..."} or
    /// {"ok": false, "error": {"kind": "...", "message": "...", ...}}.
    Pipe,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Pipe => match pipe::run(std::io::stdin().lock(), std::io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("fuzzy-edit pipe: {e}");
                ExitCode::from(2)
            }
        },
    }
}
