//! **Exact**: `old` occurs in the text byte for byte.
//!
//! The mistake it repairs is none: this is the strict path every edit tries first. One
//! allowance: a model writes `\n` where a CRLF file has `\r\n`, so when the file uses CRLF and
//! `old` does not, `old` is searched again with its line endings converted.
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
        exact_spans(cx.text, cx.needle.old_text())
            .into_iter()
            .map(|span| Candidate {
                lines: cx.text.lines_of_span(&span),
                span,
                score: 1.0,
                fit: Fit::Splice(None),
            })
            .collect()
    }
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
fn find_all(hay: &[u8], needle: &[u8]) -> Vec<Range<usize>> {
    let finder = memchr::memmem::Finder::new(needle);
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = finder.find(&hay[from..]) {
        let at = from + i;
        out.push(at..at + needle.len());
        from = at + 1;
    }
    out
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
