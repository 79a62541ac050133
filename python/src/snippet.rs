//! Lazy snippets beyond the merge: [`verify_snippet_json`] checks a merge made elsewhere (by an
//! apply model) against the original and the snippet (`fuzzy_edit::snippet::verify_snippet`).

use pyo3::prelude::*;
use serde_json::json;

/// Verify `merged` against `content` and `snippet`; `path` (optional) gives the language the
/// syntax check parses in and the comment conventions. JSON: `{"ok": true}` or `{"ok": false,
/// "message", "findings": [...], "findings_total"}`.
#[pyfunction]
#[pyo3(signature = (content, snippet, merged, path = None))]
pub fn verify_snippet_json(
    py: Python<'_>,
    content: String,
    snippet: String,
    merged: String,
    path: Option<String>,
) -> String {
    py.detach(move || {
        let options = match &path {
            Some(p) => fuzzy_edit::fs::EditOptions::default()
                .engine(fuzzy_edit::Mode::Atomic, std::path::Path::new(p)),
            None => fuzzy_edit::Options::default(),
        };
        let answer =
            match fuzzy_edit::snippet::verify_snippet(&content, &snippet, &merged, &options) {
                Ok(()) => json!({"ok": true}),
                Err(u) => json!({
                    "ok": false,
                    "message": u.to_string(),
                    "findings": u.findings,
                    "findings_total": u.total,
                }),
            };
        answer.to_string()
    })
}
