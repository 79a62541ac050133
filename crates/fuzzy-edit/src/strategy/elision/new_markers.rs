//! `new`'s markers where `old` has markers too. Where each marker of `new` stands between the
//! same two lines as the marker of `old` (the same lines are written on either side of it),
//! both stand for the same lines of the file. Elsewhere, pairing them by order is a guess that
//! writes twice the lines `new` shows after its marker and loses the lines `old` showed before
//! its own (`old` shows `a`, `b`, `...`, `d`; `new` shows `a`, `...`, `c`, `d`, where the file
//! has `c` inside the span `old` elides). Then `new`'s markers are read against the lines of
//! the file `old` covers, as markers in a `new` whose `old` has none (see
//! [`resolve_elisions`]): each stands for the lines it keeps there, a line `new` writes that
//! rewrites a covered line replaces it, and where that reading is unclear nothing is matched.

use crate::align::line_similarity;
use crate::artifacts::resolve_elisions;
use crate::normalize::{indent_of, loose_equal};
use crate::notation::is_elision_marker;
use crate::text::Text;
use crate::thresholds::REWRITE_OF_ELIDED;

/// Whether `new`'s marker stands earlier than `old`'s: `new` writes, before one of its inner
/// markers, a line `old` shows further up its piece there, and drops the lines `old` shows
/// after it. Those lines may be deleted, or covered by `new`'s marker; which is unclear, so
/// nothing is matched (generated: `def f():`, `a = 1`, `...`, `e = 5` rewritten as `def f():`,
/// `...`, `e = 50` deleted `a = 1`: 157 of 180 generated cases wrong).
pub(super) fn marker_moved_up(pieces: &[&[&str]], segments: &[Vec<&str>]) -> bool {
    let non_blank = |l: &&str| !l.trim().is_empty();
    (1..pieces.len()).any(|k| {
        let shown: Vec<&str> = pieces[k - 1].iter().copied().filter(non_blank).collect();
        let written: Vec<&str> = segments[k - 1].iter().copied().filter(non_blank).collect();
        let (Some(&last_shown), Some(&last_written)) = (shown.last(), written.last()) else {
            return false;
        };
        let dropped = !written.iter().any(|w| loose_equal(w, last_shown));
        let up = shown[..shown.len() - 1]
            .iter()
            .any(|s| loose_equal(s, last_written));
        dropped && up
    })
}

/// Whether `new` writes, right beside one of its inner markers (between `segments`), a line of
/// the span `old`'s marker there elides (`gaps`: the file's lines each marker of `old` stands
/// for), or a rewrite of one, past the line of `old` beside that marker, which it keeps: then
/// `new`'s marker stands further on than `old`'s, and pairing them would write that line twice
/// (or beside the line it rewrites). (`new` that rewrites the line beside `old`'s marker
/// instead, or drops it, leaves its marker where `old`'s is.)
pub(super) fn shows_elided_lines(
    pieces: &[&[&str]],
    segments: &[Vec<&str>],
    gaps: &[Vec<&str>],
) -> bool {
    let non_blank = |l: &&str| !l.trim().is_empty();
    (1..pieces.len()).any(|k| {
        let shown: Vec<&str> = pieces[k - 1]
            .iter()
            .chain(pieces[k])
            .copied()
            .filter(non_blank)
            .collect();
        let elided: Vec<&str> = gaps[k - 1].iter().copied().filter(non_blank).collect();
        let before: Vec<&str> = segments[k - 1].iter().copied().filter(non_blank).collect();
        let after: Vec<&str> = segments[k].iter().copied().filter(non_blank).collect();
        let kept = |line: Option<&&str>, lines: &[&str]| {
            line.is_some_and(|l| lines.iter().any(|n| loose_equal(l, n)))
        };
        let pieces_before: Vec<&str> = pieces[k - 1].iter().copied().filter(non_blank).collect();
        let pieces_after: Vec<&str> = pieces[k].iter().copied().filter(non_blank).collect();
        let mut beside = Vec::new();
        if let Some((&line, rest)) = before.split_last() {
            if kept(pieces_before.last(), rest) {
                beside.push(line);
            }
        }
        if let Some((&line, rest)) = after.split_first() {
            if kept(pieces_after.first(), rest) {
                beside.push(line);
            }
        }
        beside.into_iter().any(|line| {
            if shown.iter().any(|s| loose_equal(s, line)) {
                return false;
            }
            if elided.iter().any(|e| loose_equal(e, line)) {
                return true;
            }
            let most_like = |lines: &[&str]| {
                lines
                    .iter()
                    .map(|l| line_similarity(l, line))
                    .fold(0.0, f64::max)
            };
            let like_elided = most_like(&elided);
            like_elided >= REWRITE_OF_ELIDED && like_elided > most_like(&shown)
        })
    })
}

/// `new` (its lines, with its markers) read against `covered`, the lines a placement of `old`
/// covers (its pieces, and between them the file's lines its markers stand for): each marker
/// replaced by the covered lines it keeps. Markers before `new`'s first line of code (after its
/// last) stand for lines outside the placement, which stay, and are dropped. `None` when which
/// lines a marker keeps is unclear, or the file holds a line like a marker of `new`.
pub(crate) fn resolve_against_file(text: &Text, covered: &[&str], new: &[&str]) -> Option<String> {
    let code = |l: &&str| !l.trim().is_empty() && !is_elision_marker(l);
    let first = new.iter().position(code)?;
    let end = new.iter().rposition(code)? + 1;
    let start = if new[..first].iter().any(|l| is_elision_marker(l)) {
        first
    } else {
        0
    };
    let end = if new[end..].iter().any(|l| is_elision_marker(l)) {
        end
    } else {
        new.len()
    };
    // (Written as comments, bare `...` included: [`resolve_elisions`] reads only those, and a
    // comment marker the file holds is the file's code.)
    let written: Vec<String> = new[start..end]
        .iter()
        .map(|&l| {
            if !is_elision_marker(l) {
                l.to_string()
            } else if l.trim().starts_with("...") || l.trim().starts_with('\u{2026}') {
                format!("{}# ... existing code ...", indent_of(l))
            } else {
                l.to_string()
            }
        })
        .collect();
    let files = |l: &str| (0..text.line_count()).any(|i| loose_equal(text.line(i), l));
    if written.iter().any(|l| is_elision_marker(l) && files(l)) {
        return None;
    }
    let resolved = resolve_elisions(text, &covered.join("\n"), &written.join("\n")).ok()??;
    // (Every marker must have been read: a `new` still holding one would delete what it
    // stands for.)
    (!resolved.lines().any(|l| is_elision_marker(l) && !files(l))).then_some(resolved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_the_elided_span_beside_news_marker_is_seen() {
        let pieces: [&[&str]; 2] = [&["let a = 1;"], &["println!(a);"]];
        let gaps = [vec!["let b = 2;", "let c = 3;"]];
        // Beside the same lines as `old`'s marker, changed or not: paired with it.
        let same = [vec!["let a = 10;"], vec!["println!(a);"]];
        assert!(!shows_elided_lines(&pieces, &same, &gaps));
        // A rewrite of an elided line before the marker; an elided line after it.
        let rewrite = [vec!["let a = 1;", "let b = 20;"], vec!["println!(a);"]];
        assert!(shows_elided_lines(&pieces, &rewrite, &gaps));
        let shown = [vec!["let a = 1;"], vec!["let c = 3;", "println!(a);"]];
        assert!(shows_elided_lines(&pieces, &shown, &gaps));
    }

    #[test]
    fn a_line_new_shows_inside_olds_span_is_not_written_twice() {
        let covered = [
            "let width = 1;",
            "let height = 2;",
            "let depth = 3;",
            "show(width);",
        ];
        let text = Text::new("let width = 1;\nlet height = 2;\nlet depth = 3;\nshow(width);\n");
        let new = [
            "let width = 10;",
            "// ...",
            "let depth = 3;",
            "show(width);",
        ];
        assert_eq!(
            resolve_against_file(&text, &covered, &new).unwrap(),
            "let width = 10;\nlet height = 2;\nlet depth = 3;\nshow(width);"
        );
    }
}
