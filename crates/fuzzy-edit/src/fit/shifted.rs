//! `new` written at a depth of its own.
//!
//! A model that copies `old` right often pastes `new` flush left, a level too deep, with
//! spaces for the file's tabs or with half its indent unit: every line of `new` is then off
//! `old`'s depth by one map. Written as given, its changed lines land at the wrong depth: an
//! `IndentationError`, a line moved out of its block, a Makefile recipe without its tab. Such
//! a `new` is moved to `old`'s depth before the edit is fitted, when its lines show a slip and
//! not a re-indent the model meant:
//! - the first and last lines `new` keeps from `old` (or else rewrites one for one) are off by
//!   one map: every line moved alike, or every depth scaled alike where the model indents by
//!   another unit. The lines between are at that map's depth, or whole units from it (a model
//!   re-indents lines inside a block on purpose, wrapping them in a `try`, rarely its edges).
//!   An edge left where it was says the others were moved on purpose;
//! - the map puts `new`'s shallowest line at `old`'s shallowest depth. A block wrapped in a
//!   new `if` or `try` keeps its lines deeper than `old` but adds the wrapper at `old`'s
//!   depth; a block taken out of one drops the line that held it: neither is moved. (Where
//!   `new` drops the lines after the last one it keeps, and is flush left or off the unit,
//!   `old`'s depth is that of its lines up to that one: gate +4 exact, 0 wrong);
//! - `new` changes more than indentation (a `new` that only re-indents `old` means it);
//! - where no kept line with a word in it shows the map (a one-line change), the rewritten
//!   lines alone show it only at a depth no author chooses: flush left under an indented
//!   `old`, off the file's indent unit, indented in a file that indents no line, or in the
//!   indentation characters the file never uses;
//!   or one unit off with every line rewritten, each keeping most of its content ([`one_unit`]).
//!
//! Also read: spaces typed before `new`'s tabs ([`stray_spaces`], applied first by `fit`), a
//! first line copied without its indentation after a one-line `old` or as an added wrapper
//! ([`first_line`]), a body taken out of its wrapper a unit off ([`unwrapped`]), and a `new`
//! whose own change is to blank lines, moved alike to a depth its neighbours rule out
//! ([`blank_change`], read by `fit` with the file's lines around the block).

pub(super) mod blank_change;
mod first_line;
mod one_unit;
mod stray_spaces;
mod unwrapped;

pub(super) use stray_spaces::{space_before_tab, without_stray_spaces};

use crate::align::{line_similarity, loose_diff};
use crate::indent::{Grid, IndentHabits, IndentMap, IndentStyle};
use crate::normalize::{indent_columns, indent_of, TAB_WIDTH};
use crate::thresholds::REWRITTEN_LINE;
use similar::DiffTag;
use std::cell::LazyCell;

/// `new` moved to `old`'s depth, or `None` when it is there already or the lines do not show
/// a slip (see the module docs). `file_lines[i]` is the file's line paired with `old[i]`, if
/// any: a `new` whose edges stand at their file lines' depth where `old`'s do not is at the
/// file's depth, which is for the merge to take (`frame`), not a depth of its own. `file` gives
/// the file's indentation habits, for a unit or style `old` does not show.
pub(super) fn new_at_old_depth(
    old: &[&str],
    new: &[&str],
    file_lines: &[Option<&str>],
    file: impl FnOnce() -> IndentHabits,
) -> Option<Vec<String>> {
    if let Some(fixed) =
        first_line_indented(old, new).or_else(|| first_line::wrapper_indented(old, new))
    {
        return Some(fixed);
    }
    let evidence = Evidence::of(old, new, file_lines)?;
    let file = LazyCell::new(file);
    let target = || {
        let mut target = IndentHabits::of(old.iter().copied());
        // The file's habits only where `old` shows none: learning them reads every line of
        // the file (15 M instructions at 100k lines), mostly for an `old` that shows both.
        target.style = target.style.or_else(|| file.style);
        target.unit = target.unit.or_else(|| file.unit);
        target
    };
    moved_as_a_whole(old, new, &evidence, &|| *file, &target)
        .or_else(|| wrapped_at_base(old, new, &evidence, file_lines, target()))
        .or_else(|| unwrapped::body_at_wrappers_depth(old, new, &evidence, file_lines, target()))
}

/// `new` moved as a whole by the map its edges show (see the module docs).
fn moved_as_a_whole(
    old: &[&str],
    new: &[&str],
    evidence: &Evidence,
    file: &dyn Fn() -> IndentHabits,
    target: &dyn Fn() -> IndentHabits,
) -> Option<Vec<String>> {
    let word = |l: &str| l.chars().filter(|c| c.is_alphanumeric()).count() >= 2;
    let kept_word = evidence.kept.iter().any(|(_, o)| word(o));
    if !kept_word && !evidence.rewritten.iter().any(|(_, o)| word(o)) {
        return None;
    }
    let pairs: Vec<(&str, &str)> = evidence
        .kept
        .iter()
        .chain(&evidence.rewritten)
        .copied()
        .collect();
    // The map is the one the block's first edge shows, and both edges must have moved: a model
    // re-indents lines inside a block on purpose (wrapping them in a `try`), rarely its first
    // and last line. Learning from one edge lets the last line sit a whole unit off (measured:
    // +21 of `indent_unit_new_only`, 0 wrong).
    let worded: Vec<(&str, &str)> = if kept_word {
        &evidence.kept
    } else {
        &evidence.rewritten
    }
    .iter()
    .filter(|(_, o)| word(o))
    .copied()
    .collect();
    // Lines at column 0 in both say nothing of a change of characters or unit: not edges.
    let informative: Vec<(&str, &str)> = worded
        .iter()
        .copied()
        .filter(|(n, o)| !(indent_of(n).is_empty() && indent_of(o).is_empty()))
        .collect();
    let worded = if informative.is_empty() {
        worded
    } else {
        informative
    };
    let edges = [worded[0], worded[worded.len() - 1]];
    // An edge that stays where it was (column 0 aside, which a change of unit keeps), or
    // stands at the file's depth (the merge's to take).
    let stays = |(n, o): &(&str, &str)| indent_of(n) == indent_of(o) && !indent_of(o).is_empty();
    if edges
        .iter()
        .any(|e| stays(e) || evidence.at_files_depth.contains(e))
    {
        return None;
    }
    let (file, target) = (file(), target());
    let model = IndentHabits::of(new.iter().copied());
    // Two edges at different depths moved by the same columns show a shift, whatever unit the
    // model's few lines suggest (a Python block pasted flush left, 16 → 8 and 8 → 0, reads as a
    // unit of 8 against `old`'s 4, and the first edge alone as a change of unit).
    let shift = |(n, o): &(&str, &str)| {
        indent_columns(o, target.tab) as f64 - indent_columns(n, target.tab) as f64
    };
    let shifted_alike = edges[0] != edges[1] && shift(&edges[0]) == shift(&edges[1]);
    let shown = if shifted_alike {
        &edges[..]
    } else {
        &edges[..1]
    };
    let map = IndentMap::learn(shown, model, || target);
    let slip = match map {
        IndentMap::Affine { scale, offset, .. } => {
            let rescaled = match (model.unit, target.unit) {
                // (1e-9: float rounding, not a threshold.)
                (Some(m), Some(f)) => m != f && (f as f64 / m as f64 - scale).abs() < 1e-9,
                _ => false,
            };
            scale == 1.0 || (offset == 0.0 && rescaled)
        }
        IndentMap::Identity => false,
    };
    // Any two depths fit some map: only a slip's counts. It must fit the edges, and put every
    // other line at `old`'s depth or whole units from it (re-indented on purpose).
    let at = |(n, o): &(&str, &str)| indent_of(&map.apply_near(n, None)) == indent_of(o);
    let units_off = |(n, o): &(&str, &str)| {
        let w = indent_columns(&map.apply_near(n, None), target.tab);
        let was = indent_columns(o, target.tab);
        at(&(n, o))
            || target
                .unit
                .is_some_and(|u| w.abs_diff(was).is_multiple_of(u))
    };
    let fits = slip && at(&edges[0]) && pairs.iter().all(units_off);
    // Only the indentation characters changed: in a file indented with tabs alone, spaces are
    // the model's habit; tabs in a file of spaces are rarely a slip (a real commit converting
    // a file to tabs does this hunk by hunk), and are left as written.
    let style_only =
        matches!(map, IndentMap::Affine { scale, offset, .. } if scale == 1.0 && offset == 0.0);
    let unlikely = Unlikely::of(old, new, &file);
    let one_unit = !kept_word && one_unit::rewrite(&map, model, target, &evidence.rewritten);
    if !fits
        || (style_only && !unlikely.spaces_for_tabs)
        || !(kept_word || unlikely.any() || one_unit)
    {
        return None;
    }
    // A line the map would move left of column 0 is no slip's: `new` adds it shallower than
    // the lines it keeps (a wrapper at column 0).
    let IndentMap::Affine { scale, offset, .. } = map else {
        return None;
    };
    // (1e-9: float rounding, not a threshold.)
    let negative = |l: &&str| scale * indent_columns(l, target.tab) as f64 + offset < -1e-9;
    if new.iter().filter(|l| !l.trim().is_empty()).any(negative) {
        return None;
    }
    let moved: Vec<String> = new.iter().map(|l| map.apply_near(l, None)).collect();
    let depth = |lines: &[&str]| shallowest(lines.iter().copied(), target.tab);
    let (base, moved_base) = (
        depth(old),
        shallowest(moved.iter().map(String::as_str), target.tab),
    );
    // Where `new` drops `old`'s shallowest lines, and they only close blocks (the `}` after
    // the lines it keeps), `new` stays inside the block, short of its base: moved there from a
    // depth no author chooses, though not from `old`'s base, where a block taken out of its
    // wrapper would stand.
    let closers_dropped = || {
        let at_base = |l: &&&str| Some(indent_columns(l, target.tab)) == base;
        old.iter()
            .filter(at_base)
            .all(|l| evidence.dropped.contains(l) && closes(l))
    };
    let inside = moved_base > base && unlikely.any() && depth(new) != base && closers_dropped();
    // Lines of `old` after the last one `new` keeps or rewrites, dropped, say nothing of where
    // `new` stands (a docstring's end kept, the functions after it deleted): `new` flush left
    // or off the unit goes to the base of `old`'s lines up to that one. (A wrapper dropped
    // before the lines `new` keeps is among them, and keeps an unwrapped block as written.)
    let index = |o: &str| old.iter().position(|l| std::ptr::eq(*l, o));
    let last_kept = evidence
        .kept
        .iter()
        .chain(&evidence.rewritten)
        .filter_map(|(_, o)| index(o))
        .max();
    let before_dropped_tail = last_kept.is_some_and(|i| {
        let kept_part = &old[..=i];
        moved_base.is_some()
            && depth(kept_part) == moved_base
            && Unlikely::of(kept_part, new, &file).any()
    });
    (moved_base == base || inside || before_dropped_tail).then_some(moved)
}

/// `new` wrapped in a block the model added, the whole of it off `old`'s depth: it opens with
/// its shallowest line, a line it adds (the wrapper), and every line it keeps lands, once the wrapper is
/// moved to `old`'s base, the same whole number of units deeper than in `old` (the block
/// nested one level in). Written as given, the wrapper would open at a depth the file's
/// lines around it do not have.
fn wrapped_at_base(
    old: &[&str],
    new: &[&str],
    evidence: &Evidence,
    file_lines: &[Option<&str>],
    target: IndentHabits,
) -> Option<Vec<String>> {
    let tab = target.tab;
    let unit = target.unit?;
    let base = shallowest(old.iter().copied(), tab)?;
    let wrapper = shallowest(new.iter().copied(), tab)?;
    let files_base = shallowest(file_lines.iter().flatten().copied(), tab);
    let width = |l: &str| indent_columns(l, tab);
    let kept_at = |w: usize| evidence.kept.iter().any(|(n, _)| width(n) == w);
    // A wrap opens with its wrapper (lines of a multi-line string at column 0 are no wrapper).
    let first = new.iter().find(|l| !l.trim().is_empty())?;
    if width(first) != wrapper || wrapper == base || Some(wrapper) == files_base || kept_at(wrapper)
    {
        return None;
    }
    let offset = base as f64 - wrapper as f64;
    let word = |l: &str| l.chars().filter(|c| c.is_alphanumeric()).count() >= 2;
    let levels: Vec<f64> = evidence
        .kept
        .iter()
        .chain(&evidence.rewritten)
        .filter(|(_, o)| word(o))
        .map(|(n, o)| (width(n) as f64 + offset - width(o) as f64) / unit as f64)
        .collect();
    let nested = levels
        .first()
        .is_some_and(|&k| k >= 1.0 && k.fract() == 0.0)
        && levels.iter().all(|&k| k == levels[0]);
    if !nested {
        return None;
    }
    let map = IndentMap::Affine {
        scale: 1.0,
        offset,
        style: target.style.unwrap_or(IndentStyle::Spaces),
        tab,
        grid: Grid::ANY,
    };
    Some(new.iter().map(|l| map.apply_near(l, None)).collect())
}

/// Whether a line only closes blocks: `}`, `);`, `end`, `fi`, `done`, `esac`.
fn closes(line: &str) -> bool {
    let t = line.trim().trim_end_matches([';', ',']);
    !t.is_empty() && t.chars().all(|c| matches!(c, '}' | ')' | ']'))
        || matches!(t, "end" | "fi" | "done" | "esac")
}

/// `new` with its first line given `old`'s first line's indentation, where the model copied
/// that line from after its indentation and the rest of `new` at `old`'s depth (the way a
/// selection that starts at the first character of code reads). The lines after the first
/// tell the two readings apart: each line paired with `old`'s at `old`'s depth says the
/// first line alone lost its indentation; one at `old`'s depth less the first line's says
/// all of `new` was moved (for [`new_at_old_depth`] to take). Where no line is paired, the
/// second lines of `old` and `new` say it.
fn first_line_indented(old: &[&str], new: &[&str]) -> Option<Vec<String>> {
    let (first_old, first_new) = (*old.first()?, *new.first()?);
    let indent = indent_of(first_old);
    let cut = indent_columns(first_old, TAB_WIDTH);
    let opposite =
        first_new.trim().is_empty() || (line_similarity(first_old, first_new) < REWRITTEN_LINE);
    if indent.is_empty() || !indent_of(first_new).is_empty() || opposite || new.len() < 2 {
        return None;
    }
    // (first line alone, all of `new`): the reading a pair of lines agrees with.
    let vote = |o: &str, n: &str| -> (usize, usize) {
        if o.trim().is_empty() || n.trim().is_empty() {
            return (0, 0);
        }
        let (o, n) = (indent_columns(o, TAB_WIDTH), indent_columns(n, TAB_WIDTH));
        (usize::from(n == o), usize::from(o >= cut && n == o - cut))
    };
    let (mut alone, mut all) = (0, 0);
    for op in loose_diff(old, new) {
        let (tag, o, n) = op.as_tag_tuple();
        let paired = tag == DiffTag::Equal || (tag == DiffTag::Replace && o.len() == n.len());
        for (i, k) in o.zip(n).filter(|&(i, k)| paired && (i, k) != (0, 0)) {
            if tag == DiffTag::Equal || line_similarity(old[i], new[k]) >= REWRITTEN_LINE {
                let (a, b) = vote(old[i], new[k]);
                (alone, all) = (alone + a, all + b);
            }
        }
    }
    if alone == 0 && all == 0 {
        fn second<'l>(lines: &[&'l str]) -> Option<&'l str> {
            lines[1..].iter().find(|l| !l.trim().is_empty()).copied()
        }
        (alone, all) = match second(old) {
            Some(second_old) => vote(second_old, second(new)?),
            None => first_line::votes_after_one_line(first_old, first_new, second(new)?),
        };
    }
    (alone > 0 && all == 0).then(|| {
        let mut fixed: Vec<String> = new.iter().map(|l| l.to_string()).collect();
        fixed[0] = format!("{indent}{first_new}");
        fixed
    })
}

/// The pairs `(new line, old line)` that show where `new` stands relative to `old`.
struct Evidence<'a> {
    /// Lines `new` keeps (modulo whitespace).
    kept: Vec<(&'a str, &'a str)>,
    /// Lines `new` rewrites one for one, at least [`REWRITTEN_LINE`] alike.
    rewritten: Vec<(&'a str, &'a str)>,
    /// Lines of `old` with nothing opposite them in `new`.
    dropped: Vec<&'a str>,
    /// The pairs whose `new` line stands at its file line's depth, where `old`'s does not.
    at_files_depth: Vec<(&'a str, &'a str)>,
}

impl<'a> Evidence<'a> {
    /// `None` when `new` changes nothing but indentation.
    fn of(old: &[&'a str], new: &[&'a str], file_lines: &[Option<&str>]) -> Option<Self> {
        let blank = |l: &str| l.trim().is_empty();
        let (mut kept, mut rewritten, mut dropped) = (Vec::new(), Vec::new(), Vec::new());
        let mut at_files_depth = Vec::new();
        let mut changes = false;
        for op in loose_diff(old, new) {
            let (tag, o, n) = op.as_tag_tuple();
            if tag != DiffTag::Equal {
                changes |= o.clone().any(|i| !blank(old[i])) || n.clone().any(|k| !blank(new[k]));
            } else {
                // Spaces changed inside a line are a change too (a comment's spacing), one the
                // re-indent around it does not mean.
                changes |= o
                    .clone()
                    .zip(n.clone())
                    .any(|(i, k)| old[i].trim() != new[k].trim());
            }
            if tag == DiffTag::Delete || (tag == DiffTag::Replace && o.len() != n.len()) {
                dropped.extend(o.clone().map(|i| old[i]));
            }
            let votes = match tag {
                DiffTag::Equal => &mut kept,
                DiffTag::Replace if o.len() == n.len() => &mut rewritten,
                _ => continue,
            };
            for (i, k) in o.zip(n) {
                if blank(old[i]) || blank(new[k]) {
                    continue;
                }
                if tag != DiffTag::Equal && line_similarity(old[i], new[k]) < REWRITTEN_LINE {
                    continue;
                }
                let at_file = file_lines[i].is_some_and(|f| {
                    indent_of(f) != indent_of(old[i]) && indent_of(f) == indent_of(new[k])
                });
                if at_file {
                    at_files_depth.push((new[k], old[i]));
                }
                votes.push((new[k], old[i]));
            }
        }
        changes.then_some(Evidence {
            kept,
            rewritten,
            dropped,
            at_files_depth,
        })
    }
}

/// Depths no author chooses for `new` under `old`.
struct Unlikely {
    /// Indented in a file with no indented line.
    in_flat_file: bool,
    /// Flush left under an indented `old`.
    flush_left: bool,
    /// Off the file's indent unit, where `old` is on it.
    off_unit: bool,
    /// Indented with spaces in a file indented with tabs alone.
    spaces_for_tabs: bool,
    /// Indented with tabs in a file indented with spaces alone.
    tabs_for_spaces: bool,
}

impl Unlikely {
    fn of(old: &[&str], new: &[&str], file: &IndentHabits) -> Self {
        let widths = |lines: &[&str]| -> Vec<usize> {
            lines
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| indent_columns(l, file.tab))
                .collect()
        };
        let (o, n) = (widths(old), widths(new));
        let on_unit = |w: &[usize]| {
            file.unit
                .is_some_and(|u| w.iter().all(|x| x.is_multiple_of(u)))
        };
        let starts = |c: char| new.iter().any(|l| l.starts_with(c));
        Unlikely {
            in_flat_file: file.style.is_none() && n.iter().any(|w| *w > 0),
            flush_left: n.iter().min() == Some(&0) && o.iter().min().is_some_and(|m| *m > 0),
            off_unit: on_unit(&o) && !on_unit(&n),
            spaces_for_tabs: file.tabs_only && starts(' '),
            tabs_for_spaces: file.style == Some(IndentStyle::Spaces) && starts('\t'),
        }
    }

    fn any(&self) -> bool {
        self.in_flat_file
            || self.flush_left
            || self.off_unit
            || self.spaces_for_tabs
            || self.tabs_for_spaces
    }
}

/// The shallowest depth of `lines`' non-blank lines.
fn shallowest<'l>(lines: impl Iterator<Item = &'l str>, tab: usize) -> Option<usize> {
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent_columns(l, tab))
        .min()
}

#[cfg(test)]
mod tests;
