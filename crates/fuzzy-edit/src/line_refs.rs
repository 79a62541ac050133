//! Line-addressed edits: a model reads a file with a short content ID on every line
//! (`12#VK|    return total`, see [`read_with_hashes`]) and names the lines it edits by
//! reference (`{"op": "replace", "pos": "12#VK", "lines": ["    return total + tax"]}`), the
//! format of oh-my-pi's hashline and oh-my-opencode's hashline-core, whose IDs these are byte
//! for byte ([`line_id`]).
//!
//! [`apply_line_edits`] keeps every guarantee of search/replace edits:
//! - all edits refer to the one snapshot the model read, and are applied together or not at all;
//!   edits that touch the same lines are refused ([`EditError::OverlappingEdits`]);
//! - a reference whose ID no longer matches its line is never applied blindly: the edits follow
//!   their lines only when every referenced line stands at one other position, all moved by the
//!   same number of lines ([`Applied::followed`] says so), else they are refused with the
//!   current lines around each stale reference and their fresh IDs
//!   ([`EditError::StaleReference`]);
//! - `lines` is cleaned of what models copy into it (read-tool prefixes, the line just outside
//!   the range repeated), takes the file's indentation and line endings, and the syntax guard
//!   judges the result as for a fuzzy match.

mod apply;
mod id;
mod lines;
#[cfg(test)]
mod properties;
mod stale;
#[cfg(test)]
mod tests;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use apply::apply_line_edits;
pub(crate) use id::ALPHABET;

/// The two-letter ID of `line` (without its line ending) at 1-based `number`, as a hashline
/// read shows it: `VK` in `12#VK`.
///
/// ```
/// use fuzzy_edit::line_refs::line_id;
/// // A line with letters or digits has one ID wherever it stands; `}` depends on its number.
/// assert_eq!(line_id(1, "return total"), line_id(40, "return total"));
/// assert_eq!(line_id(1, "return total"), line_id(1, "return total \r"));
/// ```
pub fn line_id(number: usize, line: &str) -> String {
    id::line_id_str(number, line)
}

/// `text` as a hashline read shows it: each line as `{number}#{ID}|{line}`, joined with `\n`,
/// a byte order mark and line endings left out; only lines `range` (1-based, inclusive,
/// clamped to the text) when given. An empty text has no lines.
///
/// ```
/// use fuzzy_edit::line_refs::{line_id, read_with_hashes};
/// let shown = read_with_hashes("fn f() {\r\n}\r\n", None);
/// assert_eq!(shown, format!("1#{}|fn f() {{\n2#{}|}}\n", line_id(1, "fn f() {"), line_id(2, "}")));
/// assert_eq!(read_with_hashes("a\nb\nc\n", Some((2, 2))), format!("2#{}|b\n", line_id(2, "b")));
/// ```
pub fn read_with_hashes(text: &str, range: Option<(usize, usize)>) -> String {
    let indexed = crate::text::Text::new(text);
    let count = line_count(&indexed);
    let (first, last) = range.unwrap_or((1, count));
    let (first, last) = (first.max(1), last.min(count));
    let mut out = String::with_capacity((text.len() + 12 * count).min(1 << 30));
    for number in first..=last {
        let line = indexed.line(number - 1);
        let id = id::line_id(number, line);
        // Written in place: a `to_string` per line is 100,000 allocations in a large file,
        // and `write!` 25 M instructions of a 100k-line read (callgrind).
        push_decimal(&mut out, number);
        out.push('#');
        out.push(id[0] as char);
        out.push(id[1] as char);
        out.push('|');
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Append `n` in decimal.
fn push_decimal(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[at..]).expect("ASCII digits"));
}

/// A range of lines as `A:B` (1-based, inclusive), `A:` (to the end), `:B` (from the start) or
/// `A` (one line): what the CLI's `--lines`, the pipe's and the MCP tools' `lines` take.
///
/// ```
/// use fuzzy_edit::line_refs::parse_range;
/// assert_eq!(parse_range("3:9"), Some((3, 9)));
/// assert_eq!(parse_range("3:"), Some((3, usize::MAX)));
/// assert_eq!(parse_range("0:2"), None);
/// ```
pub fn parse_range(s: &str) -> Option<(usize, usize)> {
    let s = s.trim();
    let (a, b) = s.split_once([':', '-']).unwrap_or((s, s));
    let a: usize = if a.trim().is_empty() {
        1
    } else {
        a.trim().parse().ok()?
    };
    let b: usize = if b.trim().is_empty() {
        usize::MAX
    } else {
        b.trim().parse().ok()?
    };
    (a >= 1 && b >= a).then_some((a, b))
}

/// A refusal of [`apply_line_edits`] as the failure of the edit it names (the first edit when
/// it names none), for callers that report [`crate::Failed`] as search/replace edits do.
pub fn failed(error: crate::EditError) -> crate::Failed {
    use crate::EditError;
    let edit = match &error {
        EditError::BadReference { edit, .. } => *edit,
        EditError::OverlappingEdits { second, .. } => *second,
        EditError::StaleReference { references, .. } => references.first().map_or(0, |r| r.edit),
        _ => 0,
    };
    crate::Failed {
        failures: vec![crate::Failure { edit, error }],
        olds: Vec::new(),
    }
}

/// How many lines `text` has as a read shows them (a final newline ends the last line; an empty
/// text has none). Counted without building the line table, which a read has already built.
pub fn count_lines(text: &str) -> usize {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    if body.trim_start_matches('\u{feff}').is_empty() {
        return 0;
    }
    memchr::memchr_iter(b'\n', body.as_bytes()).count() + usize::from(!body.ends_with('\n'))
}

/// Lines of a text as a read shows them: none for an empty text.
pub(crate) fn line_count(text: &crate::text::Text) -> usize {
    if text.as_str().trim_start_matches('\u{feff}').is_empty() {
        0
    } else {
        text.line_count()
    }
}

/// What a line-addressed edit does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineOp {
    /// Replace line `pos` (through `end`, inclusive) with `lines`; empty `lines` deletes them.
    Replace,
    /// Insert `lines` after line `pos`, or at the end of the file without one.
    Append,
    /// Insert `lines` before line `pos`, or at the start of the file without one.
    Prepend,
}

/// A line of the snapshot the model read: its 1-based number and ID (`12#VK`), or a plain
/// number (`12`) where the caller accepts those ([`crate::Options::line_numbers`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineRef {
    /// 1-based line number.
    pub line: usize,
    /// The two-letter ID, when given.
    pub id: Option<String>,
}

impl LineRef {
    /// Read a reference as models write it: `12#VK`, also with spaces around `#`, the line's
    /// text after `|` or `:` copied along (`12#VK|code`), or a diff's `+`/`-`/`>>>` before it;
    /// or a plain line number.
    pub fn parse(s: &str) -> Option<LineRef> {
        let s = s.trim();
        let s = s
            .strip_prefix(">>>")
            .or_else(|| s.strip_prefix(['+', '-']))
            .unwrap_or(s)
            .trim_start();
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        let line: usize = s[..digits].parse().ok()?;
        let rest = s[digits..].trim_start();
        let Some(after) = rest.strip_prefix('#') else {
            // A plain number, alone or with the line's text after `|`/`:`.
            return (rest.is_empty() || rest.starts_with(['|', ':']))
                .then_some(LineRef { line, id: None });
        };
        let after = after.trim_start();
        let id = after.get(..2)?;
        let tail = &after[2..];
        let id_ok = id.bytes().all(|c| ALPHABET.contains(&c));
        let tail_ok = tail.trim().is_empty() || tail.trim_start().starts_with(['|', ':']);
        (id_ok && tail_ok).then(|| LineRef {
            line,
            id: Some(id.to_string()),
        })
    }
}

impl fmt::Display for LineRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.id {
            Some(id) => write!(f, "{}#{id}", self.line),
            None => write!(f, "{}", self.line),
        }
    }
}

impl Serialize for LineRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for LineRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(usize),
            Text(String),
            // Anything else (a negative or fractional number, an object) gets the message
            // below, not serde's "did not match any variant".
            Other(serde::de::IgnoredAny),
        }
        match Raw::deserialize(d)? {
            Raw::Other(_) => Err(serde::de::Error::custom(
                "a line reference is a string, LINE#ID as the read shows it (e.g. \"12#VK\"), or with line numbers allowed a whole number from 1",
            )),
            Raw::Number(line) => Ok(LineRef { line, id: None }),
            Raw::Text(s) => LineRef::parse(&s).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "{s:?} is not a line reference: write LINE#ID as the read shows it, e.g. \"12#VK\""
                ))
            }),
        }
    }
}

/// One line-addressed edit, in the JSON shape hashline tools prompt models with:
/// `{"op": "replace", "pos": "12#VK", "end": "14#QX", "lines": ["..."]}`; `lines` may also be
/// one string (split at line breaks) or `null` (no lines).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineEdit {
    /// What to do.
    pub op: LineOp,
    /// The line replaced (the first of the range), or inserted after (`append`) or before
    /// (`prepend`); `None` for an insertion at the end or start of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pos: Option<LineRef>,
    /// The last line replaced, inclusive (`replace` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<LineRef>,
    /// The new lines, without line endings.
    #[serde(default, deserialize_with = "lines::deserialize")]
    pub lines: Vec<String>,
}

/// A stale reference an edit followed to the line's new position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Followed {
    /// The reference as sent (`12#VK`).
    pub reference: String,
    /// Where that line stands now, 1-based.
    pub line: usize,
}

/// A reference whose ID does not match its line, in a [`EditError::StaleReference`].
///
/// [`EditError::StaleReference`]: crate::EditError::StaleReference
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StaleRef {
    /// Index (0-based) of the edit.
    pub edit: usize,
    /// The reference as sent (`12#VK`).
    pub reference: String,
    /// The line's current ID (`None`: the file has no such line).
    pub current_id: Option<String>,
}
