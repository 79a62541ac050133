//! The id of a request line that the parser refuses (a lone surrogate, a number like `1e400`,
//! nesting deeper than it allows, invalid UTF-8 replaced): read leniently, so that the answer
//! still carries it and the client waiting on that id gets its error. Used by the MCP server
//! and the pipe.

use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;

/// The id of a message that is JSON by grammar, skipping values the parser cannot represent:
/// `None` when `text` is not JSON at all, `Some(None)` when it is but has no readable id.
pub(crate) fn readable_shape(text: &str) -> Option<Option<Value>> {
    #[derive(Deserialize)]
    struct Shape {
        #[serde(default)]
        id: Option<IdOrOther>,
    }
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum IdOrOther {
        Number(serde_json::Number),
        String(String),
        Other(IgnoredAny),
    }
    // `IgnoredAny` checks the grammar without building values: no surrogate, range or depth
    // limits. A non-object top level still has grammar worth checking.
    if let Ok(shape) = serde_json::from_str::<Shape>(text) {
        return Some(match shape.id {
            Some(IdOrOther::Number(n)) => Some(Value::Number(n)),
            Some(IdOrOther::String(s)) => Some(Value::String(s)),
            _ => None,
        });
    }
    serde_json::from_str::<IgnoredAny>(text).ok().map(|_| None)
}

/// The id of a line that may not be JSON, if a lenient reading finds one: also of a line whose
/// only fault is a raw control character (a NUL byte inside a string), read as a space.
pub(crate) fn readable_id(text: &str) -> Option<Value> {
    readable_shape(text).flatten().or_else(|| {
        let control = |c: char| c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r');
        if !text.contains(control) {
            return None;
        }
        readable_shape(&text.replace(control, " ")).flatten()
    })
}

/// The id token as written when it is an integer too large for 64 bits (`18446744073709551616`),
/// which the parser reads as a float (`1.8446744073709552e19`): answered with the float, the
/// client waiting on the integer would never see its answer. `None` for any other id.
pub(crate) fn oversized_integer_id(text: &str) -> Option<&str> {
    let raw = raw_member(text, "id")?;
    let digits = raw.strip_prefix('-').unwrap_or(raw);
    let integer = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    let fits = raw.parse::<i64>().is_ok() || raw.parse::<u64>().is_ok();
    (integer && !fits).then_some(raw)
}

/// The id token of `line` as written, when `answer` echoes it as a float: a float cannot carry
/// an integer beyond 64 bits (`18446744073709551616` becomes `1.8446744073709552e19`) nor the
/// client's spelling (`1e2` becomes `100.0`), and the client matches answers to requests by
/// the id it sent. `None` otherwise (the common case costs one type test).
pub(crate) fn float_id_as_sent(answer: &Value, line: &[u8]) -> Option<String> {
    answer.get("id").filter(|id| id.is_f64())?;
    let line = String::from_utf8_lossy(line);
    let raw = raw_member(&line, "id")?;
    // Only a number token goes into the answer unquoted.
    serde_json::from_str::<serde_json::Number>(raw).ok()?;
    Some(raw.to_string())
}

/// Write `answer` (an object) with `raw_id`, a number token checked by
/// [`float_id_as_sent`], as its `id`.
pub(crate) fn write_with_id(
    output: &mut impl std::io::Write,
    answer: Value,
    raw_id: &str,
) -> std::io::Result<()> {
    let Value::Object(mut fields) = answer else {
        return serde_json::to_writer(output, &answer).map_err(Into::into);
    };
    fields.remove("id");
    let rest = serde_json::to_vec(&fields)?;
    write!(output, "{{\"id\":{raw_id}")?;
    // `rest` is `{...}`: its members follow the id.
    match rest.get(1..rest.len() - 1) {
        Some(members) if !members.is_empty() => {
            output.write_all(b",")?;
            output.write_all(members)?;
        }
        _ => {}
    }
    output.write_all(b"}")
}

/// The text of the last `key` member of the JSON object `text` (the one a parser keeps), as
/// written. Each key and value is measured by the parser itself (its offset after it), so
/// escapes in keys (`"\u0069d"`) and nested values need no hand-written grammar.
fn raw_member<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let skip = |at: usize| at + text[at..].len() - text[at..].trim_start().len();
    // Read one value at `at`: its end offset, and the value when it is a string.
    let value_at = |at: usize| -> Option<(usize, Option<String>)> {
        let mut values = serde_json::Deserializer::from_str(&text[at..]).into_iter::<IdOrAny>();
        let key = match values.next()?.ok()? {
            IdOrAny::Key(s) => Some(s),
            IdOrAny::Other(_) => None,
        };
        Some((at + values.byte_offset(), key))
    };
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum IdOrAny {
        Key(String),
        Other(IgnoredAny),
    }
    let mut at = skip(0);
    at = skip(at + text[at..].strip_prefix('{').map(|_| 1)?);
    let mut found = None;
    while !text[at..].starts_with('}') {
        let (end, name) = value_at(at)?;
        at = skip(end);
        at = skip(at + text[at..].strip_prefix(':').map(|_| 1)?);
        let (end, _) = value_at(at)?;
        if name.as_deref() == Some(key) {
            found = Some(&text[at..end]);
        }
        at = skip(end);
        if let Some(rest) = text[at..].strip_prefix(',') {
            at = skip(text.len() - rest.len());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn an_oversized_integer_id_is_read_as_written() {
        let line = r#"{"jsonrpc": "2.0", "params": {"id": 1}, "id" : 18446744073709551616, "method":"ping"}"#;
        assert_eq!(oversized_integer_id(line), Some("18446744073709551616"));
        let escaped = r#"{"id":-99999999999999999999,"method":"ping"}"#;
        assert_eq!(oversized_integer_id(escaped), Some("-99999999999999999999"));
        // The last of two ids is the one a parser keeps.
        let twice = r#"{"id":1,"id":123456789012345678901234567890}"#;
        assert_eq!(
            oversized_integer_id(twice),
            Some("123456789012345678901234567890")
        );
        for fits in [
            r#"{"id":18446744073709551615}"#,
            r#"{"id":-9223372036854775808}"#,
            r#"{"id":1.5e300}"#,
            r#"{"id":"18446744073709551616"}"#,
            r#"{"x":1}"#,
            "[1]",
        ] {
            assert_eq!(oversized_integer_id(fits), None, "{fits}");
        }
    }

    proptest! {
        /// The raw member found is the one the parser reads, whatever the spacing and order.
        #[test]
        fn raw_member_agrees_with_the_parser(
            members in proptest::collection::btree_map("[a-z]{1,3}", -1000i64..1000, 0..5),
            id in prop_oneof![
                (-1000i64..1000).prop_map(|n| n.to_string()),
                "\"[a-z ]{0,5}\"",
                proptest::strategy::Just("[1, {\"id\": 2}]".to_string()),
            ],
            space in " {0,2}",
        ) {
            let mut parts: Vec<String> =
                members.iter().map(|(k, v)| format!("\"{k}\"{space}:{space}{v}")).collect();
            parts.insert(parts.len() / 2, format!("\"id\":{space}{id}"));
            let text = format!("{{{space}{}{space}}}", parts.join(&format!(",{space}")));
            let parsed: Value = serde_json::from_str(&text).unwrap();
            let raw = raw_member(&text, "id").unwrap();
            prop_assert_eq!(serde_json::from_str::<Value>(raw).unwrap(), parsed["id"].clone());
        }
    }

    /// What the pipe writes for `answer` to `line`.
    fn written(answer: Value, line: &str) -> String {
        let mut out = Vec::new();
        match float_id_as_sent(&answer, line.as_bytes()) {
            Some(raw) => write_with_id(&mut out, answer, &raw).unwrap(),
            None => serde_json::to_writer(&mut out, &answer).unwrap(),
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn an_id_read_as_a_float_is_written_as_sent() {
        for raw in [
            "18446744073709551616",
            "-99999999999999999999",
            "1e2",
            "1.50",
            "-0.0",
        ] {
            let line = format!(r#"{{"content": "a", "id" : {raw}, "old": "a"}}"#);
            let parsed: Value = serde_json::from_str(&line).unwrap();
            let answer = json!({"ok": true, "id": parsed["id"], "result": "b"});
            let out = written(answer, &line);
            assert_eq!(out, format!(r#"{{"id":{raw},"ok":true,"result":"b"}}"#));
            // Still one JSON object, with the id's value.
            let back: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(back["id"], parsed["id"]);
        }
        // An answer of nothing but the id.
        assert_eq!(
            written(json!({"id": 100.0}), r#"{"id": 1e2}"#),
            r#"{"id":1e2}"#
        );
        // Integers that fit and strings are written by the serializer, unread.
        for line in [
            r#"{"id": 7}"#,
            r#"{"id": "1e2"}"#,
            r#"{"id": 18446744073709551615}"#,
        ] {
            let answer =
                json!({"ok": true, "id": serde_json::from_str::<Value>(line).unwrap()["id"]});
            assert_eq!(float_id_as_sent(&answer, line.as_bytes()), None, "{line}");
        }
    }

    #[test]
    fn a_raw_nul_does_not_hide_the_id() {
        let line = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{\"x\":\"a\0b\"}}";
        assert_eq!(readable_id(line), Some(Value::from(7)));
        assert_eq!(readable_id("not json\0"), None);
    }
}
