//! Line-addressed edits for JavaScript (docs/line-refs.md): `readHashes` shows a text with a
//! `LINE#ID` on every line; `applyLineEdits` applies edits that name their lines by those
//! references, all or none, and answers the report `applyEdits` answers plus `followed`.
//!
//! Edits cross as plain objects and are read by the library's own serde types, so the shapes
//! models are prompted with (`{op, pos, end, lines}`, `lines` as an array or one string) are
//! accepted exactly as by the pipe and the MCP server.

use std::path::Path;

use fuzzy_edit::line_refs::{self, LineEdit};
use fuzzy_edit::{Language, Options};
use napi::bindgen_prelude::*;
use napi_derive::napi;
use serde_json::{json, Value};

use crate::json;
use crate::request::Limits;

/// Options of `readHashes`.
#[napi(object)]
#[derive(Default)]
pub struct ReadHashesOptions {
    /// Only these lines: `"A:B"` (1-based, inclusive), `"A:"`, `":B"` or `"A"`.
    pub lines: Option<String>,
}

/// Options of `applyLineEdits`.
#[napi(object)]
#[derive(Default)]
pub struct LineEditOptions {
    /// Accept plain line numbers (`42`) without the ID that proves the model read the line.
    pub line_numbers: Option<bool>,
    /// `"auto"` (default), `"strict"`, `"warn"` or `"off"`: what an edit that adds a syntax
    /// error gets.
    pub syntax: Option<String>,
    /// The language to check the result's syntax in (default: from `name`'s extension).
    pub language: Option<String>,
    /// The file's name: its extension tells the language.
    pub name: Option<String>,
    /// Refuse a request (the text plus every edit) over this many bytes (default 64 MiB).
    pub max_request_bytes: Option<f64>,
}

/// `content` as a hashline read shows it: `{result, lines_total}`, `result` holding one
/// `{line}#{ID}|{text}` line per line of the text (or of `options.lines`).
#[napi]
pub fn read_hashes(content: String, options: Option<ReadHashesOptions>) -> Result<Value> {
    let range = match options.and_then(|o| o.lines) {
        None => None,
        Some(s) => Some(line_refs::parse_range(&s).ok_or_else(|| {
            Error::new(
                Status::InvalidArg,
                format!(
                    "lines must be a range \"A:B\" (1-based, A <= B), \"A:\" or \":B\", not {s:?}"
                ),
            )
        })?),
    };
    Ok(json!({
        "result": line_refs::read_with_hashes(&content, range),
        "lines_total": line_refs::count_lines(&content),
    }))
}

/// Apply line-addressed `edits` to `content`, all or none: the report of `applyEdits` (`text`
/// null when refused, refusals in `failures` with kind `stale_reference`, `overlapping_edits`,
/// `bad_reference`, ...) plus `followed`, the stale references followed to their lines. Edits
/// not in the expected shape throw.
#[napi]
pub fn apply_line_edits(
    content: String,
    edits: Value,
    options: Option<LineEditOptions>,
) -> Result<Value> {
    let o = options.unwrap_or_default();
    let limits = Limits::new(
        None,
        o.syntax.as_deref(),
        o.language.as_deref(),
        None,
        o.max_request_bytes,
    )?;
    let edits = to_line_edits(edits, "edits")?;
    let edit_bytes: usize = edits.iter().flat_map(|e| &e.lines).map(String::len).sum();
    if let Some(refusal) = limits.too_large((content.len() + edit_bytes) as u64) {
        return Ok(with_followed(json::refused_report(vec![refusal]), &[]));
    }
    let name = o.name.unwrap_or_default();
    let path = Path::new(&name);
    let engine = Options {
        syntax: limits.syntax,
        language: limits.language.or_else(|| Language::from_path(path)),
        conventions: fuzzy_edit::Conventions::from_path(path),
        prose: fuzzy_edit::protocol::is_prose(path),
        line_numbers: o.line_numbers.unwrap_or(false),
        ..Options::default()
    };
    Ok(
        match line_refs::apply_line_edits(&content, &edits, &engine) {
            Ok(applied) => {
                let followed = applied.followed.clone();
                with_followed(json::applied_value(applied), &followed)
            }
            Err(error) => with_followed(
                json::refused_report(json::failures(&line_refs::failed(error))),
                &[],
            ),
        },
    )
}

/// The line edits `edits` (named `what` in the error), or an error that says what to send.
pub(crate) fn to_line_edits(edits: Value, what: &str) -> Result<Vec<LineEdit>> {
    serde_json::from_value(edits).map_err(|e| {
        Error::new(
            Status::InvalidArg,
            format!("{what} are not line edits: {e}. Send an array of {{op: \"replace\" | \"append\" | \"prepend\", pos: \"12#VK\", end?: \"14#QX\", lines: [...]}}"),
        )
    })
}

fn with_followed(mut report: Value, followed: &[line_refs::Followed]) -> Value {
    report["followed"] = json!(followed);
    report
}
