//! Output for people: per file what happened, per edit the strategy and lines, then the unified
//! diff, colored when asked; the edits not applied, on stderr.

use std::io::Write;

use fuzzy_edit::protocol::MAX_LISTED;

use fuzzy_edit::fs::Action;

use super::Outcome;

/// Print an outcome: per file a summary, per edit the strategy and lines, the diff (written as
/// it is computed, after what it does not need is freed: see [`super::release`]).
pub fn outcome(out: &mut impl Write, outcome: Outcome, color: bool) -> std::io::Result<()> {
    let words = outcome.words;
    for mut f in outcome.files {
        let nothing_applied = f
            .applied
            .as_ref()
            .is_some_and(|a| a.matches.is_empty() && !a.failures.is_empty());
        let verb = match (f.action, outcome.dry_run) {
            _ if nothing_applied => "left unchanged (no edit applied)",
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
            // The first few: a `replace_all` may make a million replacements, all in the diff.
            for m in applied.matches.iter().take(MAX_LISTED) {
                let score = if m.score < 1.0 {
                    format!(" (score {:.2})", m.score)
                } else {
                    String::new()
                };
                // Spans are in the text as read only when the edits were located in it at once.
                let before = f
                    .before
                    .as_deref()
                    .filter(|_| !applied.sequential && f.aliases.is_empty());
                let place = super::place(m, before);
                writeln!(out, "  edit {}: {}{score}, {place}", m.edit + 1, m.strategy)?;
            }
            let total = applied.matches.len();
            if total > MAX_LISTED {
                let more = total - MAX_LISTED;
                writeln!(out, "  ... and {more} more replacements ({total} in all)")?;
            }
            for warning in &applied.warnings {
                writeln!(out, "  warning: {}", warning.message(&words))?;
            }
            // Where the file differed from what the model remembered (it must know before its
            // next edit).
            if let Some(paragraph) =
                fuzzy_edit::protocol::differences_text(&applied.matches, &words)
            {
                for line in paragraph.lines() {
                    writeln!(out, "  {line}")?;
                }
            }
        }
        super::release(&mut f);
        super::patch::each_line(&f, |line| diff_line(out, line, color))?;
    }
    Ok(())
}

/// Print the edits `--partial` did not apply, one paragraph each: `fuzzy-edit: PATH: Edit N of
/// M (the one starting ...) not applied: WHY`, N its place in the `--edits` document (`edit N`,
/// its place in the file, for a file also named by another path).
pub fn not_applied(err: &mut impl Write, outcome: &Outcome) -> std::io::Result<()> {
    for f in &outcome.files {
        let names = outcome
            .edit_names
            .iter()
            .find(|(path, _)| *path == f.path && f.aliases.is_empty())
            .map(|(_, names)| names.as_slice())
            .unwrap_or_default();
        for failure in f.applied.iter().flat_map(|a| &a.failures) {
            let name = names
                .get(failure.edit)
                .cloned()
                .unwrap_or_else(|| format!("edit {}", failure.edit + 1));
            writeln!(
                err,
                "fuzzy-edit: {}: {name} not applied: {}",
                f.path.display(),
                failure.error.message(&outcome.words)
            )?;
        }
    }
    Ok(())
}

/// Print the syntax warnings of applied edits on stderr (`--quiet`, `--stat` and `--patch`,
/// whose stdout has no room for them): `fuzzy-edit: PATH: warning: WHAT`.
pub fn warnings(err: &mut impl Write, outcome: &Outcome) -> std::io::Result<()> {
    for f in &outcome.files {
        for warning in f.applied.iter().flat_map(|a| &a.warnings) {
            writeln!(
                err,
                "fuzzy-edit: {}: warning: {}",
                f.path.display(),
                warning.message(&outcome.words)
            )?;
        }
    }
    Ok(())
}

/// Print a line of a unified diff: added lines green, removed red, hunk headers cyan.
fn diff_line(out: &mut impl Write, line: &str, color: bool) -> std::io::Result<()> {
    let style = match line.as_bytes().first() {
        _ if !color => "",
        Some(b'+') if !line.starts_with("+++") => "\x1b[32m",
        Some(b'-') if !line.starts_with("---") => "\x1b[31m",
        Some(b'@') => "\x1b[36m",
        _ => "",
    };
    if style.is_empty() {
        out.write_all(line.as_bytes())
    } else {
        write!(
            out,
            "{style}{}\x1b[0m{}",
            line.trim_end_matches('\n'),
            if line.ends_with('\n') { "\n" } else { "" }
        )
    }
}
