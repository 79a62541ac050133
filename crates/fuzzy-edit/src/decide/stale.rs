//! Rule 3: a block that changed since the model read it, where the edit rewrites a changed line.
//!
//! The merge in [`crate::fit`] takes a line the model rewrites but remembered a token off
//! (`total(a, b)` for the file's `total(a, c)`) as a slip of memory, and merges within the
//! line. That is right for one slip. When several lines of `old` differ from the block, the
//! block is stale: the file changed there since the model read it (a name renamed on half of
//! its lines), and a line the edit rewrites is one of those changes. A three-way merge (git's)
//! calls that a conflict; merging it within the line writes the model's change over code it
//! never saw. Lines the edit keeps may differ as slips do: the merge keeps the file's version
//! of them, which is the three-way merge; but when half the block's middle lines differ, the
//! block was rewritten, and nothing is merged into it.

use crate::align::{align, loose_diff};
use crate::error::EditError;
use crate::feedback::{location, numbered};
use crate::needle::{lines_of, Needle};
use crate::strategy::{Candidate, Fit, StrategyId};
use crate::text::Text;

/// Lines of `old` (non-blank) differing from the block, at least, for it to be stale.
/// Measured: adv4 `stale_half` wrong 21 -> 8 (the rest land on a sibling block), no must-apply
/// case of adv4 or the gate moved. (At 1, every one-slip rewrite would be refused.)
const MIN_STALE_LINES: usize = 2;

/// Rule 3: refuse as a content mismatch when at least [`MIN_STALE_LINES`] non-blank lines of
/// `old` have no equal (loosely) in the candidate's window and the edit rewrites or deletes one
/// of them. `needle` is the one the candidate was matched with.
pub(crate) fn check_not_stale(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    needle: &Needle,
) -> Result<(), EditError> {
    if !matches!(candidate.fit, Fit::Lines(_)) {
        return Ok(());
    }
    let old: Vec<&str> = needle.lines().collect();
    let window: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
    let alignment = align(&old, &window);
    let differing: Vec<usize> = (0..old.len())
        .filter(|&i| alignment.equal[i].is_none() && !old[i].trim().is_empty())
        .collect();
    if differing.len() < MIN_STALE_LINES {
        return Ok(());
    }
    let (new, _) = lines_of(needle.new_text());
    let mut rewritten = vec![false; old.len()];
    for op in loose_diff(&old, &new) {
        if op.tag() != similar::DiffTag::Equal {
            op.old_range().for_each(|i| rewritten[i] = true);
        }
    }
    // Half the middle lines changed or more (of an odd count, the smaller half): not slips of
    // memory but a block rewritten since it was read; a merge of any line would be of a change
    // made against text the model never saw. Measured on a generator of stale blocks over
    // other code (1,000 `stale_half` cases per seed): merged at the block 122 / 150 -> 15 / 15
    // (seeds 1 / 3), must-apply cases beside a sibling block, the gate and the independent
    // apply benchmark unchanged. Counting only even halves left 44 / 56.
    let non_blank: Vec<usize> = (0..old.len())
        .filter(|&i| !old[i].trim().is_empty())
        .collect();
    let middle = non_blank.len().saturating_sub(2);
    let edges = [non_blank.first(), non_blank.last()];
    let differing_middle = differing
        .iter()
        .filter(|i| !edges.contains(&Some(i)))
        .count();
    let half_changed = middle > 0 && 2 * differing_middle + 1 >= middle;
    if !half_changed && !differing.iter().any(|&i| rewritten[i]) {
        return Ok(());
    }
    // The whole block, to copy `old` from again: more than the rewritten line changed.
    Err(EditError::ContentMismatch {
        strategy: strategy.to_string(),
        location: location(text, candidate.lines.clone(), Some(candidate.score)),
        old_text: differing
            .iter()
            .map(|&i| old[i])
            .collect::<Vec<_>>()
            .join("\n"),
        file_text: numbered(text, candidate.lines.clone()),
    })
}
