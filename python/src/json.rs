//! The engine's results as JSON for the Python layer: the report of an `apply_edits` call,
//! built from the values every binding shares ([`fuzzy_edit::protocol`]: a match, a refusal,
//! a parse result).

use fuzzy_edit::protocol::{error_value, match_value};
use fuzzy_edit::{Applied, Failed, Failure};
use serde_json::{json, Value};

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
