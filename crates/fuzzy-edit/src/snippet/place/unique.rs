//! A piece whose first shown lines the file repeats (`#[inline]`, `@click.command()`, `/**`)
//! above a line it holds once: the line held once says where the piece stands, and the
//! repeated lines above it are new there, when every place that pairs them would delete the
//! file's code between them and that line.

use super::window::candidates;
use super::{File, Placement};
use crate::snippet::Piece;

/// The one place of `piece` that starts at its first shown line the file holds once after
/// `from` (its lines before that written as new), when each of the places `valid` found
/// pairs one of those earlier lines only by deleting code between it and that line: a model
/// that writes a line the file holds in fourteen places does not say with it where a deletion
/// starts. The index in `held` of that line, and the place; `None` when the piece is not of
/// this shape (it stays ambiguous). With them, the piece's last line paired there.
pub(super) fn unique_start(
    file: &File<'_>,
    piece: &Piece<'_>,
    held: &[usize],
    valid: &[&Placement],
    (from, scope): (usize, Option<usize>),
) -> Option<(usize, Placement, usize)> {
    let lines = &piece.lines;
    let k = held
        .iter()
        .position(|&i| file.occurrences(lines[i], from).len() == 1)
        .filter(|&k| k > 0)?;
    let u = held[k];
    let (mut places, last, _) = candidates(file, piece, &held[k..], from, scope);
    if places.len() != 1 {
        return None;
    }
    let at_u = places.pop().expect("one place");
    // Every other place pairs a line above `u` only across deleted code, or leaves `u` (a
    // line the file holds once) unpaired while pairing fewer of the lines from `u` on.
    let weaker = |p: &Placement| match p.pairs.iter().position(|&(i, _)| i == u) {
        Some(j) => p.pairs[..=j]
            .windows(2)
            .any(|w| (w[0].1 + 1..w[1].1).any(|q| !file.blank(q))),
        None => p.pairs.iter().filter(|&&(i, _)| i >= u).count() < at_u.pairs.len(),
    };
    if !valid.iter().all(|p| weaker(p)) {
        return None;
    }
    Some((k, at_u, last[0].0))
}
