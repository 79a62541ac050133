//! Rule 3: how near the edit's change a line changed since must stand to refuse: near it (one line
//! between, as git sees changes touch), or, in a block of one or two lines changed in place
//! ([`few_drifted`], [`changed_in_place`]) none of which stands as `old` has it beside its
//! neighbour elsewhere in the file ([`differing_read_elsewhere`]: a sibling) and none of which
//! lost a word a line the edit writes uses ([`uses_lost_word`]), only where the edit touches it:
//! a line it rewrites or deletes and the line on each side, or the two lines around a place it
//! inserts lines and the line beyond each (git's conflict). With a line between, such a line is
//! context the model keeps: the merge keeps the file's version and reports it (`differences`),
//! as the issue asks of one or two drifted lines. A number changed since on a line the edit
//! rewrites refuses whatever the block ([`number_touched`]); another statement in a line's
//! place refuses near the change still (`near_change_changed_since`).
//!
//! Measured on the attack set outside the repository (9,424 cases of 57 kinds): `stale2+crlf`
//! / `indent` / `none` (two kept lines drifted) exact 31 / 24 / 25 -> 39 / 33 / 31 of 96,
//! `comment+*` 3 more exact, no case lost; wrong 3 (the same ids), every must-refuse kind
//! unchanged case for case. Held out (17,955, not tuned on): 8,098 -> 8,160 exact, none lost,
//! wrong 13 (the same ids). `benches/stale_blocks.py` seeds 1 / 2: blocks of 1 or 2 drifted
//! lines landing 1,837 -> 1,857 and 1,854 -> 1,877, must-refuse blocks merged 2 / 0 as before.
//! A first version refused only lines the edit rewrites or inserts beside (attack set 56 / 49 /
//! 46): an adversarial review wrote 23 wrong merges and 3 coin tosses with it, a drifted line
//! right beside the change changing what the change means (`if balance < amount` now `>=`
//! above the model's `raise`, `cd "$DIR"` gone above its `rm -rf ./*`). Without the sibling
//! test, a held-out `staleacross+crlf` block (a workflow's `- name:` steps renamed since in one
//! job) landed in the other job; without the in-place test, the gate's real-patch record 287
//! (a `327` read as a line) landed far from its task.

use super::name_read_elsewhere::names;
use super::stale_line::number_changed;
use crate::align::{loose_diff, Alignment};
use crate::text::Text;
use crate::thresholds::{MAX_PLACES_ASKED, MIN_DRIFTED_LINES};

/// The first line of `old` the edit touches (rewrites, or inserts lines beside: `touched`)
/// that stands opposite a line of the block holding another number in its place
/// ([`number_changed`]): the file changed the line since the model read it (`#define X_ONCE 0`
/// now `1`), and the edit was written against the old value.
pub(super) fn number_touched(
    alignment: &Alignment,
    (old, new): (&[&str], &[&str]),
    window: &[&str],
    touched: &[bool],
    slash_comments: &dyn Fn() -> bool,
) -> Option<usize> {
    // A line `new` writes as the file has it is the change made already, not a drift.
    let written: std::collections::HashSet<u64> = new
        .iter()
        .map(|l| crate::normalize::loose_hash(l))
        .collect();
    alignment
        .replaced
        .iter()
        .filter(|&&(i, j)| {
            touched[i] && !written.contains(&crate::normalize::loose_hash(window[j]))
        })
        .find(|&&(i, j)| number_changed(old[i], window[j], slash_comments))
        .map(|&(i, _)| i)
}

/// Whether fewer than [`MIN_DRIFTED_LINES`] lines of the block differ from `old`, slips
/// counted (three lines a letter off in the file are a block changed since) and as
/// `not_drifted` counts them (lines inserted since too).
pub(super) fn few_drifted(
    text: &Text,
    alignment: &Alignment,
    old: &[&str],
    window: &[&str],
) -> bool {
    let unequal = (0..old.len())
        .filter(|&i| alignment.equal[i].is_none() && !old[i].trim().is_empty())
        .count();
    unequal < MIN_DRIFTED_LINES
        && crate::rules::not_drifted::drifted_count(text, old, window) < MIN_DRIFTED_LINES
}

/// Whether each region where `old` and the block differ holds as many non-blank lines on both
/// sides: lines changed in place since the read. Lines left out or made up besides (a line
/// number read as a line of code, `327` where the file has `return instance;` and `}`) leave
/// which line stands for which a guess, and the edit is not merged beside them (the gate's
/// real-patch record 287, a hunk applied far from its task, stays refused).
pub(super) fn changed_in_place(old: &[&str], window: &[&str]) -> bool {
    let non_blank = |lines: &[&str], r: std::ops::Range<usize>| {
        r.filter(|&k| !lines[k].trim().is_empty()).count()
    };
    loose_diff(old, window)
        .into_iter()
        .filter(|op| op.tag() != similar::DiffTag::Equal)
        .all(|op| non_blank(old, op.old_range()) == non_blank(window, op.new_range()))
}

/// Whether a line of `old` the block (`lines`) has no equal of stands, as `old` has it
/// (loosely), elsewhere in the file beside a line `old` has beside it: the model may have read
/// `old` there, at a block the file changed since, and this one is its sibling, which the drift
/// made fit (a workflow's `- name:` steps renamed since in one job, `old` found at the other
/// job, which differs in a package on the line after the edit's). A line alone elsewhere
/// (`where`, `@Override`, `break;`) says nothing of where `old` was read: counted so, it
/// refused 20 of the attack set's `stale2+*` blocks that land, no must-refuse case more.
/// Past [`MAX_PLACES_ASKED`] places the line is taken as read elsewhere.
pub(super) fn differing_read_elsewhere(
    text: &Text,
    alignment: &Alignment,
    old: &[&str],
    lines: std::ops::Range<usize>,
) -> bool {
    use crate::normalize::loose_hash;
    let differing: Vec<usize> = (0..old.len())
        .filter(|&i| alignment.equal[i].is_none() && !old[i].trim().is_empty())
        .collect();
    if differing.is_empty() {
        return false;
    }
    let asked: Vec<u64> = differing.iter().map(|&i| loose_hash(old[i])).collect();
    let places = crate::strategy::line_places(text, &asked, MAX_PLACES_ASKED);
    let hashes = text.loose_hashes();
    // The hash of `old`'s non-blank line at `k`, if any.
    let old_hash = |k: Option<usize>| {
        k.filter(|&k| k < old.len() && !old[k].trim().is_empty())
            .map(|k| loose_hash(old[k]))
    };
    differing.iter().zip(&asked).any(|(&i, h)| {
        let (count, at) = &places[h];
        let (before, after) = (old_hash(i.checked_sub(1)), old_hash(Some(i + 1)));
        let beside = |p: usize| {
            before.is_some_and(|b| p > 0 && hashes[p - 1] == b)
                || after.is_some_and(|a| p + 1 < hashes.len() && hashes[p + 1] == a)
        };
        *count > at.len() || at.iter().any(|&p| !lines.contains(&p) && beside(p))
    })
}

/// Whether a line `new` writes that `old` has not uses a name a drifted line lost since the
/// read (`TARGET: debug`, now `release`, beside the model's new `run: make build-debug`): the
/// edit was written for what the file no longer holds, so the drifted line near it is not
/// merged. (An adversarial review: 5 of 23 wrong merges of lines drifted beside the change
/// wrote a name the drift took away, and a coin toss a line off the change; on the attack set
/// it keeps 2 `stale2` blocks refused.)
pub(super) fn uses_lost_word(
    alignment: &Alignment,
    (old, new): (&[&str], &[&str]),
    window: &[&str],
) -> bool {
    use std::collections::HashSet;
    let lost: HashSet<&str> = alignment
        .replaced
        .iter()
        .flat_map(|&(i, j)| {
            let kept: HashSet<&str> = names(window[j]).collect();
            names(old[i]).filter(move |w| !kept.contains(w))
        })
        .collect();
    if lost.is_empty() {
        return false;
    }
    let had: HashSet<u64> = old
        .iter()
        .map(|l| crate::normalize::loose_hash(l))
        .collect();
    new.iter()
        .filter(|l| !had.contains(&crate::normalize::loose_hash(l)))
        .any(|l| names(l).any(|w| lost.contains(w)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::align::align;

    #[test]
    fn lines_left_out_or_made_up_are_no_change_in_place() {
        let window = ["a()", "b(1)", "c()"];
        assert!(changed_in_place(&["a()", "b(2)", "c()"], &window));
        // A line number read as a line where the file has two lines.
        let window = ["f(x, y);", "return i;", "}", "g(x, y);"];
        assert!(!changed_in_place(
            &["f(x, y);", "", "327", "g(x, y);"],
            &window
        ));
    }

    #[test]
    fn a_differing_line_beside_its_neighbour_elsewhere_is_read_elsewhere() {
        let text = Text::new(
            "job_a:\n  - run: update\n  - run: install x y\njob_b:\n  - run: update\n  - run: install x y z\n",
        );
        let old = ["  - run: update", "  - run: install x y"];
        let window: Vec<&str> = (4..6).map(|i| text.line(i)).collect();
        let alignment = align(&old, &window);
        assert!(differing_read_elsewhere(&text, &alignment, &old, 4..6));
        // The line alone elsewhere, beside none of `old`'s neighbours: no sibling.
        let text = Text::new(
            "job_a:\n  - run: install x y\njob_b:\n  - run: update\n  - run: install x y z\n",
        );
        let window: Vec<&str> = (3..5).map(|i| text.line(i)).collect();
        let alignment = align(&old, &window);
        assert!(!differing_read_elsewhere(&text, &alignment, &old, 3..5));
    }
}
