//! A long line the model **wrapped in two** in a block it also mistyped here and there: the
//! walk of `typed_lines` pairs `old`'s lines one for one with the file's, so the two halves of
//! a line the file holds whole end it (and `line_slips`, which undoes wraps, wants every line
//! as the file has it). Here two adjacent lines of `old` pair with one line of the file when
//! the line breaks, at a space or beside a bracket, into a head and a tail that each pair with
//! one of them as a line would (equal loosely, or a typing slip); at most one wrap per window,
//! and the window still needs a typing slip on some line. The window is then matched with the
//! halves joined, in `old` and where `new` has them, so the merge sees a line for a line.
//!
//! Measured on the stand-in corpus (9,424 `old`s a model might send, 17 projects in 12
//! languages; `wrap+typos`: a line wrapped at `, ` on both sides and 2-4 lines a letter off):
//! `wrap+typos` exact 22 -> 119 of 200, every other kind unchanged, wrong 9 -> 9 (the same
//! cases); on seeds 13-16 of the same generator (7,980 cases) 10 -> 76 of 140, nothing else
//! changed. The file's spacing at the break, not a space, joins the halves: with a space, a
//! comment aligned in a column moved (1 case of the 97 applied, located, not exact).

use std::rc::Rc;

use crate::align::loose_diff;
use crate::needle::Needle;
use crate::normalize::loose_key;
use crate::text::lines_of;

/// Where a line of the file breaks into the two halves of a wrap: the head's end and the
/// tail's start, in bytes of the trimmed line.
pub(super) fn breaks(line: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let b = line.as_bytes();
    (1..b.len()).filter_map(move |p| {
        if b[p] == b' ' && b[p - 1] != b' ' {
            // `a, b` as `a,` / `b`: the space is the break.
            let tail = p + line[p..].len() - line[p..].trim_start().len();
            (tail < b.len()).then_some((p, tail))
        } else if b[p] != b' '
            && b[p - 1] != b' '
            && (matches!(b[p - 1], b'(' | b'[' | b'{') || matches!(b[p], b')' | b']' | b'}' | b'.'))
        {
            // `f(x` as `f(` / `x`, `a.b()` as `a` / `.b()`: no space in the file.
            Some((p, p))
        } else {
            None
        }
    })
}

/// `needle` with its lines `head` and `head + 1` joined as the file writes the line they wrap
/// (`gap`: the file's spaces at the break, or nothing), in `old` and where `new` has the two
/// halves (as `old` wrote them, or as the file's `parts`); blank edges left off as for any
/// window. `None` when `new` neither repeats both halves nor deletes both: a half changed
/// would replace the file's one line with `new`'s two, which breaks a statement where a line
/// break ends it (a shell command's last flag, a Go method chain, a string literal). An
/// adversarial review's hand cases: 5 wrong edits and 16 lines left split
/// refused; the 44 right merges kept.
pub(super) fn joined_needle(
    needle: &Needle,
    head: usize,
    gap: &str,
    parts: (&str, &str),
) -> Option<Rc<Needle<'static>>> {
    let old: Vec<&str> = needle.lines().collect();
    let join = |a: &str, b: &str| format!("{}{gap}{}", a.trim_end(), b.trim_start());
    let mut old_lines: Vec<String> = old.iter().map(|l| l.to_string()).collect();
    old_lines[head] = join(old[head], old[head + 1]);
    old_lines.remove(head + 1);
    let mut old_text = old_lines.join("\n");
    if needle.trailing_newline() {
        old_text.push('\n');
    }
    let (new, new_trailing) = if needle.new_text().is_empty() {
        (Vec::new(), false)
    } else {
        lines_of(needle.new_text())
    };
    let half = |line: &str, written: &str, file: &str| {
        let key = loose_key(line);
        key == loose_key(written) || key == loose_key(file)
    };
    let at = (0..new.len().saturating_sub(1))
        .find(|&j| half(new[j], old[head], parts.0) && half(new[j + 1], old[head + 1], parts.1));
    let both_deleted = || {
        loose_diff(&old, &new).iter().any(|op| {
            op.tag() == similar::DiffTag::Delete
                && op.old_range().contains(&head)
                && op.old_range().contains(&(head + 1))
        })
    };
    if at.is_none() && !both_deleted() {
        return None;
    }
    let mut new_lines: Vec<String> = new.iter().map(|l| l.to_string()).collect();
    if let Some(j) = at {
        new_lines[j] = join(new[j], new[j + 1]);
        new_lines.remove(j + 1);
    }
    let mut new_text = new_lines.join("\n");
    if new_trailing && !new_lines.is_empty() {
        new_text.push('\n');
    }
    let joined = Needle::owned(old_text, new_text);
    Some(Rc::new(joined.without_blank_edges().unwrap_or(joined)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_breaks_at_its_spaces_and_beside_brackets() {
        let line = "f(a, b)";
        let got: Vec<(usize, usize)> = breaks(line).collect();
        assert_eq!(got, [(2, 2), (4, 5), (6, 6)]);
    }

    #[test]
    fn the_halves_are_joined_in_old_and_where_new_repeats_them() {
        let needle = Needle::new(
            "x\n    call(a,\n        b)\ny",
            "x\n    call(a,\n        b)\nz",
        );
        let joined = joined_needle(&needle, 1, " ", ("call(a,", "b)")).unwrap();
        assert_eq!(joined.old_text(), "x\n    call(a, b)\ny");
        assert_eq!(joined.new_text(), "x\n    call(a, b)\nz");
        // Both halves deleted: joined in `old` alone.
        let needle = Needle::new("x\n    call(a,\n        b)\ny", "x\ny");
        let joined = joined_needle(&needle, 1, " ", ("call(a,", "b)")).unwrap();
        assert_eq!(joined.new_text(), "x\ny");
        // A half changed: no reading of the one line `new` means.
        let needle = Needle::new(
            "x\n    call(a,\n        b)\ny",
            "x\n    call(a,\n        c)\ny",
        );
        assert!(joined_needle(&needle, 1, " ", ("call(a,", "b)")).is_none());
    }
}
