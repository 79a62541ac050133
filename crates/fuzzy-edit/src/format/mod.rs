//! Edit formats: the shapes LLMs write file changes in, parsed into [`FileChange`]s.
//!
//! Models do not send one tidy request type. They write Aider's SEARCH/REPLACE blocks, Codex's
//! `*** Begin Patch` envelopes, unified diffs with made-up line numbers, or tool-call JSON with
//! raw newlines in its strings. [`parse`] recognizes the format ([`detect`]) and turns any of
//! them into the same list of [`FileChange`]s, each a list of [`Edit`]s for the engine, a file
//! to create, or a file to delete. One file per format:
//!
//! | format | module | looks like |
//! | --- | --- | --- |
//! | [`Format::BeginPatch`] | [`begin_patch`] | `*** Begin Patch` / `*** Update File: a.py` / `@@` hunks |
//! | [`Format::SearchReplace`] | [`search_replace`] | `a.py` / `<<<<<<< SEARCH` / `=======` / `>>>>>>> REPLACE` |
//! | [`Format::UnifiedDiff`] | [`unified_diff`] | `--- a/a.py` / `+++ b/a.py` / `@@ -1,2 +1,2 @@` hunks |
//! | [`Format::Json`] | [`json`] | `{"file_path": "a.py", "old_string": "…", "new_string": "…"}` |
//! | [`Format::FencedSnippets`] | [`fenced_snippets`] | ```` ```python a.py ```` / code with `# ... existing code ...` / ```` ``` ```` |
//!
//! Parsers are lenient where models are sloppy in ways that keep the meaning (wrong hunk line
//! numbers, a missing `*** End Patch`, raw newlines in JSON strings) and strict where guessing
//! could change it: anything else is a [`ParseError`] whose message says what is malformed,
//! where (1-based input line numbers), and how to send it instead. Text is never reinterpreted
//! beyond the format's own rules; in particular a backslash in code stays a backslash.
//!
//! ```
//! use fuzzy_edit::format::{parse, FileOp, Format};
//! use fuzzy_edit::Edit;
//!
//! let input = "Here is the fix:\n\nsrc/app.py\n```python\n<<<<<<< SEARCH\n    return 0\n=======\n    return 1\n>>>>>>> REPLACE\n```\n";
//! let parsed = parse(input).unwrap();
//! assert_eq!(parsed.format, Format::SearchReplace);
//! assert_eq!(parsed.changes[0].path.as_deref(), Some("src/app.py"));
//! assert_eq!(parsed.changes[0].op, FileOp::Edit(vec![Edit::new("    return 0\n", "    return 1\n")]));
//! ```

use serde::{Deserialize, Serialize};

use crate::Edit;

pub mod begin_patch;
pub mod fenced_snippets;
pub mod json;
pub mod search_replace;
pub mod unified_diff;

/// An edit format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// JSON edit objects: DiffCoder `modifications`, tool calls (`old_string`/`new_string`),
    /// MCP `edits` ([`json`]).
    Json,
    /// Aider/Roo/Cline SEARCH/REPLACE blocks ([`search_replace`]).
    SearchReplace,
    /// Codex `*** Begin Patch` envelopes ([`begin_patch`]).
    BeginPatch,
    /// Unified diffs, from `git diff` or hand-written ([`unified_diff`]).
    UnifiedDiff,
    /// Fenced code blocks that name a file, each a lazy snippet for it ([`fenced_snippets`]).
    FencedSnippets,
}

impl Format {
    /// Every format, in detection order.
    pub const ALL: [Format; 5] = [
        Format::BeginPatch,
        Format::SearchReplace,
        Format::UnifiedDiff,
        Format::FencedSnippets,
        Format::Json,
    ];

    /// A human-readable name, as used in error messages.
    ///
    /// ```
    /// assert_eq!(fuzzy_edit::format::Format::UnifiedDiff.name(), "unified diff");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "JSON",
            Format::SearchReplace => "SEARCH/REPLACE",
            Format::BeginPatch => "*** Begin Patch",
            Format::UnifiedDiff => "unified diff",
            Format::FencedSnippets => "fenced code blocks",
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What happens to one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileChange {
    /// The file, as the input names it (`None` when the format gives no file name, e.g. JSON
    /// edits without `file_path`, or a diff without `---`/`+++` headers).
    pub path: Option<String>,
    /// The operation.
    pub op: FileOp,
    /// The file's new name, when it is also moved (`*** Move to:`, a git rename).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_to: Option<String>,
}

/// An operation on one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileOp {
    /// Search/replace edits, to apply in order. Empty only for a pure move.
    Edit(Vec<Edit>),
    /// Create the file with this content (for SEARCH/REPLACE: an empty SEARCH section, which
    /// means "create the file, or append to it").
    Create(String),
    /// Delete the file.
    Delete,
    /// Line-addressed edits (`{"op": "replace", "pos": "12#VK", "lines": [...]}`), all
    /// referring to the file as read ([`crate::line_refs`]).
    LineEdits(Vec<crate::line_refs::LineEdit>),
    /// A lazy snippet to merge into the file ([`apply_snippet`](crate::apply_snippet)).
    Snippet(String),
}

/// The result of parsing an edit document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Parsed {
    /// The format the input was read as.
    pub format: Format,
    /// The changes, in input order. Consecutive edits of one file are merged into one change.
    pub changes: Vec<FileChange>,
    /// The input broke its format's rules and was accepted after a repair (JSON whose strings
    /// had to be escaped, a block missing its end marker, ...): `notes` says which.
    pub repaired: bool,
    /// What the parser tolerated or ignored, for logs and for feedback to the model.
    pub notes: Vec<String>,
}

impl Parsed {
    /// Every edit, with the path it applies to.
    ///
    /// ```
    /// let p = fuzzy_edit::format::parse(r#"{"file_path": "a", "old_string": "x", "new_string": "y"}"#).unwrap();
    /// assert_eq!(p.edits().count(), 1);
    /// ```
    pub fn edits(&self) -> impl Iterator<Item = (Option<&str>, &Edit)> {
        self.changes.iter().flat_map(|c| {
            let edits: &[Edit] = match &c.op {
                FileOp::Edit(e) => e,
                _ => &[],
            };
            edits.iter().map(move |e| (c.path.as_deref(), e))
        })
    }
}

/// What the accepted formats look like, for error messages.
pub const ACCEPTED_FORMATS: &str = "Accepted formats: (1) SEARCH/REPLACE blocks: the file path on its own line, then `<<<<<<< SEARCH`, the exact lines to replace, `=======`, the new lines, `>>>>>>> REPLACE`; (2) a patch from `*** Begin Patch` to `*** End Patch` with `*** Update File: path` sections of `@@` hunks whose lines start with ' ' (context), '-' (remove) or '+' (add); (3) a unified diff with `--- a/path` and `+++ b/path` headers and `@@` hunks; (4) JSON such as {\"file_path\": \"path\", \"old_string\": \"exact text\", \"new_string\": \"replacement\"} or a list of such objects; (5) fenced code blocks that name a file (```python app.py), each the changed code with `# ... existing code ...` lines for the unchanged parts.";

/// Why an edit document could not be read. Messages are written for the model that sent it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("the edit input is empty. {ACCEPTED_FORMATS}")]
    Empty,
    /// No format fits.
    #[error("could not tell which edit format the input is in.{} {ACCEPTED_FORMATS}", hint_text(.hint))]
    Unrecognized {
        /// What the input seems to have tried, when recognizable.
        hint: Option<String>,
    },
    /// A problem at a line of the input.
    #[error("{format} input, line {line}: {message}")]
    Malformed {
        /// The format the input was read as.
        format: Format,
        /// 1-based line of the input.
        line: usize,
        /// What is wrong and how to fix it.
        message: String,
    },
    /// A problem with the input as a whole.
    #[error("{format} input: {message}")]
    Invalid {
        /// The format the input was read as.
        format: Format,
        /// What is wrong and how to fix it.
        message: String,
    },
}

impl ParseError {
    /// The 1-based input line the error is about, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::Malformed { line, .. } => Some(*line),
            _ => None,
        }
    }

    pub(crate) fn at(format: Format, line: usize, message: impl Into<String>) -> Self {
        ParseError::Malformed {
            format,
            line,
            message: message.into(),
        }
    }

    pub(crate) fn invalid(format: Format, message: impl Into<String>) -> Self {
        ParseError::Invalid {
            format,
            message: message.into(),
        }
    }
}

fn hint_text(hint: &Option<String>) -> String {
    hint.as_ref().map(|h| format!(" {h}")).unwrap_or_default()
}

/// Which format `input` is in, or `None` when none fits.
///
/// Checked in this order, each by whole lines so that text inside another format's strings
/// or hunks does not mislead it: a `*** Begin Patch` marker (or `*** Update/Add/Delete File:`),
/// SEARCH/REPLACE markers, unified-diff structure (`@@` hunk headers, a `--- `/`+++ ` pair,
/// `diff --git`), fenced code blocks that name a file, then JSON (starts with `{` or `[`, a ```` ```json ```` fence, or an
/// `"old_string"`-like key).
///
/// ```
/// use fuzzy_edit::format::{detect, Format};
/// assert_eq!(detect("*** Begin Patch\n*** Delete File: a.txt\n*** End Patch"), Some(Format::BeginPatch));
/// assert_eq!(detect("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"), Some(Format::UnifiedDiff));
/// assert_eq!(detect("[{\"old_string\": \"a\", \"new_string\": \"b\"}]"), Some(Format::Json));
/// assert_eq!(detect("please rename foo to bar"), None);
/// ```
pub fn detect(input: &str) -> Option<Format> {
    if begin_patch::looks_like(input) {
        Some(Format::BeginPatch)
    } else if search_replace::looks_like(input) {
        Some(Format::SearchReplace)
    } else if unified_diff::looks_like(input) {
        Some(Format::UnifiedDiff)
    } else if fenced_snippets::looks_like(input) {
        Some(Format::FencedSnippets)
    } else if json::looks_like(input) {
        Some(Format::Json)
    } else {
        None
    }
}

/// Detect the format of `input`, then parse it.
///
/// ```
/// use fuzzy_edit::format::{parse, ParseError};
/// let err = parse("make the function faster").unwrap_err();
/// assert!(matches!(err, ParseError::Unrecognized { .. }));
/// assert!(err.to_string().contains("<<<<<<< SEARCH"));
/// ```
pub fn parse(input: &str) -> Result<Parsed, ParseError> {
    if input.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    match detect(input) {
        Some(format) => parse_as(input, format),
        None => Err(ParseError::Unrecognized {
            hint: unrecognized_hint(input),
        }),
    }
}

/// Parse `input` as `format`, without detection.
///
/// ```
/// use fuzzy_edit::format::{parse_as, Format};
/// let p = parse_as("*** Begin Patch\n*** Add File: hi.txt\n+hi\n*** End Patch\n", Format::BeginPatch).unwrap();
/// assert_eq!(p.changes[0].op, fuzzy_edit::format::FileOp::Create("hi\n".into()));
/// ```
pub fn parse_as(input: &str, format: Format) -> Result<Parsed, ParseError> {
    if input.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    match format {
        Format::Json => json::parse(input),
        Format::SearchReplace => search_replace::parse(input),
        Format::BeginPatch => begin_patch::parse(input),
        Format::UnifiedDiff => unified_diff::parse(input),
        Format::FencedSnippets => fenced_snippets::parse(input),
    }
}

/// A hint for input no format fits: near-misses of each format's markers.
fn unrecognized_hint(input: &str) -> Option<String> {
    if input.contains("SEARCH") || input.contains("REPLACE") {
        return Some("The input mentions SEARCH/REPLACE, but no line is a marker: a block starts with a line that is exactly `<<<<<<< SEARCH` (at least five `<` or `-`, a space, SEARCH), has a line `=======`, and ends with `>>>>>>> REPLACE`, each at the start of its own line.".into());
    }
    if input.contains("Begin Patch") || input.contains("Update File") {
        return Some("The input mentions a patch, but no line starts with `*** Begin Patch` or `*** Update File: `; write the markers at the start of their lines, with three asterisks.".into());
    }
    None
}

/// Collects changes, merging consecutive edits of one file.
#[derive(Debug)]
pub(crate) struct Builder {
    format: Format,
    changes: Vec<FileChange>,
    repaired: bool,
    notes: Vec<String>,
}

impl Builder {
    pub(crate) fn new(format: Format) -> Self {
        Builder {
            format,
            changes: Vec::new(),
            repaired: false,
            notes: Vec::new(),
        }
    }

    /// Add a change; edits of the same file (and no move) as the last change join it.
    pub(crate) fn push(&mut self, change: FileChange) {
        if let (Some(last), FileOp::Edit(more)) = (self.changes.last_mut(), &change.op) {
            if last.path == change.path && last.move_to.is_none() && change.move_to.is_none() {
                if let FileOp::Edit(edits) = &mut last.op {
                    if !edits.is_empty() && !more.is_empty() {
                        edits.extend(more.iter().cloned());
                        return;
                    }
                }
            }
        }
        // Line edits of one file are one transaction on one snapshot: never applied in turn.
        if let (Some(last), FileOp::LineEdits(more)) = (self.changes.last_mut(), &change.op) {
            if last.path == change.path && last.move_to.is_none() && change.move_to.is_none() {
                if let FileOp::LineEdits(edits) = &mut last.op {
                    edits.extend(more.iter().cloned());
                    return;
                }
            }
        }
        self.changes.push(change);
    }

    pub(crate) fn edit(&mut self, path: Option<String>, edit: Edit) {
        self.push(FileChange {
            path,
            op: FileOp::Edit(vec![edit]),
            move_to: None,
        });
    }

    pub(crate) fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    /// Record a repair: the input broke the format's rules.
    pub(crate) fn repaired(&mut self, note: impl Into<String>) {
        self.repaired = true;
        self.note(note);
    }

    /// The result, or an error when nothing was found.
    pub(crate) fn finish(self, nothing: &str) -> Result<Parsed, ParseError> {
        if self.changes.is_empty() {
            return Err(ParseError::invalid(self.format, nothing));
        }
        Ok(Parsed {
            format: self.format,
            changes: self.changes,
            repaired: self.repaired,
            notes: self.notes,
        })
    }
}

/// The input's lines, without line terminators (`\n` or `\r\n`).
pub(crate) fn lines(input: &str) -> Vec<&str> {
    input.lines().collect()
}

/// Join lines into text, each line ending with `\n`.
pub(crate) fn join_lines<S: AsRef<str>>(lines: &[S]) -> String {
    let mut out = String::with_capacity(lines.iter().map(|l| l.as_ref().len() + 1).sum());
    for l in lines {
        out.push_str(l.as_ref());
        out.push('\n');
    }
    out
}

/// Whether a line opens or closes a markdown code fence (```` ``` ````, ```` ```lang ````, `~~~`).
pub(crate) fn is_fence(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("```") || t.starts_with("~~~")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_order_and_none() {
        assert_eq!(detect(""), None);
        assert_eq!(detect("just words"), None);
        assert_eq!(
            detect("a.py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n"),
            Some(Format::SearchReplace)
        );
        // A Begin Patch whose hunk holds a SEARCH marker is still a Begin Patch.
        assert_eq!(
            detect("*** Begin Patch\n*** Update File: a\n@@\n-<<<<<<< SEARCH\n+x\n*** End Patch"),
            Some(Format::BeginPatch)
        );
        assert_eq!(detect("```json\n{\"a\": 1}\n```"), Some(Format::Json));
        assert_eq!(detect("diff --git a/x b/x\n"), Some(Format::UnifiedDiff));
        // JSON whose strings mention markers is JSON: markers count only at line starts.
        assert_eq!(
            detect(r#"{"old_string": "@@ x\n<<<<<<< SEARCH", "new_string": "y"}"#),
            Some(Format::Json)
        );
    }

    #[test]
    fn unrecognized_lists_formats_and_hints() {
        let e = parse("<<-- SEARCH\nline2\n=======\nreplaced\n").unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("no line is a marker"), "{msg}");
        assert!(msg.contains("*** Begin Patch"), "{msg}");
        assert_eq!(parse("  \n ").unwrap_err(), ParseError::Empty);
    }

    #[test]
    fn builder_merges_consecutive_edits_of_one_file() {
        let mut b = Builder::new(Format::Json);
        b.edit(Some("a".into()), Edit::new("1", "2"));
        b.edit(Some("a".into()), Edit::new("3", "4"));
        b.edit(Some("b".into()), Edit::new("5", "6"));
        b.edit(Some("a".into()), Edit::new("7", "8"));
        let p = b.finish("none").unwrap();
        assert_eq!(p.changes.len(), 3);
        assert_eq!(
            p.changes[0].op,
            FileOp::Edit(vec![Edit::new("1", "2"), Edit::new("3", "4")])
        );
    }

    #[test]
    fn format_serializes_snake_case() {
        let s = serde_json::to_string(&Format::SearchReplace).unwrap();
        assert_eq!(s, "\"search_replace\"");
        let e = ParseError::at(Format::BeginPatch, 3, "bad");
        assert_eq!(e.line(), Some(3));
        assert_eq!(e.to_string(), "*** Begin Patch input, line 3: bad");
    }
}
