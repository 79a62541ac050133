//! Three-way merge of sequences (diff3), used within a line when the model rewrites a line it
//! misremembered by a token or two.
//!
//! The file has `total(a, c)`, the model remembered `total(a, b)` and wrote
//! `total(a, b) + 1`: the file's difference (`c`) and the model's change (` + 1`) are
//! independent, so the merge is `total(a, c) + 1`. Lines are merged by tokens
//! (identifiers, numbers, single punctuation, whitespace runs), and only when the file's line is
//! at most [`MAX_MISREMEMBERED_TOKENS`] tokens off the model's: a line the model remembers worse
//! than that is not the line it thinks, and when both sides change the same tokens differently
//! there is no merge: the edit is refused, because the model is wrong about that code.

use std::hash::Hash;
use std::ops::Range;

use similar::{capture_diff_slices, Algorithm};

use crate::align::changed_regions;

/// The most tokens a file line may differ by from the model's memory of it and still merge.
pub(crate) const MAX_MISREMEMBERED_TOKENS: usize = 1;

/// Merge a line: `file` and `new` both derived from the model's `old`. `None` when `file` is
/// more than [`MAX_MISREMEMBERED_TOKENS`] tokens off `old`, or the changes overlap.
///
/// (`total(a, b)` remembered, `total(a, c)` in the file, `total(a, b) + 1` written: the merge is
/// `total(a, c) + 1`; `x = 1` remembered, `x = 2` in the file, `x = 3` written: no merge.)
pub(crate) fn merge_line(old: &str, file: &str, new: &str) -> Option<String> {
    let (b, o, t) = (tokens(old), tokens(file), tokens(new));
    let off: usize = changes(&b, &o)
        .iter()
        .map(|(r, n)| r.len().max(n.len()))
        .sum();
    if off > MAX_MISREMEMBERED_TOKENS {
        return None;
    }
    merge(&b, &o, &t).map(|v| v.concat())
}

/// Split a line into identifier/number runs, whitespace runs and single other characters.
fn tokens(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let class = |c: char| {
        if c.is_alphanumeric() || c == '_' {
            0
        } else if c.is_whitespace() {
            1
        } else {
            2
        }
    };
    let mut prev: Option<u8> = None;
    for (i, c) in s.char_indices() {
        let k = class(c);
        if i > start && (prev != Some(k) || k == 2) {
            out.push(&s[start..i]);
            start = i;
        }
        prev = Some(k);
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

/// Merge sequences: `ours` and `theirs` both derived from `base`. `None` when their changes
/// overlap (unless they are the same change).
pub(crate) fn merge<T: Eq + Hash + Clone>(base: &[T], ours: &[T], theirs: &[T]) -> Option<Vec<T>> {
    let a = changes(base, ours);
    let b = changes(base, theirs);
    for (ra, na) in &a {
        for (rb, nb) in &b {
            let overlap = ra.start < rb.end && rb.start < ra.end;
            let same_insertion_point = ra.is_empty() && rb.is_empty() && ra.start == rb.start;
            let inside = (ra.is_empty() && rb.start < ra.start && ra.start < rb.end)
                || (rb.is_empty() && ra.start < rb.start && rb.start < ra.end);
            if (overlap || same_insertion_point || inside)
                && !(ra == rb && ours[na.clone()] == theirs[nb.clone()])
            {
                return None;
            }
        }
    }
    // Apply both sides' changes in base order; identical changes once.
    let mut all: Vec<(Range<usize>, &[T])> = a
        .iter()
        .map(|(r, n)| (r.clone(), &ours[n.clone()]))
        .chain(
            b.iter()
                .filter(|(r, n)| {
                    !a.iter()
                        .any(|(ra, na)| ra == r && ours[na.clone()] == theirs[n.clone()])
                })
                .map(|(r, n)| (r.clone(), &theirs[n.clone()])),
        )
        .collect();
    all.sort_by_key(|(r, _)| (r.start, !r.is_empty()));
    let mut out = Vec::with_capacity(base.len() + 8);
    let mut pos = 0;
    for (r, replacement) in all {
        out.extend_from_slice(&base[pos..r.start.max(pos)]);
        out.extend_from_slice(replacement);
        pos = pos.max(r.end);
    }
    out.extend_from_slice(&base[pos..]);
    Some(out)
}

fn changes<T: Eq + Hash>(base: &[T], side: &[T]) -> Vec<(Range<usize>, Range<usize>)> {
    changed_regions(capture_diff_slices(Algorithm::Myers, base, side))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenizes_code() {
        assert_eq!(
            tokens("foo(a_1, 22)  +x"),
            ["foo", "(", "a_1", ",", " ", "22", ")", "  ", "+", "x"]
        );
    }

    #[test]
    fn a_slip_of_memory_and_the_change_merge_but_rival_rewrites_do_not() {
        assert_eq!(
            merge_line("total(a, b)", "total(a, c)", "total(a, b) + 1").as_deref(),
            Some("total(a, c) + 1")
        );
        assert_eq!(merge_line("x = 1", "x = 2", "x = 3"), None);
    }

    #[test]
    fn independent_changes_merge() {
        assert_eq!(
            merge(&[1, 2, 3], &[1, 9, 3], &[1, 2, 3, 4]),
            Some(vec![1, 9, 3, 4])
        );
        assert_eq!(
            merge_line("let x = a;", "let x = b;", "let x = a; y();").as_deref(),
            Some("let x = b; y();")
        );
    }

    #[test]
    fn the_same_change_on_both_sides_is_made_once() {
        // A typo in old, fixed by the file and by the model alike, plus the model's change.
        assert_eq!(
            merge_line("retrun x", "return x", "return x + 1").as_deref(),
            Some("return x + 1")
        );
    }

    #[test]
    fn conflicting_changes_do_not_merge() {
        assert_eq!(merge(&[1, 2, 3], &[1, 8, 3], &[1, 9, 3]), None);
        assert_eq!(merge(&[1, 2], &[1, 8, 2], &[1, 9, 2]), None);
    }

    #[test]
    fn a_line_remembered_too_differently_does_not_merge() {
        // Words reordered: many tokens off, not a slip of memory.
        assert_eq!(
            merge_line(
                "summarize(d): def",
                "def summarize(d):",
                "def summarize(d, x):"
            ),
            None
        );
    }
}
