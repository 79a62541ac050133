//! Rule 3: a replacement that changes only whitespace, for an edit that changes more.
//!
//! An edit sent again after it was made finds `old` loosely (through an elision, a blank line
//! left out, a line the model's memory slipped on) where the file now reads as `new`. Written
//! as `new` has it, the replacement leaves every word where it was and moves only whitespace:
//! `new` written flush left re-indents a Python body out of its `def`, `new` missing a blank
//! line deletes the file's. That is never the edit the model asked for: its `old` and `new`
//! differ by more than whitespace, and what they differ by is already in the file. So where
//! `old` and `new` differ by more than whitespace (and punctuation's look-alikes), and every
//! replacement differs from the text it replaces by whitespace alone (indentation, runs of
//! space, blank lines), the edit is refused as already applied. [`super::check_not_there_already`]
//! is the case of space at line ends on lines `new` keeps.
//!
//! Measured (a multi-language resend generator, seeds 11 and 12, 3,000 cases each):
//! already-applied companions changed only in whitespace or blank lines go from 5 to 0; the gate's
//! exact and sound figures are unchanged.

use rapidfuzz::distance::levenshtein;

use crate::applied::Match;
use crate::candidate::StrategyId;
use crate::error::EditError;
use crate::feedback::location;
use crate::needle::Needle;
use crate::normalize::{self, Level};
use crate::notation::is_elision_marker;
use crate::text::filled_lines;
use crate::text::Text;
use crate::thresholds::MAX_RESPACED_SLIP_EDITS;

/// Rule 3: refuse as already applied replacements that move only whitespace, for an edit
/// (`old` -> `new`, as the match decoded them) that changes more than whitespace.
/// `sent` is the edit as the model sent it, `decoded` as the match read it.
pub(crate) fn check_not_only_respaced(
    text: &Text,
    matches: &[Match],
    strategy: StrategyId,
    sent: &Needle,
    decoded: &(String, String),
) -> Result<(), EditError> {
    let Some(first) = matches.first() else {
        return Ok(());
    };
    let (mut old, new) = (decoded.0.as_str(), decoded.1.as_str());
    // An elision's match fills `old`'s markers with the file's lines. Where `new` is written
    // out in full, the lines it writes for them are the edit's, and `old` as sent says what
    // it changes; where `new` keeps markers too, the filled pair does. (Gate: with `old` as
    // sent for every elision, 28 real whitespace-only patches with markers on both sides were
    // refused.)
    // (`old` sent with its markers on lines of their own: one sent escaped, on one line, is
    // read through the decoded pair; gate `escaped_elision`, 28 refused otherwise.)
    let marked = |s: &str| s.lines().any(is_elision_marker);
    if strategy == StrategyId::Elision && marked(sent.old_text()) && !marked(sent.new_text()) {
        old = sent.old_text();
    }
    if same_but_whitespace(old, new) || slips_apart(old, new) {
        return Ok(());
    }
    let respaced = matches.iter().all(|m| {
        let file = &text.as_str()[m.span.clone()];
        m.replacement != file && same_but_whitespace(&m.replacement, file)
    });
    if !respaced {
        return Ok(());
    }
    Err(EditError::AlreadyApplied {
        rule: super::table::RuleId::NotOnlyRespaced.name(),
        location: location(text, first.start_line - 1..first.end_line, None),
        old_location: None,
    })
}

/// Whether `a` and `b` have the same lines once blank lines are left out, each equal but for
/// whitespace (indentation, runs of inner space) and punctuation's look-alikes.
fn same_but_whitespace(a: &str, b: &str) -> bool {
    let (a, b) = (filled_lines(a), filled_lines(b));
    a.len() == b.len()
        && a.iter()
            .zip(&b)
            .all(|(x, y)| normalize::lines_equal(x, y, Level::InnerWhitespace))
}

/// Whether `old` and `new` have as many lines (blank ones aside), each pair at most
/// [`MAX_RESPACED_SLIP_EDITS`] character edits apart: what `old` differs from `new` by may be a slip of the
/// model's memory, which the match saw through, and the edit one of whitespace alone.
fn slips_apart(old: &str, new: &str) -> bool {
    let (old, new) = (filled_lines(old), filled_lines(new));
    old.len() == new.len()
        && old.iter().zip(&new).all(|(o, n)| {
            let (o, n) = (normalize::loose_key(o), normalize::loose_key(n));
            levenshtein::distance_with_args(
                o.chars(),
                n.chars(),
                &levenshtein::Args::default().score_cutoff(MAX_RESPACED_SLIP_EDITS),
            )
            .is_some()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_indentation_inner_runs_and_blank_lines() {
        assert!(same_but_whitespace("    a = 1\n\n    b", "a = 1\nb"));
        assert!(same_but_whitespace("a  =  1", "a = 1\n\n"));
        assert!(!same_but_whitespace("a = 1", "a = 10"));
        // Words glued together are not the same words.
        assert!(!same_but_whitespace("a b", "ab"));
        assert!(!same_but_whitespace("a\nb", "a\nb\nc"));
    }

    #[test]
    fn a_slip_is_two_edits_at_most_on_as_many_lines() {
        assert!(slips_apart("  query_dexices()\n\nx", "query_devices()\nx"));
        assert!(!slips_apart("list(dir, fd)", "list(dirAlt, fd)"));
        assert!(!slips_apart("a = 1\nb = 2", "a = 1\n# note\nb = 2"));
    }
}
