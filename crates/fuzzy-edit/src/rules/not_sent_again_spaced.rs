//! Rule 2: an edit made already and sent again with its blank lines changed.
//!
//! [`super::check_not_sent_again`] refuses a candidate lying inside a place where the file
//! reads as `new` line for line. A model sending an insertion again often adds or drops a
//! blank line on the way (in `new`, or in `old`, or starts `old` with a line break): the file
//! then reads as `new` only once blank lines are left out, the check misses it, and the
//! inserted line goes in a second time. So here blank lines are left out on both sides: where
//! `new`'s other lines, loosely (indentation and inner whitespace aside), stand over every
//! line the candidate holds and reach past it by a line, the edit is refused as already
//! applied.
//!
//! Measured (a multi-language generator of resent edits, seeds 1-12): the already-applied
//! insertions with a blank line added or dropped (CMake, Kotlin, Ruby, Haskell, Swift, Perl) are
//! refused; the gate's exact and sound figures are unchanged.

use std::ops::Range;

use crate::candidate::Candidate;
use crate::error::EditError;
use crate::feedback::location;
use crate::needle::Needle;
use crate::normalize::{self, Level};
use crate::text::filled_lines;
use crate::text::Text;

/// How many lines past the candidate, on each side and beyond `new`'s own count, are looked
/// at for `new`'s lines: room for the blank lines between them.
const BLANK_ROOM: usize = 8;

/// Rule 2: refuse when every candidate of `chosen` lies inside a place where the text reads as
/// `new` once blank lines are left out, and `new` reaches past it by a line that is not blank.
pub(crate) fn check_not_sent_again_spaced(
    text: &Text,
    chosen: &[Candidate],
    needle: &Needle,
) -> Result<(), EditError> {
    let new = needle.new_text();
    // Too short to say anything (a `}`, a blank line).
    if new.trim().len() < 3 || chosen.is_empty() {
        return Ok(());
    }
    let written = filled_lines(new);
    let mut places = chosen.iter().map(|c| new_around(text, c, &written));
    let Some(Some(lines)) = places.next() else {
        return Ok(());
    };
    if places.any(|p| p.is_none()) {
        return Ok(());
    }
    Err(EditError::AlreadyApplied {
        rule: super::table::RuleId::NotSentAgainSpaced.name(),
        location: location(text, lines, None),
        old_location: Some(location(text, chosen[0].lines.clone(), None)),
    })
}

/// The lines where `written` (`new`'s lines that are not blank) stands around `c`, loosely and
/// blank lines aside, covering every line of `c` that is not blank and reaching past them.
fn new_around(text: &Text, c: &Candidate, written: &[&str]) -> Option<Range<usize>> {
    let t = text.as_str();
    let span = &t[c.span.clone()];
    if span.trim().is_empty() {
        return None;
    }
    // (A match of an `old` starting with a line break begins at the end of the line before.)
    let start = c.span.start + (span.len() - span.trim_start().len());
    let end = c.span.end - (span.len() - span.trim_end().len());
    let lines = text.lines_of_span(&(start..end));
    let m = written.len();
    let filled = |r: Range<usize>| -> Vec<usize> { r.filter(|&i| !text.is_blank(i)).collect() };
    let room = m + BLANK_ROOM;
    let mut before = filled(lines.start.saturating_sub(room)..lines.start);
    before.drain(..before.len().saturating_sub(m));
    let own = filled(lines.clone());
    let mut after = filled(lines.end..(lines.end + room).min(text.line_count()));
    after.truncate(m);
    let (b, k) = (before.len(), own.len());
    if k == 0 || m <= k {
        return None;
    }
    let seq: Vec<usize> = before.into_iter().chain(own).chain(after).collect();
    // Outside the candidate, `new`'s lines must stand right beside it: across a blank line of
    // the file, `new` standing above is code repeating itself (`f()`, `log()`, a blank line,
    // `h()`, with `h()` -> `f()\nlog()\nh()`: tests/engine/requests.rs).
    let beside = |ix: &[usize]| ix.windows(2).all(|w| w[1] == w[0] + 1);
    (b.saturating_sub(m - k)..=b)
        .filter(|&p| p + m <= seq.len() && p + m >= b + k)
        .filter(|&p| beside(&seq[p..=b]) && beside(&seq[b + k - 1..p + m]))
        .find(|&p| {
            (0..m).all(|j| {
                normalize::lines_equal(text.line(seq[p + j]), written[j], Level::InnerWhitespace)
            })
        })
        .map(|p| seq[p]..seq[p + m - 1] + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidate::Fit;

    /// Check the candidate over lines `at` (0-based, end exclusive).
    fn check(text: &str, at: Range<usize>, new: &str) -> Result<(), EditError> {
        let text = Text::new(text);
        let c = Candidate {
            span: text.span_of_lines(at.clone(), false),
            lines: at,
            score: 1.0,
            fit: Fit::Splice(None),
        };
        check_not_sent_again_spaced(&text, &[c], &Needle::new("unused", new))
    }

    #[test]
    fn an_insertion_made_already_is_found_with_its_blank_lines_changed() {
        let file = "a()\nb()\nlog()\nc()\n";
        // `new` adds a blank line the file does not have.
        assert!(check(file, 0..2, "a()\n\nb()\nlog()").is_err());
        // The file has a blank line `new` does not.
        let file = "a()\n\nb()\nlog()\nc()\n";
        assert!(check(file, 0..3, "a()\nb()\nlog()").is_err());
    }

    #[test]
    fn new_over_the_candidate_alone_or_apart_from_it_is_no_reason() {
        let file = "a()\nb()\nlog()\nc()\n";
        // `new` no longer than the candidate: a change of blank lines, made as asked.
        assert_eq!(check(file, 0..2, "a()\n\nb()"), Ok(()));
        // `new`'s added line is not beside the candidate.
        assert_eq!(check(file, 0..2, "a()\nb()\nc()"), Ok(()));
        // Across a blank line of the file: code repeating itself.
        let file = "a()\nb()\n\nc()\n";
        assert_eq!(check(file, 3..4, "a()\nb()\nc()"), Ok(()));
        // `new` changes a line of the candidate.
        assert_eq!(check(file, 0..2, "a()\nB()\nlog()"), Ok(()));
    }
}
