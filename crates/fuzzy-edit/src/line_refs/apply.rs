//! [`apply_line_edits`]: every reference checked against the one snapshot, the edits' places
//! resolved and checked for overlaps, `lines` cleaned and fitted to the file, all written in
//! one pass, and the result judged by the syntax guard.

use std::ops::Range;

use super::stale::Refs;
use super::{line_count, lines, LineEdit, LineOp, LineRef};
use crate::applied::{Applied, Match};
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::edit::{Edit, Options};
use crate::error::EditError;
use crate::needle::Needle;
use crate::text::{LineEnding, Text};

/// Where an edit writes, in lines of the text (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Lines `first..=last` are replaced.
    Lines { first: usize, last: usize },
    /// New lines go before line `at` (`at` = the line count: at the end).
    Before { at: usize },
}

/// Apply line-addressed `edits` to `text` as one transaction: all or none (see
/// [`crate::line_refs`]). `options` gives the syntax guard's language and policy, and whether
/// plain line numbers are accepted ([`Options::line_numbers`]); the mode is always all or
/// nothing.
///
/// ```
/// use fuzzy_edit::line_refs::{apply_line_edits, line_id, LineEdit};
/// use fuzzy_edit::Options;
/// let text = "def total(items):\n    return 0\n";
/// let pos = format!("2#{}", line_id(2, "    return 0"));
/// let edit: LineEdit = serde_json::from_str(&format!(
///     r#"{{"op": "replace", "pos": "{pos}", "lines": ["return sum(items)"]}}"#
/// )).unwrap();
/// let out = apply_line_edits(text, &[edit], &Options::default()).unwrap();
/// // Written at the depth of the line it replaces.
/// assert_eq!(out.text, "def total(items):\n    return sum(items)\n");
/// ```
pub fn apply_line_edits(
    text: &str,
    edits: &[LineEdit],
    options: &Options,
) -> Result<Applied, EditError> {
    let indexed = Text::new(text);
    let count = line_count(&indexed);
    let mut refs = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        check_shape(i, edit, count, options)?;
        refs.extend(edit.pos.iter().chain(&edit.end).map(|r| (i, r)));
    }
    let (offset, followed) = Refs { all: refs }.offset(&indexed, count)?;
    let places: Vec<Place> = edits.iter().map(|e| place(e, count, offset)).collect();
    check_overlaps(&places)?;

    let mut matches = Vec::with_capacity(edits.len());
    let mut as_edits = Vec::with_capacity(edits.len());
    for (i, (edit, place)) in edits.iter().zip(&places).enumerate() {
        let (m, as_edit) = written(&indexed, count, i, edit, *place);
        matches.push(m);
        as_edits.push(as_edit);
    }
    if matches
        .iter()
        .all(|m| text[m.span.clone()] == m.replacement)
    {
        return Err(EditError::NoChange {
            rule: crate::rules::table::RuleId::LineEditsChangeSomething.name(),
            only_edge_line_breaks: false,
            only_artifacts: false,
        });
    }
    matches.sort_by_key(|m| (m.span.start, m.span.end));
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for m in &matches {
        out.push_str(&text[at..m.span.start]);
        out.push_str(&m.replacement);
        at = m.span.end;
    }
    out.push_str(&text[at..]);
    let mut applied = Applied {
        text: out,
        matches,
        failures: Vec::new(),
        sequential: false,
        warnings: Vec::new(),
        followed,
    };
    let options = Options {
        mode: crate::Mode::Atomic,
        ..*options
    };
    crate::fit::fit_to_format(text, &as_edits, &mut applied, &options);
    crate::rules::check_syntax(text, &as_edits, &mut applied, &options)?;
    Ok(applied)
}

/// A reference the edit's `op` cannot take, a range that runs backwards, a line the text does
/// not have (for a plain number), or a plain number the caller did not accept.
fn check_shape(
    i: usize,
    edit: &LineEdit,
    count: usize,
    options: &Options,
) -> Result<(), EditError> {
    let bad = |reference: Option<&LineRef>, reason: &str| EditError::BadReference {
        edit: i,
        reference: reference.map(|r| r.to_string()),
        reason: reason.to_string(),
    };
    match (edit.op, &edit.pos, &edit.end) {
        (LineOp::Replace, None, _) => {
            return Err(bad(None, "a replace needs pos, the first line it replaces"))
        }
        (LineOp::Append | LineOp::Prepend, _, Some(end)) => {
            return Err(bad(
                Some(end),
                "end is for a replace only; an append or prepend inserts at pos",
            ))
        }
        (LineOp::Replace, Some(pos), Some(end)) if end.line < pos.line => {
            return Err(bad(
                Some(end),
                "end comes before pos; pos is the first line replaced, end the last",
            ))
        }
        _ => {}
    }
    for r in edit.pos.iter().chain(&edit.end) {
        if r.line == 0 {
            return Err(bad(Some(r), "line numbers start at 1"));
        }
        if r.id.is_none() {
            if !options.line_numbers {
                return Err(bad(Some(r), "a reference needs the line's ID as the read shows it (LINE#ID, e.g. 12#VK); read the file with hashes"));
            }
            if r.line > count {
                return Err(bad(Some(r), &format!("the file has {count} lines")));
            }
        }
    }
    Ok(())
}

/// Where `edit` writes, its references moved by `offset`.
fn place(edit: &LineEdit, count: usize, offset: isize) -> Place {
    let line = |r: &LineRef| r.line.saturating_add_signed(offset);
    match (edit.op, &edit.pos) {
        (LineOp::Replace, Some(pos)) => Place::Lines {
            first: line(pos) - 1,
            last: edit.end.as_ref().map_or(line(pos), line) - 1,
        },
        (LineOp::Append, Some(pos)) => Place::Before { at: line(pos) },
        (LineOp::Prepend, Some(pos)) => Place::Before { at: line(pos) - 1 },
        (LineOp::Append, None) => Place::Before { at: count },
        (LineOp::Prepend, None) | (LineOp::Replace, None) => Place::Before { at: 0 },
    }
}

/// Two edits that replace a common line, insert inside a replaced range, or insert at one
/// place (their order would be a guess).
fn check_overlaps(places: &[Place]) -> Result<(), EditError> {
    let lines = |p: &Place| match *p {
        Place::Lines { first, last } => (2 * first + 1, 2 * last + 1),
        Place::Before { at } => (2 * at, 2 * at),
    };
    let mut order: Vec<usize> = (0..places.len()).collect();
    order.sort_by_key(|&i| lines(&places[i]));
    for w in order.windows(2) {
        let (a, b) = (lines(&places[w[0]]), lines(&places[w[1]]));
        if b.0 <= a.1 {
            let (first, second) = (w[0].min(w[1]), w[0].max(w[1]));
            return Err(EditError::OverlappingEdits {
                first,
                second,
                start_line: b.0 / 2 + 1,
                end_line: a.1.min(b.1) / 2 + 1,
            });
        }
    }
    Ok(())
}

/// The match `edit` makes at `place`, and the search/replace edit it amounts to (for the
/// syntax guard's view of what the model wrote).
fn written(text: &Text, count: usize, i: usize, edit: &LineEdit, place: Place) -> (Match, Edit) {
    let src = text.as_str();
    let line = |k: usize| (k < count).then(|| text.line(k));
    let (span, replacement, lines_touched) = match place {
        Place::Lines { first, last } => {
            let inside: Vec<&str> = (first..=last).map(|k| text.line(k)).collect();
            let new = lines::cleaned(
                &edit.lines,
                first.checked_sub(1).and_then(line),
                line(last + 1),
                &inside,
            );
            if new.is_empty() {
                (
                    deleted_span(text, count, first, last),
                    String::new(),
                    first..last + 1,
                )
            } else {
                let span = text.span_of_lines(first..last + 1, false);
                let new = at_range_depth(&inside, new);
                let needle = Needle::new(&src[span.clone()], new.join("\n"));
                let candidate = Candidate {
                    span: span.clone(),
                    lines: first..last + 1,
                    score: 1.0,
                    fit: Fit::Splice(None),
                };
                let replacement = crate::fit::replacement(text, &candidate, &needle)
                    .unwrap_or_else(|_| needle.new_text().to_string());
                (span, replacement, first..last + 1)
            }
        }
        Place::Before { at } => {
            let new = lines::cleaned(&edit.lines, at.checked_sub(1).and_then(line), line(at), &[]);
            inserted(text, count, at, &new)
        }
    };
    let m = Match::placed(
        i,
        StrategyId::LineRef,
        lines_touched,
        span.clone(),
        replacement.clone(),
    );
    (m, Edit::new(&src[span], replacement))
}

/// `new` starting at column 0 for a range that is all indented: the model dropped the
/// depth it read (the hashline tools restore it the same way), so every non-blank line takes
/// the indentation of the range's first non-blank line, keeping its depth relative to the
/// others. Any other `new` is left to the engine's fitting.
fn at_range_depth(inside: &[&str], new: Vec<String>) -> Vec<String> {
    let indent_of = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let filled: Vec<&str> = inside
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let Some(first) = filled.first() else {
        return new;
    };
    let depth = &first[..indent_of(first)];
    let range_indented = filled.iter().all(|l| indent_of(l) > 0);
    let new_at_zero = new
        .iter()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| indent_of(l) == 0);
    if depth.is_empty() || !range_indented || !new_at_zero {
        return new;
    }
    new.into_iter()
        .map(|l| {
            if l.trim().is_empty() {
                l
            } else {
                format!("{depth}{l}")
            }
        })
        .collect()
}

/// The span lines `first..=last` take with their line breaks; the last line of a text without
/// a final newline takes the break before it, so the text still ends without one.
fn deleted_span(text: &Text, count: usize, first: usize, last: usize) -> Range<usize> {
    let span = text.span_of_lines(first..last + 1, true);
    let lines = text.lines();
    if last + 1 == count && lines[last].end == lines[last].content_end && first > 0 {
        lines[first - 1].content_end..span.end
    } else {
        span
    }
}

/// `new` inserted before line `at`: in the file's indentation characters (a file indented with
/// tabs gets tabs for the model's spaces) and the line ending of the lines around it.
fn inserted(
    text: &Text,
    count: usize,
    at: usize,
    new: &[String],
) -> (Range<usize>, String, Range<usize>) {
    let lines = text.lines();
    let habits = text.indent_habits();
    let near = if at < count {
        at
    } else {
        count.saturating_sub(1)
    };
    let eol = if count == 0 {
        text.eol()
    } else {
        ending_of(text, near).unwrap_or(text.eol())
    };
    let mut block = String::new();
    for l in new {
        block.push_str(&habits.tabs_for_spaces(l).unwrap_or_else(|| l.clone()));
        block.push_str(eol.as_str());
    }
    let body_start = if text.as_str().starts_with('\u{feff}') {
        3
    } else {
        0
    };
    if count == 0 {
        let end = text.as_str().len();
        return (body_start..end, block, 0..0);
    }
    if at < count {
        let start = lines[at].start;
        return (start..start, block, at..at);
    }
    let last = lines[count - 1];
    if last.end > last.content_end {
        (last.end..last.end, block, count..count)
    } else {
        // No final newline: the new lines go after a break, and the text still ends without one.
        block.truncate(block.len() - eol.as_str().len());
        let end = last.end;
        (end..end, format!("{}{block}", eol.as_str()), count..count)
    }
}

/// The line ending of line `k`, when it has one.
fn ending_of(text: &Text, k: usize) -> Option<LineEnding> {
    let l = text.lines()[k];
    match l.end - l.content_end {
        2 => Some(LineEnding::CrLf),
        1 => Some(LineEnding::Lf),
        _ => None,
    }
}
