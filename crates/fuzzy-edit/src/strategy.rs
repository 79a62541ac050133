//! Matching strategies, one file each, tried strict to loose.
//!
//! A [`Strategy`] answers one question: *where in the original text could `old` have been
//! meant?* It returns [`Candidate`] spans of the original text, never a string to search for
//! again: searching again for a fuzzy match's text is how a tool edits a different, byte-unique
//! copy of it. Deciding among candidates is [`crate::rules`]'s job; rewriting `new` to fit is
//! [`crate::fit`]'s.
//!
//! The first strategy that yields any candidate settles the edit (applied, ambiguous, or low
//! confidence): a looser strategy can only see more candidates, never fewer, so it could not
//! resolve an ambiguity a stricter one found.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::budget::Budget;
use crate::candidate::{Candidate, Fit, Grading, StrategyId};
use crate::needle::Needle;
use crate::normalize::{self, Level};
use crate::text::Text;
use crate::thresholds::MAX_WINDOWS;

mod blank_lines;
mod block_anchor;
pub(crate) use block_anchor::{
    near_word, opens_comment, typing_slip, uncommented, without_trailing_comment,
    writes_slash_comments,
};
mod char_escapes;
mod elision;
mod entities_in_file;
mod escapes;
mod exact;
mod html_entities;
mod indentation;
mod inner_whitespace;
mod line_prefixes;
mod line_slips;
mod regex_escapes;
mod trailing_whitespace;
mod typo_line;
mod unicode_punctuation;

pub(crate) use elision::resolve_against_file;
pub(crate) use trailing_whitespace::TrailingWhitespace;

/// A way of finding where `old` was meant. See the module docs.
pub(crate) trait Strategy {
    /// Which strategy this is, as reported with every match.
    fn id(&self) -> StrategyId;

    /// How candidates are judged when they carry graded scores that must pass a floor and a
    /// margin; `None` when every candidate is a match of equal standing.
    fn grading(&self) -> Option<Grading> {
        None
    }

    /// Every candidate span for the request in `cx`.
    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate>;
}

/// What a strategy looks at: the indexed text and the edit's needle, plus work shared between
/// strategies.
pub(crate) struct Context<'a> {
    /// The original text.
    pub(crate) text: &'a Text<'a>,
    /// The request's `old`/`new`.
    pub(crate) needle: &'a Needle<'a>,
    /// The work the edit may still do: search loops charge it and stop when it is spent.
    pub(crate) budget: &'a Budget,
    loose_windows: OnceCell<Vec<usize>>,
    /// Set by a strategy whose candidates are not all there are (a search it stopped at a
    /// count): enough to call `old` ambiguous, never to replace every occurrence.
    cut_short: std::cell::Cell<bool>,
}

impl<'a> Context<'a> {
    /// A context for one edit.
    pub(crate) fn new(text: &'a Text<'a>, needle: &'a Needle<'a>, budget: &'a Budget) -> Self {
        Context {
            text,
            needle,
            budget,
            loose_windows: OnceCell::new(),
            cut_short: std::cell::Cell::new(false),
        }
    }

    /// Say that the candidates returned are only some of those there are.
    pub(crate) fn cut_short(&self) {
        self.cut_short.set(true);
    }

    /// Whether a strategy said its candidates were only some of those there are.
    pub(crate) fn was_cut_short(&self) -> bool {
        self.cut_short.get()
    }

    /// Start lines of windows where every line of `old` matches at `level`.
    pub(crate) fn windows(&self, level: Level) -> Vec<usize> {
        let lines: Vec<&str> = self.needle.lines().collect();
        let loose = self
            .loose_windows
            .get_or_init(|| find_windows(self.text, &lines, Level::InnerWhitespace, self.budget));
        windows_at(self.text, &lines, loose, level, self.budget)
    }
}

/// Of the windows that match `lines` loosely, those that still match at `level`.
fn windows_at(
    text: &Text,
    lines: &[&str],
    loose: &[usize],
    level: Level,
    budget: &Budget,
) -> Vec<usize> {
    if level == Level::InnerWhitespace {
        return loose.to_vec();
    }
    loose
        .iter()
        .copied()
        .take_while(|&s| budget.charge(window_bytes(text, s, lines.len())))
        .filter(|&s| {
            lines
                .iter()
                .enumerate()
                .all(|(k, l)| normalize::lines_equal(text.line(s + k), l, level))
        })
        .collect()
}

/// What comparing `n` lines of `text` from line `start` with `old`'s costs: their bytes, and
/// a call per line.
fn window_bytes(text: &Text, start: usize, n: usize) -> usize {
    let lines = text.lines();
    lines[start + n - 1].end - lines[start].start + LINE_COMPARE_UNITS * n
}

/// The budget units one line comparison costs beyond its bytes.
pub(crate) const LINE_COMPARE_UNITS: usize = 16;

/// The cascade, strict to loose.
pub(crate) fn cascade() -> &'static [&'static (dyn Strategy + Sync)] {
    &[
        &exact::Exact,
        &trailing_whitespace::TrailingWhitespace,
        &indentation::Indentation,
        &unicode_punctuation::UnicodePunctuation,
        &inner_whitespace::InnerWhitespace,
        &escapes::Escapes,
        &regex_escapes::RegexEscapes,
        &line_prefixes::LinePrefixes,
        &blank_lines::BlankLines,
        &elision::Elision,
        &typo_line::TypoLine,
        &line_slips::LineSlips,
        &block_anchor::BlockAnchor,
    ]
}

/// The first strategy past those that decode `old` ([`escapes`], [`line_prefixes`]): where a
/// decoded `old` found by no equality strategy goes on (see [`decoded_needle`]).
pub(crate) const FIRST_AFTER_DECODING: StrategyId = StrategyId::BlankLines;

/// Whether `id` is one of the strategies a decoded `old` goes on to (see [`decoded_needle`]).
pub(crate) fn after_decoding(id: StrategyId) -> bool {
    cascade()
        .iter()
        .skip_while(|s| s.id() != FIRST_AFTER_DECODING)
        .any(|s| s.id() == id)
}

/// The request with `old` decoded, as the decoding strategies decode it: read-tool prefixes
/// stripped, else literal escapes undone (`new` decoded alike); `None` when `old` carries
/// neither.
pub(crate) fn decoded_needle(
    text: &Text,
    needle: &Needle,
    budget: &Budget,
) -> Option<Needle<'static>> {
    let cx = Context::new(text, needle, budget);
    line_prefixes::decoded(&cx).or_else(|| escapes::decoded(&cx))
}

/// Start lines of windows of `text` whose lines equal `lines` at `level`.
///
/// Lines are compared by their loose hashes first, starting from the rarest line of `lines` in
/// the text, so the scan is linear in the text with a small constant.
pub(crate) fn find_windows(
    text: &Text,
    lines: &[&str],
    level: Level,
    budget: &Budget,
) -> Vec<usize> {
    let n = lines.len();
    if n == 0 || n > text.line_count() {
        return Vec::new();
    }
    let hashes = text.loose_hashes();
    let wanted: Vec<u64> = lines.iter().map(|l| normalize::loose_hash(l)).collect();
    let Some(pivot) = rarest_line(hashes, &wanted, lines) else {
        return Vec::new();
    };
    let ph = wanted[pivot];
    let mut out = Vec::new();
    for (j, _) in hashes.iter().enumerate().filter(|(_, h)| **h == ph) {
        let Some(s) = j.checked_sub(pivot) else {
            continue;
        };
        if s + n > hashes.len() {
            break;
        }
        // A pivot that occurs everywhere makes this a search of every window: pay for each.
        if !budget.charge(n) {
            break;
        }
        if hashes[s..s + n] == wanted[..]
            && budget.charge(window_bytes(text, s, n))
            && lines
                .iter()
                .enumerate()
                .all(|(k, l)| normalize::lines_equal(text.line(s + k), l, level))
        {
            out.push(s);
            if out.len() > MAX_WINDOWS {
                break;
            }
        }
    }
    out
}

/// Index of the non-blank line of `lines` whose hash occurs least often in `hashes`; `None` when
/// some line never occurs (so no window can match) or every line is blank.
fn rarest_line(hashes: &[u64], wanted: &[u64], lines: &[&str]) -> Option<usize> {
    let mut counts: HashMap<u64, usize, HashIsKey> = wanted
        .iter()
        .zip(lines)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(h, _)| (*h, 0))
        .collect();
    if counts.is_empty() {
        return None;
    }
    let mut filter = normalize::HashBits::default();
    counts.keys().for_each(|&h| filter.insert(h));
    for h in hashes.iter().filter(|&&h| filter.may_hold(h)) {
        if let Some(c) = counts.get_mut(h) {
            *c += 1;
        }
    }
    if counts.values().any(|&c| c == 0) {
        return None;
    }
    (0..lines.len())
        .filter(|&k| !lines[k].trim().is_empty())
        .min_by_key(|&k| counts[&wanted[k]])
}

/// For each of the `wanted` loose line hashes, how many lines of `text` have it and the first
/// `keep` of them, in one pass over the file's hashes (a pass per line asked about was the
/// cost of a block of differing lines on a large file).
pub(crate) fn line_places(
    text: &Text,
    wanted: &[u64],
    keep: usize,
) -> HashMap<u64, (usize, Vec<usize>), HashIsKey> {
    // Most lines are ruled out without a map lookup.
    let mut filter = normalize::HashBits::default();
    let mut out: HashMap<u64, (usize, Vec<usize>), HashIsKey> = HashMap::default();
    for &h in wanted {
        filter.insert(h);
        out.entry(h).or_default();
    }
    for (i, &h) in text.loose_hashes().iter().enumerate() {
        if !filter.may_hold(h) {
            continue;
        }
        if let Some((count, at)) = out.get_mut(&h) {
            *count += 1;
            if at.len() < keep {
                at.push(i);
            }
        }
    }
    out
}

/// Line hashes are already hashes: use them as they are instead of hashing them again.
pub(crate) type HashIsKey = std::hash::BuildHasherDefault<PassThrough>;

/// A hasher for `u64` keys that are already well mixed.
#[derive(Default)]
pub(crate) struct PassThrough(u64);

impl std::hash::Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Candidates for windows of whole lines matching `needle` at `level`.
pub(crate) fn line_candidates(
    text: &Text,
    needle: &Needle,
    starts: &[usize],
    fit_needle: Option<Rc<Needle<'static>>>,
) -> Vec<Candidate> {
    let n = needle.line_count();
    starts
        .iter()
        .map(|&s| Candidate {
            span: text.span_of_lines(s..s + n, needle.trailing_newline()),
            lines: s..s + n,
            score: 1.0,
            fit: Fit::Lines(fit_needle.clone()),
        })
        .collect()
}

/// Run the equality strategies (exact, then each line level) on a transformed needle and
/// return the first non-empty set of candidates, planned with that needle.
pub(crate) fn equality_cascade(
    text: &Text,
    needle: Needle<'static>,
    budget: &Budget,
) -> Vec<Candidate> {
    let rc = Rc::new(needle);
    // As the exact strategy matches it: an `old` copied from after a line's indentation with
    // `new` written as whole lines is fitted as lines, or `new`'s first line is indented twice.
    let exact = exact::Exact.candidates(&Context::new(text, &rc, budget));
    if !exact.is_empty() {
        return exact
            .into_iter()
            .map(|c| Candidate {
                fit: match c.fit {
                    Fit::Splice(_) => Fit::Splice(Some(rc.clone())),
                    Fit::Lines(_) => Fit::Lines(Some(rc.clone())),
                },
                ..c
            })
            .collect();
    }
    let lines: Vec<&str> = rc.lines().collect();
    let loose = find_windows(text, &lines, Level::InnerWhitespace, budget);
    for level in Level::LINE_LEVELS {
        let starts = windows_at(text, &lines, &loose, level, budget);
        if !starts.is_empty() {
            return line_candidates(text, &rc, &starts, Some(rc.clone()));
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_start_from_the_rarest_line() {
        let text = Text::new("}\nfn a() {\n}\nfn b() {\n}\n");
        let b = Budget::unlimited();
        assert_eq!(
            find_windows(&text, &["fn b() {", "}"], Level::Indentation, &b),
            [3]
        );
        assert_eq!(
            find_windows(&text, &["}", "fn a() {"], Level::Indentation, &b),
            [0]
        );
        assert!(find_windows(&text, &["fn c() {"], Level::Indentation, &b).is_empty());
    }

    #[test]
    fn context_filters_loose_windows_by_level() {
        let text = Text::new("  x\n\tx\n");
        let needle = Needle::new("  x", "y");
        let budget = Budget::unlimited();
        let cx = Context::new(&text, &needle, &budget);
        assert_eq!(cx.windows(Level::TrailingWhitespace), [0]);
        assert_eq!(cx.windows(Level::Indentation), [0, 1]);
    }
}
