//! Every rule that accepts or refuses an edit, in one table ([`TABLE`]): its id, the stage of
//! an edit's path it runs at, and what it catches. Each rule's check lives in `rules/<id>.rs`
//! (a few small ones share a file named after their stage: `request.rs`, `not_found.rs`); the
//! rules of one stage run from one function here ([`check_chosen`], [`check_changing`],
//! [`check_result`]) in the table's order. Every refusal names its rule
//! ([`EditError::rule`](crate::EditError::rule)), in the JSON answers (`rule`) and in the
//! message (`[rule: id]`).
//!
//! [`crate::pipeline`] finds candidates and [`crate::fit`] builds replacements; neither refuses
//! anything on its own. The stages, in the order an edit meets them:
//! 1. **The request** ([`Stage::Request`]): an empty `old` only fills an empty text; `old ==
//!    new` changes nothing, also once `new` is cleaned; an elision marker in `new` alone must
//!    say which lines it keeps; an anchor must occur exactly once.
//! 2. **Choosing among one strategy's candidates** ([`Stage::Choose`], [`choose`](fn@choose)):
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
//! 3. **The chosen candidates** ([`Stage::Chosen`]): an edit the file already shows made is
//!    refused, wherever the match landed; an indented `old` found inside a line is refused.
//! 4. **Each candidate, before and while `new` is fitted** ([`Stage::Candidate`]): a match that
//!    cuts a line or a word where `new` writes it whole, a whitespace-only edit whose
//!    whitespace the match ignored, a change to a line the model misremembered.
//! 5. **Each candidate, once fitted** ([`Stage::Changing`], judged on the fitted text): a stale
//!    block, a block `old` skips lines of, a twin's line copied, `new` repeating the block's
//!    neighbours, an elided start standing twice.
//! 6. **A strategy's replacements together** ([`Stage::Result`]): they must change the text,
//!    and a loose match must change more than space for an edit that changes more.
//! 7. **Nothing found** ([`Stage::NotFound`]): found only before the anchor; `new` already
//!    standing where `old` most nearly is; else not found, with the closest fragment. A search
//!    stopped by the work budget or the deadline decides nothing: it is too complex.
//! 8. **Several edits** ([`Stage::Transaction`]): two edits of one request whose
//!    spans overlap.
//! 9. **The result** ([`Stage::Splice`]): an edit that adds a parse error the text did not have
//!    is refused or warned about, as the [`SyntaxPolicy`](crate::SyntaxPolicy) says.
//!
//! Lazy snippets ([`Stage::Snippet`]) and line references ([`Stage::LineRefs`]) have their own
//! refusals, listed here with their ids; their checks live in `snippet/` and `line_refs/`.

mod changed_lines_match;
mod changes_something;
mod choose;
mod cut_lines;
mod elision_start;
mod no_conflict;
mod no_twin_copied;
mod not_deleted_already;
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
mod request;
mod starts_a_line;
mod syntax;
mod whitespace_edit;
mod whole_words;

pub(crate) use changed_lines_match::mismatch;
pub(crate) use changes_something::check_changes_something;
pub(crate) use choose::{choose, Choice, Rules, SameResult};
pub(crate) use cut_lines::check_cut_lines;
pub(crate) use no_conflict::conflicts;
pub(crate) use not_found::{not_found, too_complex};
pub(crate) use request::{admit, check_still_changes, one_anchor, unclear, Admitted};
pub(crate) use syntax::check_syntax;
pub(crate) use whitespace_edit::check_whitespace_edit;
pub(crate) use whole_words::check_whole_words;

use crate::applied::Match;
use crate::budget::Budget;
use crate::error::EditError;
use crate::needle::Needle;
use crate::strategy::{Candidate, StrategyId};
use crate::text::Text;

/// Where on an edit's path a rule runs (see the module docs for the order).
// (Read, with the other columns, by the test that holds `docs/json.md` to the table.)
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// The request, before any search.
    Request,
    /// Choosing among one strategy's candidates.
    Choose,
    /// The candidates a strategy chose, before any is fitted.
    Chosen,
    /// One candidate, before and while `new` is fitted to it.
    Candidate,
    /// One candidate, judged on its fitted replacement.
    Changing,
    /// A strategy's replacements together.
    Result,
    /// No strategy settled the edit.
    NotFound,
    /// The edits of one request together.
    Transaction,
    /// The spliced result.
    Splice,
    /// A lazy snippet's pieces (`snippet/`).
    Snippet,
    /// Line references (`line_refs/`).
    LineRefs,
}

#[cfg_attr(not(test), allow(dead_code))]
impl Stage {
    /// The stage's name in the documentation's table.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Stage::Request => "request",
            Stage::Choose => "choose",
            Stage::Chosen => "chosen",
            Stage::Candidate => "candidate",
            Stage::Changing => "changing",
            Stage::Result => "result",
            Stage::NotFound => "not_found",
            Stage::Transaction => "transaction",
            Stage::Splice => "splice",
            Stage::Snippet => "snippet",
            Stage::LineRefs => "line_refs",
        }
    }
}

/// One row of the rule table.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rule {
    /// The rule.
    pub(crate) id: RuleId,
    /// Its name in answers (`rule`) and messages (`[rule: name]`).
    pub(crate) name: &'static str,
    /// Where on the path it runs.
    pub(crate) stage: Stage,
    /// The [`EditError::kind`]s it refuses with.
    pub(crate) kinds: &'static [&'static str],
    /// What it catches, in a line.
    pub(crate) catches: &'static str,
}

/// The table and the [`RuleId`] enum from one list, so that no id can be missing from it.
macro_rules! rule_table {
    ($($id:ident = $name:literal, $stage:ident, [$($kind:literal),*], $catches:literal;)*) => {
        /// A rule of [`TABLE`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) enum RuleId { $($id,)* }

        /// Every rule, in the order an edit meets them.
        pub(crate) const TABLE: &[Rule] = &[
            $(Rule { id: RuleId::$id, name: $name, stage: Stage::$stage, kinds: &[$($kind),*], catches: $catches },)*
        ];

        impl RuleId {
            /// The rule's name in answers and messages.
            pub(crate) const fn name(self) -> &'static str {
                TABLE[self as usize].name
            }
        }
    };
}

rule_table! {
    EmptyOld = "empty_old", Request, ["empty_old"], "an empty `old`, which denotes a place only in an empty text";
    Identical = "identical", Request, ["no_change"], "`old` and `new` identical as sent";
    UnclearElision = "unclear_elision", Request, ["unclear_elision"], "an elision marker in `new` alone, whose lines are unclear";
    OneAnchor = "one_anchor", Request, ["anchor_not_found", "anchor_ambiguous"], "an anchor that occurs nowhere, or more than once";
    StillChanges = "still_changes", Request, ["no_change"], "`new` equal to `old` once cleaned of what the model copied into it";
    OneCandidate = "one_candidate", Choose, ["ambiguous"], "several equal candidates of an equality strategy";
    ClearLead = "clear_lead", Choose, ["low_confidence"], "a graded strategy's best candidate not ahead of a rival by its margin";
    NotMadeAlready = "not_made_already", Chosen, ["already_applied"], "a fuzzy match where `new` already stands in the file";
    NotSentAgain = "not_sent_again", Chosen, ["already_applied"], "a match inside a place that already reads as `new` (the edit made and sent again)";
    NotSentAgainSpaced = "not_sent_again_spaced", Chosen, ["already_applied"], "the same, with blank lines ignored";
    NotDeletedAlready = "not_deleted_already", Chosen, ["already_applied"], "a loose match of a deletion whose `new` stands as written at an edge of the match";
    NotMadeElsewhere = "not_made_elsewhere", Chosen, ["already_applied"], "a one-line edit whose `new` stands word for word on another line";
    StartsALine = "starts_a_line", Chosen, ["content_mismatch"], "an indented `old` found inside a line";
    CutLines = "cut_lines", Candidate, ["content_mismatch"], "a match starting or ending inside a line `new` writes whole, where what `new` means there is unclear";
    WholeWords = "whole_words", Candidate, ["content_mismatch"], "a match starting or ending inside a word `new` would change without being given it whole";
    WhitespaceEdit = "whitespace_edit", Candidate, ["whitespace_only"], "a whitespace-only edit whose whitespace the match ignored";
    ChangedLinesMatch = "changed_lines_match", Candidate, ["content_mismatch"], "a change to a line the model misremembered (the lines it changes differ from the file)";
    NotStale = "not_stale", Changing, ["content_mismatch"], "a change to a stale block: lines of `old` differing from it, names the file has nowhere";
    NotSkippingLines = "not_skipping_lines", Changing, ["content_mismatch"], "a block `old` skips lines of in a row, read elsewhere";
    NoTwinCopied = "no_twin_copied", Changing, ["low_confidence"], "a block beside a twin as close to `old` that holds a line of `old` the block differs on";
    NotRepeatingNeighbours = "not_repeating_neighbours", Changing, ["already_applied"], "a fuzzy match whose `new` repeats the lines standing just past the block";
    ElisionStart = "elision_start", Changing, ["ambiguous"], "an elided `old` whose first line stands again just before the match, where `new` starts";
    ChangesSomething = "changes_something", Result, ["no_change", "already_applied"], "replacements that leave the text as it was";
    NotThereAlready = "not_there_already", Result, ["already_applied"], "a loose match that changes only space at line ends, for an edit that changes more";
    NotOnlyRespaced = "not_only_respaced", Result, ["already_applied"], "a loose match that only moves whitespace, for an edit that changes more";
    AfterAnchor = "after_anchor", NotFound, ["not_found_after_anchor"], "`old` found only before the anchor";
    NewNearClosest = "new_near_closest", NotFound, ["already_applied"], "`old` not found, and `new` standing where `old` most nearly is";
    NotFound = "not_found", NotFound, ["not_found"], "`old` not found by any strategy";
    TooComplex = "too_complex", NotFound, ["too_complex"], "a search stopped by the work budget or the deadline";
    NoConflict = "no_conflict", Transaction, ["conflict"], "two edits of one request whose spans overlap";
    Syntax = "syntax", Splice, ["syntax"], "a result with a parse error the text did not have";
    SnippetChangesSomething = "snippet_changes_something", Snippet, ["no_change"], "a snippet whose merge leaves the file as it was";
    SnippetAmbiguous = "snippet_ambiguous", Snippet, ["snippet_unplaced"], "a snippet piece that fits several places";
    SnippetNotInFile = "snippet_not_in_file", Snippet, ["snippet_unplaced"], "a snippet piece showing no line the file holds after the previous piece";
    SnippetOpenMarker = "snippet_open_marker", Snippet, ["snippet_unplaced"], "a snippet piece with no file line, after a marker that leaves open where it goes";
    SnippetEditedEdge = "snippet_edited_edge", Snippet, ["snippet_unplaced"], "a new line at a piece's edge that reads as an edit of the file's line beside it";
    SnippetCrossesScope = "snippet_crosses_scope", Snippet, ["snippet_unplaced"], "a marker that would stand for lines outside the block it is written in";
    SnippetUnexplainedChange = "snippet_unexplained_change", Snippet, ["snippet_unplaced"], "a merge that changes the file in a way the snippet does not show";
    LineEditsChangeSomething = "line_edits_change_something", LineRefs, ["no_change"], "line edits that leave the file as it was";
    StaleReference = "stale_reference", LineRefs, ["stale_reference"], "a line reference whose ID no longer matches its line, not followed with certainty";
    OverlappingLineEdits = "overlapping_line_edits", LineRefs, ["overlapping_edits"], "two line edits touching a common line or place";
    BadReference = "bad_reference", LineRefs, ["bad_reference"], "a line reference that cannot be used as written";
}

/// The inputs of the [`Stage::Chosen`] rules: the candidates a strategy chose, `needle` the
/// edit the strategy matched (decoded), `sent` the edit as cleaned.
pub(crate) struct Chosen<'c, 'a> {
    pub(crate) text: &'c Text<'a>,
    pub(crate) strategy: StrategyId,
    pub(crate) chosen: &'c [Candidate],
    pub(crate) needle: &'c Needle<'c>,
    pub(crate) sent: &'c Needle<'c>,
    pub(crate) budget: &'c Budget,
}

/// The inputs of the [`Stage::Changing`] rules: one fitted candidate whose `replacement`
/// changes the file; `needle` the edit it was matched with, `sent_old` `old` as sent.
pub(crate) struct Changing<'c, 'a> {
    pub(crate) text: &'c Text<'a>,
    pub(crate) strategy: StrategyId,
    pub(crate) candidate: &'c Candidate,
    pub(crate) needle: &'c Needle<'c>,
    pub(crate) sent_old: &'c str,
    pub(crate) replacement: &'c str,
}

/// The inputs of the [`Stage::Result`] rules: a strategy's replacements; `decoded` the edit
/// the strategy matched, `sent` the edit as cleaned.
pub(crate) struct Replaced<'c, 'a> {
    pub(crate) text: &'c Text<'a>,
    pub(crate) matches: &'c [Match],
    pub(crate) strategy: StrategyId,
    pub(crate) sent: &'c Needle<'c>,
    pub(crate) decoded: &'c (String, String),
}

/// A rule's check on its stage's inputs (for inputs of any lifetime).
type Check<I> = (RuleId, fn(&I) -> Result<(), EditError>);
type ChosenCheck = (
    RuleId,
    for<'c, 'a> fn(&Chosen<'c, 'a>) -> Result<(), EditError>,
);
type ChangingCheck = (
    RuleId,
    for<'c, 'a> fn(&Changing<'c, 'a>) -> Result<(), EditError>,
);
type ResultCheck = (
    RuleId,
    for<'c, 'a> fn(&Replaced<'c, 'a>) -> Result<(), EditError>,
);

/// The [`Stage::Chosen`] rules, in order.
const CHOSEN: &[ChosenCheck] = &[
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

/// The [`Stage::Changing`] rules, in order.
const CHANGING: &[ChangingCheck] = &[
    (RuleId::NotStale, |c| {
        not_stale::check_not_stale(c.text, c.strategy, c.candidate, c.needle)
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

/// The [`Stage::Result`] rules, in order.
const RESULT: &[ResultCheck] = &[
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

/// The rule behind a snippet piece's refusal.
pub(crate) fn snippet_rule(reason: crate::SnippetReason) -> RuleId {
    use crate::SnippetReason as S;
    match reason {
        S::Ambiguous => RuleId::SnippetAmbiguous,
        S::NotInFile => RuleId::SnippetNotInFile,
        S::OpenMarker => RuleId::SnippetOpenMarker,
        S::EditedEdge => RuleId::SnippetEditedEdge,
        S::CrossesScope => RuleId::SnippetCrossesScope,
        S::UnexplainedChange => RuleId::SnippetUnexplainedChange,
    }
}

/// Run `checks` in order: the first refusal, or `Ok`.
fn run<I>(checks: impl IntoIterator<Item = Check<I>>, input: &I) -> Result<(), EditError> {
    checks.into_iter().try_for_each(|(_, check)| check(input))
}

/// The [`Stage::Chosen`] rules on the candidates a strategy chose, before any is fitted: an
/// edit the file already shows made is refused, wherever the match landed.
pub(crate) fn check_chosen(chosen: &Chosen) -> Result<(), EditError> {
    run(
        CHOSEN.iter().map(|&(id, check)| (id, check as fn(&_) -> _)),
        chosen,
    )
}

/// The [`Stage::Changing`] rules, on one fitted candidate whose replacement changes the file.
pub(crate) fn check_changing(changing: &Changing) -> Result<(), EditError> {
    run(
        CHANGING
            .iter()
            .map(|&(id, check)| (id, check as fn(&_) -> _)),
        changing,
    )
}

/// The [`Stage::Result`] rules, on a strategy's replacements together.
pub(crate) fn check_result(replaced: &Replaced) -> Result<(), EditError> {
    run(
        RESULT.iter().map(|&(id, check)| (id, check as fn(&_) -> _)),
        replaced,
    )
}

#[cfg(test)]
mod tests;
