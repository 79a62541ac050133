//! Every rule that accepts or refuses an edit, in one table ([`TABLE`](table::TABLE)): its
//! id, the stage of an edit's path it runs at, the kinds it refuses with, and what it catches.
//! Each rule's check lives in `rules/<id>.rs` (a few small ones share a file named after their
//! stage: `request.rs`, `not_found.rs`); the rules of the stages `chosen`, `changing` and
//! `result` run from one function here ([`check`]) in the table's order. Every
//! refusal names its rule ([`EditError::rule`](crate::EditError::rule)), in the JSON answers
//! (`rule`) and in the message (`[rule: id]`).
//!
//! [`crate::pipeline`] finds candidates and [`crate::fit`] builds replacements; neither refuses
//! anything on its own. The stages, in the order an edit meets them:
//! 1. **The request** (stage `request`): an empty `old` only fills an empty text; `old ==
//!    new` changes nothing, also once `new` is cleaned; an elision marker in `new` alone must
//!    say which lines it keeps; an anchor must occur exactly once.
//! 2. **Choosing among one strategy's candidates** (stage `choose`, [`choose`](fn@choose)):
//!    - with an `anchor`, only candidates at or after it count (a block containing the anchor
//!      counts as at it); of those the first is taken (equality strategies) or the best, if
//!      confident (graded strategies);
//!    - with `replace_all`, every candidate of an equality strategy is replaced (overlapping
//!      windows are skipped, left to right); graded strategies never replace more than one;
//!    - one candidate of an equality strategy applies; several are ambiguous;
//!    - a graded strategy applies its best candidate only when it scores at least its floor and
//!      leads the runner-up by its margin; below the floor the next strategy is tried; within
//!      the margin the edit is refused as low confidence (a block clearly closer to `old` by
//!      character edits than its near twins comes alone: the strategy leaves out windows a
//!      distance margin rules out, as `typo_line` does for lines); a runner-up over some of
//!      the best candidate's lines whose edit leaves the same text is no rival (it only takes
//!      the block to begin or end a line elsewhere).
//! 3. **The chosen candidates** (stage `chosen`): an edit the file already shows made is
//!    refused, wherever the match landed; an indented `old` found inside a line is refused.
//! 4. **Each candidate, before and while `new` is fitted** (stage `candidate`): a match that
//!    cuts a line or a word where `new` writes it whole, a whitespace-only edit whose
//!    whitespace the match ignored, a change to a line the model misremembered.
//! 5. **Each candidate, once fitted** (stage `changing`, judged on the fitted text): a stale
//!    block, a loose match away from the lines `old`'s read-tool numbers name, a block `old`
//!    skips lines of, a twin's line copied, `new` repeating the block's neighbours, an elided
//!    start standing twice.
//! 6. **A strategy's replacements together** (stage `result`): they must change the text,
//!    and a loose match must change more than space for an edit that changes more.
//! 7. **Nothing found** (stage `not_found`): found only before the anchor; `new` already
//!    standing where `old` most nearly is; else not found, with the closest fragment. A search
//!    stopped by the work budget or the deadline decides nothing: it is too complex.
//! 8. **Several edits** (stage `transaction`): two edits of one request whose
//!    spans overlap.
//! 9. **The result** (stage `splice`): an edit that adds a parse error the text did not have
//!    is refused or warned about, as the [`SyntaxPolicy`](crate::SyntaxPolicy) says.
//!
//! Lazy snippets (stage `snippet`) and line references (stage `line_refs`) have their own
//! refusals, listed here with their ids; their checks live in `snippet/` and `line_refs/`.

mod changed_lines_match;
mod changes_something;
mod choose;
mod cut_lines;
mod elision_start;
mod no_conflict;
mod no_twin_copied;
mod not_deleted_already;
mod not_drifted;
mod not_found;
mod not_made_already;
mod not_made_elsewhere;
mod not_only_respaced;
mod not_repeating_neighbours;
mod not_sent_again;
mod not_sent_again_spaced;
mod not_skipping_lines;
mod not_stale;
mod not_there_already;
mod numbered_place;
mod request;
mod starts_a_line;
mod syntax;
pub(crate) mod table;
mod whitespace_edit;
mod whole_words;

pub(crate) use changed_lines_match::mismatch;
pub(crate) use changes_something::check_changes_something;
pub(crate) use choose::{check_no_closer_block, choose, settle, Choice, Rules};
pub(crate) use cut_lines::check_cut_lines;
pub(crate) use no_conflict::conflicts;
pub(crate) use not_found::{not_found, too_complex};
pub(crate) use request::{admit, check_still_changes, one_anchor, unclear, Admitted};
pub(crate) use syntax::check_syntax;
pub(crate) use table::RuleId;
#[cfg(test)]
use table::{Stage, TABLE};
pub(crate) use whitespace_edit::check_whitespace_edit;
pub(crate) use whole_words::{check_whole_words, cuts_a_word_at_an_edge};

use crate::applied::Match;
use crate::budget::Budget;
use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::needle::Needle;
use crate::text::Text;

/// The inputs of the stage `chosen` rules: the candidates a strategy chose, `needle` the
/// edit the strategy matched (decoded), `sent` the edit as cleaned.
pub(crate) struct Chosen<'c, 'a> {
    pub(crate) text: &'c Text<'a>,
    pub(crate) strategy: StrategyId,
    pub(crate) chosen: &'c [Candidate],
    pub(crate) needle: &'c Needle<'c>,
    pub(crate) sent: &'c Needle<'c>,
    pub(crate) budget: &'c Budget,
}

/// The inputs of the stage `changing` rules: one fitted candidate whose `replacement`
/// changes the file; `needle` the edit it was matched with, `sent_old` `old` as sent.
pub(crate) struct Changing<'c, 'a> {
    pub(crate) text: &'c Text<'a>,
    pub(crate) strategy: StrategyId,
    pub(crate) candidate: &'c Candidate,
    pub(crate) needle: &'c Needle<'c>,
    pub(crate) sent_old: &'c str,
    pub(crate) replacement: &'c str,
}

/// The inputs of the stage `result` rules: a strategy's replacements; `decoded` the edit
/// the strategy matched, `sent` the edit as cleaned.
pub(crate) struct Replaced<'c, 'a> {
    pub(crate) text: &'c Text<'a>,
    pub(crate) matches: &'c [Match],
    pub(crate) strategy: StrategyId,
    pub(crate) sent: &'c Needle<'c>,
    pub(crate) decoded: &'c (String, String),
}

/// A rule's check on its stage's inputs: its id (the table's row) and the check.
type Rule<I> = (RuleId, fn(&I) -> Result<(), EditError>);
// Each stage's rules, for its inputs of any lifetime (a `Rule` of these inputs each).
type ChosenRule = (
    RuleId,
    for<'c, 'a> fn(&Chosen<'c, 'a>) -> Result<(), EditError>,
);
type ChangingRule = (
    RuleId,
    for<'c, 'a> fn(&Changing<'c, 'a>) -> Result<(), EditError>,
);
type ResultRule = (
    RuleId,
    for<'c, 'a> fn(&Replaced<'c, 'a>) -> Result<(), EditError>,
);

/// The inputs of one stage, which know their stage's rules.
pub(crate) trait StageInputs {
    /// The stage's rules, in the table's order.
    fn rules<'r>() -> &'r [Rule<Self>]
    where
        Self: Sized + 'r;
}

/// The stage `chosen` rules, in order.
const CHOSEN: &[ChosenRule] = &[
    (RuleId::NotMadeAlready, |c| {
        not_made_already::check_not_made_already(
            c.text, c.strategy, c.chosen, c.needle, c.sent, c.budget,
        )
    }),
    (RuleId::NotSentAgain, |c| {
        not_sent_again::check_not_sent_again(c.text, c.chosen, c.needle, c.budget)
    }),
    (RuleId::NotSentAgainSpaced, |c| {
        not_sent_again_spaced::check_not_sent_again_spaced(c.text, c.chosen, c.needle)
    }),
    (RuleId::NotDeletedAlready, |c| {
        not_deleted_already::check_not_deleted_already(c.text, c.strategy, c.chosen, c.needle)
    }),
    (RuleId::NotMadeElsewhere, |c| {
        not_made_elsewhere::check_not_made_elsewhere(c.text, c.strategy, c.chosen, c.needle)
    }),
    (RuleId::StartsALine, |c| {
        starts_a_line::check_starts_a_line(c.text, c.strategy, c.chosen, c.needle)
    }),
];

/// The stage `changing` rules, in order.
const CHANGING: &[ChangingRule] = &[
    (RuleId::NotStale, |c| {
        not_stale::check_not_stale(c.text, c.strategy, c.candidate, c.needle)
    }),
    (RuleId::NotDrifted, |c| {
        not_drifted::check_not_drifted(c.text, c.strategy, c.candidate, c.needle)
    }),
    (RuleId::NumberedPlace, |c| {
        numbered_place::check_numbered_place(c.text, c.strategy, c.candidate, c.sent_old)
    }),
    (RuleId::NotSkippingLines, |c| {
        not_skipping_lines::check_not_skipping_lines(c.text, c.strategy, c.candidate, c.needle)
    }),
    (RuleId::NoTwinCopied, |c| {
        no_twin_copied::check_no_twin_copied(c.text, c.candidate, c.needle, c.sent_old)
    }),
    (RuleId::NotRepeatingNeighbours, |c| {
        not_repeating_neighbours::check_not_repeating_neighbours(
            c.text,
            c.strategy,
            c.candidate,
            c.replacement,
        )
    }),
    (RuleId::ElisionStart, |c| {
        elision_start::check_elision_start(c.text, c.strategy, c.candidate, c.needle)
    }),
];

/// The stage `result` rules, in order.
const RESULT: &[ResultRule] = &[
    (RuleId::ChangesSomething, |r| {
        check_changes_something(r.text, r.matches)
    }),
    (RuleId::NotThereAlready, |r| {
        not_there_already::check_not_there_already(r.text, r.matches, &r.decoded.0, &r.decoded.1)
    }),
    (RuleId::NotOnlyRespaced, |r| {
        not_only_respaced::check_not_only_respaced(r.text, r.matches, r.strategy, r.sent, r.decoded)
    }),
];

impl StageInputs for Chosen<'_, '_> {
    fn rules<'r>() -> &'r [Rule<Self>]
    where
        Self: 'r,
    {
        CHOSEN
    }
}

impl StageInputs for Changing<'_, '_> {
    fn rules<'r>() -> &'r [Rule<Self>]
    where
        Self: 'r,
    {
        CHANGING
    }
}

impl StageInputs for Replaced<'_, '_> {
    fn rules<'r>() -> &'r [Rule<Self>]
    where
        Self: 'r,
    {
        RESULT
    }
}

/// Run the rules of the stage whose inputs `inputs` are, in order: the first refusal, or `Ok`.
/// The stage `chosen` ([`Chosen`]) on the candidates a strategy chose, before any is fitted;
/// the stage `changing` ([`Changing`]) on one fitted candidate whose replacement changes the
/// file; the stage `result` ([`Replaced`]) on a strategy's replacements together.
pub(crate) fn check<I: StageInputs>(inputs: &I) -> Result<(), EditError> {
    I::rules().iter().try_for_each(|(_, check)| check(inputs))
}

#[cfg(test)]
mod tests;
