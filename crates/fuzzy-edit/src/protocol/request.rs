//! Reading the edits of a request, whatever front end sent them: the pipe's `edits` list, the
//! bindings' calls, and the names of a request's modes and document formats.
//!
//! One reader, so an edit means the same thing everywhere: its fields are renamed through
//! [`fields`](super::fields) (a field it does not know is refused by name), `old` and `new` are
//! required, and a value of the wrong type names its field.

use serde::Deserialize;
use serde_json::Value;

use super::fields::{self, rename, type_name, Spelling};
use crate::format::Format;
use crate::{Edit, Mode};

/// An edit's fields once renamed: [`Edit`]'s, including those its own `Deserialize` skips (a
/// model's tool call never sends them; a binding passing back a parsed hunk does).
#[derive(Deserialize)]
struct Sent {
    old: String,
    new: String,
    #[serde(default)]
    replace_all: bool,
    anchor: Option<String>,
    near_line: Option<usize>,
    near_context: Option<String>,
    final_newline: Option<bool>,
}

/// Read the edit `item`, found at `place` of a request (`"edits[2]"`, for messages), taking the
/// fields `table` lists ([`fields::EDIT`] for the pipe, [`fields::EDIT_WHOLE`] for the
/// bindings).
///
/// ```
/// use fuzzy_edit::protocol::{fields, read_edit};
/// let err = read_edit(serde_json::json!({"old": "a"}), "edits[0]", fields::EDIT).unwrap_err();
/// assert_eq!(err, "edits[0] has no \"new\".");
/// ```
pub fn read_edit(item: Value, place: &str, table: &[Spelling]) -> Result<Edit, String> {
    let Value::Object(object) = item else {
        return Err(format!(
            "{place} is {}; expected an object {{\"old\": \"...\", \"new\": \"...\", \"replace_all\"?: bool, \"anchor\"?: \"...\"}}.",
            type_name(&item)
        ));
    };
    let object = rename(object, table, place)?;
    for required in ["old", "new"] {
        if !object.contains_key(required) {
            return Err(format!("{place} has no \"{required}\"."));
        }
    }
    let sent: Sent = serde_path_to_error::deserialize(Value::Object(object))
        .map_err(|e| format!("{place}.{}: {}.", e.path(), e.inner()))?;
    Ok(Edit {
        old: sent.old,
        new: sent.new,
        replace_all: sent.replace_all,
        anchor: sent.anchor,
        near_line: sent.near_line,
        near_context: sent.near_context,
        final_newline: sent.final_newline,
    })
}

/// The list of edits a binding passes (every field of each, [`fields::EDIT_WHOLE`]). An anchor
/// that is empty or blank means none, as DiffCoder's JSON writes it.
///
/// ```
/// use fuzzy_edit::protocol::read_edits;
/// use fuzzy_edit::Edit;
/// let edits = read_edits(serde_json::json!([{"old_string": "a", "new_string": "b", "anchor": ""}])).unwrap();
/// assert_eq!(edits, vec![Edit::new("a", "b")]);
/// ```
pub fn read_edits(list: Value) -> Result<Vec<Edit>, String> {
    let Value::Array(items) = list else {
        return Err(format!(
            "the edits are {}; expected a list of {{\"old\": \"...\", \"new\": \"...\"}}.",
            type_name(&list)
        ));
    };
    items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let mut edit = read_edit(item, &format!("edits[{i}]"), fields::EDIT_WHOLE)?;
            edit.anchor = edit.anchor.filter(|a| !a.trim().is_empty());
            Ok(edit)
        })
        .collect()
}

/// The mode a binding names: `"atomic"` or `"partial"`.
pub fn mode_named(name: &str) -> Result<Mode, String> {
    match name {
        "atomic" => Ok(Mode::Atomic),
        "partial" => Ok(Mode::Partial),
        other => Err(format!(
            "mode must be \"atomic\" or \"partial\", not {other:?}"
        )),
    }
}

/// The document format a binding names (`"json"`, `"search_replace"`, `"begin_patch"`,
/// `"unified_diff"`: the names of the parse answers' `format`).
pub fn format_named(name: &str) -> Result<Format, String> {
    match name {
        "json" => Ok(Format::Json),
        "search_replace" => Ok(Format::SearchReplace),
        "begin_patch" => Ok(Format::BeginPatch),
        "unified_diff" => Ok(Format::UnifiedDiff),
        other => Err(format!(
            "format must be one of \"json\", \"search_replace\", \"begin_patch\", \"unified_diff\", not {other:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    proptest! {
        /// Whatever an edit holds, writing it out and reading it back gives the same edit: the
        /// bindings lose no field on the way.
        #[test]
        fn every_field_of_an_edit_comes_back(
            old in ".{0,12}",
            new in ".{0,12}",
            replace_all: bool,
            anchor in proptest::option::of("[a-z]{1,6}"),
            near_line in proptest::option::of(1usize..10_000),
            near_context in proptest::option::of(".{0,8}"),
            final_newline in proptest::option::of(any::<bool>()),
        ) {
            let edit = Edit { old, new, replace_all, anchor, near_line, near_context, final_newline };
            let back = read_edits(json!([super::super::edit_value(&edit)])).unwrap();
            prop_assert_eq!(back, vec![edit]);
        }
    }

    #[test]
    fn the_pipe_table_refuses_the_tie_breaks() {
        let item = json!({"old": "a", "new": "b", "near_line": 3});
        let err = read_edit(item.clone(), "edits[0]", fields::EDIT).unwrap_err();
        assert!(
            err.starts_with("unknown field \"near_line\" in edits[0]"),
            "{err}"
        );
        let edit = read_edit(item, "edits[0]", fields::EDIT_WHOLE).unwrap();
        assert_eq!(edit, Edit::new("a", "b").near_line(3));
    }

    #[test]
    fn bad_edits_say_what_is_wrong() {
        for (list, words) in [
            (json!("a"), "the edits are a string"),
            (json!(["a"]), "edits[0] is a string; expected an object"),
            (json!([{"old": "a"}]), "edits[0] has no \"new\""),
            (
                json!([{"old": "a", "new": "b", "near_line": "x"}]),
                "edits[0].near_line: invalid type",
            ),
        ] {
            let err = read_edits(list.clone()).unwrap_err();
            assert!(err.contains(words), "{list}: {err}");
        }
        assert_eq!(mode_named("partial"), Ok(Mode::Partial));
        assert!(mode_named("all").unwrap_err().contains("not \"all\""));
        assert_eq!(format_named("begin_patch"), Ok(Format::BeginPatch));
        assert!(format_named("patch").is_err());
    }
}
