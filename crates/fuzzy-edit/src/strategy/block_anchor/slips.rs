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
//! no rivals, nor are the stale blocks and slipped twins found beside it (`stale`, `twins`),
//! unless `old` is a copy of them too, read loosely ([`loosely_typed`]). Two windows that both are (a block twice in the file, `old` a slipped copy of
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

use std::ops::Range;

use super::comments::without_trailing_comment;
use super::stale::slipped_only;
use super::{near_word, typing_slip};
use crate::align::align;
use crate::candidate::Candidate;
use crate::merge3::non_blank_tokens;
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
        (Some(only), None) if out[only].score >= BLOCK_ANCHOR_FLOOR => {
            let rival = contenders
                .iter()
                .any(|&i| i != only && loosely_typed(cx, body, out[i].lines.clone()));
            (!rival).then_some(only)
        }
        _ => None,
    }
}

/// Whether `old` (its lines `body`) could as well be a typed copy of the file's `lines` read
/// loosely: each changed line the file's but for its trailing comment, or but for a letter on
/// at most [`MAX_LOOSE_WORDS`] of its words, whatever the file holds (`usr` one letter from the
/// rival's `user`, `cont` as near `cnt` as `count`). A typed copy wins over a rival only when
/// the rival is not one even so: twins that differ in one word a keystroke apart are a coin
/// toss, however many slips `old` carries besides. An adversarial review: 20 such hand cases
/// picked one twin (main refused them); all refused now, one right merge of 24 lost
/// (`tmp` against `temp`, refused, as acceptable). Out of budget: true (the rival stays).
pub(super) fn loosely_typed(cx: &Context<'_>, body: &[&str], lines: Range<usize>) -> bool {
    let (old, window, changed) = match paired(cx, body, lines) {
        Paired::Pairs {
            old,
            window,
            changed,
        } => (old, window, changed),
        Paired::NotOneForOne => return false,
        Paired::OutOfBudget => return true,
    };
    changed.iter().all(|&(i, j)| {
        let (mine, line) = (old[i], window[j]);
        let code = without_trailing_comment(line);
        code.is_some_and(|code| normalize::loose_equal(code, mine))
            || letters_apart(mine, line)
            || code.is_some_and(|code| letters_apart(mine, code))
    })
}

/// Most words of a line that may each be a letter off for a rival to read as a typed copy
/// ([`loosely_typed`]): two, as many as a line's typing slips are respelled.
const MAX_LOOSE_WORDS: usize = 2;

/// Whether `a` and `b` have the same tokens but for at most [`MAX_LOOSE_WORDS`] words, each
/// one letter inserted, deleted, replaced or two swapped from the other's.
fn letters_apart(a: &str, b: &str) -> bool {
    let (ta, tb) = (non_blank_tokens(a), non_blank_tokens(b));
    if ta.len() != tb.len() {
        return false;
    }
    let mut off = 0;
    for (x, y) in ta.iter().zip(&tb) {
        if x == y {
            continue;
        }
        let word = |t: &str| t.chars().all(normalize::is_word_char);
        if !word(x) || !word(y) || !one_letter_apart(x, y) {
            return false;
        }
        off += 1;
    }
    off <= MAX_LOOSE_WORDS
}

/// Whether `x` and `y` are one letter inserted, deleted or replaced, or two adjacent letters
/// swapped, apart.
fn one_letter_apart(x: &str, y: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (x.chars().collect(), y.chars().collect());
    let head = a.iter().zip(&b).take_while(|(p, q)| p == q).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(p, q)| p == q)
        .count();
    let (ra, rb) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    match (ra.len(), rb.len()) {
        (0, 1) | (1, 0) | (1, 1) => true,
        (2, 2) => ra[0] == rb[1] && ra[1] == rb[0],
        _ => false,
    }
}

/// Whether `old`'s non-blank lines (of `body`) pair one for one with the non-blank lines of
/// `window`, each equal (loosely), equal but for a trailing comment the file's line has, or
/// the file's line with one word mistyped ([`typing_slip`]), and more than slips of memory
/// apart ([`TWIN_MAX_EDITS`](crate::thresholds::TWIN_MAX_EDITS) character edits, which the rules on near twins and stale blocks
/// weigh already and are left to). Out of budget: false (the rivals stay).
pub(super) fn typed_copy(cx: &Context<'_>, body: &[&str], window: &Candidate) -> bool {
    let Paired::Pairs {
        old,
        window,
        changed,
    } = paired(cx, body, window.lines.clone())
    else {
        return false;
    };
    !slipped_only(&old, &window)
        && changed
            .iter()
            .all(|&(i, j)| typed_line(cx, old[i], window[j]))
}

/// `old`'s non-blank lines (of `body`) and the file's non-blank `lines`, paired one for one.
enum Paired<'o, 'w> {
    /// Every line equal or paired with one that changed (`changed`), none left over.
    Pairs {
        old: Vec<&'o str>,
        window: Vec<&'w str>,
        changed: Vec<(usize, usize)>,
    },
    /// A line left out or made up.
    NotOneForOne,
    /// The alignment could not be paid for.
    OutOfBudget,
}

fn paired<'o, 'w>(cx: &Context<'w>, body: &[&'o str], lines: Range<usize>) -> Paired<'o, 'w> {
    let text = cx.text;
    let old: Vec<&str> = body
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let window: Vec<&str> = lines
        .map(|i| text.line(i))
        .filter(|l| !l.trim().is_empty())
        .collect();
    if old.len() != window.len() {
        return Paired::NotOneForOne;
    }
    let bytes: usize = old.iter().chain(&window).map(|l| l.len()).sum();
    if !cx.budget.charge(4 * bytes) {
        return Paired::OutOfBudget;
    }
    let alignment = align(&old, &window);
    let equal = alignment.equal.iter().filter(|e| e.is_some()).count();
    if equal + alignment.replaced.len() != old.len() {
        return Paired::NotOneForOne;
    }
    Paired::Pairs {
        old,
        window,
        changed: alignment.replaced,
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_a_letter_apart_read_as_typed_loosely() {
        assert!(letters_apart("x = load(usr)", "x = load(user)"));
        assert!(letters_apart("n = cont + 1", "n = cnt + 1"));
        assert!(letters_apart("f(recieve, cont)", "f(receive, count)"));
        // Three words off, a token more, or a word two letters off: not so.
        assert!(!letters_apart("f(a1, b1, c1)", "f(a2, b2, c2)"));
        assert!(!letters_apart("f(a)", "f(a, b)"));
        assert!(!letters_apart("x = tmp", "x = tempo"));
        assert!(one_letter_apart("form", "from"));
        assert!(!one_letter_apart("form", "fxrx"));
    }
}
