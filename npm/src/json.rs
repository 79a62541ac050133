//! The engine's results as JSON-shaped values, with the field names of the pipe's answers
//! (docs/json.md, docs/schema/), which napi hands to JavaScript as plain objects.
//!
//! Built field by field rather than by serializing the library's structs wholesale, so a
//! refactor of those structs changes one function here, not the JavaScript API. Refusals do go
//! through serde (`EditError` is tagged by `kind`): their details (`closest`, `candidates`,
//! ...) are exactly what the library chose to expose, and new kinds reach JavaScript unchanged.

use fuzzy_edit::format::{FileOp, ParseError, Parsed};
use fuzzy_edit::{Applied, EditError, Failed, Failure, Match};
use napi::bindgen_prelude::{sys, ToNapiValue, TypeName, ValueType};
use serde_json::{json, Value};

/// A report handed to JavaScript: a plain object, from an `AsyncTask` as from a direct call
/// (a task's value must name its JavaScript type, which `serde_json::Value` does not).
pub struct Report(pub Value);

impl TypeName for Report {
    fn type_name() -> &'static str {
        "Object"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ToNapiValue for Report {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        // SAFETY: called by napi with its own live `env`, as `Value`'s conversion expects.
        unsafe { Value::to_napi_value(env, val.0) }
    }
}

/// A report lists at most this many matches, the first in text order; `matches_total` says how
/// many replacements were made. The pipe's figure (`MAX_MATCHES_LISTED`): a `replace_all` over
/// a million lines would otherwise build a million objects (napi refuses a value of more than
/// a million JSON nodes).
pub const MAX_MATCHES_LISTED: usize = 1000;

fn match_value(m: &Match) -> Value {
    json!({
        "edit": m.edit,
        "strategy": m.strategy.to_string(),
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

/// The refusals of a transaction that applied nothing.
pub fn failures(failed: &Failed) -> Vec<Value> {
    failed.failures.iter().map(failure_value).collect()
}

/// The report of `applyEdits`: `{text, matches, failures, sequential, warnings}`, `text` null
/// when nothing was applied.
pub fn applied_report(result: Result<Applied, Failed>) -> Value {
    match result {
        Ok(applied) => applied_value(applied),
        Err(failed) => refused_report(failures(&failed)),
    }
}

/// [`applied_report`] of a success, taking the text without a copy.
pub fn applied_value(applied: Applied) -> Value {
    json!({
        "matches": applied.matches.iter().take(MAX_MATCHES_LISTED).map(match_value).collect::<Vec<_>>(),
        "matches_total": applied.matches.len(),
        "failures": applied.failures.iter().map(failure_value).collect::<Vec<_>>(),
        "sequential": applied.sequential,
        "warnings": applied.warnings,
        "text": applied.text,
    })
}

/// The report of a request that applied nothing.
pub fn refused_report(failures: Vec<Value>) -> Value {
    json!({
        "text": null,
        "matches": [],
        "matches_total": 0,
        "failures": failures,
        "sequential": false,
        "warnings": [],
    })
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

/// The parse result: `{ok: true, format, format_name, changes: [{path, op, edits|content,
/// move_to}], repaired, notes}` or `{ok: false, error: {...}}`.
pub fn parsed_report(result: Result<Parsed, ParseError>) -> Value {
    match result {
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
    }
}
