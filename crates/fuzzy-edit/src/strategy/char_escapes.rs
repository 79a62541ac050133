//! **Escapes**, the file's side: the file spells a character as an escape in a string literal
//! (`\u2013`, `\u{e9}`, `\xe9`, `\U0001F600`, `\ud83d\ude00`) and the model, reading it
//! decoded, wrote the character itself (`–`) in `old`.
//!
//! Each character of `old` that the file spells as an escape is written back in the file's
//! spelling and the result matched by the equality strategies. In `new`, the same characters
//! get the same spelling, and a character the file has no spelling for is escaped in the
//! file's style on a line that replaces an escaped one: the file's convention, not the model's
//! decoding, decides how a character is written.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "import { decode } from 'sourcemap\\u2013codec';\nconst dash = '\\u2013';\n";
//! let out = apply(file, &Edit::new("const dash = '–';", "const dash = '– —';")).unwrap();
//! assert_eq!(out.text, "import { decode } from 'sourcemap\\u2013codec';\nconst dash = '\\u2013 \\u2014';\n");
//! assert_eq!(out.matches[0].strategy, "escapes");
//! ```

use std::collections::HashMap;

use super::{equality_cascade, Context};
use crate::candidate::Candidate;
use crate::needle::Needle;

/// Candidates for an `old` holding characters the file writes as escapes.
pub(super) fn candidates(cx: &Context<'_>) -> Vec<Candidate> {
    let old = cx.needle.old_text();
    let file = cx.text.as_str();
    if old.is_ascii() || !has_escape_leader(file) || !cx.budget.charge(file.len()) {
        return Vec::new();
    }
    let spellings = Spellings::of(file);
    let Some(escaped_old) = spellings.escape_known(old) else {
        return Vec::new();
    };
    let escaped_new = spellings.escape_new(old, cx.needle.new_text());
    equality_cascade(cx.text, Needle::owned(escaped_old, escaped_new), cx.budget)
}

/// Whether `s` may hold a character escape at all (a cheap test before a scan).
fn has_escape_leader(s: &str) -> bool {
    s.contains("\\u") || s.contains("\\x") || s.contains("\\U")
}

/// How a file spells characters as escapes.
#[derive(Debug, Default)]
struct Spellings {
    /// Each escaped character with its spellings and how often each occurs (a table of
    /// thousands of characters is looked up in constant time).
    known: HashMap<char, Vec<(String, usize)>>,
    /// How often each style occurs, for characters the file has no spelling for.
    styles: Vec<(Style, usize)>,
}

/// A way of writing a character as an escape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// `\u2013` (JavaScript, JSON, Python, Java): a character past U+FFFF has no spelling here
    /// that every one of those languages reads alike, so it is left alone.
    Four { upper: bool },
    /// `\u{2013}` (JavaScript, Rust, Swift).
    Braced { upper: bool },
    /// `\U00002013` (Python, C).
    Eight { upper: bool },
    /// `\xe9` (Python, JavaScript): U+0080 to U+00FF only.
    Byte { upper: bool },
}

impl Style {
    /// `c` escaped in this style, when the style can spell it.
    fn spell(self, c: char) -> Option<String> {
        let n = u32::from(c);
        let hex = |digits: usize, upper: bool| {
            if upper {
                format!("{n:0digits$X}")
            } else {
                format!("{n:0digits$x}")
            }
        };
        match self {
            Style::Four { upper } if n <= 0xFFFF => Some(format!("\\u{}", hex(4, upper))),
            Style::Braced { upper } => Some(format!("\\u{{{}}}", hex(1, upper))),
            Style::Eight { upper } => Some(format!("\\U{}", hex(8, upper))),
            Style::Byte { upper } if (0x80..=0xFF).contains(&n) => {
                Some(format!("\\x{}", hex(2, upper)))
            }
            _ => None,
        }
    }
}

impl Spellings {
    /// Every non-ASCII character escape in `file`.
    fn of(file: &str) -> Self {
        let mut out = Spellings::default();
        let bytes = file.as_bytes();
        let mut i = 0;
        while let Some(at) = memchr::memchr(b'\\', &bytes[i..]) {
            let at = i + at;
            match decode_at(&file[at..]) {
                Some((c, len, style)) => {
                    out.add(c, &file[at..at + len], style);
                    i = at + len;
                }
                // `\\` is an escaped backslash: what follows it is no escape.
                None => {
                    i = at
                        + if bytes.get(at + 1) == Some(&b'\\') {
                            2
                        } else {
                            1
                        }
                }
            }
        }
        out
    }

    fn add(&mut self, c: char, spelling: &str, style: Style) {
        let spellings = self.known.entry(c).or_default();
        match spellings.iter_mut().find(|(s, _)| s == spelling) {
            Some((_, n)) => *n += 1,
            None => spellings.push((spelling.to_string(), 1)),
        }
        match self.styles.iter_mut().find(|(s, _)| *s == style) {
            Some((_, n)) => *n += 1,
            None => self.styles.push((style, 1)),
        }
    }

    /// The file's most frequent spelling of `c`.
    fn spelling(&self, c: char) -> Option<&str> {
        self.known
            .get(&c)?
            .iter()
            .max_by_key(|(_, n)| *n)
            .map(|(s, _)| s.as_str())
    }

    /// `s` with each character the file spells as an escape written that way; `None` when
    /// there is none.
    fn escape_known(&self, s: &str) -> Option<String> {
        let mut out = String::with_capacity(s.len() + 8);
        let mut changed = false;
        for c in s.chars() {
            match self.spelling(c) {
                Some(spelled) => {
                    out.push_str(spelled);
                    changed = true;
                }
                None => out.push(c),
            }
        }
        changed.then_some(out)
    }

    /// `new` written in the file's spelling: each character the file escapes, as the file
    /// does; any other non-ASCII character on a line the file escapes in (one holding an
    /// escaped character, or in place of the line of `old` that did) in the file's most
    /// frequent style.
    fn escape_new(&self, old: &str, new: &str) -> String {
        let style = self.styles.iter().max_by_key(|(_, n)| *n).map(|(s, _)| *s);
        let old_lines: Vec<&str> = old.split('\n').collect();
        let new_lines: Vec<&str> = new.split('\n').collect();
        let paired = old_lines.len() == new_lines.len();
        let escapes_in = |line: &str| line.chars().any(|c| self.spelling(c).is_some());
        let mut out = String::with_capacity(new.len() + 8);
        for (k, line) in new_lines.iter().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            let escaped_line = escapes_in(line) || (paired && escapes_in(old_lines[k]));
            for c in line.chars() {
                let spelled = match self.spelling(c) {
                    Some(s) => Some(s.to_string()),
                    None if escaped_line && !c.is_ascii() && !c.is_whitespace() => {
                        style.and_then(|s| s.spell(c))
                    }
                    None => None,
                };
                match spelled {
                    Some(s) => out.push_str(&s),
                    None => out.push(c),
                }
            }
        }
        out
    }
}

/// The non-ASCII character an escape at the start of `s` stands for, the escape's length and
/// style.
fn decode_at(s: &str) -> Option<(char, usize, Style)> {
    let rest = s.strip_prefix('\\')?;
    let upper = |digits: &str| digits.bytes().any(|b| b.is_ascii_uppercase());
    let (n, len, style) = if let Some(braced) = rest.strip_prefix("u{") {
        let digits = hex_prefix(braced, 6);
        if digits.is_empty() || !braced[digits.len()..].starts_with('}') {
            return None;
        }
        let n = u32::from_str_radix(digits, 16).ok()?;
        let style = Style::Braced {
            upper: upper(digits),
        };
        (n, 4 + digits.len(), style)
    } else if let Some(four) = rest.strip_prefix('u') {
        let n = fixed_hex(four, 4)?;
        let style = Style::Four {
            upper: upper(&four[..4]),
        };
        if (0xD800..0xDC00).contains(&n) {
            // A surrogate pair: both halves spell one character.
            let low = four[4..]
                .strip_prefix("\\u")
                .and_then(|l| fixed_hex(l, 4))?;
            if !(0xDC00..0xE000).contains(&low) {
                return None;
            }
            let c = 0x10000 + ((n - 0xD800) << 10) + (low - 0xDC00);
            (c, 12, style)
        } else {
            (n, 6, style)
        }
    } else if let Some(eight) = rest.strip_prefix('U') {
        let n = fixed_hex(eight, 8)?;
        let style = Style::Eight {
            upper: upper(&eight[..8]),
        };
        (n, 10, style)
    } else if let Some(byte) = rest.strip_prefix('x') {
        let n = fixed_hex(byte, 2)?;
        let style = Style::Byte {
            upper: upper(&byte[..2]),
        };
        (n, 4, style)
    } else {
        return None;
    };
    let c = char::from_u32(n).filter(|c| !c.is_ascii() && !c.is_control())?;
    Some((c, len, style))
}

/// The leading hex digits of `s`, at most `max`.
fn hex_prefix(s: &str, max: usize) -> &str {
    let n = s
        .bytes()
        .take(max)
        .take_while(u8::is_ascii_hexdigit)
        .count();
    &s[..n]
}

/// The value of exactly `digits` hex digits at the start of `s`.
fn fixed_hex(s: &str, digits: usize) -> Option<u32> {
    let h = hex_prefix(s, digits);
    (h.len() == digits).then(|| u32::from_str_radix(h, 16).ok())?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_the_common_spellings() {
        assert_eq!(
            decode_at(r"\u2013x"),
            Some(('\u{2013}', 6, Style::Four { upper: false }))
        );
        assert_eq!(
            decode_at(r"\u{E9}"),
            Some(('é', 6, Style::Braced { upper: true }))
        );
        assert_eq!(
            decode_at(r"\xe9"),
            Some(('é', 4, Style::Byte { upper: false }))
        );
        assert_eq!(decode_at(r"\U0001F600").map(|d| d.0), Some('😀'));
        assert_eq!(
            decode_at(r"\ud83d\ude00").map(|d| (d.0, d.1)),
            Some(('😀', 12))
        );
        // ASCII, lone surrogates and short escapes are not characters the model decoded.
        for not in [r"\u0041", r"\ud83d", r"\u20", r"\n", r"\x41"] {
            assert_eq!(decode_at(not), None, "{not}");
        }
    }

    #[test]
    fn an_escaped_backslash_starts_no_escape() {
        let s = Spellings::of(r#"a = "\\u2013"; b = "\u00e9""#);
        assert_eq!(s.spelling('\u{2013}'), None);
        assert_eq!(s.spelling('é'), Some(r"\u00e9"));
    }

    #[test]
    fn new_follows_the_files_spelling() {
        let s = Spellings::of(r"x = '\u00E9'");
        assert_eq!(s.escape_known("x = 'é'").as_deref(), Some(r"x = '\u00E9'"));
        assert_eq!(s.escape_known("x = '–'"), None);
        // A line in place of an escaped one takes the file's style for a new character; an
        // added line without escapes keeps the model's characters.
        assert_eq!(s.escape_new("x = 'é'", "x = '–'"), r"x = '\u2013'");
        assert_eq!(
            s.escape_new("x = 'é'", "x = 'é'\n# – note"),
            "x = '\\u00E9'\n# – note"
        );
    }
}
