//! A snippet cut into pieces: its lines (a Markdown fence and blank edges dropped), its
//! markers (elision comments the file does not hold), the pieces between them, and the removal
//! notes (`// remove the retry loop`) taken out of each piece.

use super::depths::stub_body;
use super::guard;
use super::place::File;
use super::Piece;
use crate::align::line_similarity_at_least;
use crate::normalize::indent_width;
use crate::notation::{is_elision_marker, is_jsx_elision_marker};
use crate::thresholds::EDITED_EDGE;

/// The snippet's lines without line endings, a Markdown fence around it (where the file has no
/// such line) and blank lines at its edges.
pub(super) fn snippet_lines<'s>(file: &File<'_>, snippet: &'s str) -> Vec<&'s str> {
    let mut lines: Vec<&str> = snippet
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let blank = |l: &&str| l.trim().is_empty();
    while lines.last().is_some_and(blank) {
        lines.pop();
    }
    let start = lines.iter().position(|l| !blank(l)).unwrap_or(lines.len());
    lines.drain(..start);
    let fence = |l: &str| l.trim_start().starts_with("```") && !file.holds(l);
    if lines.len() >= 2 && fence(lines[0]) && lines.last().is_some_and(|l| l.trim() == "```") {
        lines.pop();
        lines.remove(0);
        return snippet_lines_trimmed(lines);
    }
    lines
}

fn snippet_lines_trimmed(mut lines: Vec<&str>) -> Vec<&str> {
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let start = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(lines.len());
    lines.drain(..start);
    lines
}

/// Whether line `i` of the snippet's `lines` is a marker: an elision comment the file does not
/// hold, other than a bare `...` that is the whole body of a new `def` or `class` written just
/// above it (a stub, a `Protocol` method, an `@overload`: Python code, not elided lines; the
/// file has no lines of a function it does not hold for a marker to stand for).
pub(super) fn is_marker(file: &File<'_>, lines: &[&str], i: usize) -> bool {
    (is_elision_marker(lines[i]) || is_jsx_elision_marker(lines[i]))
        && !file.holds(lines[i])
        && !stub_body(file, lines, i)
}

/// The pieces between the markers, and whether the snippet ends with a marker.
pub(super) fn pieces<'s>(
    lines: &[&'s str],
    marker: &dyn Fn(usize) -> bool,
) -> (Vec<Piece<'s>>, bool) {
    let mut pieces: Vec<Piece<'s>> = Vec::new();
    let mut depth: Option<usize> = None;
    let mut start = 0;
    let mut open_end = false;
    for i in 0..=lines.len() {
        let is_marker = i < lines.len() && marker(i);
        if i < lines.len() && !is_marker {
            continue;
        }
        let body = &lines[start..i];
        if body.iter().any(|l| !l.trim().is_empty()) {
            let end = body
                .iter()
                .rposition(|l| !l.trim().is_empty())
                .map_or(0, |e| e + 1);
            // (Blank lines before a marker are the file's: the marker stands for them.)
            let trimmed = if is_marker { &body[..end] } else { body };
            pieces.push(Piece {
                lines: trimmed.to_vec(),
                first: start,
                index: pieces.len(),
                marker_before: depth.take(),
                marker_after: is_marker,
                blank_at_end: is_marker && end < body.len(),
                notes: Vec::new(),
            });
            open_end = false;
        }
        if is_marker {
            let d = indent_width(lines[i]);
            depth = Some(depth.map_or(d, |p: usize| p.min(d)));
            open_end = true;
        }
        start = i + 1;
    }
    (pieces, open_end)
}

/// Take the removal notes out of a piece ([`is_note`]). The lines a note stands for are then
/// deleted by omission ([`notes_delete`] checks that some are).
pub(super) fn take_notes(file: &File<'_>, piece: &mut Piece<'_>) {
    let mut notes = Vec::new();
    let lines = std::mem::take(&mut piece.lines);
    let mut kept = Vec::with_capacity(lines.len());
    for i in 0..lines.len() {
        if is_note(file, &lines, i) {
            notes.push(kept.len());
        } else {
            kept.push(lines[i]);
        }
    }
    piece.lines = kept;
    piece.notes = notes;
}

/// Whether line `i` of a piece's `lines` is a removal note: a comment that says code was
/// removed, which the file does not hold, between two lines the file holds. Above a new line
/// (`# Remove the trailing slash` over `p = p.rstrip("/")`) it is a comment on that line. A
/// comment that reads like a line it would delete ([`edits_a_line_between`]) is that line
/// edited or a stale copy of it (`//!   CMake, inserted, deleted` for the file's `//!
/// punctuation, inserted, deleted`), not a note.
pub(super) fn is_note(file: &File<'_>, lines: &[&str], i: usize) -> bool {
    let code = |l: &&&str| !l.trim().is_empty();
    let held = |l: Option<&&str>| l.is_some_and(|l| file.holds(l) || is_elision_marker(l));
    let (before, after) = (
        lines[..i].iter().rev().find(code),
        lines[i + 1..].iter().find(code),
    );
    held(before)
        && held(after)
        && guard::removal_note(lines[i])
        && !file.holds(lines[i])
        && !edits_a_line_between(file, lines[i], (before, after))
}

/// Whether `line` is one word apart from, or alike in characters ([`EDITED_EDGE`]) to, a line
/// of the file that it would delete as a note: one of the [`NOTE_LOOK`] lines of code after a
/// place of the piece's line before it (before a place of the line after it, when the line
/// before is a marker), at the first [`NOTE_LOOK`] such places. (Past 16 notes for one file,
/// `place::NOTE_SCANS`, every such comment counts as an edit, no note, and is refused where
/// it would be written as code: a snippet of thousands of notes is bounded.)
fn edits_a_line_between(
    file: &File<'_>,
    line: &str,
    (before, after): (Option<&&str>, Option<&&str>),
) -> bool {
    if !file.scan_for_note() {
        return true;
    }
    let like = |q: usize| {
        let l = file.lines[q];
        guard::one_word_apart(line, l) || line_similarity_at_least(line, l, EDITED_EDGE).is_some()
    };
    let near = |at: usize, down: bool| {
        let code = |q: &usize| !file.blank(*q);
        if down {
            (at + 1..file.lines.len())
                .filter(code)
                .take(NOTE_LOOK)
                .any(like)
        } else {
            (0..at).rev().filter(code).take(NOTE_LOOK).any(like)
        }
    };
    match (before.filter(|l| file.holds(l)), after) {
        (Some(b), _) => file
            .occurrences(b, 0)
            .iter()
            .take(NOTE_LOOK)
            .any(|&o| near(o, true)),
        (None, Some(a)) => file
            .occurrences(a, 0)
            .iter()
            .take(NOTE_LOOK)
            .any(|&o| near(o, false)),
        (None, None) => false,
    }
}

/// Places of a note's neighbouring line, and lines of code from each, that
/// [`edits_a_line_between`] reads: a note stands for the lines right beside that line.
const NOTE_LOOK: usize = 16;
