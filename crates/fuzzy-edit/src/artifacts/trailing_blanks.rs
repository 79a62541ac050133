//! Trailing blanks (spaces, tabs) the model ends lines of `new` with where the file does not
//! carry them: a copying habit that no linter lets through and no diff shows.

use crate::normalize::indent_of;
use crate::text::Text;
use crate::thresholds::TRAILING_BLANK_HABIT;

/// `new` without the trailing blanks on the lines the model wrote fresh (not lines of `old` as
/// written), unless the file's own lines commonly end in blanks (at least a quarter of its
/// non-blank lines, or of its blank ones for a line of blanks only: an editor that keeps them),
/// a line of blanks is indented as the line before or after it (an editor's auto-indent), or,
/// in prose, the blanks are a Markdown hard line break (two spaces or more after text) that
/// `old` or the file uses too, or they end a line inside a multi-line string. The last line of `new`, when it has no line ending, is left
/// alone unless `old`'s last line is a whole line of the file: the span may end inside a line,
/// where the blank separates it from the text that follows.
pub(super) fn strip_trailing_blanks(
    text: &Text,
    old: &str,
    new: &str,
    prose: bool,
) -> Option<String> {
    let ends_blank = |l: &str| l.ends_with([' ', '\t']);
    let pieces: Vec<&str> = new.split_inclusive('\n').collect();
    let old_lines: Vec<&str> = old.lines().collect();
    let fresh = |p: &str| ends_blank(body(p)) && !old_lines.contains(&body(p));
    if !pieces.iter().any(|p| fresh(p)) {
        return None;
    }
    let file = text.as_str();
    let habit = Habit::of(file);
    let hard_break = |l: &str| l.ends_with("  ") && !l.trim().is_empty();
    let breaks_in = |s: &str| s.lines().any(hard_break);
    let breaks_used = prose && (breaks_in(old) || breaks_in(file));
    let last_is_whole_line = || {
        let last = old.lines().next_back().unwrap_or("").trim();
        !last.is_empty() && file.lines().any(|l| l.trim() == last)
    };
    // A blank line indented as a neighbour is an editor's auto-indent, not a copying slip.
    let auto_indent = |i: usize| {
        let line = body(pieces[i]);
        let next = pieces[i + 1..]
            .iter()
            .map(|p| body(p))
            .find(|l| !l.trim().is_empty());
        let prev = pieces[..i]
            .iter()
            .rev()
            .map(|p| body(p))
            .find(|l| !l.trim().is_empty());
        [prev, next]
            .into_iter()
            .flatten()
            .any(|n| indent_of(n) == line)
    };
    let mut open = Open::default();
    let mut out = String::with_capacity(new.len());
    for (i, piece) in pieces.iter().enumerate() {
        let line = body(piece);
        let unterminated = i + 1 == pieces.len() && line.len() == piece.len();
        let in_string = !prose && open.after(line);
        let keep = !fresh(piece)
            || in_string
            || if line.trim().is_empty() {
                habit.blank_lines || auto_indent(i)
            } else {
                habit.lines || (breaks_used && hard_break(line))
            }
            || (unterminated && !last_is_whole_line());
        if keep {
            out.push_str(piece);
        } else {
            out.push_str(line.trim_end_matches([' ', '\t']));
            out.push_str(&piece[line.len()..]);
        }
    }
    // Blanks that are all the edit changes are what it asks for.
    (out != new && out != old).then_some(out)
}

/// Which multi-line string literals (`"""`, `'''`, `` ` ``) are open: a blank at the end of a
/// line inside one is the string's text.
#[derive(Default)]
struct Open {
    quotes: [bool; 3],
}

impl Open {
    /// Whether a string is still open after `line`.
    fn after(&mut self, line: &str) -> bool {
        for (open, quote) in self.quotes.iter_mut().zip(["\"\"\"", "'''", "`"]) {
            *open ^= line.matches(quote).count() % 2 == 1;
        }
        self.quotes.iter().any(|&o| o)
    }
}

/// Whether the file's lines commonly end in blanks.
struct Habit {
    /// Its non-blank lines.
    lines: bool,
    /// Its blank lines (indented blank lines).
    blank_lines: bool,
}

impl Habit {
    fn of(file: &str) -> Habit {
        let (mut lines, mut ending_blank, mut blank, mut indented_blank) = (0, 0, 0, 0);
        for l in file.lines() {
            let l = l.trim_end_matches('\r');
            let ends = l.ends_with([' ', '\t']);
            if l.trim().is_empty() {
                blank += 1;
                indented_blank += usize::from(ends);
            } else {
                lines += 1;
                ending_blank += usize::from(ends);
            }
        }
        let common = |n: usize, of: usize| of > 0 && n * TRAILING_BLANK_HABIT >= of;
        Habit {
            lines: common(ending_blank, lines),
            blank_lines: common(indented_blank, blank),
        }
    }
}

fn body(piece: &str) -> &str {
    piece.trim_end_matches(['\n', '\r'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(file: &str, old: &str, new: &str, prose: bool) -> String {
        strip_trailing_blanks(&Text::new(file), old, new, prose).unwrap_or_else(|| new.into())
    }

    #[test]
    fn blanks_only_new_ends_lines_with_go() {
        let file = "def f():\n    a = 1\n    return a\n";
        let old = "    a = 1\n    return a";
        let new = "    a = 2  \n    b = 3\t\n  \n    return a";
        assert_eq!(
            strip(file, old, new, false),
            "    a = 2\n    b = 3\n\n    return a"
        );
        // A blank line at its neighbours' depth is auto-indent; an edit of blanks alone is
        // what the edit asks for.
        let new = "    a = 2\n    \n    return a";
        assert_eq!(strip(file, old, new, false), new);
        assert_eq!(strip(file, "a = 1", "a = 1 ", false), "a = 1 ");
        // A line of old as written is old's (the file's bytes are kept there anyway).
        let old = "    a = 1  \n    return a";
        assert_eq!(
            strip(file, old, "    a = 1  \n    c = 0", false),
            "    a = 1  \n    c = 0"
        );
    }

    #[test]
    fn blanks_the_file_commonly_carries_stay() {
        let file = "a = 1  \nb = 2\nc = 3 \n\nd = 4\n";
        assert_eq!(strip(file, "b = 2", "b = 5  ", false), "b = 5  ");
        // Indented blank lines where the file has them.
        let file = "if x:\n    a = 1\n    \n    b = 2\n";
        let new = "    a = 1\n    \n    c = 3";
        assert_eq!(strip(file, "    a = 1\n    b = 2", new, false), new);
    }

    #[test]
    fn a_markdown_hard_break_stays_where_the_text_uses_them() {
        let file = "Roses are red,  \nviolets blue.\n\nOne.\nTwo.\nThree.\n\nEnd.\n";
        let new = "Sugar is sweet,  \nand so are you.\n";
        assert_eq!(strip(file, "End.\n", new, true), new);
        // Not in code, and not where the file has none.
        assert_eq!(
            strip(file, "End.\n", new, false),
            "Sugar is sweet,\nand so are you.\n"
        );
        let plain = "Roses are red,\nviolets blue.\n";
        assert_eq!(
            strip(plain, "violets blue.\n", new, true),
            "Sugar is sweet,\nand so are you.\n"
        );
    }

    #[test]
    fn a_blank_inside_a_multi_line_string_is_text() {
        let file = "class E(Exception):\n    pass\n";
        let new = "    \"\"\"Raised when the command \n    fails.\"\"\"\n    x = 1 ";
        assert_eq!(
            strip(file, "    pass", new, false),
            "    \"\"\"Raised when the command \n    fails.\"\"\"\n    x = 1"
        );
    }

    #[test]
    fn a_span_that_may_end_inside_a_line_keeps_its_last_blank() {
        // `return ` ends inside `return x`: the space separates it from `x`.
        let file = "def f(x):\n    return x\n";
        assert_eq!(strip(file, "return ", "yield ", false), "yield ");
        assert_eq!(
            strip(file, "    return x", "    return y ", false),
            "    return y"
        );
    }
}
