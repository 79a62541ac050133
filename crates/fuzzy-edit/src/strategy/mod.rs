//! Matching strategies, one file each, tried strict to loose.
//!
//! A [`Strategy`] answers one question: *where in the original text could `old` have been
//! meant?* It returns [`Candidate`] spans of the original text, never a string to search for
//! again: searching again for a fuzzy match's text is how a tool edits a different, byte-unique
//! copy of it. Deciding among candidates is [`crate::decide`]'s job; rewriting `new` to fit is
//! [`crate::fit`]'s.
//!
//! The first strategy that yields any candidate settles the edit (applied, ambiguous, or low
//! confidence): a looser strategy can only see more candidates, never fewer, so it could not
//! resolve an ambiguity a stricter one found.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::ops::Range;
use std::rc::Rc;

use crate::needle::Needle;
use crate::normalize::{self, Level};
use crate::text::Text;

mod blank_lines;
mod block_anchor;
mod elision;
mod escapes;
mod exact;
mod indentation;
mod inner_whitespace;
mod line_prefixes;
mod trailing_whitespace;
mod unicode_punctuation;

pub use blank_lines::BlankLines;
pub use block_anchor::{BlockAnchor, BLOCK_ANCHOR_FLOOR, BLOCK_ANCHOR_MARGIN};
pub use elision::{is_elision_marker, Elision};
pub use escapes::Escapes;
pub(crate) use exact::exact_spans;
pub use exact::Exact;
pub use indentation::Indentation;
pub use inner_whitespace::InnerWhitespace;
pub use line_prefixes::{strip_line_prefixes, LinePrefixes};
pub use trailing_whitespace::TrailingWhitespace;
pub use unicode_punctuation::UnicodePunctuation;

/// A place in the original text that `old` may denote.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Byte span of the original text to replace.
    pub span: Range<usize>,
    /// Lines (0-based, end exclusive) the span covers.
    pub lines: Range<usize>,
    /// How well `old` matches here, 1.0 being a match at the strategy's level.
    pub score: f64,
    /// How the replacement is built.
    pub plan: Plan,
}

/// How `new` is turned into the text that replaces a candidate's span.
#[derive(Debug, Clone)]
pub enum Plan {
    /// The span is `old` byte for byte: write `new` as given (line endings adapted).
    Splice(Option<Rc<Needle<'static>>>),
    /// The span is whole lines that match `old` loosely: merge line by line, keeping the file's
    /// bytes for every line `new` does not change. `None` uses the request's own needle;
    /// `Some` a transformed one (prefixes stripped, escapes undone, elisions expanded).
    Lines(Option<Rc<Needle<'static>>>),
}

/// A way of finding where `old` was meant. See the module docs.
pub trait Strategy {
    /// Short name reported with every match (`"exact"`, `"indentation"`, ...).
    fn name(&self) -> &'static str;

    /// Whether candidates carry graded scores that must pass a floor and a margin, rather than
    /// all being matches of equal standing.
    fn scored(&self) -> bool {
        false
    }

    /// Every candidate span for the request in `cx`.
    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate>;
}

/// What a strategy looks at: the indexed text and the edit's needle, plus work shared between
/// strategies.
pub struct Context<'a> {
    /// The original text.
    pub text: &'a Text<'a>,
    /// The request's `old`/`new`.
    pub needle: &'a Needle<'a>,
    loose_windows: OnceCell<Vec<usize>>,
}

impl<'a> Context<'a> {
    /// A context for one edit.
    pub fn new(text: &'a Text<'a>, needle: &'a Needle<'a>) -> Self {
        Context {
            text,
            needle,
            loose_windows: OnceCell::new(),
        }
    }

    /// Start lines of windows where every line of `old` matches at `level`.
    pub fn windows(&self, level: Level) -> Vec<usize> {
        let lines: Vec<&str> = self.needle.lines().collect();
        let loose = self
            .loose_windows
            .get_or_init(|| find_windows(self.text, &lines, Level::InnerWhitespace));
        if level == Level::InnerWhitespace {
            return loose.clone();
        }
        loose
            .iter()
            .copied()
            .filter(|&s| {
                lines
                    .iter()
                    .enumerate()
                    .all(|(k, l)| normalize::lines_equal(self.text.line(s + k), l, level))
            })
            .collect()
    }
}

/// The default cascade, strict to loose.
pub fn cascade() -> &'static [&'static (dyn Strategy + Sync)] {
    &[
        &Exact,
        &TrailingWhitespace,
        &Indentation,
        &UnicodePunctuation,
        &InnerWhitespace,
        &Escapes,
        &LinePrefixes,
        &BlankLines,
        &Elision,
        &BlockAnchor,
    ]
}

/// Line-level strategies stop collecting windows past this many: the edit is ambiguous anyway,
/// and [`crate::decide`] refuses `replace_all` over more than this many blocks (the exact
/// strategy has no such limit).
pub const MAX_WINDOWS: usize = 1000;

/// Start lines of windows of `text` whose lines equal `lines` at `level`.
///
/// Lines are compared by their loose hashes first, starting from the rarest line of `lines` in
/// the text, so the scan is linear in the text with a small constant.
pub fn find_windows(text: &Text, lines: &[&str], level: Level) -> Vec<usize> {
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
        if hashes[s..s + n] == wanted[..]
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
    for h in hashes {
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
    plan_needle: Option<Rc<Needle<'static>>>,
) -> Vec<Candidate> {
    let n = needle.line_count();
    starts
        .iter()
        .map(|&s| Candidate {
            span: text.span_of_lines(s..s + n, needle.trailing_newline()),
            lines: s..s + n,
            score: 1.0,
            plan: Plan::Lines(plan_needle.clone()),
        })
        .collect()
}

/// Run the equality strategies (exact, then each line level) on a transformed needle and
/// return the first non-empty set of candidates, planned with that needle.
pub(crate) fn equality_cascade(text: &Text, needle: Needle<'static>) -> Vec<Candidate> {
    let rc = Rc::new(needle);
    let exact = exact::exact_spans(text, rc.old());
    if !exact.is_empty() {
        return exact
            .into_iter()
            .map(|span| Candidate {
                lines: text.lines_of_span(&span),
                span,
                score: 1.0,
                plan: Plan::Splice(Some(rc.clone())),
            })
            .collect();
    }
    let lines: Vec<&str> = rc.lines().collect();
    let loose = find_windows(text, &lines, Level::InnerWhitespace);
    for level in [
        Level::TrailingWhitespace,
        Level::Indentation,
        Level::UnicodePunctuation,
        Level::InnerWhitespace,
    ] {
        let starts: Vec<usize> = loose
            .iter()
            .copied()
            .filter(|&s| {
                lines
                    .iter()
                    .enumerate()
                    .all(|(k, l)| normalize::lines_equal(text.line(s + k), l, level))
            })
            .collect();
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
        assert_eq!(
            find_windows(&text, &["fn b() {", "}"], Level::Indentation),
            [3]
        );
        assert_eq!(
            find_windows(&text, &["}", "fn a() {"], Level::Indentation),
            [0]
        );
        assert!(find_windows(&text, &["fn c() {"], Level::Indentation).is_empty());
    }

    #[test]
    fn context_filters_loose_windows_by_level() {
        let text = Text::new("  x\n\tx\n");
        let needle = Needle::new("  x", "y");
        let cx = Context::new(&text, &needle);
        assert_eq!(cx.windows(Level::TrailingWhitespace), [0]);
        assert_eq!(cx.windows(Level::Indentation), [0, 1]);
    }
}
