//! Stale blocks the ratio margin cannot see: the block `old` was copied from, changed since
//! the model read it (half of its middle lines rewritten), and near it a sibling of the same
//! shape a name or two from `old`. The sibling scores high (every line but one or two is
//! `old`'s), the changed block lower (its rewritten lines count for less): more than the
//! margin apart, or not a window at all when fewer than half of its middle lines are left as
//! they were. Yet the changed block still begins and ends with `old`'s anchor lines and is
//! about as alike to `old` ([`STALE_FLOOR`]): as much a sign that it is `old`'s block as the
//! sibling's nearness. Only slips of memory ([`TWIN_MAX_EDITS`] character edits in all, see
//! `closest_by_edits`) and lines left out or made up (`line_missing`, `line_extra`) make the
//! nearest window the one meant; short of that, each such window apart from it is a rival.
//!
//! Measured with a generator over other code (Rust crates, tree-sitter C, Python's standard
//! library; 3 seeds of 1,000 `stale_half` cases, blocks of 3-15 lines each beside a sibling of
//! the same shape): edits made on the sibling or elsewhere 87 / 91 / 62 -> 26 / 21 / 20 (what
//! is left: a sibling a slip from `old`, which reads as a near twin of the block; or a block
//! whose changed lines share no names with `old`). Its legitimate `old`s (the block with one
//! name misremembered, beside the sibling) 445 -> 392 exact of 1,000; with a slip or an
//! indentation off, unchanged. The gate: unchanged. [`STALE_FLOOR`] 0.5 / 0.7: seed 1's wrong
//! edits 25 / 34 (0.6: 26), seed 3's legitimate ones 391 / 393 exact (0.6: 392). Rivals only
//! among windows with half their middle lines equal: 38 / 38 / 32 wrong, 434 exact.

use std::ops::Range;

use super::{
    alignment_cost, names, BLOCK_ANCHOR_FLOOR, BLOCK_ANCHOR_MARGIN, MAX_LINE_DELTA,
    MAX_SCORED_WINDOWS, TWIN_MAX_EDITS,
};
use crate::align::{align, block_edits_within, block_key, similarity};
use crate::normalize::{self, Level};
use crate::strategy::{Candidate, Context};

/// How alike (block similarity) a window with both anchor lines of `old` must be to `old` to be
/// its block changed since (figures in the module docs).
const STALE_FLOOR: f64 = 0.6;

/// The lines of every window apart from the best of `out` (and not itself within the margin
/// of it) that has both anchor lines of `old`
/// as written, is at least [`STALE_FLOOR`] alike and is not another block by its names, when
/// the best passes the floor and differs from `old` by more than slips of memory: rivals the
/// decision must see. `old` is the whole needle, `first` and `last` its first and last
/// non-blank lines.
pub(super) fn stale_rivals(
    cx: &Context<'_>,
    old: &[&str],
    (first, last): (usize, usize),
    out: &[Candidate],
) -> Vec<Range<usize>> {
    let Some(best) = out.iter().max_by(|a, b| a.score.total_cmp(&b.score)) else {
        return Vec::new();
    };
    if best.score < BLOCK_ANCHOR_FLOOR {
        return Vec::new();
    }
    let text = cx.text;
    let body = &old[first..=last];
    let old_nb: Vec<&str> = body
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let window_nb: Vec<&str> = best
        .lines
        .clone()
        .map(|i| text.line(i))
        .filter(|l| !l.trim().is_empty())
        .collect();
    let bytes: usize = old_nb.iter().chain(&window_nb).map(|l| l.len()).sum();
    if !cx.budget.charge(4 * bytes) || slipped_only(&old_nb, &window_nb) {
        return Vec::new();
    }
    // Every window with both anchor lines as written, apart from the best, as alike to `old`
    // as a block half rewritten is: its middle lines need not be half equal.
    let hashes = text.loose_hashes();
    let (hf, hl) = (
        normalize::loose_hash(old[first]),
        normalize::loose_hash(old[last]),
    );
    let anchor =
        |i: usize, k: usize| normalize::lines_equal(text.line(i), old[k], Level::InnerWhitespace);
    let span = last - first;
    let mut rivals = Vec::new();
    let mut scored = 0;
    for start in (0..hashes.len()).filter(|&j| hashes[j] == hf) {
        let lo = start + span.saturating_sub(MAX_LINE_DELTA).max(1);
        let hi = (start + span + MAX_LINE_DELTA).min(hashes.len() - 1);
        for end in (lo..=hi).filter(|&e| hashes[e] == hl) {
            let lines = start..end + 1;
            // The best window's lines, and a window within the margin of it, are judged already.
            let overlaps_best = lines.start < best.lines.end && best.lines.start < lines.end;
            let judged = overlaps_best
                || out
                    .iter()
                    .any(|c| c.lines == lines && best.score - c.score < BLOCK_ANCHOR_MARGIN);
            if judged {
                continue;
            }
            if scored == MAX_SCORED_WINDOWS
                || !cx
                    .budget
                    .charge(alignment_cost(body.len(), end + 1 - start))
            {
                return rivals;
            }
            scored += 1;
            if !anchor(start, first) || !anchor(end, last) {
                continue;
            }
            let window: Vec<&str> = lines.clone().map(|i| text.line(i)).collect();
            if similarity(body, &window).score >= STALE_FLOOR
                && !names::names_another_block(body, &window)
            {
                rivals.push(lines);
            }
        }
    }
    rivals
}

/// Whether the lines `old` and `window` pair as changed differ by at most [`TWIN_MAX_EDITS`]
/// character edits in all: slips of memory. Lines missing from `window` or extra in it do not
/// count (a model leaves out or makes up a line: the gate's `line_missing`, `line_extra`).
fn slipped_only(old: &[&str], window: &[&str]) -> bool {
    let mut left = TWIN_MAX_EDITS;
    for (i, j) in align(old, window).replaced {
        match block_edits_within(&block_key(&[old[i]]), &block_key(&[window[j]]), left) {
            Some(d) => left -= d,
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_and_lines_missing_or_extra_are_all_a_window_may_differ_by() {
        let file = ["let a = 1;", "let b = 2;", "let c = 3;", "call(a, b, c);"];
        // One slip, or a line left out: the window is `old` as remembered.
        assert!(slipped_only(
            &["let a = 1;", "let b = 3;", "let c = 3;", "call(a, b, c);"],
            &file
        ));
        assert!(slipped_only(
            &["let a = 1;", "let c = 3;", "call(a, b, c);"],
            &file
        ));
        assert!(slipped_only(
            &[
                "let a = 1;",
                "let b = 2;",
                "let x = 0;",
                "let c = 3;",
                "call(a, b, c);"
            ],
            &file
        ));
        // A name off (4 edits), or two slips on two lines and a third: another block.
        assert!(!slipped_only(
            &[
                "let a = 1;",
                "let bees = 2;",
                "let c = 3;",
                "call(a, b, c);"
            ],
            &file
        ));
        assert!(!slipped_only(
            &["let a = 2;", "let b = 3;", "let c = 4;", "call(a, b, c);"],
            &file
        ));
    }
}
