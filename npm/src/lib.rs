//! The native side of the `fuzzy-edit` npm package: the Rust engine as a few functions that take
//! plain JavaScript values and answer plain objects.
//!
//! As in the Python extension, the boundary is narrow on purpose: strings and small option
//! objects go in; results and refusals come back as JSON-shaped objects with the field names of
//! the pipe's answers (`kind`, `message`, `closest`, `candidates`, `start_line`, ...: docs/json.md),
//! built by [`json`]. The JavaScript layer (`index.js`) adds the idioms: the throwing `apply`,
//! the `FuzzyEditError` class, the adapters. Each engine call has an `...Async` twin that runs on
//! libuv's thread pool (a napi `AsyncTask`), so a large file does not block the event loop.

use napi::bindgen_prelude::*;
use napi_derive::napi;
use serde_json::Value;

use fuzzy_edit::format::{self, Format};

pub mod files;
pub mod json;
pub mod lines;
pub mod request;
pub mod snippet;

use json::Report;
use request::{ApplyOptions, ApplyRequest, EditInput};

/// The version of the engine (the crate's version).
#[napi]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Apply `edits` to `content` as one transaction: `{text, matches, failures, sequential,
/// warnings}`, `text` null when nothing was applied. Bad options throw; refusals are reported.
#[napi]
pub fn apply_edits(
    content: String,
    edits: Vec<EditInput>,
    options: Option<ApplyOptions>,
) -> Result<Value> {
    Ok(ApplyRequest::new(content, edits, options)?.run())
}

/// [`apply_edits`] off the event loop.
#[napi]
pub fn apply_edits_async(
    content: String,
    edits: Vec<EditInput>,
    options: Option<ApplyOptions>,
) -> Result<AsyncTask<ApplyRequest>> {
    Ok(AsyncTask::new(ApplyRequest::new(content, edits, options)?))
}

impl Task for ApplyRequest {
    type Output = Value;
    type JsValue = Report;

    fn compute(&mut self) -> Result<Value> {
        Ok(self.run())
    }

    fn resolve(&mut self, _env: Env, output: Value) -> Result<Report> {
        Ok(Report(output))
    }
}

/// Parse a model's answer in any supported edit format (or the one named): `{ok: true, format,
/// format_name, changes, repaired, notes}` or `{ok: false, error}`.
#[napi]
pub fn parse(text: String, format: Option<String>) -> Result<Value> {
    let format = format.as_deref().map(format_named).transpose()?;
    let parsed = match format {
        Some(f) => format::parse_as(&text, f),
        None => format::parse(&text),
    };
    Ok(fuzzy_edit::protocol::parsed_value(parsed))
}

fn format_named(name: &str) -> Result<Format> {
    fuzzy_edit::protocol::format_named(name).map_err(|m| Error::new(Status::InvalidArg, m))
}

// Lazy snippets (`new` eliding unchanged code) and line-addressed edits are being added to the
// engine separately; once merged, their entry points join here beside `apply_edits`, taking
// their inputs through `request.rs` and answering through `json.rs` like it.

/// A unified diff (3 lines of context) from `before` to `after`, the file named `path`.
#[napi]
pub fn unified_diff(before: String, after: String, path: Option<String>) -> String {
    fuzzy_edit::unified_diff(&before, &after, path.as_deref().unwrap_or("code"))
}
