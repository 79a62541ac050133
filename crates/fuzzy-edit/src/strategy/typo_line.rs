//! **Typo line**: one line of `old`, a character or two off the one line of the file it means.
//!
//! A single line has no neighbours to anchor it (that is [`BlockAnchor`](super::block_anchor)'s
//! way for blocks), so the line itself must be unmistakable: at least
//! [`TYPO_LINE_MIN_CHARS`] characters, at most [`TYPO_LINE_MAX_EDITS`] edits from a line of the
//! file (whitespace runs read as one space), and every other line of the file at least
//! [`TYPO_LINE_MARGIN`] edits further. A ratio margin cannot tell a line 1 edit away from its near
//! twin 2 edits away; a distance margin can. Lines within the margin of each other are all
//! candidates, so the edit is refused as ambiguous. The usual merge then keeps the file's version
//! of the slip and refuses a change to the slipped token.
//!
//! A block of two or three lines is judged the same way over the block (see `slipped_block`):
//! [`BlockAnchor`](super::block_anchor) needs half its middle lines equal, which such a block
//! cannot show. Each line that differs must be a misspelled word, a letter off: `timestamp`
//! for `timestamptz` is another block of the same shape.
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

use super::{line_candidates, Context, Strategy, LINE_COMPARE_UNITS};
use crate::align::{solid_ascii, CharBag};
use crate::candidate::{Candidate, StrategyId};
use crate::merge3::misspelled_word;
use crate::normalize::{loose_key, trim_line};
use crate::strategy::{uncommented, writes_slash_comments};
use crate::text::Text;
use crate::thresholds::{
    TYPO_BLOCK_MAX_LINES, TYPO_BLOCK_MIN_SLIPPED_CHARS, TYPO_LINE_MARGIN, TYPO_LINE_MAX_EDITS,
    TYPO_LINE_MIN_CHARS,
};

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TypoLine;

impl Strategy for TypoLine {
    fn id(&self) -> StrategyId {
        StrategyId::TypoLine
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        if cx.needle.line_count() != 1 {
            return slipped_block(cx);
        }
        let key = loose_key(cx.needle.line(0));
        let len = key.chars().count();
        if len < TYPO_LINE_MIN_CHARS {
            return Vec::new();
        }
        let text = cx.text;
        let reach = TYPO_LINE_MAX_EDITS + TYPO_LINE_MARGIN;
        // Distances up to `reach`, for the lines whose trimmed length could be that close.
        let mut near: Vec<(usize, usize)> = Vec::new();
        let scorer = levenshtein::BatchComparator::new(key.chars());
        let bag = CharBag::new(&key);
        for i in 0..text.line_count() {
            let line = trim_line(text.line(i));
            if bytes_out_of_reach(line, len, reach) {
                continue;
            }
            if !cx
                .budget
                .charge(2 * (line.len() + len) + 2 * LINE_COMPARE_UNITS)
            {
                break;
            }
            if ascii_out_of_reach(line, len, reach) {
                continue;
            }
            let other = loose_key(line);
            if chars_out_of_reach(&other, len, reach) || bag.edits_at_least(&other) > reach {
                continue;
            }
            let args = levenshtein::Args::default().score_cutoff(reach);
            if let Some(d) = scorer.distance_with_args(other.chars(), &args) {
                near.push((d, i));
            }
        }
        let Some(best) = near.iter().map(|(d, _)| *d).min() else {
            return Vec::new();
        };
        if best == 0 || best > TYPO_LINE_MAX_EDITS {
            // Equal lines are the equality strategies' to find.
            return Vec::new();
        }
        let mut close: Vec<usize> = near
            .iter()
            .filter(|(d, _)| *d < best + TYPO_LINE_MARGIN)
            .map(|(_, i)| *i)
            .collect();
        for s in commented_copies(text, &[cx.needle.line(0)]) {
            if !close.contains(&s) {
                close.push(s);
            }
        }
        line_candidates(text, cx.needle, &close, None)
    }
}

/// The starts of the windows whose non-blank lines are `old`'s (loosely) once a trailing
/// comment the model left out is dropped from one or more of them: `old` copies such a window
/// but for a habit, as closely as it copies a window a letter off, and which one the model read
/// is a guess, so each is a candidate (refused as ambiguous beside the slipped one). Only lines
/// that begin as `old`'s first non-blank line does and are longer are read closer (a comment
/// adds to a line), so the scan costs a prefix test per line. (An adversarial review: `int
/// total = sum(xs);` typed for a block `int total = sum(xs);  // why` beside a sibling with
/// `int totals = sum(xs);` was edited in the sibling.)
fn commented_copies(text: &Text, old: &[&str]) -> Vec<usize> {
    let Some(first) = old.iter().position(|l| !l.trim().is_empty()) else {
        return Vec::new();
    };
    let lead = old[first].trim();
    let slash = std::cell::OnceCell::new();
    let slash_comments = || *slash.get_or_init(|| writes_slash_comments(text));
    let same = |line: &str, old: &str| {
        let bare = uncommented(line, &slash_comments);
        loose_key(bare) == loose_key(old)
    };
    (first..text.line_count())
        .filter(|&i| {
            let line = text.line(i).trim();
            line.len() > lead.len() && line.starts_with(lead)
        })
        .filter_map(|i| i.checked_sub(first))
        .filter(|&s| s + old.len() <= text.line_count())
        .filter(|&s| {
            let mut commented = false;
            let all = old.iter().enumerate().all(|(k, o)| {
                let line = text.line(s + k);
                if o.trim().is_empty() {
                    return text.is_blank(s + k);
                }
                if loose_key(line) == loose_key(o) {
                    return true;
                }
                commented = true;
                same(line, o)
            });
            all && commented
        })
        .collect()
}

/// Whether a trimmed line of the file is too short in bytes for its loose key to be within
/// `reach` edits of a key of `len` chars: its key has at most as many chars as the line has
/// bytes (no punctuation the key maps takes more chars than bytes). A line's bytes bound its
/// key from above only: a line padded with a long run of spaces (aligned code) has a short
/// key, so a line long in bytes may still be near (a test on that side skipped such lines
/// wrongly); the key's own length tells it ([`chars_out_of_reach`]).
fn bytes_out_of_reach(trimmed: &str, len: usize, reach: usize) -> bool {
    // (4: the most bytes a char takes in UTF-8, the slack the scan has always kept.)
    trimmed.len() + reach * 4 < len
}

/// Whether a loose key is further than `reach` in length from a key of `len` chars, so further
/// in edits (the scorer would answer None after collecting the line's chars: most of a scan's
/// cost).
fn chars_out_of_reach(key: &str, len: usize, reach: usize) -> bool {
    key_len(key).abs_diff(len) > reach
}

/// Whether a trimmed ASCII line's loose key is further than `reach` in length from a key of
/// `len` chars, told without building the key: it has at most the line's bytes and at least
/// those that are not whitespace. (Building the key of every line of a 100k-line file near
/// `old`'s length was 22 M instructions of the pipe benchmark's `absent`, callgrind.)
fn ascii_out_of_reach(trimmed: &str, len: usize, reach: usize) -> bool {
    solid_ascii(trimmed).is_some_and(|solid| trimmed.len() + reach < len || solid > len + reach)
}

/// The length of a loose key in chars (by bytes when it is ASCII, as most lines of code are).
fn key_len(key: &str) -> usize {
    if key.is_ascii() {
        key.len()
    } else {
        key.chars().count()
    }
}

/// A block of two or three non-blank lines, a character or two off a block of the file: the
/// same rules as for one line, over the block. Its lines together are at least [`TYPO_LINE_MIN_CHARS`]
/// characters, the window's blank lines stand where `old`'s do, its lines are at most
/// [`TYPO_LINE_MAX_EDITS`] edits from `old`'s in all (each line that differs at least
/// [`TYPO_BLOCK_MIN_SLIPPED_CHARS`] long), and every other window at least [`TYPO_LINE_MARGIN`] edits further.
fn slipped_block(cx: &Context<'_>) -> Vec<Candidate> {
    let old: Vec<&str> = cx.needle.lines().collect();
    let non_blank: Vec<usize> = (0..old.len())
        .filter(|&k| !old[k].trim().is_empty())
        .collect();
    if non_blank.len() < 2 || non_blank.len() > TYPO_BLOCK_MAX_LINES {
        return Vec::new();
    }
    let keys: Vec<String> = old.iter().map(|l| loose_key(l).into_owned()).collect();
    let lens: Vec<usize> = keys.iter().map(|k| k.chars().count()).collect();
    if non_blank.iter().map(|&k| lens[k]).sum::<usize>() < TYPO_LINE_MIN_CHARS {
        return Vec::new();
    }
    let text = cx.text;
    let n = text.line_count();
    if old.len() > n {
        return Vec::new();
    }
    let reach = TYPO_LINE_MAX_EDITS + TYPO_LINE_MARGIN;
    // For each non-blank line of `old`, its distance (up to `reach`) from each line of the text.
    let mut near: Vec<Vec<Option<usize>>> = Vec::with_capacity(non_blank.len());
    // The window starts every row so far leaves open: a window needs a distance from each
    // row, so a line is compared only where it could complete one (the absent 2-line `old` of
    // a 100k-line file: one full scan instead of two). The charges stay those of every line.
    let mut open = vec![true; n - old.len() + 1];
    // Trimmed once for every row (each row charges every line).
    let trimmed: Vec<&str> = (0..n).map(|i| trim_line(text.line(i))).collect();
    for &k in &non_blank {
        let scorer = levenshtein::BatchComparator::new(keys[k].chars());
        let bag = CharBag::new(&keys[k]);
        let mut row = vec![None; n];
        for (i, slot) in row.iter_mut().enumerate() {
            let line = trimmed[i];
            if bytes_out_of_reach(line, lens[k], reach) {
                continue;
            }
            if !cx
                .budget
                .charge(2 * (line.len() + lens[k]) + 2 * LINE_COMPARE_UNITS)
            {
                return Vec::new();
            }
            if i.checked_sub(k).is_none_or(|s| open.get(s) != Some(&true)) {
                continue;
            }
            if ascii_out_of_reach(line, lens[k], reach) {
                continue;
            }
            let other = loose_key(line);
            if chars_out_of_reach(&other, lens[k], reach) || bag.edits_at_least(&other) > reach {
                continue;
            }
            let args = levenshtein::Args::default().score_cutoff(reach);
            *slot = scorer.distance_with_args(other.chars(), &args);
        }
        for (s, open) in open.iter_mut().enumerate() {
            *open &= row[s + k].is_some();
        }
        near.push(row);
    }
    // A start some row left closed has no distance from that row: no window (the test is
    // the one below, taken first because it is cheap).
    let windows: Vec<(usize, usize)> = (0..=n - old.len())
        .filter(|&s| open[s])
        .filter(|&s| {
            (0..old.len())
                .filter(|k| !non_blank.contains(k))
                .all(|k| text.is_blank(s + k))
        })
        .filter_map(|s| {
            let d = non_blank
                .iter()
                .zip(&near)
                .try_fold(0, |sum, (&k, row)| row[s + k].map(|d| sum + d))?;
            (d <= reach).then_some((d, s))
        })
        .collect();
    let Some(best) = windows.iter().map(|(d, _)| *d).min() else {
        return Vec::new();
    };
    // A slip is a word misspelled (a letter off, in a word of four or more) in a line long
    // enough to have one: `}` for `)`, `timestamp` for `timestamptz`, `item1` for `item2` are
    // other tokens, another block of the same shape, and the block is not this strategy's to
    // judge. (Generated: an already-applied deletion was made again in the `timestamptz` twin.)
    let slipped_in_long_lines = |s: usize| {
        non_blank.iter().all(|&k| {
            let line = text.line(s + k);
            loose_key(line) == keys[k].as_str()
                || (lens[k] >= TYPO_BLOCK_MIN_SLIPPED_CHARS
                    && misspelled_word(old[k].trim(), line.trim()).is_some())
        })
    };
    if best == 0
        || best > TYPO_LINE_MAX_EDITS
        || !windows
            .iter()
            .filter(|(d, _)| *d == best)
            .all(|&(_, s)| slipped_in_long_lines(s))
    {
        return Vec::new();
    }
    let mut close: Vec<usize> = windows
        .iter()
        .filter(|(d, _)| *d < best + TYPO_LINE_MARGIN)
        .map(|(_, s)| *s)
        .collect();
    for s in commented_copies(text, &old) {
        if !close.contains(&s) {
            close.push(s);
        }
    }
    line_candidates(text, cx.needle, &close, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    use proptest::prelude::prop_oneof;

    proptest::proptest! {
        /// The scans' length and bag tests skip only lines the scorer would find out of reach:
        /// a line any test rules out is further than `reach` edits from `old`'s line, loose keys
        /// compared (spaces of every kind, tabs, Unicode of two to four bytes, punctuation
        /// the loose key maps).
        #[test]
        fn length_tests_skip_only_lines_out_of_reach(
            old in "[ \ta-c\u{e9}\u{2019}\u{1f600}]{0,14}",
            line in prop_oneof![
                "( {2,60}|[ \t\u{a0}\u{3000}a-c\u{e9}\u{2019}\u{1f600}]){0,30}",
                // ASCII lines, which the length test by whitespace reads.
                "( {2,20}|[ \t\u{b}\u{c}\ra-c]){0,30}",
            ],
            reach in 0usize..5,
        ) {
            let key = loose_key(&old);
            let len = key.chars().count();
            let trimmed = trim_line(&line);
            let other = loose_key(trimmed);
            let skipped = bytes_out_of_reach(trimmed, len, reach)
                || ascii_out_of_reach(trimmed, len, reach)
                || chars_out_of_reach(&other, len, reach)
                || CharBag::new(&key).edits_at_least(&other) > reach;
            if skipped {
                let d = levenshtein::distance(key.chars(), other.chars());
                proptest::prop_assert!(d > reach, "{old:?} {line:?}: {d} edits, skipped");
            }
        }
    }

    #[test]
    fn a_line_padded_with_spaces_is_in_reach_of_its_key() {
        let padded = format!("total = f(a){}# note", " ".repeat(80));
        let old = "total = f(a) # note";
        let len = loose_key(old).chars().count();
        assert!(!bytes_out_of_reach(trim_line(&padded), len, 3));
        assert!(!chars_out_of_reach(&loose_key(&padded), len, 3));
    }
}
