//! **Line slips**: every line of `old` is a line of the file, but the model slipped on the
//! block's line structure: it copied a line twice, swapped two lines, joined two wrapped lines
//! into one, wrapped a long line in two, or left a line out.
//!
//! Such an `old` is found by its content, not by its positions: its non-blank lines are
//! aligned with the file's (loosely: indentation and inner spacing aside) allowing only those
//! slips, at most [`MAX_SLIPS`] of them and at most [`MAX_LEFT_OUT`] line left out (see
//! [`alignment`]). The block is taken only when no other alignment in the whole file is within
//! [`SLIPS_RIVAL_MARGIN`] slips of it (another block, another extent, or another reading of the same
//! lines: the edit is passed on), and `old` has at least one line more standing in place than
//! it has slips, and no line it leaves out is a slip of the line of `old` beside it (a twin's
//! slipped copy, see [`slipped_copy`]). The slips are then undone in `old`, and
//! in `new` where it repeats them (see [`repair`]): a line `new` keeps is kept once, in the
//! file's order; the merge does the rest, as for any line match.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "fn f() {\n    let a = 1;\n    let b = 2;\n    let c = 3;\n}\n";
//! // `let b` copied twice, the model's change on the line after it.
//! let old = "    let a = 1;\n    let b = 2;\n    let b = 2;\n    let c = 3;";
//! let new = "    let a = 1;\n    let b = 2;\n    let c = 30;";
//! let out = apply(file, &Edit::new(old, new)).unwrap();
//! assert_eq!(out.text, "fn f() {\n    let a = 1;\n    let b = 2;\n    let c = 30;\n}\n");
//! assert_eq!(out.matches[0].strategy, "line_slips");
//! // Two lines swapped in `old`: the file's order stays.
//! let old = "    let b = 2;\n    let a = 1;\n    let c = 3;\n}";
//! let new = "    let b = 2;\n    let a = 10;\n    let c = 3;\n}";
//! let out = apply(file, &Edit::new(old, new)).unwrap();
//! assert_eq!(out.text, "fn f() {\n    let a = 10;\n    let b = 2;\n    let c = 3;\n}\n");
//! ```

use std::collections::HashMap;
use std::rc::Rc;

use super::{line_places, Context, HashIsKey, Strategy, LINE_COMPARE_UNITS};
use crate::align::similarity;
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::needle::Needle;
use crate::normalize::{self, loose_key};
use crate::text::lines_of;
use crate::text::Text;

mod alignment;
mod repair;
mod slipped_copy;

use crate::thresholds::{
    BLOCK_ANCHOR_MARGIN, LINE_SLIPS_MIN_CHARS, MAX_LEFT_OUT, MAX_SLIPS, SLIPS_RIVAL_MARGIN,
};
use alignment::{align, Lines, Step, Window};

/// Most places in the file the rarest line of `old` may stand at: beyond that the block is too
/// common to tell apart by its lines alone.
const MAX_SEEDS: usize = 64;
/// Most non-blank lines of `old` this strategy aligns (the alignment is quadratic).
const MAX_LINES: usize = 200;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct LineSlips;

impl Strategy for LineSlips {
    fn id(&self) -> StrategyId {
        StrategyId::LineSlips
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let trimmed = cx.needle.without_blank_edges();
        let needle = trimmed.as_ref().unwrap_or(cx.needle);
        found(cx.text, needle, cx).unwrap_or_default()
    }
}

/// The one candidate for `needle`, if the file holds exactly one block it slipped on.
fn found(text: &Text, needle: &Needle, cx: &Context<'_>) -> Option<Vec<Candidate>> {
    let old: Vec<&str> = needle.lines().collect();
    let non_blank: Vec<usize> = (0..old.len())
        .filter(|&i| !old[i].trim().is_empty())
        .collect();
    let m = non_blank.len();
    if !(2..=MAX_LINES).contains(&m) {
        return None;
    }
    let keys: Vec<String> = non_blank
        .iter()
        .map(|&i| loose_key(old[i]).into_owned())
        .collect();
    if keys.iter().map(|k| k.chars().count()).sum::<usize>() < LINE_SLIPS_MIN_CHARS {
        return None;
    }
    let wanted: Vec<u64> = non_blank
        .iter()
        .map(|&i| normalize::loose_hash(old[i]))
        .collect();
    if !cx.budget.charge(text.loose_hashes().len()) {
        return None;
    }
    let places = line_places(text, &wanted, MAX_SEEDS + 1);
    // Every line stands somewhere in the file, but one that two of the file's lines joined,
    // or two in a row that wrap one of its lines.
    let absent: Vec<usize> = (0..m).filter(|&k| places[&wanted[k]].0 == 0).collect();
    let joined = matches!(absent[..], [] | [_]) && absent.iter().all(|&k| keys[k].contains(' '));
    let wrapped = matches!(absent[..], [a, b] if b == a + 1);
    if !joined && !wrapped {
        return None;
    }
    let seed = (0..m)
        .filter(|&k| places[&wanted[k]].0 > 0)
        .min_by_key(|&k| places[&wanted[k]].0)?;
    let (count, at) = &places[&wanted[seed]];
    if *count > MAX_SEEDS {
        return None;
    }
    // Every alignment with few enough slips, by the file lines it runs over.
    let mut windows: HashMap<(usize, usize), Found> = HashMap::new();
    let reach = MAX_SLIPS + 1;
    for &p in at {
        let region = region(text, p, seed + reach, m - seed + reach);
        if !cx
            .budget
            .charge((m + 1) * (region.len() + 1) * 4 + region.len() * LINE_COMPARE_UNITS)
        {
            return None;
        }
        let lines = RegionLines::new(text, &non_blank, &keys, &wanted, &region);
        for w in align(&lines, MAX_SLIPS + SLIPS_RIVAL_MARGIN) {
            let lines_range = region[w.start]..region[w.end - 1] + 1;
            let entry = Found {
                window: w,
                region: region.clone(),
            };
            match windows.get(&(lines_range.start, lines_range.end)) {
                Some(f) if f.window.cost <= entry.window.cost => {}
                _ => {
                    windows.insert((lines_range.start, lines_range.end), entry);
                }
            }
        }
    }
    let best = windows.values().map(|f| f.window.cost).min()?;
    if best == 0 || best > MAX_SLIPS {
        // Nothing slipped: the equality strategies' to find (blank lines aside).
        return None;
    }
    let mut at_best = windows
        .iter()
        .filter(|(_, f)| f.window.cost <= best + SLIPS_RIVAL_MARGIN);
    let (Some((&(start, end), chosen)), None) = (at_best.next(), at_best.next()) else {
        return None;
    };
    let steps = chosen.window.steps.as_deref()?;
    let in_place = steps
        .iter()
        .filter(|s| matches!(s, Step::Same { .. }))
        .count();
    let left_out = steps
        .iter()
        .filter(|s| matches!(s, Step::Left { .. }))
        .count();
    // A line left out beside another slip is how a changed line looks (`a x` for `a b` read as
    // `b` left out and `a` copied twice): alone only.
    let left_alone = left_out == 0 || (left_out <= MAX_LEFT_OUT && best == 1);
    if in_place < best + 1 || !left_alone || repeats_a_slipped_line(steps, &keys) {
        return None;
    }
    let region_keys: Vec<String> = chosen
        .region
        .iter()
        .map(|&i| loose_key(text.line(i)).into_owned())
        .collect();
    if slipped_copy::left_out_is_slipped_copy(steps, &keys, &region_keys) {
        return None;
    }
    // A place elsewhere about as like `old` as the block (by the looser strategies' score, within
    // their margin) is `old` with a few lines misremembered: the edit is theirs to weigh.
    let body: Vec<&str> = non_blank.iter().map(|&i| old[i]).collect();
    let like = |lines: std::ops::Range<usize>| {
        let window: Vec<&str> = lines.map(|i| text.line(i)).collect();
        similarity(&body, &window).score
    };
    let rivals = held_elsewhere(
        old.len(),
        &non_blank,
        &wanted,
        &places,
        start..end,
        text.line_count(),
    );
    if !rivals.is_empty() {
        let ours = like(start..end);
        for rival in rivals {
            if !cx
                .budget
                .charge((body.len() + rival.len()) * LINE_COMPARE_UNITS * 2)
            {
                return None;
            }
            if like(rival) + BLOCK_ANCHOR_MARGIN > ours {
                return None;
            }
        }
    }
    let region_text: Vec<&str> = chosen.region.iter().map(|&i| text.line(i)).collect();
    let slipped = repair::Slipped {
        old: &old,
        non_blank: &non_blank,
        region: &region_text,
    };
    let (new_lines, new_trailing) = if needle.new_text().is_empty() {
        (Vec::new(), false)
    } else {
        lines_of(needle.new_text())
    };
    let (old_fixed, new_fixed) = repair::repaired(&slipped, steps, &new_lines)?;
    let mut old_text = old_fixed.join("\n");
    if needle.trailing_newline() {
        old_text.push('\n');
    }
    let mut new_text = new_fixed.join("\n");
    if new_trailing && !new_fixed.is_empty() {
        new_text.push('\n');
    }
    let fixed = Needle::new(old_text, new_text);
    Some(vec![Candidate {
        span: text.span_of_lines(start..end, needle.trailing_newline()),
        lines: start..end,
        score: 1.0,
        fit: Fit::Lines(Some(Rc::new(fixed))),
    }])
}

/// Places in the file away from `window` that hold at least half of `old`'s lines (of those
/// seen in few enough places to count) in about the order `old` has them, as the lines `old`
/// would cover there: a near twin of the block, or the block `old` was copied from, changed
/// since. `old` with its slips undone may be another block's lines by chance (`old` from the
/// block before it changed, and its sibling with one line more).
fn held_elsewhere(
    old_len: usize,
    non_blank: &[usize],
    wanted: &[u64],
    places: &HashMap<u64, (usize, Vec<usize>), HashIsKey>,
    window: std::ops::Range<usize>,
    line_count: usize,
) -> Vec<std::ops::Range<usize>> {
    // (diagonal: file line minus `old` line, `old` line) for every place outside the window.
    let mut votes: Vec<(isize, usize)> = Vec::new();
    let mut counted = 0usize;
    for (k, h) in wanted.iter().enumerate() {
        let (count, at) = &places[h];
        if *count == 0 || *count > MAX_SEEDS {
            continue;
        }
        counted += 1;
        votes.extend(
            at.iter()
                .filter(|p| !window.contains(p))
                .map(|&p| (p as isize - non_blank[k] as isize, k)),
        );
    }
    let needed = counted.div_ceil(2).max(2);
    votes.sort_unstable();
    let band = (MAX_SLIPS + 1) as isize;
    let mut lines: Vec<usize> = Vec::new();
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    for a in 0..votes.len() {
        let (first, _) = votes[a];
        let in_band = votes[a..]
            .iter()
            .take_while(|(d, _)| *d <= first + 2 * band);
        lines.clear();
        lines.extend(in_band.clone().map(|(_, k)| *k));
        lines.sort_unstable();
        lines.dedup();
        if lines.len() < needed {
            continue;
        }
        let last = in_band.map(|(d, _)| *d).max().unwrap_or(first);
        let start = first.clamp(0, line_count as isize) as usize;
        let end = (last + old_len as isize).clamp(0, line_count as isize) as usize;
        if start < end && out.last().is_none_or(|r| r.end <= start) {
            out.push(start..end);
        }
    }
    out
}

/// Whether a line copied twice or swapped stands in `old` once more besides: `a b a c` is `a b
/// c a` with the last two swapped, or `a b c` with `a` copied and moved, and which the model
/// slipped on is a guess.
fn repeats_a_slipped_line(steps: &[Step], keys: &[String]) -> bool {
    let times = |k: &String| keys.iter().filter(|other| *other == k).count();
    steps.iter().any(|s| match *s {
        Step::Twice { i, .. } => times(&keys[i]) > 2,
        Step::Swapped { i, .. } => times(&keys[i]) > 1 || times(&keys[i + 1]) > 1,
        _ => false,
    })
}

/// An alignment found, with the region it was found in.
struct Found {
    window: Window,
    region: Vec<usize>,
}

/// The non-blank lines around line `p`: up to `before` of them before it, `p`, and up to
/// `after - 1` after it.
fn region(text: &Text, p: usize, before: usize, after: usize) -> Vec<usize> {
    let mut lines: Vec<usize> = (0..p)
        .rev()
        .filter(|&i| !text.is_blank(i))
        .take(before)
        .collect();
    lines.reverse();
    lines.extend(
        (p..text.line_count())
            .filter(|&i| !text.is_blank(i))
            .take(after),
    );
    lines
}

/// `old`'s non-blank lines against a region of the file (see [`alignment::Lines`]).
struct RegionLines<'a> {
    text: &'a Text<'a>,
    non_blank: &'a [usize],
    keys: &'a [String],
    hashes: &'a [u64],
    region: &'a [usize],
    region_keys: Vec<String>,
}

impl<'a> RegionLines<'a> {
    fn new(
        text: &'a Text<'a>,
        non_blank: &'a [usize],
        keys: &'a [String],
        hashes: &'a [u64],
        region: &'a [usize],
    ) -> Self {
        let region_keys = region
            .iter()
            .map(|&i| loose_key(text.line(i)).into_owned())
            .collect();
        RegionLines {
            text,
            non_blank,
            keys,
            hashes,
            region,
            region_keys,
        }
    }
}

impl Lines for RegionLines<'_> {
    fn old_len(&self) -> usize {
        self.keys.len()
    }

    fn region_len(&self) -> usize {
        self.region.len()
    }

    fn same(&self, i: usize, j: usize) -> bool {
        self.hashes[i] == self.text.loose_hashes()[self.region[j]]
            && self.keys[i] == self.region_keys[j]
    }

    fn old_adjacent(&self, i: usize) -> bool {
        self.non_blank[i + 1] == self.non_blank[i] + 1
    }

    fn region_adjacent(&self, j: usize) -> bool {
        self.region[j + 1] == self.region[j] + 1
    }

    fn joined(&self, i: usize, j: usize) -> bool {
        if !self.region_adjacent(j) {
            return false;
        }
        let (key, a, b) = (
            &self.keys[i],
            &self.region_keys[j],
            &self.region_keys[j + 1],
        );
        key.len() == a.len() + 1 + b.len()
            && key.starts_with(a.as_str())
            && key.ends_with(b.as_str())
            && key.as_bytes()[a.len()] == b' '
    }

    fn split(&self, i: usize, j: usize) -> bool {
        let (line, a, b) = (&self.region_keys[j], &self.keys[i], &self.keys[i + 1]);
        line.len() >= a.len() + b.len()
            && line.starts_with(a.as_str())
            && line.ends_with(b.as_str())
            && wrap_gap(&line[a.len()..line.len() - b.len()], a, b)
    }
}

/// Whether `gap` is what stands between the two parts of a wrapped line in the file: a space,
/// or nothing where the line breaks after an opening bracket or before a closing one or a
/// method call (`f(` / `x)`, `a` / `.b()`), where the file writes no space.
fn wrap_gap(gap: &str, head: &str, tail: &str) -> bool {
    gap == " "
        || (gap.is_empty()
            && (head.ends_with(['(', '[', '{']) || tail.starts_with([')', ']', '}', '.'])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;

    fn lines_found(
        file: &str,
        old: &str,
        new: &str,
    ) -> Option<(std::ops::Range<usize>, String, String)> {
        let text = Text::new(file);
        let needle = Needle::new(old, new);
        let budget = Budget::unlimited();
        let cx = Context::new(&text, &needle, &budget);
        let c = LineSlips.candidates(&cx).into_iter().next()?;
        let n = c.fit.needle()?;
        Some((c.lines, n.old_text().to_string(), n.new_text().to_string()))
    }

    const FILE: &str = "fn f() {\n    let alpha = 1;\n    let beta = 2;\n    let gamma = 3;\n}\n";

    #[test]
    fn a_block_with_a_line_copied_twice_is_found_and_repaired() {
        let old = "    let alpha = 1;\n    let beta = 2;\n    let beta = 2;\n    let gamma = 3;";
        let new = "    let alpha = 1;\n    let beta = 2;\n    let beta = 2;\n    let gamma = 4;";
        let (lines, o, n) = lines_found(FILE, old, new).unwrap();
        assert_eq!(lines, 1..4);
        assert_eq!(
            o,
            "    let alpha = 1;\n    let beta = 2;\n    let gamma = 3;"
        );
        assert_eq!(
            n,
            "    let alpha = 1;\n    let beta = 2;\n    let gamma = 4;"
        );
    }

    #[test]
    fn a_left_out_line_stays_out_of_old() {
        let old = "    let alpha = 1;\n    let gamma = 3;\n}";
        let (lines, o, _) = lines_found(FILE, old, "x").unwrap();
        assert_eq!(lines, 1..5);
        assert_eq!(o, old);
    }

    #[test]
    fn a_swapped_line_old_has_twice_is_no_candidate() {
        // `a b a c`: `c` and `a` swapped, or the first `a` copied and moved.
        let file =
            "    first_call(a);\n    second_call(b);\n    third_call(c);\n    first_call(a);\n";
        let old = "    first_call(a);\n    second_call(b);\n    first_call(a);\n    third_call(c);";
        assert!(lines_found(file, old, "x").is_none());
    }

    #[test]
    fn two_blocks_as_few_slips_away_are_no_candidate() {
        let file = format!("{FILE}{FILE}");
        let old = "    let alpha = 1;\n    let beta = 2;\n    let beta = 2;\n    let gamma = 3;";
        assert!(lines_found(&file, old, "x").is_none());
    }

    #[test]
    fn an_old_the_file_holds_as_it_is_or_with_a_line_changed_is_not_this_strategys() {
        assert!(lines_found(FILE, "    let alpha = 1;\n    let beta = 2;", "x").is_none());
        let old = "    let alpha = 1;\n    let beta = 5;\n    let beta = 5;\n    let gamma = 3;";
        assert!(lines_found(FILE, old, "x").is_none());
    }
}
