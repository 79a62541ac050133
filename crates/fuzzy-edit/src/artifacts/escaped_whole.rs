//! A one-line `new` whose backslashes were escaped along with its line breaks.
//!
//! Decoding `new`'s `\n` escapes keeps the escapes inside its string literals as the
//! program's (`"done\n"` is a literal's line break, not one of `new`'s). A `new` escaped as a
//! whole doubled its backslashes too: `_msg("randomness\\n");` stands for the file's
//! `_msg("randomness\n");`, and kept as written it prints a backslash. Which reading holds is
//! told by `old`: the one more of whose lines are lines of `old` as the file has them.

use std::collections::HashSet;

use crate::normalize::unescape_code_whole;
use crate::Language;

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
