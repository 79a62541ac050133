//! Printing what `apply` and `check` did: [`human`] for people (a summary per file, one line
//! per edit, a colored diff), [`json`] for programs (the same shapes as the pipe's answers).
//!
//! Also the few ways of describing a replacement that the MCP server's answers share.

pub mod human;
pub mod json;

use std::io::{self, Write};

use fuzzy_edit::Match;

use crate::commands::apply::Outcome;
use crate::error::Error;

/// How to print, resolved from `--json` and `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// For people, the diff colored or not.
    Human {
        /// Color the diff.
        color: bool,
    },
    /// One pretty-printed JSON value on stdout.
    Json,
}

/// Print a successful outcome on stdout.
pub fn outcome(output: Output, outcome: &Outcome) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match output {
        Output::Json => serde_json::to_writer_pretty(&mut out, &json::outcome(outcome))
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out)),
        Output::Human { color } => human::outcome(&mut out, outcome, color),
    }
}

/// Print why the run stopped: JSON on stdout under `--json` (a program reads one answer
/// either way), else a line on stderr.
pub fn error(output: Output, error: &Error) {
    match output {
        // A reader that went away (`| head`) must not turn a refusal into a panic.
        Output::Json => {
            let _ = writeln!(io::stdout().lock(), "{:#}", json::cli_error(error));
        }
        Output::Human { .. } => eprintln!("fuzzy-edit: {error}"),
    }
}

/// Where a replacement was made: `line 3` or `lines 3-5`.
pub fn lines(m: &Match) -> String {
    if m.start_line == m.end_line {
        format!("line {}", m.start_line)
    } else {
        format!("lines {}-{}", m.start_line, m.end_line)
    }
}

/// Whether `m` was found by the exact strategy: the one place the CLI asks which strategy
/// matched.
pub fn is_exact(m: &Match) -> bool {
    m.strategy == fuzzy_edit::StrategyId::Exact
}
