//! A piece found only past the end of the block the snippet was in: the marker before it then
//! stands for the rest of that block and the blocks after it, down to the piece.
//!
//! A marker in a function's body does not stretch over the next function to a `return` there
//! (`window::candidates` refuses such windows as `crosses_scope`): the piece may be meant for
//! the function the snippet shows, its lines copied from a later one (a call written again,
//! a stale copy of a twin function's line). But a snippet of several changes writes each
//! where it is, often without the enclosing function's first line: `    return latest_dir`, a
//! marker, then three lines of context, the change and three more, two functions further
//! down. The piece stands there when all of these hold:
//!
//! - it fits nowhere inside the block, the previous piece opened no block (`class A:` then a
//!   marker names the block the piece is in), and it fits one place past it;
//! - that place pairs the piece's first line and at least [`MIN_PAIRED`] of its lines, among
//!   them one of ten characters or more that the file holds nowhere else (held again before
//!   the previous piece, it is a twin the pieces may have been written out of order for);
//! - every line of the piece that the file holds from the marker on is paired there, and so is
//!   every one of ten characters or more that it holds anywhere (a line the block holds, or a
//!   line before the previous piece, written new past the block says the piece may be meant
//!   for that place: a copy, or pieces written out of order);
//! - no paired line of ten characters or more has a look-alike inside the block (a stale copy
//!   of the block's line that a twin function holds as written); the blocks the marker passes
//!   over whole are not looked in.
//!
//! Measured by an adversarial review of a first version without the last three conditions:
//! 2,703 wrong merges of 6,585 generated pieces copied from a later function or quoting a
//! stale twin (all refused before); with them none. The figures: `docs/snippets.md`.

use super::unique::names_code;
use super::window::Crossing;
use super::{File, Placement};
use crate::align::LineLike;
use crate::normalize::indent_width;
use crate::snippet::Piece;
use crate::thresholds::PAST_BLOCK_LOOK_ALIKE;

/// Lines of the piece the place past the block pairs at least: three lines of context or more
/// around a change, as a snippet of several changes shows each.
const MIN_PAIRED: usize = 3;

/// The one window past the block where the piece stands (see the module's conditions), when
/// no window inside the block fits (`valid` is empty).
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
    let code = |i: &usize| !lines[*i].trim().is_empty();
    let first = (0..lines.len()).find(code)?;
    let long = |i: usize| names_code(lines[i]) && lines[i].chars().any(char::is_alphanumeric);
    if p.pairs.first().map(|&(i, _)| i) != Some(first) || p.pairs.len() < MIN_PAIRED {
        return None;
    }
    let names = p
        .pairs
        .iter()
        .any(|&(i, _)| long(i) && file.occurrences(lines[i], 0).len() == 1);
    let all_held_paired = (0..lines.len()).filter(code).all(|i| {
        let held_from = if long(i) { 0 } else { from };
        p.pairs_line(i) || file.occurrences(lines[i], held_from).is_empty()
    });
    if !names || !all_held_paired {
        return None;
    }
    // The block's lines may be the whole file: each paired line is compared with them through
    // its key, made once, and a length and character-count bound that rules most lines out
    // (one `line_similarity` per pair of lines took a 200k-line file from 46 to 410 ms).
    let paired_long: Vec<LineLike> = p
        .pairs
        .iter()
        .filter(|&&(i, _)| long(i))
        .map(|&(i, _)| LineLike::new(lines[i]))
        .collect();
    let look_alike_inside = (from..block_end(file, piece, from, p)).any(|q| {
        !file.blank(q)
            && paired_long.iter().any(|like| {
                like.at_least(file.lines[q], PAST_BLOCK_LOOK_ALIKE)
                    .is_some()
            })
    });
    (!look_alike_inside).then(|| (p.clone(), *l))
}

/// Where the block the marker before the piece stands in ends: its first line of code from
/// `from` on shallower than both the marker and the piece's first line (at the place's depth
/// shift) and than the last line of code before `from`, or the place. The piece's stale copy
/// of a line is looked for there, not in the blocks between it and the place, which the
/// marker passes over whole (a test file's `assert result.exit_code == 0` in every test).
fn block_end(file: &File<'_>, piece: &Piece<'_>, from: usize, p: &Placement) -> usize {
    let first = piece.lines.iter().find(|l| !l.trim().is_empty());
    let (Some(marker), Some(first)) = (piece.marker_before, first) else {
        return p.start;
    };
    let mut floor = (marker as isize).min(indent_width(first) as isize) + p.shift;
    if let Some(above) = (0..from).rev().find(|&i| !file.blank(i)) {
        floor = floor.min(file.depth(above));
    }
    (from..p.start)
        .find(|&q| !file.blank(q) && file.depth(q) < floor)
        .unwrap_or(p.start)
}
