//! Windows of a block `old` holds line for line, a few of its lines mistyped: the model read
//! this very block and, copying it, slipped on a word of a line here and there (two adjacent
//! letters swapped, one dropped or doubled). Several such lines leave too few middle lines
//! equal for a window, or both anchor lines off; yet each slip is evidence the model read the
//! line at that spot, unlike a rename: the written word is the file's word a keystroke off,
//! and no word of the file.
//!
//! Tried only when no window was found otherwise. A window pairs `old`'s non-blank lines one
//! for one with the file's non-blank lines, from a line of `old` that stands in the file; each
//! pair equal (loosely, or but for a trailing comment the file has), or one word a typing slip
//! ([`typing_slip`], the comment left out or not); two adjacent lines of `old` may pair with
//! one line of the file they wrap, once a window (see `typed_wraps`); any other difference
//! and there is no window. The windows then go the way of every window (scored, the floor and
//! the margin, the rivals and the stale rules): two places `old` reads as slipped copies of
//! are two candidates and refused as ambiguous.
//!
//! Measured on a stand-in for an outside corpus (`old`s a model might send over 17 projects
//! in 12 languages, 9,424 cases of 57 kinds, 2-4 lines of a 3-12-line block mistyped where
//! a kind says so): exact 3,937 -> 4,308, wrong 9 -> 9 (the same cases, none of them from
//! here); `typos` 116 -> 165 of 200, with the indentation off 126 -> 174, with tabs for
//! spaces 118 -> 170, with escaped newlines 111 -> 161, with a trailing comment left out
//! 39 -> 73; every must-refuse kind (stale blocks, twins, absent blocks) still refused. The
//! gate: unchanged. On 109 hand-made cases of sibling and renamed blocks (`read_all` for
//! `ready_all`, `stat` for `lstat`, `listener` for `listeners`, `unlock` for `unblock`), 22
//! are applied wrong or by a coin toss without the rules on end letters ([`typing_slip`]) and
//! repeated slips (`typed_windows`) and the seeding from every line; with them, none.
//! Substituted letters are left out: they are how names differ (`i`/`j`,
//! `getItem`/`getIdem`), not a sign of a typing slip.

use std::cell::RefCell;
use std::collections::HashSet;
use std::ops::Range;

use super::comments::without_trailing_comment;
use super::{alignment_cost, typed_wraps, Context};
use crate::align::similarity;
use crate::candidate::{Candidate, Fit};
use crate::merge3::misspelling;
use crate::normalize::{self, Level};
use crate::strategy::line_places;

/// Two lines of `old` that wrap one line of the file (see `typed_wraps`).
struct Wrap {
    /// The head's index among `old`'s non-blank lines.
    head: usize,
    /// What joins the halves: the file's spaces at the break, or nothing beside a bracket.
    gap: String,
    /// The file's line broken where `old` wrapped it.
    parts: (String, String),
}

/// Most places a seed line (a line of `old` that stands in the file) may stand at.
const MAX_SEEDS: usize = 64;

/// How a line of `old` pairs with a line of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pair {
    Equal,
    /// The sub-word written and the file's (see [`typing_slip`]).
    Slipped(String, String),
}

/// The windows (from the first to the last non-blank line) that `old`'s lines `first..=last`
/// pair with line for line, at least one pair a typing slip; scored, their span and fit left
/// for the caller. Every line of `old` that stands in the file at most [`MAX_SEEDS`] times
/// seeds windows, so that a twin whose copy of one line differs (a trailing comment) is a
/// candidate too and the two are refused as ambiguous (seeding from the rarest line alone,
/// such a twin was never weighed); on the stand-in corpus, exact 4,325 -> 4,328.
pub(super) fn typed_windows(
    cx: &Context<'_>,
    old: &[&str],
    first: usize,
    last: usize,
) -> Vec<Candidate> {
    let text = cx.text;
    let nb: Vec<usize> = (first..=last)
        .filter(|&k| !old[k].trim().is_empty())
        .collect();
    let wanted: Vec<u64> = nb.iter().map(|&k| normalize::loose_hash(old[k])).collect();
    if !cx.budget.charge(text.loose_hashes().len()) {
        return Vec::new();
    }
    let places = line_places(text, &wanted, MAX_SEEDS + 1);
    // The rarest seeds first.
    let mut seeds: Vec<usize> = (0..nb.len())
        .filter(|&s| (1..=MAX_SEEDS).contains(&places[&wanted[s]].0))
        .collect();
    seeds.sort_by_key(|&s| places[&wanted[s]].0);
    let hashes = text.loose_hashes();
    let lines = text.line_count();
    let blank = |i: usize| text.line(i).trim().is_empty();
    // Whether the file writes a word: a scan of the file (memchr's vectorised search), once
    // per word (seeds share their slips); out of budget, a word counts as written.
    let written: RefCell<Vec<(String, bool)>> = RefCell::new(Vec::new());
    let in_file = |word: &str| {
        if let Some(&(_, known)) = written.borrow().iter().find(|(w, _)| *w == word) {
            return known;
        }
        let known = !cx.budget.charge(text.as_str().len() / 16) || text.contains_word(word);
        written.borrow_mut().push((word.to_string(), known));
        known
    };
    // Asked of `_` swaps alone (see [`near_word`]).
    let near =
        |word: &str| !cx.budget.charge(text.as_str().len() / 16) || near_word(text.as_str(), word);
    // How a line of `old` pairs with a line of the file, or a part of one, not loosely equal.
    let pair_text = |mine: &str, line: &str| -> Option<Pair> {
        let code = without_trailing_comment(line);
        if code.is_some_and(|code| normalize::loose_equal(code, mine)) {
            return Some(Pair::Equal);
        }
        // A slip on a line whose comment the model left out as well.
        typing_slip(mine, line, in_file, near)
            .or_else(|| code.and_then(|code| typing_slip(mine, code, in_file, near)))
            .map(|(was, is)| Pair::Slipped(was, is))
    };
    let pair = |i: usize, s: usize| -> Option<Pair> {
        let (line, mine) = (text.line(i), old[nb[s]]);
        if !cx.budget.charge(line.len() + mine.len()) {
            return None;
        }
        if hashes[i] == wanted[s] && normalize::lines_equal(line, mine, Level::InnerWhitespace) {
            return Some(Pair::Equal);
        }
        pair_text(mine, line)
    };
    // Lines `head` and `head + 1` of `old`, adjacent, as the halves of the file's line `i`:
    // each half pairs with the line's part either side of a break.
    let halves = |head: usize, i: usize| -> Option<(Vec<Pair>, Wrap)> {
        let (a, b) = (old[nb[head]], old[nb[head + 1]]);
        let line = text.line(i).trim();
        if nb[head + 1] != nb[head] + 1 || !cx.budget.charge(4 * (line.len() + a.len() + b.len())) {
            return None;
        }
        // One slip a half changes a word by a letter at most.
        let chars = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
        if chars(line).abs_diff(chars(a) + chars(b)) > 2 {
            return None;
        }
        typed_wraps::breaks(line).find_map(|(end, from)| {
            let (head_part, tail_part) = (&line[..end], &line[from..]);
            let part = |mine: &str, part: &str| match normalize::loose_equal(part, mine) {
                true => Some(Pair::Equal),
                false => pair_text(mine, part),
            };
            let pairs = vec![part(a, head_part)?, part(b, tail_part)?];
            // (The file's own spacing: `x,      // why` keeps its column.)
            let gap = line[end..from].to_string();
            Some((
                pairs,
                Wrap {
                    head,
                    gap,
                    parts: (head_part.to_string(), tail_part.to_string()),
                },
            ))
        })
    };
    // Pairs (line of `old`, line of the file) some walk took: a walk from one of them is the
    // same walk again.
    let mut walked: HashSet<(usize, usize)> = HashSet::new();
    let mut out: Vec<(Range<usize>, Option<Wrap>)> = Vec::new();
    for &seed in &seeds {
        'seeds: for &p in &places[&wanted[seed]].1 {
            if !walked.insert((seed, p)) {
                continue;
            }
            let mut slips: Vec<(String, String)> = Vec::new();
            let take = |s: usize, i: usize, walked: &mut HashSet<(usize, usize)>, slips: &mut _| {
                let found = pair(i, s);
                if found == Some(Pair::Equal) {
                    walked.insert((s, i));
                }
                found.is_some_and(|found| kept(found, slips))
            };
            // At most one line of the file wrapped in two by `old` (see `typed_wraps`).
            let mut wrap: Option<Wrap> = None;
            let wrapped = |head: usize, i: usize, wrap: &mut Option<Wrap>, slips: &mut _| {
                let found = (wrap.is_none() && head + 1 < nb.len())
                    .then(|| halves(head, i))
                    .flatten();
                let Some((pairs, at)) = found else {
                    return false;
                };
                *wrap = Some(at);
                pairs.into_iter().all(|p| kept(p, slips))
            };
            // Backwards from the seed, then forwards, over the file's non-blank lines.
            let mut i = p;
            let mut start = p;
            let mut s = seed;
            while s > 0 {
                loop {
                    if i == 0 {
                        continue 'seeds;
                    }
                    i -= 1;
                    if !blank(i) {
                        break;
                    }
                }
                if take(s - 1, i, &mut walked, &mut slips) {
                    s -= 1;
                } else if s >= 2 && wrapped(s - 2, i, &mut wrap, &mut slips) {
                    s -= 2;
                } else {
                    continue 'seeds;
                }
                start = i;
            }
            let mut i = p;
            let mut s = seed + 1;
            while s < nb.len() {
                loop {
                    i += 1;
                    if i >= lines {
                        continue 'seeds;
                    }
                    if !blank(i) {
                        break;
                    }
                }
                if take(s, i, &mut walked, &mut slips) {
                    s += 1;
                } else if wrapped(s, i, &mut wrap, &mut slips) {
                    s += 2;
                } else {
                    continue 'seeds;
                }
            }
            let window = start..i + 1;
            if !slips.is_empty() && !out.iter().any(|(w, _)| *w == window) {
                out.push((window, wrap));
            }
        }
    }
    let body = &old[first..=last];
    out.into_iter()
        .take_while(|(lines, _)| cx.budget.charge(alignment_cost(body.len(), lines.len())))
        .filter_map(|(lines, wrap)| {
            let window: Vec<&str> = lines.clone().map(|i| text.line(i)).collect();
            // (A wrap `new` gives no one-line reading of is no window: see `joined_needle`.)
            let joined = match wrap {
                Some(w) => Some(typed_wraps::joined_needle(
                    cx.needle,
                    nb[w.head],
                    &w.gap,
                    (&w.parts.0, &w.parts.1),
                )?),
                None => None,
            };
            let score = match &joined {
                Some(n) => similarity(&n.lines().collect::<Vec<_>>(), &window).score,
                None => similarity(body, &window).score,
            };
            Some(Candidate {
                span: 0..0,
                score,
                lines,
                fit: Fit::Lines(joined),
            })
        })
        .collect()
}

/// Whether a walk keeps going past a pair: an equal line, or a slip not seen before in the walk
/// (noted in `slips`). The same slip on two lines is a rename (`read` for `ready` throughout a
/// sibling block), not a typing slip: 4 of the 22 hand-made wrong applies the end-letter rule
/// leaves refused, for 20 of the stand-in corpus's 391 gains (exact 4,328 -> 4,308).
fn kept(found: Pair, slips: &mut Vec<(String, String)>) -> bool {
    match found {
        Pair::Equal => true,
        Pair::Slipped(was, is) => {
            let slip = (was, is);
            let new = !slips.contains(&slip);
            if new {
                slips.push(slip);
            }
            new
        }
    }
}

/// The sub-words (split on `_` and at a lower-case letter before an upper-case one) where the
/// written word and the file's differ, when both split alike; else the words.
pub(super) fn differing_subwords<'a, 'f>(was: &'a str, is: &'f str) -> (&'a str, &'f str) {
    let (a, b) = (subwords(was), subwords(is));
    match a.iter().zip(&b).find(|(x, y)| x != y) {
        Some((x, y)) if a.len() == b.len() => (x, y),
        _ => (was, is),
    }
}

/// A word's sub-words: split on `_` and at a lower-case letter followed by an upper-case one.
fn subwords(word: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    let mut prev: Option<char> = None;
    for (at, c) in word.char_indices() {
        if c == '_' {
            if at > from {
                out.push(&word[from..at]);
            }
            from = at + 1;
        } else if prev.is_some_and(|p| p.is_lowercase()) && c.is_uppercase() {
            out.push(&word[from..at]);
            from = at;
        }
        prev = Some(c);
    }
    if word.len() > from {
        out.push(&word[from..]);
    }
    out
}

/// Whether `old`'s line is the file's `line` with one word mistyped, and then the sub-words
/// that differ (written, file's): the lines differ in one word only ([`misspelling`]), the
/// written word is the file's with two adjacent letters swapped, or one letter dropped or
/// doubled (not another letter: `getItem` for `getIdem` may be another name), and the written
/// word is no word of the file (a word the file has is a name the model may mean: `in_file`).
/// A letter dropped at the start or end of a word or sub-word is a slip only when it is one
/// of a doubled pair (`acces`, `Instal`): else the written word is more likely another word
/// (`stat` for `lstat`, `user` for `users`, `enable` for `enabled`). That refuses 18 of the
/// 22 hand-made wrong applies, and costs none of the stand-in corpus's gains (4,325 exact
/// either way).
///
/// The lines are compared as typed ([`normalize::punctuation_as_typed`]): a slip on a line
/// whose curly quotes the model wrote straight and whose emoji it wrote without the variation
/// selector (`⚠ don't` for `⚠️ don’t`) is a slip still; the loose key that pairs equal lines
/// sees through the same. On the stand-in corpus: `emoji+typos` (the emoji line one of the
/// slipped ones in 102 of its 106 refusals) exact 89 -> 108 of 200 and 7 more applied with the
/// line's quotes straightened (put right by `fit::folded_chars`: 120 exact), wrong 9 -> 9 (the
/// same cases), every other kind unchanged.
pub(crate) fn typing_slip(
    mine: &str,
    line: &str,
    in_file: impl FnOnce(&str) -> bool,
    near_in_file: impl FnOnce(&str) -> bool,
) -> Option<(String, String)> {
    let (mine, line) = (
        normalize::punctuation_as_typed(mine),
        normalize::punctuation_as_typed(line),
    );
    let (was, is) = misspelling(mine.trim(), line.trim())?;
    let (a, b): (Vec<char>, Vec<char>) = (was.chars().collect(), is.chars().collect());
    let mut underscore = false;
    let keystroke = if a.len() == b.len() {
        // Swapped: the same letters, two adjacent ones in the other order.
        let off: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        underscore = matches!(off[..], [x, y] if a[x] == '_' || a[y] == '_');
        matches!(off[..], [x, y] if y == x + 1 && a[x] == b[y] && a[y] == b[x])
    } else if a.len() < b.len() {
        // Dropped (`misspelling` found the words a letter apart): one of a doubled pair, or
        // inside a sub-word.
        let at = (0..a.len()).find(|&i| a[i] != b[i]).unwrap_or(a.len());
        let doubled = (at > 0 && b[at - 1] == b[at]) || b.get(at + 1) == Some(&b[at]);
        doubled || !subword_end(&b, at)
    } else {
        // Doubled: the written word's extra letter repeats a neighbour.
        let at = (0..b.len()).find(|&i| a[i] != b[i]).unwrap_or(b.len());
        (at > 0 && a[at - 1] == a[at]) || a.get(at + 1) == Some(&a[at])
    };
    (keystroke && !in_file(was) && !(underscore && near_in_file(was))).then(|| {
        let (was, is) = differing_subwords(was, is);
        (was.to_string(), is.to_string())
    })
}

/// Whether `text` writes a word one letter added, dropped or changed from `word` (`users_idx`
/// beside `users_id`). A written `users_id` is then one step from two words of the file, the
/// `_`-swapped `user_sid` and `users_idx`, and the swap is no slip to read it by: with two
/// look-alike blocks, one of each, the block with `user_sid` was edited on a coin toss. The
/// review's hand cases `g_us_sib_other_*`: 5 coin tosses -> refused.
///
/// A word one edit from `word` starts with `word`'s first half or ends with its second half
/// (the edit is in the other half), so only the words around those halves' occurrences are
/// compared, each half found by one vectorised search: splitting a 16 MB file into words took
/// 0.2 s a call, for every `_`-swapped slip of a request. Words of under 4 letters, whose
/// halves stand everywhere, are compared with every word of the file.
pub(crate) fn near_word(text: &str, word: &str) -> bool {
    let n = word.chars().count();
    // (A half of one letter stands everywhere: short words are compared with every word.)
    if n < 4 {
        return near_word_by_words(text, word);
    }
    let near = |w: &str| {
        w != word
            && w.chars().count().abs_diff(n) <= 1
            && rapidfuzz::distance::levenshtein::distance(w.chars(), word.chars()) == 1
    };
    let half = word
        .char_indices()
        .nth(n / 2)
        .map_or(word.len(), |(at, _)| at);
    let (head, tail) = (&word[..half], &word[half..]);
    let is_word = |c: Option<char>| c.is_some_and(normalize::is_word_char);
    let heads = overlapping(text, head)
        .filter(|&at| !is_word(text[..at].chars().next_back()))
        .map(|at| {
            let end = text[at..]
                .find(|c: char| !normalize::is_word_char(c))
                .map_or(text.len(), |k| at + k);
            &text[at..end]
        });
    let tails = overlapping(text, tail)
        .map(|at| at + tail.len())
        .filter(|&end| !is_word(text[end..].chars().next()))
        .map(|end| {
            let start = text[..end]
                .rfind(|c: char| !normalize::is_word_char(c))
                .map_or(0, |k| {
                    k + text[k..].chars().next().map_or(1, char::len_utf8)
                });
            &text[start..end]
        });
    heads.chain(tails).any(near)
}

/// Where `needle` starts in `text`, overlapping occurrences too (`éé` in `ééé` twice).
fn overlapping<'a>(text: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    let finder = memchr::memmem::Finder::new(needle.as_bytes());
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = from + finder.find(text.as_bytes().get(from..)?)?;
        from = at + 1;
        Some(at)
    })
}

/// [`near_word`] by every word of `text`.
fn near_word_by_words(text: &str, word: &str) -> bool {
    let n = word.chars().count();
    text.split(|c: char| !normalize::is_word_char(c))
        .filter(|w| w.chars().count().abs_diff(n) <= 1 && *w != word)
        .any(|w| rapidfuzz::distance::levenshtein::distance(w.chars(), word.chars()) == 1)
}

/// Whether the letter at `at` starts or ends the word or one of its sub-words.
pub(super) fn subword_end(w: &[char], at: usize) -> bool {
    let edge = |c: Option<&char>| c.is_none_or(|&c| c == '_');
    let camel = |x: Option<&char>, y: Option<&char>| matches!((x, y), (Some(x), Some(y)) if x.is_lowercase() && y.is_uppercase());
    let before = at.checked_sub(1).and_then(|k| w.get(k));
    edge(before)
        || edge(w.get(at + 1))
        || camel(before, w.get(at))
        || camel(w.get(at), w.get(at + 1))
}

#[cfg(test)]
mod tests {
    use super::{near_word, near_word_by_words, subwords, typing_slip};
    use crate::normalize::contains_word;

    proptest::proptest! {
        /// The halves' search finds a word one edit off exactly when every word compared does.
        #[test]
        fn near_word_agrees_with_every_word_compared(
            text in "[ab_ .(é\n]{0,60}",
            word in "[ab_é]{1,8}",
        ) {
            proptest::prop_assert_eq!(near_word(&text, &word), near_word_by_words(&text, &word));
        }
    }

    fn slip(mine: &str, line: &str, file: &str) -> bool {
        typing_slip(
            mine,
            line,
            |w| contains_word(file, w),
            |w| near_word(file, w),
        )
        .is_some()
    }

    #[test]
    fn typing_slips_are_swaps_drops_and_doubles_of_a_word_the_file_lacks() {
        let file = "if (!ac->c.command_timeout) {\n";
        assert!(slip("if (!ac->c.command_timeuot) {", file.trim_end(), file));
        assert!(slip("if (!ac->c.command_timout) {", file.trim_end(), file));
        assert!(slip(
            "if (!ac->c.command_timeoutt) {",
            file.trim_end(),
            file
        ));
        // Another letter is another name; a letter added that repeats nothing, too.
        assert!(!slip(
            "if (!ac->c.command_timeost) {",
            file.trim_end(),
            file
        ));
        assert!(!slip(
            "if (!ac->c.command_timeouts) {",
            file.trim_end(),
            file
        ));
        // A word the file has elsewhere is a name of its own.
        let file = "x = getItem(a)\ny = getItm(b)\n";
        assert!(!slip("x = getItm(a)", "x = getItem(a)", file));
        // Two words off is no single slip.
        assert!(!slip("x = getItm(b)", "x = getItem(a)", "x = getItem(a)\n"));
    }

    #[test]
    fn a_letter_dropped_at_a_words_end_is_a_slip_only_from_a_doubled_pair() {
        // `stat` for `lstat`, `user` for `users`, `Read` for `ReadY`: other words.
        for (mine, line) in [
            ("x = os.stat(p)", "x = os.lstat(p)"),
            ("for u in user:", "for u in users:"),
            ("b = newReadBatch()", "b = newReadyBatch()"),
            ("is_enable = 1", "is_enabled = 1"),
        ] {
            assert!(!slip(mine, line, line), "{mine}");
        }
        // One of a doubled pair, or a letter inside a sub-word: slips.
        for (mine, line) in [
            ("if acces(p):", "if access(p):"),
            ("x = runInstal()", "x = runInstall()"),
            ("x = load_confg()", "x = load_config()"),
        ] {
            assert!(slip(mine, line, line), "{mine}");
        }
    }

    #[test]
    fn a_slip_names_the_sub_words_that_differ() {
        let slip = typing_slip(
            "x = load_confg()",
            "x = load_config()",
            |_| false,
            |_| false,
        );
        assert_eq!(slip, Some(("confg".to_string(), "config".to_string())));
        assert_eq!(subwords("newReadyBatch_x"), ["new", "Ready", "Batch", "x"]);
    }
}
