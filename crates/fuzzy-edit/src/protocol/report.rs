//! The engine's answers as JSON values, field by field, as the Python and npm bindings hand them
//! on: the field names of the pipe's answers (`docs/json.md`), built here once so a field added
//! to a refusal reaches every binding.
//!
//! Refusals go through serde (`EditError` is tagged by `kind`): their details are exactly what
//! the library chose to expose, and new kinds reach the bindings without a change here.

use serde_json::{json, Value};

use crate::format::{FileOp, ParseError, Parsed};
use crate::fs::{FileVersion, FsError};
use crate::{Edit, EditError, Match};

use super::Vocabulary;

/// A match: `edit`, `strategy`, `score`, `start_line`, `end_line`, and where the file
/// differed from `old` beyond habits, `differences` (the first
/// [`MAX_DIFFERENCES_LISTED`](crate::protocol::MAX_DIFFERENCES_LISTED), each `line`, `file`,
/// `old`) with `differences_total`: the fields of a match in every answer (the `Match`'s own
/// serialization).
pub fn match_value(m: &Match) -> Value {
    serde_json::to_value(m).unwrap_or_else(|_| json!({}))
}

/// A refusal: `kind`, `message` (the model-facing feedback, in [`Vocabulary::TOOL`]'s words),
/// `edit` (0-based index, when the error belongs to one edit of a list) and every structured
/// detail the library serializes.
pub fn error_value(error: &EditError, edit: Option<usize>) -> Value {
    let mut v = serde_json::to_value(error).unwrap_or_else(|_| json!({}));
    if !v.is_object() {
        v = json!({});
    }
    v["kind"] = json!(error.kind());
    v["message"] = json!(error.to_string());
    if let Some(i) = edit {
        v["edit"] = json!(i);
    }
    v
}

/// A file error: the library's kind (`file_not_found`, `binary`, `stale`, ...: the kinds of the
/// pipe's answers), message, path and figures. The message names no command-line flag: the
/// bindings have no `in_place` or `write_read_only`.
pub fn fs_error_value(e: &FsError) -> Value {
    let message = e.message(&Vocabulary::TOOL);
    let mut v = json!({"kind": e.kind(), "message": message, "path": e.path().to_string_lossy()});
    if let Some(fields) = v.as_object_mut() {
        fields.extend(e.figures());
    }
    v
}

/// A file's version: `mtime`, `len`, `sha256`.
pub fn version_value(v: &FileVersion) -> Value {
    json!({"mtime": v.mtime, "len": v.len, "sha256": v.sha256})
}

/// Every field of an edit, `null` where unset, so that an edit read from a document
/// ([`parsed_value`]) and passed back ([`read_edits`](super::read_edits)) loses nothing: the
/// hunk header's line and context and the end-of-file newline as well as `old`, `new`,
/// `replace_all` and `anchor`.
///
/// ```
/// use fuzzy_edit::protocol::{edit_value, read_edits};
/// use fuzzy_edit::Edit;
/// let edit = Edit::new("a", "b").near_line(3).near_context("def g():");
/// let back = read_edits(serde_json::json!([edit_value(&edit)])).unwrap();
/// assert_eq!(back, vec![edit]);
/// ```
pub fn edit_value(e: &Edit) -> Value {
    json!({
        "old": e.old,
        "new": e.new,
        "replace_all": e.replace_all,
        "anchor": e.anchor,
        "near_line": e.near_line,
        "near_context": e.near_context,
        "final_newline": e.final_newline,
    })
}

/// A parse error: its serialized details, `message` and `line`.
pub fn parse_error_value(e: &ParseError) -> Value {
    let mut v = serde_json::to_value(e).unwrap_or_else(|_| json!({}));
    if !v.is_object() {
        v = json!({});
    }
    v["message"] = json!(e.to_string());
    v["line"] = json!(e.line());
    v
}

/// A parse result: `{"ok": true, "format", "format_name", "changes": [{"path", "op",
/// "edits"|"content"|"snippet", "move_to"}], "repaired", "notes"}` or `{"ok": false, "error"}`.
pub fn parsed_value(result: Result<Parsed, ParseError>) -> Value {
    let parsed = match result {
        Err(e) => return json!({"ok": false, "error": parse_error_value(&e)}),
        Ok(parsed) => parsed,
    };
    let changes: Vec<Value> = parsed
        .changes
        .iter()
        .map(|c| {
            let mut v = json!({"path": c.path, "move_to": c.move_to});
            match &c.op {
                FileOp::Edit(edits) => {
                    v["op"] = json!("edit");
                    v["edits"] = edits.iter().map(edit_value).collect();
                }
                FileOp::Create(text) => {
                    v["op"] = json!("create");
                    v["content"] = json!(text);
                }
                FileOp::Delete => v["op"] = json!("delete"),
                FileOp::LineEdits(edits) => {
                    v["op"] = json!("line_edits");
                    v["edits"] = json!(edits);
                }
                FileOp::Snippet(text) => {
                    v["op"] = json!("snippet");
                    v["snippet"] = json!(text);
                }
            }
            v
        })
        .collect();
    json!({
        "ok": true,
        "format": serde_json::to_value(parsed.format).unwrap_or(Value::Null),
        "format_name": parsed.format.name(),
        "changes": changes,
        "repaired": parsed.repaired,
        "notes": parsed.notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;

    #[test]
    fn a_parsed_hunk_keeps_its_header_and_end_of_file_newline() {
        let diff = "--- a/f.py\n+++ b/f.py\n@@ -4,2 +4,2 @@ def g():\n     a = 1\n-    return 0\n\\ No newline at end of file\n+    return 1\n\\ No newline at end of file\n";
        let parsed = format::parse(diff).unwrap();
        let FileOp::Edit(edits) = &parsed.changes[0].op else {
            panic!("{parsed:?}")
        };
        let v = parsed_value(Ok(parsed.clone()));
        let sent = &v["changes"][0]["edits"];
        assert_eq!(sent[0]["near_line"], json!(edits[0].near_line));
        assert!(sent[0]["near_line"].is_u64(), "{v}");
        assert_eq!(sent[0]["near_context"], json!("def g():"));
        assert_eq!(sent[0]["final_newline"], json!(false));
        assert_eq!(&super::super::read_edits(sent.clone()).unwrap(), edits);
    }

    #[test]
    fn a_match_carries_its_differences_only_when_it_has_some() {
        let file = "def f(a, b):\n    total = compute_the_sum(a, b)\n    return total\n";
        let edit = Edit::new(
            "total = compute_the_sum(a, c)",
            "total = compute_the_sum(a, c) + 1",
        );
        let out = crate::apply(file, &edit).unwrap();
        let v = match_value(&out.matches[0]);
        assert_eq!(v["strategy"], "typo_line");
        assert_eq!(
            v["differences"],
            json!([{"line": 2, "file": ["    total = compute_the_sum(a, b)"], "old": ["total = compute_the_sum(a, c)"]}])
        );
        assert_eq!(v["differences_total"], 1);
        let edit = Edit::new("def f(a, b):\n  return total", "def f(a, b):\n  return 0");
        let file = "def f(a, b):\n    return total\n";
        let out = crate::apply(file, &edit).unwrap();
        let v = match_value(&out.matches[0]);
        assert_eq!(v["strategy"], "indentation");
        assert!(
            v.get("differences").is_none() && v.get("differences_total").is_none(),
            "{v}"
        );
        assert_eq!(v["start_line"], 1);
    }

    #[test]
    fn a_refusal_carries_its_kind_message_and_edit() {
        let failed =
            crate::apply_edits("a\na\n", &[Edit::new("a", "b")], crate::Mode::Atomic).unwrap_err();
        let v = error_value(&failed.failures[0].error, Some(0));
        assert_eq!(v["kind"], "ambiguous");
        assert_eq!(v["edit"], 0);
        assert!(
            v["message"].as_str().unwrap().contains("replace_all"),
            "{v}"
        );
    }
}
