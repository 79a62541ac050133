//! A merge's hunks: the regions where one side (the file or the model's `new`) differs from
//! `old`, what the merge makes of each, and the pairing of `old`'s lines with a side's.

use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    File,
    Model,
}

/// A region where one side differs from `old`: `old` lines `old` became that side's lines `new`.
#[derive(Debug, Clone)]
pub(super) struct Hunk {
    pub(super) old: Range<usize>,
    pub(super) new: Range<usize>,
    pub(super) side: Side,
    pub(super) resolution: Resolution,
}

/// What the merge makes of a hunk where it meets the other side's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Resolution {
    /// Written as that side has it.
    Kept,
    /// Left out: the other side's hunk stands for it.
    Dropped,
    /// A model hunk whose lines were merged with the file's, line by line, at the file's
    /// indentation: written as they are.
    Merged(Vec<String>),
}

impl Hunk {
    pub(super) fn dropped(&self) -> bool {
        self.resolution == Resolution::Dropped
    }

    /// Whether two hunks overlap or touch (as in diff3: changes on both sides of the same
    /// boundary, or insertions at the same place, are not independent).
    pub(super) fn touches(&self, other: &Hunk) -> bool {
        self.old.start <= other.old.end && other.old.start <= self.old.end
    }

    /// Whether two hunks change some of the same `old` lines.
    pub(super) fn overlaps(&self, other: &Hunk) -> bool {
        self.old.start < other.old.end && other.old.start < self.old.end
    }
}

pub(super) fn hunks(regions: Vec<(Range<usize>, Range<usize>)>, side: Side) -> Vec<Hunk> {
    regions
        .into_iter()
        .map(|(old, new)| Hunk {
            old,
            new,
            side,
            resolution: Resolution::Kept,
        })
        .collect()
}

/// For each of `n` lines of `old`, the line of the other side it is paired with: the lines
/// outside the hunks, in order.
pub(super) fn paired_lines(n: usize, hunks: &[Hunk]) -> Vec<Option<usize>> {
    let mut eq = vec![None; n];
    let (mut i, mut j) = (0, 0);
    let gaps = hunks
        .iter()
        .map(|h| (h.old.start, h.old.end, h.new.end))
        .chain([(n, n, 0)]);
    for (start, old_end, new_end) in gaps {
        for (offset, slot) in eq[i..start].iter_mut().enumerate() {
            *slot = Some(j + offset);
        }
        (i, j) = (old_end, new_end);
    }
    eq
}

/// The matched `old` line whose depth line `t` of a model hunk takes: the line it replaces
/// (position for position, the last for extra lines), or for a pure insertion the line before
/// it (or after it, at the start).
pub(super) fn paired_old_line(h: &Hunk, t: usize, eq_w: &[Option<usize>]) -> Option<usize> {
    let i = if !h.old.is_empty() {
        h.old.start + t.min(h.old.len() - 1)
    } else if h.old.start > 0 {
        h.old.start - 1
    } else {
        h.old.start
    };
    eq_w.get(i).copied().flatten().map(|_| i)
}
