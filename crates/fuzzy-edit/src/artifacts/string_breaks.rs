//! Line breaks a whole-escaped `new` hid inside what reads as a string literal.
//!
//! A one-line `new` standing for a multi-line `old` is decoded outside string literals only
//! (a `'\n'` is the program's). But a docstring (`'''` then its text on the next line) or an
//! apostrophe in prose (`e.g. 'x occurred,\n 7 times'`) reads as a literal the escaped break
//! falls inside, and the decoded line keeps `\n` where `old` has two lines. Such a line is
//! split where every piece it splits into is a line of `old`, retyped or rewritten: a `\n`
//! inside a real literal (`print("a\nb")`) leaves a piece, `print("a`, that is no line of the
//! file. `old` must have no `\n` escape of its own: then the program writes none either.

use crate::align::line_similarity;
use crate::normalize::loose_equal;

/// `decoded` (a whole-escaped `new`, decoded outside strings) with each line that still holds
/// `\n` escapes split at them, where every piece is one of `old`'s lines; `None` when no line
/// is.
pub(super) fn split_at_olds_lines(decoded: &str, old: &str, echo: f64) -> Option<String> {
    if old.contains("\\n") || !decoded.contains("\\n") {
        return None;
    }
    let old_lines: Vec<&str> = old.lines().collect();
    let olds_blank = old_lines.iter().any(|l| l.trim().is_empty());
    let olds_line = |piece: &str| {
        if piece.trim().is_empty() {
            return olds_blank;
        }
        old_lines
            .iter()
            .any(|o| loose_equal(piece, o) || line_similarity(piece, o) >= echo)
    };
    let mut changed = false;
    let lines: Vec<String> = decoded
        .split('\n')
        .map(|line| {
            let pieces: Vec<&str> = line.split("\\n").collect();
            let split = pieces.len() >= 2
                && !old_lines.iter().any(|o| loose_equal(line, o))
                && pieces.iter().all(|p| olds_line(p));
            if split {
                changed = true;
                pieces.join("\n")
            } else {
                line.to_string()
            }
        })
        .collect();
    changed.then(|| lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_docstring_split_by_an_escaped_break_is_split_where_old_has_its_lines() {
        let old = "def f():\n    '''\n    Return the parent.\n    '''\n    return p";
        // `'''` read as `''` and an open `'`: the breaks inside were kept escaped.
        let decoded = "def f():\n    '''\\n    Return the parent.\\n    '''\n    return q";
        assert_eq!(
            split_at_olds_lines(decoded, old, 0.8).unwrap(),
            "def f():\n    '''\n    Return the parent.\n    '''\n    return q"
        );
    }

    #[test]
    fn a_break_inside_a_real_literal_stays_escaped() {
        // `print("a` is no line of `old`: the `\n` is the program's.
        let old = "a\nb\nx = 1";
        let decoded = "print(\"a\\nb\")\nx = 2";
        assert_eq!(split_at_olds_lines(decoded, old, 0.8), None);
        // Nor where `old` writes escapes of its own.
        let old = "s = 'a\\n'\nx = 1";
        assert_eq!(split_at_olds_lines("s = 'a\\n'\nx = 2", old, 0.8), None);
    }
}
