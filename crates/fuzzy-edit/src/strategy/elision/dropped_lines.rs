//! Lines `old` shows right after one of its inner markers that `new`, after its own marker,
//! leaves out: `old` shows `x`, `...`, `a`, `b`; `new` shows `x`, `...`, `b`. Either the edit
//! deletes `a` (the markers stand for the same lines), or `new`'s marker stands further down
//! than `old`'s and covers `a` too (the model elided a little more on its second copy). The
//! text alone cannot tell; what is around the markers sometimes can:
//! - `new` also writes, before its marker, the first lines of the span `old`'s marker elides
//!   ([`marker_moved_down`]): its marker starts further down, so it ends further down too
//!   (read as a deletion, those lines were written twice and `a` lost);
//! - the dropped lines are all `new` changes there, and it changes something elsewhere
//!   ([`drop_is_unclear`]): both readings make an edit, and they differ, so nothing is
//!   matched. (Where the drop is all `new` changes, covering `a` would make the edit change
//!   nothing: it deletes `a`.)

use crate::normalize::loose_equal;

/// The non-blank lines of `lines`.
fn code<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    lines
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// How many of the lines `old` shows first in `piece` (after a marker) `new` drops in
/// `segment` (after its marker), which starts with a later line of `piece` and holds none of
/// the lines before it. 0 when `new` starts where `old` does, or elsewhere.
fn dropped_after_marker(piece: &[&str], segment: &[&str]) -> usize {
    let shown = code(piece);
    let written = code(segment);
    let (Some(&first_shown), Some(&first_written)) = (shown.first(), written.first()) else {
        return 0;
    };
    if loose_equal(first_shown, first_written) {
        return 0;
    }
    let Some(j) = shown.iter().position(|s| loose_equal(s, first_written)) else {
        return 0;
    };
    let kept = |s: &&str| written.iter().any(|w| loose_equal(s, w));
    if shown[..j].iter().any(kept) {
        return 0;
    }
    j
}

/// The blank lines `lines` ends with.
fn trailing_blanks(lines: &[&str]) -> usize {
    lines
        .iter()
        .rev()
        .take_while(|l| l.trim().is_empty())
        .count()
}

/// Whether `segment` (`new`'s lines before a marker) goes on past `piece` (`old`'s there)
/// into `gap` (the file's lines `old`'s marker stands for): it ends with `gap`'s first line
/// where `old` ends with its own, or with more blank lines than `piece`, which `gap` starts
/// with.
fn runs_into_gap(piece: &[&str], segment: &[&str], gap: &[&str]) -> bool {
    let more_blanks = trailing_blanks(segment).saturating_sub(trailing_blanks(piece));
    if more_blanks > 0 {
        return trailing_blanks(segment) < segment.len()
            && gap.len() >= more_blanks
            && gap[..more_blanks].iter().all(|l| l.trim().is_empty());
    }
    let (Some(&last_written), Some(&last_shown), Some(&first_elided)) =
        (code(segment).last(), code(piece).last(), code(gap).first())
    else {
        return false;
    };
    !loose_equal(last_written, last_shown) && loose_equal(last_written, first_elided)
}

/// Whether `new`'s marker stands further down than `old`'s at some inner marker: before it,
/// `new` writes the first lines of the span `old`'s marker elides (`gaps`: the file's lines
/// each marker of `old` stands for), and after it drops the lines `old` shows first (generated
/// cases: old elides one line, new the lines after it; paired by order, the
/// elided line was written twice and the lines `old` showed after its marker deleted, 9 of
/// 80 cases).
pub(super) fn marker_moved_down(
    pieces: &[&[&str]],
    segments: &[Vec<&str>],
    gaps: &[Vec<&str>],
) -> bool {
    (1..pieces.len()).any(|k| {
        dropped_after_marker(pieces[k], &segments[k]) > 0
            && runs_into_gap(pieces[k - 1], &segments[k - 1], &gaps[k - 1])
    })
}

/// Whether `new` drops, after one of its inner markers, the lines `old` shows first there and
/// changes nothing else in that piece, while it changes another piece: then deleting those
/// lines and covering them with the marker are both edits, and they differ (generated
/// cases: a rename above the markers, the line after `old`'s marker deleted).
pub(super) fn drop_is_unclear(pieces: &[&[&str]], segments: &[Vec<&str>]) -> bool {
    let same = |a: &[&str], b: &[&str]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| loose_equal(x, y))
    };
    let dropped_only = |k: usize| {
        let j = dropped_after_marker(pieces[k], &segments[k]);
        j > 0 && same(&code(pieces[k])[j..], &code(&segments[k]))
    };
    (1..pieces.len())
        .filter(|&k| dropped_only(k))
        .any(|k| (0..pieces.len()).any(|i| i != k && !same(&code(pieces[i]), &code(&segments[i]))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_dropping_olds_first_lines_after_the_marker_is_seen() {
        let piece = ["a();", "b();", "c();"];
        assert_eq!(dropped_after_marker(&piece, &["b();", "c();"]), 1);
        assert_eq!(dropped_after_marker(&piece, &["c();", "d();"]), 2);
        // Starts where `old` does, rewrites its first line, or keeps the line it drops.
        assert_eq!(dropped_after_marker(&piece, &["a();", "c();"]), 0);
        assert_eq!(dropped_after_marker(&piece, &["a(1);", "b();"]), 0);
        assert_eq!(dropped_after_marker(&piece, &["b();", "a();"]), 0);
    }

    #[test]
    fn new_writing_the_first_elided_lines_before_its_marker_is_seen() {
        let gap = ["", "let b = 2;"];
        assert!(runs_into_gap(&["let a = 1;"], &["let a = 1;", ""], &gap));
        let gap = ["let b = 2;", "let c = 3;"];
        assert!(runs_into_gap(
            &["let a = 1;"],
            &["let a = 10;", "let b = 2;"],
            &gap
        ));
        // `old`'s own last line, or a line not from the span.
        assert!(!runs_into_gap(&["let a = 1;"], &["let a = 1;"], &gap));
        assert!(!runs_into_gap(
            &["let a = 1;"],
            &["let a = 1;", "let z = 9;"],
            &gap
        ));
        // A blank line the span does not start with.
        assert!(!runs_into_gap(&["let a = 1;"], &["let a = 1;", ""], &gap));
    }

    #[test]
    fn a_drop_beside_a_change_elsewhere_is_unclear() {
        let pieces: [&[&str]; 2] = [&["x = 1"], &["a = 1", "b = 2"]];
        let drop_and_rename = [vec!["x = 2"], vec!["b = 2"]];
        assert!(drop_is_unclear(&pieces, &drop_and_rename));
        // The drop is the whole edit: a deletion.
        let drop_alone = [vec!["x = 1"], vec!["b = 2"]];
        assert!(!drop_is_unclear(&pieces, &drop_alone));
        // The drop comes with a change in its own piece: left to the reading by order.
        let drop_and_add = [vec!["x = 2"], vec!["b = 2", "c = 3"]];
        assert!(!drop_is_unclear(&pieces, &drop_and_add));
    }
}
