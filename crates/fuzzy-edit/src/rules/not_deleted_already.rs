//! Rule 2: a deletion made already and sent again.
//!
//! A model that deleted a stray line (a `}` too many) and sends the edit again has `old` with
//! the line and `new` without it. `old` is no longer in the file; loosely (indentation aside)
//! it finds the lines that follow, the deleted brace read as the next one at another depth,
//! and the merge deletes a legitimate line. Where `new`'s lines are `old`'s with some left out
//! (not a run of `old`'s first or last lines: that is a plain deletion of `old`'s edge, and
//! proves nothing), and the candidate begins or ends with `new`'s lines as written (all at
//! one offset of depth), the file already reads as `new` where `old` points: the edit is
//! refused as already applied.
//!
//! Measured: resent deletions in JS and Go are refused; the gate's exact and sound figures
//! are unchanged.

use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::feedback::location;
use crate::needle::Needle;
use crate::normalize;
use crate::text::filled_lines;
use crate::text::Text;

/// Rule 2: refuse a loose candidate of a deletion whose `new` already stands at its start or
/// end.
pub(crate) fn check_not_deleted_already(
    text: &Text,
    strategy: StrategyId,
    chosen: &[Candidate],
    needle: &Needle,
) -> Result<(), EditError> {
    if strategy == StrategyId::Exact {
        return Ok(());
    }
    let (old, new) = (
        filled_lines(needle.old_text()),
        filled_lines(needle.new_text()),
    );
    if new.is_empty() || !deletes_inside(&old, &new) {
        return Ok(());
    }
    let at_an_edge = |c: &Candidate| {
        let own: Vec<&str> = c
            .lines
            .clone()
            .filter(|&i| i < text.line_count() && !text.is_blank(i))
            .map(|i| text.line(i))
            .collect();
        own.len() > new.len()
            && (same_at_one_depth(&own[..new.len()], &new)
                || same_at_one_depth(&own[own.len() - new.len()..], &new))
    };
    let Some(first) = chosen.first() else {
        return Ok(());
    };
    if !chosen.iter().all(at_an_edge) {
        return Ok(());
    }
    Err(EditError::AlreadyApplied {
        rule: super::table::RuleId::NotDeletedAlready.name(),
        location: location(text, first.lines.clone(), None),
        old_location: None,
    })
}

/// Whether `new` is `old` with lines left out, not only at its start or end: a subsequence of
/// `old`'s lines as written, shorter, and no run of them.
/// (Space at line ends aside: adv case 553, a doc line written twice, one deleted, with
/// trailing spaces on both sides, read as a deletion inside `old` when compared byte for byte.)
fn deletes_inside(old: &[&str], new: &[&str]) -> bool {
    let same = |a: &&str, b: &&str| a.trim_end() == b.trim_end();
    let run = |w: &[&str]| w.iter().zip(new).all(|(a, b)| same(a, b));
    if new.len() >= old.len() || old.windows(new.len()).any(run) {
        return false;
    }
    let mut rest = old.iter();
    new.iter().all(|l| rest.any(|o| same(o, l)))
}

/// Whether `a` and `b` are the same lines, each at the same depth as the other but for one
/// offset.
fn same_at_one_depth(a: &[&str], b: &[&str]) -> bool {
    let offset = |x: &str, y: &str| {
        normalize::indent_width(x) as isize - normalize::indent_width(y) as isize
    };
    let Some((x, y)) = a.first().zip(b.first()) else {
        return false;
    };
    let first = offset(x, y);
    a.iter()
        .zip(b)
        .all(|(x, y)| x.trim() == y.trim() && offset(x, y) == first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deletion_inside_old_is_not_one_at_its_edge() {
        let old = ["  f();", "  }", "}"];
        assert!(deletes_inside(&old, &["  f();", "}"]));
        // The last line, or the first, left out: a run of `old`.
        assert!(!deletes_inside(&old, &["  f();", "  }"]));
        assert!(!deletes_inside(&old, &["  }", "}"]));
        // A line `old` does not have: no deletion.
        assert!(!deletes_inside(&old, &["  g();", "}"]));
    }

    #[test]
    fn one_depth_offset_for_every_line() {
        assert!(same_at_one_depth(&["    f();", "  }"], &["  f();", "}"]));
        assert!(!same_at_one_depth(&["    f();", "  }"], &["    f();", "}"]));
    }
}
