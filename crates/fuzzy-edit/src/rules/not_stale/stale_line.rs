//! Rule 3: one line of the block changed since the model read it, in a way memory does not.
//!
//! A line of `old` that differs from its block's line by a slip (a letter, one name
//! misremembered as another) is `old`'s line as remembered: the merge keeps the file's version
//! and applies the edit around it. Some differences are no slip: one of the two lines is the
//! other with a stretch of code added at its end ([`extended`]), a name of one is a name of
//! the other with a word added to it ([`renamed`]), or the two share less than half of their
//! tokens ([`rewritten`]). A model does not invent code on a line it copies, nor write a name
//! longer by a word, nor another statement in place of one: the line changed in the file
//! since the model read it (or `old` was read in another version of the code). The edit was
//! made against text that is not there, and is refused as a stale block is
//! ([`super::check_not_stale`]), with the block to copy `old` from again.
//!
//! Measured (`refuse-bench/run.py BIN sN.jsonl`, 3 seeds of 1,000 cases per class, blocks of
//! other code beside a sibling of the same shape): `stale_half` applied 22 / 22 / 19 -> 7 / 9 /
//! 4 (merged at the block 15 / 15 / 15 -> 1 / 3 / 1); `legit_typo`, `legit_indent`,
//! `legit_token` exact unchanged (851 / 870 / 882, 931 / 946 / 956, 392). The gate: unchanged,
//! but for one real-patch edit that was wrong, now refused (wrong 12 -> 11). Without the
//! nearness limit ([`MAX_LINES_BETWEEN`]) harnesskit lost one exact edit, and without the
//! shifted-line check the gate's `line_extra` lost 3 (a made-up comment paired with a file
//! line one off); counting a decomposed accent as a word break lost 2 exact and 2 located
//! cases of the attack benchmark (`nfd_old`). The independent apply and attack benchmarks:
//! unchanged.

use similar::DiffTag;

use std::collections::HashSet;

use crate::align::loose_diff;
use crate::normalize::{is_word_char, loose_key};
use crate::text::tokens;
use crate::thresholds::{
    MAX_LINES_BETWEEN, MAX_SLIP_EDITS, MIN_ADDED_CHARS, MIN_RENAMED_CHARS, MIN_REWRITTEN_TOKENS,
    MIN_SLIPPED_WORD, STALE_LINE_MAX_TOKENS,
};

/// The first line of `old` (an index) that the window's line opposite it shows
/// [`changed_since`], within `reach` of a line the edit (`old` -> `new`) changes, deletes or
/// inserts beside. Only lines opposite one another in a changed region of
/// as many lines on each side are compared (where the counts differ, lines were left out or
/// made up as well, and which stands for which is a guess), and neither line may stand on the
/// other side too (then the block was taken a line off around a line made up or left out).
/// `after` is the file's line after the window: a last line of `old` that is the window's
/// last line and `after` joined is two lines joined, not a line extended. A pair that is a
/// [`slip_of`] one another (compared as typed: the file's `⚠️ don’t “x”` for the model's
/// `⚠ don't "x"`, one word a letter off and nowhere in the file, `in_file`) is the model's
/// line misremembered, not changed since. (Only the pair as a whole is read as typed: a line
/// rewritten since under an emoji or curly-quoted comment, `total = 0  # don’t “touch”` to
/// `total = sum(prices)  # don’t “touch”`, shares the comment's words and read as no
/// rewrite when `changed_since` compared as typed: 5 wrong edits and 3 coin tosses of an
/// adversarial review's hand cases, 15 of 392 attack cases so mutated. As a slip, the attack
/// benchmark's `emoji+typos` gains stand: 58 of 200 refused `not_stale` before.)
pub(super) fn near_change_changed_since(
    old: &[&str],
    window: &[&str],
    after: Option<&str>,
    new: &[&str],
    in_file: &dyn Fn(&str) -> bool,
    slash_comments: &dyn Fn() -> bool,
    reach: Reach,
) -> Option<usize> {
    let key = |l: &str| loose_key(l).into_owned();
    let old_keys: HashSet<String> = old.iter().map(|l| key(l)).collect();
    let window_keys: HashSet<String> = window.iter().map(|l| key(l)).collect();
    let touched = near_change(old, new, reach);
    // Another statement in a line's place is no drift: near the change it refuses at any reach.
    let near = near_change(old, new, Reach::Near);
    let counts = |i: usize, j: usize| {
        touched[i] || near[i] && rewritten(&tokens(old[i]), &tokens(window[j]))
    };
    loose_diff(old, window)
        .into_iter()
        .filter(|op| op.tag() == DiffTag::Replace && op.old_range().len() == op.new_range().len())
        .flat_map(|op| op.old_range().zip(op.new_range()))
        .filter(|&(i, j)| counts(i, j))
        .filter(|&(i, j)| {
            !window_keys.contains(&key(old[i])) && !old_keys.contains(&key(window[j]))
        })
        .filter(|&(i, j)| !(j + 1 == window.len() && joins(old[i], window[j], after)))
        .filter(|&(i, j)| !slip_of(old[i], window[j], in_file))
        .find(|&(i, j)| changed_since(old[i], window[j], slash_comments))
        .map(|(i, _)| i)
}

/// Whether `line` is `first` and `second` joined into one line (tokens compared).
fn joins(line: &str, first: &str, second: Option<&str>) -> bool {
    second.is_some_and(|second| {
        let (joined, first) = (tokens(line), tokens(first));
        joined.strip_prefix(first.as_slice()) == Some(tokens(second).as_slice())
    })
}

/// How near the edit's change a line changed since must stand to have the block refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Reach {
    /// At most [`MAX_LINES_BETWEEN`] lines between: where git would see the two changes touch.
    Near,
    /// A line the edit rewrites or deletes and the line on each side of it, or the two lines
    /// around a place it inserts lines and the line beyond each: the model wrote its change
    /// against that very line, or right beside it. (An adversarial review: a drifted line
    /// directly beside a rewritten one changed what the edit means in 15 of 23 wrong merges —
    /// `if balance < amount` now `>=` above the model's `raise`, `cd "$DIR"` gone above its
    /// `rm -rf ./*`, a line rewritten with one added after it, above a drifted `release()`.)
    Touching,
    /// A line the edit rewrites or deletes, or one of the two around a place it inserts lines.
    On,
}

/// For each line of `old`, whether it stands within `reach` of a line the edit changes or
/// deletes, or of the place it inserts lines.
pub(super) fn near_change(old: &[&str], new: &[&str], reach: Reach) -> Vec<bool> {
    let mut near = vec![false; old.len()];
    for op in loose_diff(old, new) {
        if op.tag() == DiffTag::Equal {
            continue;
        }
        let r = op.old_range();
        let reach = match reach {
            Reach::Near => MAX_LINES_BETWEEN + 1,
            // An insertion touches the line before it and the line after it; then each one
            // beside those.
            Reach::Touching if r.is_empty() => 2,
            Reach::Touching => 1,
            Reach::On if r.is_empty() => 1,
            Reach::On => 0,
        };
        // An insertion at `r.start` stands between lines `r.start - 1` and `r.start`.
        let (lo, hi) = if r.is_empty() {
            (r.start.saturating_sub(reach), r.start + reach)
        } else {
            (r.start.saturating_sub(reach), r.end + reach)
        };
        for flag in near.iter_mut().take(hi.min(old.len())).skip(lo) {
            *flag = true;
        }
    }
    near
}

/// Length of the longest common subsequence of `a` and `b`.
fn common(a: &[&str], b: &[&str]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if x == y {
                diagonal + 1
            } else {
                above.max(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Whether `old_line` (a line of `old`) and `file_line` (the block's line opposite it) differ
/// as a line changed since, not as a slip of memory: [`extended`], [`renamed`] or
/// [`rewritten`]. Compared token for token as written (a slip on a line typed plain is read
/// by [`slip_of`], before).
///
/// `slash_comments` says whether the file writes comments with `//` or `/*` (a line of it
/// starts so): where it does not, ` // ` on a line is code, Python's floor division
/// (`offset = bit_index // 8` changed since from `offset = bit_index`), and not a comment the
/// model left out. (Read as a comment, 7 wrong edits of an adversarial review's hand cases:
/// `offset //= 8` written under a line that divides already.)
pub(super) fn changed_since(
    old_line: &str,
    file_line: &str,
    slash_comments: &dyn Fn() -> bool,
) -> bool {
    // A trailing comment on one line only, left out as the line was copied, and the code as
    // many tokens on both: the code is compared alone, so that a slip besides reads as a slip.
    // (Compared whole, the comment's words made the line read as rewritten: the attack
    // benchmark's `comment+typos` refused `not_stale` where the slipped line was the one the
    // edit rewrote: 118 -> 144 exact of 200, every other kind unchanged. Code of other
    // lengths is compared whole, comment and all: a line extended since stays a change.)
    fn code<'a>(line: &'a str, slash_comments: &dyn Fn() -> bool) -> Option<Vec<&'a str>> {
        let code = crate::strategy::without_trailing_comment(line)?;
        let comment = line[code.len()..].trim_start();
        (!comment.starts_with("//") || slash_comments()).then(|| tokens(code))
    }
    let (a, b) = match (
        code(old_line, slash_comments),
        code(file_line, slash_comments),
    ) {
        (None, Some(file_code)) if file_code.len() == tokens(old_line).len() => {
            (tokens(old_line), file_code)
        }
        (Some(old_code), None) if old_code.len() == tokens(file_line).len() => {
            (old_code, tokens(file_line))
        }
        _ => (tokens(old_line), tokens(file_line)),
    };
    if a.len() > STALE_LINE_MAX_TOKENS || b.len() > STALE_LINE_MAX_TOKENS {
        return false;
    }
    if comment_left_out(&a, &b) || comment_left_out(&b, &a) {
        return false;
    }
    extended(&a, &b) || extended(&b, &a) || renamed(&a, &b) || rewritten(&a, &b)
}

/// Whether `file_line` holds a number where `old_line` holds another, the two as many tokens
/// (a trailing comment left out of either aside, as [`changed_since`] reads it): `_ONCE 0`
/// and the file's `_ONCE 1`, `compute(x, 13)` and `compute(x, 113)` (numbers of digits only).
/// Memory slips letters of a word; a number is a value the file was changed to since.
pub(super) fn number_changed(
    old_line: &str,
    file_line: &str,
    slash_comments: &dyn Fn() -> bool,
) -> bool {
    fn code<'a>(line: &'a str, slash_comments: &dyn Fn() -> bool) -> Vec<&'a str> {
        match crate::strategy::without_trailing_comment(line) {
            Some(code)
                if !line[code.len()..].trim_start().starts_with("//") || slash_comments() =>
            {
                tokens(code)
            }
            _ => tokens(line),
        }
    }
    let (a, b) = (
        code(old_line, slash_comments),
        code(file_line, slash_comments),
    );
    // Digits only: a letter off in a literal (`0uxize` for `0usize`, `0x7x` for `0x7e`) is a
    // slip (the gate's `typo_edge` and `typo_old_only` lost 2 exact cases each to it).
    let number = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    a.len() == b.len()
        && a.iter()
            .zip(&b)
            .any(|(x, y)| x != y && number(x) && number(y))
}

/// Whether `file_line` is `old_line` with a trailing comment ([`comment_left_out`]). A line
/// whose `#` is glued to a word is code, read on the line as written (`#include "pgstat.h"`
/// for the file's `#include "pgstat.h"  // why`: see [`crate::strategy::opens_comment`]).
pub(super) fn comment_left_out_of(old_line: &str, file_line: &str) -> bool {
    let (short, long) = (tokens(old_line), tokens(file_line));
    let directive = || !crate::strategy::opens_comment(old_line);
    match long.strip_prefix(short.as_slice()) {
        Some(added) if !short.is_empty() && is_comment(added) => !is_comment(&short) || directive(),
        _ => false,
    }
}

/// Whether `long` is `short` with a trailing comment (`x = f(y);  // why`): a model copying the
/// line leaves the comment out, and the code is the same. (A long comment would otherwise read
/// as the line [`rewritten`].)
fn comment_left_out(short: &[&str], long: &[&str]) -> bool {
    long.strip_prefix(short)
        .is_some_and(|added| !short.is_empty() && is_comment(added) && !is_comment(short))
}

/// Whether `old_line` is `file_line` with one word a slip of memory: the same tokens but one
/// word, at most [`MAX_SLIP_EDITS`] character edits from the file's, and standing nowhere in
/// the file (`in_file`): a misspelling no one wrote, not a name the file was changed to
/// since, nor a number or another name it has (`_ONCE 0` for the file's `_ONCE 1`). The lines
/// are compared as typed ([`crate::normalize::punctuation_as_typed`]: `⚠ don't` for the
/// file's `⚠️ don’t`), as the window's pairing compared them.
pub(super) fn slip_of(old_line: &str, file_line: &str, in_file: impl Fn(&str) -> bool) -> bool {
    let (old_line, file_line) = (
        crate::normalize::punctuation_as_typed(old_line),
        crate::normalize::punctuation_as_typed(file_line),
    );
    let (a, b) = (tokens(&old_line), tokens(&file_line));
    if a.len() != b.len() {
        return false;
    }
    let mut differing = a.iter().zip(&b).filter(|(x, y)| x != y);
    let (Some((x, y)), None) = (differing.next(), differing.next()) else {
        return false;
    };
    let word = |t: &str| t.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let (xs, ys): (Vec<char>, Vec<char>) = (x.chars().collect(), y.chars().collect());
    word(x)
        && word(y)
        && xs.len().min(ys.len()) >= MIN_SLIPPED_WORD
        && crate::align::block_edits_within(&xs, &ys, MAX_SLIP_EDITS).is_some()
        && !in_file(x)
}

/// Whether `tokens` begin a comment (`//`, `/*`, `#`, `--`).
fn is_comment(tokens: &[&str]) -> bool {
    matches!(tokens, ["/", "/" | "*", ..] | ["#", ..] | ["-", "-", ..])
}

/// Whether `long` is `short` with code added at its end (`inc(1, Relaxed);` in `old`,
/// `inc(1, Relaxed); inc(2)` in the file; `3,` and `3, CSUM_TYPE`): a statement, a call or a
/// name written onto the line since. One token more that is no word (`;`, `,`, a `)`) is a
/// slip of memory; so is a trailing comment left out of a line of code (a model may leave it
/// out of the line it copies), but not a comment line that goes on (`/// Safety` and
/// `/// Safety: the caller ...`: a model does not cut a line short).
fn extended(short: &[&str], long: &[&str]) -> bool {
    let Some(added) = long.strip_prefix(short) else {
        return false;
    };
    let trailing_comment = is_comment(added) && !is_comment(short);
    let code = added.len() >= 2 || added.iter().any(|t| t.starts_with(is_word_char));
    !short.is_empty() && !added.is_empty() && code && !trailing_comment
}

/// Whether a name of one line lacking from the other is, in the other, a name with at least
/// [`MIN_ADDED_CHARS`] characters more that contains it (letter case aside):
/// `revisedCircle` for `Circle`, `node_children` for `children`. A name misremembered is
/// another name or the same one a letter off; a name with a word added is a rename made in the
/// file since.
fn renamed(a: &[&str], b: &[&str]) -> bool {
    let names = |line: &[&str], other: &[&str]| -> Vec<String> {
        line.iter()
            .filter(|t| t.starts_with(|c: char| c.is_alphabetic() || c == '_'))
            .filter(|t| !other.contains(t))
            .map(|t| t.to_lowercase())
            .collect()
    };
    let (only_a, only_b) = (names(a, b), names(b, a));
    let contains = |long: &String, short: &String| {
        short.chars().count() >= MIN_RENAMED_CHARS
            && long.chars().count() >= short.chars().count() + MIN_ADDED_CHARS
            && long.contains(short.as_str())
    };
    only_a
        .iter()
        .any(|x| only_b.iter().any(|y| contains(x, y) || contains(y, x)))
}

/// Whether the two lines share less than half of the longer one's tokens (in order), with at
/// least [`MIN_REWRITTEN_TOKENS`] of them differing: another statement in place of the one
/// `old` has.
fn rewritten(a: &[&str], b: &[&str]) -> bool {
    let longer = a.len().max(b.len());
    let shared = common(a, b);
    2 * shared < longer && longer - shared >= MIN_REWRITTEN_TOKENS
}

#[cfg(test)]
mod tests;
