//! A line "left out" that is a slip of the line of `old` beside it: no line left out, but a
//! twin's copy of the line `old` has.
//!
//! A block and its near twin differ by a letter or two on a line or two (a generated doc
//! comment, a test's `interval.tick().await;` written twice with `intxrval` in one). Where the
//! twin holds the line `old` has twice, once slipped, next to each other, aligning `old` with
//! the twin by its lines reads the slipped copy as a line the model left out, and every other
//! line stands in place: the twin looks like the block `old` was copied from, with one slip of
//! structure, while the true block (one letter off on a line of `old`) is as near. Which of the
//! two the model read is a guess; the strategy passes the edit on, and the graded strategies
//! weigh both.

use super::alignment::Step;
use crate::align::block_edits_within;
use crate::thresholds::{SLIPPED_COPY_MAX_EDITS, SLIPPED_COPY_MIN_CHARS};

/// Whether a region line the alignment `steps` leaves out stands beside a region line aligned
/// with a line of `old` that it is a slip of (`keys`: `old`'s non-blank lines, loose;
/// `region_keys`: the region's).
pub(super) fn left_out_is_slipped_copy(
    steps: &[Step],
    keys: &[String],
    region_keys: &[String],
) -> bool {
    let left: Vec<usize> = steps
        .iter()
        .filter_map(|s| match *s {
            Step::Left { j } => Some(j),
            _ => None,
        })
        .collect();
    if left.is_empty() {
        return false;
    }
    steps.iter().any(|s| {
        let Step::Same { i, j } = *s else {
            return false;
        };
        left.iter()
            .filter(|&&l| l + 1 == j || j + 1 == l)
            .any(|&l| slip_of(&keys[i], &region_keys[l]))
    })
}

/// Whether `a` and `b` (loose keys), both long enough to tell, are a slip apart.
fn slip_of(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    a.len().min(b.len()) >= SLIPPED_COPY_MIN_CHARS
        && block_edits_within(&a, &b, SLIPPED_COPY_MAX_EDITS).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_left_out_line_one_letter_from_its_aligned_neighbour_is_a_slipped_copy() {
        let old = keys(&["interval.reset();", "interval.tick().await;"]);
        let region = keys(&[
            "interval.reset();",
            "intxrval.tick().await;",
            "interval.tick().await;",
        ]);
        let steps = [
            Step::Same { i: 0, j: 0 },
            Step::Left { j: 1 },
            Step::Same { i: 1, j: 2 },
        ];
        assert!(left_out_is_slipped_copy(&steps, &old, &region));
    }

    #[test]
    fn a_left_out_line_unlike_its_neighbours_is_left_out() {
        let old = keys(&["interval.reset();", "interval.tick().await;"]);
        let region = keys(&[
            "interval.reset();",
            "sleep(Duration::from_millis(5));",
            "interval.tick().await;",
        ]);
        let steps = [
            Step::Same { i: 0, j: 0 },
            Step::Left { j: 1 },
            Step::Same { i: 1, j: 2 },
        ];
        assert!(!left_out_is_slipped_copy(&steps, &old, &region));
        // Short lines a letter apart say nothing.
        let old = keys(&["a();", "}"]);
        let region = keys(&["a();", "})", "}"]);
        assert!(!left_out_is_slipped_copy(&steps, &old, &region));
    }
}
