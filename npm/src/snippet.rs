//! Lazy snippets for the npm package: [`apply_snippet`] merges one into a text
//! (`fuzzy_edit::apply_snippet`), [`verify_snippet`] checks a merge made elsewhere, by an apply
//! model, against the original and the snippet (`fuzzy_edit::snippet::verify_snippet`).

use napi_derive::napi;
use serde_json::{json, Value};

/// The engine's options for a text named `name` (its language for the syntax guard, its
/// comment conventions); the defaults without a name.
fn options(name: Option<&str>) -> fuzzy_edit::Options {
    match name {
        Some(n) => fuzzy_edit::fs::EditOptions::default()
            .engine(fuzzy_edit::Mode::Atomic, std::path::Path::new(n)),
        None => fuzzy_edit::Options::default(),
    }
}

/// Merge `snippet` into `content`: the report of `applyEdits` (`text` null and the refusal, kind
/// `snippet_unplaced`, in `failures` when a piece cannot be placed).
#[napi]
pub fn apply_snippet(content: String, snippet: String, name: Option<String>) -> Value {
    let applied = fuzzy_edit::apply_snippet(&content, &snippet, &options(name.as_deref()))
        .map_err(|error| fuzzy_edit::Failed::of_snippet(error, &snippet));
    crate::json::applied_report(applied)
}

/// Check `merged`, a merge of `snippet` into `original` made elsewhere: `{ok: true}` or `{ok:
/// false, message, findings, findings_total}` (docs/snippets.md).
#[napi]
pub fn verify_snippet(
    original: String,
    snippet: String,
    merged: String,
    name: Option<String>,
) -> Value {
    match fuzzy_edit::snippet::verify_snippet(
        &original,
        &snippet,
        &merged,
        &options(name.as_deref()),
    ) {
        Ok(()) => json!({"ok": true}),
        Err(u) => json!({
            "ok": false,
            "message": u.to_string(),
            "findings": u.findings,
            "findings_total": u.total,
        }),
    }
}
