//! Rule 3: a block whose lines `old` skips several of in a row was read somewhere else.
//!
//! A model that copies a block from memory may leave one line out (the gate's
//! `line_missing`, the independent apply benchmark's `omit`), and the block is found around
//! it. It does not leave out several lines of code in a row without an elision marker: an
//! `old` that is the block with a run of lines missing from its middle was copied from another
//! block of the same shape: another file's copy of generated code (another architecture's
//! `pub type ...` list, which lacks `__s128` and `__u128`), or another version of the file.
//! Every line of `old` then stands in the block as written, and the edit lands on the file's
//! block as if it were the one the model read. It is refused with the block to copy `old`
//! from again.

use similar::DiffTag;

use crate::align::loose_diff;
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::error::EditError;
use crate::feedback::{location, numbered};
use crate::needle::Needle;
use crate::text::Text;
use crate::thresholds::MIN_RUN_SKIPPED;

/// Rule 3: refuse as a content mismatch a candidate whose window has a run of at least
/// [`MIN_RUN_SKIPPED`] non-blank lines that `old` (the `needle` the candidate was matched
/// with) goes without, between lines `old` has. Elision matches are let be: their marker says
/// which lines it leaves out.
pub(crate) fn check_not_skipping_lines(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    needle: &Needle,
) -> Result<(), EditError> {
    if strategy == StrategyId::Elision || !matches!(candidate.fit, Fit::Lines(_)) {
        return Ok(());
    }
    let old: Vec<&str> = needle.lines().collect();
    let window: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
    let Some(run) = run_left_out(&old, &window) else {
        return Ok(());
    };
    // The lines of `old` either side of the gap: where the model's copy jumps.
    let around = run.0.saturating_sub(1)..(run.0 + 1).min(old.len());
    Err(EditError::ContentMismatch {
        rule: super::table::RuleId::NotSkippingLines.name(),
        strategy: strategy.to_string(),
        location: location(text, candidate.lines.clone(), Some(candidate.score)),
        old_text: old[around].join("\n"),
        file_text: numbered(text, candidate.lines.clone()),
    })
}

/// The first run of at least [`MIN_RUN_SKIPPED`] non-blank lines of `window` that `old` lacks
/// (lines the window has and `old` has not, where the two differ), with lines of `old` before
/// and after it: `(index in old where the run would stand, window lines of the run)`.
fn run_left_out(old: &[&str], window: &[&str]) -> Option<(usize, std::ops::Range<usize>)> {
    let ops = loose_diff(old, window);
    let last = ops.len().saturating_sub(1);
    ops.iter().enumerate().find_map(|(k, op)| {
        let (tag, o, w) = op.as_tag_tuple();
        // Only lines between two lines `old` has: a window edge is where the search put it.
        if k == 0 || k == last || !matches!(tag, DiffTag::Insert | DiffTag::Replace) {
            return None;
        }
        let non_blank = |lines: &[&str]| lines.iter().filter(|l| !l.trim().is_empty()).count();
        let extra = non_blank(&window[w.clone()]).saturating_sub(non_blank(&old[o.clone()]));
        (extra >= MIN_RUN_SKIPPED).then_some((o.start, w))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_lines_in_a_row_left_out_are_a_run() {
        let window = ["a = 1", "b = 2", "s = 3", "u = 4", "c = 5"];
        let old = ["a = 1", "b = 2", "c = 5"];
        assert_eq!(run_left_out(&old, &window), Some((2, 2..4)));
    }

    #[test]
    fn one_line_left_out_or_blank_lines_are_no_run() {
        let window = ["a = 1", "b = 2", "", "", "s = 3", "c = 5"];
        assert_eq!(
            run_left_out(&["a = 1", "b = 2", "s = 3", "c = 5"], &window),
            None
        );
        assert_eq!(run_left_out(&["a = 1", "b = 2", "c = 5"], &window), None);
    }

    #[test]
    fn lines_past_the_edges_of_old_are_no_run() {
        let window = ["x = 0", "y = 0", "a = 1", "b = 2"];
        assert_eq!(run_left_out(&["a = 1", "b = 2"], &window), None);
    }
}
