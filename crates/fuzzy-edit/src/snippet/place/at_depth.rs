//! Of several places, the one where the piece's lines stand at the depths it shows them at.
//!
//! A window pairs the piece's unchanged lines with file lines found by their text; a far
//! window may pair a line the piece shows at the depth of the line above it with a copy
//! nested one block deeper (`self.repo.git.add(path)` under `if need_to_add:` in one branch,
//! two blocks down in another), and delete the lines between. The piece's indentation says
//! which: at the place it means, every line it shows keeps its depth relative to the others.
//! A model re-indents lines it changes (code wrapped in `try:`), so a place with a line at
//! another depth is not ruled out; but when exactly one place keeps every paired line at the
//! piece's depths, pairs as many lines as any other and replaces no more file lines than
//! any other, that place is the piece's.
//!
//! Measured: 19 `ambiguous` refusals of the lazy-snippet set and 7 of the other languages'
//! corpus now exact, none wrong, every `refuse_*` case still refused. Without the condition
//! on the most paired lines, 3 wrong merges (a function's body wrapped in `spawn_blocking`:
//! every line it shows re-indented, and a window pairing only the `}` lines at their depths
//! won); the condition on the fewest replaced lines changes no answer of either set, and
//! keeps out a far window that pairs wrapped lines where they stand in another block (the
//! lines between it and the piece's first line deleted).

use super::{File, Placement};
use crate::normalize::indent_width;

/// Of `places` of the piece `lines`, the one whose paired lines all stand at the piece's
/// depths: when it is the only such place, pairs as many lines as any other and replaces as
/// few file lines (the code lines of its window it does not pair).
pub(super) fn one_at_depth(
    file: &File<'_>,
    lines: &[&str],
    places: &[&Placement],
) -> Option<usize> {
    if places.len() < 2 {
        return None;
    }
    let mut them = (0..places.len()).filter(|&k| at_depth(file, lines, places[k]));
    let one = them.next()?;
    if them.next().is_some()
        || places
            .iter()
            .any(|p| p.pairs.len() > places[one].pairs.len())
    {
        return None;
    }
    // (Counted last: each place's window is read whole, up to thousands of lines a `}`.)
    let own = replaced(file, places[one]);
    places
        .iter()
        .all(|p| replaced(file, p) >= own)
        .then_some(one)
}

/// Whether every paired line of `p` stands at the depth the piece's shift gives it. (Not
/// whether `p` writes it as the file has it: a line in a tab file written with spaces, or
/// flush left, is kept at any depth, and every place of such a piece would count.)
fn at_depth(file: &File<'_>, lines: &[&str], p: &Placement) -> bool {
    p.pairs
        .iter()
        .all(|&(i, q)| indent_width(lines[i]) as isize + p.shift == file.depth(q))
}

/// The code lines of `p`'s window it does not pair: the lines its change replaces.
fn replaced(file: &File<'_>, p: &Placement) -> usize {
    let code = (p.start..p.end).filter(|&q| !file.blank(q)).count();
    code.saturating_sub(p.pairs.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snippet::place::Line;

    /// A placement over `start..end` pairing the piece lines and file lines `pairs`, at
    /// `shift`, writing each paired line as kept.
    fn placed(start: usize, end: usize, pairs: &[(usize, usize)], shift: isize) -> Placement {
        Placement {
            start,
            end,
            out: pairs.iter().map(|&(_, q)| Line::Kept(q)).collect(),
            shift,
            pairs: pairs.to_vec(),
        }
    }

    // The piece: `log()` and `add()` at one depth; the file holds `add()` at that depth after
    // the second `log()` and two blocks deeper after the first.
    const PIECE: [&str; 3] = ["    log()", "    new()", "    add()"];
    const FILE: [&str; 8] = [
        "    log()",
        "    if a:",
        "        if b:",
        "            add()",
        "    log()",
        "    if c:",
        "        x()",
        "    add()",
    ];

    #[test]
    fn the_one_place_at_the_depths_is_chosen() {
        let file = File::new(FILE.to_vec());
        let far = placed(0, 4, &[(0, 0), (2, 3)], 0);
        let near = placed(4, 8, &[(0, 4), (2, 7)], 0);
        assert_eq!(one_at_depth(&file, &PIECE, &[&far, &near]), Some(1));
    }

    #[test]
    fn two_places_at_the_depths_choose_none() {
        let file = File::new(FILE.to_vec());
        let near = placed(4, 8, &[(0, 4), (2, 7)], 0);
        let other = placed(0, 8, &[(0, 0), (2, 7)], 0);
        assert_eq!(one_at_depth(&file, &PIECE, &[&other, &near]), None);
    }

    #[test]
    fn the_place_at_the_depths_must_pair_the_most_lines() {
        let file = File::new(FILE.to_vec());
        let near = placed(4, 8, &[(0, 4), (2, 7)], 0);
        // Three lines paired, one of them deeper than the piece shows it.
        let far = placed(0, 4, &[(0, 0), (1, 1), (2, 3)], 0);
        assert_eq!(one_at_depth(&file, &PIECE, &[&far, &near]), None);
    }

    #[test]
    fn the_place_at_the_depths_must_replace_the_fewest_lines() {
        // The far place replaces `if a:` alone, with `add()` one block deeper than the piece
        // shows it; the near place, at the depths, replaces three lines.
        let file = File::new(vec![
            "    log()",
            "    if a:",
            "        add()",
            "    log()",
            "    if c:",
            "        x()",
            "        y()",
            "    add()",
        ]);
        let far = placed(0, 3, &[(0, 0), (2, 2)], 0);
        let near = placed(3, 8, &[(0, 3), (2, 7)], 0);
        assert_eq!((replaced(&file, &far), replaced(&file, &near)), (1, 3));
        assert_eq!(one_at_depth(&file, &PIECE, &[&far, &near]), None);
    }
}
