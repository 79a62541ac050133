//! What the tools say back to the model: the report of an applied edit, diffs cut to a size a
//! context can hold, counts in words, and file-system refusals naming the path as the model
//! wrote it. Beside the words, every refusal and every change carries the same answer as JSON
//! (`structuredContent`), in the shape `apply --json` and the pipe use ([`render::json`]).

use fuzzy_edit::fs::{EditFilesError, FsError};
use fuzzy_edit::protocol::{differences_text, Vocabulary, MAX_LISTED};
use fuzzy_edit::Applied;
use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::{json, Value};

use crate::render;
use crate::render::json as answer_json;

/// A tool's answer: a reply, or a refusal.
pub(super) type Answer = Result<Reply, Refusal>;

/// What a tool did: words for the model and, for a change, the JSON answer.
pub(super) struct Reply {
    text: String,
    structured: Option<Value>,
}

impl Reply {
    /// An answer in words only (`read_file`'s listing).
    pub(super) fn text(text: String) -> Self {
        Reply {
            text,
            structured: None,
        }
    }

    /// A change of one file: `text` for the model, `{"ok": true, "dry_run", "files": [file]}`
    /// for programs, `file` shaped by [`answer_json::file`].
    pub(super) fn change(text: String, file: Value, dry_run: bool) -> Self {
        Reply {
            text,
            structured: Some(answer_json::success(
                json!({"dry_run": dry_run, "files": [file]}),
            )),
        }
    }
}

/// Why a tool did nothing: the error object of [`render::json`], whose `message` is what the
/// model reads.
pub(super) struct Refusal(Value);

impl Refusal {
    /// A refusal of `kind` without more detail.
    pub(super) fn new(kind: &str, message: impl Into<String>) -> Self {
        Refusal(answer_json::error(kind, message))
    }

    /// What [`fuzzy_edit::fs::edit_files`] refused, about the file the model named `name`.
    pub(super) fn edit_files(e: &EditFilesError, name: &str, message: impl Into<String>) -> Self {
        Refusal(answer_json::edit_files_error(e, message, &Vocabulary::TOOL)).at(name)
    }

    /// A file-system refusal about the file the model named `name`.
    pub(super) fn file(e: &FsError, name: &str, message: impl Into<String>) -> Self {
        Refusal(answer_json::file_error(e, message)).at(name)
    }

    /// The same refusal with each `not_found` edit's closest lines and their `LINE#ID`s
    /// (`current`), for a server that reads with hashes.
    pub(super) fn with_refs(mut self) -> Self {
        crate::commands::closest_refs::add_to_error(&mut self.0);
        self
    }

    /// The same refusal with another `kind`.
    pub(super) fn kind(mut self, kind: &str) -> Self {
        self.0["kind"] = json!(kind);
        self
    }

    /// The path as the model wrote it, not as resolved (which may lie outside the roots).
    fn at(mut self, name: &str) -> Self {
        if self.0.get("path").is_some() {
            self.0["path"] = json!(name);
        }
        self
    }
}

/// Arguments the tool cannot use: `bad_request`.
impl From<String> for Refusal {
    fn from(message: String) -> Self {
        Refusal::new("bad_request", message)
    }
}

/// The tool result: the words as text content, the JSON as structured content; a refusal has
/// `isError: true`.
pub(super) fn tool_result(answer: Answer) -> CallToolResult {
    match answer {
        Ok(reply) => {
            let mut result = CallToolResult::success(vec![ContentBlock::text(reply.text)]);
            result.structured_content = reply.structured;
            result
        }
        Err(Refusal(error)) => {
            let text = error["message"].as_str().unwrap_or_default().to_string();
            let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
            result.structured_content = Some(answer_json::failure(error));
            result
        }
    }
}

/// Diffs longer than this are cut in the answer (the file itself is complete).
const MAX_DIFF_LINES: usize = 300;

/// What an applied edit did (or, in a dry run, would do): each replacement's lines and
/// strategy; the caller adds the diff.
pub(super) fn report(name: &str, applied: &Applied, edits: usize, dry_run: bool) -> String {
    let verb = if dry_run { "Would edit" } else { "Edited" };
    let mut out = format!(
        "{verb} {name}: {} from {}.\n",
        plural(applied.matches.len(), "replacement"),
        plural(edits, "edit")
    );
    // The first few: a `replace_all` may make a million replacements, all in the diff.
    for m in applied.matches.iter().take(MAX_LISTED) {
        let lines = render::lines(m);
        let how = if render::is_exact(m) {
            "matched exactly".to_string()
        } else {
            format!("matched by {} (score {:.2})", m.strategy, m.score)
        };
        out.push_str(&format!("- edit {}: {lines}, {how}\n", m.edit + 1));
    }
    if applied.matches.len() > MAX_LISTED {
        let more = applied.matches.len() - MAX_LISTED;
        out.push_str(&format!("- ... and {}\n", plural(more, "more replacement")));
    }
    if applied.sequential {
        out.push_str("(some old_string only existed after an earlier edit, so the edits were applied in order; line numbers refer to the file before each edit.)\n");
    }
    for warning in &applied.warnings {
        out.push_str(&format!("Warning, the edit was applied: {warning}\n"));
    }
    // Where the file differed from what the model remembered, for its next edit.
    if let Some(paragraph) = differences_text(&applied.matches, &Vocabulary::TOOL) {
        out.push_str(&paragraph);
        out.push('\n');
    }
    if !applied.followed.is_empty() {
        out.push_str(&followed_note(&applied.followed));
    }
    out
}

/// The stale references a line-addressed edit followed, said so the model knows the lines
/// moved since its read.
pub(crate) fn followed_note(followed: &[fuzzy_edit::line_refs::Followed]) -> String {
    let each: Vec<String> = followed
        .iter()
        .map(|f| format!("{} is now line {}", f.reference, f.line))
        .collect();
    format!(
        "The file changed since it was read; every referenced line had moved by the same number of lines, and the edits followed them: {}.\n",
        each.join(", ")
    )
}

/// `1 edit`, `2 edits`.
pub(super) fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `diff`, cut after [`MAX_DIFF_LINES`] lines.
pub(super) fn short_diff(diff: &str) -> String {
    let total = diff.lines().count();
    if total <= MAX_DIFF_LINES {
        return diff.to_string();
    }
    let mut out: String = diff.split_inclusive('\n').take(MAX_DIFF_LINES).collect();
    out.push_str(&format!(
        "(diff cut after {MAX_DIFF_LINES} of {total} lines; read_file shows the result.)\n"
    ));
    out
}

/// A file-system refusal, with the path as the model named it.
pub(super) fn fs_message(name: &str, e: &FsError) -> String {
    match e {
        FsError::NotFound(_) => format!("{name}: no such file."),
        FsError::IsDirectory(_) => format!("{name}: is a directory; name a file inside it."),
        FsError::Binary { offset, .. } => format!(
            "{name}: looks binary (a NUL byte at offset {offset}); these tools only read and edit text files, and left it unchanged."
        ),
        FsError::NotUtf8 { offset, .. } => format!(
            "{name}: is not valid UTF-8 (first invalid byte at offset {offset}); these tools only read and edit UTF-8 text, and left it unchanged."
        ),
        FsError::TooLarge { len, limit, .. } => format!(
            "{name}: is {len} bytes, over this server's {limit}-byte limit; it was left unchanged."
        ),
        FsError::Stale { .. } => format!(
            "{name} changed on disk while it was being edited; nothing was written. Call read_file on {name} again and redo the change."
        ),
        FsError::Io { source, hint, .. } => {
            format!("{name}: {source}{hint}")
        }
        FsError::Outside(_) => format!(
            "{name}: refused, the path resolves outside the directories this server may access (`..`, an absolute path or a symlink leading out); nothing was written."
        ),
        FsError::NotADirectory(p) => format!(
            "{name}: {} is not a directory, so nothing can be found or created under it.",
            p.display()
        ),
        FsError::NotRegular { kind, .. } => format!(
            "{name}: is a {kind}, not a regular file; these tools only read and write regular files, and left it alone."
        ),
        FsError::HardLinks { links, .. } => format!(
            "{name}: has {links} hard links; replacing it would leave the other names with the old content, so nothing was written. Ask the user to edit it."
        ),
        FsError::ReadOnly(_) => format!(
            "{name}: is read-only; nothing was written. Ask the user whether it should be made writable."
        ),
        FsError::MetadataNotKept { what, .. } => format!(
            "{name}: {what}, so replacing it would change it; nothing was written. Ask the user to edit it."
        ),
        FsError::Busy { waited_ms, .. } => format!(
            "{name}: busy, another writer has held its directory for the whole {waited_ms} ms this server waits; nothing was written. Try the same call again in a moment."
        ),
    }
}
