//! Windows `old` copies line for line but for the model's typing: each of `old`'s non-blank
//! lines is the window's (loosely), the window's without a trailing comment the model left
//! out, or the window's with one word mistyped ([`typing_slip`]: two letters swapped, one
//! dropped or doubled, making a word the file has nowhere). However many lines carry a slip,
//! such a window is the block the model read: a slip is evidence it read that very line,
//! whereas a block of the same shape elsewhere differs from `old` by whole words the file has
//! (a sibling, or `old`'s own block changed since). The character distance cannot see that:
//! three slips are six edits, as far as a renamed variable.
//!
//! So when the windows contending for the edit are all more than slips of memory from `old`
//! ([`TWIN_MAX_EDITS`](crate::thresholds::TWIN_MAX_EDITS) character edits: the near-twin rule
//! of `closest_by_edits` weighs those) and exactly one of them is such a copy, the others are
//! no rivals, nor are the stale blocks and slipped twins searched beside it (`stale`,
//! `twins`). Two windows that both are (a block twice in the file, `old` a slipped copy of
//! both) still refuse as low confidence. One slip from each of two near twins is no such copy
//! of either: the line `old` took from the other twin has that twin's words, which the file
//! has. A slipped word that the file has anywhere is no slip ([`typing_slip`] asks), and a
//! line left out or made up breaks the copy: such windows are judged as before.
//!
//! Measured on the attack set (outside the repository; 9,424 `old`s a model might send over 17
//! projects): exact 4,925 -> 5,029, every move refused -> exact, wrong 5 -> 5, every
//! must-refuse kind (twins, stale blocks, absent blocks) still refused. Of its 156 must-land
//! cases refused as `clear_lead`, by the rival that refused them: a stale block alone (`stale`)
//! 65 of 83 land, a window within the margin (`closest_by_edits`) 34 of 49, a slipped twin
//! (`twins`) 5 of 9. Its held-out seeds (17,955 cases, not tuned on): 164 more exact and 2
//! more sound (a blank line the generator's `old` left out), wrong 17 -> 17; fresh seeds 14
//! and 15 (5,985 cases each): 49 and 53 more exact, nothing else moved. The gate:
//! `comment_dropped` 452 -> 470 exact, nothing else moved (`comment_twin`, a copy of the block
//! with another trailing comment, still refused: 488 of 488). The lazy-snippet stand-in
//! corpus: unchanged.

use super::comments::without_trailing_comment;
use super::stale::slipped_only;
use super::{near_word, typing_slip};
use crate::align::align;
use crate::candidate::Candidate;
use crate::normalize;
use crate::strategy::Context;
use crate::thresholds::BLOCK_ANCHOR_FLOOR;

/// The one of `contenders` (indices into `out`) that `old` (its lines `body`) is a typed copy
/// of, when exactly one is and it passes [`BLOCK_ANCHOR_FLOOR`] (else dropping the others
/// would leave a window the floor refuses).
pub(super) fn only_typed_copy(
    cx: &Context<'_>,
    body: &[&str],
    out: &[Candidate],
    contenders: &[usize],
) -> Option<usize> {
    let mut typed = contenders
        .iter()
        .copied()
        .filter(|&i| typed_copy(cx, body, &out[i]));
    match (typed.next(), typed.next()) {
        (Some(only), None) if out[only].score >= BLOCK_ANCHOR_FLOOR => Some(only),
        _ => None,
    }
}

/// Whether `old`'s non-blank lines (of `body`) pair one for one with the non-blank lines of
/// `window`, each equal (loosely), equal but for a trailing comment the file's line has, or
/// the file's line with one word mistyped ([`typing_slip`]), and more than slips of memory
/// apart ([`TWIN_MAX_EDITS`](crate::thresholds::TWIN_MAX_EDITS) character edits, which the rules on near twins and stale blocks
/// weigh already and are left to). Out of budget: false (the rivals stay).
pub(super) fn typed_copy(cx: &Context<'_>, body: &[&str], window: &Candidate) -> bool {
    let text = cx.text;
    let old: Vec<&str> = body
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let window: Vec<&str> = (window.lines.clone())
        .map(|i| text.line(i))
        .filter(|l| !l.trim().is_empty())
        .collect();
    if old.len() != window.len() {
        return false;
    }
    let bytes: usize = old.iter().chain(&window).map(|l| l.len()).sum();
    if !cx.budget.charge(4 * bytes) {
        return false;
    }
    let alignment = align(&old, &window);
    let equal = alignment.equal.iter().filter(|e| e.is_some()).count();
    // (One for one: every line equal or paired with one that changed, none left over.)
    if equal + alignment.replaced.len() != old.len() || slipped_only(&old, &window) {
        return false;
    }
    alignment
        .replaced
        .iter()
        .all(|&(i, j)| typed_line(cx, old[i], window[j]))
}

/// Whether `mine` is the file's `line` as the model typed it: without its trailing comment,
/// one word mistyped, or both.
fn typed_line(cx: &Context<'_>, mine: &str, line: &str) -> bool {
    let text = cx.text;
    // A scan of the file per word asked (as `typed_lines` asks); out of budget, a word counts
    // as written, so no slip.
    let in_file =
        |word: &str| !cx.budget.charge(text.as_str().len() / 16) || text.contains_word(word);
    let near =
        |word: &str| !cx.budget.charge(text.as_str().len() / 16) || near_word(text.as_str(), word);
    let code = without_trailing_comment(line);
    code.is_some_and(|code| normalize::loose_equal(code, mine))
        || typing_slip(mine, line, in_file, near).is_some()
        || code.is_some_and(|code| typing_slip(mine, code, in_file, near).is_some())
}
