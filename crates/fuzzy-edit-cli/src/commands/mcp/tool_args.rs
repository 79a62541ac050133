//! The tools' arguments: their JSON schemas (field doc comments become the descriptions the
//! model reads) and lenient parsing.
//!
//! Arguments are parsed here rather than by rmcp's `Parameters<T>`, which answers a malformed
//! call with a JSON-RPC error. A model handles a tool error (`isError: true` with a message
//! saying what was wrong) far better, and the MCP specification asks for input errors to be
//! reported that way.
//!
//! The names accepted for each argument are the library's table
//! ([`fuzzy_edit::protocol::fields`]), shared with the pipe and the JSON edit format; an
//! unknown argument, at the top or inside `edits`, is refused by name.

use fuzzy_edit::protocol::fields::{self, rename, Spelling};
use fuzzy_edit::Edit;
use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;

/// Arguments of `read_file`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadFileArgs {
    /// The file to read: relative to the first root directory, or absolute inside a root.
    pub path: String,
    /// First line to show, 1-based (default 1).
    pub offset: Option<usize>,
    /// How many lines to show (default 2000). Read a large file in windows with offset and limit.
    pub limit: Option<usize>,
    /// Show each line as LINE#ID|text (`12#VK|    return x`), the references edit_file's line_edits take (default: the server's setting, normally false).
    pub hashes: Option<bool>,
}

/// Arguments of `edit_file`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EditFileArgs {
    /// The file to edit: relative to the first root directory, or absolute inside a root. It must have been read with read_file in this session.
    pub path: String,
    /// The text to replace, copied from read_file's output WITHOUT the line-number prefix (the spaces, the number and the tab). Include enough lines around the change (2-3) that it occurs only once in the file.
    pub old_string: Option<String>,
    /// The text to put in its place: old_string as it should read after the change, with the same indentation.
    pub new_string: Option<String>,
    /// Replace every occurrence of old_string instead of requiring exactly one (default false).
    pub replace_all: Option<bool>,
    /// A text that occurs once in the file, before the occurrence of old_string you mean (e.g. the enclosing function's signature): the edit applies to the first occurrence after it.
    pub anchor: Option<String>,
    /// Several edits to this file, instead of old_string/new_string: each is located in the file as it was read and all are applied together, or none is.
    pub edits: Option<Vec<EditItem>>,
    /// Line-addressed edits, instead of old_string/new_string, after a read_file with hashes: true: [{"op": "replace"|"append"|"prepend", "pos": "12#VK", "end"?: "14#QX", "lines": ["new line", ...]}]. replace: lines pos..end (inclusive), [] deletes them; append/prepend: after/before pos, or at the end/start of the file without pos. All refer to the file as read and are applied together or not at all.
    pub line_edits: Option<Vec<Value>>,
    /// Instead of old_string/new_string: a lazy snippet, the changed code written out with each unchanged stretch replaced by a marker comment in the file's comment syntax (`// ... existing code ...`, `# ... existing code ...`). Show 1-3 unchanged lines around each change, in file order, at the file's indentation; start inside a block with its opening line (`class S:`, `fn f() {`) then a marker; lines of the file left out between two shown lines (no marker between them) are deleted. A piece that could fit two places, or whose place is unclear, is refused with the reason.
    pub snippet: Option<String>,
    /// Show the diff the edit would make without writing anything (default false).
    pub dry_run: Option<bool>,
}

/// One edit of the edits list.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct EditItem {
    /// The text to replace, copied from read_file's output without the line-number prefix; unique in the file.
    pub old_string: String,
    /// The text to put in its place.
    pub new_string: String,
    /// Replace every occurrence instead of requiring exactly one (default false).
    pub replace_all: Option<bool>,
    /// A text that occurs once, before the occurrence of old_string you mean.
    pub anchor: Option<String>,
}

impl From<&EditItem> for Edit {
    fn from(item: &EditItem) -> Edit {
        edit(
            &item.old_string,
            &item.new_string,
            item.replace_all,
            &item.anchor,
        )
    }
}

fn edit(old: &str, new: &str, replace_all: Option<bool>, anchor: &Option<String>) -> Edit {
    Edit {
        old: old.to_string(),
        new: new.to_string(),
        replace_all: replace_all.unwrap_or(false),
        // An empty anchor is what a model sends for "no anchor".
        anchor: anchor.clone().filter(|a| !a.is_empty()),
        near_line: None,
        near_context: None,
        final_newline: None,
    }
}

/// Arguments of `write_file`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WriteFileArgs {
    /// The file to create or overwrite: relative to the first root directory, or absolute inside a root. Missing parent directories are created.
    pub path: String,
    /// The complete new content of the file, written exactly as given (end it with a newline if the file should have one).
    pub content: String,
}

/// A tool's arguments: its name, their shape (quoted in error messages), and the names it uses
/// for them with every name accepted for each.
pub struct Tool {
    name: &'static str,
    shape: &'static str,
    fields: &'static [Spelling],
}

/// `read_file`.
pub const READ: Tool = Tool {
    name: "read_file",
    shape: READ_SHAPE,
    fields: READ_FIELDS,
};
/// `edit_file`.
pub const EDIT: Tool = Tool {
    name: "edit_file",
    shape: EDIT_SHAPE,
    fields: EDIT_FIELDS,
};
/// `write_file`.
pub const WRITE: Tool = Tool {
    name: "write_file",
    shape: WRITE_SHAPE,
    fields: WRITE_FIELDS,
};

const READ_FIELDS: &[Spelling] = &[
    ("path", fields::PATH),
    ("offset", &["offset"]),
    ("limit", &["limit"]),
    ("hashes", &["hashes"]),
];
const EDIT_FIELDS: &[Spelling] = &[
    ("path", fields::PATH),
    ("old_string", fields::OLD),
    ("new_string", fields::NEW),
    ("replace_all", fields::REPLACE_ALL),
    ("anchor", fields::ANCHOR),
    ("edits", fields::EDITS),
    ("line_edits", &["line_edits"]),
    ("snippet", &["snippet"]),
    ("dry_run", fields::DRY_RUN),
];
/// The fields of one item of `edit_file`'s `edits`.
const EDIT_ITEM_FIELDS: &[Spelling] = &[
    ("old_string", fields::OLD),
    ("new_string", fields::NEW),
    ("replace_all", fields::REPLACE_ALL),
    ("anchor", fields::ANCHOR),
];
const WRITE_FIELDS: &[Spelling] = &[("path", fields::PATH), ("content", fields::CONTENT)];

/// Parse a tool's arguments, named as it names them (and the items of an `edits` list as edits
/// are), or say what is wrong with them in words for the model.
pub fn parse<T: DeserializeOwned>(tool: &Tool, arguments: JsonObject) -> Result<T, String> {
    let Tool {
        name,
        shape,
        fields,
    } = tool;
    let invalid = |e: String| {
        format!("{name}: invalid arguments ({e}). Expected {shape}. Fix the arguments and call {name} again.")
    };
    let mut arguments = rename(arguments, fields, "the arguments").map_err(invalid)?;
    // Hashline tools send line edits as `edits`: [{op, pos, lines}].
    let line_items = |v: &Value| {
        v.as_array()
            .is_some_and(|items| items.iter().any(|i| i.get("op").is_some()))
    };
    if arguments.get("edits").is_some_and(line_items) && !arguments.contains_key("line_edits") {
        if let Some(items) = arguments.remove("edits") {
            arguments.insert("line_edits".into(), items);
        }
    }
    if let Some(Value::Array(items)) = arguments.get_mut("edits") {
        for (i, item) in items.iter_mut().enumerate() {
            if let Value::Object(object) = item {
                let renamed = rename(
                    std::mem::take(object),
                    EDIT_ITEM_FIELDS,
                    &format!("edits[{i}]"),
                )
                .map_err(invalid)?;
                *object = renamed;
            }
        }
    }
    serde_path_to_error::deserialize(Value::Object(arguments))
        .map_err(|e| invalid(format!("{}: {}", e.path(), e.inner())))
}

/// The shapes of the arguments, quoted in error messages.
pub const READ_SHAPE: &str =
    "{\"path\": string, \"offset\"?: line number, \"limit\"?: number of lines}";
/// See [`READ_SHAPE`].
pub const EDIT_SHAPE: &str = "{\"path\": string, \"old_string\": string, \"new_string\": string, \"replace_all\"?: bool, \"anchor\"?: string} or {\"path\": string, \"edits\": [{\"old_string\", \"new_string\", \"replace_all\"?, \"anchor\"?}, ...]}";
/// See [`READ_SHAPE`].
pub const WRITE_SHAPE: &str = "{\"path\": string, \"content\": string}";

impl EditFileArgs {
    /// The line-addressed edits requested, if any (then nothing else may be).
    pub fn line_edits(&self) -> Result<Option<Vec<fuzzy_edit::line_refs::LineEdit>>, String> {
        let Some(items) = &self.line_edits else {
            return Ok(None);
        };
        if self.old_string.is_some()
            || self.new_string.is_some()
            || self.edits.is_some()
            || self.snippet.is_some()
        {
            return Err(
                "edit_file: give line_edits, a snippet, or old_string/new_string (or edits): one of them."
                    .into(),
            );
        }
        if items.is_empty() {
            return Err(
                "edit_file: line_edits is empty; give at least one {\"op\", \"pos\", \"lines\"}."
                    .into(),
            );
        }
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                serde_json::from_value(item.clone()).map_err(|e| {
                    format!("edit_file: line_edits[{i}]: {e}. Expected {{\"op\": \"replace\"|\"append\"|\"prepend\", \"pos\": \"12#VK\", \"end\"?: \"14#QX\", \"lines\": [...]}}, with references copied from read_file with hashes: true.")
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// The edits requested, from `edits` or from `old_string`/`new_string`.
    pub fn edits(&self) -> Result<Vec<Edit>, String> {
        if self.snippet.is_some() {
            return Err(format!(
                "edit_file: give either a snippet or old_string/new_string (or an edits list), not both. Expected {EDIT_SHAPE}, or {{\"path\": string, \"snippet\": string}}."
            ));
        }
        let single = self.old_string.is_some()
            || self.new_string.is_some()
            || self.replace_all.is_some()
            || self.anchor.is_some();
        match (&self.edits, &self.old_string, &self.new_string) {
            (Some(_), _, _) if single => Err(format!(
                "edit_file: give either old_string/new_string (with replace_all, anchor) or an edits list, not both. Expected {EDIT_SHAPE}."
            )),
            (Some(edits), _, _) if edits.is_empty() => Err(
                "edit_file: the edits list is empty; give at least one {\"old_string\", \"new_string\"}.".into(),
            ),
            (Some(edits), _, _) => Ok(edits.iter().map(Edit::from).collect()),
            (None, Some(old), Some(new)) => {
                Ok(vec![edit(old, new, self.replace_all, &self.anchor)])
            }
            (None, Some(_), None) => Err(format!(
                "edit_file: new_string is missing (use \"\" to delete old_string). Expected {EDIT_SHAPE}."
            )),
            (None, None, _) => Err(format!(
                "edit_file: old_string is missing. Expected {EDIT_SHAPE}."
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn edit_args(v: serde_json::Value) -> Result<Vec<Edit>, String> {
        let serde_json::Value::Object(o) = v else {
            unreachable!()
        };
        parse::<EditFileArgs>(&EDIT, o)?.edits()
    }

    #[test]
    fn accepts_the_spellings_agents_use() {
        let e = edit_args(
            json!({"path": "a", "old_string": "x", "new_string": "y", "replace_all": true}),
        )
        .unwrap();
        assert_eq!(e, vec![Edit::new("x", "y").replace_all(true)]);
        let e = edit_args(
            json!({"path": "a", "edits": [{"oldText": "x", "newText": "y"}], "dryRun": true}),
        )
        .unwrap();
        assert_eq!(e, vec![Edit::new("x", "y")]);
        let e = edit_args(json!({"path": "a", "old_string": "x", "new_string": "", "anchor": null, "replace_all": null}))
            .unwrap();
        assert_eq!(e, vec![Edit::new("x", "")]);
        // The library's table: the names the JSON edit format and the pipe accept.
        let e = edit_args(json!({"file_path": "a", "modifications": [{"search": "x", "replace": "y", "replaceAll": true}]}))
            .unwrap();
        assert_eq!(e, vec![Edit::new("x", "y").replace_all(true)]);
    }

    #[test]
    fn unknown_arguments_are_named() {
        let err = edit_args(
            json!({"path": "a", "edits": [{"old_string": "x", "new_string": "y", "reason": "r"}]}),
        )
        .unwrap_err();
        assert!(
            err.contains("unknown field \"reason\" in edits[0]"),
            "{err}"
        );
        assert!(err.contains("\"old_string\", \"new_string\""), "{err}");
    }

    #[test]
    fn explains_malformed_arguments() {
        for bad in [
            json!({"path": 3, "old_string": "x", "new_string": "y"}),
            json!({"old_string": "x", "new_string": "y"}),
            json!({"path": "a", "old_string": "x"}),
            json!({"path": "a"}),
            json!({"path": "a", "edits": []}),
            json!({"path": "a", "edits": [{"old_string": "x", "new_string": "y"}], "old_string": "x"}),
            json!({"path": "a", "edits": "x"}),
            json!({"path": "a", "edits": [{"old_string": "x"}]}),
            json!({"path": "a", "old_string": "x", "new_string": "y", "bogus": 1}),
            json!({"path": "a", "edits": [{"old_string": "x", "new_string": "y", "reason": "r"}]}),
            json!({"path": "a", "old_string": "x", "oldText": "x", "new_string": "y"}),
        ] {
            let err = edit_args(bad.clone()).unwrap_err();
            assert!(err.starts_with("edit_file:"), "{bad}: {err}");
            assert!(!err.contains("`new`"), "{err}");
        }
    }
}
