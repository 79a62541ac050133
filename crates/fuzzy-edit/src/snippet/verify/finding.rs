//! What a verify finds: each rule a merge made elsewhere breaks, with its lines.

use std::fmt;

use serde::Serialize;

/// Findings listed at most ([`Unverified::total`] counts them all), as other refusals list
/// candidates.
pub(super) const MAX_FINDINGS: usize = crate::error::MAX_LISTED;

/// What a merged file does that the snippet does not account for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// A line the snippet shows is not in the merged file (in the snippet's order).
    Missing,
    /// The merged file adds a line the snippet does not show.
    Added,
    /// A piece's lines are all in the merged file, but not together: other lines stand between
    /// them (file lines the piece deletes by leaving them out, say).
    NotTogether,
    /// A file line is gone where no piece shows it deleted (not between two lines one piece
    /// shows, or under a marker).
    Deleted,
    /// A new line stands at another depth than its piece gives it (the depth of the piece's
    /// unchanged lines).
    Depth,
    /// An elision marker or a note that code was removed is written into the file as code.
    Marker,
    /// A line ending, the final newline or the byte order mark is not the file's.
    LineEndings,
    /// A change the merge's own guard refuses: a kept line re-indented, a new line beside an
    /// unshown file line it reads as an edited copy of, or indentation in the other character.
    Unexplained,
    /// The merged file has a syntax error the original did not have.
    Syntax,
    /// The snippet's lines stand elsewhere than where this crate's own merge places them
    /// (the first line that differs): a new method inside a string, say.
    Place,
}

/// One rule a merged file breaks, with the lines it is about (1-based; `None` where the
/// finding has no such line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What does not hold.
    pub kind: FindingKind,
    /// The line of the merged file.
    pub merged_line: Option<usize>,
    /// The line of the original file.
    pub file_line: Option<usize>,
    /// The line of the snippet.
    pub snippet_line: Option<usize>,
    /// The line's text (trimmed), or what the finding is about.
    pub text: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |label: &str, n: Option<usize>| n.map(|n| format!(" {label} {n}"));
        let place: String = [
            at("merged line", self.merged_line),
            at("file line", self.file_line),
            at("snippet line", self.snippet_line),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(",");
        let what = match self.kind {
            FindingKind::Missing => "the snippet shows this line; the merged file does not have it (in the snippet's order)",
            FindingKind::Added => "the merged file adds this line; the snippet does not show it",
            FindingKind::NotTogether => "the snippet shows these lines together; the merged file has other lines between them",
            FindingKind::Deleted => "the merged file drops this file line; no piece of the snippet shows it deleted",
            FindingKind::Depth => "this new line stands at another depth than its piece gives it",
            FindingKind::Marker => "an elision marker or removal note is written into the file as code",
            FindingKind::LineEndings => "a line ending, the final newline or the byte order mark is not the file's",
            FindingKind::Unexplained => "a change the snippet does not account for",
            FindingKind::Syntax => "the merged file has a syntax error the original does not have",
            FindingKind::Place => "this line stands where fuzzy-edit's own merge of the snippet does not put it",
        };
        write!(f, "{what}:{place}: {}", self.text)
    }
}

/// Why a merged file does not verify: the first findings (at most [`crate::error::MAX_LISTED`]) and
/// how many there are in all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unverified {
    /// The findings, in the order of the checks and then of lines.
    pub findings: Vec<Finding>,
    /// How many findings there are, listed or not.
    pub total: usize,
}

impl fmt::Display for Unverified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the merged file does not follow the snippet ({} finding{}):",
            self.total,
            if self.total == 1 { "" } else { "s" }
        )?;
        for finding in &self.findings {
            write!(f, "\n- {finding}")?;
        }
        if self.total > self.findings.len() {
            write!(f, "\n- and {} more", self.total - self.findings.len())?;
        }
        Ok(())
    }
}

impl std::error::Error for Unverified {}
