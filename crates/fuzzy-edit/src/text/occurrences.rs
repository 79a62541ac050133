//! Where a string occurs in a [`Text`] as written: every occurrence, overlapping ones
//! included, in the text's own line endings. The exact strategy's search, and the one every
//! rule that asks "is this already in the file, and where" uses.

use std::ops::Range;

use super::Text;
use crate::normalize::{self, HashBits};

/// Non-overlapping byte spans where `old` occurs, trying CRLF line endings when the text uses
/// them and `old` does not.
///
/// The last search is remembered with the text when it found few spans: the rules that judge a
/// match look for `new` in the file one after another (the whole of a 4 MB file each time).
pub(crate) fn exact_spans(text: &Text, old: &str) -> Vec<Range<usize>> {
    if let Some(spans) = text
        .last_search
        .borrow()
        .as_ref()
        .and_then(|(o, s)| (o == old).then(|| s.clone()))
    {
        return spans;
    }
    let spans = if lines_absent(text, old) {
        Vec::new()
    } else {
        exact_spans_at_most(text, old, usize::MAX)
    };
    if spans.len() <= REMEMBERED_SPANS {
        *text.last_search.borrow_mut() = Some((old.to_string(), spans.clone()));
    }
    spans
}

/// Most spans a remembered search holds: a search with more is as cheap to repeat as to copy.
const REMEMBERED_SPANS: usize = 64;

/// Whether `s` cannot occur in `text` because a line of it between two of its line feeds is
/// none of the file's lines, told by the loose hashes of the file's lines when a strategy has
/// hashed them already (where `s` occurs, such a line is a whole line of the file, a `\r` at
/// most after it: the same loose key). One pass over the hashes, ended when every line is
/// found. The rules look for `new` in the file after a fuzzy match, and its changed line is
/// seldom anywhere: `typo` at 100k lines, the searches for `new` and for `old` with its escapes
/// read (7.2 M instructions, callgrind) gave way to passes of 2.5 M.
fn lines_absent(text: &Text, s: &str) -> bool {
    let Some(hashes) = text.loose_hashes.get() else {
        return false;
    };
    // The first piece may end a longer line of the file, the last begin one.
    let mut pieces: Vec<&str> = s.split('\n').skip(1).collect();
    pieces.pop();
    let mut wanted: Vec<u64> = pieces.into_iter().map(normalize::loose_hash).collect();
    wanted.sort_unstable();
    wanted.dedup();
    if wanted.is_empty() {
        return false;
    }
    let mut bits = HashBits::default();
    for &h in &wanted {
        bits.insert(h);
    }
    let mut found = vec![false; wanted.len()];
    let mut left = wanted.len();
    for &h in hashes {
        if !bits.may_hold(h) {
            continue;
        }
        if let Ok(k) = wanted.binary_search(&h) {
            if !found[k] {
                found[k] = true;
                left -= 1;
                if left == 0 {
                    return false;
                }
                // A line found is let through no more: code repeats its lines, and a
                // `running_total = 0` in each of 10,000 functions was looked up each time
                // (`typo_first` at 100k lines: 2.2 M instructions for the pass, callgrind).
                if wanted.len() <= REFILTERED_LINES {
                    bits = HashBits::default();
                    for (&w, _) in wanted.iter().zip(&found).filter(|(_, &f)| !f) {
                        bits.insert(w);
                    }
                }
            }
        }
    }
    true
}

/// Most lines [`lines_absent`] rebuilds its filter for as each is found (a rebuild per line
/// found, each of every line left).
const REFILTERED_LINES: usize = 64;

/// [`exact_spans`], the first `max` of them and one more when there are more: a caller with an
/// allowance need not hold millions of spans to learn that they are over it.
pub(crate) fn exact_spans_at_most(text: &Text, old: &str, max: usize) -> Vec<Range<usize>> {
    if old.is_empty() {
        return Vec::new();
    }
    let max = max.saturating_add(1);
    let hay = text.as_str().as_bytes();
    // A span must not cut a `\r\n` in two: that would leave a lone `\r` behind.
    let splits = |i: usize| i > 0 && i < hay.len() && hay[i - 1] == b'\r' && hay[i] == b'\n';
    let whole = |s: &Range<usize>| !splits(s.start) && !splits(s.end);
    let mut spans = find_all(hay, old.as_bytes(), max, &whole);
    if old.contains('\n') && !old.contains("\r\n") && text.has_crlf() {
        // The same text with the file's CRLF endings counts too (a file may mix endings).
        let crlf = old.replace('\n', "\r\n");
        spans.extend(find_all(hay, crlf.as_bytes(), max, &|_| true));
        spans.sort_by_key(|s| (s.start, s.end));
        spans.truncate(max);
    }
    spans
}

/// Every occurrence, overlapping ones included (`x\nx` occurs twice in `x\nx\nx`): each is a
/// candidate, so an overlap is an ambiguity, not a hidden second match.
///
/// Linear in the haystack even when the occurrences overlap by most of their length (a block of
/// identical lines in a file of them): after an occurrence, the next one can only start a period
/// of the needle further on, and within a run of a periodic needle each further occurrence is
/// confirmed by comparing one period's bytes, not the whole needle again.
/// At most `max` of them, of those `keep` keeps.
fn find_all(
    hay: &[u8],
    needle: &[u8],
    max: usize,
    keep: &dyn Fn(&Range<usize>) -> bool,
) -> Vec<Range<usize>> {
    let finder = memchr::memmem::Finder::new(needle);
    let len = needle.len();
    let period = smallest_period(needle);
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = finder.find(&hay[from..]) {
        if out.len() >= max {
            break;
        }
        let mut at = from + i;
        if keep(&(at..at + len)) {
            out.push(at..at + len);
        }
        if 2 * period > len {
            // Two occurrences overlap only at a period of the needle, so none starts sooner.
            from = at + period;
            continue;
        }
        // The next occurrence at `at + period` shares all but its last `period` bytes with this
        // one. When the run breaks, no occurrence starts before `at + len - period + 1`: a shift
        // that short is a multiple of the period (Fine and Wilf), and those fail as this one did.
        let tail = &needle[len - period..];
        while out.len() < max && hay.get(at + len..at + len + period) == Some(tail) {
            at += period;
            if keep(&(at..at + len)) {
                out.push(at..at + len);
            }
        }
        from = at + len - period + 1;
    }
    out
}

/// The smallest `p > 0` with `needle[i] == needle[i + p]` wherever both exist: the needle's
/// length minus its longest proper border (the Knuth-Morris-Pratt failure function).
fn smallest_period(needle: &[u8]) -> usize {
    let mut border = vec![0usize; needle.len()];
    let mut k = 0;
    for i in 1..needle.len() {
        while k > 0 && needle[i] != needle[k] {
            k = border[k - 1];
        }
        if needle[i] == needle[k] {
            k += 1;
        }
        border[i] = k;
    }
    needle.len() - border.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_search_answers_as_a_fresh_one() {
        let text = Text::new("ab\nab\r\nc\n");
        for needle in ["ab", "ab\n", "c", "ab", "zz", "ab\n", "b"] {
            let fresh = exact_spans_at_most(&text, needle, usize::MAX);
            assert_eq!(exact_spans(&text, needle), fresh, "{needle:?}");
            assert_eq!(exact_spans(&text, needle), fresh, "{needle:?}, again");
        }
        // More spans than are remembered: found again, the same.
        let src = "x\n".repeat(REMEMBERED_SPANS + 5);
        let many = Text::new(&src);
        assert_eq!(exact_spans(&many, "x").len(), REMEMBERED_SPANS + 5);
        assert_eq!(exact_spans(&many, "x").len(), REMEMBERED_SPANS + 5);
        assert!(many.last_search.borrow().is_none());
    }

    #[test]
    fn a_line_no_line_of_the_file_rules_a_search_out_once_the_lines_are_hashed() {
        let text = Text::new("a\nb\nc\n");
        // Not hashed yet: nothing is ruled out.
        assert!(!lines_absent(&text, "a\nzz\nc"));
        text.loose_hashes();
        assert!(lines_absent(&text, "a\nzz\nc"));
        // The first and last pieces may be parts of longer lines; spacing aside, a line is.
        assert!(!lines_absent(&text, "zz\nb\nzz"));
        assert!(!lines_absent(&text, "a\n  b \r\nc"));
    }

    proptest::proptest! {
        /// With the file's lines hashed, the search answers as the search without the hashes'
        /// word (`exact_spans_at_most`, which never asks them): CRLF endings, blank and
        /// space-only lines, Unicode spaces.
        #[test]
        fn a_search_ruled_out_by_the_hashes_finds_nothing(
            src in "[ab \t\r\n\u{a0}]{0,40}",
            needle in "[ab \r\n\u{a0}]{1,14}",
        ) {
            let text = Text::new(&src);
            text.loose_hashes();
            proptest::prop_assert_eq!(
                exact_spans(&text, &needle),
                exact_spans_at_most(&text, &needle, usize::MAX)
            );
        }
    }

    #[test]
    fn at_most_stops_one_past_the_allowance() {
        let text = Text::new("x\nx\nx\nx\nx\n");
        assert_eq!(exact_spans_at_most(&text, "x", 2).len(), 3);
        assert_eq!(exact_spans_at_most(&text, "x", 9).len(), 5);
        assert_eq!(exact_spans_at_most(&text, "x\nx", 1).len(), 2);
        // A span cutting a CRLF is not counted.
        let crlf = Text::new("a\r\na\rza\rz");
        let all = exact_spans(&crlf, "a\r");
        assert_eq!(all, vec![3..5, 6..8]);
        assert_eq!(exact_spans_at_most(&crlf, "a\r", 0), all[..1].to_vec());
    }

    #[test]
    fn finds_every_occurrence() {
        let t = Text::new("ab ab ab");
        assert_eq!(exact_spans(&t, "ab"), [0..2, 3..5, 6..8]);
        assert!(exact_spans(&t, "").is_empty());
        let t = Text::new("x\nx\nx\n");
        assert_eq!(exact_spans(&t, "x\nx"), [0..3, 2..5]);
    }

    #[test]
    fn overlapping_runs_are_found_as_the_naive_search_finds_them() {
        let naive = |hay: &[u8], needle: &[u8]| -> Vec<Range<usize>> {
            (0..=hay.len().saturating_sub(needle.len()))
                .filter(|&i| hay.len() >= needle.len() && &hay[i..i + needle.len()] == needle)
                .map(|i| i..i + needle.len())
                .collect()
        };
        // Every haystack up to 9 bytes and needle up to 5 over two letters.
        let words = |max: usize| -> Vec<Vec<u8>> {
            (1..=max)
                .flat_map(|n| {
                    (0..1u32 << n)
                        .map(move |bits| (0..n).map(|i| b'a' + (bits >> i & 1) as u8).collect())
                })
                .collect()
        };
        let needles = words(5);
        for hay in words(9) {
            for needle in &needles {
                assert_eq!(
                    find_all(&hay, needle, usize::MAX, &|_| true),
                    naive(&hay, needle),
                    "{hay:?} / {needle:?}"
                );
            }
        }
        assert_eq!(smallest_period(b"abcab"), 3);
        assert_eq!(smallest_period(b"aaaa"), 1);
        assert_eq!(smallest_period(b"abc"), 3);
    }

    #[test]
    fn mixed_endings_find_both_forms() {
        let t = Text::new("a\r\nb\r\n\na\nb\n");
        assert_eq!(exact_spans(&t, "a\nb"), [0..4, 7..10]);
    }

    #[test]
    fn never_splits_a_crlf() {
        let t = Text::new("fn a() {\r\n}\r\n");
        assert_eq!(exact_spans(&t, "\n}"), vec![8..11]);
        let t = Text::new("a\r\nb");
        assert!(exact_spans(&t, "\nb").iter().all(|s| s.start != 2));
    }

    #[test]
    fn converts_line_endings_for_crlf_text() {
        let t = Text::new("a\r\nb\r\n");
        assert_eq!(exact_spans(&t, "a\nb"), vec![0..4]);
        let lf = Text::new("a\nb\n");
        assert!(exact_spans(&lf, "a\r\nb").is_empty());
    }
}
