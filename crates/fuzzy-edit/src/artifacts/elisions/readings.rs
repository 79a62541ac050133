//! Which lines of a changed region the markers of `new` keep: every way to read them is
//! weighed, and the best one is taken only when it is clearly the best.
//!
//! A region's `new` side is real lines and markers. Each run of markers (a *slot*) keeps a run
//! of the region's non-blank `old` lines, in order; the real lines between two slots (a
//! *group*) replace the `old` lines between the runs those slots keep. A *reading* is one choice
//! of those runs; it costs the character edits (loose keys, as [`block_edits`] counts them)
//! from each group's replaced `old` lines to the group. The model rewrites the lines it does
//! not elide, so the reading that explains the real lines with the fewest edits is the one it
//! meant, unless another reading, giving a different text, costs as little, or the lines
//! beside the markers leave it open ([`Region::edges_clear`]).
//!
//! Measured on the accuracy benchmark's `elision_new_only` class (1042 cases; exact / sound /
//! located / refused, 0 wrong throughout): the earlier rule (markers only where the real lines
//! matched the replaced ones in number and likeness) 448 / 20 / 89 / 485; the cheapest reading
//! alone 737 / 21 / 198 / 86; with the checks beside the markers 606 / 20 / 95 / 321. Weighing
//! readings by shared words instead of character edits: 618 / 21 / 138 / 265 with the same
//! checks (it keeps unrelated lines where the model replaced them). Later, on the same cases:
//! the file's blank lines at a kept run's edges restored 619 / 4 / 72 / 347 (23 results whose
//! only change was dropping them now change nothing); a real line that rewrites another
//! replaced line no rewrite of the edge line 618 / 4 / 67 / 353; regions weighed together
//! across lines `old` holds twice 628 / 4 / 65 / 345. Tried and left: weighing by indel
//! distance (substitutions cost two) 628 / 4 / 73 / 337 (it keeps a sibling beside its
//! replacement); the edge line rewritten only by a [`Relation::Rewrite`] 423 / 4 / 56 / 559.
//! On the 753 cases of the class as now generated: 573 / 4 / 10 / 166 before the structure
//! checks ([`super::structure`]: seams, moved lines) and the edge line's rewriter closer to
//! another replaced line; 573 / 4 / 5 / 171 with them; 582 / 5 / 5 / 161 weighing only the
//! readings that keep `old`'s bracket balance; 616 / 5 / 5 / 127 counting a real line that
//! renames a long name as a rewrite by its characters ([`renamed_rewrite`]; `ellipsis_new_only`
//! 217 -> 228 exact of 368).

use std::collections::HashMap;

use super::structure::{bracket_balance, seam_kept};
use super::tokens::{Relation, Words};
use crate::align::{block_edits, block_edits_cost, block_key, line_similarity};
use crate::normalize::loose_equal;
use crate::thresholds::READINGS_MARGIN;
use crate::thresholds::REWRITTEN_LINE;

/// Readings weighed at most per region; past that, which one is meant is refused as unclear
/// (regions with two or three slots over a few dozen lines stay far below it).
const MAX_READINGS: usize = 50_000;
/// Work on edit distances at most per region, in [`block_edits_cost`] units.
const MAX_WORK: usize = 50_000_000;

/// A changed region whose `new` side holds elision markers.
pub(super) struct Region<'a, 'l> {
    /// The region's `old` lines.
    pub(super) old: &'a [&'l str],
    /// Its `new` lines.
    pub(super) side: &'a [&'l str],
    /// Which lines of `side` are markers.
    pub(super) markers: &'a [usize],
    /// The region starts at `old`'s first line / ends at its last: a marker there may stand
    /// for lines outside `old`.
    pub(super) at_start: bool,
    pub(super) at_end: bool,
    /// `new` is written at `old`'s depth: their indentation may be compared line by line.
    pub(super) same_depth: bool,
    /// The line `old` and `new` share right after the region (`old`'s, `new`'s), if any.
    pub(super) after: Option<(&'l str, &'l str)>,
    /// Whether `new` writes this line of `old` elsewhere, as a real line: the model moved it,
    /// and a marker keeping it too would write it twice.
    pub(super) moved: &'a dyn Fn(&str) -> bool,
    /// The bracket balance the lines the markers keep must have for the edit to leave `old`'s
    /// balance as it was (see [`bracket_balance`]), where it is known: the only region with
    /// markers.
    pub(super) kept_balance: Option<i64>,
}

/// A run of markers in `side` (blank lines between them belong to it): `side[first..=last]`.
#[derive(Debug, Clone, Copy)]
struct Slot {
    first: usize,
    last: usize,
}

/// One reading: for each slot, the non-blank `old` lines it keeps (indices into the region's
/// non-blank lines).
type Reading = Vec<(usize, usize)>;

impl<'l> Region<'_, 'l> {
    /// The region's lines with its markers replaced by the lines of `old` they keep; `None`
    /// when which lines those are is a guess.
    pub(super) fn resolve(&self) -> Option<Vec<&'l str>> {
        let blank = |l: &str| l.trim().is_empty();
        let non_blank: Vec<usize> = (0..self.old.len())
            .filter(|&i| !blank(self.old[i]))
            .collect();
        let slots = self.slots();
        let groups = self.groups(&slots);
        if groups.iter().all(Vec::is_empty) {
            let whole = Slot {
                first: self.markers[0],
                last: self.markers[self.markers.len() - 1],
            };
            let kept = vec![(0, self.kept_before_written_blank(&non_blank)?)];
            return self
                .keeps_structure(&kept, &[whole], &non_blank)
                .then(|| self.markers_only(&non_blank, kept[0].1));
        }
        let mut readings = Search::new(self, &non_blank, &slots, &groups).readings()?;
        self.keep_balanced(&non_blank, &mut readings);
        readings.sort_by_key(|(cost, _)| *cost);
        let (best_cost, best) = readings.first()?;
        let text = self.render(&non_blank, &slots, best);
        let rival = readings[1..]
            .iter()
            .find(|(_, r)| self.render(&non_blank, &slots, r) != text);
        if rival.is_some_and(|(cost, _)| *cost < best_cost + READINGS_MARGIN) {
            return None;
        }
        let clear = self.edges_clear(best, &groups, &non_blank)
            && self.keeps_structure(best, &slots, &non_blank);
        clear.then_some(text)
    }

    /// Whether the reading keeps what the lines of `old` open (see [`super::structure`]):
    /// no marker keeps a line `new` writes elsewhere (it was moved); the real line after each
    /// slot sits at the depth the `old` line after its last kept line did
    /// ([`seam_kept`]).
    fn keeps_structure(&self, reading: &Reading, slots: &[Slot], non_blank: &[usize]) -> bool {
        let line = |k: usize| self.old[non_blank[k]];
        if reading
            .iter()
            .any(|&(a, b)| (a..b).any(|k| (self.moved)(line(k))))
        {
            return false;
        }
        if self.same_depth {
            for (slot, &(a, b)) in slots.iter().zip(reading) {
                // (Past the region's end, the lines `old` and `new` share after it.)
                let next = match non_blank.get(b) {
                    Some(_) => Some(line(b)),
                    None => self.after.map(|(o, _)| o),
                };
                let real = self.side[slot.last + 1..]
                    .iter()
                    .copied()
                    .find(|l| !l.trim().is_empty())
                    .or(self.after.map(|(_, n)| n));
                if let (true, Some(next), Some(real)) = (a < b, next, real) {
                    if !seam_kept(line(b - 1), next, real) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Only the readings that leave the brackets balanced as `old` has them, when there are
    /// such readings and the balance is known (see [`Region::kept_balance`]): the model elides
    /// whole blocks, so a reading that keeps `function f() {` or `}` without its partner is no
    /// reading of what it meant, however cheap.
    fn keep_balanced(&self, non_blank: &[usize], readings: &mut Vec<(usize, Reading)>) {
        let Some(needed) = self.kept_balance else {
            return;
        };
        let mut prefix = Vec::with_capacity(non_blank.len() + 1);
        prefix.push(0);
        for (k, &i) in non_blank.iter().enumerate() {
            prefix.push(prefix[k] + bracket_balance(self.old[i]));
        }
        let balanced =
            |r: &Reading| r.iter().map(|&(a, b)| prefix[b] - prefix[a]).sum::<i64>() == needed;
        if readings.iter().any(|(_, r)| balanced(r)) {
            readings.retain(|(_, r)| balanced(r));
        }
    }

    /// Whether the reading is clearly what the markers mean, line by line:
    /// - a kept line must share no more than a few words with the real lines beside its
    ///   marker, unless those real lines rewrite lines the reading replaces (by their words,
    ///   or by their characters where a long name was renamed: [`renamed_rewrite`]):
    ///   otherwise the marker may keep a line the model rewrote (it then stands for other
    ///   lines);
    /// - the first line replaced after a marker (the last one before) must be rewritten by one
    ///   of the real lines that replace it: otherwise the marker may as well keep it, and the
    ///   real lines be new (a sibling such as `show("b")` for `show("a")` is no rewrite, nor a
    ///   real line sharing a word with it that rewrites another replaced line: `record[0] = t /
    ///   S` for `last = t` when it rewrites `record[0] = t`);
    /// - a real line just before a marker must not keep only part of the line it replaces,
    ///   dropping more than it adds: the marker may stand for the rest of it (`json, cors,`
    ///   then a marker, for `json, auth, router,`).
    fn edges_clear(&self, reading: &Reading, groups: &[Vec<&str>], non_blank: &[usize]) -> bool {
        let old_words: Vec<Words> = non_blank.iter().map(|&i| Words::of(self.old[i])).collect();
        let group_words: Vec<Vec<Words>> = groups
            .iter()
            .map(|g| g.iter().map(|l| Words::of(l)).collect())
            .collect();
        // The `old` lines each group replaces.
        let mut segments = Vec::with_capacity(groups.len());
        let mut from = 0;
        for &(a, b) in reading {
            segments.push(from..a);
            from = b;
        }
        segments.push(from..non_blank.len());
        // (A line of punctuation alone, `"""` or `})`, has no words: written as it was, it is
        // the line kept.)
        let rewrites = |g: usize, k: usize| {
            let line = self.old[non_blank[k]];
            groups[g].iter().zip(&group_words[g]).any(|(real, w)| {
                let relation = old_words[k].relation(w);
                // (A real line closer, character by character, to another replaced line
                // rewrites that one: `"gemini": b` for `"gemini": a`, not for
                // `"gemini-pro": a` beside the marker, which the marker may as well keep; one
                // that opens or closes a bracket it may not: `f(` and its arguments joined.)
                let closer_elsewhere = || {
                    if bracket_balance(line) != 0 {
                        return false;
                    }
                    let here = line_similarity(line, real);
                    segments[g]
                        .clone()
                        .any(|j| j != k && line_similarity(self.old[non_blank[j]], real) > here)
                };
                loose_equal(line, real)
                    || (relation == Relation::Rewrite && !closer_elsewhere())
                    || (relation != Relation::Unrelated
                        && !segments[g]
                            .clone()
                            .any(|j| j != k && old_words[j].relation(w) == Relation::Rewrite)
                        && !closer_elsewhere())
            })
        };
        for (i, &(a, b)) in reading.iter().enumerate() {
            for g in [i, i + 1] {
                let segment = segments[g].clone();
                for (&real_line, real) in groups[g].iter().zip(&group_words[g]) {
                    let explained = segment.clone().any(|k| {
                        old_words[k].relation(real) == Relation::Rewrite
                            || renamed_rewrite(
                                self.old[non_blank[k]],
                                &old_words[k],
                                (real_line, real),
                                (a..b).map(|j| (self.old[non_blank[j]], &old_words[j])),
                            )
                    });
                    if !explained
                        && (a..b).any(|k| old_words[k].relation(real) != Relation::Unrelated)
                    {
                        return false;
                    }
                }
            }
            if a > segments[i].start && !rewrites(i, a - 1) {
                return false;
            }
            if b < segments[i + 1].end && !rewrites(i + 1, b) {
                return false;
            }
            if a > segments[i].start {
                if let Some(real) = group_words[i].last() {
                    if old_words[a - 1].keeps_part(real) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The runs of markers, in order.
    fn slots(&self) -> Vec<Slot> {
        let mut slots: Vec<Slot> = Vec::new();
        for &m in self.markers {
            match slots.last_mut() {
                Some(s) if self.side[s.last + 1..m].iter().all(|l| l.trim().is_empty()) => {
                    s.last = m;
                }
                _ => slots.push(Slot { first: m, last: m }),
            }
        }
        slots
    }

    /// The non-blank real lines before the first slot, between slots, and after the last.
    fn groups(&self, slots: &[Slot]) -> Vec<Vec<&'l str>> {
        let mut bounds = vec![0];
        for s in slots {
            bounds.push(s.first);
            bounds.push(s.last + 1);
        }
        bounds.push(self.side.len());
        bounds
            .chunks(2)
            .map(|r| {
                self.side[r[0]..r[1]]
                    .iter()
                    .copied()
                    .filter(|l| !l.trim().is_empty())
                    .collect()
            })
            .collect()
    }

    /// Markers and blank lines only: the markers stand for the region's non-blank lines, and
    /// for its blank lines at either end unless the model wrote its own there, as
    /// [`Self::render`] reads them (taking `side`'s blank lines alone dropped the file's).
    fn markers_only(&self, non_blank: &[usize], kept: usize) -> Vec<&'l str> {
        if non_blank.is_empty() {
            // Only blank lines to stand for: they stay as the file has them.
            return self.old.to_vec();
        }
        let slot = Slot {
            first: self.markers[0],
            last: self.markers[self.markers.len() - 1],
        };
        self.render(non_blank, &[slot], &vec![(0, kept)])
    }

    /// How many of the region's non-blank `old` lines markers alone (no real line beside them)
    /// keep: all of them, unless `new` writes a blank line after its last marker, before the
    /// line it shares with `old`, where `old` has a blank line inside the region. Then the
    /// reading is unclear (`None`): that blank line may be the file's, the marker standing for
    /// the lines before it and the model deleting those after it (`use a;`, `// ...`, blank,
    /// `#[test]` for `use a;`, `use b;`, blank, `#[cfg(x)]`, `#[test]`), or the model's own
    /// spacing, the marker standing for all of them (`def main():`, `# ...`, blank, `cleanup()`
    /// for `def main():`, `setup()`, blank, `run()`, `cleanup()`: reading it as the file's
    /// deleted `run()`; 44 of 48 generated functions wrong). Where `old` has several
    /// such blank lines, all are kept, as before.
    fn kept_before_written_blank(&self, non_blank: &[usize]) -> Option<usize> {
        let after = &self.side[self.markers[self.markers.len() - 1] + 1..];
        let blank_after = !after.is_empty() && after.iter().all(|l| l.trim().is_empty());
        if !blank_after || self.at_end {
            return Some(non_blank.len());
        }
        let mut runs = (1..non_blank.len()).filter(|&k| non_blank[k] > non_blank[k - 1] + 1);
        match (runs.next(), runs.next()) {
            (None, _) => Some(non_blank.len()),
            (Some(_), None) => None,
            // (Refusing there cost an exactly right edit of a licence header on the adv
            // benchmark, `elide_existing_new`: all are kept, as before.)
            (Some(_), Some(_)) => Some(non_blank.len()),
        }
    }

    /// The region's text under a reading: `side` with each slot replaced by the `old` lines it
    /// keeps. The marker stands for the file's blank lines between the kept run and the line
    /// before it (after it) too: the blank lines the model wrote beside the slot are the first
    /// of them (taking the file's as well would double them), and the file's further ones
    /// follow (dropping them would lose them).
    fn render(&self, non_blank: &[usize], slots: &[Slot], reading: &Reading) -> Vec<&'l str> {
        let blank = |l: &&&str| l.trim().is_empty();
        let mut out = Vec::with_capacity(self.side.len() + self.old.len());
        let mut t = 0;
        // (`old` lines up to here are written: the blank lines between two runs that meet go
        // once.)
        let mut written = 0;
        for (slot, &(a, b)) in slots.iter().zip(reading) {
            out.extend_from_slice(&self.side[t..slot.first]);
            t = slot.last + 1;
            if a == b {
                continue;
            }
            let written_before = self.side[..slot.first]
                .iter()
                .rev()
                .take_while(blank)
                .count();
            let written_after = self.side[t..].iter().take_while(blank).count();
            let gap_start = if a == 0 { 0 } else { non_blank[a - 1] + 1 };
            let gap_end = non_blank.get(b).copied().unwrap_or(self.old.len());
            let from = (gap_start + written_before).min(non_blank[a]);
            let to = non_blank[b - 1] + 1;
            let to = to + (gap_end - to).saturating_sub(written_after);
            out.extend_from_slice(&self.old[from.max(written)..to]);
            written = to;
        }
        out.extend_from_slice(&self.side[t..]);
        out
    }
}

/// Whether the real line `real` rewrites the replaced line `line` though it keeps only part of
/// its words: a long name renamed (`str(include_config)` to `str(include_path)`, `"sonnet":
/// "anthropic/claude-sonnet-4"` to `"sonnet": "claude-sonnet-4-5"`) drops a word as long as the
/// rest. It shares words with the line, is like it character by character
/// ([`REWRITTEN_LINE`]), and more like it than like any kept line it shares words with
/// (`kept`): otherwise the marker may keep the line the model rewrote.
fn renamed_rewrite<'w>(
    line: &str,
    words: &Words,
    (real, real_words): (&str, &Words),
    kept: impl Iterator<Item = (&'w str, &'w Words)>,
) -> bool {
    if words.relation(real_words) != Relation::Partial {
        return false;
    }
    let here = line_similarity(line, real);
    here >= REWRITTEN_LINE
        && kept
            .filter(|(_, w)| w.relation(real_words) != Relation::Unrelated)
            .all(|(k, _)| line_similarity(k, real) < here)
}

/// The search over readings of one region.
struct Search {
    /// The region's non-blank `old` lines.
    old_lines: Vec<String>,
    /// The block keys of the groups.
    group_keys: Vec<Vec<char>>,
    /// For each slot, the fewest lines it must keep: one, unless it is at an edge of `old`
    /// with no real line beyond it (it may stand for lines outside `old`).
    least: Vec<usize>,
    /// Edits from `old` lines `a..b` to group `g`, computed once.
    costs: HashMap<(usize, usize, usize), usize>,
    work: usize,
}

impl Search {
    fn new(
        region: &Region<'_, '_>,
        non_blank: &[usize],
        slots: &[Slot],
        groups: &[Vec<&str>],
    ) -> Self {
        let last = slots.len() - 1;
        let least = (0..slots.len())
            .map(|i| {
                let open_start = i == 0 && groups[0].is_empty() && region.at_start;
                let open_end = i == last && groups[last + 1].is_empty() && region.at_end;
                usize::from(!(open_start || open_end))
            })
            .collect();
        Self {
            old_lines: non_blank
                .iter()
                .map(|&i| region.old[i].to_string())
                .collect(),
            group_keys: groups.iter().map(|g| block_key(g)).collect(),
            least,
            costs: HashMap::new(),
            work: 0,
        }
    }

    /// Every reading with its cost; `None` past [`MAX_READINGS`] or [`MAX_WORK`].
    fn readings(mut self) -> Option<Vec<(usize, Reading)>> {
        let mut out = Vec::new();
        let mut current = Vec::with_capacity(self.least.len());
        self.extend(0, 0, 0, &mut current, &mut out)?;
        Some(out)
    }

    /// Readings whose group `g` starts replacing at `old` line `pos`, after `cost` so far.
    fn extend(
        &mut self,
        g: usize,
        pos: usize,
        cost: usize,
        current: &mut Reading,
        out: &mut Vec<(usize, Reading)>,
    ) -> Option<()> {
        let u = self.old_lines.len();
        if g == self.least.len() {
            let c = cost + self.cost(g, pos, u)?;
            out.push((c, current.clone()));
            return (out.len() <= MAX_READINGS).then_some(());
        }
        for a in pos..=u {
            let c = cost + self.cost(g, pos, a)?;
            for b in a + self.least[g]..=u {
                current.push((a, b));
                self.extend(g + 1, b, c, current, out)?;
                current.pop();
            }
        }
        Some(())
    }

    /// Edits from group `g` to `old` lines `a..b`.
    fn cost(&mut self, g: usize, a: usize, b: usize) -> Option<usize> {
        if let Some(&c) = self.costs.get(&(g, a, b)) {
            return Some(c);
        }
        let lines: Vec<&str> = self.old_lines[a..b].iter().map(String::as_str).collect();
        let replaced = block_key(&lines);
        let group = &self.group_keys[g];
        self.work += block_edits_cost(replaced.len(), group.len());
        if self.work > MAX_WORK {
            return None;
        }
        let c = block_edits(&replaced, group);
        self.costs.insert((g, a, b), c);
        Some(c)
    }
}
