//! A [unified diff](super)'s hunk: its `@@` header, its lines, and the two sides they make.

use super::{is_file_header, is_hunk_header};
use crate::format::{is_fence, Builder};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Context,
    Removed,
    Added,
}

#[derive(Debug)]
pub(super) struct Hunk<'a> {
    /// 1-based line of the header (or first line).
    pub(super) line: usize,
    /// The old start line the header claims, if any (`-0,0`: the file was empty).
    pub(super) old_start: Option<u64>,
    pub(super) anchor: Option<String>,
    /// Git's function context after the ranges (`@@ -5 +5 @@ def g():`).
    pub(super) context: Option<String>,
    pub(super) body: Vec<(Kind, &'a str, bool)>,
}

impl Hunk<'_> {
    pub(super) fn side(&self, keep: Kind) -> String {
        let mut s = String::new();
        for &(kind, text, newline) in &self.body {
            if kind == Kind::Context || kind == keep {
                s.push_str(text);
                if newline {
                    s.push('\n');
                }
            }
        }
        s
    }

    /// Whether the new side ends with a line ending, for a hunk that reaches the end of the
    /// file (`\ No newline at end of file` after either side's last line); `None` for others.
    /// `git apply` follows it, adding or removing the file's final newline.
    pub(super) fn final_newline(&self) -> Option<bool> {
        let last = |keep: Kind| {
            self.body
                .iter()
                .rev()
                .find(|(kind, ..)| *kind == Kind::Context || *kind == keep)
                .map(|&(.., newline)| newline)
        };
        let (old, new) = (last(Kind::Removed), last(Kind::Added));
        (old == Some(false) || new == Some(false)).then_some(new.unwrap_or(false))
    }

    pub(super) fn changes_something(&self) -> bool {
        self.body.iter().any(|(k, ..)| *k != Kind::Context)
    }
}

/// What a hunk header says: the old start line, the anchor (Codex style), git's function
/// context.
pub(super) struct Header {
    pub(super) old_start: Option<u64>,
    pub(super) anchor: Option<String>,
    pub(super) context: Option<String>,
}

/// Read a hunk header.
pub(super) fn header(line: &str, no: usize, out: &mut Builder) -> Header {
    let rest = line[2..].trim();
    let Some(ranges) = rest.strip_prefix('-') else {
        // `@@`, `@@ @@`, or Codex-style `@@ def foo():`.
        let text = rest.strip_suffix("@@").unwrap_or(rest).trim();
        let anchor = text
            .contains(char::is_alphanumeric)
            .then(|| text.to_string());
        return Header {
            old_start: None,
            anchor,
            context: None,
        };
    };
    let old_start = ranges
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|d| d.parse().ok());
    let context = ranges
        .find("@@")
        .map(|i| ranges[i + 2..].trim())
        .filter(|c| !c.is_empty());
    if let Some(ctx) = context {
        out.note(format!(
            "line {no}: hunk header context `{ctx}` not used to locate the hunk, only to break a tie"
        ));
    }
    Header {
        old_start,
        anchor: None,
        context: context.map(str::to_string),
    }
}

/// Read a hunk's lines from `start`; returns them and the index of the first line after.
pub(super) fn read_body<'a>(
    lines: &[&'a str],
    start: usize,
    out: &mut Builder,
) -> (Vec<(Kind, &'a str, bool)>, usize) {
    let mut body: Vec<(Kind, &str, bool)> = Vec::new();
    let mut blanks = 0;
    let mut j = start;
    while j < lines.len() {
        let l = lines[j];
        let entry = match l.as_bytes().first() {
            None => {
                blanks += 1;
                j += 1;
                continue;
            }
            Some(b' ') => (Kind::Context, &l[1..]),
            Some(b'-') if is_file_header(lines, j) => break,
            Some(b'-') => (Kind::Removed, &l[1..]),
            Some(b'+') => (Kind::Added, &l[1..]),
            Some(b'\\') => {
                // `\ No newline at end of file`: the line before has no newline.
                if let Some(last) = body.last_mut() {
                    last.2 = false;
                }
                j += 1;
                continue;
            }
            _ => {
                let next_is_body = lines.get(j + 1).is_some_and(|n| {
                    n.starts_with([' ', '-', '+']) && !is_file_header(lines, j + 1)
                });
                if blanks == 0
                    && !body.is_empty()
                    && next_is_body
                    && !is_hunk_header(l)
                    && !is_fence(l)
                    && !l.starts_with("diff --git ")
                {
                    out.note(format!(
                        "line {}: `{}` has no ' ' prefix; read as context",
                        j + 1,
                        l.trim()
                    ));
                    (Kind::Context, l)
                } else {
                    break;
                }
            }
        };
        // Blank lines inside a hunk are context lines that lost their space.
        body.extend(std::iter::repeat_n((Kind::Context, "", true), blanks));
        blanks = 0;
        body.push((entry.0, entry.1, true));
        j += 1;
    }
    (body, j)
}
