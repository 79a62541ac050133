//! Lines the model left out of `old` but wrote in `new`.
//!
//! The file has `a`, `L`, `b`; the model copied `old` as `a`, `b` (a line dropped while
//! copying) and wrote `new` as `a`, `L'`, `b` (its edit of `L`, or `L` as it is next to an
//! edit of `a`). Paired by position, the file's `L` is an insertion the model does not know
//! of, touching the model's change, and the merge would refuse. Paired by content, `new`
//! holds a line for `L`: the model knew the line and wrote what it wants there, so its lines
//! stand for the file's. Only lines `old` lacks altogether are read this way: a line the file
//! holds in another form than `old` (a block changed since the model read it) is no omission.

use crate::align::line_similarity_at_least;
use crate::normalize::{self, Level};
use crate::thresholds::REWRITTEN_LINE;
use crate::thresholds::STANDS_FOR;

/// Most line pairs compared for one pair of hunks; beyond it the lines are not read as one
/// omission (a rewrite that large says nothing line by line).
const MAX_PAIRS: usize = 4096;

/// Whether the model's lines `models` (its hunk of `new`, replacing `olds` of `old`) hold a
/// line for each non-blank line of `omitted` (lines the file has where `old` has none, at
/// `at` within `olds`), in order, each more like the file's line than like any of `olds`, and
/// each at a depth `depth_fits` the file's line: a line for it written levels away says `new`
/// is at a depth of its own, and is not written here.
pub(super) fn new_writes_skipped_lines(
    olds: &[&str],
    at: usize,
    omitted: &[&str],
    models: &[&str],
    depth_fits: impl Fn(&str, &str) -> bool,
) -> bool {
    let non_blank = |l: &&&str| !l.trim().is_empty();
    if !omitted.iter().any(|l| non_blank(&l)) {
        return false;
    }
    // `old` as the model should have copied it: the file's lines filled in.
    let filled: Vec<(&str, bool)> = olds[..at]
        .iter()
        .map(|l| (*l, false))
        .chain(omitted.iter().map(|l| (*l, true)))
        .chain(olds[at..].iter().map(|l| (*l, false)))
        .filter(|(l, _)| !l.trim().is_empty())
        .collect();
    let models: Vec<&str> = models.iter().filter(non_blank).copied().collect();
    if filled.len().saturating_mul(models.len()) > MAX_PAIRS {
        return false;
    }
    let alike = |a: &str, b: &str, cutoff: f64| -> Option<f64> {
        if normalize::lines_equal(a, b, Level::InnerWhitespace) {
            Some(1.0)
        } else {
            line_similarity_at_least(a, b, cutoff)
        }
    };
    let paired = pairing(&filled, &models, |a, b| alike(a, b, REWRITTEN_LINE));
    let omitted_at: Vec<usize> = (0..filled.len()).filter(|&i| filled[i].1).collect();
    let (Some(&first), Some(&last)) = (omitted_at.first(), omitted_at.last()) else {
        return false;
    };
    // The lines `old` holds around the omission have their lines in `new` too: where the
    // model drops one of them, a line of `new` like the omitted one may be what it writes
    // instead of that line (thinking the file lacks it), not the omitted line kept.
    let neighbours_kept = [first.checked_sub(1), Some(last + 1)]
        .into_iter()
        .flatten()
        .filter(|&i| i < filled.len())
        .all(|i| paired[i].is_some());
    neighbours_kept
        && omitted_at.iter().all(|&i| {
            let line = filled[i].0;
            let Some(j) = paired[i] else { return false };
            let Some(own) = alike(line, models[j], STANDS_FOR) else {
                return false;
            };
            // One line of `new` alike to it: among several (`}`, a run of like entries) the
            // one standing for it is a guess. And no line `old` holds is more like it.
            let one_alike = models
                .iter()
                .filter(|l| alike(line, l, STANDS_FOR).is_some())
                .count()
                == 1;
            let closer_to_old = filled
                .iter()
                .filter(|(_, omitted)| !omitted)
                .any(|(o, _)| alike(o, models[j], own).is_some_and(|s| s >= own));
            one_alike && !closer_to_old && depth_fits(line, models[j])
        })
}

/// For each line of `filled`, the line of `models` it is paired with: the order-keeping
/// pairing of most total likeness (a line diff scored by `alike`).
fn pairing(
    filled: &[(&str, bool)],
    models: &[&str],
    alike: impl Fn(&str, &str) -> Option<f64>,
) -> Vec<Option<usize>> {
    let (n, m) = (filled.len(), models.len());
    let pair: Vec<Vec<Option<f64>>> = filled
        .iter()
        .map(|(a, _)| models.iter().map(|b| alike(a, b)).collect())
        .collect();
    let mut best = vec![vec![0.0f64; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let skip = best[i + 1][j].max(best[i][j + 1]);
            best[i][j] = pair[i][j].map_or(skip, |s| skip.max(s + best[i + 1][j + 1]));
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut paired = vec![None; n];
    while i < n && j < m {
        match pair[i][j] {
            Some(s) if best[i][j] == s + best[i + 1][j + 1] => {
                paired[i] = Some(j);
                i += 1;
                j += 1;
            }
            _ if best[i][j] == best[i + 1][j] => i += 1,
            _ => j += 1,
        }
    }
    paired
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writes(olds: &[&str], at: usize, omitted: &[&str], models: &[&str]) -> bool {
        new_writes_skipped_lines(olds, at, omitted, models, |_, _| true)
    }

    #[test]
    fn an_omitted_line_rewritten_in_new_is_written_by_new() {
        // `old` = [fun take], the file adds `val current = find(sku)` after it.
        assert!(writes(
            &["fun take(sku: String) {"],
            1,
            &["    val current = find(sku) ?: return 0"],
            &[
                "fun take(skuRenamed: String) {",
                "    val current = find(skuRenamed) ?: return 0"
            ],
        ));
        // Kept as it is beside the model's change.
        assert!(writes(
            &["a.x = 1;"],
            1,
            &["b.y = 2;"],
            &["a.x = 3;", "b.y = 2;"],
        ));
    }

    #[test]
    fn a_line_new_does_not_hold_is_not_written_by_new() {
        // The model inserts a statement where the file has another one.
        assert!(!writes(&[], 0, &["  b();"], &["  continue;"]));
        // The model rewrites the line it copied; nothing in `new` stands for the omitted one.
        assert!(!writes(
            &["  let count = items.len();"],
            0,
            &["  let total = items.sum();"],
            &["  let count = items.len() + 1;"],
        ));
    }
}
