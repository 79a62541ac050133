//! The engine's results as JSON for the Python layer.
//!
//! Built field by field rather than by serializing the library's structs wholesale, so a
//! refactor of those structs changes one function here, not the Python API. Refusals do go
//! through serde (`EditError` is tagged by `kind`): their details are exactly what the library
//! chose to expose, and new kinds reach Python without a change here.

use fuzzy_edit::format::{FileOp, ParseError, Parsed};
use fuzzy_edit::{Applied, EditError, Failed, Failure, Match};
use serde_json::{json, Value};

/// The name of the strategy that found a match. The one place that knows how the library
/// represents it (a `&'static str` today; an enum with `Display` would only change this line).
pub fn strategy_name(m: &Match) -> String {
    m.strategy.to_string()
}

fn match_value(m: &Match) -> Value {
    json!({
        "edit": m.edit,
        "strategy": strategy_name(m),
        "score": m.score,
        "start_line": m.start_line,
        "end_line": m.end_line,
    })
}

/// A refusal: `kind`, `message` (the model-facing feedback), `edit` (0-based index, when the
/// error belongs to one edit of a list) and every structured detail the library serializes.
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

fn failure_value(f: &Failure) -> Value {
    error_value(&f.error, Some(f.edit))
}

/// `(text, report)` for `apply_edits`: the text is `None` when nothing was applied.
pub fn applied_report(result: Result<Applied, Failed>) -> (Option<String>, String) {
    match result {
        Ok(applied) => {
            let report = json!({
                "matches": applied.matches.iter().map(match_value).collect::<Vec<_>>(),
                "failures": applied.failures.iter().map(failure_value).collect::<Vec<_>>(),
                "sequential": applied.sequential,
                "warnings": applied.warnings,
            });
            (Some(applied.text), report.to_string())
        }
        Err(failed) => {
            let report = json!({
                "matches": [],
                "failures": failed.failures.iter().map(failure_value).collect::<Vec<_>>(),
                "sequential": false,
                "warnings": [],
            });
            (None, report.to_string())
        }
    }
}

fn parse_error_value(e: &ParseError) -> Value {
    let mut v = serde_json::to_value(e).unwrap_or_else(|_| json!({}));
    if !v.is_object() {
        v = json!({});
    }
    v["message"] = json!(e.to_string());
    v["line"] = json!(e.line());
    v
}

/// The parse result: `{"ok": true, "format", "changes": [{"path", "op", "edits"|"content",
/// "move_to"}], "repaired", "notes"}` or `{"ok": false, "error": {...}}`.
pub fn parsed_report(result: Result<Parsed, ParseError>) -> String {
    let v = match result {
        Err(e) => json!({"ok": false, "error": parse_error_value(&e)}),
        Ok(parsed) => {
            let changes: Vec<Value> = parsed
                .changes
                .iter()
                .map(|c| {
                    let mut v = json!({"path": c.path, "move_to": c.move_to});
                    match &c.op {
                        FileOp::Edit(edits) => {
                            v["op"] = json!("edit");
                            v["edits"] = edits
                                .iter()
                                .map(|e| {
                                    json!({
                                        "old": e.old,
                                        "new": e.new,
                                        "replace_all": e.replace_all,
                                        "anchor": e.anchor,
                                    })
                                })
                                .collect();
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
    };
    v.to_string()
}
