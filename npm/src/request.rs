//! What one call asks: the edits, the mode, and the limits the pipe has (`timeLimitMs`, the
//! request's size), checked before the engine runs.

use std::path::Path;
use std::time::{Duration, Instant};

use fuzzy_edit::{apply_with, Edit, Language, Mode, Options, SyntaxPolicy};
use napi::bindgen_prelude::*;
use napi_derive::napi;
use serde_json::{json, Value};

use crate::json;

/// The pipe's default limit on a request (`fuzzy-edit pipe --max-request-bytes`, 64 MiB): far
/// beyond any file a model edits, far below what exhausts memory.
pub const DEFAULT_MAX_REQUEST_BYTES: u64 = 64 * 1024 * 1024;

/// One edit: `old` to find, `new` to write in its place.
#[napi(object)]
pub struct EditInput {
    pub old: String,
    pub new: String,
    /// Replace every occurrence instead of requiring exactly one.
    pub replace_all: Option<bool>,
    /// Text occurring once before the occurrence meant.
    pub anchor: Option<String>,
}

/// How to apply: the options of the pipe's requests, camelCased.
#[napi(object)]
#[derive(Default)]
pub struct ApplyOptions {
    /// `"atomic"` (default: all edits or none) or `"partial"` (what succeeds).
    pub mode: Option<String>,
    /// Give up finding the edits after this many milliseconds (`too_complex`, nothing changed).
    pub time_limit_ms: Option<f64>,
    /// Refuse a request (the text plus every edit's strings) over this many bytes, UTF-8
    /// (`request_too_large`); default 64 MiB as the pipe.
    pub max_request_bytes: Option<f64>,
    /// `"auto"` (default), `"strict"`, `"warn"` or `"off"`: what an edit that adds a syntax
    /// error gets.
    pub syntax: Option<String>,
    /// The language to check the result's syntax in (default: from `name`'s extension).
    pub language: Option<String>,
    /// The file's name: its extension tells the language, whether it is prose, its conventions.
    pub name: Option<String>,
}

/// The checked parts of [`ApplyOptions`], shared with the file functions.
pub struct Limits {
    pub mode: Mode,
    pub syntax: SyntaxPolicy,
    pub language: Option<Language>,
    pub deadline: Option<Instant>,
    pub max_request_bytes: u64,
}

fn invalid(message: String) -> Error {
    Error::new(Status::InvalidArg, message)
}

/// A non-negative whole number of a JavaScript option.
fn whole(value: f64, name: &str) -> Result<u64> {
    if value.is_finite() && value >= 0.0 && value.fract() == 0.0 {
        Ok(value as u64)
    } else {
        Err(invalid(format!(
            "{name} must be a non-negative whole number, not {value}"
        )))
    }
}

impl Limits {
    /// Check the options; the deadline counts from now.
    pub fn new(
        mode: Option<&str>,
        syntax: Option<&str>,
        language: Option<&str>,
        time_limit_ms: Option<f64>,
        max_request_bytes: Option<f64>,
    ) -> Result<Limits> {
        let mode = fuzzy_edit::protocol::mode_named(mode.unwrap_or("atomic")).map_err(invalid)?;
        let syntax = match syntax.unwrap_or("auto") {
            "auto" => SyntaxPolicy::Auto,
            "strict" => SyntaxPolicy::Strict,
            "warn" => SyntaxPolicy::Warn,
            "off" => SyntaxPolicy::Off,
            other => {
                return Err(invalid(format!(
                    "syntax must be \"auto\", \"strict\", \"warn\" or \"off\", not {other:?}"
                )))
            }
        };
        let language = language
            .map(|l| l.parse::<Language>())
            .transpose()
            .map_err(|e| invalid(format!("language: {e}")))?;
        let deadline = time_limit_ms
            .map(|ms| whole(ms, "timeLimitMs"))
            .transpose()?
            .map(|ms| Instant::now() + Duration::from_millis(ms));
        let max_request_bytes = max_request_bytes
            .map(|b| whole(b, "maxRequestBytes"))
            .transpose()?
            .unwrap_or(DEFAULT_MAX_REQUEST_BYTES);
        Ok(Limits {
            mode,
            syntax,
            language,
            deadline,
            max_request_bytes,
        })
    }

    /// The refusal of a request of `len` bytes over the limit, or `None`.
    pub fn too_large(&self, len: u64) -> Option<Value> {
        (len > self.max_request_bytes).then(|| {
            json!({
                "kind": "request_too_large",
                "message": format!(
                    "the request is {len} bytes, over the limit of {} bytes; nothing was applied. Send a smaller request, or raise maxRequestBytes.",
                    self.max_request_bytes
                ),
            })
        })
    }
}

/// The engine's edits, and their size in bytes.
pub fn to_edits(edits: Vec<EditInput>) -> (Vec<Edit>, u64) {
    let mut bytes = 0u64;
    let edits = edits
        .into_iter()
        .map(|e| {
            bytes += (e.old.len() + e.new.len() + e.anchor.as_ref().map_or(0, String::len)) as u64;
            let edit = Edit::new(e.old, e.new).replace_all(e.replace_all.unwrap_or(false));
            // An empty anchor means none, as DiffCoder's JSON writes it.
            match e.anchor.filter(|a| !a.trim().is_empty()) {
                Some(a) => edit.anchor(a),
                None => edit,
            }
        })
        .collect();
    (edits, bytes)
}

/// One `applyEdits` call, checked and ready to run (here or on the thread pool).
pub struct ApplyRequest {
    content: String,
    edits: Vec<Edit>,
    options: Options,
    refusal: Option<Value>,
}

impl ApplyRequest {
    pub fn new(
        content: String,
        edits: Vec<EditInput>,
        options: Option<ApplyOptions>,
    ) -> Result<ApplyRequest> {
        let o = options.unwrap_or_default();
        let limits = Limits::new(
            o.mode.as_deref(),
            o.syntax.as_deref(),
            o.language.as_deref(),
            o.time_limit_ms,
            o.max_request_bytes,
        )?;
        let (edits, edit_bytes) = to_edits(edits);
        let refusal = limits.too_large(content.len() as u64 + edit_bytes);
        // A text without a name is checked only in the language given, as the pipe does.
        let name = o.name.unwrap_or_default();
        let path = Path::new(&name);
        let options = Options {
            mode: limits.mode,
            syntax: limits.syntax,
            language: limits.language.or_else(|| Language::from_path(path)),
            deadline: limits.deadline,
            prose: fuzzy_edit::protocol::is_prose(path),
            conventions: fuzzy_edit::Conventions::from_path(path),
            line_numbers: false,
        };
        Ok(ApplyRequest {
            content,
            edits,
            options,
            refusal,
        })
    }

    /// The engine's answer as the report object.
    pub fn run(&self) -> Value {
        if let Some(refusal) = &self.refusal {
            return json::refused_report(vec![refusal.clone()]);
        }
        json::applied_report(apply_with(&self.content, &self.edits, &self.options))
    }
}
