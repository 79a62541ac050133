//! `new` taken out of `old`'s wrapper (`if`, `try`, a loop), pasted a unit off.
//!
//! Unwrapping drops the lines that held the block and moves its body out to where the wrapper
//! stood. A model that pastes that body one unit deeper or shallower than the wrapper (or
//! leaves it where it was, deleting the wrapper around it) writes it at a depth `old`'s block
//! does not have there: it goes to the wrapper's depth.

use super::{closes, shallowest, Evidence};
use crate::indent::{Grid, IndentHabits, IndentMap, IndentStyle};
use crate::normalize::{indent_columns, indent_of};

/// `new` moved so its shallowest line stands at `old`'s, where `new` drops a line of `old`'s
/// that opens a block at that depth, no line of `new` stands there, `new` is one unit off it
/// (or flush left), and every line it keeps lands at its depth in `old` or whole units out of
/// it, at least one of them out (the body unwrapped): `None` otherwise.
pub(super) fn body_at_wrappers_depth(
    old: &[&str],
    new: &[&str],
    evidence: &Evidence,
    file_lines: &[Option<&str>],
    target: IndentHabits,
) -> Option<Vec<String>> {
    // Only for an `old` copied at the file's depth: where it is not, a `new` a unit off it may
    // stand at the file's wrapper's depth (generated: 2 edits with `old` shifted in and an exact
    // `new` were moved wrong).
    let at_files_depth = file_lines
        .iter()
        .zip(old)
        .all(|(f, o)| f.is_none_or(|f| indent_of(f) == indent_of(o)));
    if !at_files_depth {
        return None;
    }
    let (tab, unit) = (target.tab, target.unit?);
    let base = shallowest(old.iter().copied(), tab)?;
    let written = shallowest(new.iter().copied(), tab)?;
    let width = |l: &str| indent_columns(l, tab);
    let wrapper =
        |l: &&str| width(l) == base && evidence.dropped.contains(l) && !closes(l) && opens(l);
    // The wrapper that holds old line `i`: the line before it at `old`'s base; and its block
    // ends inside `old` (a line after it back at the base). A first line dropped whose block
    // runs past `old` (`a.list {`, `public:`) is a line deleted, not a wrapper: measured, 2
    // generated exact edits were moved without this.
    let inside_wrapper = |i: usize| {
        let at_base = |l: &&&str| !l.trim().is_empty() && width(l) <= base;
        old[..i].iter().rev().find(at_base).is_some_and(wrapper)
            && old[i + 1..].iter().any(|l| at_base(&l))
    };
    if written == base || (written.abs_diff(base) != unit && written != 0) {
        return None;
    }
    if !evidence.at_files_depth.is_empty() {
        return None;
    }
    let offset = base as isize - written as isize;
    let word = |l: &str| l.chars().filter(|c| c.is_alphanumeric()).count() >= 2;
    let worded: Vec<&(&str, &str)> = evidence
        .kept
        .iter()
        .chain(&evidence.rewritten)
        .filter(|(_, o)| word(o))
        .collect();
    // Every line `new` keeps is the body of a wrapper it drops.
    let index = |o: &str| old.iter().position(|l| std::ptr::eq(*l, o));
    if !worded
        .iter()
        .all(|(_, o)| index(o).is_some_and(inside_wrapper))
    {
        return None;
    }
    let pairs: Vec<(usize, usize)> = worded
        .iter()
        .map(|(n, o)| ((width(n) as isize + offset).max(0) as usize, width(o)))
        .collect();
    let out = |(n, o): &(usize, usize)| n <= o && (o - n).is_multiple_of(unit);
    if pairs.is_empty() || !pairs.iter().all(out) || !pairs.iter().any(|(n, o)| n < o) {
        return None;
    }
    let map = IndentMap::Affine {
        scale: 1.0,
        offset: offset as f64,
        style: target.style.unwrap_or(IndentStyle::Spaces),
        tab,
        grid: Grid::ANY,
    };
    Some(new.iter().map(|l| map.apply_near(l, None)).collect())
}

/// Whether a line opens a block (`if x:`, `if (x) {`, `try`, `begin`).
fn opens(line: &str) -> bool {
    let t = line.trim();
    [":", "{", " do", " then", "(", "["]
        .iter()
        .any(|o| t.ends_with(o))
        || matches!(t, "try" | "begin" | "do" | "else")
}
