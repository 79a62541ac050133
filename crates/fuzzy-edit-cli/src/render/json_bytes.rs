//! Writing a JSON answer as bytes, the same bytes `serde_json::to_writer` writes, faster for
//! answers that carry whole files. serde_json looks every byte of a string up in a table before
//! it copies it; a 4 MB `result` plus its `diff` cost about 51 M instructions of a 232 M
//! request (callgrind, a 100k-line file through the pipe). Here sixteen bytes are tested at a
//! time for one that must be escaped ([`crate::json_runs`]), and the runs between them are
//! copied whole: the 4 MB `result` of a 100k-line answer took 23.8 M instructions with the
//! sixteen bytes tested as two words, 17.5 M as one vector (callgrind, `typo` through the
//! pipe).

use serde_json::Value;

use crate::json_runs::next_run_end;

/// Append `value` to `out`, compact, as [`serde_json::to_writer`] writes it.
pub fn write_value(out: &mut Vec<u8>, value: &Value) {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        // Numbers keep serde_json's own formatting (integers, floats, arbitrary precision).
        Value::Number(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::String(s) => write_str(out, s),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_value(out, item);
            }
            out.push(b']');
        }
        Value::Object(map) => {
            out.push(b'{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_str(out, key);
                out.push(b':');
                write_value(out, item);
            }
            out.push(b'}');
        }
    }
}

/// Append `s` as a JSON string, escaped as serde_json escapes it: `\"`, `\\`, the short forms
/// `\b \f \n \r \t`, and `\u00xx` (lower-case hex) for the other bytes below 0x20.
fn write_str(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + bytes.len() / 8 + 2);
    out.push(b'"');
    let mut start = 0;
    while let Some(at) = next_run_end(bytes, start) {
        out.extend_from_slice(&bytes[start..at]);
        escape(out, bytes[at]);
        start = at + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Append the escape of `byte`, one [`next_run_end`] found.
fn escape(out: &mut Vec<u8>, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match byte {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        b'\n' => out.extend_from_slice(b"\\n"),
        b'\r' => out.extend_from_slice(b"\\r"),
        b'\t' => out.extend_from_slice(b"\\t"),
        0x08 => out.extend_from_slice(b"\\b"),
        0x0c => out.extend_from_slice(b"\\f"),
        b => out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[usize::from(b >> 4)],
            HEX[usize::from(b & 0xf)],
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn ours(v: &Value) -> String {
        let mut out = Vec::new();
        write_value(&mut out, v);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_ascii_byte_is_written_as_serde_json_writes_it() {
        for b in 0u8..0x80 {
            for at in 0..34 {
                // The byte at every position of both words of a step, of the word after the
                // last step, and of the bytes past the last whole word.
                let s = format!("{}{}{}", "a".repeat(at), b as char, "é".repeat(at % 3));
                let v = Value::String(s);
                assert_eq!(
                    ours(&v),
                    serde_json::to_string(&v).unwrap(),
                    "byte {b:#x} at {at}"
                );
            }
        }
    }

    #[test]
    fn an_answer_is_written_as_serde_json_writes_it() {
        let v = json!({
            "ok": true, "id": null, "score": 0.825, "big": 18446744073709551615u64, "neg": -3,
            "matches": [{"strategy": "block_anchor", "start_line": 12, "text": "a\"b\\c\u{1}\u{7f}"}],
            "diff": "--- a\n+++ b\n@@ -1 +1 @@\n-\tx\r\n+y\u{2028}\n", "empty": {}, "none": [],
        });
        assert_eq!(ours(&v), serde_json::to_string(&v).unwrap());
    }

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            any::<String>().prop_map(Value::String),
            // Text like a file's: lines, indentation, quotes and control characters.
            "([ \\t\"\\\\a-z{}\\r\\n\\x00-\\x1f\\x7f]|é|\u{2028}){0,80}".prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 24, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::btree_map("[a-z\"\\n]{0,6}", inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_value_is_written_as_serde_json_writes_it(v in value()) {
            prop_assert_eq!(ours(&v), serde_json::to_string(&v).unwrap());
        }
    }
}
