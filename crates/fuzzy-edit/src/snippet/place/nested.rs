//! Of the windows a piece fits, those that hold another one: a window reaching from a far copy
//! of the piece's first line (a `}` closing an earlier block) deletes, by omission, every line
//! up to the rest of the piece, where a nearer window keeps them. Which of two nested windows
//! stands, or whether both stay open and the piece is refused as ambiguous.
//!
//! The smaller window prunes only when it pairs every line of the piece the larger one pairs
//! (it explains the piece as well, without the larger one's deletion). It once had to pair
//! every line of the piece the file holds anywhere, and a new line that happened to stand in
//! another class (`constructor(`) kept a window from a `}` 300 lines up open: on the
//! lazy-snippet set and the other-language corpus 32 and 22 more merged exact, no wrong merge
//! added.

use super::{File, Line, Placement};
use crate::snippet::Piece;

/// The windows of `valid` that stand: those no standing window nested inside them prunes
/// ([`prunes`]), with their `last` (beside each window, the piece's last paired line and how
/// many of the piece's lines up to it the file holds); `f` is the piece's first line the file
/// holds.
///
/// (Smaller windows first, and a pruned window prunes nothing: else the nearest window, which
/// prunes a middle one, stood alone where the far one was the place and the middle one had
/// pruned it; `#`, `#` above and below a changed line, each pair of `#` lines a window.)
pub(super) fn standing(
    file: &File<'_>,
    piece: &Piece<'_>,
    f: usize,
    (valid, last): (Vec<Placement>, Vec<(usize, usize)>),
) -> (Vec<Placement>, Vec<(usize, usize)>) {
    let lines = &piece.lines;
    let next = (f + 1..lines.len()).find(|&i| !lines[i].trim().is_empty());
    // (Each window's own traits once: the pruning compares every two windows, and up to
    // thousands of `}` windows each scanning its lines per comparison took seconds.)
    let traits: Vec<Traits> = valid
        .iter()
        .map(|w| Traits::of(file, lines, next, w))
        .collect();
    let mut by_size: Vec<usize> = (0..valid.len()).collect();
    by_size.sort_by_key(|&k| valid[k].end - valid[k].start);
    let mut pruned = vec![false; valid.len()];
    for (n, &k) in by_size.iter().enumerate() {
        pruned[k] = by_size[..n]
            .iter()
            .filter(|&&j| !pruned[j] && traits[j].changes)
            .any(|&j| {
                prunes(file, (&valid[k], &traits[k]), (&valid[j], &traits[j]))
                    && covers(&valid[j], &valid[k])
            });
    }
    valid
        .into_iter()
        .zip(last)
        .zip(pruned)
        .filter(|(_, pruned)| !pruned)
        .map(|(w, _)| w)
        .unzip()
}

/// What the pruning asks of one window on its own.
struct Traits {
    /// It changes something ([`Placement::changes`]).
    changes: bool,
    /// The first change it makes, from its top, deletes lines of code and writes none
    /// ([`Placement::first_change_deletes`]).
    first_change_deletes: bool,
    /// It deletes a line of code between its first two pairs ([`deletes`]).
    deletes_first: bool,
    /// It deletes a line of code between its last two pairs.
    deletes_last: bool,
    /// [`leaves_block`].
    leaves_block: bool,
    /// Its second pair is the piece's next line of code after its first line (`f`).
    pairs_next: bool,
    /// It shows two unchanged lines of code or more before its change, and as many after it,
    /// or no farther from that than one line before ([`far_first_line`]).
    even: bool,
}

impl Traits {
    /// `next`: the piece's next line of code after its first line the file holds.
    fn of(file: &File<'_>, lines: &[&str], next: Option<usize>, w: &Placement) -> Self {
        let (before, after) = (
            kept_run(file, lines, w.out.iter()),
            kept_run(file, lines, w.out.iter().rev()),
        );
        Traits {
            changes: w.changes(file, lines),
            first_change_deletes: w.first_change_deletes(file, lines, false),
            deletes_first: deletes(file, w, 0),
            deletes_last: deletes(file, w, w.pairs.len().saturating_sub(2)),
            leaves_block: leaves_block(file, w),
            pairs_next: next.is_some() && w.pairs.get(1).map(|&(j, _)| j) == next,
            even: before >= 2 && before.abs_diff(after) <= after.abs_diff(1),
        }
    }
}

/// Whether the window `q`, inside `p`, is where the piece stands rather than `p`: `q` changes
/// something and pairs every line `p` pairs (the caller asks only of such windows), and on
/// each side where the two differ, `p` only deletes more. The larger window would delete the
/// lines between by omission (`x`, `y` shown, the file `x ... x z y`: the second `x`, deleting
/// `z`). When the smaller window changes nothing (the piece deletes a copy of its own lines)
/// or leaves a line `p` pairs as new, the places stay open and the piece is refused as
/// ambiguous.
///
/// A larger window that [`rejoins`] two blocks above `q` does not give way when `q`'s own
/// first change is a deletion: `}`, `}` shown above a deleted block, the file holding another
/// such block ending in `}`, `}` right above it. Deleting one block or both reads the same
/// from the snippet. On the other-language corpus 8 merges (2 hunks) were wrong that way; they
/// are refused now, and with them 16 merged right (the nearer reading) and 1 sound; on the
/// lazy-snippet set, 6 merged right.
fn prunes(file: &File<'_>, (p, tp): (&Placement, &Traits), (q, tq): (&Placement, &Traits)) -> bool {
    p.start <= q.start
        && q.end <= p.end
        && (q.start, q.end) != (p.start, p.end)
        && (p.start == q.start
            || tq.deletes_first
            || tp.leaves_block
            || far_first_line(tp, tq)
            || (rejoins(file, p.start, q.start) && !tq.first_change_deletes))
        && (p.end == q.end || tq.deletes_last || rejoins(file, q.end - 1, p.end - 1))
}

/// Whether `q` pairs every line of the piece that `p` pairs. (Both list their pairs in the
/// piece's order: one walk through `q`'s.)
fn covers(q: &Placement, p: &Placement) -> bool {
    let mut mine = q.pairs.iter().map(|&(j, _)| j);
    p.pairs.iter().all(|&(i, _)| mine.any(|j| j == i))
}

/// Whether the window deletes a line of code between its pairs `k` and `k + 1`: then both
/// windows read "delete between these lines", and the nearer extent wins. When the piece's
/// lines stand together at the smaller place, a deletion meant at the larger one cannot be
/// told from none (measured on the stand-in corpus: pruning without this condition merged 2
/// of its cases wrong; with it, those are refused along with 19 it had merged right), but for
/// [`far_first_line`].
fn deletes(file: &File<'_>, q: &Placement, k: usize) -> bool {
    q.pairs.len() >= 2 && (q.pairs[k].1 + 1..q.pairs[k + 1].1).any(|i| !file.blank(i))
}

/// Whether `p` pairs only the piece's first line far above `q`, to delete every line between
/// it and the rest of the piece, which stands together at `q`: both windows pair the piece's
/// next line of code, `p` after a deletion that `q` does not make. Two readings: a generic
/// first line (`}`, `end`, `fi`, `)`, `/**`) kept beside the change at `q`, or kept far above
/// with the code below it deleted at `p`. `q` stands when the piece shows at least two
/// unchanged lines of code before its change at `q`, and as many after it as before, or no
/// farther from that than at `p` (where it shows one, then the deletion): a model shows the
/// code around its change evenly (a `}`, `// merge options` and a changed line above `// set
/// .cache` reads as the block between deleted at `p`; `/**`, a comment line and `*/` above a
/// changed method and its `}`, `}` below reads as the method's comment kept). New lines above
/// the first line are part of the change: none is unchanged before it at `q`, and a stale copy
/// of the line above the far `}` stays refused.
///
/// Measured on the lazy-snippet set (8,597 cases) and the other-language corpus (13,212): 91
/// and 145 more merged exact, none wrong; without the evenness condition 27 more on the
/// corpus, but 4 merged at the wrong `}` or `fi` (one line of context, a block deleted below
/// it). The review's 8,642 perturbed snippets: 62 more exact, 2 at a wrong place (a context
/// line dropped right above a deleted block; two pieces out of file order). A tie counted
/// for `q` (three lines before the change, two after) merged 15 more of the corpus (5 hunks),
/// none wrong; with one line before, a tie is the far reading's own shape and stays open.
fn far_first_line(tp: &Traits, tq: &Traits) -> bool {
    tp.deletes_first && tp.pairs_next && tq.pairs_next && tq.even
}

/// How many of the file's lines of code a placement keeps together from one end of what it
/// writes (`out`, or `out` reversed): up to its first new line of code or deleted line.
fn kept_run<'a>(file: &File<'_>, lines: &[&str], out: impl Iterator<Item = &'a Line>) -> usize {
    let mut n = 0;
    let mut prev: Option<usize> = None;
    for l in out {
        match *l {
            Line::New(i) if lines[i].trim().is_empty() => {}
            Line::New(_) => break,
            Line::Kept(q) if file.blank(q) => {}
            Line::Kept(q) => {
                if let Some(r) = prev {
                    if (q.min(r) + 1..q.max(r)).any(|i| !file.blank(i)) {
                        break;
                    }
                }
                prev = Some(q);
                n += 1;
            }
        }
    }
    n
}

/// Whether the file's lines strictly between lines `a` and `b` hold one shallower than both:
/// a window reaching from `a` to `b` would delete the end of one block and the start of the
/// next, joining two blocks into one. A copy of a piece's edge line in another block (a
/// second `def __str__(self):` a class earlier) is not where the piece stands when a place
/// without that far reach fits it: a model deletes whole blocks by omission, not the seam
/// between two.
fn rejoins(file: &File<'_>, a: usize, b: usize) -> bool {
    let floor = file.depth(a).min(file.depth(b));
    (a + 1..b).any(|i| !file.blank(i) && file.depth(i) < floor)
}

/// Whether the placement keeps a line that opens a block (`def f(x) -> bool:`, `fn f() {`:
/// the file's next line is deeper) and deletes, before its next kept line, a line as shallow as
/// that one: the block's body and end go, and the kept line heads the lines of another block.
/// A model that rewrites a body writes its new lines under the kept line; it does not delete
/// the rest of a function and the start of the next by omission. The nearer place that keeps
/// the piece's lines together is where it stands (a `) -> bool:` closing two signatures).
fn leaves_block(file: &File<'_>, p: &Placement) -> bool {
    let [(_, a), (_, b), ..] = p.pairs[..] else {
        return false;
    };
    let Some(next) = (a + 1..b).find(|&i| !file.blank(i)) else {
        return false;
    };
    let depth = file.depth(a);
    file.depth(next) > depth && (next..b).any(|i| !file.blank(i) && file.depth(i) <= depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_over_the_seam_of_two_blocks_rejoins_them() {
        let lines = vec![
            "class A:",
            "    def f(self):",
            "        a",
            "class B:",
            "    def f(self):",
        ];
        let file = File::new(lines);
        assert!(rejoins(&file, 1, 4));
        assert!(!rejoins(&file, 1, 2));
        // Deleting a whole sibling block between two lines at its depth joins nothing.
        let file = File::new(vec!["}", "fn b() {", "    x", "}", "fn c() {"]);
        assert!(!rejoins(&file, 0, 4));
    }
}
