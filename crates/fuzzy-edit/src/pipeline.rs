//! The path of one edit, as stages in order ([`locate`] lists them):
//! 1. **prepare** ([`prepare`]): unwrap what the model wrapped around the edit, read elision
//!    markers, admit the request (the request stage of [`crate::rules`]), clean `new`, find
//!    the anchor;
//! 2. for each strategy of the cascade ([`pass`]): **locate** its candidates, **judge** the
//!    choice, and for each chosen candidate **judge** it, **fit** `new` to it and **judge the
//!    fitted text**; then the strategy's replacements together;
//! 3. the same run again on `old` decoded (read-tool prefixes stripped, escapes undone);
//! 4. nothing found: why (the not-found stage).
//!
//! The matches go back to [`crate::transaction`], which **splices** them (with the file's
//! format and the syntax rule). Every refusal is a rule of [`crate::rules`]; this module only
//! orders the stages.

mod pass;
mod prepare;

use crate::applied::Match;
use crate::budget::Budget;
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::edit::{Edit, Options};
use crate::error::EditError;
use crate::needle::Needle;
use crate::rules::{self, Admitted};
use crate::strategy::{cascade, FIRST_AFTER_DECODING};
use crate::text::Text;
use pass::Request;

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
