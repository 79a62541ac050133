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

use super::{Context, Strategy};
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::text::exact_spans_at_most;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Exact;

impl Strategy for Exact {
    fn id(&self) -> StrategyId {
        StrategyId::Exact
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        // (Each occurrence is held as a candidate: past the text's allowance the budget is
        // spent and the edit refused as too complex, rather than millions held.)
        let allowed = usize::try_from(cx.budget.candidates_left()).unwrap_or(usize::MAX);
        let found: Vec<(Range<usize>, Option<usize>)> =
            exact_spans_at_most(cx.text, cx.needle.old_text(), allowed)
                .into_iter()
                .take_while(|_| cx.budget.hold())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Text;

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
}
