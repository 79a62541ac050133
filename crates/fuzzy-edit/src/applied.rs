//! What applying edits answers: the new text and where each replacement was made, or why the
//! edits were refused.

use std::ops::Range;

use serde::Serialize;

use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::syntax::SyntaxProblem;
use crate::vocabulary::Vocabulary;

mod differences;

pub(crate) use differences::differences_of;
pub use differences::{differences_text, Difference, MAX_DIFFERENCES_LISTED};

/// The result of applying edits.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Applied {
    /// The text after the edits.
    pub text: String,
    /// One entry per replacement made, in text order.
    pub matches: Vec<Match>,
    /// Edits that failed (only in [`Mode::Partial`](crate::Mode::Partial)).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<Failure>,
    /// Whether edits were applied one after another (some `old` only existed after an earlier
    /// edit); line numbers then refer to the text as it was before each edit.
    pub sequential: bool,
    /// Syntax errors the edits added that the policy let through (an exact match under the
    /// default policy): the result is written, and the model should look at these.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<SyntaxProblem>,
    /// Line-addressed edits only: stale references that were followed to where their lines
    /// stand now (every referenced line moved by the same number of lines; see
    /// [`crate::line_refs`]). Empty when every reference matched its line.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub followed: Vec<crate::line_refs::Followed>,
}

/// One located replacement: where it is, how it was found, and what goes there.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Match {
    /// Index (0-based) of the edit in the request.
    pub edit: usize,
    /// The strategy that matched.
    pub strategy: StrategyId,
    /// How well `old` matched, 1.0 for a match at the strategy's level (3 decimals).
    pub score: f64,
    /// First line replaced, 1-based.
    pub start_line: usize,
    /// Last line replaced, 1-based, inclusive.
    pub end_line: usize,
    /// Byte span replaced in the text the edit was applied to.
    #[serde(skip)]
    pub span: Range<usize>,
    /// The text written in place of `span`.
    #[serde(skip)]
    pub replacement: String,
    /// Where the file's lines differ from `old` beyond the habits the engine sees through
    /// (indentation, spacing, line endings, blank lines, typographic quotes, a read tool's
    /// prefixes, escapes), in file order: what the model should know before its next edit.
    /// Empty when the match saw through habits only. In answers as `differences` (the first
    /// [`MAX_DIFFERENCES_LISTED`]) and `differences_total`, both left out when empty.
    #[serde(flatten, serialize_with = "differences::listed")]
    pub differences: Vec<Difference>,
}

impl Match {
    /// The match an edit makes at `candidate`, writing `replacement` there.
    pub(crate) fn new(
        edit: usize,
        strategy: StrategyId,
        candidate: Candidate,
        replacement: String,
    ) -> Self {
        let mut m = Match::placed(edit, strategy, candidate.lines, candidate.span, replacement);
        m.score = round_score(candidate.score);
        m
    }

    /// A certain match (score 1.0) of an edit kind that places its lines itself (a line
    /// reference, a snippet's piece): `lines` 0-based, end exclusive (empty where lines are
    /// inserted: reported as the line they go before).
    pub(crate) fn placed(
        edit: usize,
        strategy: StrategyId,
        lines: std::ops::Range<usize>,
        span: std::ops::Range<usize>,
        replacement: String,
    ) -> Self {
        Match {
            edit,
            strategy,
            score: 1.0,
            start_line: lines.start + 1,
            end_line: lines.end.max(lines.start + 1),
            span,
            replacement,
            differences: Vec::new(),
        }
    }
}

/// One edit that failed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Failure {
    /// Index (0-based) of the edit in the request.
    pub edit: usize,
    /// Why.
    #[serde(flatten)]
    pub error: EditError,
}

/// Edits that could not all be applied; the text is unchanged.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[error("{}", self.message(&Vocabulary::TOOL))]
pub struct Failed {
    /// Each failed edit.
    pub failures: Vec<Failure>,
    /// The start of every edit's `old` in the request, by index ([`Failed::naming`]); empty
    /// when not known. Messages quote it to say which edit of several failed.
    #[serde(skip)]
    pub olds: Vec<String>,
}

/// How messages name edit `number` (1-based) of `total` whose `old` is `old`, to say which
/// of several edits they are about: "Edit 2 of 3 (the one starting `c = 3`)".
///
/// ```
/// assert_eq!(fuzzy_edit::protocol::edit_name(2, 3, "\n    c = 3\n    d = 4"), "Edit 2 of 3 (the one starting `c = 3`)");
/// ```
pub fn edit_name(number: usize, total: usize, old: &str) -> String {
    format!(
        "Edit {number} of {total} (the one starting `{}`)",
        start_of(old)
    )
}

impl Failed {
    /// `failures` of a request of `edits`.
    pub(crate) fn of(failures: Vec<Failure>, edits: &[crate::Edit]) -> Failed {
        Failed {
            failures,
            olds: Vec::new(),
        }
        .naming(edits)
    }

    /// The refusal of a lazy snippet ([`apply_snippet`](crate::apply_snippet)), as a failed
    /// request of one edit, named by the snippet's start.
    pub fn of_snippet(error: crate::EditError, snippet: &str) -> Failed {
        Failed {
            failures: vec![Failure { edit: 0, error }],
            olds: vec![start_of(snippet)],
        }
    }

    /// The same failures, their messages naming which of `edits` each one is.
    pub fn naming(mut self, edits: &[crate::Edit]) -> Failed {
        self.olds = edits.iter().map(|e| start_of(&e.old)).collect();
        self
    }

    /// The kind of the refusal, as JSON answers give it: its first failed edit's
    /// ([`crate::EditError::kind`]).
    pub fn kind(&self) -> &'static str {
        self.failures.first().map_or("refused", |f| f.error.kind())
    }

    /// Why each edit failed, naming the edit's parameters in `w`'s words. When the request had
    /// several edits, each message says which one it is about: its number and the start of its
    /// `old` (a bare "not found" of one edit in five left the model guessing which).
    ///
    /// ```
    /// use fuzzy_edit::{apply_edits, protocol::Vocabulary, Edit, Mode};
    /// let edits = [Edit::new("a = 1", "a = 2"), Edit::new("c = 3", "c = 4")];
    /// let failed = apply_edits("a = 1\nb = 2\n", &edits, Mode::Atomic).unwrap_err();
    /// let message = failed.message(&Vocabulary::PIPE);
    /// assert!(message.starts_with("Edit 2 of 2 (the one starting `c = 3`): old was not found"), "{message}");
    /// ```
    pub fn message(&self, w: &Vocabulary) -> String {
        let total = self.olds.len();
        let named = |f: &Failure| match self.olds.get(f.edit) {
            Some(start) if total > 1 && !start.is_empty() => format!(
                "Edit {} of {total} (the one starting `{start}`): {}",
                f.edit + 1,
                f.error.message(w)
            ),
            Some(_) if total > 1 => {
                format!("Edit {} of {total}: {}", f.edit + 1, f.error.message(w))
            }
            _ if self.failures.len() > 1 => format!("Edit {}: {}", f.edit + 1, f.error.message(w)),
            _ => f.error.message(w),
        };
        self.failures
            .iter()
            .map(named)
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}

// How answers show a score and a line (refusals too: `feedback.rs`, the `choose` rule).

/// Characters of a line an answer quotes before it is shortened with `...`.
pub(crate) const PREVIEW_CHARS: usize = 80;

/// A score as reported: 3 decimals.
pub(crate) fn round_score(score: f64) -> f64 {
    round_to(score, 3)
}

/// `x` to `decimals` decimals.
pub(crate) fn round_to(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

/// The start of an edit's `old` as messages quote it to say which edit of several they are
/// about: its first non-blank line, trimmed and shortened.
pub(crate) fn start_of(old: &str) -> String {
    shorten(
        old.lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or(""),
    )
}

/// `s` cut to [`PREVIEW_CHARS`] characters, `...` ending a cut one.
pub(crate) fn shorten(s: &str) -> String {
    if s.chars().count() <= PREVIEW_CHARS {
        return s.to_string();
    }
    let mut out: String = s.chars().take(PREVIEW_CHARS - 3).collect();
    out.push_str("...");
    out
}
