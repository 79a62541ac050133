//! The pipe's requests for line-addressed edits (docs/line-refs.md), kept apart from the
//! search/replace request reader: a read (`{"read": "path"}` or `{"read": true, "content":
//! "..."}`, with `"hashes": true` and `"lines": "A:B"`) answers the lines as a hashline read
//! shows them; `{"path" | "content", "line_edits": [...]}` applies edits by `LINE#ID`.

use std::path::Path;

use fuzzy_edit::fs::{self, EditOptions, Op};
use fuzzy_edit::line_refs::{self, LineEdit};
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::{Language, Mode, SyntaxPolicy};
use serde::Deserialize;
use serde_json::{json, Value};

use super::pipe_answer::{bad_request, edit_file_with, options, success};
use super::pipe_request::{Request, Return, Target};
use crate::render::json as answer_json;

/// The fields a read or line-edit request takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fields {
    id: Option<Value>,
    /// A read: the path (or `true` with `content`).
    read: Option<Value>,
    #[serde(default)]
    hashes: bool,
    lines: Option<String>,
    content: Option<String>,
    name: Option<String>,
    #[serde(alias = "file_path")]
    path: Option<String>,
    line_edits: Option<Vec<LineEdit>>,
    #[serde(default)]
    line_numbers: bool,
    #[serde(default)]
    dry_run: bool,
    language: Option<String>,
    #[serde(default)]
    syntax: SyntaxPolicy,
    #[serde(default, rename = "return")]
    returns: Return,
}

/// The answer, when `line` (read as `value`) is a read or line-edit request: an object with
/// `read` or `line_edits`, the name written plainly in the line. Otherwise `value` comes back.
pub(super) fn answer(
    line: &str,
    value: serde_json::Result<Value>,
) -> Result<Value, serde_json::Result<Value>> {
    let value = match value {
        Ok(Value::Object(obj))
            if (obj.contains_key("read") || obj.contains_key("line_edits"))
                && (line.contains("\"read\"") || line.contains("\"line_edits\"")) =>
        {
            Value::Object(obj)
        }
        other => return Err(other),
    };
    let id = value.get("id").cloned();
    let fields: Fields = match serde_json::from_value(value) {
        Ok(f) => f,
        Err(e) => return Ok(bad_request(id, &format!("{e}. A read is {{\"read\": \"path\", \"hashes\": true, \"lines\": \"A:B\"}}; line edits are {{\"path\": \"file\", \"line_edits\": [{{\"op\": \"replace\", \"pos\": \"12#VK\", \"lines\": [\"...\"]}}]}} (docs/line-refs.md)."))),
    };
    let mut v = if fields.read.is_some() {
        read(&fields)
    } else {
        edit(&fields)
    };
    if let Some(id) = fields.id {
        v["id"] = id;
    }
    Ok(v)
}

/// A read request's answer: `result` and `lines_total`.
fn read(f: &Fields) -> Value {
    let range = match f.lines.as_deref().map(line_refs::parse_range) {
        Some(None) => return bad_request(
            None,
            "\"lines\" is not a range of lines: send \"A:B\" (1-based, A <= B), \"A:\" or \":B\"",
        ),
        Some(r) => r,
        None => None,
    };
    let text = match (&f.read, &f.content) {
        (Some(Value::String(path)), None) => match fs::read_text(Path::new(path), &EditOptions::default()) {
            Ok(text) => text,
            Err(e) => {
                let message = e.message(&Vocabulary::PIPE);
                return answer_json::failure(answer_json::file_error(&e, message));
            }
        },
        (Some(Value::Bool(true)), Some(content)) => content.clone(),
        _ => return bad_request(None, "a read names a file (\"read\": \"path\"), or reads \"content\" (\"read\": true, \"content\": \"...\")"),
    };
    let result = if f.hashes {
        line_refs::read_with_hashes(&text, range)
    } else {
        let (first, last) = range.unwrap_or((1, usize::MAX));
        text.split_inclusive('\n')
            .skip(first - 1)
            .take(last.saturating_sub(first).saturating_add(1))
            .collect()
    };
    let total = line_refs::count_lines(&text);
    let mut v = answer_json::success(json!({}));
    v["result"] = json!(result);
    v["lines_total"] = json!(total);
    v
}

/// A line-edit request's answer, as a search/replace request's.
fn edit(f: &Fields) -> Value {
    let edits = f.line_edits.clone().unwrap_or_default();
    if edits.is_empty() {
        return bad_request(None, "\"line_edits\" is empty: there are no edits to apply");
    }
    let target = match (&f.path, &f.content) {
        (Some(path), None) => Target::Path(path.clone()),
        (None, Some(text)) => Target::Content {
            text: text.clone(),
            name: f.name.clone().unwrap_or_else(|| "content".into()),
        },
        _ => {
            return bad_request(
                None,
                "line edits need \"path\" (a file) or \"content\" (a text), one of them",
            )
        }
    };
    let language = match f.language.as_deref().map(str::parse::<Language>) {
        None => None,
        Some(Ok(language)) => Some(language),
        Some(Err(e)) => return bad_request(None, &format!("\"language\": {e}")),
    };
    let request = Request {
        id: None,
        target,
        edits: Vec::new(),
        mode: Mode::Atomic,
        dry_run: f.dry_run,
        in_place: false,
        write_read_only: false,
        expect_mtime: None,
        expect_sha256: None,
        language,
        syntax: f.syntax,
        time_limit_ms: None,
        lock_wait_ms: None,
        snippet: None,
        hashes: f.hashes,
        merged: None,
        returns: f.returns,
    };
    match &request.target {
        Target::Content { text, name } => {
            let mut engine = options(&request).engine(Mode::Atomic, Path::new(name));
            engine.line_numbers = f.line_numbers;
            match line_refs::apply_line_edits(text, &edits, &engine) {
                Ok(applied) => success(text, applied, name, request.returns, true),
                Err(error) => {
                    let failed = line_refs::failed(error);
                    answer_json::failure(answer_json::refusal(
                        &failed,
                        failed.message(&Vocabulary::PIPE),
                        None,
                        &Vocabulary::PIPE,
                    ))
                }
            }
        }
        Target::Path(path) => edit_file_with(
            Path::new(path),
            Op::LineEdits(edits),
            &request,
            f.line_numbers,
        ),
    }
}
