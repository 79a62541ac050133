//! Why an edit was refused, in words a model can act on in one retry.
//!
//! Every variant carries the data a harness needs (line ranges, previews, scores) and a
//! message written for the model: what went wrong, where, and what to send instead, naming the
//! parameters in the caller's words ([`EditError::message`] with a [`Vocabulary`]; `Display`
//! uses the tool-call names). Line numbers are 1-based and inclusive, as read tools show them.

use serde::Serialize;

use crate::syntax::SyntaxProblem;
use crate::vocabulary::Vocabulary;

/// Lists of places in an error (ambiguous candidates, anchor occurrences) show at most this
/// many; a `*_total` field beside each list says how many there are.
pub const MAX_LISTED: usize = 10;

/// Why a piece of a lazy snippet could not be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SnippetReason {
    /// The piece fits several places (listed).
    Ambiguous,
    /// No line the piece shows is in the file there (stale or made-up lines).
    NotInFile,
    /// The marker before the piece leaves open where it goes: none of its lines is in the
    /// file, and no block it is written inside says where.
    OpenMarker,
    /// A new line at the piece's edge reads as an edited version of the file's neighbouring
    /// line (listed): replace it or add beside it is unclear.
    EditedEdge,
    /// The marker before the piece would stand for lines outside the block it is written in.
    CrossesScope,
    /// The piece ends in new lines and then a marker whose start is open: the snippet shows a
    /// blank line, or a line that opens a block, before the marker, and the file's next line
    /// (listed) is neither blank nor inside that block, so whether the marker starts there or
    /// the file's lines up to a later place are replaced is unclear.
    OpenEnd,
    /// A line of the piece differs by one word from the file's line at its place, apart from
    /// the piece's change (listed): stale context or an edit is unclear.
    StaleLine,
    /// The snippet ends, without a marker, in new lines written right under a line that opens a
    /// block (`def configure():`), while the file's block goes on below (listed): a rewritten
    /// body (the old one replaced) or lines added at its top (the old one kept) is unclear.
    UnshownBody,
    /// The merged file re-indents a kept line (listed) to a depth the snippet does not write
    /// it at, or indents a new line with the other character (tabs/spaces) than the file's.
    UnexplainedChange,
    /// The file is empty (or blank): there is nothing for a snippet to be merged into.
    EmptyFile,
    /// The merge would delete file lines (listed) that no piece shows deleted: they stand
    /// beside or under a marker, not between two lines one piece shows.
    DeletedUnshown,
    /// A snippet line that reads as a marker or as a note that code was removed would be
    /// written into the file as code (at the file line listed).
    MarkerAsCode,
    /// A new line is a line the file holds once, right beside it (listed) and not shown
    /// there: moved (its old place under a marker) or copied is unclear.
    MovedLine,
    /// A deletion of several lines is closed by the piece's last line, a line the file
    /// repeats (`};`, `# endif`; listed) right after new lines: that line may be new too.
    RepeatedCloser,
    /// The piece is written after another piece but stands before it in the file: at its
    /// place after the previous piece it pairs fewer of its lines than at a place before it
    /// (listed, with the place after), where it pairs a line it would write again.
    OutOfOrder,
    /// The piece's place deletes one line of a preprocessor conditional (`#if`, `#endif`;
    /// listed) and keeps the other, a line the piece shows: the file's conditionals would no
    /// longer pair up.
    SplitsConditional,
    /// The snippet opens without a marker, and the file holds code above its first shown line
    /// (listed): with new lines, or, changing the file, with a line kept within the file's
    /// first 3 lines of code. Does the snippet start where the file does (the lines above
    /// replaced or deleted), or is it a fragment (they stay)?
    OpenStart,
}

/// A place in the text, as reported to the model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Location {
    /// First line, 1-based.
    pub start_line: usize,
    /// Last line, 1-based, inclusive.
    pub end_line: usize,
    /// The first non-blank line there, trimmed and shortened.
    pub preview: String,
    /// Similarity to `old` (0.0–1.0) where the strategy grades its candidates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// The part of the text most like `old` when `old` was not found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Fragment {
    /// First line, 1-based.
    pub start_line: usize,
    /// Last line, 1-based, inclusive.
    pub end_line: usize,
    /// Similarity of the fragment to `old`, 0.0–1.0.
    pub similarity: f64,
    /// The fragment's lines, as in the file.
    pub text: String,
    /// A compact line diff: `-` lines are in `old` only, `+` lines in the file only.
    pub diff: String,
}

/// Why an edit was refused. The file is never changed when one is returned.
///
/// Serialized with its `kind`, its fields, and `rule` ([`EditError::rule`]).
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[serde(remote = "Self", tag = "kind", rename_all = "snake_case")]
pub enum EditError {
    /// `old` is empty.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    EmptyOld,
    /// `old == new`, also once `new` is cleaned of what the model copied into it.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    NoChange {
        /// `new` differed from `old` only by line breaks at its edges, which are read as a
        /// copying habit (a trailing newline) and so change nothing.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        only_edge_line_breaks: bool,
        /// `new` differed from `old` only by what is read as the model's copying artefacts
        /// (an elision comment standing for lines the file keeps, a read tool's line numbers,
        /// escaped line breaks), which are never written.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        only_artifacts: bool,
        /// The rule that refused (see [`EditError::rule`]); in answers as `rule`.
        #[serde(skip)]
        rule: &'static str,
    },
    /// No strategy found `old`.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    NotFound {
        /// The most similar part of the file, if any is similar enough to show.
        closest: Option<Fragment>,
        /// An extra hint when the cause is recognizable (e.g. elision markers).
        hint: Option<String>,
    },
    /// `old` is absent but `new` is present, or `old` is found only inside what `new` says
    /// (the edit was made already and is sent again).
    #[error("{}", self.message(&Vocabulary::TOOL))]
    AlreadyApplied {
        /// Where `new` is.
        location: Location,
        /// Where `old` was found, inside `location`, when it was.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        old_location: Option<Location>,
        /// The rule that refused (see [`EditError::rule`]); in answers as `rule`.
        #[serde(skip)]
        rule: &'static str,
    },
    /// Several candidates of equal standing.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    Ambiguous {
        /// The strategy that found them.
        strategy: String,
        /// The first candidates in file order, at most [`MAX_LISTED`].
        candidates: Vec<Location>,
        /// How many candidates there are. A line-level strategy stops searching past 1000
        /// windows, so 1001 from one of them means more than 1000.
        candidates_total: usize,
        /// The rule that refused (see [`EditError::rule`]); in answers as `rule`.
        #[serde(skip)]
        rule: &'static str,
    },
    /// The best fuzzy candidate is not clearly ahead of the runner-up.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    LowConfidence {
        /// The best candidate.
        best: Location,
        /// The runner-up.
        runner_up: Location,
        /// The rule that refused (see [`EditError::rule`]); in answers as `rule`.
        #[serde(skip)]
        rule: &'static str,
    },
    /// The block was located, but lines the edit changes are not what the file holds.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    ContentMismatch {
        /// The strategy that located the block.
        strategy: String,
        /// Where the block is.
        location: Location,
        /// The differing lines of `old`.
        old_text: String,
        /// The file's lines there.
        file_text: String,
        /// The rule that refused (see [`EditError::rule`]); in answers as `rule`.
        #[serde(skip)]
        rule: &'static str,
    },
    /// `old` matched only once whitespace was ignored, and `new` only changes whitespace: the
    /// change the model wants is in what the match ignored.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    WhitespaceOnly {
        /// The strategy that located the block.
        strategy: String,
        /// Where the block is.
        location: Location,
        /// The file's lines there, numbered.
        file_text: String,
    },
    /// The anchor text does not occur.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    AnchorNotFound {
        /// The anchor.
        anchor: String,
    },
    /// The anchor text occurs more than once.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    AnchorAmbiguous {
        /// The anchor.
        anchor: String,
        /// 1-based lines where it occurs, the first [`MAX_LISTED`].
        lines: Vec<usize>,
        /// How many times it occurs.
        lines_total: usize,
    },
    /// `old` occurs, but not after the anchor.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    NotFoundAfterAnchor {
        /// The anchor.
        anchor: String,
        /// 1-based line of the anchor.
        anchor_line: usize,
        /// Where `old` was found before it, the first [`MAX_LISTED`].
        before: Vec<Location>,
        /// How many places `old` was found at before it.
        before_total: usize,
    },
    /// `new` holds an elision comment `old` does not, and which lines it stands for is unclear.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    UnclearElision {
        /// The marker line.
        marker: String,
        /// Its line in `new`, 1-based.
        line: usize,
    },
    /// The edit would add a syntax error the file did not have (see [`SyntaxPolicy`]).
    ///
    /// [`SyntaxPolicy`]: crate::SyntaxPolicy
    #[error("{}", self.message(&Vocabulary::TOOL))]
    Syntax {
        /// Where, what it looks like, and the result around it.
        problem: SyntaxProblem,
    },
    /// Finding `old` would take more work than the engine allows for a request of this size,
    /// or more time than the caller allowed ([`Options::deadline`](crate::Options::deadline)).
    /// Nothing was decided on the partial search.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    TooComplex {
        /// Lines of `old`.
        old_lines: usize,
        /// Lines of the text searched.
        text_lines: usize,
        /// The caller's deadline ran out (else the work budget did).
        timed_out: bool,
        /// A `replace_all` stopped after its occurrences were found: how many were (at
        /// least). Its remedy is fewer occurrences per request, not a shorter `old`.
        #[serde(skip_serializing_if = "Option::is_none")]
        occurrences: Option<usize>,
        /// A lazy snippet's merge was stopped (`old_lines` counts the snippet's lines): its
        /// remedy is a smaller snippet, not a shorter `old`.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        snippet: bool,
    },
    /// A piece of a lazy snippet ([`apply_snippet`](crate::apply_snippet)) could not be
    /// placed: which piece, where it starts in the snippet, why, and the file lines that say so
    /// (the places it fits, or the line its edge reads as an edit of).
    #[error("{}", self.message(&Vocabulary::TOOL))]
    SnippetUnplaced {
        /// The piece, 1-based (the lines between two markers).
        piece: usize,
        /// The snippet line the problem is at, 1-based.
        line: usize,
        /// Why.
        reason: SnippetReason,
        /// File lines, 1-based, the first [`MAX_LISTED`].
        file_lines: Vec<usize>,
        /// How many file lines there are in all.
        file_lines_total: usize,
    },
    /// Two edits of one request touch overlapping text.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    Conflict {
        /// Index (0-based) of the earlier edit.
        first: usize,
        /// Index (0-based) of the later edit.
        second: usize,
        /// First overlapping line, 1-based.
        start_line: usize,
        /// Last overlapping line, 1-based.
        end_line: usize,
    },
    /// Line-addressed edits: a reference whose ID no longer matches its line, and which could
    /// not be followed with certainty ([`crate::line_refs`]).
    #[error("{}", self.message(&Vocabulary::TOOL))]
    StaleReference {
        /// Each stale reference.
        references: Vec<crate::line_refs::StaleRef>,
        /// The file's current lines around each one, as a hashline read shows them
        /// (`{line}#{ID}|{text}`), runs apart separated by `...`.
        current: String,
    },
    /// Line-addressed edits: two edits replace a common line, or insert inside a range
    /// another replaces or at the same place (their order would be a guess).
    #[error("{}", self.message(&Vocabulary::TOOL))]
    OverlappingEdits {
        /// Index (0-based) of the earlier edit.
        first: usize,
        /// Index (0-based) of the later edit.
        second: usize,
        /// First line both touch, 1-based.
        start_line: usize,
        /// Last line both touch, 1-based.
        end_line: usize,
    },
    /// Line-addressed edits: a reference that cannot be used as written.
    #[error("{}", self.message(&Vocabulary::TOOL))]
    BadReference {
        /// Index (0-based) of the edit.
        edit: usize,
        /// The reference (`None`: one is missing).
        reference: Option<String>,
        /// What is wrong, and what to send instead.
        reason: String,
    },
}

impl Serialize for EditError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The derived form: `kind` and the variant's fields.
        struct Fields<'e>(&'e EditError);
        impl Serialize for Fields<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                EditError::serialize(self.0, serializer)
            }
        }
        #[derive(Serialize)]
        struct WithRule<'e> {
            #[serde(flatten)]
            fields: Fields<'e>,
            rule: &'static str,
        }
        WithRule {
            fields: Fields(self),
            rule: self.rule(),
        }
        .serialize(serializer)
    }
}

impl EditError {
    /// The message for the model, naming the edit's parameters in `w`'s words, and ending
    /// with the rule that refused (`[rule: not_found]`).
    pub fn message(&self, w: &Vocabulary) -> String {
        format!("{} [rule: {}]", self.explanation(w), self.rule())
    }

    /// The id of the rule that refused: one of the rule table's (`docs/json.md` lists them).
    /// Several rules may refuse with one [`kind`](Self::kind): `already_applied` comes from
    /// `not_sent_again`, `not_made_already`, `not_there_already`, ...
    pub fn rule(&self) -> &'static str {
        use crate::rules::table::RuleId as R;
        let id = match self {
            EditError::NoChange { rule, .. }
            | EditError::AlreadyApplied { rule, .. }
            | EditError::Ambiguous { rule, .. }
            | EditError::LowConfidence { rule, .. }
            | EditError::ContentMismatch { rule, .. } => return rule,
            EditError::EmptyOld => R::EmptyOld,
            EditError::NotFound { .. } => R::NotFound,
            EditError::WhitespaceOnly { .. } => R::WhitespaceEdit,
            EditError::AnchorNotFound { .. } | EditError::AnchorAmbiguous { .. } => R::OneAnchor,
            EditError::NotFoundAfterAnchor { .. } => R::AfterAnchor,
            EditError::UnclearElision { .. } => R::UnclearElision,
            EditError::Syntax { .. } => R::Syntax,
            EditError::Conflict { .. } => R::NoConflict,
            EditError::TooComplex { .. } => R::TooComplex,
            EditError::StaleReference { .. } => R::StaleReference,
            EditError::OverlappingEdits { .. } => R::OverlappingLineEdits,
            EditError::BadReference { .. } => R::BadReference,
            EditError::SnippetUnplaced { reason, .. } => {
                use SnippetReason as S;
                match reason {
                    S::Ambiguous => R::SnippetAmbiguous,
                    S::NotInFile => R::SnippetNotInFile,
                    S::OpenMarker => R::SnippetOpenMarker,
                    S::EditedEdge => R::SnippetEditedEdge,
                    S::OpenEnd => R::SnippetOpenEnd,
                    S::CrossesScope => R::SnippetCrossesScope,
                    S::StaleLine => R::SnippetStaleLine,
                    S::UnshownBody => R::SnippetUnshownBody,
                    S::UnexplainedChange => R::SnippetUnexplainedChange,
                    S::EmptyFile => R::SnippetEmptyFile,
                    S::DeletedUnshown => R::SnippetDeletedUnshown,
                    S::MarkerAsCode => R::SnippetMarkerAsCode,
                    S::MovedLine => R::SnippetMovedLine,
                    S::RepeatedCloser => R::SnippetRepeatedCloser,
                    S::OutOfOrder => R::SnippetOutOfOrder,
                    S::SplitsConditional => R::SnippetSplitsConditional,
                    S::OpenStart => R::SnippetOpenStart,
                }
            }
        };
        id.name()
    }

    /// The message without its rule.
    fn explanation(&self, w: &Vocabulary) -> String {
        let Vocabulary {
            old,
            new,
            anchor: anchor_word,
            ..
        } = *w;
        match self {
            EditError::EmptyOld => format!("{old} is empty, which only works on an empty file. To insert text, set {old} to an existing line next to the insertion point and repeat that line in {new} with your addition; to create a file, use a write tool."),
            EditError::NoChange { only_artifacts: true, .. } => format!("{new} differs from {old} only by text read as a model's copying artefacts (an elision comment such as `// ...`, which stands for lines the file keeps; a read tool's line numbers; escaped line breaks), so this edit would change nothing. To write such text on purpose, give the line more words than `...` (a comment that is only `...` always stands for lines left out)."),
            // A snippet has no `old` or `new` to name.
            EditError::NoChange { rule, .. } if *rule == crate::rules::table::RuleId::SnippetChangesSomething.name() => "the snippet's merge leaves the file as it was: every line it shows is already there, so this edit would change nothing. Write the lines as they should be after the change, with `// ... existing code ...` lines for the unchanged parts.".to_string(),
            EditError::NoChange { only_edge_line_breaks: false, .. } => format!("{old} and {new} are identical, so this edit would change nothing. Send the text as it should be after the change in {new}."),
            EditError::NoChange { only_edge_line_breaks: true, .. } => format!("{new} differs from {old} only by line breaks at its start or end, which are read as a copying habit, so this edit would change nothing. To add or remove a blank line there, include the neighbouring line in both {old} and {new}, with the blank line as it should be in {new}."),
            EditError::NotFound { closest, hint } => not_found_message(closest, hint, w),
            EditError::AlreadyApplied { location, old_location: None, .. } => format!("{old} is not in the file as written, but what {new} says is already there, at {}. Was this edit already applied? If so, skip it; otherwise read the file again and copy {old} from it.", span_words(location.start_line, location.end_line)),
            EditError::AlreadyApplied { location, old_location: Some(at), .. } => format!("{old} matches {}, but only inside what {new} says, which is already there, at {}. Was this edit already applied? If so, skip it; if you mean to add {new}'s text once more, include the lines around that place in {old} too, so that it says where.", span_words(at.start_line, at.end_line), span_words(location.start_line, location.end_line)),
            EditError::Ambiguous { strategy, candidates, candidates_total, .. } => ambiguous_message(strategy, candidates, *candidates_total, w),
            EditError::LowConfidence { best, runner_up, .. } => format!("{old} was not found exactly; the two closest blocks are too alike to choose between: {} (similarity {}) and {} (similarity {}), neither equal to it. Copy {old} exactly from the block you mean, with enough surrounding lines to make it unique.", span_words(best.start_line, best.end_line), similarity_words(best.score.unwrap_or(0.0)), span_words(runner_up.start_line, runner_up.end_line), similarity_words(runner_up.score.unwrap_or(0.0))),
            // (`not_drifted`: the lines the edit changes are intact; others changed since the read.)
            EditError::ContentMismatch { rule, location, old_text, file_text, .. } if *rule == crate::rules::table::RuleId::NotDrifted.name() => format!("{old} matches {} only approximately: the block changed since you read it, in lines your edit keeps, so your change was written against code the file no longer has, and nothing was changed. Those lines now read:\n{file_text}\n{} had:\n{old_text}\nRead {} again and copy {old} from it.", span_words(location.start_line, location.end_line), capitalized(&yours(old)), span_words(location.start_line, location.end_line)),
            EditError::ContentMismatch { rule, location, old_text, file_text, .. } if *rule == crate::rules::table::RuleId::NumberedPlace.name() => format!("{old} matches {} only approximately, but its line numbers name other lines, which still read much like it: the block you read there changed since, so nothing was changed. Those lines now read:\n{file_text}\n{} had:\n{old_text}\nRead the file again and copy {old} from it.", span_words(location.start_line, location.end_line), capitalized(&yours(old))),
            EditError::ContentMismatch { strategy, location, old_text, file_text, .. } => format!("{old} matches {} only approximately ({strategy}), and lines your edit changes differ from the file there. The model may be misremembering the code, so nothing was changed. The file has:\n{file_text}\n{} has:\n{old_text}\nCopy those lines exactly from the file and retry.", span_words(location.start_line, location.end_line), capitalized(&yours(old))),
            EditError::WhitespaceOnly { strategy, location, file_text } => format!("{old} matches {} only when whitespace is ignored ({strategy}), and {new} only changes whitespace, so the change you want is unclear and nothing was changed. The file has:\n{file_text}\nTo change whitespace, copy {old} exactly from these lines (without the line numbers).", span_words(location.start_line, location.end_line)),
            EditError::AnchorNotFound { anchor } => format!("{anchor_word} {anchor:?} was not found in the file. Use a line that exists verbatim near the place to edit (a function signature, say), or leave {anchor_word} out."),
            EditError::AnchorAmbiguous { anchor, lines, lines_total } => format!("{anchor_word} {anchor:?} occurs {lines_total} times (lines {}), so it does not pick a place. Make {anchor_word} a longer line that occurs once.", join_lines(lines, *lines_total)),
            EditError::NotFoundAfterAnchor { anchor, anchor_line, before, before_total } => format!("{old} occurs only before {anchor_word} {anchor:?} (line {anchor_line}), at {}; {anchor_word} must come before the text to edit.", join_locations(before, *before_total)),
            EditError::UnclearElision { marker, line } => {
                // (A bare `...` may be code, Python's stub body: say how to write either.)
                let stub = if marker == "..." { " If `...` is code (a stub body), write `pass` there instead, or put `...` on the line that opens the block (`def f(): ...`)." } else { "" };
                format!("{new} has the elision marker `{marker}` (its line {line}) but {old} has none, so which lines of the file it stands for is unclear, and nothing was changed. Repeat those lines in {new} instead of the marker, or put the same marker in {old} where the lines it stands for are.{stub}")
            }
            EditError::Syntax { problem } => format!("{} Nothing was changed.", problem.message(w)),
            EditError::Conflict { first, second, start_line, end_line } => format!("edits {} and {} both change {}. Merge them into one edit, or make the lines they replace disjoint.", first + 1, second + 1, span_words(*start_line, *end_line)),
            EditError::TooComplex { old_lines, text_lines, timed_out, occurrences, snippet } => too_complex_message(*old_lines, *text_lines, *timed_out, *occurrences, *snippet, w),
            EditError::StaleReference { references, current } => stale_message(references, current),
            EditError::OverlappingEdits { first, second, start_line, end_line } => format!("line edits {} and {} both touch {} (a replaced range, or an insertion at the same place or inside it), so the result would depend on their order. Merge them into one edit. Nothing was changed.", first + 1, second + 1, span_words(*start_line, *end_line)),
            EditError::BadReference { edit, reference: Some(r), reason } => format!("line edit {}: reference {r:?}: {reason}. Nothing was changed.", edit + 1),
            EditError::BadReference { edit, reference: None, reason } => format!("line edit {}: {reason}. Nothing was changed.", edit + 1),
            EditError::SnippetUnplaced { piece, line, reason, file_lines, file_lines_total } => snippet_message(*piece, *line, *reason, file_lines, *file_lines_total),
        }
    }

    /// A stable snake_case name for the kind of error (`"not_found"`, `"ambiguous"`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            EditError::EmptyOld => "empty_old",
            EditError::NoChange { .. } => "no_change",
            EditError::NotFound { .. } => "not_found",
            EditError::AlreadyApplied { .. } => "already_applied",
            EditError::Ambiguous { .. } => "ambiguous",
            EditError::LowConfidence { .. } => "low_confidence",
            EditError::ContentMismatch { .. } => "content_mismatch",
            EditError::WhitespaceOnly { .. } => "whitespace_only",
            EditError::AnchorNotFound { .. } => "anchor_not_found",
            EditError::AnchorAmbiguous { .. } => "anchor_ambiguous",
            EditError::NotFoundAfterAnchor { .. } => "not_found_after_anchor",
            EditError::UnclearElision { .. } => "unclear_elision",
            EditError::Syntax { .. } => "syntax",
            EditError::Conflict { .. } => "conflict",
            EditError::TooComplex { .. } => "too_complex",
            EditError::StaleReference { .. } => "stale_reference",
            EditError::OverlappingEdits { .. } => "overlapping_edits",
            EditError::BadReference { .. } => "bad_reference",
            EditError::SnippetUnplaced { .. } => "snippet_unplaced",
        }
    }

    /// Every location the error points at (for tools that highlight them).
    pub fn locations(&self) -> Vec<(usize, usize)> {
        match self {
            EditError::NotFound {
                closest: Some(f), ..
            } => vec![(f.start_line, f.end_line)],
            EditError::AlreadyApplied { location, .. }
            | EditError::ContentMismatch { location, .. }
            | EditError::WhitespaceOnly { location, .. } => {
                vec![(location.start_line, location.end_line)]
            }
            EditError::Ambiguous { candidates, .. } => candidates
                .iter()
                .map(|c| (c.start_line, c.end_line))
                .collect(),
            EditError::LowConfidence {
                best, runner_up, ..
            } => vec![
                (best.start_line, best.end_line),
                (runner_up.start_line, runner_up.end_line),
            ],
            EditError::NotFoundAfterAnchor { before, .. } => {
                before.iter().map(|c| (c.start_line, c.end_line)).collect()
            }
            EditError::Conflict {
                start_line,
                end_line,
                ..
            } => vec![(*start_line, *end_line)],
            EditError::Syntax { problem } => vec![(problem.line, problem.line)],
            EditError::OverlappingEdits {
                start_line,
                end_line,
                ..
            } => vec![(*start_line, *end_line)],
            EditError::StaleReference { references, .. } => references
                .iter()
                .filter_map(|r| r.reference.split('#').next()?.parse().ok())
                .map(|l: usize| (l, l))
                .collect(),
            EditError::SnippetUnplaced { file_lines, .. } => {
                file_lines.iter().map(|&l| (l, l)).collect()
            }
            _ => Vec::new(),
        }
    }
}

/// `old` as the caller's own: "your old_string", "your --old", but "the SEARCH block" (a name
/// with its own article).
fn yours(old: &str) -> String {
    if old.starts_with("the ") {
        old.to_string()
    } else {
        format!("your {old}")
    }
}

fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A similarity for people: two decimals, and as many more as it takes (up to four) not to
/// print 1.00 for a block that differs from `old`: two blocks shown as "similarity 1.00" read as
/// two exact copies, which a refusal for being too alike never has.
pub(crate) fn similarity_words(score: f64) -> String {
    if score >= 1.0 {
        return "1.00".to_string();
    }
    for digits in 2..=4 {
        let s = format!("{score:.digits$}");
        if !s.starts_with('1') {
            return s;
        }
    }
    "just under 1".to_string()
}

/// The feedback for a piece of a lazy snippet that could not be placed.
fn snippet_message(
    piece: usize,
    line: usize,
    reason: SnippetReason,
    lines: &[usize],
    total: usize,
) -> String {
    use SnippetReason as R;
    let listed = join_lines(lines, total);
    let what = format!("piece {piece} of the snippet (at its line {line})");
    let body = match reason {
        R::Ambiguous => format!("{what} fits {total} places in the file (lines {listed}), so where it goes is unclear. Show one more unchanged line around it that occurs once (the enclosing function's or class's first line, say)."),
        R::NotInFile => format!("{what} shows no line the file holds after the previous piece, so where it goes is unknown (the lines may be stale or misremembered). Read the file again and copy the unchanged lines next to the change exactly, in file order."),
        R::OpenMarker => format!("{what} has no line the file holds, and the marker before it leaves open where it goes. Show the unchanged line it goes after (or before) next to it, without a marker between."),
        R::EditedEdge => format!("line {line} of the snippet (piece {piece}) is new, but reads like an edited version of the file's line {listed} beside it, so whether it replaces that line or is added next to it is unclear. Show that file line in the snippet too: unchanged if the new line is added, or with the line before it unchanged if it is replaced."),
        R::OpenEnd => format!("line {line} of the snippet (piece {piece}) is the last before a marker or the snippet's end, but the file's next line ({listed}) is not what the snippet shows there (a blank line, or the body of the block that line opens), so whether the file's lines after it are kept or replaced up to a later place is unclear. Show the file's next unchanged line after it."),
        R::StaleLine => format!("line {line} of the snippet (piece {piece}) differs by one word from the file's line {listed} at its place, apart from the rest of the piece's change, so whether it is an edit or a stale copy of that line is unclear. Read the file again and copy its unchanged lines exactly; to change that line too, send it as a piece of its own."),
        R::UnshownBody => format!("line {line} of the snippet (piece {piece}) is new, written under a line that opens a block, and the snippet ends after it without a marker while the file's block goes on (line {listed}), so whether the new lines replace the block's body or are added at its top is unclear. To replace the body, show the block's next unchanged line after the new ones (or write the whole block, to its last line); to add, end the snippet with a marker after the new lines."),
        R::CrossesScope => format!("the marker before {what} would stand for lines outside the block it is written in to reach the place the piece fits (line {listed}). Show the line that opens the block the piece is in (its function or class) before it."),
        R::UnexplainedChange => format!("line {line} of the snippet (piece {piece}) would change the indentation of the file's line {listed}: a kept line moved to a depth the snippet does not write it at, a new line indented with the other character (tabs or spaces) than the file, or a new line written no deeper than the line above it that opens a block or bracket the file indents. Write the line at the depth it has in the file, indented as the file is, and each new line at its depth."),
        R::DeletedUnshown => format!("merging {what} would delete the file's line {listed}, which stands beside or under a marker rather than between two lines the piece shows, so whether it is deleted or kept is unclear. To delete it, show the unchanged lines on both sides of it in one piece (no marker between); to keep it, put a marker or the line itself where it stands."),
        R::MarkerAsCode => format!("line {line} of the snippet (piece {piece}) reads as a marker or a note that code was removed, but merging would write it into the file as code (at file line {listed}), because it stands where nothing is elided or deleted. Write a marker on a line of its own between unchanged lines, or a removal note between the two lines around the lines it deletes."),
        R::MovedLine => format!("line {line} of the snippet (piece {piece}) is a line the file already holds right beside it (line {listed}) without showing it there, so whether it is moved (its old place under a marker) or copied is unclear. Show the file's line at its old place, or leave it out where it is deleted, in the same piece."),
        R::RepeatedCloser => format!("line {line} of the snippet (piece {piece}) closes new lines, and the file repeats it (line {listed}), so whether it closes the new lines (the file's lines after them kept) or the file's later block (the lines between deleted) is unclear. Show the file's next unchanged line after it, or a marker after the new lines."),
        R::OutOfOrder => format!("{what} is written after the previous piece, but its lines stand before it in the file (line {listed}): after the previous piece it would write again lines the file holds above it. Write the pieces in the order their lines stand in the file, or send this piece as an edit of its own."),
        R::SplitsConditional => format!("merging {what} would delete the file's line {listed}, one line of a preprocessor conditional (`#if` or `#endif`), while keeping its other line, which the piece shows: the file's conditionals would no longer pair up. Show the lines between them as the file has them, or write the conditional's lines as they should stand."),
        R::OpenStart => format!("the snippet opens at its line {line} (piece {piece}) without a marker before it, while the file holds lines above the first line the snippet shows (up to line {listed}), so whether the snippet starts where the file starts (the lines above replaced or deleted) or is a fragment (the lines above kept, its new lines added there) is unclear. To keep them, start the snippet with a marker; to replace or delete them, show the file from its first line."),
        R::EmptyFile => "the file is empty, so a snippet has nothing to be merged into. Write the file whole instead (a write tool, or the whole text as `new` with an empty `old`).".to_string(),
    };
    format!("{body} Nothing was changed.")
}

fn not_found_message(closest: &Option<Fragment>, hint: &Option<String>, w: &Vocabulary) -> String {
    let old = w.old;
    let mut s = format!("{old} was not found in the file");
    match closest {
        Some(f) => s.push_str(&format!(
            ". The closest text is at {} (similarity {}); lines with - are in {} only, lines with + in the file only:\n{}\nCopy {old} exactly from the file (without line numbers) and retry.",
            span_words(f.start_line, f.end_line), similarity_words(f.similarity), yours(old), f.diff.trim_end()
        )),
        None => s.push_str(&format!(
            ", and nothing in it is similar. Read the file again and copy {old} from it (without line numbers).",
        )),
    }
    if let Some(h) = hint {
        // The hint is our own text (no file content), written in the tool-call names.
        s.push('\n');
        s.push_str(
            &h.replace(Vocabulary::TOOL.old, w.old)
                .replace(Vocabulary::TOOL.new, w.new),
        );
    }
    s
}

fn stale_message(references: &[crate::line_refs::StaleRef], current: &str) -> String {
    let each: Vec<String> = references
        .iter()
        .map(|r| match &r.current_id {
            Some(id) => format!(
                "{} (line {} is now #{id})",
                r.reference,
                r.reference.split('#').next().unwrap_or("")
            ),
            None => format!("{} (the file has no such line now)", r.reference),
        })
        .collect();
    format!(
        "the file changed since it was read: {} no longer match their lines, and where those lines went is not certain, so nothing was changed. The file's current lines there:\n{}Retry with these references (LINE#ID), or read the file again.",
        each.join(", "),
        current
    )
}

/// `n` lines, in words (`1 line`, `3 lines`).
fn lines_in_words(n: usize) -> String {
    if n == 1 {
        "1 line".to_string()
    } else {
        format!("{n} lines")
    }
}

fn too_complex_message(
    old_lines: usize,
    text_lines: usize,
    timed_out: bool,
    occurrences: Option<usize>,
    snippet: bool,
    w: &Vocabulary,
) -> String {
    let limit = if timed_out {
        "more time than the time limit allows"
    } else {
        "more work than the engine allows for a request of this size"
    };
    let (old_lines, text_lines) = (lines_in_words(old_lines), lines_in_words(text_lines));
    if snippet {
        return format!("merging this snippet needs {limit}: it has {old_lines} against a file of {text_lines}, and the merge was stopped. Nothing was changed. Send a smaller snippet: the changed lines with a few unchanged lines around each, and markers for the rest.");
    }
    let old = w.old;
    if let Some(n) = occurrences {
        let replace_all = w.replace_all;
        return format!("this edit needs {limit}: {old} occurs {n} times or more, more than one {replace_all} may change in a request, so the work was stopped. Nothing was changed. Change them in groups, in several requests: a longer {old}, with a line around the occurrences you mean, matches only those; or, when every occurrence changes the same way, write the file's new content whole.");
    }
    format!("this edit needs {limit}: {old} has {old_lines} against a file of {text_lines}, and the search for it was stopped. Nothing was changed. Send a shorter {old}, a few lines that occur once, copied exactly from the file.")
}

fn ambiguous_message(
    strategy: &str,
    candidates: &[Location],
    total: usize,
    w: &Vocabulary,
) -> String {
    let how = if strategy == "exact" {
        String::new()
    } else {
        format!(" (matched by {strategy})")
    };
    let count = if total > crate::thresholds::MAX_WINDOWS && strategy != "exact" {
        format!("more than {}", crate::thresholds::MAX_WINDOWS)
    } else {
        total.to_string()
    };
    let mut s = format!(
        "{} matches {count} places{how}, so the place to edit is ambiguous:\n",
        w.old
    );
    for c in candidates.iter().take(MAX_LISTED) {
        s.push_str(&format!(
            "  {}: {}\n",
            span_words(c.start_line, c.end_line),
            c.preview
        ));
    }
    let shown = candidates.len().min(MAX_LISTED);
    if total > shown {
        s.push_str(&format!("  ... and {} more\n", total - shown));
    }
    // Only the ways out the caller has (a SEARCH block cannot say "every one").
    let mut ways = vec![format!(
        "include more surrounding lines in {} so it matches once",
        w.old
    )];
    if !w.replace_all.is_empty() {
        ways.push(format!("set {} to change every one", w.replace_all));
    }
    if !w.anchor.is_empty() {
        ways.push(format!("set {} to a unique line (e.g. the enclosing function's signature) before the one you mean", w.anchor));
    }
    let last = ways.pop().unwrap_or_default();
    if ways.is_empty() {
        s.push_str(&format!("{}{}.", last[..1].to_uppercase(), &last[1..]));
    } else {
        s.push_str(&format!("Either {}, or {last}.", ways.join(", ")));
    }
    s
}

/// `line 3` or `lines 3-7`.
fn span_words(start: usize, end: usize) -> String {
    if start == end {
        format!("line {start}")
    } else {
        format!("lines {start}-{end}")
    }
}

fn join_lines(lines: &[usize], total: usize) -> String {
    let listed = lines.iter().take(MAX_LISTED).map(usize::to_string);
    with_rest(listed.collect(), total)
}

fn join_locations(locs: &[Location], total: usize) -> String {
    let spans: Vec<String> = locs
        .iter()
        .take(MAX_LISTED)
        .map(|l| {
            if l.start_line == l.end_line {
                l.start_line.to_string()
            } else {
                format!("{}-{}", l.start_line, l.end_line)
            }
        })
        .collect();
    let one_line = total == 1 && matches!(locs, [l] if l.start_line == l.end_line);
    format!(
        "{} {}",
        if one_line { "line" } else { "lines" },
        with_rest(spans, total)
    )
}

/// The listed items joined, and how many more there are.
fn with_rest(mut listed: Vec<String>, total: usize) -> String {
    if total > listed.len() {
        listed.push(format!("and {} more", total - listed.len()));
    }
    listed.join(", ")
}
