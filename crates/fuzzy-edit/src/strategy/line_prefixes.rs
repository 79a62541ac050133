//! **Line prefixes**: `old` copied from a read tool's output with its line numbers.
//!
//! Read tools print `   12\tcode`, `12|code`, `12:code`, `L12:code`, `12→code` or hash-line
//! `12:ab|code`; models copy the prefixes into `old` (7% of real failed replace calls, 14% of
//! patch hunks). Prefixes are stripped only when every non-blank line carries one of the same
//! style with non-decreasing numbers, so code that merely starts with a number is left alone.
//! `new` is stripped too when it carries them (see `crate::artifacts`), whatever the numbers.
//! The space after a colon's number (`L12: code`) is the tool's separator, not indentation.
//! Stripped and found by no equality strategy (a line misremembered besides), `old` goes on
//! through the looser strategies (see `crate::pipeline`).
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "a = 1\nb = 2\n";
//! let out = apply(file, &Edit::new("1\ta = 1\n2\tb = 2", "1\ta = 1\n2\tb = 3")).unwrap();
//! assert_eq!(out.text, "a = 1\nb = 3\n");
//! assert_eq!(out.matches[0].strategy, "line_prefixes");
//! ```

use super::{equality_cascade, Context, Strategy};
use crate::candidate::{Candidate, StrategyId};
use crate::needle::Needle;
use crate::notation::{parse_prefix, strip_line_prefixes, Style};
use crate::text::exact_spans;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct LinePrefixes;

impl Strategy for LinePrefixes {
    fn id(&self) -> StrategyId {
        StrategyId::LinePrefixes
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let Some(needle) = decoded(cx) else {
            return Vec::new();
        };
        // Found as is, the stripped `old` is matched as the exact strategy matches it (an
        // `old` copied from after a line's indentation, `new` written as whole lines).
        equality_cascade(cx.text, needle, cx.budget)
    }
}

/// The request with `old`'s read-tool prefixes stripped, when every line carries one; `new`
/// as it is (its own prefixes are gone already, see `crate::artifacts`).
pub(super) fn decoded(cx: &Context<'_>) -> Option<Needle<'static>> {
    let raw = cx.needle.old_text();
    let old = strip_line_prefixes(raw)?;
    // `L12: code`: the space after the colon is the tool's, not indentation, unless only
    // with it does `old` match exactly (a line one column in, the tool writing none).
    // Kept as indentation, it moves `new` a column off where `old`'s depth is off too.
    let old = match without_tool_spaces(raw) {
        Some(unspaced)
            if !exact_spans(cx.text, &unspaced).is_empty()
                || exact_spans(cx.text, &old).is_empty() =>
        {
            unspaced
        }
        _ => old,
    };
    Some(Needle::owned(old, cx.needle.new_text().to_string()))
}

/// `s` without its `12: ` prefixes and the space after each colon, where every non-blank line
/// carries one so (see [`strip_line_prefixes`]).
fn without_tool_spaces(s: &str) -> Option<String> {
    let spaced = |l: &str| matches!(parse_prefix(l), Some((Style::Colon, _, len)) if l[len..].starts_with(' '));
    if !s.lines().filter(|l| !l.trim().is_empty()).all(spaced) {
        return None;
    }
    let unspaced: String = s
        .split_inclusive('\n')
        .map(|piece| match parse_prefix(piece) {
            Some((_, _, len)) if spaced(piece) => format!("{}{}", &piece[..len], &piece[len + 1..]),
            _ => piece.to_string(),
        })
        .collect();
    strip_line_prefixes(&unspaced)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn added_lines_without_prefixes_are_kept() {
        let out = crate::apply(
            "def f():\n    x = 1\n    z = 3\n",
            &crate::Edit::new(
                "2\t    x = 1\n3\t    z = 3",
                "2\t    x = 1\n    y = 2\n3\t    z = 3",
            ),
        )
        .unwrap();
        assert_eq!(out.text, "def f():\n    x = 1\n    y = 2\n    z = 3\n");
        assert_eq!(strip_line_prefixes("1\ta\r\n2\tb").unwrap(), "a\r\nb");
    }

    #[test]
    fn a_colons_space_goes_only_where_every_line_has_one() {
        assert_eq!(
            without_tool_spaces("L3:     x\nL4: \nL5:     y").unwrap(),
            "    x\n\n    y"
        );
        assert_eq!(without_tool_spaces("3:     x\n4:y"), None);
        assert_eq!(without_tool_spaces("3\u{2192}    x"), None);
    }
}
