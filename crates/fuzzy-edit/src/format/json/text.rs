//! The text side of [JSON edits](super): finding the JSON in prose and fences, repairing what
//! models break (raw control characters in strings, trailing commas, invalid escapes), and
//! mapping `serde_json` error positions back to input lines.

use super::F;
use crate::format::{is_fence, ParseError};

// ---------------------------------------------------------------------------------------------
// Finding the JSON in the input.

/// Byte ranges of fenced blocks holding JSON (```` ```json ```` or a fence around `{`/`[`).
pub(super) fn fenced_blocks(input: &str) -> Vec<std::ops::Range<usize>> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, bool)> = None; // content start, declared json
    let mut pos = 0;
    for line in input.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        if !is_fence(line) {
            continue;
        }
        let info = line.trim().trim_start_matches(['`', '~']).trim();
        match open {
            None => open = Some((pos, info.to_ascii_lowercase().starts_with("json"))),
            Some((content, json)) if info.is_empty() => {
                push_block(input, content..start, json, &mut blocks);
                open = None;
            }
            Some(_) => {}
        }
    }
    if let Some((content, json)) = open {
        push_block(input, content..input.len(), json, &mut blocks);
    }
    blocks
}

fn push_block(
    input: &str,
    range: std::ops::Range<usize>,
    json: bool,
    blocks: &mut Vec<std::ops::Range<usize>>,
) {
    let text = &input[range.clone()];
    let t = text.trim_start();
    if json || t.starts_with('{') || t.starts_with('[') {
        let lead = text.len() - t.len();
        blocks.push(range.start + lead..range.start + lead + t.trim_end().len());
    }
}

/// Byte ranges of the balanced `{…}`/`[…]` texts, outermost first, not overlapping (at most 64,
/// from at most 256 opening brackets); and the last bracket that is never closed although keys
/// follow it (JSON cut off), with the error to report for it.
#[allow(clippy::type_complexity)]
pub(super) fn balanced_spans(
    input: &str,
) -> (Vec<std::ops::Range<usize>>, Option<(usize, ParseError)>) {
    let bytes = input.as_bytes();
    let mut spans = Vec::new();
    let mut truncated = None;
    let (mut i, mut attempts) = (0, 0);
    while let Some(off) = memchr::memchr2(b'{', b'[', &bytes[i..]) {
        let start = i + off;
        match balanced_end(bytes, start) {
            Some(end) => {
                spans.push(start..end);
                i = end;
            }
            None => {
                if memchr::memmem::find(&bytes[start..], b"\":").is_some() {
                    let close = if bytes[start] == b'{' { '}' } else { ']' };
                    let e = ParseError::at(
                        F,
                        line_of(input, start),
                        format!("the JSON starting here is never closed: no `{close}` matches its `{}`. The output was probably cut off; send the complete JSON.", bytes[start] as char),
                    );
                    truncated = Some((start, e));
                }
                i = start + 1;
            }
        }
        attempts += 1;
        // (Bounds on the work of finding JSON in prose, not thresholds: no answer holds more.)
        if spans.len() >= 64 || attempts >= 256 {
            break;
        }
    }
    (spans, truncated)
}

/// The end (exclusive) of the bracketed text starting at `start`, respecting strings.
fn balanced_end(b: &[u8], start: usize) -> Option<usize> {
    let mut stack = Vec::new();
    let mut in_string = false;
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        if in_string {
            match c {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match c {
                b'"' => in_string = true,
                b'{' => stack.push(b'}'),
                b'[' => stack.push(b']'),
                b'}' | b']' => {
                    if stack.pop() != Some(c) {
                        return None;
                    }
                    if stack.is_empty() {
                        return Some(i + 1);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Repair.

pub(super) struct Repaired {
    pub text: String,
    /// For each byte of `text`, the byte of the original it came from.
    pub map: Vec<usize>,
    pub fixes: Vec<&'static str>,
}

/// Escape control characters inside strings, double the backslash of invalid escapes, drop
/// trailing commas. `None` when nothing needed fixing.
pub(super) fn repair(s: &str) -> Option<Repaired> {
    let b = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len() + 16);
    let mut map = Vec::with_capacity(b.len() + 16);
    let mut fixes = Vec::new();
    let mut fix = |what: &'static str| {
        if !fixes.contains(&what) {
            fixes.push(what);
        }
    };
    let mut emit = |out: &mut Vec<u8>, bytes: &[u8], from: usize| {
        out.extend_from_slice(bytes);
        map.extend(std::iter::repeat_n(from, bytes.len()));
    };
    let mut in_string = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if !in_string {
            if c == b',' {
                let next = b[i + 1..].iter().position(|x| !x.is_ascii_whitespace());
                if next.is_some_and(|n| matches!(b[i + 1 + n], b'}' | b']')) {
                    fix("removing trailing commas");
                    i += 1;
                    continue;
                }
            }
            in_string = c == b'"';
            emit(&mut out, &[c], i);
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                in_string = false;
                emit(&mut out, &[c], i);
            }
            b'\\' => {
                let next = b.get(i + 1).copied();
                let valid = match next {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => true,
                    Some(b'u') => {
                        b.len() >= i + 6 && b[i + 2..i + 6].iter().all(u8::is_ascii_hexdigit)
                    }
                    _ => false,
                };
                if valid {
                    let len = if next == Some(b'u') { 6 } else { 2 };
                    emit(&mut out, &b[i..i + len], i);
                    i += len;
                    continue;
                }
                fix("doubling the backslash of invalid escapes (so `\\d` stays `\\d`)");
                emit(&mut out, b"\\\\", i);
            }
            b'\n' => {
                fix("escaping raw newlines in strings");
                emit(&mut out, b"\\n", i);
            }
            b'\r' => {
                fix("escaping raw carriage returns in strings");
                emit(&mut out, b"\\r", i);
            }
            b'\t' => {
                fix("escaping raw tabs in strings");
                emit(&mut out, b"\\t", i);
            }
            c if c < 0x20 => {
                fix("escaping control characters in strings");
                emit(&mut out, format!("\\u{c:04x}").as_bytes(), i);
            }
            c => emit(&mut out, &[c], i),
        }
        i += 1;
    }
    if fixes.is_empty() {
        return None;
    }
    // Only ASCII was inserted or removed, at character boundaries: still UTF-8.
    let text = String::from_utf8(out).ok()?;
    Some(Repaired { text, map, fixes })
}

// ---------------------------------------------------------------------------------------------
// Error positions.

pub(super) fn line_of(input: &str, byte: usize) -> usize {
    input.as_bytes()[..byte.min(input.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The byte offset in `text` of a `serde_json` error.
pub(super) fn offset_of(text: &str, e: &serde_json::Error) -> usize {
    let mut offset = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if n + 1 == e.line() {
            return offset + e.column().saturating_sub(1).min(line.len());
        }
        offset += line.len();
    }
    text.len()
}

pub(super) fn syntax_error(input: &str, at: usize, e: &serde_json::Error) -> ParseError {
    let msg = e.to_string();
    let msg = msg
        .rfind(" at line ")
        .map_or(msg.as_str(), |i| &msg[..i])
        .to_string();
    let hint = if e.is_eof() {
        "The JSON ends early (cut off?): close every string, object and list."
    } else {
        "Check for a missing comma, colon or quote there; inside strings, write a double quote as \\\" and a backslash as \\\\."
    };
    // serde_json counts columns in bytes: step back to a character boundary.
    let mut at = at.min(input.len());
    while !input.is_char_boundary(at) {
        at -= 1;
    }
    let line_start = input[..at].rfind('\n').map_or(0, |i| i + 1);
    let column = input
        .get(line_start..at)
        .map_or(1, |s| s.chars().count() + 1);
    ParseError::at(
        F,
        line_of(input, at),
        format!("invalid JSON at column {column}: {msg}. {hint}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repair_helper_is_a_no_op_on_valid_json() {
        assert!(repair(r#"{"a": "b\n\\d", "c": [1, 2]}"#).is_none());
        let r = repair("[1, 2, ]").unwrap();
        assert_eq!(r.text, "[1, 2 ]");
        assert_eq!(balanced_end(br#"{"a": "}"}x"#, 0), Some(10));
        assert_eq!(balanced_end(b"{]", 0), None);
    }
}
