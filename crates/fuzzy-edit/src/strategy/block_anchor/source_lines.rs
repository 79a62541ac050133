//! The block `old` was copied from, found by `old`'s own lines. The nearest window may be a
//! sibling a name away (`status` for `status_local`, `may_dangle` for `specialization`): every
//! line but one is `old`'s, it scores high, and the block `old` was copied from, rewritten
//! since in half its lines (or in its first or last line), scores lower or is no window at
//! all. Yet the line that tells the two apart says which one `old` was read from: a line of
//! `old` the nearest window does not hold, standing as written in another block that holds
//! half of `old`'s lines, is the model's copy of that block, not a slip of memory (a slip makes
//! a line the file has nowhere). That block is a rival, and the edit is refused.
//!
//! A line "stands" in the file as written, or extended: the file's line is `old`'s with one run
//! of [`SHORTEST_INSERT`] characters or more put in (`revised_mm_aesenc_si128` for
//! `_mm_aesenc_si128`, an argument added at the end): code grows by words, not by letters, so
//! a one-letter insertion (a slip of memory the other way) does not count.
//!
//! Measured (`refuse-bench/run.py BIN sN.jsonl`, 3 seeds of 1,000 cases per class):
//! `stale_half` applied 7 / 9 / 4 -> 5 / 5 / 3 (what is left: the changed block rewrote the
//! very lines that tell `old` from the sibling, or only one line changed at the block),
//! `twin_slip` 3 / 1 / 5 -> 1 / 0 / 1; `legit_typo`, `legit_indent`, `legit_token` exact
//! unchanged (851 / 870 / 882, 931 / 946 / 956, 392). Attack (`attack/run.sh BIN 1 2 3`):
//! must-refuse applied 6 -> 1 (`MR_stale_half` 4 -> 0, `MR_already_applied` s3:1253 refused
//! too), apply cases unchanged (9,151 exact + 210 sound). Counting braces towards the other
//! lines that must stand lost a `legit_token` case (a `value` standing beside `}` `}`
//! elsewhere); taking a line the window holds with a comment more as a telling line lost
//! attack's `drop_comment_both` s2:1751 (`endif` for `endif # DATA`). The gate and the
//! independent apply benchmark: unchanged.

use std::collections::HashSet;
use std::ops::Range;

use super::MAX_SCORED_WINDOWS;
use crate::candidate::Candidate;
use crate::normalize::{self, is_word_char, Level};
use crate::strategy::Context;
use crate::thresholds::MIN_NAME_CHARS;
use crate::thresholds::{MAX_LINE_DELTA, SHORTEST_INSERT};

/// Every block apart from the best window of `out` (when it passes the floor) that holds a
/// line of `old` the best window does not, together with half of `old`'s non-blank lines (two
/// at least, one more with a name), each as written or extended: rivals the decision must
/// see. `old` is the whole needle, `first` and `last` its first and last non-blank lines.
pub(super) fn source_rivals(
    cx: &Context<'_>,
    old: &[&str],
    (first, last): (usize, usize),
    out: &[Candidate],
) -> Vec<Range<usize>> {
    let Some(best) = super::best_over_floor(out) else {
        return Vec::new();
    };
    let text = cx.text;
    let hashes = text.loose_hashes();
    let body: Vec<&str> = old[first..=last]
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let best_lines: Vec<&str> = best.lines.clone().map(|i| text.line(i)).collect();
    let best_hashes: HashSet<u64> = best.lines.clone().map(|i| hashes[i]).collect();
    let bytes: usize = body.iter().chain(&best_lines).map(|l| l.len()).sum();
    if !cx.budget.charge(bytes * body.len().min(16)) {
        return Vec::new();
    }
    // The lines of `old` that tell it from the best window: with a name, and standing in the
    // window neither as written nor with tokens of their own added (`endif # DATA` holds
    // `endif`: a comment the model left out). One the window holds with a longer name stands
    // elsewhere only as written (the window may be a sibling named as `old` and more:
    // `tempfile_in` for `tempfile`).
    let telling: Vec<(usize, bool)> = (0..body.len())
        .filter(|&k| has_name(body[k]) && !best_hashes.contains(&normalize::loose_hash(body[k])))
        .filter_map(|k| {
            let held: Vec<Insertion> = best_lines
                .iter()
                .filter_map(|w| insertion(w, body[k]))
                .collect();
            (!held.contains(&Insertion::OfItsOwn)).then_some((k, !held.is_empty()))
        })
        .collect();
    if telling.is_empty() || telling.len() * 2 > body.len() {
        // Nothing tells them apart, or the window is not `old`'s shape at all.
        return Vec::new();
    }
    let needed = body.len().div_ceil(2).max(2);
    let new_lines: Vec<&str> = cx
        .needle
        .new_text()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut rivals: Vec<Range<usize>> = Vec::new();
    let mut examined = 0usize;
    for &(k, extended_in_best) in &telling {
        let hash = normalize::loose_hash(body[k]);
        // (A line too short to hold `body[k]` trimmed and a run put in extends nothing: most
        // lines of a file are ruled out by their length before they are trimmed.)
        let extended_len = body[k].trim().len() + SHORTEST_INSERT;
        // (Trimmed once here, not once per line of the file.)
        let old_trimmed = normalize::trim_line(body[k]).as_bytes();
        if !cx.budget.charge(text.as_str().len()) {
            return rivals;
        }
        for p in 0..hashes.len() {
            if best.lines.contains(&p) || rivals.iter().any(|r| r.contains(&p)) {
                continue;
            }
            let line = text.line(p);
            let stands = hashes[p] == hash
                && normalize::lines_equal(line, body[k], Level::InnerWhitespace)
                || !extended_in_best
                    && line.len() >= extended_len
                    && insertion_trimmed(normalize::trim_line(line).as_bytes(), old_trimmed)
                        .is_some();
            if !stands {
                continue;
            }
            examined += 1;
            if examined > MAX_SCORED_WINDOWS {
                return rivals;
            }
            // The lines around it where the rest of `old` would stand.
            let lo = p.saturating_sub(k + MAX_LINE_DELTA);
            let hi = (p + (body.len() - 1 - k) + MAX_LINE_DELTA).min(hashes.len() - 1);
            let region: Vec<&str> = (lo..=hi).map(|i| text.line(i)).collect();
            let cost: usize = region.iter().map(|l| l.len()).sum::<usize>() * body.len();
            if !cx.budget.charge(cost) {
                return rivals;
            }
            let holds = |o: &str, f: &str| {
                normalize::lines_equal(f, o, Level::InnerWhitespace) || extends(f, o)
            };
            let before = matched(&body[..k], &region[..p - lo], holds, false);
            let after = matched(&body[k + 1..], &region[p - lo + 1..], holds, false);
            if before.count + 1 + after.count < needed {
                continue;
            }
            // Braces and bare numbers stand everywhere: another line with a name must stand
            // too (a `value` for `sigset` misremembered stands in many places, beside `}`).
            let named_before = matched(&body[..k], &region[..p - lo], holds, true);
            let named_after = matched(&body[k + 1..], &region[p - lo + 1..], holds, true);
            if named_before.count + named_after.count == 0 {
                continue;
            }
            let start = before.first.map_or(p, |i| lo + i);
            let end = after.last.map_or(p, |i| p + 1 + i) + 1;
            let lines = start..end;
            if lines.start < best.lines.end && best.lines.start < lines.end {
                continue;
            }
            // Where `new` stands, the edit was made already (the decision says so): `old`'s
            // lines there are what the edit left.
            if holds_new(&region, &new_lines) {
                continue;
            }
            rivals.push(lines);
        }
    }
    rivals
}

/// Whether `region` holds `new` (its non-blank lines, trimmed) as a run of lines.
fn holds_new(region: &[&str], new: &[&str]) -> bool {
    let region: Vec<&str> = region
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect();
    !new.is_empty() && region.windows(new.len()).any(|w| w == new)
}

/// Whether `line` has a name: a word of [`MIN_NAME_CHARS`] characters or more that starts with a letter or
/// `_` (a line of braces or a bare number tells no block from another).
fn has_name(line: &str) -> bool {
    line.split(|c: char| !is_word_char(c)).any(|w| {
        w.chars().count() >= MIN_NAME_CHARS && !w.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// Whether `line` is `old_line` with one run of [`SHORTEST_INSERT`] characters or more put in
/// (letter case aside, as `revisedUnsafe` for `unsafe`), both trimmed.
fn extends(line: &str, old_line: &str) -> bool {
    insertion(line, old_line).is_some()
}

/// How `line` extends `old_line` (see [`extends`]), if it does: whether the run put in joins a
/// word of `old_line` (`tempfile_in` for `tempfile`: a name made longer, another name), or
/// stands as tokens of its own (`endif # DATA` for `endif`: the same line, a comment more).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Insertion {
    JoinsAWord,
    OfItsOwn,
}

fn insertion(line: &str, old_line: &str) -> Option<Insertion> {
    insertion_trimmed(
        normalize::trim_line(line).as_bytes(),
        normalize::trim_line(old_line).as_bytes(),
    )
}

/// [`insertion`] of `f` and `o`, both trimmed already (a line of the file and a line of `old`).
fn insertion_trimmed(f: &[u8], o: &[u8]) -> Option<Insertion> {
    if o.is_empty() || f.len() < o.len() + SHORTEST_INSERT {
        return None;
    }
    // Unless the run stands at the very start or end, both ends are `old_line`'s: most lines
    // of a file are ruled out here without walking them.
    let (first, last) = (o[0], o[o.len() - 1]);
    if !f[0].eq_ignore_ascii_case(&first) && !f[f.len() - 1].eq_ignore_ascii_case(&last) {
        return None;
    }
    let prefix = f
        .iter()
        .zip(o)
        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
        .count();
    let suffix = f
        .iter()
        .rev()
        .zip(o.iter().rev())
        .take_while(|(a, b)| a.eq_ignore_ascii_case(b))
        .count();
    if prefix + suffix < o.len() {
        return None;
    }
    // The run may stand at any split of `old_line` the prefix and suffix allow.
    let run = f.len() - o.len();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    let joins = (o.len() - suffix.min(o.len())..=prefix.min(o.len())).any(|i| {
        let before = i.checked_sub(1).map(|k| f[k]);
        let after = f.get(i + run).copied();
        before.is_some_and(word) && word(f[i]) || after.is_some_and(word) && word(f[i + run - 1])
    });
    Some(if joins {
        Insertion::JoinsAWord
    } else {
        Insertion::OfItsOwn
    })
}

/// How many lines of `old` stand in `region` in order (as `holds` says), and the first and last
/// lines of `region` that hold one.
struct Matched {
    count: usize,
    first: Option<usize>,
    last: Option<usize>,
}

/// The most lines of `old` standing in `region` in order (a common subsequence, each pair as
/// `holds` says); with `named_only`, of its lines with a name alone.
fn matched(
    old: &[&str],
    region: &[&str],
    holds: impl Fn(&str, &str) -> bool,
    named_only: bool,
) -> Matched {
    let (n, m) = (old.len(), region.len());
    let weight: Vec<usize> = old
        .iter()
        .map(|l| usize::from(!named_only || has_name(l)))
        .collect();
    // best[i][j]: the most of old[i..] standing in region[j..].
    let mut best = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            let skip = best[i + 1][j].max(best[i][j + 1]);
            best[i][j] = if weight[i] > 0 && holds(old[i], region[j]) {
                skip.max(best[i + 1][j + 1] + 1)
            } else {
                skip
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let (mut first, mut last) = (None, None);
    while i < n && j < m && best[i][j] > 0 {
        if weight[i] > 0 && holds(old[i], region[j]) && best[i][j] == best[i + 1][j + 1] + 1 {
            first.get_or_insert(j);
            last = Some(j);
            i += 1;
            j += 1;
        } else if best[i + 1][j] >= best[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    Matched {
        count: best[0][0],
        first,
        last,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_extended_by_a_word_stands_for_the_line() {
        assert!(extends(
            "transmute!(revised_mm_aesenc_si128(value))",
            "transmute!(_mm_aesenc_si128(value))"
        ));
        assert!(extends("    revisedUnsafe {", "unsafe {"));
        assert!(extends("  upd_color: #470000;", "color: #470000;"));
        assert!(extends("call(a, b); call(a", "call(a, b);"));
        // One letter more is a slip of memory, not code that grew.
        assert!(!extends("values.push(x);", "value.push(x);"));
        // Two runs put in: not one extension.
        assert!(!extends("new_a(b_new);", "a(b);"));
        assert!(!extends("a(b);", "a(b);"));
        // A longer name is another name; tokens put in beside the line's own are the line.
        assert_eq!(
            insertion("use tempfile::tempfile_in;", "use tempfile::tempfile;"),
            Some(Insertion::JoinsAWord)
        );
        assert_eq!(
            insertion("endif # DATA", "endif"),
            Some(Insertion::OfItsOwn)
        );
        assert_eq!(
            insertion("f(a, b, extra);", "f(a, b);"),
            Some(Insertion::OfItsOwn)
        );
    }

    proptest::proptest! {
        /// A line extends `old`'s exactly when some split of `old` leaves a run of
        /// [`SHORTEST_INSERT`] or more between its two parts (letter case aside).
        #[test]
        fn extension_is_a_run_put_in_at_some_split(line in "[aB_ (]{0,10}", old in "[ab_ (]{1,6}") {
            let (f, o) = (line.trim().as_bytes(), old.trim().as_bytes());
            let by_splits = !o.is_empty()
                && f.len() >= o.len() + SHORTEST_INSERT
                && (0..=o.len()).any(|i| {
                    f[..i].eq_ignore_ascii_case(&o[..i])
                        && f[f.len() - (o.len() - i)..].eq_ignore_ascii_case(&o[i..])
                });
            proptest::prop_assert_eq!(extends(&line, &old), by_splits);
        }
    }

    #[test]
    fn the_longest_run_of_lines_in_order_is_matched() {
        let eq = |a: &str, b: &str| a == b;
        let m = matched(
            &["abc", "}", "def"],
            &["x", "abc", "}", "def", "z"],
            eq,
            false,
        );
        assert_eq!((m.count, m.first, m.last), (3, Some(1), Some(3)));
        // Of the lines with a name alone, braces do not count.
        let m = matched(&["abc", "}", "}"], &["}", "abc", "}", "}"], eq, true);
        assert_eq!((m.count, m.first, m.last), (1, Some(1), Some(1)));
        let m = matched(&["abc"], &["x"], eq, false);
        assert_eq!((m.count, m.first, m.last), (0, None, None));
    }

    #[test]
    fn a_line_without_a_name_tells_nothing() {
        assert!(!has_name("} }"));
        assert!(!has_name("    (1, 2),"));
        assert!(has_name("    Ok(value)"));
    }
}
