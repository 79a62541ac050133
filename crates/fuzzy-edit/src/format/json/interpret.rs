//! What a [JSON edit](super) value means: the edits, file creations and wrappers it holds,
//! found by walking it; or a message saying what is missing and where (`$.edits[1]`).

use serde_json::{Map, Value};

use crate::format::{FileChange, FileOp};
use crate::protocol::fields::{
    type_name as kind, ANCHOR, CONTENT, EDITS, NEW, OLD, PATH, REPLACE_ALL,
};
use crate::Edit;

/// A line edit's operations ([`crate::line_refs::LineEdit`]).
const LINE_OPS: [&str; 3] = ["replace", "append", "prepend"];
/// The `op` of a change in a parse answer (`protocol::parsed_value`), which a caller may send
/// back as it was.
const ANSWER_OPS: [&str; 2] = ["edit", "create"];

/// The keys a tool call wraps its arguments in (`{"name", "arguments": {…}}`).
const WRAPPER_KEYS: [&str; 5] = ["arguments", "input", "parameters", "args", "function"];

pub(super) fn interpret(value: &Value) -> Result<Vec<FileChange>, String> {
    let mut out = Vec::new();
    walk(value, None, "the JSON", &mut out)?;
    if out.is_empty() {
        return Err("the JSON holds no edits.".into());
    }
    Ok(out)
}

fn first<'a>(
    obj: &'a Map<String, Value>,
    keys: &[&'static str],
) -> Option<(&'static str, &'a Value)> {
    keys.iter()
        .find_map(|k| obj.get(*k).filter(|v| !v.is_null()).map(|v| (*k, v)))
}

fn walk(
    value: &Value,
    path: Option<&str>,
    loc: &str,
    out: &mut Vec<FileChange>,
) -> Result<(), String> {
    let obj = match value {
        Value::Array(items) => {
            if items.is_empty() {
                return Err(format!("{loc} is an empty list: there are no edits in it."));
            }
            for (i, item) in items.iter().enumerate() {
                walk(item, path, &format!("{}[{i}]", short(loc)), out)?;
            }
            return Ok(());
        }
        Value::Object(obj) => obj,
        other => {
            return Err(format!(
                "{loc} is {}, not an edit object. Send {{\"file_path\": \"path\", \"old_string\": \"exact text\", \"new_string\": \"replacement\"}} or a list of such objects.",
                kind(other)
            ))
        }
    };
    let path = match first(obj, PATH) {
        Some((_, Value::String(p))) => Some(p.as_str()),
        Some((k, v)) => return Err(format!("{loc}: \"{k}\" must be a string, not {}.", kind(v))),
        None => path,
    };
    if let Some((key, list)) = first(obj, EDITS) {
        return match list {
            Value::Array(items) if items.is_empty() => Err(format!(
                "\"{key}\" in {loc} is empty: there are no edits to apply."
            )),
            Value::Array(_) => walk(list, path, &format!("{}.{key}", short(loc)), out),
            v => Err(format!(
                "\"{key}\" in {loc} must be a list of edits, not {}.",
                kind(v)
            )),
        };
    }
    if let Some(op) = obj.get("op") {
        // An `op` names a line edit's operation (or, in a parse answer fed back, the change's):
        // any other is refused by name, not read as some other kind of edit.
        let known = matches!(op, Value::String(op) if [LINE_OPS.as_slice(), &ANSWER_OPS].concat().contains(&op.as_str()));
        if !known {
            return Err(format!(
                "{loc}: \"op\" is {op}, which names no operation: a line edit's \"op\" is \"replace\", \"append\" or \"prepend\" ({{\"op\": \"replace\", \"pos\": \"12#VK\", \"lines\": [\"...\"]}}), and an edit of old_string/new_string takes no \"op\"."
            ));
        }
    }
    if let Some(Value::String(op)) = obj.get("op") {
        if LINE_OPS.contains(&op.as_str()) {
            let edit: crate::line_refs::LineEdit = serde_json::from_value(value.clone())
                .map_err(|e| format!("{loc} is a line edit that cannot be read: {e}. Send {{\"op\": \"replace\", \"pos\": \"12#VK\", \"end\": \"14#QX\", \"lines\": [\"...\"]}} with references copied from a read with hashes."))?;
            out.push(FileChange {
                path: path.map(str::to_string),
                op: FileOp::LineEdits(vec![edit]),
                move_to: None,
            });
            return Ok(());
        }
    }
    if first(obj, OLD).is_some() || first(obj, NEW).is_some() {
        let edit = edit_of(obj, loc)?;
        out.push(FileChange {
            path: path.map(str::to_string),
            op: FileOp::Edit(vec![edit]),
            move_to: None,
        });
        return Ok(());
    }
    if let Some((key, inner)) = first(obj, &WRAPPER_KEYS) {
        let loc = format!("{}.{key}", short(loc));
        return match inner {
            Value::String(s) => {
                let v: Value = serde_json::from_str(s)
                    .map_err(|e| format!("{loc} is a string that is not valid JSON ({e}); send the arguments as an object."))?;
                walk(&v, path, &loc, out)
            }
            v => walk(v, path, &loc, out),
        };
    }
    if let (Some(p), Some((key, content))) = (path, first(obj, CONTENT)) {
        let Value::String(content) = content else {
            return Err(format!(
                "{loc}: \"{key}\" must be a string, not {}.",
                kind(content)
            ));
        };
        out.push(FileChange {
            path: Some(p.to_string()),
            op: FileOp::Create(content.clone()),
            move_to: None,
        });
        return Ok(());
    }
    let keys: Vec<String> = obj.keys().map(|k| format!("\"{k}\"")).collect();
    Err(format!(
        "{loc} is not an edit: it has none of \"old_string\"/\"new_string\", \"modifications\" or \"edits\" (its keys: {}). Each edit needs \"old_string\" (the exact text to replace) and \"new_string\" (its replacement).",
        if keys.is_empty() { "none".to_string() } else { keys.join(", ") }
    ))
}

fn edit_of(obj: &Map<String, Value>, loc: &str) -> Result<Edit, String> {
    let string = |keys: &[&'static str], role: &str| -> Result<Option<String>, String> {
        match first(obj, keys) {
            None => Ok(None),
            Some((_, Value::String(s))) => Ok(Some(s.clone())),
            Some((k, v)) => Err(format!(
                "{loc}: \"{k}\" ({role}) must be a string, not {}.",
                kind(v)
            )),
        }
    };
    let old = string(OLD, "the text to replace")?;
    let new = string(NEW, "the replacement")?;
    let (old, new) = match (old, new) {
        (Some(o), Some(n)) => (o, n),
        (None, _) => return Err(format!(
            "{loc} has a new_string but no \"old_string\": add \"old_string\" with the exact text to replace. To create a file, send {{\"file_path\": \"path\", \"content\": \"...\"}}."
        )),
        (_, None) => return Err(format!(
            "{loc} has an old_string but no \"new_string\": add \"new_string\" with the replacement (\"\" deletes the text)."
        )),
    };
    let replace_all = match first(obj, REPLACE_ALL) {
        None => false,
        Some((_, Value::Bool(b))) => *b,
        Some((_, Value::String(s))) if s == "true" || s == "false" => s == "true",
        Some((k, v)) => {
            return Err(format!(
                "{loc}: \"{k}\" must be true or false, not {}.",
                kind(v)
            ))
        }
    };
    let anchor = match first(obj, ANCHOR) {
        None => None,
        Some((_, Value::String(s))) if s.trim().is_empty() => None,
        Some((_, Value::String(s))) => Some(s.clone()),
        Some((k, v)) => return Err(format!("{loc}: \"{k}\" must be a string, not {}.", kind(v))),
    };
    Ok(Edit {
        old,
        new,
        replace_all,
        anchor,
        near_line: None,
        near_context: None,
        final_newline: None,
    })
}

fn short(loc: &str) -> &str {
    if loc == "the JSON" {
        "$"
    } else {
        loc
    }
}
