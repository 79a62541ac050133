//! Whether a new line reads as an edited version of a file line (replace or add: unclear), or
//! rewrites one by adding to it, or notes that code was removed; and where a closing line's
//! block begins.

use super::text::{comment, comment_leader, head, marker_like, tokens};
use crate::align::line_similarity;
use crate::thresholds::EDITED_EDGE;

/// Whether a new line `new` reads as an edited version of the file line `old` (so that writing
/// it beside `old`, with nothing shown between, leaves replace or add unclear): similar
/// characters ([`EDITED_EDGE`]), the same head (the same call, assignment, declaration or
/// label with other arguments: `res.redirect(req.get('Referrer') || '/')` beside
/// `res.redirect('back')`), the same exit (`return nanosToMillis(t)` beside `return t /
/// NANOS`: one release-to-release stand-in must-refuse case merged as an addition, nothing
/// else of any snippet set changed), or both comments (a reworded comment). A marker is never
/// one.
///
/// Measured on the snippet stand-in corpus (outside the repository), over the pieces whose
/// change meets a marker with no context: similar characters alone flag 100 of 124 edge
/// replacements (the rest merged as insertions, 7 of them wrong) and 14 of 45 edge insertions;
/// with heads and comments, 112 and 23 (one insertion that merged right among the 23).
pub(in crate::snippet) fn resembles(new: &str, old: &str) -> bool {
    if marker_like(new) || marker_like(old) || new.trim().is_empty() || old.trim().is_empty() {
        return false;
    }
    if line_similarity(new, old) >= EDITED_EDGE {
        return true;
    }
    if let (Some(a), Some(b)) = (head(new), head(old)) {
        if a == b {
            return true;
        }
    }
    // (Two exits alike, `return a` beside `return b`: added, the file's would be dead code.)
    if exit_word(new).is_some() && exit_word(new) == exit_word(old) {
        return true;
    }
    matches!((comment_leader(new), comment_leader(old)), (Some(a), Some(b)) if a == b)
}

/// The word a statement that leaves its block starts with (`return`, `raise`, `throw`), if
/// it is one.
fn exit_word(line: &str) -> Option<&str> {
    let word = line
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .find(|w| !w.is_empty())?;
    ["return", "raise", "throw"].contains(&word).then_some(word)
}

/// The tokens' head of both lines, equal ([`head`]).
pub(in crate::snippet) fn same_head(a: &str, b: &str) -> bool {
    matches!((head(a), head(b)), (Some(x), Some(y)) if x == y)
}

/// Whether `new` rewrites `old` by adding to it: every token of `old` stands in `new`, in
/// order, and the brackets of both are balanced.
pub(in crate::snippet) fn rewrites(old: &str, new: &str) -> bool {
    let balanced = |s: &str| {
        let mut depth = 0i32;
        for c in s.chars() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth -= 1;
                    if depth < 0 {
                        return false;
                    }
                }
                _ => {}
            }
        }
        depth == 0
    };
    if !balanced(old) || !balanced(new) {
        return false;
    }
    let mut rest = tokens(new).into_iter();
    tokens(old).iter().all(|t| rest.any(|n| n == *t))
}

/// A comment line that says code was removed or deleted.
pub(in crate::snippet) fn removal_note(line: &str) -> bool {
    let t = line.trim();
    let lower = t.to_lowercase();
    comment(t)
        && ["remove", "delete", "deleting", "drop"]
            .iter()
            .any(|w| lower.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edited_versions_resemble_their_line() {
        // The same call with other arguments, the same label of another case, a reworded
        // comment: a replacement as much as an addition.
        assert!(resembles(
            "  res.redirect(req.get('Referrer') || '/');",
            "  res.redirect('back');"
        ));
        assert!(resembles(
            "    case scan_type::none_type:",
            "    case scan_type::custom_type:"
        ));
        assert!(resembles(
            "    # to strip colors.  If we are on windows we either wrap",
            "    # through colorama) we want to do that."
        ));
        // Two returns, two raises: the line edited, or dead code added.
        assert!(resembles(
            "        return nanosToMillis(getSplitNanoTime());",
            "        return getSplitNanoTime() / NANO_2_MILLIS;"
        ));
        assert!(resembles(
            "    raise ValueError(x)",
            "    raise KeyError(name)"
        ));
        assert!(!resembles("    return total", "    raise KeyError(name)"));
        // Unrelated statements, and a marker, do not.
        assert!(!resembles("    total = compute(items)", "    return None"));
        assert!(!resembles("    # ... existing code ...", "    # a comment"));
        // A head needs a word of three characters: `x = 1` and `y = 2` alike are not enough.
        assert!(!resembles("x = compute_all(items, limit)", "y = 2"));
    }
}
