//! The line break `new` ends with, where `old` ends without one: a newline habit, or the end of
//! a blank line of `old`'s that `new` keeps.
//!
//! `old` = `a`, blank, `b` and `new` = `a` and a line break: the model deleted `b` and kept the
//! blank line before it, which ends its text (a splice of `new` keeps it, and so do the edges of
//! `new`, see [`crate::artifacts::blank_edge_from_old`]). Read as a newline habit, the line merge
//! dropped that blank line with `b` (refuse-bench legit_indent s3: 2 of 1,000 cases, `old` with
//! a line's indentation slipped, so merged and not spliced).

use crate::artifacts::{blank_edge_from_old, Edge};
use crate::needle::{lines_of, Needle};

/// `new`'s lines and whether a line break ends it, as the merge reads them: a final line break
/// that ends a blank line of `old`'s is that blank line, one line of its own.
pub(super) fn lines_of_new<'n>(needle: &'n Needle) -> (Vec<&'n str>, bool) {
    let (mut lines, trailing) = lines_of(needle.new_text());
    let (old, new) = (needle.old_text(), needle.new_text());
    if trailing && !needle.trailing_newline() && blank_edge_from_old(old, new, Edge::End) {
        lines.push("");
        return (lines, false);
    }
    (lines, trailing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_line_kept_before_a_deleted_last_line_ends_new() {
        let needle = Needle::new("a();\n  }\n\nfn b() {", "a();\n  }\n");
        assert_eq!(lines_of_new(&needle), (vec!["a();", "  }", ""], false));
        // Without a blank line before the deleted line, the break is a newline habit.
        let needle = Needle::new("a();\n  }\nfn b() {", "a();\n  }\n");
        assert_eq!(lines_of_new(&needle), (vec!["a();", "  }"], true));
        // `old` ending with a line break: the break ends `new`'s last line as it ends `old`'s.
        let needle = Needle::new("a();\n  }\n\nfn b() {\n", "a();\n  }\n");
        assert_eq!(lines_of_new(&needle), (vec!["a();", "  }"], true));
    }
}
