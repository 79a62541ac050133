//! Output for programs: results and errors as JSON values. `apply --json` and the pipe share
//! the shapes of a match, an engine error and the optional `sequential`/`failures` fields, so a
//! program reads both the same way.

use fuzzy_edit::fs::EditFilesError;
use fuzzy_edit::{Applied, EditError, Vocabulary};
use serde_json::{json, Value};

use crate::commands::apply::Outcome;
use crate::error::Error;

/// An outcome: `{"ok": true, "dry_run": ..., "files": [{"path", "action", "diff", "matches",
/// ...}]}`.
pub fn outcome(outcome: &Outcome) -> Value {
    let files: Vec<Value> = outcome
        .files
        .iter()
        .map(|f| {
            let mut v = json!({
                "path": f.path.to_string_lossy(),
                "action": f.action.as_str(),
                "diff": f.diff(),
            });
            if let Some(a) = &f.applied {
                v["matches"] = json!(a.matches);
                add_sequential_and_failures(&mut v, a, &Vocabulary::CLI);
            }
            v
        })
        .collect();
    json!({ "ok": true, "dry_run": outcome.dry_run, "files": files })
}

/// Why the run stopped: `{"ok": false, "error": {"kind": "refused" | "error", "message": ...}}`,
/// with the engine's errors as `detail` when it refused a file's edits.
pub fn error(error: &Error, message: String) -> Value {
    let kind = if error.is_refusal() {
        "refused"
    } else {
        "error"
    };
    let mut v = json!({"ok": false, "error": {"kind": kind, "message": message}});
    if let Error::Edit(EditFilesError::Refused { path, failed }) = error {
        v["error"]["detail"] = json!({
            "path": path.to_string_lossy(),
            "errors": failed.failures.iter().map(|f| edit_error(&f.error, Some(f.edit), &Vocabulary::CLI)).collect::<Vec<_>>(),
        });
    }
    v
}

/// Add to an answer what only some results have: `sequential`, and the edits that failed (their
/// messages in `words`).
pub fn add_sequential_and_failures(v: &mut Value, applied: &Applied, words: &Vocabulary) {
    if applied.sequential {
        v["sequential"] = json!(true);
    }
    if !applied.failures.is_empty() {
        v["failures"] = applied
            .failures
            .iter()
            .map(|f| edit_error(&f.error, Some(f.edit), words))
            .collect();
    }
}

/// An engine error: its fields, `kind`, a `message` for the model in the front end's `words`,
/// and the edit's index.
pub fn edit_error(error: &EditError, edit: Option<usize>, words: &Vocabulary) -> Value {
    let mut v = serde_json::to_value(error).unwrap_or_else(|_| json!({}));
    v["kind"] = json!(error.kind());
    v["message"] = json!(error.message(words));
    if let Some(i) = edit {
        v["edit"] = json!(i);
    }
    v
}
