//! Why an edit was refused, in words a model can act on in one retry.
//!
//! Every variant carries the data a harness needs (line ranges, previews, scores) and a
//! [`Display`](std::fmt::Display) message written for the model: what went wrong, where, and
//! what to send instead. Line numbers are 1-based and inclusive, as read tools show them.

use serde::Serialize;

use crate::syntax::SyntaxProblem;

/// Lists of places in an error (ambiguous candidates, anchor occurrences) show at most this
/// many; a `*_total` field beside each list says how many there are.
pub const MAX_LISTED: usize = 10;

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
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EditError {
    /// `old` is empty.
    #[error("old_string is empty, which only works on an empty file. To insert text, set old_string to an existing line next to the insertion point and repeat that line in new_string with your addition; to create a file, use a write tool.")]
    EmptyOld,
    /// `old == new`.
    #[error("old_string and new_string are identical, so this edit would change nothing. Send the text as it should be after the change in new_string.")]
    NoChange,
    /// No strategy found `old`.
    #[error("{}", not_found_message(closest, hint))]
    NotFound {
        /// The most similar part of the file, if any is similar enough to show.
        closest: Option<Fragment>,
        /// An extra hint when the cause is recognizable (e.g. elision markers).
        hint: Option<String>,
    },
    /// `old` is absent but `new` is present.
    #[error("old_string is not in the file as written, but what new_string says is already there, at lines {}-{}. Was this edit already applied? If so, skip it; otherwise read the file again and copy old_string from it.", .location.start_line, .location.end_line)]
    AlreadyApplied {
        /// Where `new` is.
        location: Location,
    },
    /// Several candidates of equal standing.
    #[error("{}", ambiguous_message(strategy, candidates, *candidates_total))]
    Ambiguous {
        /// The strategy that found them.
        strategy: String,
        /// The first candidates in file order, at most [`MAX_LISTED`].
        candidates: Vec<Location>,
        /// How many candidates there are. A line-level strategy stops searching past 1000
        /// windows, so 1001 from one of them means more than 1000.
        candidates_total: usize,
    },
    /// The best fuzzy candidate is not clearly ahead of the runner-up.
    #[error("old_string was not found exactly; the two closest blocks are too alike to choose between: lines {}-{} (similarity {:.2}) and lines {}-{} (similarity {:.2}). Copy old_string exactly from the block you mean, with enough surrounding lines to make it unique.", .best.start_line, .best.end_line, .best.score.unwrap_or(0.0), .runner_up.start_line, .runner_up.end_line, .runner_up.score.unwrap_or(0.0))]
    LowConfidence {
        /// The best candidate.
        best: Location,
        /// The runner-up.
        runner_up: Location,
    },
    /// The block was located, but lines the edit changes are not what the file holds.
    #[error("old_string matches lines {}-{} only approximately ({strategy}), and lines your edit changes differ from the file there. The model may be misremembering the code, so nothing was changed. The file has:\n{file_text}\nYour old_string has:\n{old_text}\nCopy those lines exactly from the file and retry.", .location.start_line, .location.end_line)]
    ContentMismatch {
        /// The strategy that located the block.
        strategy: String,
        /// Where the block is.
        location: Location,
        /// The differing lines of `old`.
        old_text: String,
        /// The file's lines there.
        file_text: String,
    },
    /// `old` matched only once whitespace was ignored, and `new` only changes whitespace: the
    /// change the model wants is in what the match ignored.
    #[error("old_string matches lines {}-{} only when whitespace is ignored ({strategy}), and new_string only changes whitespace, so the change you want is unclear and nothing was changed. The file has:\n{file_text}\nTo change whitespace, copy old_string exactly from these lines (without the line numbers).", .location.start_line, .location.end_line)]
    WhitespaceOnly {
        /// The strategy that located the block.
        strategy: String,
        /// Where the block is.
        location: Location,
        /// The file's lines there, numbered.
        file_text: String,
    },
    /// The anchor text does not occur.
    #[error("anchor {anchor:?} was not found in the file. Use a line that exists verbatim near the place to edit (a function signature, say), or leave anchor empty.")]
    AnchorNotFound {
        /// The anchor.
        anchor: String,
    },
    /// The anchor text occurs more than once.
    #[error("anchor {anchor:?} occurs {lines_total} times (lines {}), so it does not pick a place. Use a longer anchor that occurs once.", join_lines(.lines, *.lines_total))]
    AnchorAmbiguous {
        /// The anchor.
        anchor: String,
        /// 1-based lines where it occurs, the first [`MAX_LISTED`].
        lines: Vec<usize>,
        /// How many times it occurs.
        lines_total: usize,
    },
    /// `old` occurs, but not after the anchor.
    #[error("old_string occurs only before anchor {anchor:?} (line {anchor_line}), at lines {}. The anchor must come before the text to edit.", join_locations(.before, *.before_total))]
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
    #[error("new_string has the elision marker `{marker}` (its line {line}) but old_string has none, so which lines of the file it stands for is unclear, and nothing was changed. Write those lines out in new_string, or put the same marker in old_string where the lines it stands for are.")]
    UnclearElision {
        /// The marker line.
        marker: String,
        /// Its line in `new`, 1-based.
        line: usize,
    },
    /// The edit would add a syntax error the file did not have (see [`SyntaxPolicy`]).
    ///
    /// [`SyntaxPolicy`]: crate::SyntaxPolicy
    #[error("{problem} Nothing was changed.")]
    Syntax {
        /// Where, what it looks like, and the result around it.
        problem: SyntaxProblem,
    },
    /// Finding `old` would take more work than the engine allows for a request of this size,
    /// or more time than the caller allowed ([`Options::deadline`](crate::Options::deadline)).
    /// Nothing was decided on the partial search.
    #[error("{}", too_complex_message(*old_lines, *text_lines, *timed_out))]
    TooComplex {
        /// Lines of `old`.
        old_lines: usize,
        /// Lines of the text searched.
        text_lines: usize,
        /// The caller's deadline ran out (else the work budget did).
        timed_out: bool,
    },
    /// Two edits of one request touch overlapping text.
    #[error("edits {} and {} both change lines {}-{}. Merge them into one edit, or make their old_string blocks disjoint.", .first + 1, .second + 1, .start_line, .end_line)]
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
}

impl EditError {
    /// A stable snake_case name for the kind of error (`"not_found"`, `"ambiguous"`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            EditError::EmptyOld => "empty_old",
            EditError::NoChange => "no_change",
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
        }
    }

    /// Every location the error points at (for tools that highlight them).
    pub fn locations(&self) -> Vec<(usize, usize)> {
        match self {
            EditError::NotFound {
                closest: Some(f), ..
            } => vec![(f.start_line, f.end_line)],
            EditError::AlreadyApplied { location }
            | EditError::ContentMismatch { location, .. }
            | EditError::WhitespaceOnly { location, .. } => {
                vec![(location.start_line, location.end_line)]
            }
            EditError::Ambiguous { candidates, .. } => candidates
                .iter()
                .map(|c| (c.start_line, c.end_line))
                .collect(),
            EditError::LowConfidence { best, runner_up } => vec![
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
            _ => Vec::new(),
        }
    }
}

fn not_found_message(closest: &Option<Fragment>, hint: &Option<String>) -> String {
    let mut s = String::from("old_string was not found in the file");
    match closest {
        Some(f) => s.push_str(&format!(
            ". The closest text is at lines {}-{} (similarity {:.2}); lines with - are in your old_string only, lines with + in the file only:\n{}\nCopy old_string exactly from the file (without line numbers) and retry.",
            f.start_line, f.end_line, f.similarity, f.diff.trim_end()
        )),
        None => s.push_str(
            ", and nothing in it is similar. Read the file again and copy old_string from it (without line numbers).",
        ),
    }
    if let Some(h) = hint {
        s.push('\n');
        s.push_str(h);
    }
    s
}

fn too_complex_message(old_lines: usize, text_lines: usize, timed_out: bool) -> String {
    let limit = if timed_out {
        "more time than the time limit allows"
    } else {
        "more work than the engine allows for a request of this size"
    };
    format!("this edit needs {limit}: old_string has {old_lines} lines against a file of {text_lines} lines, and the search for it was stopped. Nothing was changed. Send a shorter old_string, a few lines that occur once, copied exactly from the file.")
}

fn ambiguous_message(strategy: &str, candidates: &[Location], total: usize) -> String {
    let how = if strategy == "exact" {
        String::new()
    } else {
        format!(" (matched by {strategy})")
    };
    let count = if total > crate::strategy::MAX_WINDOWS && strategy != "exact" {
        format!("more than {}", crate::strategy::MAX_WINDOWS)
    } else {
        total.to_string()
    };
    let mut s =
        format!("old_string matches {count} places{how}, so the place to edit is ambiguous:\n");
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
    s.push_str("Either include more surrounding lines in old_string so it matches once, set replace_all to change every one, or set anchor to a unique line (e.g. the enclosing function's signature) before the one you mean.");
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
    let listed = locs
        .iter()
        .take(MAX_LISTED)
        .map(|l| format!("{}-{}", l.start_line, l.end_line));
    with_rest(listed.collect(), total)
}

/// The listed items joined, and how many more there are.
fn with_rest(mut listed: Vec<String>, total: usize) -> String {
    if total > listed.len() {
        listed.push(format!("and {} more", total - listed.len()));
    }
    listed.join(", ")
}
