//! Line alignment between two blocks, and the block similarity score built on it.
//!
//! Lines are compared by their loose keys (see [`crate::normalize`]), aligned with a Myers diff
//! from `similar`, and pairs of differing lines are scored with `rapidfuzz`'s normalized
//! Levenshtein similarity. Blank lines are aligned but never scored: a block that differs only
//! in blank lines is as similar as one that does not (opencode scores blank lines 0 and so
//! rejects near-identical blocks that contain them).

use std::ops::Range;

use rapidfuzz::distance::levenshtein;
use similar::{capture_diff_slices_by_key, Algorithm, DiffOp, DiffTag};

use crate::normalize::loose_key;

mod wrap_groups;
pub(crate) use wrap_groups::{joined, wrap_groups};

/// A Myers diff of two blocks of lines compared by their loose keys: the one line diff the
/// engine uses wherever it asks how a block the model remembered differs from the file.
pub(crate) fn loose_diff(a: &[&str], b: &[&str]) -> Vec<DiffOp> {
    capture_diff_slices_by_key(Algorithm::Myers, a, b, |l| loose_key(l))
}

/// The regions where a diff's two sides differ: `(old range, new range)`, in order.
pub(crate) fn changed_regions(ops: Vec<DiffOp>) -> Vec<(Range<usize>, Range<usize>)> {
    ops.into_iter()
        .filter_map(|op| {
            let (tag, old, new) = op.as_tag_tuple();
            (tag != DiffTag::Equal).then_some((old, new))
        })
        .collect()
}

/// How the lines of `old` correspond to the lines of a window of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Alignment {
    /// For each line of `old`, the window line it equals (loosely), if any.
    pub(crate) equal: Vec<Option<usize>>,
    /// Pairs `(old line, window line)` that sit opposite each other in a changed region.
    pub(crate) replaced: Vec<(usize, usize)>,
}

/// Align `old` with `window` line by line.
pub(crate) fn align(old: &[&str], window: &[&str]) -> Alignment {
    let mut equal = vec![None; old.len()];
    let mut replaced = Vec::new();
    for op in loose_diff(old, window) {
        let (tag, o, w) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => {
                for (i, j) in o.zip(w) {
                    equal[i] = Some(j);
                }
            }
            DiffTag::Replace => replaced.extend(o.zip(w)),
            DiffTag::Delete | DiffTag::Insert => {}
        }
    }
    Alignment { equal, replaced }
}

/// How similar a window is to `old`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Similarity {
    /// 0.0 (nothing alike) to 1.0 (every non-blank line loosely equal, none missing or extra).
    pub(crate) score: f64,
    /// Non-blank lines of `old` loosely equal to a line of the window.
    pub(crate) equal_lines: usize,
    /// Non-blank lines of `old`.
    pub(crate) old_lines: usize,
}

/// Score a window against `old`: the sum of per-line similarities over aligned non-blank lines
/// (1.0 for equal lines, normalized Levenshtein for lines opposite each other in a changed
/// region, 0 for missing or extra lines), divided by the larger non-blank line count.
pub(crate) fn similarity(old: &[&str], window: &[&str]) -> Similarity {
    let old_nb: Vec<&str> = old
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let win_nb: Vec<&str> = window
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let denom = old_nb.len().max(win_nb.len());
    if denom == 0 {
        return Similarity {
            score: 1.0,
            equal_lines: 0,
            old_lines: 0,
        };
    }
    let a = align(&old_nb, &win_nb);
    let equal_lines = a.equal.iter().flatten().count();
    let mut total = equal_lines as f64;
    for &(i, j) in &a.replaced {
        total += line_similarity(old_nb[i], win_nb[j]);
    }
    Similarity {
        score: total / denom as f64,
        equal_lines,
        old_lines: old_nb.len(),
    }
}

/// Normalized Levenshtein similarity of two lines' loose keys, by characters.
pub(crate) fn line_similarity(a: &str, b: &str) -> f64 {
    let a = loose_key(a);
    let b = loose_key(b);
    levenshtein::normalized_similarity(a.chars(), b.chars())
}

/// Normalized Levenshtein similarity of two lines' loose keys, or `None` when it is below
/// `cutoff` (computed with rapidfuzz's early exit, and skipped outright when the lengths alone
/// rule it out).
pub(crate) fn line_similarity_at_least(a: &str, b: &str, cutoff: f64) -> Option<f64> {
    let a = loose_key(a);
    let b = loose_key(b);
    let (la, lb) = (a.chars().count(), b.chars().count());
    let longest = la.max(lb);
    if longest == 0 {
        return Some(1.0);
    }
    if (la.min(lb) as f64) < cutoff * longest as f64 {
        return None;
    }
    levenshtein::normalized_similarity_with_args(
        a.chars(),
        b.chars(),
        &levenshtein::Args::default().score_cutoff(cutoff),
    )
}

/// [`line_similarity_at_least`] of many lines against one: the one's key and rapidfuzz's
/// pattern of it built once (a block's anchor line compared with every candidate line).
pub(crate) struct LineLike {
    key_chars: usize,
    /// The key's characters counted by [`bag_bucket`], for a bound on the edit distance.
    bag: [i32; BAG_BUCKETS],
    scorer: levenshtein::BatchComparator<char>,
}

/// Buckets of a [`LineLike`]'s character bag: every ASCII character has its own.
const BAG_BUCKETS: usize = 128;

fn bag_bucket(c: char) -> usize {
    c as usize % BAG_BUCKETS
}

impl LineLike {
    pub(crate) fn new(line: &str) -> Self {
        let key = loose_key(line);
        let mut bag = [0; BAG_BUCKETS];
        for c in key.chars() {
            bag[bag_bucket(c)] += 1;
        }
        LineLike {
            key_chars: key.chars().count(),
            bag,
            scorer: levenshtein::BatchComparator::new(key.chars()),
        }
    }

    /// Characters of the line's loose key.
    pub(crate) fn key_chars(&self) -> usize {
        self.key_chars
    }

    /// The same as `line_similarity_at_least(other, line, cutoff)`.
    ///
    /// Most lines a block's anchor is compared with are nothing like it (a block's first line
    /// against every function's signature); they are ruled out by the bag distance first: the
    /// longer key's characters the other lacks, counted by bucket. An edit changes one
    /// bucket's count by one each way at most, so the bag distance never exceeds the edit
    /// distance and the similarity computed from it is never below rapidfuzz's. On the speed
    /// benchmark's `absent/100k` it rules out all 8,571 lines compared (these calls took 31.6 M
    /// instructions with rapidfuzz for each, 16.1 M with the bound first; callgrind).
    pub(crate) fn at_least(&self, other: &str, cutoff: f64) -> Option<f64> {
        // An ASCII line's key holds each of its bytes but whitespace: that count, taken
        // without building the key, bounds the key's length from below, and a line that much
        // longer than this one is ruled out by the length test below (the same answer). Lines
        // near every `running_total = 0` of the pipe benchmark's 100k-line file, compared with
        // a slipped anchor: 66.4 M -> 21.1 M instructions (callgrind, `typo_common` of
        // `benches/pipe_kinds_speed.py`).
        // (Counted a word at a time: byte by byte, 11.8 M of those 21.1 M.)
        if let Some(solid) = solid_ascii(other) {
            if (self.key_chars as f64) < cutoff * solid as f64 {
                return None;
            }
        }
        let b = loose_key(other);
        // Characters the keys share, counted with multiplicity (by bucket).
        let mut bag = self.bag;
        let (mut lb, mut shared) = (0usize, 0usize);
        for c in b.chars() {
            let left = &mut bag[bag_bucket(c)];
            shared += usize::from(*left > 0);
            *left -= 1;
            lb += 1;
        }
        let la = self.key_chars;
        let longest = la.max(lb);
        if longest == 0 {
            return Some(1.0);
        }
        if (la.min(lb) as f64) < cutoff * longest as f64 {
            return None;
        }
        // The bag distance, max(la, lb) - shared, is at most the edit distance; rapidfuzz's
        // similarity is `1 - distance / longest`.
        let bound = (longest - shared) as f64;
        if 1.0 - bound / (longest as f64) < cutoff {
            return None;
        }
        self.scorer.normalized_similarity_with_args(
            b.chars(),
            &levenshtein::Args::default().score_cutoff(cutoff),
        )
    }
}

/// The bytes of an ASCII line that are not whitespace (`\t` to `\r`, the space); `None` for a
/// line that is not ASCII.
pub(crate) fn solid_ascii(line: &str) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let bytes = line.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    let mut blank = 0;
    for chunk in &mut chunks {
        let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        if w & HIGH != 0 {
            return None;
        }
        // Each byte is below 0x80, so adding at most 0x7f to it never carries into the next:
        // the high bit of `(b ^ 0x20) + 0x7f` is clear exactly for a space, that of `b + 0x77`
        // set from 9 (`\t`) on, that of `b + 0x72` from 14 (past `\r`).
        let space = !((w ^ (0x20 * ONES)).wrapping_add(0x7f * ONES)) & HIGH;
        let control = w.wrapping_add(0x77 * ONES) & !w.wrapping_add(0x72 * ONES) & HIGH;
        // One bit per blank byte, summed into the top byte.
        blank += (((space | control) >> 7).wrapping_mul(ONES) >> 56) as usize;
    }
    for &b in chunks.remainder() {
        // (A byte of a character beyond ASCII.)
        if b >= 0x80 {
            return None;
        }
        blank += usize::from(matches!(b, b'\t'..=b'\r' | b' '));
    }
    Some(bytes.len() - blank)
}

/// A loose key's characters counted by bucket, to rule out lines further than some edits from
/// it without computing the distance: a scan that compares one key with every line of a file
/// meets mostly lines nothing like it.
#[derive(Debug, Clone)]
pub(crate) struct CharBag {
    chars: usize,
    bag: [i32; BAG_BUCKETS],
}

impl CharBag {
    pub(crate) fn new(key: &str) -> Self {
        let mut bag = [0; BAG_BUCKETS];
        for c in key.chars() {
            bag[bag_bucket(c)] += 1;
        }
        CharBag {
            chars: key.chars().count(),
            bag,
        }
    }

    /// A lower bound on the Levenshtein distance (by characters) from this key to `other`:
    /// the longer one's characters the other lacks, counted by bucket (an edit changes one
    /// bucket's count by one each way at most, as in [`LineLike::at_least`]).
    pub(crate) fn edits_at_least(&self, other: &str) -> usize {
        let mut bag = self.bag;
        let (mut len, mut shared) = (0usize, 0usize);
        for c in other.chars() {
            let left = &mut bag[bag_bucket(c)];
            shared += usize::from(*left > 0);
            *left -= 1;
            len += 1;
        }
        self.chars.max(len) - shared
    }
}

/// The non-blank lines of a block by their loose keys, one `\n` between them: the text whose
/// edit distance [`block_edits`] counts.
pub(crate) fn block_key(lines: &[&str]) -> Vec<char> {
    let mut out = Vec::new();
    for line in lines.iter().filter(|l| !l.trim().is_empty()) {
        if !out.is_empty() {
            out.push('\n');
        }
        out.extend(loose_key(line).chars());
    }
    out
}

/// Character edits (Levenshtein) between two blocks' [`block_key`]s: whitespace runs read as
/// one space, indentation, trailing blanks and blank lines not at all.
pub(crate) fn block_edits(a: &[char], b: &[char]) -> usize {
    levenshtein::distance(a.iter().copied(), b.iter().copied())
}

/// [`block_edits`], or `None` when it is more than `cutoff` (computed in a band of the edit
/// matrix, in time linear in the blocks).
pub(crate) fn block_edits_within(a: &[char], b: &[char], cutoff: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > cutoff {
        return None;
    }
    levenshtein::distance_with_args(
        a.iter().copied(),
        b.iter().copied(),
        &levenshtein::Args::default().score_cutoff(cutoff),
    )
}

/// What [`block_edits`] costs, in budget units: the bit-parallel algorithm takes a step per
/// character of one side per 64 characters of the other.
pub(crate) fn block_edits_cost(a: usize, b: usize) -> usize {
    a + b + a.saturating_mul(b.div_ceil(64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_like_another_scores_as_the_pair_does() {
        let pairs = [
            (
                "pub fn missing_helper(config: &Config) {",
                "pub fn missing_helpr(config: &Config) {",
            ),
            ("  let  x = 1;", "let x = 1;"),
            ("\u{201C}a\u{201D}", "\"a\""),
            ("", "x"),
            ("", ""),
            ("short", "a much longer line than that"),
        ];
        for (a, b) in pairs {
            for cutoff in [0.5, 0.8, 0.95] {
                assert_eq!(
                    LineLike::new(b).at_least(a, cutoff),
                    line_similarity_at_least(a, b, cutoff),
                    "{a:?} {b:?} {cutoff}"
                );
            }
        }
    }

    /// The bag-distance bound rules out only pairs rapidfuzz rules out: anchors against lines
    /// one, a few and many edits away, longer and shorter, ASCII or not.
    #[test]
    fn the_bag_bound_never_rules_out_a_line_alike_enough() {
        let anchor = "pub fn missing_helper(config: &Config) -> Result<(), Error> {";
        let mut others: Vec<String> = vec![
            "pub fn weighted_sum_12(values: &[u64], weight: u64) -> u64 {".into(),
            "pub fn missing_helpr(config: &Config) -> Result<(), Error> {".into(),
            "pub fn helper_missing(config: &Config) -> Result<(), Error> {".into(),
            "fn missing_helper(cfg: &Config) -> Result<(), Error> {".into(),
            "pub fn missing_helper(config: &Config) -> Result<(), Error> { … }".into(),
        ];
        // Every rotation and every prefix of the anchor: bags equal, order scrambled.
        for k in 0..anchor.len() {
            others.push(format!("{}{}", &anchor[k..], &anchor[..k]));
            others.push(anchor[..k].to_string());
        }
        for old in [anchor, "    Ok(())", "}", "«é» ok", ""] {
            for other in others.iter().map(String::as_str).chain([old, "«e» ok"]) {
                for cutoff in [0.5, 0.7, 0.8, 0.9] {
                    assert_eq!(
                        LineLike::new(old).at_least(other, cutoff),
                        line_similarity_at_least(other, old, cutoff),
                        "{old:?} {other:?} {cutoff}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// Lines with runs of every kind of whitespace, far longer and shorter than the anchor:
        /// the length bound rules out only what the full comparison rules out.
        #[test]
        fn the_length_bound_agrees_with_the_full_comparison(
            old in "[ab \t]{0,12}",
            other in "[ab \t\u{b}\u{c}\r]{0,40}",
            cutoff in proptest::sample::select(vec![0.5, 0.8, 0.95]),
        ) {
            proptest::prop_assert_eq!(
                LineLike::new(&old).at_least(&other, cutoff),
                line_similarity_at_least(&other, &old, cutoff)
            );
        }

        /// Whitespace counted a word at a time is whitespace counted byte by byte, at every
        /// offset of a word, beside bytes one off each edge of the range and non-ASCII ones.
        #[test]
        fn solid_bytes_are_counted_as_byte_by_byte(line in "[ \t\u{8}\n\u{b}\u{c}\r\u{e}\u{1f}!a\u{7f}\u{e9}]{0,30}") {
            let bytewise = line.is_ascii().then(|| {
                line.bytes().filter(|b| !matches!(b, b'\t'..=b'\r' | b' ')).count()
            });
            proptest::prop_assert_eq!(solid_ascii(&line), bytewise);
        }

        /// The bag's bound is never above the distance rapidfuzz counts: keys that share
        /// letters in another order, a letter or two off, of other lengths, ASCII or not (and
        /// characters 128 apart, which share a bucket).
        #[test]
        fn the_bag_bound_never_exceeds_the_distance(
            a in "[abc\u{e1}\u{e2}\u{1f600} ]{0,16}",
            b in "[abc\u{e1}\u{e2}\u{1f600} ]{0,16}",
        ) {
            let d = levenshtein::distance(a.chars(), b.chars());
            proptest::prop_assert!(CharBag::new(&a).edits_at_least(&b) <= d);
            proptest::prop_assert!(CharBag::new(&b).edits_at_least(&a) <= d);
        }
    }

    #[test]
    fn aligns_equal_and_replaced_lines() {
        let a = align(&["a", "b", "c"], &["a", "x", "c", "d"]);
        assert_eq!(a.equal, [Some(0), None, Some(2)]);
        assert_eq!(a.replaced, [(1, 1)]);
    }

    #[test]
    fn blank_lines_do_not_lower_the_score() {
        let s = similarity(&["a()", "", "b()"], &["a()", "b()"]);
        assert_eq!(s.score, 1.0);
        assert_eq!(s.equal_lines, 2);
    }

    #[test]
    fn one_changed_line_scores_between() {
        let s = similarity(
            &["alpha()", "beta()", "gamma()"],
            &["alpha()", "beta(x)", "gamma()"],
        );
        assert!(s.score > 0.9 && s.score < 1.0, "{s:?}");
        assert_eq!(s.equal_lines, 2);
    }

    #[test]
    fn block_edits_count_characters_and_ignore_whitespace_layout() {
        let key = |lines: &[&str]| block_key(lines);
        let old = key(&["fn f() {", "    let total = 0;", "}"]);
        // Indentation, inner spacing and blank lines are not edits; a slip is one.
        assert_eq!(
            block_edits(&old, &key(&["fn f() {", "", "\tlet  total = 0;", "}"])),
            0
        );
        assert_eq!(
            block_edits(&old, &key(&["fn f() {", "    let totals = 0;", "}"])),
            1
        );
        // A renamed identifier is as many edits as the name grew.
        assert_eq!(
            block_edits(&old, &key(&["fn f() {", "    let total_alt = 0;", "}"])),
            4
        );
    }

    #[test]
    fn cutoff_prunes_by_length() {
        assert_eq!(line_similarity_at_least("a", "abcdefgh", 0.5), None);
        assert!(line_similarity_at_least("abcd", "abce", 0.5).unwrap() >= 0.75);
    }
}
