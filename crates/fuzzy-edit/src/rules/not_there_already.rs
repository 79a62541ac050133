//! Rule 3: an edit found loosely whose replacement would change only space at line ends.
//!
//! `old` sent again after the edit was made finds its block loosely (the line `new` changed
//! now reads as `new` has it), and the merge writes `new` there. Where that leaves the text as
//! it was, the edit is refused as already applied ([`super::check_changes_something`]). But a
//! line `new` writes without the space the file keeps at its end (`"a": {}, ` written as
//! `"a": {},`) makes the replacement differ by that space alone, and the edit went through as
//! if made: a change of trailing space the model never asked for, reported as its edit. When
//! `old` and `new` differ by more than space at line ends, and the replacement differs from
//! the file by no more, on lines `new` has as the file has them (with the space), what `new`
//! says stands there already. Measured: the attack benchmark's `MR_already_applied` s3:1253
//! (a JSON map with `{}, ` entries) is refused; the gate's trailing-space edits (real patches
//! that take space off, sent prefixed or escaped) are made: without the last condition 40 of
//! `escaped`, `prefix_*` each and 8 of `typo_*` were refused.

use crate::applied::Match;
use crate::candidate::StrategyId;
use crate::error::EditError;
use crate::feedback::location;
use crate::text::lines_of;
use crate::text::Text;

/// Rule 3: refuse as already applied loose matches that would change only space at line ends,
/// for an edit (`old` -> `new`, as the match decoded them) that changes more than that.
pub(crate) fn check_not_there_already(
    text: &Text,
    matches: &[Match],
    old: &str,
    new: &str,
) -> Result<(), EditError> {
    let Some(first) = matches.first() else {
        return Ok(());
    };
    let loose = matches.iter().all(|m| m.strategy != StrategyId::Exact);
    if !loose || same_but_line_end_space(old, new) {
        return Ok(());
    }
    let (new_lines, _) = lines_of(new);
    let there = matches.iter().all(|m| {
        let file = &text.as_str()[m.span.clone()];
        same_but_line_end_space(&m.replacement, file)
            && space_dropped_only_where_new_keeps_it(&m.replacement, file, &new_lines)
    });
    if !there {
        return Ok(());
    }
    Err(EditError::AlreadyApplied {
        rule: super::table::RuleId::NotThereAlready.name(),
        location: location(text, first.start_line - 1..first.end_line, None),
        old_location: None,
    })
}

/// Whether every line of `file` that `replacement` writes differently is a line of `new` as
/// written, and not blank: the space at its end was `new`'s too, and dropped on the way. (An edit that takes
/// space off line ends has the file's lines in `old`, not in `new`: it is made.)
fn space_dropped_only_where_new_keeps_it(replacement: &str, file: &str, new: &[&str]) -> bool {
    let ((written, _), (read, _)) = (lines_of(replacement), lines_of(file));
    written
        .iter()
        .zip(&read)
        .filter(|(w, r)| w != r)
        .all(|(_, r)| !r.trim().is_empty() && new.contains(r))
}

/// Whether `a` and `b` have as many lines, equal but for spaces and tabs at their ends.
fn same_but_line_end_space(a: &str, b: &str) -> bool {
    let ((a, _), (b, _)) = (lines_of(a), lines_of(b));
    let end = |l: &str| l.trim_end_matches([' ', '\t']).len();
    a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x[..end(x)] == y[..end(y)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn space_at_line_ends_is_all_that_may_differ() {
        assert!(same_but_line_end_space("a, \nb", "a,\nb"));
        assert!(same_but_line_end_space("a\t\nb\n", "a\nb"));
        assert!(!same_but_line_end_space(" a\nb", "a\nb"));
        assert!(!same_but_line_end_space("a\nb\n\n", "a\nb"));
        assert!(!same_but_line_end_space("a 1\nb", "a 8\nb"));
    }
}
