//! Where a gap of the file's line diff goes in a run of like lines.
//!
//! `old` remembered two closing lines (`\t\t},` and `\t},`) where the window has one
//! (`\t\t},`): a line diff that ignores indentation may pair either with it, and Myers picks by
//! position, not depth. Pairing `\t},` with `\t\t},` reads as an indentation mistake of the
//! model's that it did not make, and the merge then asks at which depth `new` is written. So
//! each gap (lines one side has and the other lacks) is slid along the lines of the same text
//! around it to where the most pairs are as far apart in depth as most pairs of the block (the
//! same depth where `old` is at the file's, one level apart where the model dedented it all);
//! where that is a tie, Myers' place stands.

use std::ops::Range;

use crate::normalize::{indent_width, loose_key};

/// Slide each gap of `regions` (the changed regions of a loose line diff of `old` and `win`,
/// in order) that one side alone has: see the module docs.
pub(super) fn slide_gaps(old: &[&str], win: &[&str], regions: &mut [(Range<usize>, Range<usize>)]) {
    let keys = |lines: &[&str]| -> Vec<String> {
        lines.iter().map(|l| loose_key(l).into_owned()).collect()
    };
    let (ko, kw) = (keys(old), keys(win));
    let usual = usual_shift(old, win, regions);
    let in_step = |x: usize, y: usize| shift(old[x], win[y]) == usual;
    for r in 0..regions.len() {
        let (o, n) = regions[r].clone();
        // The lines between this region and its neighbours are paired one for one.
        let (lo_o, lo_n) = match r.checked_sub(1) {
            Some(p) => (regions[p].0.end, regions[p].1.end),
            None => (0, 0),
        };
        let (hi_o, hi_n) = match regions.get(r + 1) {
            Some(next) => (next.0.start, next.1.start),
            None => (old.len(), win.len()),
        };
        let shifted = if n.is_empty() {
            slide(
                &ko,
                &kw,
                o.clone(),
                n.start,
                (lo_o, lo_n),
                (hi_o, hi_n),
                in_step,
            )
        } else if o.is_empty() {
            slide(
                &kw,
                &ko,
                n.clone(),
                o.start,
                (lo_n, lo_o),
                (hi_n, hi_o),
                |y, x| in_step(x, y),
            )
        } else {
            0
        };
        if shifted != 0 {
            let by = |r: &Range<usize>| {
                (r.start as isize + shifted) as usize..(r.end as isize + shifted) as usize
            };
            regions[r] = (by(&o), by(&n));
        }
    }
}

/// How much deeper the file has a line than `old` (in columns; blank lines are at any depth).
fn shift(old: &str, win: &str) -> Option<isize> {
    (!old.trim().is_empty() && !win.trim().is_empty())
        .then(|| indent_width(win) as isize - indent_width(old) as isize)
}

/// The most common [`shift`] of the lines the regions pair (the smallest of the most common).
fn usual_shift(
    old: &[&str],
    win: &[&str],
    regions: &[(Range<usize>, Range<usize>)],
) -> Option<isize> {
    let mut counts: Vec<(isize, usize)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    for (o, n) in regions
        .iter()
        .cloned()
        .chain([(old.len()..old.len(), win.len()..win.len())])
    {
        for (x, y) in (i..o.start).zip(j..n.start) {
            if let Some(d) = shift(old[x], win[y]) {
                match counts.iter_mut().find(|(s, _)| *s == d) {
                    Some((_, c)) => *c += 1,
                    None => counts.push((d, 1)),
                }
            }
        }
        (i, j) = (o.end, n.end);
    }
    counts
        .into_iter()
        .max_by_key(|&(d, c)| (c, std::cmp::Reverse(d.abs())))
        .map(|(d, _)| d)
}

/// How far to move a gap: lines `gap` of side `a` that side `b` lacks, before line `at` of `b`,
/// within the paired lines from `lo` to `hi` (`(a, b)` positions). `same_depth(x, y)` says
/// whether line `x` of `a` paired with line `y` of `b` keeps its indentation.
fn slide(
    ka: &[String],
    kb: &[String],
    gap: Range<usize>,
    at: usize,
    lo: (usize, usize),
    hi: (usize, usize),
    same_depth: impl Fn(usize, usize) -> bool,
) -> isize {
    let (a, b) = (gap.start, gap.end);
    // How far up: each line above the gap must read as the gap's last line does.
    let mut up = 0;
    while a > up + lo.0 && at > up + lo.1 && ka[a - up - 1] == ka[b - up - 1] {
        up += 1;
    }
    let mut down = 0;
    while b + down < hi.0 && at + down < hi.1 && ka[a + down] == ka[b + down] {
        down += 1;
    }
    if up == 0 && down == 0 {
        return 0;
    }
    debug_assert!(kb.len() >= at);
    // Pairs keeping their indentation over the lines the slide can re-pair, with the gap moved
    // by `s`: above the gap line `x` pairs with `at + s - (a + s - x)`, below it with
    // `at + s + (x - b - s)`.
    let score = |s: isize| {
        let (ga, gb) = ((a as isize + s) as usize, (b as isize + s) as usize);
        let ws = (at as isize + s) as usize;
        (a - up..b + down)
            .filter(|&x| {
                let y = if x < ga {
                    ws - (ga - x)
                } else if x >= gb {
                    ws + (x - gb)
                } else {
                    return false;
                };
                same_depth(x, y)
            })
            .count()
    };
    let mut best = (score(0), 0isize);
    for s in (-(up as isize)..=down as isize).filter(|s| *s != 0) {
        let sc = score(s);
        if sc > best.0 || (sc == best.0 && s.abs() < best.1.abs()) {
            best = (sc, s);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::align::{changed_regions, loose_diff};

    fn slid(old: &[&str], win: &[&str]) -> Vec<(Range<usize>, Range<usize>)> {
        let mut regions = changed_regions(loose_diff(old, win));
        slide_gaps(old, win, &mut regions);
        regions
    }

    #[test]
    fn a_missing_closing_line_is_the_one_at_another_depth() {
        // `old` has two closing lines, the window one, at the depth of `old`'s first.
        let old = ["\t\tx: 1,", "\t},", "},"];
        let win = ["\t\tx: 1,", "\t},"];
        assert_eq!(slid(&old, &win), [(2..3, 2..2)]);
        let win = ["\t\tx: 1,", "},"];
        assert_eq!(slid(&old, &win), [(1..2, 1..1)]);
    }

    #[test]
    fn an_extra_file_line_slides_alike() {
        let old = ["a()", "  }"];
        let win = ["a()", "    }", "  }"];
        assert_eq!(slid(&old, &win), [(1..1, 1..2)]);
    }

    #[test]
    fn a_block_dedented_throughout_pairs_lines_one_level_apart() {
        let old = ["\t\tx: 1,", "\t\ty: 2,", "\t},", "},"];
        let win = ["\t\t\tx: 1,", "\t\t\ty: 2,", "\t\t},"];
        assert_eq!(slid(&old, &win), [(3..4, 3..3)]);
        let win = ["\t\t\tx: 1,", "\t\t\ty: 2,", "\t},"];
        assert_eq!(slid(&old, &win), [(2..3, 2..2)]);
    }

    #[test]
    fn gaps_in_unlike_lines_stay() {
        let old = ["a", "b", "c"];
        let win = ["a", "c"];
        assert_eq!(slid(&old, &win), [(1..2, 1..1)]);
    }
}
