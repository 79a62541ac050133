//! Rule 3: an elided `old` whose first line stands again just before the block, where `new`
//! starts.
//!
//! `old` = `//`, `// ...`, `// distributed under ...` in a license header where `//` stands on
//! several lines: the elision takes the `//` nearest the last line. `new`, written out in
//! full, starts at an earlier `//`: it keeps the whole block found at its end and begins with
//! lines that are the file's just before the block, one of them changed (`LICENSE-2.0` ->
//! `LICENSE-9.0`). Written over the nearer block, the changed line and the `//` before it
//! stand twice. Where `new` ends with the block unchanged, and its other lines match the lines
//! just before the block (the first being `old`'s first line again, every other one alike),
//! the block's start is unclear: refused as ambiguous between the two starts.
//!
//! Measured: an elided Go license header is refused; the gate's exact and sound figures are
//! unchanged.

use crate::align::line_similarity;
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::error::EditError;
use crate::feedback::location;
use crate::needle::Needle;
use crate::normalize::{self, Level};
use crate::text::lines_of;
use crate::text::Text;
use crate::thresholds::ELISION_START_ALIKE;

/// Rule 3: refuse an elision's block when `new` starts at an earlier occurrence of its first
/// line, just before it.
pub(crate) fn check_elision_start(
    text: &Text,
    strategy: StrategyId,
    c: &Candidate,
    needle: &Needle,
) -> Result<(), EditError> {
    if strategy != StrategyId::Elision || !matches!(c.fit, Fit::Lines(_)) {
        return Ok(());
    }
    let filled = |i: &usize| !text.is_blank(*i);
    let block: Vec<usize> = c.lines.clone().filter(filled).collect();
    let new: Vec<&str> = lines_of(needle.new_text())
        .0
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let Some(h) = new.len().checked_sub(block.len()).filter(|&h| h > 0) else {
        return Ok(());
    };
    let same = |a: &str, b: &str| normalize::lines_equal(a, b, Level::InnerWhitespace);
    let Some(&first) = block.first() else {
        return Ok(());
    };
    let ends_with_block = block
        .iter()
        .zip(&new[h..])
        .all(|(&i, l)| same(text.line(i), l));
    if !ends_with_block {
        return Ok(());
    }
    let mut before: Vec<usize> = (0..c.lines.start).rev().filter(filled).take(h).collect();
    before.reverse();
    if before.len() != h || !same(text.line(before[0]), text.line(first)) {
        return Ok(());
    }
    let alike = before.iter().zip(&new[..h]).all(|(&i, l)| {
        same(text.line(i), l) || line_similarity(text.line(i), l) >= ELISION_START_ALIKE
    });
    if !alike {
        return Ok(());
    }
    Err(EditError::Ambiguous {
        rule: super::table::RuleId::ElisionStart.name(),
        strategy: strategy.to_string(),
        candidates: vec![
            location(text, before[0]..c.lines.end, None),
            location(text, c.lines.clone(), None),
        ],
        candidates_total: 2,
    })
}
