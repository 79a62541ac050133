//! `new` whose own change is to blank lines alone (one removed, whitespace-only lines
//! emptied), every line pasted at another depth alike.
//!
//! [`super::Evidence`] reads a `new` that changes nothing but whitespace as a re-indent the
//! model means. A model that re-indents a block on purpose puts it where the lines around it
//! allow it (into the block the line before opens, out to a depth the line after closes to),
//! and the gate's 1,108 real hunks hold no re-indent of every line of a block whose other
//! change is blank lines. So such a `new` goes to `old`'s depth where, written as given, its
//! first line cannot follow the file's line before the block or its last line cannot precede
//! the line after it, and `old`'s lines can: a block flush left in the middle of a function
//! body, two spaces deeper than the statement before it. Elsewhere (a block at the end of a
//! function, dedented to the depth that follows) the shift may be meant, and stays.
//! (Measured on the gate: `dedent_new_only` / `indent_new_only` / `indent_unit_new_only`
//! *located* 54 / 54 / 71 -> 18 / 12 / 38, +36 / +42 / +33 exact; 0 wrong, no other class
//! moved.)

use super::first_line::opens;
use crate::indent::{IndentHabits, IndentMap};
use crate::normalize::{indent_columns, indent_of};

/// The non-blank lines of `lines`.
fn content<'l>(lines: &[&'l str]) -> Vec<&'l str> {
    lines
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// The file's lines around a block.
pub(in crate::fit) struct Surroundings<'t> {
    /// The nearest non-blank line before the block, then each line before it shallower than
    /// the last (the blocks still open there).
    pub(in crate::fit) open: Vec<&'t str>,
    /// The nearest non-blank line after the block.
    pub(in crate::fit) after: Option<&'t str>,
}

/// `new` moved to `old`'s depth (see the module docs); `file` gives the file's habits (learnt
/// only when the lines show a blank change: they read every line of the file) and `around`
/// the lines around the block. `None` otherwise.
pub(in crate::fit) fn at_olds_depth<'t>(
    old: &[&str],
    new: &[&str],
    file: impl FnOnce() -> IndentHabits,
    around: impl FnOnce() -> Surroundings<'t>,
) -> Option<Vec<String>> {
    let (o, n) = (content(old), content(new));
    let same_lines = o.len() == n.len() && o.iter().zip(&n).all(|(a, b)| a.trim() == b.trim());
    // Where blank lines and trailing blanks are the same too, `new` only re-indents `old`:
    // that is its change. (A whitespace-only line emptied is a change of its own.)
    let shape = |lines: &[&str]| -> Vec<String> {
        lines
            .iter()
            .map(|l| match l.trim() {
                "" => l.to_string(),
                _ => l.trim_start().to_string(),
            })
            .collect()
    };
    if o.is_empty() || !same_lines || shape(old) == shape(new) {
        return None;
    }
    let file = file();
    let (unit, tab) = (file.unit?, file.tab);
    let mut target = IndentHabits::of(old.iter().copied());
    target.style = target.style.or(file.style);
    target.unit = target.unit.or(file.unit);
    let model = IndentHabits::of(new.iter().copied());
    let map = IndentMap::learn(&[(n[0], o[0])], model, || target);
    // A whitespace-only line moves with the block: its blanks may be the change.
    let moved = |l: &str| match l.trim() {
        "" if !l.is_empty() => {
            let mut line = map.apply_near(&format!("{l}."), None);
            line.pop();
            line
        }
        _ => map.apply_near(l, None),
    };
    let alike = o
        .iter()
        .zip(&n)
        .all(|(o, n)| indent_of(&moved(n)) == indent_of(o));
    if map == IndentMap::Identity || !alike {
        return None;
    }
    let around = around();
    let width = |l: &str| indent_columns(l, tab);
    // The block's first line follows the line before it, and its last line is followed by
    // the line after it, at depths the code allows.
    let fits = |block: &[&str]| {
        let (first, last) = (block[0], block[block.len() - 1]);
        // A line shallower than the one before it closes blocks: it stands at the depth of one
        // still open there (before the block, or in it for the line after it).
        let open = |w: usize, lines: &[&str]| lines.iter().any(|l| width(l) == w);
        let first_fits = around.open.first().is_none_or(|b| {
            width(first) == width(b)
                || (opens(b) && width(first) == width(b) + unit)
                || (width(first) < width(b) && open(width(first), &around.open))
        });
        let last_fits = around.after.is_none_or(|a| {
            width(a) == width(last)
                || (opens(last) && width(a) == width(last) + unit)
                || (width(a) < width(last)
                    && (open(width(a), &around.open) || open(width(a), block)))
        });
        first_fits && last_fits
    };
    (fits(&o) && !fits(&n)).then(|| new.iter().map(|l| moved(l)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: [&str; 8] = [
        "class A:",
        "    def f(self, x):",
        "        a = 1",
        "        b = 2",
        "",
        "",
        "        c = 3",
        "        return c",
    ];

    fn moved(old: &[&str], new: &[&str], before: usize, after: usize) -> Option<Vec<String>> {
        let around = || Surroundings {
            open: vec![FILE[before], FILE[1], FILE[0]],
            after: FILE.get(after).copied(),
        };
        at_olds_depth(old, new, || IndentHabits::of(FILE), around)
    }

    #[test]
    fn a_block_pasted_where_its_neighbours_rule_it_out_goes_back() {
        let old = ["        b = 2", "", "", "        c = 3"];
        let want = ["        b = 2", "", "        c = 3"];
        // Flush left in a body, two spaces deeper than the statement before it, or at a
        // depth no open block has.
        for new in [
            ["b = 2", "", "c = 3"],
            ["          b = 2", "", "          c = 3"],
            ["      b = 2", "", "      c = 3"],
        ] {
            assert_eq!(moved(&old, &new, 2, 7).unwrap(), want, "{new:?}");
        }
        // A whitespace-only line added moves with the block: its blanks are the change.
        let old = ["        b = 2", "", "        c = 3"];
        let new = ["b = 2", "    ", "c = 3"];
        let want = ["        b = 2", "            ", "        c = 3"];
        assert_eq!(moved(&old, &new, 2, 7).unwrap(), want);
    }

    #[test]
    fn a_shift_the_neighbours_allow_or_a_re_indent_alone_stays() {
        // Dedented to the depth of the line after it: the block may be moved out on purpose.
        let old = ["        c = 3", "        return c"];
        let new = ["    c = 3", "    return c", ""];
        let around = || Surroundings {
            open: vec![FILE[3], FILE[1], FILE[0]],
            after: Some("    def g(self):"),
        };
        assert_eq!(
            at_olds_depth(&old, &new, || IndentHabits::of(FILE), around),
            None
        );
        // Nothing but the shift: the re-indent is the change.
        let old = ["        b = 2", "", "", "        c = 3"];
        assert_eq!(moved(&old, &["b = 2", "", "", "c = 3"], 2, 7), None);
        // A line changed: for `new_at_old_depth` to read.
        assert_eq!(moved(&old, &["b = 2", "", "c = 4"], 2, 7), None);
    }
}
