//! Reading a pipe request's JSON: the `Value` serde_json reads, with the object's string
//! members decoded here, sixteen bytes a step. serde_json decodes a string into a scratch
//! buffer that grows by doubling from empty for every request and then copies it into the
//! `Value`; here it is decoded once into its own `String`. Anything this reader does not take
//! plainly (a line that is not one object, a member that is not a string, a `\u` escape of a
//! surrogate, a control character, a number) goes to serde_json: a member's value alone, or
//! the whole line, so every line reads as `serde_json::from_str` reads it, errors included.

use serde_json::{Map, Value};

use crate::json_runs;

/// The line as JSON, as [`serde_json::from_str`] reads it.
pub fn read(line: &str) -> serde_json::Result<Value> {
    match object(line) {
        Some(value) => Ok(value),
        None => serde_json::from_str(line),
    }
}

/// Deepest nesting of arrays and objects a member's value is read with here: serde_json
/// refuses a line nested 128 deep, and a member's value read on its own starts one level down.
/// Deeper values go to serde_json with their line.
const MAX_MEMBER_DEPTH: usize = 100;

/// The line as one JSON object, or `None` where serde_json must read it.
fn object(line: &str) -> Option<Value> {
    let bytes = line.as_bytes();
    let mut at = skip_space(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    at = skip_space(bytes, at + 1);
    let mut map = Map::new();
    if bytes.get(at) == Some(&b'}') {
        at += 1;
    } else {
        loop {
            if bytes.get(at) != Some(&b'"') {
                return None;
            }
            let (key, next) = string(line, at + 1, Vec::new())?;
            // serde_json's features may give keys of this prefix a meaning of their own (a
            // number or raw value kept as text).
            if key.starts_with("$serde_json") {
                return None;
            }
            at = skip_space(bytes, next);
            if bytes.get(at) != Some(&b':') {
                return None;
            }
            at = skip_space(bytes, at + 1);
            let (value, next) = match bytes.get(at) {
                Some(b'"') => {
                    // Decoded, a value is never longer than the rest of its line: sized so, it is
                    // never grown, where growing by doubling copied a 4 MB `content` over again
                    // (a 100k-line verify's two: 18 M instructions, callgrind). What is not
                    // written is only reserved: the allocator's pages for it are never touched.
                    let sized = Vec::with_capacity(line.len() - at);
                    let (mut s, next) = string(line, at + 1, sized)?;
                    // (A short value gives the room back at once: a line of many members never
                    // holds more than a line's length reserved at a time.)
                    if s.capacity() > 2 * s.len() {
                        s.shrink_to_fit();
                    }
                    (Value::String(s), next)
                }
                Some(_) => member(line, at)?,
                None => return None,
            };
            // As serde_json's `Value` does: a repeated key keeps its place, the last value.
            map.insert(key, value);
            at = skip_space(bytes, next);
            match bytes.get(at) {
                Some(b',') => at = skip_space(bytes, at + 1),
                Some(b'}') => {
                    at += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    (skip_space(bytes, at) == bytes.len()).then_some(Value::Object(map))
}

/// A member's value that is not a string, read by serde_json from `at` on, and where it ends.
fn member(line: &str, at: usize) -> Option<(Value, usize)> {
    let mut values = serde_json::Deserializer::from_str(&line[at..]).into_iter::<Value>();
    let value = values.next()?.ok()?;
    let end = at + values.byte_offset();
    (depth(&value) <= MAX_MEMBER_DEPTH).then_some((value, end))
}

/// How many arrays and objects deep `value` is nested (0 for a scalar).
fn depth(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        Value::Object(map) => 1 + map.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

/// The index of the first byte at or after `at` that is not JSON whitespace.
fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while matches!(bytes.get(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// The JSON string whose text starts at `at` (after its opening quote), decoded, and the index
/// after its closing quote; `None` for what serde_json must judge (an unterminated string, a
/// control character, an escape other than the short ones and `\u` of a scalar value). The
/// text is pushed onto `out`, empty.
///
/// Each step of sixteen bytes is copied whole, then cut back to the first byte that ends a
/// run ([`json_runs::push_run`]); a short escape's byte comes from a table. A line of code
/// holds an escape every 20 bytes or so: pushed run by run as a `str` (a call to `memcpy`, a
/// char boundary check) and escape by escape as a `char`, a 100k-line `content` took 31.0 M
/// instructions and 1.5 M in `memcpy`; this way, with the step's bytes tested as two words,
/// 24.2 M, and as one vector 19.3 M, 3.7 M of it checking once at the end that the text is
/// UTF-8 (callgrind, `exact` through the pipe).
fn string(line: &str, at: usize, mut out: Vec<u8>) -> Option<(String, usize)> {
    let bytes = line.as_bytes();
    let mut start = at;
    loop {
        let stop = json_runs::push_run(bytes, start, &mut out)?;
        match bytes[stop] {
            // Runs end at ASCII bytes and escapes are whole characters: `out` is UTF-8.
            b'"' => return Some((String::from_utf8(out).ok()?, stop + 1)),
            b'\\' => {
                let short = SHORT_ESCAPES[usize::from(*bytes.get(stop + 1)?)];
                if short != 0 {
                    out.push(short);
                    start = stop + 2;
                } else {
                    let (c, next) = escape(bytes, stop + 1)?;
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    start = next;
                }
            }
            _ => return None,
        }
    }
}

/// The byte each short escape's letter stands for (`n` for a line feed), 0 for other bytes
/// (no short escape stands for NUL).
const SHORT_ESCAPES: [u8; 256] = {
    let mut table = [0u8; 256];
    let pairs = [
        (b'"', b'"'),
        (b'\\', b'\\'),
        (b'/', b'/'),
        (b'b', 0x08),
        (b'f', 0x0c),
        (b'n', b'\n'),
        (b'r', b'\r'),
        (b't', b'\t'),
    ];
    let mut k = 0;
    while k < pairs.len() {
        table[pairs[k].0 as usize] = pairs[k].1;
        k += 1;
    }
    table
};

/// The character an escape stands for, its letter at `at` (after the backslash), and the
/// index after it.
fn escape(bytes: &[u8], at: usize) -> Option<(char, usize)> {
    let c = match *bytes.get(at)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let hex = std::str::from_utf8(bytes.get(at + 1..at + 5)?).ok()?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            // A surrogate (half of a pair, or alone) is left to serde_json.
            let c = char::from_u32(u32::from_str_radix(hex, 16).ok()?)?;
            return Some((c, at + 5));
        }
        _ => return None,
    };
    Some((c, at + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn requests_of_strings_are_read_here_as_serde_json_reads_them() {
        for line in [
            r#"{"content": "a\n\tb \"q\" \\ \/ \b\f\r é \u00e9\u0000\u2028 end", "old": "b", "new": "c"}"#,
            r#" { "id" : 7 , "content":"x","old":"x","new":"y","replace_all":true, "edits": null } "#,
            r#"{"id": 1.5e3, "edits": [{"old": "a", "new": "b"}], "path": "f.py"}"#,
            r#"{"old": "a", "old": "b", "new": ""}"#,
            "{}",
            r#"{"k": {"nested": [1, "two", {"three": false}]}}"#,
        ] {
            let here = object(line).unwrap_or_else(|| panic!("not read here: {line}"));
            assert_eq!(here, serde_json::from_str::<Value>(line).unwrap(), "{line}");
        }
    }

    #[test]
    fn what_serde_json_must_judge_is_left_to_it() {
        for line in [
            r#"{"a": "\ud83d\ude00"}"#,
            r#"{"a": "\ud800"}"#,
            "{\"a\": \"tab\there\"}",
            r#"{"a": "\x"}"#,
            r#"{"a": "\u12"}"#,
            r#"{"a": "open"#,
            r#"{"a": "b",}"#,
            r#"{"a": "b"} x"#,
            r#"["a"]"#,
            r#"{"a" "b"}"#,
            r#"{"a": tru}"#,
            r#"{"$serde_json::private::Number": "1"}"#,
        ] {
            assert_eq!(object(line), None, "{line}");
            // And the answer is serde_json's, error or value.
            let (ours, theirs) = (read(line), serde_json::from_str::<Value>(line));
            assert_eq!(ours.as_ref().ok(), theirs.as_ref().ok(), "{line}");
            assert_eq!(
                ours.err().map(|e| e.to_string()),
                theirs.err().map(|e| e.to_string())
            );
        }
    }

    #[test]
    fn a_member_nested_deeper_than_serde_json_takes_is_refused_as_serde_json_refuses_it() {
        for n in [MAX_MEMBER_DEPTH, 126, 127, 128, 200] {
            let line = format!("{{\"a\": {}{}}}", "[".repeat(n), "]".repeat(n));
            let (ours, theirs) = (read(&line), serde_json::from_str::<Value>(&line));
            assert_eq!(ours.is_ok(), theirs.is_ok(), "{n}");
            assert_eq!(ours.ok(), theirs.ok(), "{n}");
        }
    }

    /// The decoding [`string`] replaced, kept as its oracle: each run pushed as a `str`, then
    /// the escape's character.
    fn string_by_runs(line: &str, at: usize) -> Option<(String, usize)> {
        let bytes = line.as_bytes();
        let (mut out, mut start) = (String::new(), at);
        loop {
            let stop = (start..bytes.len()).find(|&i| json_runs::ends_run(bytes[i]))?;
            out.push_str(&line[start..stop]);
            match bytes[stop] {
                b'"' => return Some((out, stop + 1)),
                b'\\' => {
                    let (c, next) = escape(bytes, stop + 1)?;
                    out.push(c);
                    start = next;
                }
                _ => return None,
            }
        }
    }

    /// Lines made of request-like pieces, valid JSON or a byte off it.
    fn line() -> impl Strategy<Value = String> {
        let text = "([ \\ta-z{}:,é\u{2028}]|\\\\[\"\\\\/bfnrtxu]|\\\\u[0-9a-fA-F]{4}|\\\\u[dD][89a-fA-F][0-9a-f]{2}|\"|\\n|\\x01){0,12}";
        let scalar = prop_oneof![
            text.prop_map(|s| format!("\"{s}\"")),
            Just("true".to_string()),
            Just("null".to_string()),
            Just("-0.5e2".to_string()),
            Just("18446744073709551616".to_string()),
            Just("[1, {\"x\": \"y\"}]".to_string()),
            Just("{".to_string()),
        ];
        let key = prop_oneof![
            Just("content"),
            Just("old"),
            Just("new"),
            Just("id"),
            Just("a\\u0062"),
            Just("\\ud800")
        ];
        let space = prop_oneof![Just(""), Just(" "), Just("\t\r\n")];
        prop::collection::vec((key, space.clone(), scalar), 0..5)
            .prop_flat_map(move |members| {
                (
                    Just(members),
                    space.clone(),
                    prop_oneof![Just(""), Just(","), Just("}")],
                )
            })
            .prop_map(|(members, space, tail)| {
                let body: Vec<String> = members
                    .into_iter()
                    .map(|(k, s, v)| format!("{s}\"{k}\"{s}:{s}{v}{s}"))
                    .collect();
                format!("{space}{{{}}}{tail}{space}", body.join(","))
            })
    }

    proptest! {
        #[test]
        fn every_line_reads_as_serde_json_reads_it(line in line()) {
            let theirs = serde_json::from_str::<Value>(&line);
            if let Some(here) = object(&line) {
                prop_assert_eq!(Some(&here), theirs.as_ref().ok(), "{}", line);
            }
            let ours = read(&line);
            prop_assert_eq!(ours.as_ref().ok(), theirs.as_ref().ok());
            prop_assert_eq!(ours.err().map(|e| e.to_string()), theirs.err().map(|e| e.to_string()));
        }

        #[test]
        fn a_string_decodes_as_it_did_run_by_run(
            text in "([ a-z\"\\\\/\u{1}\u{1f}é\u{2028}😀]|\\\\[\"\\\\/bfnrtxu]|\\\\u[0-9a-fA-F]{4}|\\\\u[dD][89a-fA-F][0-9a-f]{2}){0,60}",
            lead in 0usize..3,
        ) {
            let line = format!("{}{text}", " ".repeat(lead));
            prop_assert_eq!(string(&line, lead, Vec::new()), string_by_runs(&line, lead));
        }

        #[test]
        fn any_string_member_reads_as_serde_json_reads_it(s in any::<String>()) {
            let line = serde_json::json!({ "content": s, "old": "a" }).to_string();
            prop_assert_eq!(object(&line), Some(serde_json::from_str::<Value>(&line).unwrap()));
        }
    }
}
