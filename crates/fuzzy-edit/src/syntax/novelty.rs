//! Which parse errors of the result the edit added.
//!
//! # The rule
//!
//! An edit replaced `before[old]` with `after[new]`; the text around is the same. Its
//! *window* is the lines it touched plus [`CONTEXT_LINES`] on each side, in either text (the
//! context lines are the same text in both).
//!
//! 1. **The file parsed before**: every error of the result is new, wherever it is. Nothing
//!    but the edit changed, and an unclosed string or comment can surface far from its cause
//!    (at the end of the file, say).
//! 2. **The file already had errors**: an error of the result is *carried over* when an error of
//!    the same kind (`ERROR`, or `MISSING` of the same token) of the old text, entirely outside
//!    the replaced bytes, maps onto exactly its bytes through the edit (unchanged before it,
//!    shifted by the length difference after it). Carried-over errors are never blamed.
//!    Of the others, only those touching the window are judged, and the edit is guilty when
//!    there are more of them than old errors in the window that were not carried over.
//!
//! Counting instead of matching one by one inside the window is what makes rule 2 robust: the
//! parser's error recovery reshapes an existing error next to an edit (an `ERROR` node grows
//! or shrinks by a statement), which exact matching would call new. An edit that replaces one
//! broken spot with another adds nothing and is not blamed; an edit that breaks a second spot
//! is. Errors that change shape far from the edit are recovery artifacts of an already broken
//! file and are not judged; that is the price of not refusing edits to broken files for errors
//! they did not cause.

use std::collections::HashMap;
use std::ops::Range;

use super::fault::FaultKind;

/// Lines of context on each side of the edited lines within which a changed error counts as
/// the edit's. The parser reports an error where it can no longer continue, which is the
/// token or the statement after the cause: the next line or two for a bad indent, a missing
/// bracket or a glued line. Three lines cover that with one to spare; a wider window would
/// blame edits for recovery changes of errors already in the file.
pub(crate) const CONTEXT_LINES: usize = 3;

/// One replacement: `before[old]` became `after[new]`, with `old.start == new.start` and equal
/// tails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Replacement {
    pub old: Range<usize>,
    pub new: Range<usize>,
}

impl Replacement {
    /// The replacement that wrote `after[edited]`, with the old span derived from the
    /// lengths. If the text outside `edited` differs between `before` and `after` (the caller
    /// passed a wrong range), the smallest span covering every difference is used instead, so
    /// the incremental parse never reuses a tree for text that changed.
    pub(super) fn new(before: &str, after: &str, edited: Range<usize>) -> Replacement {
        let tail = after.len().saturating_sub(edited.end);
        let consistent = edited.start <= edited.end
            && edited.end <= after.len()
            && edited.start + tail <= before.len()
            && before.as_bytes()[..edited.start] == after.as_bytes()[..edited.start]
            && before.as_bytes()[before.len() - tail..] == after.as_bytes()[edited.end..];
        if consistent {
            return Replacement {
                old: edited.start..before.len() - tail,
                new: edited,
            };
        }
        Replacement::diff(before, after)
    }

    /// The smallest replacement between the two texts (common prefix and suffix removed), on
    /// character boundaries.
    fn diff(before: &str, after: &str) -> Replacement {
        let (b, a) = (before.as_bytes(), after.as_bytes());
        let mut start = b.iter().zip(a).take_while(|(x, y)| x == y).count();
        while !before.is_char_boundary(start) || !after.is_char_boundary(start) {
            start -= 1;
        }
        let max_tail = b.len().min(a.len()) - start;
        let mut tail = b
            .iter()
            .rev()
            .zip(a.iter().rev())
            .take(max_tail)
            .take_while(|(x, y)| x == y)
            .count();
        while !before.is_char_boundary(b.len() - tail) || !after.is_char_boundary(a.len() - tail) {
            tail -= 1;
        }
        Replacement {
            old: start..b.len() - tail,
            new: start..a.len() - tail,
        }
    }

    /// Where a range of the old text lies in the new one, if it lies entirely outside the
    /// replaced bytes. A range touching the replacement point of a pure insertion could be on
    /// either side of it; both readings are returned.
    fn map(&self, range: &Range<usize>) -> impl Iterator<Item = Range<usize>> {
        let shift = |p: usize| p - self.old.end + self.new.end;
        let unchanged = (range.end <= self.old.start).then(|| range.clone());
        let shifted = (range.start >= self.old.end).then(|| shift(range.start)..shift(range.end));
        unchanged.into_iter().chain(shifted)
    }
}

/// An error reduced to what the rule compares: its bytes and what it is (its kind, and the
/// grammar's symbol of its node, which names the token of a `MISSING` node).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Mark {
    pub range: Range<usize>,
    pub what: (FaultKind, u16),
}

/// The lines `span` touches, widened by [`CONTEXT_LINES`] on each side, as a byte range of
/// `text`. The line holding `span.end` counts as touched even when `span` stops at its first
/// byte: it is the line right after the replacement, where a parser notices most breakage.
pub(crate) fn window(text: &str, span: &Range<usize>) -> Range<usize> {
    let bytes = text.as_bytes();
    let line_start = |p: usize| memchr::memrchr(b'\n', &bytes[..p]).map_or(0, |nl| nl + 1);
    let line_end =
        |p: usize| memchr::memchr(b'\n', &bytes[p..]).map_or(bytes.len(), |nl| p + nl + 1);
    let mut start = line_start(span.start);
    let mut end = line_end(span.end);
    for _ in 0..CONTEXT_LINES {
        if start > 0 {
            start = line_start(start - 1);
        }
        end = line_end(end);
    }
    start..end
}

/// Whether `a` and the window `w` share a byte, counting an empty `a` at either edge of `w`.
fn touches(a: &Range<usize>, w: &Range<usize>) -> bool {
    a.start <= w.end && a.end >= w.start
}

/// The indices into `after` of the errors the edit added (see the module doc), in document
/// order; empty when it added none. `near_before` and `near_after` are the edit's [`window`]
/// in each text.
pub(crate) fn added(
    before: &[Mark],
    after: &[Mark],
    edit: &Replacement,
    near_before: &Range<usize>,
    near_after: &Range<usize>,
) -> Vec<usize> {
    if before.is_empty() {
        return (0..after.len()).collect();
    }
    // Old errors by the place they map to; each can carry over one new error at most.
    let mut by_place: HashMap<Mark, Vec<usize>> = HashMap::new();
    for (i, mark) in before.iter().enumerate() {
        for range in edit.map(&mark.range) {
            let what = mark.what;
            by_place.entry(Mark { range, what }).or_default().push(i);
        }
    }
    let mut carried = vec![false; before.len()];
    let mut fresh = Vec::new();
    for (i, mark) in after.iter().enumerate() {
        let partner = by_place
            .get_mut(mark)
            .and_then(|old| std::iter::from_fn(|| old.pop()).find(|&j| !carried[j]));
        match partner {
            Some(j) => carried[j] = true,
            None => fresh.push(i),
        }
    }
    let fresh: Vec<usize> = fresh
        .into_iter()
        .filter(|&i| touches(&after[i].range, near_after))
        .collect();
    let gone = before
        .iter()
        .zip(&carried)
        .filter(|(m, &c)| !c && touches(&m.range, near_before))
        .count();
    if fresh.len() > gone {
        fresh
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ERROR: (FaultKind, u16) = (FaultKind::Error, u16::MAX);

    fn mark(range: Range<usize>) -> Mark {
        Mark { range, what: ERROR }
    }

    /// 20 lines of 10 bytes ("line NN..\n"); the edit replaces line 10 (bytes 100..110) with
    /// `grow` more bytes.
    fn setup(grow: usize) -> (String, String, Replacement) {
        let before: String = (0..20).map(|i| format!("line {i:02}..\n")).collect();
        let new_line = format!("line 10{}..\n", "x".repeat(grow));
        let after = format!("{}{new_line}{}", &before[..100], &before[110..]);
        let edit = Replacement::new(&before, &after, 100..100 + new_line.len());
        (before, after, edit)
    }

    fn run(before: &[Mark], after: &[Mark], grow: usize) -> Vec<usize> {
        let (b, a, edit) = setup(grow);
        added(
            before,
            after,
            &edit,
            &window(&b, &edit.old),
            &window(&a, &edit.new),
        )
    }

    #[test]
    fn replacement_from_the_edited_range() {
        let (_, _, edit) = setup(5);
        assert_eq!(
            edit,
            Replacement {
                old: 100..110,
                new: 100..115
            }
        );
    }

    #[test]
    fn a_wrong_range_falls_back_to_the_difference() {
        let edit = Replacement::new("abcXdef", "abcYYdef", 0..1);
        assert_eq!(
            edit,
            Replacement {
                old: 3..4,
                new: 3..5
            }
        );
        // Multi-byte characters are not split.
        let edit = Replacement::new("aé", "aè", 7..9);
        assert_eq!(
            edit,
            Replacement {
                old: 1..3,
                new: 1..3
            }
        );
    }

    #[test]
    fn window_is_the_edited_lines_and_three_more_each_side() {
        let (before, _, edit) = setup(0);
        // Lines 7..=9, the edited line 10, line 11 (which starts where the edit ends), and
        // lines 12..=14.
        assert_eq!(window(&before, &edit.old), 70..150);
        assert_eq!(window("ab", &(1..1)), 0..2);
    }

    #[test]
    fn clean_before_blames_every_error_anywhere() {
        assert_eq!(run(&[], &[mark(0..5), mark(190..200)], 0), [0, 1]);
    }

    #[test]
    fn carried_over_errors_are_not_blamed() {
        // One error before the edit, one after it (shifted by 3 bytes).
        let before = [mark(10..20), mark(120..125)];
        let after = [mark(10..20), mark(123..128)];
        assert_eq!(run(&before, &after, 3), Vec::<usize>::new());
    }

    #[test]
    fn a_new_error_in_the_window_is_blamed() {
        let before = [mark(10..20)];
        let after = [mark(10..20), mark(105..106)];
        assert_eq!(run(&before, &after, 0), [1]);
    }

    #[test]
    fn a_changed_error_far_away_is_not_judged() {
        let before = [mark(10..20)];
        let after = [mark(10..22)];
        assert_eq!(run(&before, &after, 0), Vec::<usize>::new());
    }

    #[test]
    fn a_reshaped_error_next_to_the_edit_is_not_new() {
        // The old error on line 11 grew when line 10 changed: one gone, one fresh.
        let before = [mark(10..20), mark(112..118)];
        let after = [mark(10..20), mark(110..118)];
        assert_eq!(run(&before, &after, 0), Vec::<usize>::new());
        // A second fresh one is one more than went away.
        let after = [mark(10..20), mark(101..102), mark(110..118)];
        assert_eq!(run(&before, &after, 0), [1, 2]);
    }

    #[test]
    fn the_same_place_with_another_kind_is_not_carried() {
        let before = [mark(10..20), mark(130..130)];
        let missing = Mark {
            range: 130..130,
            what: (FaultKind::Missing, 7),
        };
        assert_eq!(
            run(&before, &[mark(10..20), missing.clone()], 0),
            Vec::<usize>::new()
        );
        let before = [mark(10..20)];
        assert_eq!(run(&before, &[mark(10..20), missing], 0), [1]);
    }
}
