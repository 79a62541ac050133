//! A piece pinned by a line the file holds once, whose other lines stand both right beside
//! that line and again farther off: the place beside it is where the piece stands.
//!
//! Its windows then all pair the pin at the one file line it stands at, and pair the same
//! lines of the piece; they differ only in how far from the pin the repeated lines are
//! found. The nearest window keeps them where the piece writes them, next to the pin; every
//! farther one deletes, besides, the lines between the two copies, a copy of the piece's own
//! lines among them. The pin is evidence for the place around it; the repeated lines add
//! none to either reading, so they are read where the pin puts them.
//!
//! Measured on the stand-in corpus's ten draws: 77 `ambiguous` refusals now right (76
//! exact), no new wrong merge, no must-refuse case applied; `lazy-snippet` 3,540 → 3,561
//! exact, 0 wrong. (Repeated lines of any length: 167 right, 0 wrong; held open for `};`.) Hand-written twins (one function edited with a line omitted, its twin
//! without) answer as before: 76 cases, none merged that was refused.

use super::{File, Line, Placement};
use crate::snippet::Piece;

/// Of several windows, the one nearest the pin when the piece has one: a line of at least
/// [`DISTINCT_LEN`](super::unique::DISTINCT_LEN) characters, with a letter or digit, that
/// the file holds once and the window pairs. Every other window holds it strictly (they share
/// the pin, so they differ on the far side of the repeated lines), pairs the same lines of
/// the piece, and nothing else decides between them (`best_explained` did not). The nearest
/// must change something: a piece that changes nothing beside the pin means the farther
/// window's deletion, and stays refused as ambiguous. So does a new line beyond the
/// repeated lines, repeated lines all shorter than `DISTINCT_LEN`, and any shape where the
/// windows are not nested (two twin functions, one edited with a line omitted).
pub(super) fn nearest_pinned(
    file: &File<'_>,
    piece: &Piece<'_>,
    places: &[&Placement],
) -> Option<usize> {
    if places.len() < 2 {
        return None;
    }
    let lines = &piece.lines;
    let pinned = |i: usize| {
        let t = lines[i].trim();
        t.chars().count() >= super::unique::DISTINCT_LEN
            && t.chars().any(char::is_alphanumeric)
            && file.occurrences(lines[i], 0).len() == 1
    };
    let near = places
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| p.end - p.start)?
        .0;
    let q = places[near];
    if !q.pairs.iter().any(|&(i, _)| pinned(i)) {
        return None;
    }
    let shown: Vec<usize> = q.pairs.iter().map(|&(i, _)| i).collect();
    let holds = |p: &Placement| {
        p.start <= q.start
            && q.end <= p.end
            && (p.start, p.end) != (q.start, q.end)
            && p.pairs.iter().map(|&(i, _)| i).eq(shown.iter().copied())
    };
    if !places
        .iter()
        .enumerate()
        .all(|(k, p)| k == near || holds(p))
    {
        return None;
    }
    // (A new line beyond the repeated ones, on the side where the windows differ, is not
    // placed by the pin: it may be an edit of the file's line beside either copy, `f(ext)`
    // written `f2(ext)` above a `}` the file holds at the end of every function.)
    let code = |i: &usize| !lines[*i].trim().is_empty();
    let (first, last) = (q.pairs.first()?.0, q.pairs.last()?.0);
    let open_before = (0..first).any(|i| code(&i)) && places.iter().any(|p| p.start < q.start);
    let open_after =
        (last + 1..lines.len()).any(|i| code(&i)) && places.iter().any(|p| p.end > q.end);
    if open_before || open_after {
        return None;
    }
    // (The lines found farther off must name code: a `};` or `}` repeated before the pin
    // stands at the end of any block, and the farther window then deletes one whole sibling
    // block (`const d = {...};`), a deletion a model makes by omission.)
    let long = |i: usize| super::unique::DISTINCT_LEN <= lines[i].trim().chars().count();
    let moved = |p: &Placement| {
        p.pairs
            .iter()
            .zip(&q.pairs)
            .any(|(&(i, a), &(_, b))| a != b && long(i))
    };
    if !places
        .iter()
        .enumerate()
        .all(|(k, p)| k == near || moved(p))
    {
        return None;
    }
    let changes = q
        .out
        .iter()
        .any(|l| matches!(l, Line::New(i) if !lines[*i].trim().is_empty()))
        || q.pairs
            .windows(2)
            .any(|w| (w[0].1 + 1..w[1].1).any(|i| !file.blank(i)));
    changes.then_some(near)
}
