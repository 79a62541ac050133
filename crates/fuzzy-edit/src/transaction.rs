//! Several edits on one text, as one transaction.
//!
//! Every edit is located against the *original* text, so an earlier edit cannot move a later
//! one onto the wrong lines, and overlapping spans are caught as a [`EditError::Conflict`]
//! naming both edits. When some edit is only found in the text an earlier edit of the same list
//! produces (the model wrote the list sequentially), the list is applied again one edit at a
//! time; that result is taken only if every edit succeeds.

use crate::applied::{Applied, Failed, Failure, Match};
use crate::edit::{Edit, Mode, Options};
use crate::error::EditError;
use crate::pipeline::locate;
use crate::rules;
use crate::text::Text;

/// Apply one edit to `text`.
///
/// ```
/// use fuzzy_edit::{apply, Edit};
/// let out = apply("fn main() {\n    run();\n}\n", &Edit::new("run();", "run(true);")).unwrap();
/// assert_eq!(out.text, "fn main() {\n    run(true);\n}\n");
/// assert_eq!((out.matches[0].start_line, out.matches[0].end_line), (2, 2));
/// ```
pub fn apply(text: &str, edit: &Edit) -> Result<Applied, EditError> {
    apply_edits(text, std::slice::from_ref(edit), Mode::Atomic).map_err(|mut f| {
        f.failures
            .pop()
            .map(|f| f.error)
            .unwrap_or(EditError::NoChange {
                rule: crate::rules::table::RuleId::Identical.name(),
                only_edge_line_breaks: false,
                only_artifacts: false,
            })
    })
}

/// Apply a list of edits to `text` as one transaction (see the module docs).
///
/// ```
/// use fuzzy_edit::{apply_edits, Edit, Mode, EditError};
/// let text = "a = 1\nb = 2\n";
/// let out = apply_edits(text, &[Edit::new("a = 1", "a = 10"), Edit::new("b = 2", "b = 20")], Mode::Atomic).unwrap();
/// assert_eq!(out.text, "a = 10\nb = 20\n");
///
/// let err = apply_edits(text, &[Edit::new("a = 1\nb", "x"), Edit::new("b = 2", "y")], Mode::Atomic).unwrap_err();
/// assert!(matches!(err.failures[0].error, EditError::Conflict { first: 0, second: 1, .. }));
/// ```
pub fn apply_edits(text: &str, edits: &[Edit], mode: Mode) -> Result<Applied, Failed> {
    let options = Options {
        mode,
        ..Options::default()
    };
    apply_with(text, edits, &options)
}

/// Apply a list of edits with [`Options`]: the mode, and the syntax guard when the language is
/// known. An edit that adds a parse error the text did not have is refused when the engine's
/// matching may be to blame, and applied with a warning when the result is what the model
/// asked for (the default [`SyntaxPolicy`]).
///
/// ```
/// use fuzzy_edit::{apply_with, Edit, EditError, Language, Options, SyntaxPolicy};
/// # if !fuzzy_edit::syntax::AVAILABLE { return; }
/// let options = Options { language: Some(Language::Python), ..Options::default() };
/// let file = "def f(items):\n    total = compute_total(items, tax)\n    return total\n";
/// // Found one letter off, and the model's own `new` leaves a bracket open: applied, with a
/// // warning (one step of a change in several passes through such states).
/// let edit = Edit::new("total = compute_totl(items, tax)", "total = compute_total(items, tax");
/// let out = apply_with(file, &[edit.clone()], &options).unwrap();
/// assert_eq!(out.warnings.len(), 1);
/// // Under the strict policy it is refused, and the text is left as it was.
/// let strict = Options { syntax: SyntaxPolicy::Strict, ..options };
/// let err = apply_with(file, &[edit], &strict).unwrap_err();
/// assert_eq!(err.failures[0].error.kind(), "syntax");
/// ```
///
/// [`SyntaxPolicy`]: crate::SyntaxPolicy
pub fn apply_with(text: &str, edits: &[Edit], options: &Options) -> Result<Applied, Failed> {
    let mut applied = apply_located(text, edits, options)?;
    crate::fit::fit_to_format(text, edits, &mut applied, options);
    rules::check_syntax(text, edits, &mut applied, options).map_err(|error| {
        let edit = applied.matches.first().map_or(0, |m| m.edit);
        Failed::of(vec![Failure { edit, error }], edits)
    })?;
    Ok(applied)
}

/// Locate every edit, decide, and splice: the transaction without the syntax guard.
fn apply_located(text: &str, edits: &[Edit], options: &Options) -> Result<Applied, Failed> {
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

    fn at(span: std::ops::Range<usize>, replacement: &str) -> Match {
        Match {
            edit: 0,
            strategy: StrategyId::Exact,
            score: 1.0,
            start_line: 1,
            end_line: 1,
            span,
            replacement: replacement.to_string(),
            differences: Vec::new(),
        }
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
