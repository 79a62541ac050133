//! **Typo line**: one line of `old`, a character or two off the one line of the file it means.
//!
//! A single line has no neighbours to anchor it (that is [`BlockAnchor`](super::block_anchor)'s
//! way for blocks), so the line itself must be unmistakable: at least [`MIN_CHARS`] characters,
//! at most [`MAX_EDITS`] edits from a line of the file (whitespace runs read as one space), and
//! every other line of the file at least [`MARGIN`] edits further. A ratio margin cannot tell
//! a line 1 edit away from its near twin 2 edits away; a distance margin can. Lines within the
//! margin of each other are all candidates, so the edit is refused as ambiguous. The usual
//! merge then keeps the file's version of the slip and refuses a change to the slipped token.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "def f(items):\n    total = sum(item.price for item in items)\n    return total\n";
//! let old = "    total = sum(item.price for item in item)";
//! let new = "    total = sum(item.price for item in item) * 2";
//! let out = apply(file, &Edit::new(old, new)).unwrap();
//! assert!(out.text.contains("    total = sum(item.price for item in items) * 2\n"));
//! assert_eq!(out.matches[0].strategy, "typo_line");
//! ```

use rapidfuzz::distance::levenshtein;

use super::{line_candidates, Candidate, Context, Strategy, StrategyId, LINE_COMPARE_UNITS};
use crate::normalize::loose_key;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TypoLine;

/// Shortest line (in characters, trimmed) this strategy judges: shorter lines are too often
/// one edit from another line.
pub(crate) const MIN_CHARS: usize = 25;
/// Most edits between `old`'s line and the file's.
pub(crate) const MAX_EDITS: usize = 2;
/// How many edits further every other line must be than the best.
pub(crate) const MARGIN: usize = 3;

impl Strategy for TypoLine {
    fn id(&self) -> StrategyId {
        StrategyId::TypoLine
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        if cx.needle.line_count() != 1 {
            return Vec::new();
        }
        let key = loose_key(cx.needle.line(0));
        let len = key.chars().count();
        if len < MIN_CHARS {
            return Vec::new();
        }
        let text = cx.text;
        let reach = MAX_EDITS + MARGIN;
        // Distances up to `reach`, for the lines whose trimmed length could be that close.
        let mut near: Vec<(usize, usize)> = Vec::new();
        let scorer = levenshtein::BatchComparator::new(key.chars());
        for i in 0..text.line_count() {
            let line = text.line(i).trim();
            if line.len() + reach * 4 < len || line.len() > (len + reach) * 4 {
                continue;
            }
            if !cx
                .budget
                .charge(2 * (line.len() + len) + 2 * LINE_COMPARE_UNITS)
            {
                break;
            }
            let other = loose_key(line);
            let args = levenshtein::Args::default().score_cutoff(reach);
            if let Some(d) = scorer.distance_with_args(other.chars(), &args) {
                near.push((d, i));
            }
        }
        let Some(best) = near.iter().map(|(d, _)| *d).min() else {
            return Vec::new();
        };
        if best == 0 || best > MAX_EDITS {
            // Equal lines are the equality strategies' to find.
            return Vec::new();
        }
        let close: Vec<usize> = near
            .iter()
            .filter(|(d, _)| *d < best + MARGIN)
            .map(|(_, i)| *i)
            .collect();
        line_candidates(text, cx.needle, &close, None)
    }
}
