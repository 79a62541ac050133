//! The engine's results as JSON-shaped values, with the field names of the pipe's answers
//! (docs/json.md, docs/schema/), which napi hands to JavaScript as plain objects.
//!
//! A match, a refusal and a parse result are the values every binding shares
//! ([`fuzzy_edit::protocol`]); the reports of `applyEdits` (with the listed matches bounded) are
//! built here.

use fuzzy_edit::protocol::{error_value, match_value};
use fuzzy_edit::{Applied, Failed, Failure};
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
