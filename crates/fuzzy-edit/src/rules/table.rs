//! The rule table: every rule's id, the stage it runs at, the kinds it refuses with and what
//! it catches (see [`super`] for the stages and their checks). It imports nothing of the
//! crate, so that [`EditError`](crate::EditError) can name its rule without an import circle.

/// Where on an edit's path a rule runs (see [`super`] for the order).
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
    NotDrifted = "not_drifted", Changing, ["content_mismatch"], "a block that drifted since the read in 3 or more lines the edit keeps (a name renamed, numbers changed, lines inserted): a change written against code the file no longer has";
    NumberedPlace = "numbered_place", Changing, ["content_mismatch"], "a loose match away from the lines `old`'s read-tool numbers name, where those lines still read much like `old` (the block read there changed since)";
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
    SnippetOpenEnd = "snippet_open_end", Snippet, ["snippet_unplaced"], "a piece's end before a marker (new lines there) or at the snippet's end where the file's next line is not the blank line or block body the snippet shows there";
    SnippetUnshownBody = "snippet_unshown_body", Snippet, ["snippet_unplaced"], "new lines that end the snippet under a block's opening line while the file's block goes on unshown: body rewritten or added to?";
    SnippetEmptyFile = "snippet_empty_file", Snippet, ["snippet_unplaced"], "a snippet for an empty file: nothing to merge into, write the file whole";
    SnippetCrossesScope = "snippet_crosses_scope", Snippet, ["snippet_unplaced"], "a marker that would stand for lines outside the block it is written in";
    SnippetStaleLine = "snippet_stale_line", Snippet, ["snippet_unplaced"], "a snippet line one word apart from the file's line at its place, apart from the piece's change: stale context or an unclear edit";
    SnippetUnexplainedChange = "snippet_unexplained_change", Snippet, ["snippet_unplaced"], "a merge that re-indents a kept line to a depth the snippet does not write, or indents a new line with the other character than the file";
    SnippetDeletedUnshown = "snippet_deleted_unshown", Snippet, ["snippet_unplaced"], "a merge that deletes file lines beside or under a marker rather than between two lines one piece shows";
    SnippetMarkerAsCode = "snippet_marker_as_code", Snippet, ["snippet_unplaced"], "a marker or a removal note that the merge would write into the file as code";
    SnippetMovedLine = "snippet_moved_line", Snippet, ["snippet_unplaced"], "a new line the file holds once right beside it, unshown there: moved or copied?";
    SnippetRepeatedCloser = "snippet_repeated_closer", Snippet, ["snippet_unplaced"], "a deletion closed by a line the file repeats right after new lines: that line may be new too";
    SnippetOutOfOrder = "snippet_out_of_order", Snippet, ["snippet_unplaced"], "a piece written after another that stands before it in the file, where it pairs lines it would write again after it";
    SnippetSplitsConditional = "snippet_splits_conditional", Snippet, ["snippet_unplaced"], "a piece's place that deletes an `#if` or `#endif` and keeps its partner, a line the piece shows";
    SnippetOpenStart = "snippet_open_start", Snippet, ["snippet_unplaced"], "a snippet that opens without a marker, with new lines while the file holds code above its first shown line, or a kept line within the file's first 3 lines of code (none shallower) while it changes the file: the lines above replaced or deleted, or kept?";
    LineEditsChangeSomething = "line_edits_change_something", LineRefs, ["no_change"], "line edits that leave the file as it was";
    StaleReference = "stale_reference", LineRefs, ["stale_reference"], "a line reference whose ID no longer matches its line, not followed with certainty";
    OverlappingLineEdits = "overlapping_line_edits", LineRefs, ["overlapping_edits"], "two line edits touching a common line or place";
    BadReference = "bad_reference", LineRefs, ["bad_reference"], "a line reference that cannot be used as written";
}
