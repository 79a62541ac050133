//! Several edits on one text, as one transaction: the stage that judges the edits together
//! and splices them.
//!
//! Every edit is located against the *original* text, so an earlier edit cannot move a later
//! one onto the wrong lines, and overlapping spans are caught as a [`EditError::Conflict`]
//! naming both edits. When some edit is only found in the text an earlier edit of the same list
//! produces (the model wrote the list sequentially), the list is applied again one edit at a
//! time; that result is taken only if every edit succeeds.

use super::locate;
use crate::applied::{Applied, Failed, Failure, Match};
use crate::edit::{Edit, Mode, Options};
use crate::error::EditError;
use crate::rules;
use crate::text::Text;

/// Locate every edit (each through [`locate`]), judge them together, and splice, as the mode
/// says: the stages of [`super::apply_with`] before the format and the syntax rule.
pub(super) fn located(text: &str, edits: &[Edit], options: &Options) -> Result<Applied, Failed> {
    let indexed = Text::new(text);
    let mut matches: Vec<Match> = Vec::new();
    let mut failures: Vec<Failure> = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        match locate(&indexed, i, edit, options) {
            // Moved, not copied, when it is the first: a `replace_all` may hold a million.
            Ok(found) if matches.is_empty() => matches = found,
            Ok(found) => matches.extend(found),
            Err(error) => failures.push(Failure { edit: i, error }),
        }
    }
    failures.extend(rules::conflicts(&indexed, &mut matches));
    failures.sort_by_key(|f| f.edit);

    if failures.is_empty() {
        return Ok(splice(text, matches, false));
    }
    match options.mode {
        Mode::Atomic => {
            // Only a miss can mean "written after an earlier edit"; a conflict or an ambiguity
            // must not be settled by applying the list in another way.
            let misses_only = failures
                .iter()
                .all(|f| matches!(f.error, EditError::NotFound { .. }));
            if edits.len() > 1 && misses_only {
                if let Some(applied) = sequential(text, edits, options) {
                    return Ok(applied);
                }
            }
            Err(Failed::of(failures, edits))
        }
        Mode::Partial => partial(text, edits, matches, failures, options),
    }
}

/// Apply what was located; then retry each edit that was not found on the result, since it may
/// depend on the ones applied. Nothing applied at all is a failure, not an empty success.
fn partial(
    text: &str,
    edits: &[Edit],
    mut matches: Vec<Match>,
    failures: Vec<Failure>,
    options: &Options,
) -> Result<Applied, Failed> {
    matches.retain(|m| !failures.iter().any(|f| f.edit == m.edit));
    let mut result = splice(text, matches, false);
    let mut still_failed = Vec::new();
    for failure in failures {
        let retry = match failure.error {
            EditError::NotFound { .. } => {
                let retried = Text::new(&result.text);
                locate(&retried, failure.edit, &edits[failure.edit], options).ok()
            }
            _ => None,
        };
        match retry {
            Some(found) => {
                let step = splice(&result.text, found, true);
                result.text = step.text;
                result.matches.extend(step.matches);
                result.sequential = true;
            }
            None => still_failed.push(failure),
        }
    }
    if result.matches.is_empty() {
        return Err(Failed::of(still_failed, edits));
    }
    result.failures = still_failed;
    Ok(result)
}

/// Apply the edits one after another, each located in the text the previous ones produced.
fn sequential(text: &str, edits: &[Edit], options: &Options) -> Option<Applied> {
    let mut current = text.to_string();
    let mut matches = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        let found = locate(&Text::new(&current), i, edit, options).ok()?;
        let step = splice(&current, found, true);
        matches.extend(step.matches);
        current = step.text;
    }
    Some(Applied {
        text: current,
        matches,
        failures: Vec::new(),
        sequential: true,
        warnings: Vec::new(),
        followed: Vec::new(),
    })
}

/// Replace every match's span with its replacement, in one pass.
///
/// # Panics
/// When spans overlap: [`rules::conflicts`] removes overlaps first, and writing overlapping
/// replacements would corrupt the text, so this is a bug worth stopping for.
fn splice(src: &str, mut matches: Vec<Match>, sequential: bool) -> Applied {
    matches.sort_by_key(|m| (m.span.start, m.span.end));
    assert!(
        matches.windows(2).all(|w| w[0].span.end <= w[1].span.start),
        "splice: overlapping spans"
    );
    let mut out = String::with_capacity(
        src.len() + matches.iter().map(|m| m.replacement.len()).sum::<usize>(),
    );
    let mut pos = 0;
    for m in &matches {
        out.push_str(&src[pos..m.span.start]);
        out.push_str(&m.replacement);
        pos = m.span.end;
    }
    out.push_str(&src[pos..]);
    Applied {
        text: out,
        matches,
        failures: Vec::new(),
        sequential,
        warnings: Vec::new(),
        followed: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidate::StrategyId;
    use crate::pipeline::apply_edits;

    fn at(span: std::ops::Range<usize>, replacement: &str) -> Match {
        Match::placed(0, StrategyId::Exact, 0..1, span, replacement.to_string())
    }

    #[test]
    fn splice_writes_every_replacement_in_one_pass_in_text_order() {
        let out = splice(
            "abcdef",
            vec![at(4..5, "E"), at(0..1, "A"), at(2..2, "+")],
            false,
        );
        assert_eq!(out.text, "Ab+cdEf");
        let spans: Vec<_> = out.matches.iter().map(|m| m.span.clone()).collect();
        assert_eq!(spans, [0..1, 2..2, 4..5]);
    }

    #[test]
    #[should_panic(expected = "overlapping spans")]
    fn splice_refuses_overlapping_spans() {
        splice("abcdef", vec![at(0..3, "x"), at(2..4, "y")], false);
    }

    #[test]
    fn a_miss_is_retried_in_order_but_an_ambiguity_is_not() {
        // The second edit's `old` exists only after the first: applied one after another.
        let out = apply_edits(
            "a\n",
            &[Edit::new("a", "b"), Edit::new("b", "c")],
            Mode::Atomic,
        );
        assert_eq!(
            out.map(|o| (o.text, o.sequential)),
            Ok(("c\n".into(), true))
        );
        // An ambiguity is never settled by applying the list in another way.
        let err = apply_edits(
            "x x\n",
            &[Edit::new("x", "y"), Edit::new("z", "w")],
            Mode::Atomic,
        );
        assert!(matches!(err, Err(Failed { .. })));
    }
}
