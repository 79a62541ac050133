//! Writing a JSON answer as bytes, the same bytes `serde_json::to_writer` writes, faster for
//! answers that carry whole files. serde_json looks every byte of a string up in a table before
//! it copies it; a 4 MB `result` plus its `diff` cost about 51 M instructions of a 232 M
//! request (callgrind, a 100k-line file through the pipe). Here sixteen bytes are tested at a
//! time, as two words, for one that must be escaped (`"`, `\`, below U+0020), and the runs
//! between them are copied whole.

use serde_json::Value;

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
    while let Some(at) = next_to_escape(bytes, start) {
        out.extend_from_slice(&bytes[start..at]);
        escape(out, bytes[at]);
        start = at + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// The first byte at or after `from` that a JSON string must escape. Sixteen bytes are tested
/// per step, as two words: one word per step spent 26.4 M instructions on the 4 MB `result` of
/// a 100k-line answer, two 23.8 M (a line of code holds an escape every 40 bytes or so, so the
/// steps between two escapes are few and their overhead counts).
#[inline]
fn next_to_escape(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 16) {
        let (a, b) = chunk.split_at(8);
        let (a, b) = (marks(word(a)), marks(word(b)));
        if a != 0 {
            return Some(i + (a.trailing_zeros() / 8) as usize);
        }
        if b != 0 {
            return Some(i + 8 + (b.trailing_zeros() / 8) as usize);
        }
        i += 16;
    }
    if let Some(chunk) = bytes.get(i..i + 8) {
        let m = marks(word(chunk));
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    bytes[i..]
        .iter()
        .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
        .map(|at| i + at)
}

/// Eight bytes as a little-endian word (the first byte lowest).
fn word(eight: &[u8]) -> u64 {
    u64::from_le_bytes(eight.try_into().expect("eight bytes"))
}

/// A word with the high bit set in each byte that a JSON string must escape (`"`, `\`, below
/// 0x20), and perhaps in bytes above such a one, never below it: the lowest mark is a true one.
#[inline]
fn marks(w: u64) -> u64 {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // A byte's high bit is set in `(w - k*ONES) & !w & HIGH` where the byte is below k (for
    // bytes below 0x80; others never are). A borrow may mark a byte above a true one too.
    let below = |w: u64, k: u8| w.wrapping_sub(ONES * u64::from(k)) & !w & HIGH;
    let zero = |w: u64| below(w, 1);
    below(w, 0x20) | zero(w ^ (ONES * u64::from(b'"'))) | zero(w ^ (ONES * u64::from(b'\\')))
}

/// Append the escape of `byte`, one [`next_to_escape`] found.
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
