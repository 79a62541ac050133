//! Rule 2: an edit made already and sent again.
//!
//! Once an edit has been applied, its `old` often still stands in the file, inside the text
//! `new` put there: a wrap keeps the wrapped line, an insertion keeps its neighbour. Sent
//! again, the edit finds `old` (exactly, or loosely, since `new` may have moved it to another
//! depth) and would make the change a second time: a second `if` around the first, a line
//! inserted twice. So a candidate lying inside a place where the file already reads as `new`
//! is refused as already applied. The rare model that really wants `new`'s text once more
//! beside itself is told to take the lines around that place into `old`.

use std::ops::Range;

use crate::budget::Budget;
use crate::candidate::Candidate;
use crate::error::EditError;
use crate::feedback::location;
use crate::needle::Needle;
use crate::normalize::{self, Level};
use crate::text::exact_spans;
use crate::text::lines_of;
use crate::text::Text;

/// Rule 2: refuse when `chosen` (every one of them, for `replace_all`) lies inside a place
/// where the text already reads as `new` and reaches past it by more than whitespace: byte for
/// byte around the candidate's span, or line for line loosely (indentation and inner
/// whitespace aside) around its lines. `needle` is the one the candidates were matched with.
pub(crate) fn check_not_sent_again(
    text: &Text,
    chosen: &[Candidate],
    needle: &Needle,
    budget: &Budget,
) -> Result<(), EditError> {
    let new = needle.new_text();
    // Too short to say anything (a `}`, a blank line).
    if new.trim().len() < 3 || chosen.is_empty() {
        return Ok(());
    }
    let spans = exact_spans(text, new);
    let longest = spans.iter().map(|s| s.len()).max().unwrap_or(0);
    let (new_lines, _) = lines_of(new);
    let n = new_lines.len();
    // Only windows over the candidate's lines matter: they are looked for there, not over the
    // whole text (which would index every line of a large file for an exact match).
    let loosely_new_at = |s: usize| {
        s + n <= text.line_count()
            && budget.charge(n)
            && new_lines
                .iter()
                .enumerate()
                .all(|(k, l)| normalize::lines_equal(text.line(s + k), l, Level::InnerWhitespace))
    };
    let around = |c: &Candidate| -> Option<Range<usize>> {
        // `new` reaching past the candidate by more than whitespace.
        let more = |s: &Range<usize>| {
            let t = text.as_str();
            [&t[s.start..c.span.start], &t[c.span.end..s.end]]
                .iter()
                .any(|part| !part.trim().is_empty())
        };
        // Only the spans starting within the longest span's length before the candidate's end
        // can hold it: found by bisection, not by a walk over every span for every candidate
        // (quadratic for a `replace_all` whose `new` holds `old`: 160k lines took 7 s).
        let from = spans.partition_point(|s| s.start + longest < c.span.end);
        let in_span = spans[from..]
            .iter()
            .take_while(|s| s.start <= c.span.start)
            .find(|s| budget.charge(s.len()) && c.span.end <= s.end && more(s));
        if let Some(s) = in_span {
            return Some(text.lines_of_span(s));
        }
        (c.lines.end.saturating_sub(n)..=c.lines.start)
            .map(|s| s..s + n)
            .find(|w| {
                (w.start..c.lines.start)
                    .chain(c.lines.end..w.end)
                    .any(|i| i < text.line_count() && !text.is_blank(i))
                    && loosely_new_at(w.start)
            })
    };
    let mut inside = chosen.iter().map(|c| (c, around(c)));
    let Some((first, Some(lines))) = inside.next() else {
        return Ok(());
    };
    if inside.any(|(_, lines)| lines.is_none()) {
        return Ok(());
    }
    Err(EditError::AlreadyApplied {
        rule: super::table::RuleId::NotSentAgain.name(),
        location: location(text, lines, None),
        old_location: Some(location(text, first.lines.clone(), None)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidate::Fit;

    /// Check one-line candidates on the lines `at` (0-based).
    fn check(text: &str, at: &[usize], old: &str, new: &str) -> Result<(), EditError> {
        let text = Text::new(text);
        let chosen: Vec<Candidate> = at
            .iter()
            .map(|&l| Candidate {
                span: text.span_of_lines(l..l + 1, false),
                lines: l..l + 1,
                score: 1.0,
                fit: Fit::Splice(None),
            })
            .collect();
        let budget = Budget::new(text.as_str().len(), old.len(), None);
        check_not_sent_again(&text, &chosen, &Needle::new(old, new), &budget)
    }

    fn refused_at(r: Result<(), EditError>) -> ((usize, usize), (usize, usize)) {
        match r {
            Err(EditError::AlreadyApplied {
                location,
                old_location: Some(at),
                rule: "not_sent_again",
            }) => (
                (location.start_line, location.end_line),
                (at.start_line, at.end_line),
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_candidate_inside_new_is_refused() {
        let file = "class A:\n    if enabled:\n        def f(self):\n            pass\n";
        let r = check(
            file,
            &[2],
            "    def f(self):",
            "    if enabled:\n        def f(self):",
        );
        assert_eq!(refused_at(r), ((2, 3), (3, 3)));
        // Loosely: `new` standing at another depth.
        let r = check(file, &[2], "def f(self):", "if enabled:\n    def f(self):");
        assert_eq!(refused_at(r), ((2, 3), (3, 3)));
    }

    #[test]
    fn new_over_the_candidate_alone_or_elsewhere_is_no_reason() {
        // A change of indentation reads as `new` loosely over the candidate itself.
        assert_eq!(check("  x = 1\n", &[0], "  x = 1", "    x = 1"), Ok(()));
        // `new` elsewhere: code repeats itself.
        let file = "a()\nb()\n\nb()\n";
        assert_eq!(check(file, &[3], "b()", "a()\nb()"), Ok(()));
        // Beside the candidate only blank lines of `new`.
        assert_eq!(check("\nx = 1\n", &[1], "x = 1", "\nx = 1"), Ok(()));
    }

    #[test]
    fn replace_all_is_refused_only_when_every_candidate_is_inside_new() {
        let file = "f()\nlog()\ng()\nf()\nlog()\n";
        let r = check(file, &[0, 3], "f()", "f()\nlog()");
        assert_eq!(refused_at(r), ((1, 2), (1, 1)));
        let file = "f()\nlog()\ng()\nf()\n";
        assert_eq!(check(file, &[0, 3], "f()", "f()\nlog()"), Ok(()));
    }
}
