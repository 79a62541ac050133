//! Twins the anchors cannot see: a near twin of the chosen block whose first or last line
//! differs from `old`'s by a character. `old` taken one character from each of two twins (the
//! first line of one, a middle line of the other) is as close to both, yet only the twin with
//! both anchor lines equal is a window; the other's anchor "slipped", and a slipped anchor
//! line that stands as written elsewhere is searched no further (it was not misremembered).
//! Here it is searched, for rivals only: a window where it slipped that is about as close to
//! `old` in character edits as the closest window makes the edit ambiguous.

use std::ops::Range;

use super::{names, slipped_anchor_windows, Standing};
use crate::align::{block_edits, block_edits_cost, block_edits_within, block_key};
use crate::candidate::Candidate;
use crate::strategy::Context;
use crate::thresholds::{BLOCK_ANCHOR_FLOOR, BLOCK_ANCHOR_MARGIN, TWIN_MARGIN};

/// Measured on generated twin blocks with mixed slips: applied to one twin 115 -> 0 (of 609),
/// no must-apply case of that generator moved; gate `typo_changed` 969 -> 968 exact (a twin 3
/// edits off, the block 1).
///
/// The lines of every window with a slipped anchor (its other anchor equal, enough middle
/// lines equal) that lies apart from `out`'s windows, scores within the margin of the best of
/// them, and is fewer than [`TWIN_MARGIN`] character edits further from `old` than the
/// closest of them: rivals the decision must see. `old` is the whole needle, `first` and
/// `last` its first and last non-blank lines.
pub(super) fn slipped_twins(
    cx: &Context<'_>,
    old: &[&str],
    (first, last): (usize, usize),
    needed: usize,
    out: &[Candidate],
) -> Vec<Range<usize>> {
    let Some(top) = out.iter().map(|c| c.score).max_by(f64::total_cmp) else {
        return Vec::new();
    };
    if top < BLOCK_ANCHOR_FLOOR {
        // The strategy passes over these windows: no rival changes that (and the search
        // costs as much as the windows').
        return Vec::new();
    }
    let body = &old[first..=last];
    let apart = |lines: &Range<usize>| {
        out.iter()
            .all(|c| lines.end <= c.lines.start || c.lines.end <= lines.start)
    };
    let windows: Vec<Candidate> =
        slipped_anchor_windows(cx, old, first, last, needed, Standing::MaySlip)
            .into_iter()
            .filter(|w| apart(&w.lines) && top - w.score < BLOCK_ANCHOR_MARGIN)
            .collect();
    if windows.is_empty() {
        return Vec::new();
    }
    let key = block_key(body);
    let text = cx.text;
    let key_of = |lines: &Range<usize>| {
        let window: Vec<&str> = lines.clone().map(|i| text.line(i)).collect();
        block_key(&window)
    };
    // The closest of the windows that contend for the edit (within the margin of the best).
    let mut closest = usize::MAX;
    for c in out.iter().filter(|c| top - c.score < BLOCK_ANCHOR_MARGIN) {
        let other = key_of(&c.lines);
        if !cx.budget.charge(block_edits_cost(key.len(), other.len())) {
            return Vec::new();
        }
        closest = closest.min(block_edits(&key, &other));
    }
    let reach = closest.saturating_add(TWIN_MARGIN - 1);
    windows
        .into_iter()
        .filter(|w| {
            let lines: Vec<&str> = w.lines.clone().map(|i| text.line(i)).collect();
            let other = block_key(&lines);
            let bytes: usize = body.iter().chain(&lines).map(|l| l.len()).sum();
            cx.budget.charge(bytes + 4 * (key.len() + other.len()))
                && !names::names_another_block(body, &lines)
                && block_edits_within(&key, &other, reach).is_some()
        })
        .map(|w| w.lines)
        .collect()
}
