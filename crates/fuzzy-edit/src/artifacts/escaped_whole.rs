//! A one-line `new` whose backslashes were escaped along with its line breaks.
//!
//! Decoding `new`'s `\n` escapes keeps the escapes inside its string literals as the
//! program's (`"done\n"` is a literal's line break, not one of `new`'s). A `new` escaped as a
//! whole doubled its backslashes too: `_msg("randomness\\n");` stands for the file's
//! `_msg("randomness\n");`, and kept as written it prints a backslash. Which reading holds is
//! told by `old`: the one more of whose lines are lines of `old` as the file has them.

use std::collections::HashSet;

use crate::normalize::{loose_equal, unescape_code_whole};
use crate::text::Text;
use crate::Language;

/// `line` (of a one-line `old`) as the file writes it: where the file has no such line but
/// one that differs from it only in its indentation, that line (its first, where several do).
pub(super) fn as_in_file<'a>(text: &Text<'a>, line: &'a str) -> &'a str {
    let lines = || (0..text.line_count()).map(|i| text.line(i));
    if line.trim().is_empty() || lines().any(|l| l == line) {
        return line;
    }
    lines().find(|l| l.trim() == line.trim()).unwrap_or(line)
}

/// A one-line `new` JSON-escaped as a whole, quotes included (`[ \"a\"\n  , \"b\"`): no scan
/// of its strings can follow its `\"`, so its breaks are found by decoding it whole. Only
/// where it has an escaped quote or backslash, decodes to several lines, and one of them is
/// `line` (the one line of `old`, as the file has it) retyped.
pub(super) fn quotes_escaped_whole(
    new: &str,
    line: &str,
    language: Option<Language>,
) -> Option<String> {
    if !(new.contains("\\\"") || new.contains("\\\\")) || !new.contains("\\n") {
        return None;
    }
    let whole = unescape_code_whole(new, language)?;
    let lines: Vec<&str> = whole.lines().filter(|l| !l.trim().is_empty()).collect();
    (lines.len() >= 2 && lines.iter().any(|l| loose_equal(l, line))).then_some(whole)
}

/// `decoded` (`new` with its line breaks decoded, the escapes inside its literals kept), or
/// `new` decoded as a whole where more of that reading's lines are lines of `old`.
pub(super) fn decoded_consistently(
    new: &str,
    old: &str,
    language: Option<Language>,
    decoded: String,
) -> String {
    let Some(whole) = unescape_code_whole(new, language).filter(|w| *w != decoded) else {
        return decoded;
    };
    let old_lines: HashSet<&str> = old
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let olds_lines = |s: &str| s.lines().filter(|l| old_lines.contains(l.trim())).count();
    if olds_lines(&whole) > olds_lines(&decoded) {
        whole
    } else {
        decoded
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize::unescape_code;

    fn decode(new: &str, old: &str) -> String {
        let decoded = unescape_code(new, None).unwrap();
        decoded_consistently(new, old, None, decoded)
    }

    #[test]
    fn doubled_backslashes_are_decoded_where_olds_lines_say_so() {
        let old = "if (a) {\n  warn(\"no randomness\\n\");\n}";
        let new = r#"if (a && b) {\n  warn("no randomness\\n");\n}"#;
        assert_eq!(
            decode(new, old),
            "if (a && b) {\n  warn(\"no randomness\\n\");\n}"
        );
        // Written with single backslashes in its strings: those are the program's.
        let new = r#"if (a && b) {\n  warn("no randomness\n");\n}"#;
        assert_eq!(
            decode(new, old),
            "if (a && b) {\n  warn(\"no randomness\\n\");\n}"
        );
        // A doubled backslash `old` has too is the program's.
        let old = "a = 1\nre = \"\\\\d+\"";
        let new = r#"a = 2\nre = "\\d+""#;
        assert_eq!(decode(new, old), "a = 2\nre = \"\\\\d+\"");
    }
}
