//! **JSON** edits: the shapes tool calls and structured outputs take.
//!
//! - DiffCoder: `{"analysis": "…", "modifications": [{"old_string", "new_string", "reason",
//!   "replace_all", "anchor"}], "summary": "…"}` (an empty `anchor` means none), or a bare
//!   array of such modifications;
//! - tool calls: `{"file_path", "old_string", "new_string", "replace_all"}` and arrays of
//!   them; `{"file_path", "edits": [...]}`; the MCP filesystem server's `{"path", "edits":
//!   [{"oldText", "newText"}]}`; `old_str`/`new_str`; a call wrapped as `{"name", "arguments"}`
//!   (arguments as an object or a JSON string); `{"file_path", "content"}` creates a file.
//!
//! The field names and their spellings are one table,
//! [`protocol::fields`](crate::protocol::fields), shared with the pipe and the MCP tools. Unknown
//! keys (`reason`, `analysis`) are ignored here: this reads a model's answer.
//!
//! Prose and markdown fences around the JSON are tolerated. Reading goes strict to loose:
//! `serde_json` on the whole input; then on each ```` ```json ```` fenced block, or else on
//! each balanced `{…}`/`[…]` (strings respected); only then a repair of those texts: raw
//! newlines, tabs and other control characters inside strings are escaped, trailing commas
//! removed, and an invalid escape such as `\d` gets its backslash doubled so the string keeps
//! the `\d` the code had. Valid escapes are never changed. A repair sets
//! [`Parsed::repaired`](super::Parsed::repaired) and says what it did in the notes.
//!
//! ```
//! use fuzzy_edit::format::{json, FileOp};
//! use fuzzy_edit::Edit;
//!
//! // Raw newlines in the strings (invalid JSON) and a regex the model did not escape.
//! let input = "```json\n{\"modifications\": [{\"old_string\": \"re = r'\\d+'\n\", \"new_string\": \"re = r'\\d*'\n\", \"anchor\": \"\"}]}\n```";
//! let parsed = json::parse(input).unwrap();
//! assert!(parsed.repaired);
//! assert_eq!(parsed.changes[0].path, None);
//! assert_eq!(parsed.changes[0].op, FileOp::Edit(vec![Edit::new("re = r'\\d+'\n", "re = r'\\d*'\n")]));
//! ```

use serde_json::Value;

use super::{Builder, FileChange, Format, ParseError, Parsed};

mod interpret;
mod text;
use interpret::interpret;
use text::{balanced_spans, fenced_blocks, line_of, offset_of, repair, syntax_error};

const F: Format = Format::Json;

/// Whether the input looks like JSON edits.
pub fn looks_like(input: &str) -> bool {
    let t = input.trim_start();
    t.starts_with('{')
        || t.starts_with('[')
        || input.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with("```json") || l.starts_with("```JSON")
        })
        || [
            "\"old_string\"",
            "\"modifications\"",
            "\"oldText\"",
            "\"old_str\"",
        ]
        .iter()
        .any(|k| input.contains(k))
}

/// Parse JSON edits (see the module docs).
pub fn parse(input: &str) -> Result<Parsed, ParseError> {
    let mut out = Builder::new(F);
    let trimmed = input.trim();
    if let Ok(value) = serde_json::from_str::<Value>(trimmed) {
        let changes = interpret(&value).map_err(|m| ParseError::invalid(F, m))?;
        return finish(out, vec![(value, changes)]);
    }
    let fences = fenced_blocks(input);
    let (spans, truncated) = if fences.is_empty() {
        balanced_spans(input)
    } else {
        (fences.clone(), None)
    };
    let (mut syntax, mut shape) = (None, None);
    let mut found = Vec::new();
    let mut last_start = None;
    for span in spans {
        let (value, fixes) = match read(input, span.clone()) {
            Ok(read) => read,
            Err(e) => {
                syntax.get_or_insert(e);
                continue;
            }
        };
        match interpret(&value) {
            Ok(changes) => {
                if let Some(fixes) = fixes {
                    out.repaired(format!(
                        "the JSON at line {} was invalid; repaired by {}",
                        line_of(input, span.start),
                        fixes.join(", ")
                    ));
                }
                last_start = Some(span.start);
                found.push((value, changes));
            }
            Err(m) => {
                shape.get_or_insert(ParseError::invalid(F, m));
            }
        }
    }
    // JSON cut off after the last text that was read: its edits would be lost.
    if let Some((at, e)) = truncated {
        if last_start.is_none_or(|s| s < at) {
            return Err(e);
        }
    }
    let error = syntax.or(shape);
    // A fenced block that does not read is an error even if others do, for the same reason.
    if found.is_empty() || found.len() < fences.len() {
        return Err(error.unwrap_or_else(|| {
            ParseError::invalid(
                F,
                "no JSON object or array found. Send the edits as JSON, e.g. {\"file_path\": \"path\", \"old_string\": \"exact text\", \"new_string\": \"replacement\"}.",
            )
        }));
    }
    if found.len() > 1 {
        out.note(format!(
            "read {} separate JSON texts, in order",
            found.len()
        ));
    }
    finish(out, found)
}

/// Read the JSON text at `span`: strictly, else repaired (with the fixes made).
fn read(
    input: &str,
    span: std::ops::Range<usize>,
) -> Result<(Value, Option<Vec<&'static str>>), ParseError> {
    let text = &input[span.clone()];
    let strict = match serde_json::from_str::<Value>(text) {
        Ok(v) => return Ok((v, None)),
        Err(e) => e,
    };
    let Some(fixed) = repair(text) else {
        return Err(syntax_error(
            input,
            span.start + offset_of(text, &strict),
            &strict,
        ));
    };
    match serde_json::from_str::<Value>(&fixed.text) {
        Ok(v) => Ok((v, Some(fixed.fixes))),
        Err(e) => {
            let at = fixed.map.get(offset_of(&fixed.text, &e)).copied();
            Err(syntax_error(input, span.start + at.unwrap_or(0), &e))
        }
    }
}

fn finish(mut out: Builder, found: Vec<(Value, Vec<FileChange>)>) -> Result<Parsed, ParseError> {
    for (value, changes) in found {
        control_char_note(&mut out, &value);
        for c in changes {
            out.push(c);
        }
    }
    out.finish("no edits.")
}

/// A decoded backspace or form feed almost always was a regex `\b` or `\f` the model meant
/// literally; valid escapes are never reinterpreted, but the model is told.
fn control_char_note(out: &mut Builder, value: &Value) {
    fn walk(v: &Value) -> bool {
        match v {
            Value::String(s) => s.contains(['\u{8}', '\u{c}']),
            Value::Array(a) => a.iter().any(walk),
            Value::Object(o) => o.values().any(walk),
            _ => false,
        }
    }
    if walk(value) {
        out.note("a string holds a backspace or form-feed character, decoded from JSON `\\b` or `\\f`; if a regex `\\b` was meant, the JSON must say `\\\\b`");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::FileOp;
    use crate::Edit;

    fn one(input: &str) -> (Option<String>, Edit, Parsed) {
        let p = parse(input).unwrap_or_else(|e| panic!("{e}"));
        let (path, edit) = p
            .edits()
            .next()
            .map(|(p, e)| (p.map(str::to_string), e.clone()))
            .unwrap();
        (path, edit, p)
    }

    #[test]
    fn diffcoder_shape_with_anchor_and_empty_anchor() {
        let input = r#"{"analysis": "a", "modifications": [
            {"old_string": "x", "new_string": "y", "reason": "r", "replace_all": false, "anchor": ""},
            {"old_string": "p", "new_string": "q", "reason": "r", "replace_all": true, "anchor": "fn b"}
        ], "summary": "s"}"#;
        let p = parse(input).unwrap();
        assert!(!p.repaired);
        assert_eq!(
            p.changes,
            vec![FileChange {
                path: None,
                op: FileOp::Edit(vec![
                    Edit::new("x", "y"),
                    Edit::new("p", "q").replace_all(true).anchor("fn b")
                ]),
                move_to: None
            }]
        );
    }

    #[test]
    fn bare_array_and_tool_calls_with_paths() {
        let p = parse(
            r#"[{"old_string": "a", "new_string": "b"}, {"old_string": "c", "new_string": "d"}]"#,
        )
        .unwrap();
        assert_eq!(p.edits().count(), 2);
        let input = r#"[{"file_path": "a.py", "old_string": "1", "new_string": "2"},
                        {"file_path": "b.py", "old_string": "3", "new_string": "4", "replace_all": true},
                        {"file_path": "b.py", "old_string": "5", "new_string": "6"}]"#;
        let p = parse(input).unwrap();
        assert_eq!(p.changes.len(), 2);
        assert_eq!(p.changes[1].path.as_deref(), Some("b.py"));
        assert_eq!(
            p.changes[1].op,
            FileOp::Edit(vec![
                Edit::new("3", "4").replace_all(true),
                Edit::new("5", "6")
            ])
        );
    }

    #[test]
    fn mcp_edits_and_wrapped_tool_call() {
        let (path, edit, _) = one(
            r#"{"path": "/tmp/a.txt", "edits": [{"oldText": "a", "newText": "b"}], "dryRun": false}"#,
        );
        assert_eq!(
            (path.as_deref(), edit),
            (Some("/tmp/a.txt"), Edit::new("a", "b"))
        );
        let input = r#"{"name": "str_replace", "arguments": "{\"path\": \"x.rs\", \"old_str\": \"a\", \"new_str\": \"b\"}"}"#;
        let (path, edit, _) = one(input);
        assert_eq!((path.as_deref(), edit), (Some("x.rs"), Edit::new("a", "b")));
        let p = parse(r#"{"file_path": "n.txt", "content": "hi\n"}"#).unwrap();
        assert_eq!(p.changes[0].op, FileOp::Create("hi\n".into()));
    }

    #[test]
    fn fences_and_prose_around() {
        let input = "Sure! Here it is:\n\n```json\n{\"file_path\": \"a\", \"old_string\": \"x\", \"new_string\": \"y\"}\n```\n\nLet me know {if} that helps.";
        let (path, edit, p) = one(input);
        assert_eq!((path.as_deref(), edit), (Some("a"), Edit::new("x", "y")));
        assert!(!p.repaired);
        let input = "I will [carefully] edit: {\"old_string\": \"x\", \"new_string\": \"y\"} done";
        let (_, edit, _) = one(input);
        assert_eq!(edit, Edit::new("x", "y"));
    }

    #[test]
    fn repair_raw_newlines_tabs_and_trailing_commas() {
        let input = "{\"old_string\": \"a\n\tb\r\n\", \"new_string\": \"c\",}";
        let (_, edit, p) = one(input);
        assert_eq!(edit, Edit::new("a\n\tb\r\n", "c"));
        assert!(p.repaired);
        let note = &p.notes[0];
        assert!(
            note.contains("raw newlines") && note.contains("trailing commas"),
            "{note}"
        );
    }

    #[test]
    fn backslashes_survive_repair() {
        // `\d` and `\s` are invalid JSON escapes: the repair keeps them as written.
        let input = "{\"old_string\": \"m = re.match(r'\\d+\\s', s)\n\", \"new_string\": \"m = re.match(r'\\d*', s)\\n\"}";
        let (_, edit, p) = one(input);
        assert!(p.repaired);
        assert_eq!(edit.old, "m = re.match(r'\\d+\\s', s)\n");
        assert_eq!(edit.new, "m = re.match(r'\\d*', s)\n");
        // Valid escapes keep their JSON meaning, also in a repaired text.
        let (_, edit, _) =
            one("{\"old_string\": \"\\\"q\\\" \\\\ \\u00e9\n\", \"new_string\": \"\\\\d\"}");
        assert_eq!(edit, Edit::new("\"q\" \\ é\n", "\\d"));
    }

    #[test]
    fn repaired_invalid_escape_without_other_damage() {
        let (_, edit, p) = one(r#"{"old_string": "C:\path\x", "new_string": "\w"}"#);
        assert!(p.repaired);
        assert_eq!(edit, Edit::new(r"C:\path\x", r"\w"));
        let (_, edit, p) = one(r#"{"old_string": "\bword", "new_string": "x"}"#);
        assert_eq!(edit.old, "\u{8}word");
        assert!(
            p.notes.iter().any(|n| n.contains("backspace")),
            "{:?}",
            p.notes
        );
    }

    #[test]
    fn shape_errors_tell_what_is_missing() {
        let e = parse(r#"{"old_string": "a"}"#).unwrap_err();
        assert!(e.to_string().contains("no \"new_string\""), "{e}");
        let e = parse(
            r#"{"modifications": [{"old_string": "a", "new_string": "b"}, {"reason": "x"}]}"#,
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("$.modifications[1] is not an edit"),
            "{e}"
        );
        let e = parse(r#"{"modifications": []}"#).unwrap_err();
        assert!(e.to_string().contains("is empty"), "{e}");
        let e = parse(r#"[{"old_string": 3, "new_string": "b"}]"#).unwrap_err();
        assert!(
            e.to_string().contains("must be a string, not a number"),
            "{e}"
        );
        let e =
            parse(r#"{"old_string": "a", "new_string": "b", "replace_all": "yes"}"#).unwrap_err();
        assert!(e.to_string().contains("true or false"), "{e}");
    }

    #[test]
    fn syntax_errors_name_the_input_line() {
        let e = parse("Here:\n{\"old_string\": \"a\",\n \"new_string\" \"b\"}\n").unwrap_err();
        assert_eq!(e.line(), Some(3), "{e}");
        assert!(e.to_string().contains("column 15"), "{e}");
        assert!(e.to_string().contains("invalid JSON"), "{e}");
        let e = parse("Edit:\n\n{\"old_string\": \"a\", \"new_string\": \"b").unwrap_err();
        assert_eq!(e.line(), Some(3), "{e}");
        assert!(e.to_string().contains("never closed"), "{e}");
        // One edit read and the next cut off: an error, not a silent half.
        let e = parse("[x] {\"old_string\": \"a\", \"new_string\": \"b\"}\n{\"old_string\": \"c")
            .unwrap_err();
        assert_eq!(e.line(), Some(2), "{e}");
        // A stray bracket in prose is skipped.
        let (_, edit, _) = one("Note (see [1: {\"old_string\": \"a\", \"new_string\": \"b\"}");
        assert_eq!(edit, Edit::new("a", "b"));
        // Lines after a repaired raw newline still map to the input.
        let e = parse("{\"old_string\": \"a\nb\nc\",\n\"new_string\": \"x\" \"y\"}").unwrap_err();
        assert_eq!(e.line(), Some(4), "{e}");
    }

    #[test]
    fn several_fenced_blocks_are_all_read() {
        let input = "```json\n{\"file_path\": \"a\", \"old_string\": \"1\", \"new_string\": \"2\"}\n```\nand\n```json\n{\"file_path\": \"b\", \"old_string\": \"3\", \"new_string\": \"4\"}\n```\n";
        let p = parse(input).unwrap();
        assert_eq!(p.changes.len(), 2);
        let bad = "```json\n{\"file_path\": \"a\", \"old_string\": \"1\", \"new_string\": \"2\"}\n```\n```json\n{\"old_string\": \"1\" \"new_string\": \"2\"}\n```\n";
        let e = parse(bad).unwrap_err();
        assert_eq!(e.line(), Some(5), "{e}");
    }

    #[test]
    fn an_unknown_op_is_refused_by_name() {
        for op in [r#""insert""#, r#""delete""#, "3"] {
            let input =
                format!(r#"{{"op": {op}, "pos": "1#AB", "old_string": "", "new_string": "x"}}"#);
            let e = parse(&input).unwrap_err().to_string();
            assert!(e.contains(&format!(r#""op" is {op}"#)), "{e}");
        }
        // A line edit's op, and a parse answer's change sent back, are read.
        let line = parse(r#"{"op": "append", "lines": ["x"]}"#).unwrap();
        assert!(matches!(line.changes[0].op, FileOp::LineEdits(_)));
        let created = parse(r#"{"path": "a.txt", "op": "create", "content": "x"}"#).unwrap();
        assert_eq!(created.changes[0].op, FileOp::Create("x".into()));
    }
}
