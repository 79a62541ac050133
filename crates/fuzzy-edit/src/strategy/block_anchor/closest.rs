//! Windows within the score margin told apart by character edits (see
//! [`closest_by_edits`]), and by the one `old` copies but for the model's typing (`slips`).

use super::{slips, Context};
use crate::align::{block_edits, block_edits_cost, block_edits_within, block_key};
use crate::candidate::Candidate;
use crate::thresholds::{
    BLOCK_ANCHOR_FLOOR, BLOCK_ANCHOR_MARGIN, EXTENT_MARGIN, TWIN_MARGIN, TWIN_MAX_EDITS,
};

/// Windows too alike in score for the ratio margin to choose between, told apart by how many
/// character edits (whitespace runs read as one space) each is from `old`: a ratio margin
/// cannot separate a block 1 edit away (0.99) from its near twin 4 edits away (0.97); a
/// distance margin can. When one window is closest, a window elsewhere is dropped if the
/// closest is at most [`TWIN_MAX_EDITS`] away and it is at least [`TWIN_MARGIN`] further; a
/// window over some of the same lines (the same place, another extent: a `}` more or less) if
/// it is at least [`EXTENT_MARGIN`] further and twice as far. Nothing is dropped when the
/// closest window is below the floor (the strategy would pass over the block). What is left
/// is judged by score as before, so two windows equally close still refuse as low confidence.
pub(super) fn closest_by_edits(
    cx: &Context<'_>,
    body: &[&str],
    out: Vec<Candidate>,
) -> Vec<Candidate> {
    let Some(top) = out.iter().map(|c| c.score).max_by(f64::total_cmp) else {
        return out;
    };
    let contenders: Vec<usize> = (0..out.len())
        .filter(|&i| top - out[i].score < BLOCK_ANCHOR_MARGIN)
        .collect();
    if contenders.len() < 2 {
        return out;
    }
    let old = block_key(body);
    let keys: Vec<Vec<char>> = contenders
        .iter()
        .map(|&i| {
            let window: Vec<&str> = out[i].lines.clone().map(|l| cx.text.line(l)).collect();
            block_key(&window)
        })
        .collect();
    // First only as far as the twin rule looks (cheap: a band of the edit matrix); a distance
    // beyond it counts as far for both rules when the closest is within TWIN_MAX_EDITS.
    let reach = TWIN_MAX_EDITS + TWIN_MARGIN;
    let mut edits = Vec::with_capacity(contenders.len());
    for key in &keys {
        if !cx.budget.charge(4 * (old.len() + key.len())) {
            return out;
        }
        edits.push(block_edits_within(&old, key, reach).unwrap_or(usize::MAX));
    }
    if edits.iter().all(|&d| d > TWIN_MAX_EDITS) {
        // The one window `old` copies but for the model's typing (see `slips`): the others,
        // however close in edits, differ from `old` by words the file has.
        if let Some(only) = slips::only_typed_copy(cx, body, &out, &contenders) {
            let drop = |i: usize| i != only && contenders.contains(&i);
            return out
                .into_iter()
                .enumerate()
                .filter_map(|(i, c)| (!drop(i)).then_some(c))
                .collect();
        }
        // Else only the extent rule can act, and only on windows over the same lines: exact
        // distances, when some contenders overlap.
        let overlapping = contenders.iter().enumerate().any(|(k, &i)| {
            contenders[k + 1..].iter().any(|&j| {
                out[i].lines.start < out[j].lines.end && out[j].lines.start < out[i].lines.end
            })
        });
        if !overlapping {
            return out;
        }
        for (d, key) in edits.iter_mut().zip(&keys) {
            if !cx.budget.charge(block_edits_cost(old.len(), key.len())) {
                return out;
            }
            *d = block_edits(&old, key);
        }
    }
    let Some(&best) = edits.iter().min() else {
        return out;
    };
    let mut at_best = contenders.iter().zip(&edits).filter(|(_, &d)| d == best);
    let (Some((&closest, _)), None) = (at_best.next(), at_best.next()) else {
        return out;
    };
    if out[closest].score < BLOCK_ANCHOR_FLOOR {
        // Dropping the others would leave a window the floor refuses.
        return out;
    }
    let near = out[closest].lines.clone();
    let far: Vec<usize> = contenders
        .iter()
        .zip(&edits)
        .filter(|&(&i, &d)| {
            let lines = &out[i].lines;
            let same_place = lines.start < near.end && near.start < lines.end;
            let margin = if same_place {
                EXTENT_MARGIN.max(best)
            } else if best <= TWIN_MAX_EDITS {
                TWIN_MARGIN
            } else {
                return false;
            };
            i != closest && d >= best + margin
        })
        .map(|(&i, _)| i)
        .collect();
    out.into_iter()
        .enumerate()
        .filter(|(i, _)| !far.contains(i))
        .map(|(_, c)| c)
        .collect()
}
