//! Printing results: a colored unified diff and one line per edit for people, or JSON.

use std::io::{IsTerminal, Write};

use serde_json::{json, Value};

use crate::apply::FilePlan;

/// When to color the diff.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When stdout is a terminal and `NO_COLOR` is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to color output on stdout.
    pub fn enabled(self) -> bool {
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

/// Print plans for a person: per file a summary, per edit the strategy and lines, the diff.
pub fn human(
    out: &mut impl Write,
    plans: &[FilePlan],
    dry_run: bool,
    color: bool,
) -> std::io::Result<()> {
    for p in plans {
        let verb = match (p.action, dry_run) {
            ("create", false) => "created",
            ("create", true) => "would create",
            ("delete", false) => "deleted",
            ("delete", true) => "would delete",
            (_, false) => "edited",
            (_, true) => "would edit",
        };
        writeln!(out, "{}: {verb}", p.path.display())?;
        if let Some(applied) = &p.applied {
            for m in &applied.matches {
                let lines = if m.start_line == m.end_line {
                    format!("line {}", m.start_line)
                } else {
                    format!("lines {}-{}", m.start_line, m.end_line)
                };
                let score = if m.score < 1.0 {
                    format!(" (score {:.2})", m.score)
                } else {
                    String::new()
                };
                writeln!(out, "  edit {}: {}{score}, {lines}", m.edit + 1, m.strategy)?;
            }
            for f in &applied.failures {
                writeln!(out, "  edit {}: not applied: {}", f.edit + 1, f.error)?;
            }
        }
        for line in p.diff().split_inclusive('\n') {
            let style = match line.as_bytes().first() {
                _ if !color => "",
                Some(b'+') if !line.starts_with("+++") => "\x1b[32m",
                Some(b'-') if !line.starts_with("---") => "\x1b[31m",
                Some(b'@') => "\x1b[36m",
                _ => "",
            };
            if style.is_empty() {
                write!(out, "{line}")?;
            } else {
                write!(
                    out,
                    "{style}{}\x1b[0m{}",
                    line.trim_end_matches('\n'),
                    if line.ends_with('\n') { "\n" } else { "" }
                )?;
            }
        }
    }
    Ok(())
}

/// The result as JSON, shaped like the pipe's answer.
pub fn json_value(plans: &[FilePlan], dry_run: bool) -> Value {
    let files: Vec<Value> = plans
        .iter()
        .map(|p| {
            let mut v = json!({
                "path": p.path.to_string_lossy(),
                "action": p.action,
                "diff": p.diff(),
            });
            if let Some(a) = &p.applied {
                v["matches"] = json!(a.matches);
                crate::pipe::add_outcome(&mut v, a);
            }
            v
        })
        .collect();
    json!({ "ok": true, "dry_run": dry_run, "files": files })
}
