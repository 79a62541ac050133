//! A new line beside a repeated line, one word apart from the file line beside another copy of
//! it, which the merge keeps a few lines away and the snippet does not show: an edit of that
//! line placed at the wrong copy of the repeated line, or a line added? Unclear, refused
//! (`edited_edge`).

use super::text::one_word_apart;

/// How far from a changed run (file lines) the kept look-alike is read.
const NEAR: usize = 3;
/// The same, for a run that opens or closes a piece (see [`edited_kept_near`]).
const AT_MARKER: usize = 5;

/// The edge line `j` of a changed run (result lines `ins`, standing at file line `at` and
/// deleting `deleted` lines) and the file line `q` it may edit: the run's kept neighbour `r`
/// (the line before its first new line, or after its last) is a line the snippet shows
/// (`shown`) and the file holds again at `r2`; `q` stands beside `r2` on the same side as the
/// new line beside `r`, within [`NEAR`] lines of the run, kept, unshown, one word apart from
/// the new line, which the file does not hold (`held`: the guard's index of the inserted
/// lines the file has).
///
/// `session.mount(..., max_retries=5)` written between `session = make_session(url)` and
/// `session.headers.update(DEFAULT_HEADERS)`, the file holding the latter twice with
/// `max_retries=3` before the second: inserted before the first, the `3` line kept, was not
/// what the model meant.
///
/// `q` may also stand on the far side of the other copy (`Index(shards=4)` before the first
/// `log.debug(..)`, `shards=8` written after the second: an edit remembered in the wrong
/// order), unless the near copy's line on that side is one word apart from the new line too
/// (arms of a `switch`, `case X:` / `break;`: a sibling added). On the stand-in corpus's ten
/// draws this far side costs no merge (with no sibling test, 2: new `case` arms after a
/// repeated `break;`).
///
/// Measured on the lazy-snippet stand-in corpus (outside the repository; seed 7 and the nine
/// extra draws, 11,028 apply and 2,392 must-refuse cases): 0 exact or sound merges lost,
/// wrong merges unchanged (36; none of this shape), must-refuse refusals unchanged. Wider
/// readings cost right merges there: any kept file line one word apart within 3 lines of the
/// run, 152 (`} else` beside `}`, a new `#include` or `#[doc(hidden)]` beside its sibling);
/// only past a shown line the file repeats (not beside its other copy), 21. On the accuracy
/// gate, 1 exact lazy-snippet merge lost (a new struct field after a repeated
/// `#[serde(default)]`, a field one word off kept after the other copy), 0 wrong. The
/// adversarial review's four wrong merges of this shape are refused.
///
/// Where the run opens or closes a piece (a marker on its other side), the repeated line may
/// also be a closing line (`}`, `)`), and the look-alike within [`AT_MARKER`] lines: a
/// snippet's stale first line (`isCoreLibraryDesugaringEnabledX = true`) written into the next
/// block, before its `}`, beside the line it is a stale copy of before the first block's `}`.
/// On the gate's lazy-snippet set and a corpus of 12,263 lazy snippets in 12 other languages
/// (`benches/mine_hunks.py`): that wrong merge refused, no exact merge lost (blank lines as the
/// repeated line too, 11 lost: a new `do` block after a blank line; 6 lines, 4). Not where a
/// shown line stands on the run's other side: `c();` added after `b();` in a `match` arm whose
/// sibling arm ends `a();` then `}`.
pub(super) fn edited_kept_near(
    (a, b): (&[&str], &[&str]),
    kept: &[bool],
    shown: &dyn Fn(&str) -> bool,
    held: &dyn Fn(&str) -> bool,
    ins: &[usize],
    (at, deleted): (usize, usize),
) -> Option<(usize, usize)> {
    let end = at + deleted;
    // (new line, its kept neighbour, the side the new line stands on: -1 before it, +1 after;
    // the neighbour on the run's other side)
    let edges = [
        (ins.first(), at.checked_sub(1), 1isize, Some(end)),
        (ins.last(), Some(end), -1, at.checked_sub(1)),
    ];
    for (j, r, side, other) in edges {
        let (Some(&j), Some(r)) = (j, r) else {
            continue;
        };
        let t = a.get(r).map_or("", |l| l.trim());
        // A run that opens or closes a piece (the file line on its other side unshown, under
        // a marker) stands where this neighbour alone puts it: then a closing line, repeated
        // everywhere, is read too, and farther.
        let at_marker = other
            .and_then(|o| a.get(o))
            .is_none_or(|o| !shown(o.trim()));
        let worded = t.chars().any(char::is_alphanumeric);
        if r >= a.len() || !kept[r] || t.is_empty() || !(worded || at_marker) || !shown(t) {
            continue;
        }
        let reach = if at_marker { AT_MARKER } else { NEAR };
        let near = |q: usize| q + reach >= at && q < end + reach;
        let l = b[j];
        // (The other copy stands beside `q`, so within one line more of the run.)
        let around = at.saturating_sub(reach + 1)..(end + reach + 1).min(a.len());
        for r2 in around.filter(|&r2| r2 != r && a[r2].trim() == t) {
            for s in [side, -side] {
                let Some(q) = r2.checked_add_signed(s).filter(|&q| q < a.len()) else {
                    continue;
                };
                // (A line the file holds is a copy, not an edit.)
                // On the far side of the other copy only when the near copy's line on that
                // side is no sibling of the new line (`case A:` / `break;` arms repeat).
                let mirrored = || {
                    r.checked_add_signed(s)
                        .and_then(|p| a.get(p))
                        .is_some_and(|p| one_word_apart(l, p))
                };
                let reach = if s == side { near(q) } else { !mirrored() };
                if reach && kept[q] && !shown(a[q]) && one_word_apart(l, a[q]) && !held(l) {
                    return Some((j, q));
                }
            }
        }
    }
    None
}
