//! Stale blocks the ratio margin cannot see: the block `old` was copied from, changed since
//! the model read it (half of its middle lines rewritten), and near it a sibling of the same
//! shape a name or two from `old`. The sibling scores high (every line but one or two is
//! `old`'s), the changed block lower (its rewritten lines count for less): more than the
//! margin apart, or not a window at all when fewer than half of its middle lines are left as
//! they were. Yet the changed block still begins and ends with `old`'s anchor lines and is
//! about as alike to `old` ([`STALE_FLOOR`]): as much a sign that it is `old`'s block as the
//! sibling's nearness. Only slips of memory ([`TWIN_MAX_EDITS`] character edits in all, see
//! `closest_by_edits`) and lines left out or made up (`line_missing`, `line_extra`) make the
//! nearest window the one meant; short of that, each such window apart from it is a rival.
//! And a "slip" made of words the file has elsewhere (`find_raw` for the nearest window's
//! `rfind_raw`) may be no slip: beside a window rewritten in half its middle lines, `old` is as
//! likely that block before it changed ([`copied_elsewhere`]), and that window is a rival too.
//!
//! Measured with a generator over other code (Rust crates, tree-sitter C, Python's standard
//! library; 3 seeds of 1,000 `stale_half` cases, blocks of 3-15 lines each beside a sibling of
//! the same shape): edits made on the sibling or elsewhere 87 / 91 / 62 -> 26 / 21 / 20 (what
//! is left: a sibling a slip from `old`, which reads as a near twin of the block; or a block
//! whose changed lines share no names with `old`). Its legitimate `old`s (the block with one
//! name misremembered, beside the sibling) 445 -> 392 exact of 1,000; with a slip or an
//! indentation off, unchanged. The gate: unchanged. [`STALE_FLOOR`] 0.5 / 0.7: seed 1's wrong
//! edits 25 / 34 (0.6: 26), seed 3's legitimate ones 391 / 393 exact (0.6: 392). Rivals only
//! among windows with half their middle lines equal: 38 / 38 / 32 wrong, 434 exact.
//!
//! A window lacking half of `old`'s names is no less a rival here (`names` drops such windows
//! as candidates): a block rewritten in half its lines lost their names too. Measured with the
//! refuse generator (3 seeds of 1,000 cases per class): `stale_half` applied 4 / 5 / 3 -> 1 / 3
//! / 2 (none left on a sibling in seeds 1 and 2); `legit_token` 392 -> 391 exact (a sibling of
//! the block, as alike to an `old` with a name misremembered, refused as ambiguous), the
//! other legitimate classes, the gate, the attack and apply benchmarks: unchanged.

use std::ops::Range;

use super::{alignment_cost, MAX_SCORED_WINDOWS};
use crate::align::{align, block_edits_within, block_key, similarity};
use crate::candidate::Candidate;
use crate::normalize::{self, Level};
use crate::strategy::Context;
use crate::text::Text;
use crate::thresholds::{BLOCK_ANCHOR_MARGIN, MAX_LINE_DELTA, STALE_FLOOR, TWIN_MAX_EDITS};

/// The lines of every window apart from the best of `out` (and not itself within the margin
/// of it) that has both anchor lines of `old` as written and is at least [`STALE_FLOOR`]
/// alike, when the best passes the floor and differs from `old` by more than slips of memory:
/// rivals the decision must see. `old` is the whole needle, `first` and `last` its first and
/// last non-blank lines.
pub(super) fn stale_rivals(
    cx: &Context<'_>,
    old: &[&str],
    (first, last): (usize, usize),
    out: &[Candidate],
) -> Vec<Range<usize>> {
    let Some(best) = super::best_over_floor(out) else {
        return Vec::new();
    };
    let text = cx.text;
    let body = &old[first..=last];
    let old_nb: Vec<&str> = body
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let window_nb: Vec<&str> = best
        .lines
        .clone()
        .map(|i| text.line(i))
        .filter(|l| !l.trim().is_empty())
        .collect();
    let bytes: usize = old_nb.iter().chain(&window_nb).map(|l| l.len()).sum();
    if !cx.budget.charge(4 * bytes) {
        return Vec::new();
    }
    // A best window a slip from `old` is `old`'s block, unless the "slip" is text the file
    // has elsewhere and a window rewritten in half its middle lines is there too: `old` then
    // explains both (the sibling misremembered, or the rewritten block before it changed), and
    // which was meant is unclear.
    let slipped = slipped_only(&old_nb, &window_nb);
    if slipped
        && (!cx.budget.charge(text.as_str().len()) || !copied_elsewhere(text, &old_nb, &window_nb))
    {
        return Vec::new();
    }
    // Every window with both anchor lines as written, apart from the best, as alike to `old`
    // as a block half rewritten is: its middle lines need not be half equal.
    let hashes = text.loose_hashes();
    let (hf, hl) = (
        normalize::loose_hash(old[first]),
        normalize::loose_hash(old[last]),
    );
    let anchor =
        |i: usize, k: usize| normalize::lines_equal(text.line(i), old[k], Level::InnerWhitespace);
    let span = last - first;
    let mut rivals = Vec::new();
    let mut scored = 0;
    for start in (0..hashes.len()).filter(|&j| hashes[j] == hf) {
        let lo = start + span.saturating_sub(MAX_LINE_DELTA).max(1);
        let hi = (start + span + MAX_LINE_DELTA).min(hashes.len() - 1);
        for end in (lo..=hi).filter(|&e| hashes[e] == hl) {
            let lines = start..end + 1;
            // The best window's lines, and a window within the margin of it, are judged already.
            let overlaps_best = lines.start < best.lines.end && best.lines.start < lines.end;
            let judged = overlaps_best
                || out
                    .iter()
                    .any(|c| c.lines == lines && best.score - c.score < BLOCK_ANCHOR_MARGIN);
            if judged {
                continue;
            }
            if scored == MAX_SCORED_WINDOWS
                || !cx
                    .budget
                    .charge(alignment_cost(body.len(), end + 1 - start))
            {
                return rivals;
            }
            scored += 1;
            if !anchor(start, first) || !anchor(end, last) {
                continue;
            }
            let window: Vec<&str> = lines.clone().map(|i| text.line(i)).collect();
            let sim = similarity(body, &window);
            if sim.score >= STALE_FLOOR
                && (!slipped
                    || cx.budget.charge(alignment_cost(body.len(), window.len()))
                        && half_rewritten(&old_nb, &window))
            {
                rivals.push(lines);
            }
        }
    }
    rivals
}

/// Whether `window` (with both anchor lines of `old`, `old`'s non-blank lines) rewrites half
/// of `old`'s middle lines or more (of an odd count, the smaller half), two at least: lines
/// paired as changed, not lines left out (a window a `}` short is another extent, not a
/// rewrite). The block `old` was copied from, rewritten since, as the refuse generator's
/// `stale_half` makes it (and as `rules::check_not_stale` counts). A line of `old` with no
/// equal line in the window counts as rewritten, however the diff pairs it (a `}` rewritten
/// as a call is a line deleted and one inserted to it), less the lines the window is short of:
/// `stale_half` applied on seed 1, 5 -> 4, the rest unchanged.
fn half_rewritten(old: &[&str], window: &[&str]) -> bool {
    let window: Vec<&str> = window
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    // Lines of `old` with no equal line in the window, less those the window is short of.
    let unpaired = align(old, &window)
        .equal
        .iter()
        .filter(|e| e.is_none())
        .count();
    let rewritten = unpaired.saturating_sub(old.len().saturating_sub(window.len()));
    let middle = old.len().saturating_sub(2);
    rewritten >= 2 && 2 * rewritten + 1 >= middle
}

/// Whether every word of `old` that the lines `old` and `window` pair as changed lack is a word
/// the file has elsewhere: then `old` differs from `window` not by a slip of memory (a slipped
/// letter makes a word the file has nowhere, `methxd`) but by text the model read somewhere,
/// the block it copied from, as it was before it changed (`find_raw` where the nearest block
/// has `rfind_raw`). Measured on the refuse generator (3 seeds of 1,000 cases per class):
/// `stale_half` edits made on a sibling or elsewhere 23 / 18 / 17 -> 7 / 7 / 4 (seeds 1 / 2 /
/// 3; left: the rewritten block lost `old`'s word too, or is less than [`STALE_FLOOR`] alike);
/// `twin_slip` applied 3 / 2 / 9 -> 3 / 1 / 5; `legit_typo` 851 / 870 / 883 -> 851 / 870 /
/// 882 exact (the one lost: `x` slipped for `e`, a word the file has). Taking the rewritten
/// block as a rival beside any window a slip away refused 331 of the `legit_typo` cases.
/// The gate, the independent apply benchmark and the real calls: unchanged.
fn copied_elsewhere(text: &Text, old: &[&str], window: &[&str]) -> bool {
    let words = |line: &str| -> Vec<String> {
        line.split(|c: char| !normalize::is_word_char(c))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    // Lines left out or made up are no text read elsewhere (the gate's `line_missing` and
    // `line_extra` beside a rewritten sibling: 19 refused when they counted).
    let replaced = align(old, window).replaced;
    !replaced.is_empty()
        && replaced.into_iter().all(|(i, j)| {
            let theirs = words(window[j]);
            words(old[i])
                .iter()
                .filter(|w| !theirs.contains(w))
                .all(|w| text.contains_word(w))
        })
}

/// Whether the lines `old` and `window` pair as changed differ by at most [`TWIN_MAX_EDITS`]
/// character edits in all: slips of memory. Lines missing from `window` or extra in it do not
/// count (a model leaves out or makes up a line: the gate's `line_missing`, `line_extra`).
pub(super) fn slipped_only(old: &[&str], window: &[&str]) -> bool {
    let mut left = TWIN_MAX_EDITS;
    for (i, j) in align(old, window).replaced {
        match block_edits_within(&block_key(&[old[i]]), &block_key(&[window[j]]), left) {
            Some(d) => left -= d,
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_made_of_words_the_file_has_is_text_read_elsewhere() {
        let text = &Text::new("load(fixture_1);\nload(fixture_2);\nrun(options);\n");
        let window = ["load(fixture_2);", "run(options);"];
        // `fixture_1` stands in the file: copied from there.
        assert!(copied_elsewhere(
            text,
            &["load(fixture_1);", "run(options);"],
            &window
        ));
        // `optoins` stands nowhere: a slip of memory.
        assert!(!copied_elsewhere(
            text,
            &["load(fixture_2);", "run(optoins);"],
            &window
        ));
        // A line left out is no text read elsewhere.
        assert!(!copied_elsewhere(text, &["run(options);"], &window));
    }

    #[test]
    fn half_the_middle_lines_and_two_at_least_are_a_rewrite() {
        let old = ["fn f() {", "a();", "b();", "c();", "d();", "}"];
        // 4 middle lines, 2 rewritten: half.
        assert!(half_rewritten(
            &old,
            &["fn f() {", "a2();", "b2();", "c();", "d();", "}"]
        ));
        assert!(!half_rewritten(
            &old,
            &["fn f() {", "a2();", "b();", "c();", "d();", "}"]
        ));
        // Lines rewritten as other statements count, however the diff pairs them.
        assert!(half_rewritten(
            &old,
            &["fn f() {", "a2();", "b();", "c();", "call(x, y);", "}"]
        ));
        // Two lines left out are another extent, not a rewrite.
        assert!(!half_rewritten(&old, &["fn f() {", "a();", "b();", "}"]));
        // One line alone is a slip, however short the block.
        assert!(!half_rewritten(
            &["fn f() {", "a();", "}"],
            &["fn f() {", "a2();", "}"]
        ));
    }

    #[test]
    fn slips_and_lines_missing_or_extra_are_all_a_window_may_differ_by() {
        let file = ["let a = 1;", "let b = 2;", "let c = 3;", "call(a, b, c);"];
        // One slip, or a line left out: the window is `old` as remembered.
        assert!(slipped_only(
            &["let a = 1;", "let b = 3;", "let c = 3;", "call(a, b, c);"],
            &file
        ));
        assert!(slipped_only(
            &["let a = 1;", "let c = 3;", "call(a, b, c);"],
            &file
        ));
        assert!(slipped_only(
            &[
                "let a = 1;",
                "let b = 2;",
                "let x = 0;",
                "let c = 3;",
                "call(a, b, c);"
            ],
            &file
        ));
        // A name off (4 edits), or two slips on two lines and a third: another block.
        assert!(!slipped_only(
            &[
                "let a = 1;",
                "let bees = 2;",
                "let c = 3;",
                "call(a, b, c);"
            ],
            &file
        ));
        assert!(!slipped_only(
            &["let a = 2;", "let b = 3;", "let c = 4;", "call(a, b, c);"],
            &file
        ));
    }
}
