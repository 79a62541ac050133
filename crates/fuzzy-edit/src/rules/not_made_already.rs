//! Rule 2 of [`super`]: an edit made already is not made again beside itself.

use crate::budget::Budget;
use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::feedback;
use crate::needle::Needle;
use crate::normalize;
use crate::text::lines_of;
use crate::text::Text;

/// Rule 2: a fuzzy candidate is not accepted where `new` already stands elsewhere in the file
/// (not over the candidate): the edit was most likely made already, and `old` now finds a
/// similar block beside it; applying it there would make the same change twice. A `new` whose
/// lines are a run of `old`'s (a deletion of its first or last lines) says nothing of the
/// kind, and neither does a `new` of one line (code repeats lines). `needle` is the one the
/// candidate was matched with, `sent` the model's: where only `sent` tells (the match put
/// `old`'s lines in another order), `new` over part of the candidate is refused too.
pub(crate) fn check_not_made_already(
    text: &Text,
    strategy: StrategyId,
    chosen: &[Candidate],
    needle: &Needle,
    sent: &Needle,
    budget: &Budget,
) -> Result<(), EditError> {
    if strategy == StrategyId::Exact {
        return Ok(());
    }
    // (Both as matched and as sent where the match put `old`'s lines in another order: a
    // deletion of `old`'s middle line, read as a slip in that order, is a deletion of its
    // first line as matched.)
    let (telling, as_sent) = if !a_run_of_old(needle) {
        (needle, false)
    } else if reordered(needle, sent) && !a_run_of_old(sent) {
        (sent, true)
    } else {
        return Ok(());
    };
    let Some(location) = feedback::already_applied(text, telling, budget) else {
        return Ok(());
    };
    // (`location` counts lines from 1, its end included.) Where `new` stands over the
    // candidate, the model's edit may be what the file holds there already, matched through
    // a repair; but where only `old` as sent says the edit was no deletion, `new` standing
    // over part of the candidate is the deletion made already, and the rest of the candidate
    // the line it would take with it (gate: 16 exact edits lost when this held for every
    // needle).
    let over_a_candidate = chosen.iter().any(|c| {
        if as_sent {
            location.start_line <= c.lines.start + 1 && c.lines.end <= location.end_line
        } else {
            location.start_line <= c.lines.end && c.lines.start < location.end_line
        }
    });
    if over_a_candidate {
        return Ok(());
    }
    Err(EditError::AlreadyApplied {
        rule: super::table::RuleId::NotMadeAlready.name(),
        location,
        old_location: None,
    })
}

/// Whether `new`'s lines are a run of `old`'s (a deletion, or `new` of one line): then `new`
/// standing elsewhere proves little (code repeats lines); a block does.
fn a_run_of_old(needle: &Needle) -> bool {
    let old: Vec<&str> = needle.lines().filter(|l| !l.trim().is_empty()).collect();
    let new: Vec<&str> = lines_of(needle.new_text())
        .0
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    new.len() < 2 || old.windows(new.len()).any(|w| same_lines_shifted(w, &new))
}

/// Whether `needle`'s `old` is `sent`'s with its lines in another order (a slip undone).
fn reordered(needle: &Needle, sent: &Needle) -> bool {
    let lines = |n: &Needle| -> Vec<String> { n.lines().map(|l| l.trim().to_string()).collect() };
    let (a, b) = (lines(needle), lines(sent));
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    a != b && sorted(a) == sorted(b)
}

/// Whether `a` and `b` are the same lines (loosely), each at the same depth as the other
/// but for one offset: a run of `old` that `new` keeps, moved as a whole. Loose equality alone
/// would take `}` for the `    }` above it: a deletion of one of three closing braces would
/// read as `new` keeping the first lines of `old` (measured: 1 of 1,000 already-applied
/// deletions in the refuse generator was made a second time, on a sibling block).
fn same_lines_shifted(a: &[&str], b: &[&str]) -> bool {
    let offset = |x: &str, y: &str| {
        normalize::indent_width(x) as isize - normalize::indent_width(y) as isize
    };
    let Some((x, y)) = a.first().zip(b.first()) else {
        return true;
    };
    let first = offset(x, y);
    a.iter()
        .zip(b)
        .all(|(x, y)| normalize::loose_equal(x, y) && offset(x, y) == first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_old_is_the_same_lines_at_one_offset() {
        // Moved as a whole (one level shallower): a run.
        assert!(same_lines_shifted(&["    a();", "    }"], &["a();", "}"]));
        // `}` for `    }` where `a();` kept its depth: not a run.
        assert!(!same_lines_shifted(
            &["    a();", "    }"],
            &["    a();", "}"]
        ));
        assert!(!same_lines_shifted(&["a();", "b();"], &["a();", "c();"]));
    }
}
