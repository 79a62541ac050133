//! A piece found only past the end of the block the snippet was in: the marker before it then
//! stands for the rest of that block and the blocks after it, down to the piece.
//!
//! A marker in a function's body does not stretch over the next function to a `return` there
//! (`window::candidates` refuses such windows as `crosses_scope`): a piece of generic lines
//! may stand in the function the snippet shows, the model writing them new. But a snippet of
//! several changes writes each where it is, often without the enclosing function's first
//! line, and a marker at the depth of the lines after it: `    return latest_dir`, a
//! marker, `        updated_dirnames.append(dirname)` two functions further down. When the
//! piece fits nowhere inside the block, opens with a line the file holds there, and pairs a
//! line that names code and that the file holds once from there on, that line says where the
//! piece is: the piece stands there.
//!
//! Never after a piece that ends with a block's opening line (`class A:` then a marker): the
//! snippet then names the block the piece is in.

use super::unique::DISTINCT_LEN;
use super::window::Crossing;
use super::{File, Placement};
use crate::snippet::Piece;

/// The one window past the block that pairs a line that names code and that the file holds
/// once at or after `from`, when no window inside the block fits (`valid` is empty) and the
/// previous piece opened no block (`scope`).
pub(super) fn across(
    file: &File<'_>,
    piece: &Piece<'_>,
    from: usize,
    scope: Option<usize>,
    (valid, crossing): (&[Placement], &[Crossing]),
) -> Option<Crossing> {
    if !valid.is_empty() || scope.is_some() {
        return None;
    }
    let [(p, l)] = crossing else {
        return None;
    };
    let lines = &piece.lines;
    // The line right after the marker is the file's: the marker ends there. (A piece that
    // opens with new lines leaves open whether the marker covers the block's lines or the
    // new lines replace them: `&self,`, a marker, a new body, then the function's `}`.)
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    if p.pairs.first().map(|&(i, _)| i) != Some(first) {
        return None;
    }
    let names = p.pairs.iter().any(|&(i, _)| {
        lines[i].trim().chars().count() >= DISTINCT_LEN
            && lines[i].chars().any(char::is_alphanumeric)
            && file.occurrences(lines[i], from).len() == 1
    });
    names.then(|| (p.clone(), *l))
}
