//! A `new` whose every line with a word is rewritten, none kept, moved one of the file's
//! units alike: pasted a level off (a renamed identifier, string or number
//! moved into or out of a block), where each rewritten line keeps most of its content.

use crate::align::line_similarity;
use crate::indent::{IndentHabits, IndentMap};
use crate::thresholds::MOSTLY_KEPT;

/// Whether `map` moves every line by one of the file's units, in the file's indentation
/// characters, and each rewritten line with a word keeps most of its content.
pub(super) fn rewrite(
    map: &IndentMap,
    model: IndentHabits,
    target: IndentHabits,
    rewritten: &[(&str, &str)],
) -> bool {
    let IndentMap::Affine { scale, offset, .. } = *map else {
        return false;
    };
    let one_unit = target
        .unit
        // (1e-9: float rounding, not a threshold.)
        .is_some_and(|u| (offset.abs() - u as f64).abs() < 1e-9);
    let word = |l: &str| l.chars().filter(|c| c.is_alphanumeric()).count() >= 2;
    let same_chars = model.style.is_none() || model.style == target.style;
    scale == 1.0
        && one_unit
        && same_chars
        && rewritten
            .iter()
            .filter(|(_, o)| word(o))
            .all(|(n, o)| line_similarity(n, o) >= MOSTLY_KEPT)
}
