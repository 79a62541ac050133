//! The path of edits, as stages in order ([`apply_with`] lists them, [`locate`] those of one
//! edit):
//! 1. **prepare** ([`prepare`]): unwrap what the model wrapped around the edit, read elision
//!    markers, admit the request (the request stage of [`crate::rules`]), clean `new`, find
//!    the anchor;
//! 2. for each strategy of the cascade ([`pass`]): **locate** its candidates, **judge** the
//!    choice, and for each chosen candidate **judge** it, **fit** `new` to it and **judge the
//!    fitted text**; then the strategy's replacements together;
//! 3. the same run again on `old` decoded (read-tool prefixes stripped, escapes undone);
//! 4. nothing found: why (the not-found stage);
//! 5. every edit of the request together ([`splice`]): **judge** them (no two overlap) and
//!    **splice** them, as the mode says; then the result in the file's **format** and the
//!    **syntax** rule.
//!
//! Every refusal is a rule of [`crate::rules`]; this module only orders the stages.

mod pass;
mod prepare;
mod splice;

use crate::applied::{Applied, Failed, Failure, Match};
use crate::budget::Budget;
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::edit::{Edit, Mode, Options};
use crate::error::EditError;
use crate::needle::Needle;
use crate::rules::{self, Admitted};
use crate::strategy::{cascade, FIRST_AFTER_DECODING};
use crate::text::Text;
use pass::Request;

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

/// Apply a list of edits to `text` as one transaction: every edit is located against the
/// original text, overlapping spans are a [`EditError::Conflict`] naming both edits, and a list
/// whose later edit is only found in the text an earlier one produces is applied again one
/// edit at a time, taken only if every edit succeeds.
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
    // 1. Each edit against the original text, its stages in order ([`locate`]): prepare,
    // locate, judge, fit, judge the fitted text.
    // 2. The edits together: judge them (no two overlap) and splice, as the mode says.
    let mut applied = splice::located(text, edits, options)?;
    // 3. Format: the result written in the file's conventions.
    crate::fit::fit_to_format(text, edits, &mut applied, options);
    // 4. Judge the result: the syntax rule.
    rules::check_syntax(text, edits, &mut applied, options).map_err(|error| {
        let edit = applied.matches.first().map_or(0, |m| m.edit);
        Failed::of(vec![Failure { edit, error }], edits)
    })?;
    Ok(applied)
}

/// Locate `edit` (the `index`th of its request) in `text`, with the replacements it makes,
/// within the work [`Budget`] of its size and by the options' deadline.
pub(crate) fn locate(
    text: &Text,
    index: usize,
    edit: &Edit,
    options: &Options,
) -> Result<Vec<Match>, EditError> {
    let deadline = options.deadline;
    // 1. Prepare.
    let unwrapped = prepare::unwrapped(text, edit);
    let marked = prepare::markers_read(text, options, unwrapped.as_ref());
    let edit = marked.as_ref().unwrap_or(unwrapped.as_ref());
    let admitted = rules::admit(text, edit)?;
    let new = prepare::cleaned_new(text, edit, &unwrapped.new, options)?;
    if admitted == Admitted::FillEmpty {
        let whole = Candidate {
            span: 0..0,
            lines: 0..1,
            score: 1.0,
            fit: Fit::Splice(None),
        };
        let filled = Match::new(index, StrategyId::EmptyFile, whole, new.into_owned());
        return Ok(vec![filled]);
    }
    let anchor = prepare::anchor(text, edit)?;
    // (An edit that sets the final newline may change only that.)
    if edit.final_newline.is_none() {
        rules::check_still_changes(&edit.old, &edit.new, &new)?;
    }
    let needle = Needle::new(edit.old.as_str(), new);
    let budget = Budget::new(text.as_str().len(), edit.old.len(), deadline);
    // A search that ran out of budget saw only some of the candidates: nothing is decided on it.
    let spent = || rules::too_complex(text, &needle, deadline);
    let mut before_anchor: Option<Vec<Candidate>> = None;
    let request = Request {
        text,
        index,
        edit,
        anchor,
        budget: &budget,
        spent: &spent,
    };
    // 2. Locate, judge, fit, judge the fitted text: each strategy of the cascade in turn.
    if let Some(found) = request.run(&needle, cascade().iter().copied(), &mut before_anchor)? {
        return Ok(found);
    }
    // 3. The same again on `old` decoded and found by no equality strategy: it may still carry
    // a slip of memory besides, so it goes through the looser strategies too, under the same
    // rules as a plain `old`. (The decoded equality matches were the decoding strategies'
    // own, above.)
    if let Some(decoded) = prepare::decoded(text, &needle, &budget, options) {
        let looser = cascade()
            .iter()
            .copied()
            .skip_while(|s| s.id() != FIRST_AFTER_DECODING);
        if let Some(found) = request.run(&decoded, looser, &mut before_anchor)? {
            return Ok(found);
        }
    }
    // 4. Nothing found.
    Err(rules::not_found(
        text,
        &needle,
        anchor,
        before_anchor,
        &budget,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn located(text: &str, edit: Edit) -> Result<Vec<Match>, EditError> {
        locate(&Text::new(text), 0, &edit, &Options::default())
    }

    #[test]
    fn the_strictest_strategy_that_finds_old_decides() {
        let m = located("a\n  b\nb\n", Edit::new("b", "c")).unwrap_err();
        // `b` occurs exactly twice (inside `  b` too): the exact strategy refuses, and the
        // looser ones, which would see the same two, are never asked.
        assert!(matches!(m, EditError::Ambiguous { ref strategy, .. } if strategy == "exact"));
        let m = located(
            "fn f() {\n\tx();\n}\n",
            Edit::new("fn f() {\n  x();\n}", "y"),
        )
        .unwrap();
        assert_eq!(m[0].strategy, StrategyId::Indentation);
    }

    #[test]
    fn an_empty_text_is_filled_by_an_empty_old() {
        let m = located("", Edit::new("", "hello\n")).unwrap();
        assert_eq!(
            (m[0].strategy, m[0].span.clone()),
            (StrategyId::EmptyFile, 0..0)
        );
        assert_eq!(m[0].replacement, "hello\n");
    }

    #[test]
    fn the_anchor_is_found_loosely_on_one_line() {
        let t = Text::new("fn a() {}\nfn  b() {}\n");
        assert_eq!(prepare::anchor_starts(&t, "fn b()"), [10]);
        assert_eq!(prepare::anchor_starts(&t, "fn"), [0, 10]);
    }

    #[test]
    fn found_only_before_the_anchor_says_so() {
        let e = located(
            "x = 1\nfn f() {}\n",
            Edit::new("x = 1", "x = 2").anchor("fn f"),
        )
        .unwrap_err();
        assert!(
            matches!(e, EditError::NotFoundAfterAnchor { anchor_line: 2, .. }),
            "{e:?}"
        );
    }

    #[test]
    fn a_miss_where_new_already_stands_is_already_applied() {
        let e = located("  a = 2\n", Edit::new("a = 1", "a = 2")).unwrap_err();
        assert!(matches!(e, EditError::AlreadyApplied { .. }), "{e:?}");
    }

    #[test]
    fn a_match_whose_replacement_changes_nothing_is_no_change() {
        // `new` differs from `old` only in line endings, which follow the file's.
        let e = located("a\r\nb\r\n", Edit::new("a\nb", "a\r\nb")).unwrap_err();
        assert_eq!(e.kind(), "no_change");
    }
}
