//! The text being edited, indexed by line once so every strategy shares the work.
//!
//! Spans are always byte ranges of the *original* text. A line's `content` excludes its line
//! ending, so strategies compare code, not `\r`. Loose line keys (see [`crate::normalize`]) are
//! hashed lazily, once, the first time a non-exact strategy runs.

mod occurrences;

pub(crate) use occurrences::{exact_spans, exact_spans_at_most};

use std::cell::{OnceCell, RefCell};
use std::ops::Range;

use crate::indent::IndentHabits;
use crate::normalize;

/// One line of the original text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line {
    /// Byte offset where the line starts.
    pub(crate) start: usize,
    /// Byte offset where the content ends (before `\r\n` or `\n`).
    pub(crate) content_end: usize,
    /// Byte offset after the line ending (equal to `content_end` on a last line without one).
    pub(crate) end: usize,
}

/// The line ending a text uses most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineEnding {
    /// `\n`
    Lf,
    /// `\r\n`
    CrLf,
}

impl LineEnding {
    /// The ending as a string.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }
}

/// A text with its line table.
#[derive(Debug)]
pub(crate) struct Text<'a> {
    src: &'a str,
    lines: Vec<Line>,
    eol: LineEnding,
    any_crlf: bool,
    loose_hashes: OnceCell<Vec<u64>>,
    indent_habits: OnceCell<IndentHabits>,
    /// The last string [`exact_spans`] looked for and where it found it (see there).
    last_search: RefCell<Option<(String, Vec<Range<usize>>)>>,
    /// The words [`Text::contains_word`] looked for, each with whether the text holds it as a
    /// string and as a whole word.
    words: RefCell<Vec<(String, Held)>>,
}

/// How a text holds a word (see [`Text::contains_word`]).
#[derive(Debug, Clone, Copy)]
struct Held {
    as_string: bool,
    as_word: bool,
}

const BOM: &str = "\u{feff}";

impl<'a> Text<'a> {
    /// Index `src` by line.
    pub(crate) fn new(src: &'a str) -> Self {
        let body_start = if src.starts_with(BOM) { BOM.len() } else { 0 };
        let bytes = src.as_bytes();
        // Sized by a count (a fast scan): growing by doubling to a million lines would leave
        // 22 MB of discarded buffers behind.
        let breaks = memchr::memchr_iter(b'\n', &bytes[body_start..]).count();
        let mut lines = Vec::with_capacity(breaks + 1);
        let mut start = body_start;
        let mut crlf = 0usize;
        let mut lf = 0usize;
        for_each_line_feed(&bytes[body_start..], |nl| {
            let nl = nl + body_start;
            let content_end = if nl > start && bytes[nl - 1] == b'\r' {
                crlf += 1;
                nl - 1
            } else {
                lf += 1;
                nl
            };
            lines.push(Line {
                start,
                content_end,
                end: nl + 1,
            });
            start = nl + 1;
        });
        if start < bytes.len() || lines.is_empty() {
            lines.push(Line {
                start,
                content_end: bytes.len(),
                end: bytes.len(),
            });
        }
        let eol = if crlf > lf {
            LineEnding::CrLf
        } else {
            LineEnding::Lf
        };
        Text {
            src,
            lines,
            eol,
            any_crlf: crlf > 0,
            loose_hashes: OnceCell::new(),
            indent_habits: OnceCell::new(),
            last_search: RefCell::new(None),
            words: RefCell::new(Vec::new()),
        }
    }

    /// The whole original text.
    pub(crate) fn as_str(&self) -> &'a str {
        self.src
    }

    /// Number of lines (a text ending in a newline has no empty last line here).
    pub(crate) fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// The line table.
    pub(crate) fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Content of line `i` without its line ending.
    pub(crate) fn line(&self, i: usize) -> &'a str {
        let l = self.lines[i];
        &self.src[l.start..l.content_end]
    }

    /// The dominant line ending.
    pub(crate) fn eol(&self) -> LineEnding {
        self.eol
    }

    /// Whether the text contains any `\r\n`.
    pub(crate) fn has_crlf(&self) -> bool {
        self.any_crlf
    }

    /// Index of the line containing byte `offset` (an offset at a line's end belongs to it).
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        match self.lines.binary_search_by(|l| l.start.cmp(&offset)) {
            Ok(i) => i,
            Err(0) => 0,
            Err(i) => i - 1,
        }
    }

    /// Lines (0-based, end exclusive) touched by a byte span.
    pub(crate) fn lines_of_span(&self, span: &Range<usize>) -> Range<usize> {
        let first = self.line_of(span.start);
        let last = if span.end > span.start {
            self.line_of(span.end - 1)
        } else {
            first
        };
        first..last + 1
    }

    /// Byte span of lines `range`: from the first line's start to the last line's content end,
    /// plus its line ending when `with_eol`.
    pub(crate) fn span_of_lines(&self, range: Range<usize>, with_eol: bool) -> Range<usize> {
        let first = self.lines[range.start];
        let last = self.lines[range.end - 1];
        first.start..if with_eol { last.end } else { last.content_end }
    }

    /// Whether line `i` is blank (only whitespace).
    pub(crate) fn is_blank(&self, i: usize) -> bool {
        self.line(i).trim().is_empty()
    }

    /// The file's indentation style and unit.
    pub(crate) fn indent_habits(&self) -> IndentHabits {
        *self
            .indent_habits
            .get_or_init(|| IndentHabits::of((0..self.lines.len()).map(|i| self.line(i))))
    }

    /// Whether the text writes `word` as a whole word ([`normalize::contains_word`]), each
    /// word looked for once: a word the text lacks is a scan of all of it, and a slipped word
    /// is asked of the file by the strategy that finds the slip, by `fit`'s respelling and by
    /// the stale rule (`typo` at 100k lines: three scans, 8.6 M instructions, callgrind).
    pub(crate) fn contains_word(&self, word: &str) -> bool {
        if let Some(held) = self.held(word) {
            return held.as_word;
        }
        // The scan [`normalize::contains_word`] makes, learning on the way whether the word
        // stands in the text at all.
        let mut as_string = false;
        let as_word = !word.is_empty()
            && memchr::memmem::find_iter(self.src.as_bytes(), word.as_bytes()).any(|at| {
                as_string = true;
                normalize::word_at(self.src, at, word.len())
            });
        self.words
            .borrow_mut()
            .push((word.to_string(), Held { as_string, as_word }));
        as_word
    }

    /// Whether the text holds `s` anywhere (`str::contains`), answered without a scan for a
    /// word [`Text::contains_word`] looked for: a slip the strategy asked about whole is asked
    /// about as a string by `fit`'s respelling (3.1 M instructions of `typo` at 100k lines,
    /// callgrind).
    pub(crate) fn contains_str(&self, s: &str) -> bool {
        match self.held(s) {
            Some(held) if !s.is_empty() => held.as_string,
            _ => self.src.contains(s),
        }
    }

    fn held(&self, word: &str) -> Option<Held> {
        self.words
            .borrow()
            .iter()
            .find(|(w, _)| w == word)
            .map(|&(_, held)| held)
    }

    /// Hash of every line's loose key (trimmed, punctuation and inner whitespace normalized).
    pub(crate) fn loose_hashes(&self) -> &[u64] {
        self.loose_hashes.get_or_init(|| {
            (0..self.lines.len())
                .map(|i| normalize::loose_hash(self.line(i)))
                .collect()
        })
    }
}

/// Call `f` with the index of each line feed of `bytes`, in order, as `memchr::memchr_iter`
/// finds them. Where the CPU has AVX2, its searcher is made once for the whole scan:
/// `memchr_iter` chooses one again at each line, which for lines of code (about 40 bytes) is a
/// third of the search (100k lines: 7.6 M instructions -> 5.3 M, callgrind).
fn for_each_line_feed(bytes: &[u8], mut f: impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = memchr::arch::x86_64::avx2::memchr::One::new(b'\n') {
        avx2.iter(bytes).for_each(f);
        return;
    }
    memchr::memchr_iter(b'\n', bytes).for_each(&mut f);
}

/// Split text into line ranges, without line endings; a final newline adds no empty line.
pub(crate) fn split_lines(s: &str) -> (Vec<Range<usize>>, bool) {
    let mut lines = Vec::new();
    let mut start = 0;
    for nl in memchr::memchr_iter(b'\n', s.as_bytes()) {
        let end = if nl > start && s.as_bytes()[nl - 1] == b'\r' {
            nl - 1
        } else {
            nl
        };
        lines.push(start..end);
        start = nl + 1;
    }
    let trailing = start == s.len() && !lines.is_empty();
    if !trailing {
        lines.push(start..s.len());
    }
    (lines, trailing)
}

/// The lines of a text that are not blank, without line endings.
pub(crate) fn filled_lines(s: &str) -> Vec<&str> {
    lines_of(s)
        .0
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// The lines of `lines` that are not blank (whitespace only), in order.
pub(crate) fn non_blank_lines<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    lines
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// Whether `c` belongs to a token of words: a word character, or any other letter or mark
/// outside ASCII (a combining accent of a decomposed `ó` is part of its word).
fn in_word(c: char) -> bool {
    normalize::is_word_char(c) || !c.is_ascii() && !c.is_whitespace()
}

/// The tokens of `line`: runs of word characters, and every other non-space character alone.
pub(crate) fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let len = if in_word(c) {
            rest.find(|c: char| !in_word(c)).unwrap_or(rest.len())
        } else {
            c.len_utf8()
        };
        if !c.is_whitespace() {
            out.push(&rest[..len]);
        }
        rest = &rest[len..];
    }
    out
}

/// How many lines of `pairs` differ by one word renamed throughout (`luarocks` ->
/// `luarocksNext` on every line that names it), if that is all that differs: each pair is equal
/// or differs only in words, every differing word being the same one replaced by the same
/// other. `None` when something else differs, or nothing.
pub(crate) fn renamed_lines<'a>(pairs: impl Iterator<Item = (&'a str, &'a str)>) -> Option<usize> {
    let mut rename: Option<(&str, &str)> = None;
    let mut renamed = 0;
    // (The characters between words must be the same, checked before any token is collected:
    // in a marker's span most lines differ there.)
    let between = |s: &'a str| s.chars().filter(|&c| !in_word(c) && !c.is_whitespace());
    for (first, second) in pairs {
        if !between(first).eq(between(second)) {
            return None;
        }
        let (a, b) = (tokens(first), tokens(second));
        if a.len() != b.len() {
            return None;
        }
        let mut differs = false;
        for (x, y) in a.iter().zip(&b).filter(|(x, y)| x != y) {
            let word = |t: &str| t.starts_with(|c: char| c.is_alphanumeric() || c == '_');
            if !word(x) || !word(y) || rename.is_some_and(|r| r != (*x, *y)) {
                return None;
            }
            rename = Some((x, y));
            differs = true;
        }
        renamed += usize::from(differs);
    }
    rename.map(|_| renamed)
}

/// The lines of a text, without line endings, and whether it ended with a newline.
pub(crate) fn lines_of(s: &str) -> (Vec<&str>, bool) {
    let (ranges, trailing) = split_lines(s);
    (ranges.into_iter().map(|r| &s[r]).collect(), trailing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn line_feeds_are_found_where_memchr_iter_finds_them(
            bytes in prop::collection::vec(prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'a'), any::<u8>()], 0..300),
        ) {
            let mut found = Vec::new();
            for_each_line_feed(&bytes, |at| found.push(at));
            prop_assert_eq!(found, memchr::memchr_iter(b'\n', &bytes).collect::<Vec<_>>());
        }
    }

    #[test]
    fn indexes_lf_and_crlf_lines() {
        let t = Text::new("a\r\nbb\r\nc");
        assert_eq!(t.line_count(), 3);
        assert_eq!(t.line(0), "a");
        assert_eq!(t.line(1), "bb");
        assert_eq!(t.line(2), "c");
        assert_eq!(t.eol(), LineEnding::CrLf);
        assert_eq!(t.span_of_lines(0..2, true), 0..7);
        assert_eq!(t.span_of_lines(0..2, false), 0..5);
    }

    #[test]
    fn trailing_newline_adds_no_empty_line() {
        let t = Text::new("a\nb\n");
        assert_eq!(t.line_count(), 2);
        assert_eq!(Text::new("").line_count(), 1);
    }

    #[test]
    fn bom_is_outside_every_line() {
        let t = Text::new("\u{feff}x\ny");
        assert_eq!(t.line(0), "x");
        assert_eq!(t.lines()[0].start, 3);
    }

    #[test]
    fn line_of_maps_offsets() {
        let t = Text::new("ab\ncd\n");
        assert_eq!(t.line_of(0), 0);
        assert_eq!(t.line_of(2), 0);
        assert_eq!(t.line_of(3), 1);
        assert_eq!(t.lines_of_span(&(1..4)), 0..2);
    }

    proptest::proptest! {
        /// The remembered answers are those of a fresh scan ([`normalize::contains_word`],
        /// `str::contains`), asked in any order and again: words inside longer words, at the
        /// text's ends, empty, beside non-ASCII letters.
        #[test]
        fn words_looked_for_answer_as_a_fresh_scan(
            src in "[ab_ .\u{e9}]{0,16}",
            asked in proptest::collection::vec(("[ab_\u{e9}]{0,3}", proptest::bool::ANY), 1..8),
        ) {
            let text = Text::new(&src);
            for (w, as_word) in &asked {
                if *as_word {
                    proptest::prop_assert_eq!(text.contains_word(w), normalize::contains_word(&src, w));
                } else {
                    proptest::prop_assert_eq!(text.contains_str(w), src.contains(w.as_str()));
                }
            }
        }
    }

    #[test]
    fn one_word_renamed_on_every_line_is_a_rename() {
        let piece = [
            "bin/luarocks --verbose",
            "(",
            "   eval $(bin/luarocks path)",
        ];
        let file = [
            "bin/luarocksNext --verbose",
            "(",
            "   eval $(bin/luarocksNext path)",
        ];
        assert_eq!(renamed_lines(piece.into_iter().zip(file)), Some(2));
    }

    #[test]
    fn two_words_renamed_or_a_word_added_are_not() {
        let piece = ["let a = f(x);", "let b = g(a);"];
        let two = ["let a = f(y);", "let c = g(a);"];
        assert_eq!(renamed_lines(piece.into_iter().zip(two)), None);
        let added = ["let a = f(x, y);", "let b = g(a);"];
        assert_eq!(renamed_lines(piece.into_iter().zip(added)), None);
        assert_eq!(renamed_lines(piece.into_iter().zip(piece)), None);
    }
}
