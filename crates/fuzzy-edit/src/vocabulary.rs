//! The names a front end gives an edit's parameters, so that one set of refusal messages
//! speaks each front end's words: `--old` on the command line, `old` in the pipe, `old_string`
//! in the MCP tools (and by default).

/// What the caller calls `old`, `new`, `replace_all` and `anchor`, for messages that tell it
/// what to send instead. [`EditError::message`](crate::EditError::message) takes one; the
/// error's `Display` uses [`Vocabulary::TOOL`].
///
/// ```
/// use fuzzy_edit::{apply, Edit, Vocabulary};
/// let e = apply("a\na\n", &Edit::new("a", "b")).unwrap_err();
/// assert!(e.message(&Vocabulary::CLI).contains("set --replace-all"));
/// assert!(e.to_string().contains("set replace_all"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vocabulary {
    /// The text to replace.
    pub old: &'static str,
    /// Its replacement.
    pub new: &'static str,
    /// Replace every occurrence.
    pub replace_all: &'static str,
    /// The text before the occurrence meant.
    pub anchor: &'static str,
}

impl Vocabulary {
    /// The parameter names of tool calls (the MCP server's `edit_file`, most agents' edit
    /// tools): `old_string`, `new_string`, `replace_all`, `anchor`.
    pub const TOOL: Vocabulary = Vocabulary {
        old: "old_string",
        new: "new_string",
        replace_all: "replace_all",
        anchor: "anchor",
    };
    /// The pipe's request fields: `old`, `new`, `replace_all`, `anchor`.
    pub const PIPE: Vocabulary = Vocabulary {
        old: "old",
        new: "new",
        replace_all: "replace_all",
        anchor: "anchor",
    };
    /// The command line's flags: `--old`, `--new`, `--replace-all`, `--anchor`.
    pub const CLI: Vocabulary = Vocabulary {
        old: "--old",
        new: "--new",
        replace_all: "--replace-all",
        anchor: "--anchor",
    };
}

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary::TOOL
    }
}
