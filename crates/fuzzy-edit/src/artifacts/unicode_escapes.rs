//! `\u2013` escapes in `new` on a line the edit keeps.
//!
//! A model that read the file through a tool escaping non-ASCII characters (JSON output) may
//! copy `1\u20135` into `new` for the file's `1–5`. On a line that, decoded, is a line of `old`
//! or of the file, the escape is that character: written as is, it would put six characters of
//! escape into a comment or a paragraph. (A Ruby comment, a Markdown paragraph.)
//! A line the file writes with the escape itself (a string literal's `"\u2013"`) is left alone.

use std::collections::HashSet;

use crate::text::Text;

/// `new` with the `\uXXXX` and `\u{X}` escapes of each line decoded where the decoded line is
/// one of `old`'s or the file's (trimmed) and the line as written is not the file's; `None`
/// when no line is.
pub(super) fn decoded_on_kept_lines(text: &Text, old: &str, new: &str) -> Option<String> {
    if !new.contains("\\u") {
        return None;
    }
    let known: HashSet<&str> = text
        .as_str()
        .lines()
        .chain(old.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut changed = false;
    let lines: Vec<String> = new
        .split('\n')
        .map(|line| {
            let decoded = (line.contains("\\u") && !known.contains(line.trim()))
                .then(|| decode_unicode_escapes(line))
                .flatten()
                .filter(|d| known.contains(d.trim()));
            changed |= decoded.is_some();
            decoded.unwrap_or_else(|| line.to_string())
        })
        .collect();
    changed.then(|| lines.join("\n"))
}

/// `line` with its `\uXXXX` (UTF-16, surrogate pairs joined) and `\u{X..}` escapes decoded;
/// `None` when it has none, or one that is no character.
fn decode_unicode_escapes(line: &str) -> Option<String> {
    let mut units: Vec<u16> = Vec::new();
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    let mut changed = false;
    let flush = |units: &mut Vec<u16>, out: &mut String| -> Option<()> {
        for c in char::decode_utf16(units.drain(..)) {
            out.push(c.ok()?);
        }
        Some(())
    };
    while let Some(at) = rest.find("\\u") {
        // (An escaped backslash before it, `\\u2013`, writes the escape itself.)
        let before = &rest[..at];
        if before.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1 {
            flush(&mut units, &mut out)?;
            out.push_str(&rest[..at + 2]);
            rest = &rest[at + 2..];
            continue;
        }
        let after = &rest[at + 2..];
        if let Some(braced) = after.strip_prefix('{') {
            let end = braced.find('}')?;
            let c = u32::from_str_radix(&braced[..end], 16)
                .ok()
                .and_then(char::from_u32)?;
            flush(&mut units, &mut out)?;
            out.push_str(before);
            out.push(c);
            rest = &braced[end + 1..];
        } else {
            let hex = after
                .get(..4)
                .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))?;
            if !before.is_empty() {
                flush(&mut units, &mut out)?;
                out.push_str(before);
            }
            units.push(u16::from_str_radix(hex, 16).ok()?);
            rest = &after[4..];
        }
        changed = true;
    }
    flush(&mut units, &mut out)?;
    out.push_str(rest);
    changed.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_escape_on_a_kept_line_is_the_files_character() {
        let file = "# Pages 1\u{2013}5 are free\nx = 1\n";
        let old = "# Pages 1\u{2013}5 are free\nx = 1";
        assert_eq!(
            decoded_on_kept_lines(&Text::new(file), old, "# Pages 1\\u20135 are free\nx = 2")
                .as_deref(),
            Some("# Pages 1\u{2013}5 are free\nx = 2")
        );
        // A changed line, or a line the file writes escaped, is left alone.
        assert_eq!(
            decoded_on_kept_lines(&Text::new(file), old, "# Pages 1\\u20136 are free"),
            None
        );
        let file = "s = \"\\u2013\"\n";
        assert_eq!(
            decoded_on_kept_lines(
                &Text::new(file),
                "s = \"\\u2013\"",
                "s = \"\\u2013\"\nt = 1"
            ),
            None
        );
        assert_eq!(
            decode_unicode_escapes("a \\ud83d\\ude00 \\u{e9}").as_deref(),
            Some("a \u{1F600} \u{e9}")
        );
    }
}
