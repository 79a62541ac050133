//! The line break `new` ends with, where `old` ends without one, read as the end of a blank line
//! of `old`'s that `new` keeps.
//!
//! `old` = `a`, blank, `b` (no line break after `b`) and `new` = `a` and a line break: the model
//! deleted `b` and kept the blank line before it. Spliced, `new` keeps that blank line (its line
//! break and `b`'s make it); the line merge read the break as a newline habit and dropped the
//! blank line with `b` (refuse-bench legit_indent s3: 2 of 1,000 cases, an `old` with one line's
//! indentation slipped, so merged, not spliced). The match is taken through `b`'s own line break,
//! and both sides end with one: the merge then keeps the blank line as a line of its own, and
//! the span still ends a line where its replacement does (a line merge never splits a line).

use std::ops::Range;
use std::rc::Rc;

use crate::artifacts::{blank_edge_from_old, Edge};
use crate::candidate::{Candidate, Fit};
use crate::needle::Needle;
use crate::text::Text;

/// `candidate` (a line match) taken through the line break after its last line, with `needle`'s
/// sides each ending with one, where `new`'s final line break ends a blank line of `old`'s that
/// it keeps before the last line it deletes (see the module docs). `None` otherwise.
pub(crate) fn through_line_end(
    text: &Text,
    candidate: &Candidate,
    base: &Needle,
) -> Option<Candidate> {
    let Fit::Lines(transformed) = &candidate.fit else {
        return None;
    };
    let needle = transformed.as_deref().unwrap_or(base);
    let (old, new) = (needle.old_text(), needle.new_text());
    let asks = !needle.trailing_newline()
        && new.ends_with('\n')
        && !new.ends_with("\n\n")
        && blank_edge_from_old(old, new, Edge::End);
    let last = text.lines().get(candidate.lines.end.checked_sub(1)?)?;
    // (The span ends where its last line's text does, and a line break follows it.)
    if !asks || candidate.span.end != last.content_end || last.end == last.content_end {
        return None;
    }
    let eol = if text.as_str()[last.content_end..last.end].starts_with('\r') {
        "\r\n"
    } else {
        "\n"
    };
    let span: Range<usize> = candidate.span.start..last.end;
    Some(Candidate {
        span,
        lines: candidate.lines.clone(),
        score: candidate.score,
        fit: Fit::Lines(Some(Rc::new(Needle::owned(
            format!("{old}{eol}"),
            format!("{new}{eol}"),
        )))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &Text, lines: Range<usize>, old: &str, new: &str) -> Candidate {
        Candidate {
            span: text.span_of_lines(lines.clone(), false),
            lines,
            score: 1.0,
            fit: Fit::Lines(Some(Rc::new(Needle::owned(old.into(), new.into())))),
        }
    }

    #[test]
    fn a_blank_line_kept_before_a_deleted_last_line_is_taken_through_its_break() {
        let text = Text::new("a();\n}\n\nfn b() {\n  c();\n");
        let c = lines(&text, 0..4, " a();\n}\n\nfn b() {", " a();\n}\n");
        let through = through_line_end(&text, &c, &Needle::new("", "")).unwrap();
        assert_eq!(&text.as_str()[through.span], "a();\n}\n\nfn b() {\n");
        let needle = through.fit.needle().unwrap();
        assert_eq!(needle.old_text(), " a();\n}\n\nfn b() {\n");
        assert_eq!(needle.new_text(), " a();\n}\n\n");
        // Without a blank line before the deleted line, the break is a newline habit.
        let text = Text::new("a();\n}\nfn b() {\n");
        let c = lines(&text, 0..3, " a();\n}\nfn b() {", " a();\n}\n");
        assert!(through_line_end(&text, &c, &Needle::new("", "")).is_none());
        // At the end of a text without a final line break: nothing to take.
        let text = Text::new("a();\n}\n\nfn b() {");
        let c = lines(&text, 0..4, " a();\n}\n\nfn b() {", " a();\n}\n");
        assert!(through_line_end(&text, &c, &Needle::new("", "")).is_none());
    }
}
