//! The model's change "as asked" where `old` and `new` both abbreviate with elision markers.
//! `new` written in place with its markers deletes every line they stand for, so it nearly
//! always breaks the text, and a result that a reading of the markers broke was excused as
//! the model's own doing. Like is compared with like instead: `new` with its markers read
//! against the lines of the file the match covers, each standing for the lines it keeps
//! there (the reading of a `new` whose `old` has no markers), against the file; where that
//! reading is unclear, the span without the lines `old`'s markers elide against `new`
//! without its markers.

use crate::normalize::loose_equal;
use crate::notation::is_elision_marker;
use crate::strategy::resolve_against_file;
use crate::text::Text;

/// The model's change as asked, with markers on both sides.
pub(super) enum AsAsked<'a> {
    /// `new` with its markers read against the file: it replaces the whole span.
    Resolved(String),
    /// The span's lines but those `old`'s markers elide, and `new` without its markers.
    Condensed(Vec<&'a str>, String),
}

/// [`AsAsked`] for `new` (cleaned) in place of `span` (the lines the match covers), when
/// `old` and `new` both hold markers; `None` otherwise, or when neither reading is found.
pub(super) fn as_asked<'a>(
    text: &Text,
    span: &[&'a str],
    old: &str,
    new: &str,
) -> Option<AsAsked<'a>> {
    if !old.lines().any(is_elision_marker) || !new.lines().any(is_elision_marker) {
        return None;
    }
    let new_lines: Vec<&str> = new.lines().collect();
    if let Some(resolved) = resolve_against_file(text, span, &new_lines) {
        return Some(AsAsked::Resolved(resolved));
    }
    let (kept, new) = without_elided(span, old, new)?;
    Some(AsAsked::Condensed(kept, new))
}

/// `span` (the file's lines a match covers) without the lines `old`'s inner markers stand
/// for, and `new` without its marker lines, when `old` and `new` both hold markers and each
/// piece of `old` is found in `span`, in order, the first one at its start (each later one at
/// its nearest place). `None` otherwise.
fn without_elided<'a>(span: &[&'a str], old: &str, new: &str) -> Option<(Vec<&'a str>, String)> {
    let old: Vec<&str> = old.lines().collect();
    if !old.iter().any(|l| is_elision_marker(l)) || !new.lines().any(is_elision_marker) {
        return None;
    }
    // The pieces of `old` between markers, their non-blank lines only.
    let pieces: Vec<Vec<&str>> = old
        .split(|l| is_elision_marker(l))
        .map(|p| p.iter().copied().filter(|l| !l.trim().is_empty()).collect())
        .filter(|p: &Vec<&str>| !p.is_empty())
        .collect();
    // Where `piece` is, in `span` from `at` on, skipping blank lines: the end of its last line.
    let found_at = |piece: &[&str], at: usize| -> Option<usize> {
        let mut i = at;
        for line in piece {
            while i < span.len() && span[i].trim().is_empty() {
                i += 1;
            }
            if i == span.len() || !loose_equal(span[i], line) {
                return None;
            }
            i += 1;
        }
        Some(i)
    };
    let mut kept = Vec::new();
    let mut at = 0;
    for (k, piece) in pieces.iter().enumerate() {
        let start = if k == 0 {
            at
        } else {
            (at..span.len())
                .find(|&s| !span[s].trim().is_empty() && found_at(piece, s).is_some())?
        };
        let end = found_at(piece, start)?;
        kept.extend_from_slice(&span[start..end]);
        at = end;
    }
    // (Blank lines after the last piece are the span's own.)
    kept.extend(span[at..].iter().filter(|l| l.trim().is_empty()));
    let new = new
        .split('\n')
        .filter(|l| !is_elision_marker(l))
        .collect::<Vec<_>>()
        .join("\n");
    Some((kept, new))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elided_lines_and_the_markers_are_left_out() {
        let span = ["fn f() {", "    a();", "    b();", "", "    c();", "}"];
        let (kept, new) = without_elided(
            &span,
            "fn f() {\n    // ...\n    c();\n}",
            "fn g() {\n    // ...\n    c();\n}",
        )
        .unwrap();
        assert_eq!(kept, ["fn f() {", "    c();", "}"]);
        assert_eq!(new, "fn g() {\n    c();\n}");
        // Markers on one side only, or a piece not in the span: nothing to compare.
        assert!(without_elided(&span, "fn f() {\n    // ...\n}", "fn g() {\n}").is_none());
        assert!(without_elided(&span, "fn f() {\n    // ...\n    d();", "// ...\n").is_none());
    }
}
