//! Where a file hunk and a model hunk change the same `old` lines, the readings under which
//! they agree: the file's difference is a slip of the model's memory that its change repairs,
//! rewrites or merges with, line by line.

use std::borrow::Cow;

use super::hunk::Hunk;
use super::loose_eq;
use crate::thresholds::MERGE_SLIP;
use crate::thresholds::REWRITTEN_LINE;

/// Whether the model's hunk `m` covers the file's difference `f`, `f` is a slip of memory
/// (each line at least [`MERGE_SLIP`] alike to the file's), and `m` holds the file's lines of it, in
/// order and together (loosely): `new` already says what the file says there. Lines less
/// alike are not a slip but a change since the model read the file: no agreement.
pub(super) fn new_has_the_files_lines(
    f: &Hunk,
    m: &Hunk,
    old: &[&str],
    win: &[&str],
    new: &[&str],
) -> bool {
    let files = &win[f.new.clone()];
    let models = &new[m.new.clone()];
    let covers = m.old.start <= f.old.start && f.old.end <= m.old.end;
    let slip = f.old.len() == f.new.len()
        && f.old.clone().zip(f.new.clone()).all(|(i, j)| {
            crate::align::line_similarity_at_least(old[i], win[j], MERGE_SLIP).is_some()
        });
    covers
        && slip
        && !files.iter().all(|l| l.trim().is_empty())
        && models
            .windows(files.len())
            .any(|w| w.iter().zip(files).all(|(a, b)| loose_eq(a, b)))
}

/// Whether the model's change `m` replaces the file's difference `f` entirely, and `f` is
/// nothing but misspelled words ([`crate::merge3::misspelled_word`]) that `m`'s lines never
/// write: the model rewrote lines it remembered with a slip of the pen, and the slip goes with
/// them.
pub(super) fn rewrites_misspellings(
    f: &Hunk,
    m: &Hunk,
    old: &[&str],
    win: &[&str],
    new: &[&str],
) -> bool {
    let covers = m.old.start <= f.old.start && f.old.end <= m.old.end;
    if !covers || f.old.len() != f.new.len() || f.old.is_empty() {
        return false;
    }
    let written = new[m.new.clone()].join("\n");
    f.old
        .clone()
        .zip(f.new.clone())
        .all(|(i, j)| crate::merge3::rewrites_misspelling(old[i].trim(), win[j].trim(), &written))
}

/// Whether a file hunk only replaces lines with lines like them (the model misremembered a few
/// characters), so a change the model makes next to it is still independent of it.
pub(super) fn misremembered(hunk: &Hunk, old: &[&str], win: &[&str]) -> bool {
    hunk.old.len() == hunk.new.len()
        && hunk.old.clone().zip(hunk.new.clone()).all(|(i, j)| {
            crate::align::line_similarity_at_least(old[i], win[j], REWRITTEN_LINE).is_some()
        })
}

/// Where the file and the model both change the same `old` lines, line for line, and the file's
/// lines are the model's misremembered a few characters off: merge each line's characters
/// (content only; indentation follows the model's line, mapped later). `None` when any line
/// does not merge.
pub(super) fn merge_misremembered(
    f: &Hunk,
    m: &Hunk,
    old: &[&str],
    win: &[&str],
    new: &[&str],
) -> Option<Vec<String>> {
    if f.old != m.old || m.new.len() != m.old.len() || !misremembered(f, old, win) {
        return None;
    }
    f.old
        .clone()
        .zip(f.new.clone())
        .zip(m.new.clone())
        .map(|((i, j), k)| {
            let content = crate::merge3::merge_line(old[i].trim(), win[j].trim(), new[k].trim())?;
            Some(format!(
                "{}{content}",
                merged_indent(old[i], win[j], new[k])
            ))
        })
        .collect()
}

/// The indentation of a line merged from the file's and the model's versions: the file's, plus
/// whatever depth the model's `new` adds to its own `old` (the model's idea of the absolute
/// depth is the very thing it may have wrong).
pub(super) fn merged_indent<'a>(old: &str, file: &'a str, new: &str) -> std::borrow::Cow<'a, str> {
    use crate::normalize::indent_of;
    let (o, f, n) = (indent_of(old), indent_of(file), indent_of(new));
    match n.strip_prefix(o) {
        Some(extra) if !extra.is_empty() => Cow::Owned(format!("{f}{extra}")),
        _ => Cow::Borrowed(f),
    }
}
