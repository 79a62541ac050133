//! **Exact**: `old` occurs in the text byte for byte.
//!
//! The mistake it repairs is none: this is the strict path every edit tries first. One
//! allowance: a model writes `\n` where a CRLF file has `\r\n`, so when the file uses CRLF and
//! `old` does not, `old` is searched again with its line endings converted.
//!
//! An indented `old` also occurs inside the indentation of a deeper line holding the same text
//! (`        return 1` in `            return 1`). Where it also starts a line, with that line's
//! indentation exactly, that occurrence is the one copied, and the deeper ones are no rivals.
//!
//! ```
//! let out = fuzzy_edit::apply("let x = 1;\r\nlet y = 2;\r\n", &fuzzy_edit::Edit::new("x = 1;\nlet y", "x = 3;\nlet y")).unwrap();
//! assert_eq!(out.text, "let x = 3;\r\nlet y = 2;\r\n");
//! assert_eq!(out.matches[0].strategy, "exact");
//! ```

use std::ops::Range;

use super::{Candidate, Context, Fit, Strategy, StrategyId};
use crate::text::Text;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Exact;

impl Strategy for Exact {
    fn id(&self) -> StrategyId {
        StrategyId::Exact
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let found: Vec<(Range<usize>, Option<usize>)> = exact_spans(cx.text, cx.needle.old_text())
            .into_iter()
            .map(|span| {
                let from_indentation = whole_lines_from_indentation(cx, &span);
                (span, from_indentation)
            })
            .collect();
        // An indented `old` found at the start of a line has that line's indentation exactly:
        // it is the line the model copied, and a match beginning inside a deeper line's
        // indentation (the same text nested further) is no rival.
        let indented_old = cx.needle.old_text().starts_with([' ', '\t']);
        let at_line_start =
            |span: &Range<usize>| cx.text.lines()[cx.text.line_of(span.start)].start == span.start;
        let copied_whole = indented_old
            && found
                .iter()
                .any(|(span, from)| from.is_none() && at_line_start(span));
        found
            .into_iter()
            .filter(|(_, from)| !(copied_whole && from.is_some()))
            .map(|(span, from_indentation)| {
                let lines = cx.text.lines_of_span(&span);
                match from_indentation {
                    // `old` began inside the indentation of its first line: the model's
                    // indentation is off there, so `new` is re-based like any line match.
                    Some(start) => Candidate {
                        span: start..span.end,
                        lines,
                        score: 1.0,
                        fit: Fit::Lines(None),
                    },
                    None => Candidate {
                        lines,
                        span,
                        score: 1.0,
                        fit: Fit::Splice(None),
                    },
                }
            })
            .collect()
    }
}

/// Where `span`'s first line starts, when `old` starts with indentation, but less of it than
/// the line has, and ends at the end of a line: a match of whole lines whose first line the
/// model under-indented. Also when `old` starts at the line's first character but `new`
/// starts with indentation: the model wrote `new` as whole lines, and pasting it after the
/// line's own indentation would indent it twice. (An `old` and a `new` copied from the first
/// character of a line are a different habit: their other lines carry their full
/// indentation, so `new` is written as given.)
fn whole_lines_from_indentation(cx: &Context<'_>, span: &Range<usize>) -> Option<usize> {
    let indented = |s: &str| s.starts_with([' ', '\t']);
    if !indented(cx.needle.old_text()) && !indented(cx.needle.new_text()) {
        return None;
    }
    let text = cx.text;
    let first = text.lines()[text.line_of(span.start)];
    // (A span can start before its line's content, in a byte-order mark.)
    let before = text.as_str().get(first.start..span.start)?;
    if before.is_empty() || !before.bytes().all(|b| b == b' ' || b == b'\t') {
        return None;
    }
    let last = text.lines()[text.line_of(span.end.saturating_sub(1).max(span.start))];
    let ends_a_line = if cx.needle.trailing_newline() {
        span.end == last.end
    } else {
        span.end == last.content_end
    };
    ends_a_line.then_some(first.start)
}

/// Non-overlapping byte spans where `old` occurs, trying CRLF line endings when the text uses
/// them and `old` does not.
pub(crate) fn exact_spans(text: &Text, old: &str) -> Vec<Range<usize>> {
    if old.is_empty() {
        return Vec::new();
    }
    let hay = text.as_str().as_bytes();
    let mut spans = find_all(hay, old.as_bytes());
    // A span must not cut a `\r\n` in two: that would leave a lone `\r` behind.
    let splits = |i: usize| i > 0 && i < hay.len() && hay[i - 1] == b'\r' && hay[i] == b'\n';
    spans.retain(|s| !splits(s.start) && !splits(s.end));
    if old.contains('\n') && !old.contains("\r\n") && text.has_crlf() {
        // The same text with the file's CRLF endings counts too (a file may mix endings).
        spans.extend(find_all(hay, old.replace('\n', "\r\n").as_bytes()));
        spans.sort_by_key(|s| (s.start, s.end));
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
fn find_all(hay: &[u8], needle: &[u8]) -> Vec<Range<usize>> {
    let finder = memchr::memmem::Finder::new(needle);
    let len = needle.len();
    let period = smallest_period(needle);
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = finder.find(&hay[from..]) {
        let mut at = from + i;
        out.push(at..at + len);
        if 2 * period > len {
            // Two occurrences overlap only at a period of the needle, so none starts sooner.
            from = at + period;
            continue;
        }
        // The next occurrence at `at + period` shares all but its last `period` bytes with this
        // one. When the run breaks, no occurrence starts before `at + len - period + 1`: a shift
        // that short is a multiple of the period (Fine and Wilf), and those fail as this one did.
        let tail = &needle[len - period..];
        while hay.get(at + len..at + len + period) == Some(tail) {
            at += period;
            out.push(at..at + len);
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
                    find_all(&hay, needle),
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
    fn a_line_with_old_s_indentation_drops_the_deeper_lines_holding_it() {
        use crate::budget::Budget;
        use crate::needle::Needle;
        let spans = |text: &str, old: &str, new: &str| -> Vec<(usize, usize)> {
            let text = Text::new(text);
            let needle = Needle::new(old, new);
            let budget = Budget::new(text.as_str().len(), old.len(), None);
            let cx = Context::new(&text, &needle, &budget);
            let found = Exact.candidates(&cx);
            found.iter().map(|c| (c.span.start, c.span.end)).collect()
        };
        // `    x` starts line 2 with its indentation; line 4 holds it 4 spaces deeper.
        let text = "a:\n    x\nb:\n        x\n";
        assert_eq!(spans(text, "    x", "    y"), [(3, 8)]);
        // Unindented, `x` ends both lines: both count.
        assert_eq!(spans(text, "x", "y"), [(7, 8), (20, 21)]);
        // Only in the deeper line: read as an under-indented copy of it, from its start.
        assert_eq!(spans("b:\n        x\n", "    x", "    y"), [(3, 12)]);
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
