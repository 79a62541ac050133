//! Three-way merge of sequences (diff3), used within a line when the model rewrites a line it
//! misremembered by a token or two.
//!
//! The file has `total(a, c)`, the model remembered `total(a, b)` and wrote
//! `total(a, b) + 1`: the file's difference (`c`) and the model's change (` + 1`) are
//! independent, so the merge is `total(a, c) + 1`. Lines are merged by tokens
//! (identifiers, numbers, single punctuation, whitespace runs), and only when the file's line is
//! at most [`MAX_MISREMEMBERED_TOKENS`] tokens off the model's: a line the model remembers worse
//! than that is not the line it thinks, and when both sides change the same tokens differently
//! there is no merge: the edit is refused, because the model is wrong about that code.
//!
//! One exception: a word the model misspelled and then rewrote. The file has
//! `opts: { json?: boolean }`, the model remembered `xoolean` and wrote
//! `opts: PluginOptions`: its rewrite replaces the misspelled word, and since it does not write
//! that word anywhere, nothing of its memory is carried into the file: the rewrite stands
//! ([`misspelled_word`]). A value or an operator (`1` for `2`, `<` for `<=`) is not a
//! misspelling but a different meaning, and stays a conflict.

use std::hash::Hash;
use std::ops::Range;

use similar::{capture_diff_slices, Algorithm};

use crate::align::changed_regions;
use crate::normalize::is_word_char;
use crate::thresholds::MAX_MISREMEMBERED_TOKENS;
use crate::thresholds::MIN_HEX_CHARS;
use crate::thresholds::MIN_MISSPELLED_CHARS;

/// Merge a line: `file` and `new` both derived from the model's `old`. `None` when `file` is
/// more than [`MAX_MISREMEMBERED_TOKENS`] tokens off `old`, or the changes overlap (unless the
/// model rewrote a word it misspelled: see [`rewrites_misspelling`]).
///
/// (`total(a, b)` remembered, `total(a, c)` in the file, `total(a, b) + 1` written: the merge is
/// `total(a, c) + 1`; `x = 1` remembered, `x = 2` in the file, `x = 3` written: no merge.)
pub(crate) fn merge_line(old: &str, file: &str, new: &str) -> Option<String> {
    let (b, o, t) = (tokens(old), tokens(file), tokens(new));
    let off: usize = changes(&b, &o)
        .iter()
        .map(|(r, n)| r.len().max(n.len()))
        .sum();
    if off > MAX_MISREMEMBERED_TOKENS {
        return None;
    }
    merge(&b, &o, &t)
        .map(|v| v.concat())
        .or_else(|| rewrites_misspelling(old, file, new).then(|| new.to_string()))
}

/// The word of `old` that the file spells differently, when that is the line's only difference
/// and a slip of the pen: one word (letters, digits, `_`) for one word, both at least
/// [`MIN_MISSPELLED_CHARS`] long, one letter substituted, added, dropped or two swapped (or a
/// letter and `_`: [`underscore_swapped`]). A differing digit makes another name (`item1`,
/// `item2`), so it does not count.
///
/// (`if isOpn(x):` remembered, `if isOpen(x):` in the file: `isOpn`. `x = 1` for `x = 2`: none.)
pub(crate) fn misspelled_word<'a>(old: &'a str, file: &str) -> Option<&'a str> {
    misspelling(old, file).map(|(was, _)| was)
}

/// The word of `old` that the file spells differently, and the file's spelling of it (see
/// [`misspelled_word`]).
///
/// (`if isOpn(x):` remembered, `if isOpen(x):` in the file: `("isOpn", "isOpen")`.)
pub(crate) fn misspelling<'a, 'f>(old: &'a str, file: &'f str) -> Option<(&'a str, &'f str)> {
    misspellings(old, file, 1).map(|slips| slips[0])
}

/// The words of `old` that the file spells differently, with the file's spellings, when the
/// lines differ in one to `most` words only, each a slip of the pen (see [`misspelled_word`]).
///
/// (`assertSmae($repsonse)` remembered, `assertSame($response)` in the file, `most` 2:
/// `[("assertSmae", "assertSame"), ("repsonse", "response")]`.)
pub(crate) fn misspellings<'a, 'f>(
    old: &'a str,
    file: &'f str,
    most: usize,
) -> Option<Vec<(&'a str, &'f str)>> {
    let (b, o) = (tokens(old), tokens(file));
    let regions = changes(&b, &o);
    if regions.is_empty() || regions.len() > most {
        return None;
    }
    regions
        .iter()
        .map(|(r, n)| {
            (r.len() == 1 && n.len() == 1)
                .then(|| slip(b[r.start], o[n.start]))
                .flatten()
        })
        .collect()
}

/// `(was, is)` when `was` is `is` misspelled: both words, one letter off (see
/// [`misspelled_word`]).
fn slip<'a, 'f>(was: &'a str, is: &'f str) -> Option<(&'a str, &'f str)> {
    // A word starts with a letter (`0xCAFEBABE` is a number), and is not a run of hex digits
    // (`deadbeefcafebabe`, a colour `abcdef`): a digest one letter off is another value.
    let word = |w: &str| {
        w.chars().count() >= MIN_MISSPELLED_CHARS
            && w.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && w.chars().all(is_word_char)
            && !(w.len() >= MIN_HEX_CHARS && w.chars().all(|c| c.is_ascii_hexdigit()))
    };
    if !word(was) || !word(is) {
        return None;
    }
    if rapidfuzz::distance::osa::distance(was.chars(), is.chars()) != 1 {
        return None;
    }
    // The letters that differ (outside the common prefix and suffix) are letters.
    let prefix = was
        .chars()
        .zip(is.chars())
        .take_while(|(a, c)| a == c)
        .count();
    let suffix = was
        .chars()
        .rev()
        .zip(is.chars().rev())
        .take_while(|(a, c)| a == c)
        .count();
    let differing = |w: &str| -> Vec<char> {
        let n = w.chars().count();
        let (from, to) = (prefix.min(n), n.saturating_sub(suffix).max(prefix.min(n)));
        w.chars().skip(from).take(to - from).collect()
    };
    let (a, b) = (differing(was), differing(is));
    let letters = |d: &[char]| d.iter().all(|c| c.is_alphabetic());
    (letters(&a) && letters(&b) || underscore_swapped(&a, &b)).then_some((was, is))
}

/// Whether the differing letters of two words are a letter and `_` swapped (`siz_et` for
/// `size_t`, `apps_tatus` for `app_status`): two keys struck in the wrong order, as two
/// letters are; a `_` for a letter or left out (`itemxcount`, `itemcount`) stays another name. On the stand-in
/// corpus (outside the repository, 9,424 cases, where a slip swaps two adjacent characters of a name
/// of five or more): exact 4,434 -> 4,501, wrong 9 -> 9 (the same cases); `typos` 166 -> 176
/// of 200, `flush+typos+crlf` 176 -> 188, `escaped+typos` 162 -> 171, `indent+typos` 175 ->
/// 182, `tabs+typos` 171 -> 178, `blank+typos+indent` 137 -> 144, `comment+typos` 111 -> 117,
/// `emoji+typos` 128 -> 132, `typos+prefix` 178 -> 182, `wrap+typos` 21 -> 22; every
/// must-refuse kind unchanged.
fn underscore_swapped(a: &[char], b: &[char]) -> bool {
    matches!((a, b), ([x, y], [p, q])
        if x == q && y == p && (*x == '_') != (*y == '_') && (x.is_alphabetic() || y.is_alphabetic()))
}

/// Whether the model's `new` rewrites a word it misspelled in `old` (see [`misspelled_word`])
/// without writing that misspelling anywhere: then `new` carries nothing of the slip, and the
/// file's spelling of the word is replaced along with it, as the model asked.
pub(crate) fn rewrites_misspelling(old: &str, file: &str, new: &str) -> bool {
    misspelled_word(old, file).is_some_and(|w| !tokens(new).contains(&w))
}

/// A line's identifier/number runs and other characters, one each, whitespace left out.
pub(crate) fn non_blank_tokens(s: &str) -> Vec<&str> {
    let mut out = tokens(s);
    out.retain(|t| !t.trim().is_empty());
    out
}

/// Split a line into identifier/number runs, whitespace runs and single other characters.
fn tokens(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let class = |c: char| {
        if is_word_char(c) {
            0
        } else if c.is_whitespace() {
            1
        } else {
            2
        }
    };
    let mut prev: Option<u8> = None;
    for (i, c) in s.char_indices() {
        let k = class(c);
        if i > start && (prev != Some(k) || k == 2) {
            out.push(&s[start..i]);
            start = i;
        }
        prev = Some(k);
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

/// Merge sequences: `ours` and `theirs` both derived from `base`. `None` when their changes
/// overlap (unless they are the same change).
pub(crate) fn merge<T: Eq + Hash + Clone>(base: &[T], ours: &[T], theirs: &[T]) -> Option<Vec<T>> {
    let a = changes(base, ours);
    let b = changes(base, theirs);
    for (ra, na) in &a {
        for (rb, nb) in &b {
            let overlap = ra.start < rb.end && rb.start < ra.end;
            let same_insertion_point = ra.is_empty() && rb.is_empty() && ra.start == rb.start;
            let inside = (ra.is_empty() && rb.start < ra.start && ra.start < rb.end)
                || (rb.is_empty() && ra.start < rb.start && rb.start < ra.end);
            if (overlap || same_insertion_point || inside)
                && !(ra == rb && ours[na.clone()] == theirs[nb.clone()])
            {
                return None;
            }
        }
    }
    // Apply both sides' changes in base order; identical changes once.
    let mut all: Vec<(Range<usize>, &[T])> = a
        .iter()
        .map(|(r, n)| (r.clone(), &ours[n.clone()]))
        .chain(
            b.iter()
                .filter(|(r, n)| {
                    !a.iter()
                        .any(|(ra, na)| ra == r && ours[na.clone()] == theirs[n.clone()])
                })
                .map(|(r, n)| (r.clone(), &theirs[n.clone()])),
        )
        .collect();
    all.sort_by_key(|(r, _)| (r.start, !r.is_empty()));
    let mut out = Vec::with_capacity(base.len() + 8);
    let mut pos = 0;
    for (r, replacement) in all {
        out.extend_from_slice(&base[pos..r.start.max(pos)]);
        out.extend_from_slice(replacement);
        pos = pos.max(r.end);
    }
    out.extend_from_slice(&base[pos..]);
    Some(out)
}

fn changes<T: Eq + Hash>(base: &[T], side: &[T]) -> Vec<(Range<usize>, Range<usize>)> {
    changed_regions(capture_diff_slices(Algorithm::Myers, base, side))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenizes_code() {
        assert_eq!(
            tokens("foo(a_1, 22)  +x"),
            ["foo", "(", "a_1", ",", " ", "22", ")", "  ", "+", "x"]
        );
    }

    #[test]
    fn a_slip_of_memory_and_the_change_merge_but_rival_rewrites_do_not() {
        assert_eq!(
            merge_line("total(a, b)", "total(a, c)", "total(a, b) + 1").as_deref(),
            Some("total(a, c) + 1")
        );
        assert_eq!(merge_line("x = 1", "x = 2", "x = 3"), None);
    }

    #[test]
    fn independent_changes_merge() {
        assert_eq!(
            merge(&[1, 2, 3], &[1, 9, 3], &[1, 2, 3, 4]),
            Some(vec![1, 9, 3, 4])
        );
        assert_eq!(
            merge_line("let x = a;", "let x = b;", "let x = a; y();").as_deref(),
            Some("let x = b; y();")
        );
    }

    #[test]
    fn a_letter_and_an_underscore_swapped_are_a_misspelling_but_not_one_for_the_other() {
        assert_eq!(
            misspelling("siz_et n = 0;", "size_t n = 0;"),
            Some(("siz_et", "size_t"))
        );
        assert_eq!(misspelling("n = item_count", "n = itemxcount"), None);
        assert_eq!(misspelling("n = item_count", "n = itemcount"), None);
    }

    #[test]
    fn slips_on_several_words_of_a_line_are_read_up_to_a_count() {
        let (old, file) = ("assertSmae(b, $repsonse)", "assertSame(b, $response)");
        assert_eq!(misspelling(old, file), None);
        assert_eq!(
            misspellings(old, file, 2),
            Some(vec![("assertSmae", "assertSame"), ("repsonse", "response")])
        );
        // A word for two, or any word no slip: none.
        assert_eq!(
            misspellings("assertSmae(b, c)", "assertSame(b, d)", 2),
            None
        );
        assert_eq!(misspellings("f(alpah) + g", "f(alpha) - g", 2), None);
    }

    #[test]
    fn the_same_change_on_both_sides_is_made_once() {
        // A typo in old, fixed by the file and by the model alike, plus the model's change.
        assert_eq!(
            merge_line("retrun x", "return x", "return x + 1").as_deref(),
            Some("return x + 1")
        );
    }

    #[test]
    fn conflicting_changes_do_not_merge() {
        assert_eq!(merge(&[1, 2, 3], &[1, 8, 3], &[1, 9, 3]), None);
        assert_eq!(merge(&[1, 2], &[1, 8, 2], &[1, 9, 2]), None);
    }

    #[test]
    fn a_rewrite_of_a_misspelled_word_stands() {
        assert_eq!(
            merge_line(
                "\toptions: Install & { json?: xoolean },",
                "\toptions: Install & { json?: boolean },",
                "\toptions: InstallCommandOptions,"
            )
            .as_deref(),
            Some("\toptions: InstallCommandOptions,")
        );
        // Where the model keeps the misspelled word, the file's spelling is merged in.
        assert_eq!(
            merge_line("y = getItm(a)", "y = getItem(a)", "z = getItm(a, b)").as_deref(),
            Some("z = getItem(a, b)")
        );
        // A rewrite that writes the misspelling again carries the model's memory, not the
        // file's name: no merge.
        assert!(!rewrites_misspelling(
            "y = getItm(a)",
            "y = getItem(a)",
            "y = [a].map(getItm)"
        ));
        assert!(rewrites_misspelling(
            "y = getItm(a)",
            "y = getItem(a)",
            "y = [a].map(getItem)"
        ));
    }

    #[test]
    fn a_rewrite_of_a_short_word_a_letter_off_is_no_slip() {
        // `is` remembered for the file's `in`, the line rewritten: another operator, not a
        // slip; the rewrite does not stand over the file's line.
        assert!(!rewrites_misspelling(
            "    if key is cache:",
            "    if key in cache:",
            "    if key == cache:"
        ));
        assert!(!rewrites_misspelling(
            "t = top(s)",
            "t = pop(s)",
            "t = peek(s)"
        ));
        // From four letters it is a slip, and the rewrite stands.
        assert!(rewrites_misspelling(
            "dump(os.envron)",
            "dump(os.environ)",
            "dump(os.environ.get(k))"
        ));
        // A value or a one-letter name is no slip of the pen, whatever the rewrite.
        assert!(!rewrites_misspelling("x = 1", "x = 2", "y = 3"));
        assert!(!rewrites_misspelling("f(i)", "f(j)", "g(k)"));
    }

    #[test]
    fn only_letters_of_long_words_are_misspellings() {
        assert_eq!(
            misspelled_word("if isOpn(x):", "if isOpen(x):"),
            Some("isOpn")
        );
        assert_eq!(
            misspelled_word("a = recieve()", "a = receive()"),
            Some("recieve")
        );
        assert_eq!(misspelled_word("x = 1", "x = 2"), None);
        assert_eq!(misspelled_word("use item1;", "use item2;"), None);
        assert_eq!(misspelled_word("if a < b", "if a <= b"), None);
        assert_eq!(misspelled_word("id = 3", "is = 3"), None);
        assert_eq!(misspelled_word("m = 0xCAFEBABA", "m = 0xCAFEBABE"), None);
        assert_eq!(misspelled_word("c = \"#abcdee\"", "c = \"#abcdef\""), None);
        assert_eq!(misspelled_word("total(items)", "total(itemsList)"), None);
        // Two words off is no slip.
        assert_eq!(misspelled_word("getItm(valu)", "getItem(value)"), None);
    }

    #[test]
    fn a_line_remembered_too_differently_does_not_merge() {
        // Words reordered: many tokens off, not a slip of memory.
        assert_eq!(
            merge_line(
                "summarize(d): def",
                "def summarize(d):",
                "def summarize(d, x):"
            ),
            None
        );
    }
}
