//! The request: one search/replace edit, and how a list of them is applied.

use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::syntax::{Language, SyntaxPolicy};

/// One search/replace edit.
///
/// Deserializes from the spellings agents use: `old`/`new`, `old_string`/`new_string`,
/// `oldText`/`newText`, `old_str`/`new_str`.
///
/// ```
/// use fuzzy_edit::Edit;
/// let e: Edit = serde_json::from_str(r#"{"old_string": "a", "new_string": "b", "replace_all": true}"#).unwrap();
/// assert_eq!(e, Edit::new("a", "b").replace_all(true));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    /// The text the model means to replace, as it remembers it.
    // The spellings of `protocol::fields::OLD` (a test there keeps them in step).
    #[serde(
        alias = "old_string",
        alias = "oldText",
        alias = "old_str",
        alias = "old_text",
        alias = "search"
    )]
    pub old: String,
    /// The text to put in its place.
    #[serde(
        alias = "new_string",
        alias = "newText",
        alias = "new_str",
        alias = "new_text",
        alias = "replace"
    )]
    pub new: String,
    /// Replace every occurrence instead of requiring exactly one.
    #[serde(default, alias = "replaceAll")]
    pub replace_all: bool,
    /// Text that occurs once, before the occurrence of `old` that is meant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<String>,
    /// The 1-based line where the caller believes `old` starts (a diff's hunk header). Never
    /// used to locate `old`: only to choose among equal candidates, the strictly nearest.
    #[serde(skip)]
    pub near_line: Option<usize>,
    /// A line the caller believes comes somewhere before `old` (git's function context in a
    /// hunk header, `@@ -5 +5 @@ def g():`). Like `near_line`, only a tie-break: among equal
    /// candidates, those with such a line above them.
    #[serde(skip)]
    pub near_context: Option<String>,
    /// Whether the text ends with a line ending once this edit is made, where its match reaches
    /// the end of the text (a diff's `\ No newline at end of file` says so). Without it, `new`
    /// ends as `old` does there (a model's trailing newline is a habit).
    #[serde(skip)]
    pub final_newline: Option<bool>,
}

impl Edit {
    /// An edit replacing `old` with `new`.
    ///
    /// ```
    /// let e = fuzzy_edit::Edit::new("x", "y");
    /// assert!(!e.replace_all && e.anchor.is_none());
    /// ```
    pub fn new(old: impl Into<String>, new: impl Into<String>) -> Self {
        Edit {
            old: old.into(),
            new: new.into(),
            replace_all: false,
            anchor: None,
            near_line: None,
            near_context: None,
            final_newline: None,
        }
    }

    /// Set `replace_all`.
    ///
    /// ```
    /// let out = fuzzy_edit::apply("a a", &fuzzy_edit::Edit::new("a", "$1").replace_all(true)).unwrap();
    /// assert_eq!(out.text, "$1 $1"); // literal: no `$` expansion
    /// ```
    pub fn replace_all(mut self, yes: bool) -> Self {
        self.replace_all = yes;
        self
    }

    /// Set the anchor: the edit applies to the first occurrence of `old` after it.
    ///
    /// ```
    /// let text = "fn a() { x(); }\nfn b() { x(); }\n";
    /// let out = fuzzy_edit::apply(text, &fuzzy_edit::Edit::new("x();", "y();").anchor("fn b")).unwrap();
    /// assert_eq!(out.text, "fn a() { x(); }\nfn b() { y(); }\n");
    /// ```
    pub fn anchor(mut self, anchor: impl Into<String>) -> Self {
        self.anchor = Some(anchor.into());
        self
    }
}

impl Edit {
    /// Set the line where `old` is believed to start (1-based): when `old` matches several
    /// places equally well, the one strictly nearest this line is taken instead of refusing.
    ///
    /// ```
    /// let text = "a = 1\nb = 2\na = 1\n";
    /// let out = fuzzy_edit::apply(text, &fuzzy_edit::Edit::new("a = 1", "a = 3").near_line(3)).unwrap();
    /// assert_eq!(out.text, "a = 1\nb = 2\na = 3\n");
    /// ```
    pub fn near_line(mut self, line: usize) -> Self {
        self.near_line = Some(line);
        self
    }

    /// Set a line believed to come before `old` (git's function context): when `old` matches
    /// several places equally well, only those with a line starting with this text above them
    /// stay in the running (then [`near_line`](Self::near_line) decides, if set).
    ///
    /// ```
    /// let text = "def f():\n    return 0\n\ndef g():\n    return 0\n";
    /// let edit = fuzzy_edit::Edit::new("    return 0\n", "    return 1\n").near_context("def g():");
    /// let out = fuzzy_edit::apply(text, &edit).unwrap();
    /// assert_eq!(out.text, "def f():\n    return 0\n\ndef g():\n    return 1\n");
    /// ```
    pub fn near_context(mut self, line: impl Into<String>) -> Self {
        self.near_context = Some(line.into());
        self
    }
}

/// How a list of edits is applied.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// All edits apply, or none does (the default).
    #[default]
    Atomic,
    /// Apply the edits that succeed; report the rest (a failure if none succeeds).
    Partial,
}

/// How a list of edits is applied: the transaction [`Mode`] and the syntax guard.
///
/// The guard runs when the language is known (from a path with
/// [`Language::from_path`], or given); without one nothing is parsed. See
/// [`apply_with`](crate::apply_with).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// All or nothing, or what succeeds.
    pub mode: Mode,
    /// What an edit that adds a syntax error gets: refused, warned about, or not checked.
    pub syntax: SyntaxPolicy,
    /// The language of the text, if known.
    pub language: Option<Language>,
    /// When to give up: an edit still searching then is refused as
    /// [`EditError::TooComplex`](crate::EditError::TooComplex) and nothing is changed. Without
    /// one, each edit's work is still bounded in proportion to the text and `old`.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use fuzzy_edit::{apply_with, Edit, Options};
    /// let options = Options { deadline: Some(Instant::now() + Duration::from_secs(1)), ..Options::default() };
    /// let out = apply_with("a = 1\n", &[Edit::new("a = 1", "a = 2")], &options).unwrap();
    /// assert_eq!(out.text, "a = 2\n");
    /// ```
    pub deadline: Option<Instant>,
    /// The text is prose (Markdown, plain text, HTML: [`is_prose`]): typographic punctuation
    /// the model writes in `new` is the author's and is kept, where in code it is mapped to
    /// ASCII.
    pub prose: bool,
    /// What the file's name says about how it is written (comment leaders, Makefile recipes):
    /// [`Conventions::from_path`](crate::Conventions::from_path).
    pub conventions: crate::Conventions,
    /// Line-addressed edits ([`crate::line_refs`]) may name lines by plain number (`42`),
    /// without the ID that proves the model read that line; off by default.
    pub line_numbers: bool,
}

/// Whether a file is prose by its extension (Markdown, plain text, reStructuredText, AsciiDoc,
/// Org, TeX, HTML), where curly quotes and dashes are the author's.
///
/// ```
/// use std::path::Path;
/// assert!(fuzzy_edit::protocol::is_prose(Path::new("README.md")));
/// assert!(!fuzzy_edit::protocol::is_prose(Path::new("main.py")));
/// ```
pub fn is_prose(path: &std::path::Path) -> bool {
    let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
        return false;
    };
    [
        "md", "markdown", "mdx", "txt", "text", "rst", "adoc", "asciidoc", "org", "tex", "html",
        "htm",
    ]
    .contains(&ext.to_ascii_lowercase().as_str())
}
