//! The alignment of `old`'s non-blank lines with a run of the file's non-blank lines in which
//! every line of `old` is a line of the file, and what differs is a slip of line structure:
//! a line copied twice, two lines swapped, two lines joined into one, a line wrapped in two,
//! a line left out.

/// One step of an alignment: which lines of `old` (non-blank, by index) stand for which lines of
/// the region (by index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// `old` line `i` is region line `j`.
    Same { i: usize, j: usize },
    /// `old` lines `i` and `i + 1` are both region line `j`: the model copied it twice.
    Twice { i: usize, j: usize },
    /// `old` lines `i`, `i + 1` are region lines `j + 1`, `j`: the model swapped them.
    Swapped { i: usize, j: usize },
    /// `old` line `i` is region lines `j` and `j + 1` joined by a space.
    Joined { i: usize, j: usize },
    /// `old` lines `i` and `i + 1` are region line `j` wrapped in two.
    Split { i: usize, j: usize },
    /// Region line `j` has no line of `old`: the model left it out.
    Left { j: usize },
}

impl Step {
    fn cost(self) -> usize {
        usize::from(!matches!(self, Step::Same { .. }))
    }
}

/// How `old` and a region compare, line by line (see [`align`]).
pub(super) trait Lines {
    /// Number of `old`'s non-blank lines.
    fn old_len(&self) -> usize;
    /// Number of the region's non-blank lines.
    fn region_len(&self) -> usize;
    /// Whether `old` line `i` equals region line `j` (loosely).
    fn same(&self, i: usize, j: usize) -> bool;
    /// Whether `old` lines `i` and `i + 1` stand next to each other (no blank line between).
    fn old_adjacent(&self, i: usize) -> bool;
    /// Whether region lines `j` and `j + 1` stand next to each other in the file.
    fn region_adjacent(&self, j: usize) -> bool;
    /// Whether `old` line `i` is region lines `j` and `j + 1` joined by a space.
    fn joined(&self, i: usize, j: usize) -> bool;
    /// Whether `old` lines `i` and `i + 1` are region line `j` wrapped in two.
    fn split(&self, i: usize, j: usize) -> bool;
}

/// The cheapest alignment of all of `old` with a run of the region, ending at each region
/// line: `(start, end, cost, steps)` with `end` exclusive, for every end at most `max_cost`
/// away; `steps` is `None` when two alignments of that cost end there (which lines are which
/// is then a guess).
pub(super) fn align(lines: &impl Lines, max_cost: usize) -> Vec<Window> {
    let (m, r) = (lines.old_len(), lines.region_len());
    const NONE: usize = usize::MAX;
    // cost[i][j]: cheapest alignment of old[..i] ending just before region line j; `ways`
    // counts the alignments of that cost (2 = several); `back` is the last step.
    let idx = |i: usize, j: usize| i * (r + 1) + j;
    let mut cost = vec![NONE; (m + 1) * (r + 1)];
    let mut ways = vec![0u8; (m + 1) * (r + 1)];
    let mut back: Vec<Option<Step>> = vec![None; (m + 1) * (r + 1)];
    for j in 0..=r {
        cost[idx(0, j)] = 0;
        ways[idx(0, j)] = 1;
    }
    for i in 0..=m {
        for j in 0..=r {
            let here = cost[idx(i, j)];
            if here == NONE {
                continue;
            }
            let w = ways[idx(i, j)];
            let mut relax = |ni: usize, nj: usize, step: Step| {
                let c = here + step.cost();
                if c > max_cost {
                    return;
                }
                let k = idx(ni, nj);
                if c < cost[k] {
                    cost[k] = c;
                    ways[k] = w;
                    back[k] = Some(step);
                } else if c == cost[k] {
                    ways[k] = ways[k].saturating_add(w).min(2);
                }
            };
            if i == m || j == r {
                continue;
            }
            if lines.same(i, j) {
                relax(i + 1, j + 1, Step::Same { i, j });
            }
            if j + 1 < r && lines.joined(i, j) {
                relax(i + 1, j + 2, Step::Joined { i, j });
            }
            if i + 1 < m && lines.old_adjacent(i) {
                if lines.same(i, j) && lines.same(i + 1, j) {
                    relax(i + 2, j + 1, Step::Twice { i, j });
                }
                if j + 1 < r && swapped(lines, i, j) {
                    relax(i + 2, j + 2, Step::Swapped { i, j });
                }
                if lines.split(i, j) {
                    relax(i + 2, j + 1, Step::Split { i, j });
                }
            }
            // The alignment starts and ends at a line of `old`, never at one left out.
            if i > 0 {
                relax(i, j + 1, Step::Left { j });
            }
        }
    }
    let mut out = Vec::new();
    for end in 1..=r {
        let c = cost[idx(m, end)];
        if c == NONE {
            continue;
        }
        let mut steps = Vec::new();
        let (mut i, mut j) = (m, end);
        // (Ways add up along the alignment: several at the end if several anywhere on it.)
        let several = ways[idx(m, end)] > 1;
        while i > 0 {
            let Some(step) = back[idx(i, j)] else {
                break;
            };
            steps.push(step);
            (i, j) = match step {
                Step::Same { i, j } => (i, j),
                Step::Twice { i, j } => (i, j),
                Step::Swapped { i, j } => (i, j),
                Step::Joined { i, j } => (i, j),
                Step::Split { i, j } => (i, j),
                Step::Left { j } => (i, j),
            };
        }
        steps.reverse();
        out.push(Window {
            start: j,
            end,
            cost: c,
            steps: (!several).then_some(steps),
        });
    }
    out
}

/// Whether `old` lines `i`, `i + 1` are region lines `j + 1`, `j` (and not simply in order).
fn swapped(lines: &impl Lines, i: usize, j: usize) -> bool {
    lines.region_adjacent(j)
        && lines.same(i, j + 1)
        && lines.same(i + 1, j)
        && !(lines.same(i, j) && lines.same(i + 1, j + 1))
}

/// An alignment of all of `old` with region lines `start..end` (see [`align`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Window {
    pub(super) start: usize,
    pub(super) end: usize,
    /// Slips in it.
    pub(super) cost: usize,
    /// The steps, `None` when another alignment is as cheap.
    pub(super) steps: Option<Vec<Step>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines compared as strings; `old` and region lines are all adjacent.
    struct Plain<'a>(&'a [&'a str], &'a [&'a str]);

    impl Lines for Plain<'_> {
        fn old_len(&self) -> usize {
            self.0.len()
        }
        fn region_len(&self) -> usize {
            self.1.len()
        }
        fn same(&self, i: usize, j: usize) -> bool {
            self.0[i] == self.1[j]
        }
        fn old_adjacent(&self, _: usize) -> bool {
            true
        }
        fn region_adjacent(&self, _: usize) -> bool {
            true
        }
        fn joined(&self, i: usize, j: usize) -> bool {
            j + 1 < self.1.len() && self.0[i] == format!("{} {}", self.1[j], self.1[j + 1])
        }
        fn split(&self, i: usize, j: usize) -> bool {
            i + 1 < self.0.len() && self.1[j] == format!("{} {}", self.0[i], self.0[i + 1])
        }
    }

    fn best(old: &[&str], region: &[&str]) -> Vec<Window> {
        let all = align(&Plain(old, region), 2);
        let Some(c) = all.iter().map(|w| w.cost).min() else {
            return all;
        };
        all.into_iter().filter(|w| w.cost == c).collect()
    }

    #[test]
    fn a_line_copied_twice_is_one_line_of_the_file() {
        let got = best(&["a", "b", "b", "c"], &["x", "a", "b", "c", "y"]);
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].start, got[0].end, got[0].cost), (1, 4, 1));
        assert_eq!(
            got[0].steps.as_deref().unwrap()[1],
            Step::Twice { i: 1, j: 2 }
        );
    }

    #[test]
    fn swapped_joined_split_and_left_out_lines_cost_one_each() {
        let got = best(&["a", "c", "b", "d"], &["a", "b", "c", "d"]);
        assert_eq!((got[0].start, got[0].end, got[0].cost), (0, 4, 1));
        let got = best(&["a", "b c", "d"], &["a", "b", "c", "d"]);
        assert_eq!((got[0].start, got[0].end, got[0].cost), (0, 4, 1));
        let got = best(&["a", "b", "d"], &["a", "b", "c", "d"]);
        assert_eq!(got[0].steps.as_deref().unwrap()[2], Step::Left { j: 2 });
        let got = best(&["a", "b", "c", "d"], &["a", "b c", "d"]);
        assert_eq!((got[0].start, got[0].end, got[0].cost), (0, 3, 1));
        assert_eq!(
            got[0].steps.as_deref().unwrap()[1],
            Step::Split { i: 1, j: 1 }
        );
    }

    #[test]
    fn two_readings_as_cheap_are_no_alignment() {
        // The last line copied twice, or the same line further on with one left out.
        let got = best(&["a", "b", "b"], &["a", "b", "c", "b"]);
        assert_eq!(got.len(), 2);
        // Three copies of a line the file has twice: which one the model copied is a guess.
        let got = best(&["a", "b", "b", "b"], &["a", "b", "b"]);
        assert!(got.iter().all(|w| w.steps.is_none()), "{got:?}");
    }

    #[test]
    fn more_slips_than_allowed_are_no_alignment() {
        assert!(align(&Plain(&["a", "x", "c"], &["a", "b", "c"]), 2).is_empty());
        assert!(align(&Plain(&["a", "d"], &["a", "b", "c", "x", "d"]), 2).is_empty());
    }
}
