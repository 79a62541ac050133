//! The names of the fields of a JSON edit, with every spelling agents use for them: one table
//! for the JSON edit format, the pipe's requests and the MCP tools' arguments, so that a name
//! accepted by one is accepted by all.
//!
//! The JSON edit format reads a model's answer and is lenient (unknown keys such as `reason`
//! are ignored); the pipe and the MCP tools take requests from programs and refuse what they do
//! not know with [`rename`], which names the field and the accepted ones.

use serde_json::{Map, Value};

/// The text to replace.
pub const OLD: &[&str] = &[
    "old_string",
    "oldText",
    "old_str",
    "old_text",
    "old",
    "search",
];
/// The text to put in its place.
pub const NEW: &[&str] = &[
    "new_string",
    "newText",
    "new_str",
    "new_text",
    "new",
    "replace",
];
/// Replace every occurrence.
pub const REPLACE_ALL: &[&str] = &["replace_all", "replaceAll"];
/// A unique text before the occurrence meant.
pub const ANCHOR: &[&str] = &["anchor"];
/// A list of edits.
pub const EDITS: &[&str] = &["edits", "modifications"];
/// The file.
pub const PATH: &[&str] = &[
    "file_path",
    "filePath",
    "path",
    "file",
    "filename",
    "target_file",
];
/// A whole text: a file's content.
pub const CONTENT: &[&str] = &["content", "contents", "file_text"];
/// Compute the answer but write nothing.
pub const DRY_RUN: &[&str] = &["dry_run", "dryRun"];

/// A field as one front end spells it: the name it uses, and every name it accepts for it
/// (one of the tables above, or `&[name]` for a field without aliases).
pub type Spelling = (&'static str, &'static [&'static str]);

/// The fields of one edit, spelled `old`, `new`, `replace_all`, `anchor` (as [`crate::Edit`]
/// reads them).
pub const EDIT: &[Spelling] = &[
    ("old", OLD),
    ("new", NEW),
    ("replace_all", REPLACE_ALL),
    ("anchor", ANCHOR),
];

/// The fields of one edit as the bindings pass it back after a parse: [`EDIT`]'s, and the
/// tie-breaks a document's hunk carries ([`crate::Edit::near_line`], `near_context`,
/// `final_newline`), which the pipe and the MCP tools do not take.
pub const EDIT_WHOLE: &[Spelling] = &[
    ("old", OLD),
    ("new", NEW),
    ("replace_all", REPLACE_ALL),
    ("anchor", ANCHOR),
    ("near_line", &["near_line"]),
    ("near_context", &["near_context"]),
    ("final_newline", &["final_newline"]),
];

/// Rename the keys of `object` to the names `fields` uses, refusing a key it does not know and
/// two spellings of one field; `place` says where the object is (`"the request"`, `"edits[2]"`).
///
/// A `null` value counts as absent, so `{"old_string": "x", "old": null}` is not a repetition.
///
/// ```
/// use fuzzy_edit::protocol::fields::{rename, EDIT};
/// let object = serde_json::json!({"oldText": "a", "new_string": "b"});
/// let renamed = rename(object.as_object().unwrap().clone(), EDIT, "the edit").unwrap();
/// assert_eq!(serde_json::Value::Object(renamed), serde_json::json!({"old": "a", "new": "b"}));
///
/// let bad = serde_json::json!({"old": "a", "new": "b", "reason": "x"});
/// let err = rename(bad.as_object().unwrap().clone(), EDIT, "the edit").unwrap_err();
/// assert!(err.starts_with("unknown field \"reason\" in the edit"), "{err}");
/// ```
pub fn rename(
    object: Map<String, Value>,
    fields: &[Spelling],
    place: &str,
) -> Result<Map<String, Value>, String> {
    let mut out = Map::new();
    let mut given: Vec<(&'static str, String)> = Vec::new();
    for (key, value) in object {
        let Some(&(name, _)) = fields
            .iter()
            .find(|(name, names)| *name == key || names.contains(&key.as_str()))
        else {
            let near = match nearest(&key, fields) {
                Some(name) => format!(" (did you mean \"{name}\"?)"),
                None => String::new(),
            };
            return Err(format!(
                "unknown field \"{key}\" in {place}{near}; the accepted fields are {}.",
                accepted(fields)
            ));
        };
        if value.is_null() {
            continue;
        }
        if let Some((_, first)) = given.iter().find(|(n, _)| *n == name) {
            return Err(format!(
                "\"{first}\" and \"{key}\" in {place} are two names of one field ({name}); send it once."
            ));
        }
        given.push((name, key));
        out.insert(name.to_string(), value);
    }
    Ok(out)
}

/// The field `key` was probably meant to be: the accepted name (or spelling) nearest to it,
/// when it is a slip of a letter or two (`neww`, `olf`, `replaceAll`), never for a name far
/// from all of them (`reason` suggests nothing). Case and `_`/`-` are ignored.
fn nearest(key: &str, fields: &[Spelling]) -> Option<&'static str> {
    let plain = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '-')
            .flat_map(char::to_lowercase)
            .collect()
    };
    let key = plain(key);
    fields
        .iter()
        .flat_map(|(name, names)| std::iter::once(name).chain(names.iter()))
        .map(|spelling| {
            let d = rapidfuzz::distance::osa::distance(key.chars(), plain(spelling).chars());
            (d, *spelling)
        })
        // One slip in a short name, two in a longer one: "neww" is "new", "id" is no "old".
        .filter(|(d, spelling)| *d <= if spelling.len() > 5 { 2 } else { 1 } && *d < key.len())
        .min_by_key(|(d, _)| *d)
        .map(|(_, spelling)| spelling)
}

/// `"old", "new", ...`: the names a front end uses, for messages.
pub fn accepted(fields: &[Spelling]) -> String {
    fields
        .iter()
        .map(|(name, _)| format!("\"{name}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The JSON type of `v` in words, for messages (`"a list"`, `"a number"`).
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn renamed(v: Value) -> Result<Value, String> {
        rename(v.as_object().unwrap().clone(), EDIT, "the edit").map(Value::Object)
    }

    #[test]
    fn an_unknown_field_near_an_accepted_one_is_suggested() {
        let err = renamed(json!({"old": "a", "neww": "b"})).unwrap_err();
        assert!(
            err.contains(
                "unknown field \"neww\" in the edit (did you mean \"new\"?); the accepted"
            ),
            "{err}"
        );
        let err = renamed(json!({"old_strng": "a", "new": "b"})).unwrap_err();
        assert!(err.contains("(did you mean \"old_string\"?)"), "{err}");
        // Far from every field: only the list.
        let err = renamed(json!({"old": "a", "new": "b", "reason": "r"})).unwrap_err();
        assert!(!err.contains("did you mean"), "{err}");
        assert!(err.contains("the accepted fields are"), "{err}");
    }

    #[test]
    fn every_spelling_of_a_field_becomes_its_name() {
        for (old, new) in OLD.iter().zip(NEW) {
            assert_eq!(
                renamed(json!({*old: "a", *new: "b", "replaceAll": true})).unwrap(),
                json!({"old": "a", "new": "b", "replace_all": true})
            );
        }
    }

    #[test]
    fn the_library_edit_reads_every_spelling() {
        // `Edit`'s serde aliases are literals; this keeps them in step with the table.
        for (old, new) in OLD.iter().zip(NEW) {
            for replace_all in REPLACE_ALL {
                let e: crate::Edit =
                    serde_json::from_value(json!({*old: "a", *new: "b", *replace_all: true}))
                        .unwrap_or_else(|e| panic!("{old}/{new}/{replace_all}: {e}"));
                assert_eq!(e, crate::Edit::new("a", "b").replace_all(true));
            }
        }
    }

    #[test]
    fn unknown_and_repeated_fields_are_refused_by_name() {
        let err = renamed(json!({"old": "a", "new": "b", "bogus": 1})).unwrap_err();
        assert!(err.contains("\"bogus\""), "{err}");
        assert!(
            err.contains("\"old\", \"new\", \"replace_all\", \"anchor\""),
            "{err}"
        );
        let err = renamed(json!({"old": "a", "old_string": "a", "new": "b"})).unwrap_err();
        assert!(err.contains("two names of one field (old)"), "{err}");
        assert_eq!(
            renamed(json!({"old": "a", "old_string": null, "new": "b"})).unwrap(),
            json!({"old": "a", "new": "b"})
        );
    }
}
