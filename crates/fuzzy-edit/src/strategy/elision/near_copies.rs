//! A later piece of an elided `old` placed past a copy of it with some lines changed.
//!
//! Each later piece is placed at its nearest occurrence after the one before, as written. When
//! the block `old` was read from changed since (a name renamed across it, a number changed, an
//! argument added), its lines there no longer read as the piece, and the search goes on to a
//! later block that still has them, stretching the marker over the changed block and whatever
//! lies between: `// ... existing code ...` then covers the end of a function and the start of
//! the next, and the edit lands on a block the model did not mean. Lines the marker covers that
//! hold the piece with a few lines changed (each line alike, [`NEAR_COPY_FLOOR`] alike on
//! average, half of them as written but not all) are the block `old` was read from as likely as
//! the one further on: which is meant is unclear, and nothing is matched (dropping that
//! placement alone would leave the others unrivalled).
//!
//! Fewer than half the lines as written still make a near copy when the piece's lines differ
//! only by one word renamed on every line that names it (`bin/luarocks` read, `bin/luarocksNext`
//! now). And the lines a marker covers are asked for the piece *before* it too: a first piece
//! found at an earlier block as written, its own block's copy changed since, would have the
//! marker stretch from the earlier block over the changed one to the next piece.
//!
//! Only pieces the edit changes (or before one) are asked about: where the rest is mere context
//! (see `context_from`), the edit is the same wherever it lands.
//!
//! Measured on an attack set outside the repository (9,424 cases of 57 kinds) and 9 fresh
//! seeds of its generator (53,865 cases): elided blocks changed since applied 1 -> 0 and 10 ->
//! 8 (`stale+elide`; `staleacross+elide`, a name renamed on every line of the piece, has not
//! half its lines as written and still lands: 2 and 9 wrong left), at a cost of 0 and 1 exact
//! case (a marker reaching 170 lines on, from a first piece of another function); on 17,955
//! held-out cases 1 wrong refused, no exact case lost. The gate and the lazy-snippet stand-in
//! corpus: unchanged case for case. Asked of every start of the first piece rather than the
//! placements chosen, 29 exact cases of the same sets were refused (a farther start over a
//! sibling block); with any line alike enough (none as written) and the start dropped rather
//! than nothing matched, 8 exact cases of repetitive code (SQL, YAML lists) were refused and
//! one edit was applied at a start left unrivalled. Mere context asked about too: 3 more
//! exact cases refused. The rename and the piece before a marker: wrong edits 3 -> 2 on the
//! attack set (`staleacross+elide` 7-70; one `stale+elide` placed off refused) and 13 -> 12 on
//! the held-out cases (`staleacross+elide`), no exact case lost there; the gate and the
//! lazy-snippet stand-in corpus's ten draws (13,420 cases) unchanged case for case.

use crate::align::line_similarity_at_least;
use crate::budget::Budget;
use crate::normalize::loose_hash;
use crate::strategy::LINE_COMPARE_UNITS;
use crate::text::{renamed_lines, Text};
use crate::thresholds::NEAR_COPY_FLOOR;

/// Whether a marker of a placement (`bounds`: the lines each piece lands on) covers lines that
/// hold the piece after it with some lines changed ([`holds_near_copy`]), of the pieces
/// `pieces` (the first ones, those the edit changes or before them).
pub(super) fn covers_near_copy(
    text: &Text,
    pieces: &[&[&str]],
    bounds: &[(usize, usize)],
    budget: &Budget,
) -> bool {
    let gaps = || bounds.windows(2).map(|pair| (pair[0].1, pair[1].0));
    gaps()
        .zip(&pieces[1..])
        .any(|((from, to), piece)| holds_near_copy(text, piece, from, to, budget))
        || gaps()
            .zip(pieces)
            .any(|((from, to), piece)| holds_near_copy(text, piece, from, to, budget))
}

/// Whether the file's lines `from..to` hold a line alike to one of `piece`'s
/// ([`LOOK_ALIKE_FLOOR`], lines of [`LOOK_ALIKE_CHARS`] characters at least): lines a marker
/// crossing a block end covers that still look like the piece after it are its copy in the
/// model's block, changed since (see `block_ends`). Out of budget, read as holding one.
pub(super) fn covers_look_alike(
    text: &Text,
    piece: &[&str],
    from: usize,
    to: usize,
    budget: &Budget,
) -> bool {
    let wanted: Vec<&str> = piece
        .iter()
        .copied()
        .filter(|l| l.trim().len() >= LOOK_ALIKE_CHARS)
        .collect();
    (from..to).any(|i| {
        let line = text.line(i);
        if line.trim().len() < LOOK_ALIKE_CHARS {
            return false;
        }
        !budget.charge(wanted.len() * LINE_COMPARE_UNITS)
            || wanted
                .iter()
                .any(|w| line_similarity_at_least(w, line, LOOK_ALIKE_FLOOR).is_some())
    })
}

/// Characters a line must hold to be asked whether it is a look-alike (shorter lines, `}` or
/// `end`, stand everywhere). Measured: see `block_ends`.
const LOOK_ALIKE_CHARS: usize = 4;
/// How alike (normalized Levenshtein) a crossed line must be to a line of the piece to be a
/// look-alike. Measured: see `block_ends`.
const LOOK_ALIKE_FLOOR: f64 = 0.8;

/// Whether the file's lines `from..to` (those a marker covers) hold `piece` with some of its
/// lines changed: a start where every non-blank line of the piece stands opposite a line
/// alike to it, half of them at least loosely equal but not all, [`NEAR_COPY_FLOOR`] alike on
/// average (blank lines opposite blank ones). A piece of fewer than two non-blank lines has none: one line
/// alike to another is everywhere. Out of budget, the lines are read as holding one (unclear).
fn holds_near_copy(text: &Text, piece: &[&str], from: usize, to: usize, budget: &Budget) -> bool {
    let non_blank: Vec<usize> = (0..piece.len())
        .filter(|&k| !piece[k].trim().is_empty())
        .collect();
    if non_blank.len() < 2 || to < from + piece.len() {
        return false;
    }
    let hashes = text.loose_hashes();
    let wanted: Vec<u64> = piece.iter().map(|l| loose_hash(l)).collect();
    let need = NEAR_COPY_FLOOR * non_blank.len() as f64;
    for s in from..=to - piece.len() {
        if !budget.charge(piece.len() * LINE_COMPARE_UNITS) {
            return true;
        }
        let blanks_kept = (0..piece.len())
            .filter(|k| !non_blank.contains(k))
            .all(|k| text.is_blank(s + k));
        if !blanks_kept {
            continue;
        }
        // (Half the lines as written first: the cheap count.)
        let equal = non_blank
            .iter()
            .filter(|&&k| hashes[s + k] == wanted[k])
            .count();
        if equal == non_blank.len() {
            continue;
        }
        if 2 * equal < non_blank.len() {
            // (Fewer as written: a name renamed on every line that has it.)
            let lines = |k: &usize| (piece[*k], text.line(s + *k));
            if renamed_lines(non_blank.iter().map(lines)).is_some() {
                return true;
            }
            continue;
        }
        let mut sum = 0.0;
        let alike = non_blank.iter().all(|&k| {
            if hashes[s + k] == wanted[k] {
                sum += 1.0;
                return true;
            }
            let Some(sim) = line_similarity_at_least(piece[k], text.line(s + k), NEAR_COPY_FLOOR)
            else {
                return false;
            };
            sum += sim;
            true
        });
        if alike && sum >= need {
            return true;
        }
    }
    false
}
