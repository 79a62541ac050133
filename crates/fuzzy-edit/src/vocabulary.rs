//! The names a front end gives an edit's parameters, so that one set of refusal messages
//! speaks each front end's words: `--old` on the command line, `old` in the pipe, `old_string`
//! in the MCP tools (and by default), `the SEARCH block` in a document of SEARCH/REPLACE
//! blocks. A front end without a way to say `replace_all` or `anchor`, or to write a file in
//! place, has an empty name for it, and the messages do not offer it.

/// What the caller calls `old`, `new`, `replace_all` and `anchor`, for messages that tell it
/// what to send instead; an empty name: the caller has no such option. [`EditError::message`](crate::EditError::message) takes one; the
/// error's `Display` uses [`Vocabulary::TOOL`].
///
/// ```
/// use fuzzy_edit::{apply, protocol::Vocabulary, Edit};
/// let e = apply("a\na\n", &Edit::new("a", "b")).unwrap_err();
/// assert!(e.message(&Vocabulary::CLI).contains("set --replace-all"));
/// assert!(e.to_string().contains("set replace_all"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vocabulary {
    /// The text to replace (a singular noun: messages say "{old} was not found").
    pub old: &'static str,
    /// Its replacement (a singular noun too).
    pub new: &'static str,
    /// Replace every occurrence.
    pub replace_all: &'static str,
    /// The text before the occurrence meant.
    pub anchor: &'static str,
    /// Write the file in place (same inode), for files with hard links or attributes a
    /// replacement would lose.
    pub in_place: &'static str,
    /// Replace a read-only file anyway.
    pub write_read_only: &'static str,
}

impl Vocabulary {
    /// The parameter names of tool calls (the MCP server's `edit_file`, most agents' edit
    /// tools): `old_string`, `new_string`, `replace_all`, `anchor`; no way to write in place
    /// or over a read-only file (the MCP tools and the Python package have none).
    pub const TOOL: Vocabulary = Vocabulary {
        old: "old_string",
        new: "new_string",
        replace_all: "replace_all",
        anchor: "anchor",
        in_place: "",
        write_read_only: "",
    };
    /// The pipe's request fields: `old`, `new`, `replace_all`, `anchor`, `"in_place": true`,
    /// `"write_read_only": true`.
    pub const PIPE: Vocabulary = Vocabulary {
        old: "old",
        new: "new",
        replace_all: "replace_all",
        anchor: "anchor",
        in_place: "`\"in_place\": true`",
        write_read_only: "`\"write_read_only\": true`",
    };
    /// The command line's flags: `--old`, `--new`, `--replace-all`, `--anchor`, `--in-place`,
    /// `--write-read-only`.
    pub const CLI: Vocabulary = Vocabulary {
        old: "--old",
        new: "--new",
        replace_all: "--replace-all",
        anchor: "--anchor",
        in_place: "`--in-place`",
        write_read_only: "`--write-read-only`",
    };

    /// These words, with the edit's parts as a document of edits in `format` has them (the
    /// command line's `--edits`): JSON edits name the tool-call fields; SEARCH/REPLACE blocks
    /// have no way to replace every occurrence or to name an anchor; the hunks of a patch
    /// (`*** Begin Patch` or a unified diff) have an anchor, the text after `@@`.
    ///
    /// ```
    /// use fuzzy_edit::{apply, format::Format, protocol::Vocabulary, Edit};
    /// let e = apply("a\na\n", &Edit::new("a", "b")).unwrap_err();
    /// let words = Vocabulary::CLI.for_document(Format::SearchReplace);
    /// let message = e.message(&words);
    /// assert!(message.contains("more surrounding lines in the SEARCH block"), "{message}");
    /// assert!(!message.contains("replace"), "{message}");
    /// ```
    pub fn for_document(self, format: crate::format::Format) -> Vocabulary {
        use crate::format::Format;
        let (old, new, replace_all, anchor) = match format {
            Format::Json => ("old_string", "new_string", "replace_all", "anchor"),
            Format::SearchReplace => ("the SEARCH block", "the REPLACE block", "", ""),
            Format::FencedSnippets => ("the code block", "the code block", "", ""),
            Format::BeginPatch | Format::UnifiedDiff => (
                "the hunk's old text (its context and - lines)",
                "the hunk's new text (its context and + lines)",
                "",
                "the hunk's `@@` header",
            ),
        };
        Vocabulary {
            old,
            new,
            replace_all,
            anchor,
            ..self
        }
    }
}

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary::TOOL
    }
}
