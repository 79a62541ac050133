//! Printing what `apply` and `check` did: [`human`] for people (a summary per file, one line
//! per edit, a colored diff; or only the patch, or a diffstat), [`json`] for programs (the same
//! shapes as the pipe's answers). Edits not applied under `--partial` go to stderr, except
//! under `--json`, where they are part of the one answer; so do syntax warnings under
//! `--quiet`, `--stat` and `--patch`.
//!
//! Also the few ways of describing a replacement that the MCP server's answers share.

pub mod human;
pub mod json;
pub mod json_bytes;
mod patch;

use std::io::{self, Write};

use fuzzy_edit::fs::FileOutcome;
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::Match;

use crate::error::Error;

/// What a run did to the files, or would do under `check`: the renderers' input.
#[derive(Debug)]
pub struct Outcome {
    /// One entry per file, in request order.
    pub files: Vec<FileOutcome>,
    /// Nothing was written (`check`, `--dry-run`).
    pub dry_run: bool,
    /// The request's words, for the edits not applied and the warnings.
    pub words: Vocabulary,
    /// Each file's edits as the `--edits` document names them ("Edit 2 of 3 (the one starting
    /// ...)"), by the path it was first named by; a file not listed has its edits numbered in
    /// the file.
    pub edit_names: Vec<(std::path::PathBuf, Vec<String>)>,
}

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
    /// Nothing on stdout (`--quiet`).
    Quiet,
    /// A diffstat (`--stat`).
    Stat,
    /// Only the patch (`--patch`).
    Patch,
}

/// Print a successful outcome on stdout, and the edits it did not apply on stderr.
pub fn outcome(output: Output, mut outcome: Outcome) -> io::Result<()> {
    if output != Output::Json {
        human::not_applied(&mut io::stderr().lock(), &outcome)?;
    }
    if matches!(output, Output::Quiet | Output::Stat | Output::Patch) {
        human::warnings(&mut io::stderr().lock(), &outcome)?;
        outcome.files.iter_mut().for_each(release);
    }
    // Buffered: stdout is line-buffered, and a diff of a million lines would be as many writes.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = match output {
        Output::Json => json::write_outcome(&mut out, outcome),
        Output::Human { color } => human::outcome(&mut out, outcome, color),
        Output::Quiet => Ok(()),
        Output::Stat => patch::stat(&mut out, &outcome),
        Output::Patch => {
            let outside: Vec<_> = (outcome.files.iter())
                .filter(|f| f.before != f.after && patch::header_name(&f.path).1)
                .map(|f| f.path.display().to_string())
                .collect();
            if !outside.is_empty() {
                eprintln!(
                    "fuzzy-edit: note: {} lies outside the current directory; the patch names it \
                     from `/`: apply it with `git -C / apply FILE` or `patch -d / -p1 < FILE`, or \
                     run fuzzy-edit from a directory that holds every file edited",
                    outside.join(", ")
                );
            }
            outcome
                .files
                .iter()
                .try_for_each(|f| patch::each_line(f, |line| out.write_all(line.as_bytes())))
        }
    };
    written.and_then(|()| out.flush())
}

/// Free what printing a file needs no more once its matches are listed, before its diff is
/// made (which takes as much again): the matches past the most any answer lists (a
/// `replace_all` may make a million, 80 bytes each with their replacements; the total is
/// printed by then), and the engine's text of the edits (the printers diff `before` and
/// `after`, which holds the same text for an edit).
pub fn release(f: &mut FileOutcome) {
    if let Some(applied) = &mut f.applied {
        applied.matches.truncate(json::MAX_MATCHES_LISTED);
        applied.matches.shrink_to_fit();
        applied.text = String::new();
    }
}

/// Print why the run stopped: JSON on stdout under `--json` (a program reads one answer
/// either way), else a line on stderr. `others`: how many other files the request named, all
/// left alone; `partial`: whether `--partial` was given; `words`: the request's.
pub fn error(output: Output, error: &Error, others: usize, partial: bool, words: &Vocabulary) {
    let mut message = crate::error::message(error, words);
    if others > 0 {
        let others = if others == 1 {
            "the other file of the request was".to_string()
        } else {
            format!("the other {others} files of the request were")
        };
        let why = if partial {
            ""
        } else {
            " (all or nothing; --partial applies what succeeds)"
        };
        message.push_str(&format!(
            "\nNothing was written: {others} left alone too{why}."
        ));
    }
    match output {
        // A reader that went away (`| head`) must not turn a refusal into a panic.
        Output::Json => {
            let _ = writeln!(
                io::stdout().lock(),
                "{:#}",
                json::cli_error(error, message, words)
            );
        }
        _ => eprintln!("fuzzy-edit: {message}"),
    }
}

/// Where a replacement was made: `line 3`, `lines 3-5`, or with the columns when it is part of
/// one line of `before` (the text it was made in): `line 3, columns 5-9`.
pub fn place(m: &Match, before: Option<&str>) -> String {
    let columns = before.and_then(|text| {
        let span = text.get(m.span.clone())?;
        if span.contains('\n') || m.start_line != m.end_line {
            return None;
        }
        let line_start = text[..m.span.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[m.span.start..]
            .find('\n')
            .map_or(text.len(), |i| m.span.start + i);
        if line_start == m.span.start && m.span.end >= line_end {
            return None; // the whole line
        }
        let first = text[line_start..m.span.start].chars().count() + 1;
        let last = first + span.chars().count().max(1) - 1;
        Some(if first == last {
            format!(", column {first}")
        } else {
            format!(", columns {first}-{last}")
        })
    });
    format!("{}{}", lines(m), columns.unwrap_or_default())
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
