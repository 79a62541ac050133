//! One run of the cascade over a prepared edit: for each strategy in order, locate (its
//! candidates) → judge the choice (the choose and chosen stages of [`crate::rules`]; for a graded
//! strategy's close runners-up, fit answers whether their edit leaves the same text) → for each
//! chosen candidate: judge it, fit `new` to it, judge the fitted text → judge the strategy's
//! replacements together. The first strategy that settles the edit decides; the pipeline runs
//! this once on `old` as sent and once more on `old` decoded.

use crate::applied::{differences_of, Match};
use crate::budget::Budget;
use crate::candidate::{Candidate, StrategyId};
use crate::edit::Edit;
use crate::error::EditError;
use crate::fit;
use crate::needle::Needle;
use crate::rules::{self, Choice, Rules};
use crate::strategy::{Context, Strategy};
use crate::text::Text;

/// One edit's request, as every pass of the cascade over it sees it.
pub(super) struct Request<'r, 'a> {
    pub(super) text: &'r Text<'a>,
    pub(super) index: usize,
    pub(super) edit: &'r Edit,
    pub(super) anchor: Option<(&'r str, usize)>,
    pub(super) budget: &'r Budget,
    /// The refusal of a search that ran out of budget.
    pub(super) spent: &'r dyn Fn() -> EditError,
}

impl Request<'_, '_> {
    /// Run `strategies` over `needle` in order: the replacements of the first that settles the
    /// edit, `None` when none does (candidates found only before the anchor are kept in
    /// `before_anchor` for the refusal).
    pub(super) fn run(
        &self,
        needle: &Needle,
        strategies: impl IntoIterator<Item = &'static (dyn Strategy + Sync)>,
        before_anchor: &mut Option<Vec<Candidate>>,
    ) -> Result<Option<Vec<Match>>, EditError> {
        let (text, edit, budget) = (self.text, self.edit, self.budget);
        let cx = Context::new(text, needle, budget);
        for strategy in strategies {
            let candidates = strategy.candidates(&cx);
            if budget.exhausted() {
                // The exact search stops on a `replace_all`'s occurrences only by their number.
                return Err(match strategy.id() {
                    StrategyId::Exact => self.spent_over(candidates.len()),
                    _ => (self.spent)(),
                });
            }
            if candidates.is_empty() {
                continue;
            }
            if edit.replace_all
                && strategy.id() == StrategyId::Exact
                && more_with_blanks(&cx, &candidates)
            {
                // Copies differing only in trailing blanks are copies the model meant too:
                // the next strategy replaces every one, not these alone.
                continue;
            }
            if !edit.replace_all
                && strategy.id() == StrategyId::Exact
                && candidates
                    .iter()
                    .any(|c| rules::cuts_a_word_at_an_edge(text, &c.span, needle))
            {
                // A block found only inside a longer word at its edge: the looser strategies
                // weigh it against the block's other versions (`rules::whole_words`).
                continue;
            }
            let rules = Rules {
                replace_all: edit.replace_all,
                anchor: self.anchor.map(|(_, at)| at),
                near_line: edit.near_line,
                near_context: edit.near_context.as_deref(),
                grading: strategy.grading(),
            };
            let chosen = match rules::choose(text, strategy.id(), candidates, rules)? {
                Choice::Apply(chosen) => chosen,
                // Runners-up that are rivals only if their edit leaves another text: fit
                // answers, the rule decides.
                Choice::Contested(contest) => {
                    let alike = fit::alike(text, needle, budget, contest.pairs());
                    rules::settle(text, contest, &alike)?
                }
                Choice::OnlyBeforeAnchor(before) => {
                    before_anchor.get_or_insert(before);
                    continue;
                }
                Choice::Pass => continue,
            };
            // From here on, a `replace_all` that runs out of work does so over its many
            // occurrences.
            let spent = || self.spent_over(chosen.len());
            // (All or nothing: a `replace_all` over candidates a strategy stopped collecting
            // is refused as too complex, not applied to those found.)
            if edit.replace_all && cx.was_cut_short() {
                return Err(spent());
            }
            let matched_with = chosen
                .first()
                .and_then(|c| c.fit.needle())
                .unwrap_or(needle);
            rules::check(&rules::Chosen {
                text,
                strategy: strategy.id(),
                chosen: &chosen,
                needle: matched_with,
                sent: needle,
                budget,
            })?;
            // (Owned: `chosen` is consumed below; the decoded edit is the one the check needs.)
            let decoded_edit = (
                matched_with.old_text().to_string(),
                matched_with.new_text().to_string(),
            );
            if budget.exhausted() {
                return Err(spent());
            }
            // (Fitting is paid for before it starts: a million matches took 2.9 s.)
            let needle_bytes = needle.old_text().len() + needle.new_text().len();
            if !budget.charge_fits(chosen.len(), needle_bytes) {
                return Err(spent());
            }
            // Sized once: collecting a million matches would grow the vector by doubling.
            let mut matches = Vec::with_capacity(chosen.len());
            for c in chosen {
                matches.push(self.settle(strategy.id(), c, needle)?);
            }
            rules::check(&rules::Replaced {
                text,
                matches: &matches,
                strategy: strategy.id(),
                sent: needle,
                decoded: &decoded_edit,
            })?;
            if !edit.replace_all {
                if let [m] = matches.as_slice() {
                    rules::check_no_closer_block(text, m, needle)?;
                }
            }
            return Ok(Some(matches));
        }
        Ok(None)
    }

    /// The refusal of a search that ran out of work after finding `found` occurrences: for a
    /// `replace_all`, one that says how many and to send fewer per request.
    fn spent_over(&self, found: usize) -> EditError {
        match (self.spent)() {
            EditError::TooComplex {
                old_lines,
                text_lines,
                timed_out,
                ..
            } if self.edit.replace_all && found > 1 => EditError::TooComplex {
                old_lines,
                text_lines,
                timed_out,
                occurrences: Some(found),
                snippet: false,
            },
            other => other,
        }
    }

    /// One chosen candidate, through the stages after the choice: judge it ([`judge`](Self::judge)),
    /// fit `new` to it, judge the fitted text (the changing stage of [`crate::rules`]), then the
    /// replacement taken through the line end where that keeps a blank line of `old`'s, and the
    /// text's end as asked.
    fn settle(&self, id: StrategyId, c: Candidate, needle: &Needle) -> Result<Match, EditError> {
        let (text, edit) = (self.text, self.edit);
        let c = self.judge(id, c, needle)?;
        let matched_with = c.fit.needle().unwrap_or(needle);
        let replacement = fit::replacement(text, &c, needle)
            .map_err(|m| rules::mismatch(text, id, &c, matched_with, m))?;
        // (A replacement that changes nothing is refused as already applied, by the result
        // stage.)
        if replacement != text.as_str()[c.span.clone()] {
            rules::check(&rules::Changing {
                text,
                strategy: id,
                candidate: &c,
                needle: matched_with,
                sent_old: &edit.old,
                replacement: &replacement,
            })?;
        }
        // (A final line break of `new` that keeps a blank line of `old`'s, merged.)
        let (c, replacement) = match fit::through_line_end(text, &c, needle)
            .and_then(|t| Some((fit::replacement(text, &t, needle).ok()?, t)))
        {
            Some((through, t)) => (t, through),
            None => (c, replacement),
        };
        let replacement = end_text_as_asked(text, &c.span, replacement, edit.final_newline);
        // What the block differs in from `old` beyond habits, for the answer to report (the
        // one place the engine records it).
        let matched_with = c.fit.needle().unwrap_or(needle);
        let differences = differences_of(text, id, c.span.clone(), c.lines.start, matched_with);
        let mut m = Match::new(self.index, id, c, replacement);
        m.differences = differences;
        Ok(m)
    }

    /// The candidate stage of [`crate::rules`], before `new` is fitted: a line cut in two (the
    /// candidate may take the whole line), a word cut in two (the span may take the whole
    /// word), a whitespace edit whose whitespace the match ignored.
    fn judge(&self, id: StrategyId, c: Candidate, needle: &Needle) -> Result<Candidate, EditError> {
        let (text, replace_all) = (self.text, self.edit.replace_all);
        let mut c = rules::check_cut_lines(text, id, c, needle, replace_all)?;
        let matched_with = c.fit.needle().unwrap_or(needle);
        c.span = rules::check_whole_words(text, id, &c, matched_with, replace_all)?;
        rules::check_whitespace_edit(text, id, &c, matched_with)?;
        Ok(c)
    }
}

/// Whether a multi-line `old` stands in the file more times once trailing blanks are ignored
/// (a copy with trailing spaces, which the model cannot see, is one `replace_all` means), every
/// exact copy among them: those the exact search found are then only some of the copies.
fn more_with_blanks(cx: &Context<'_>, exact: &[Candidate]) -> bool {
    // (More exact copies than a looser search collects: that search could not hold them.)
    let multi_line = cx.needle.old_text().trim_end_matches('\n').contains('\n');
    if !multi_line || exact.len() > crate::thresholds::MAX_WINDOWS {
        return false;
    }
    let loose = crate::strategy::TrailingWhitespace.candidates(cx);
    let overlaps =
        |a: &Candidate, b: &Candidate| a.span.start < b.span.end && b.span.start < a.span.end;
    exact.iter().all(|e| loose.iter().any(|l| overlaps(e, l)))
        && loose.iter().any(|l| !exact.iter().any(|e| overlaps(e, l)))
}

/// A replacement that reaches the end of the text, ending it with a line ending or without as
/// the caller said ([`Edit::final_newline`]).
fn end_text_as_asked(
    text: &Text,
    span: &std::ops::Range<usize>,
    mut replacement: String,
    final_newline: Option<bool>,
) -> String {
    let Some(wanted) = final_newline else {
        return replacement;
    };
    if span.end != text.as_str().len() || replacement.is_empty() {
        return replacement;
    }
    match (wanted, replacement.strip_suffix('\n')) {
        (true, None) => replacement.push_str(text.eol().as_str()),
        (false, Some(cut)) => {
            let cut = cut.strip_suffix('\r').unwrap_or(cut).len();
            replacement.truncate(cut);
        }
        _ => {}
    }
    replacement
}
