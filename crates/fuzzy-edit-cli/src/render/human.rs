//! Output for people: per file what happened, per edit the strategy and lines (or why it was
//! not applied), then the unified diff, colored when asked.

use std::io::Write;

use crate::commands::apply::{Action, Outcome};

/// Print an outcome: per file a summary, per edit the strategy and lines, the diff.
pub fn outcome(out: &mut impl Write, outcome: &Outcome, color: bool) -> std::io::Result<()> {
    for f in &outcome.files {
        let verb = match (f.action, outcome.dry_run) {
            (Action::Create, false) => "created",
            (Action::Create, true) => "would create",
            (Action::Delete, false) => "deleted",
            (Action::Delete, true) => "would delete",
            (Action::Edit, false) => "edited",
            (Action::Edit, true) => "would edit",
            (Action::Write, false) => "overwritten",
            (Action::Write, true) => "would overwrite",
        };
        writeln!(out, "{}: {verb}", f.path.display())?;
        if let Some(applied) = &f.applied {
            for m in &applied.matches {
                let score = if m.score < 1.0 {
                    format!(" (score {:.2})", m.score)
                } else {
                    String::new()
                };
                let lines = super::lines(m);
                writeln!(out, "  edit {}: {}{score}, {lines}", m.edit + 1, m.strategy)?;
            }
            for warning in &applied.warnings {
                writeln!(out, "  warning: {warning}")?;
            }
            for failure in &applied.failures {
                writeln!(
                    out,
                    "  edit {}: not applied: {}",
                    failure.edit + 1,
                    failure.error
                )?;
            }
        }
        diff(out, &f.diff(), color)?;
    }
    Ok(())
}

/// Print a unified diff: added lines green, removed red, hunk headers cyan.
fn diff(out: &mut impl Write, diff: &str, color: bool) -> std::io::Result<()> {
    for line in diff.split_inclusive('\n') {
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
    Ok(())
}
