//! Elision comments (`# ... existing code ...`) in `new` where `old` has none: each stands for
//! the lines of `old` it covers, or the edit is refused as [`Unclear`].
//!
//! `old` and `new` are compared by their non-blank lines: a blank line is no landmark (a
//! model that writes `a`, a marker, `c'` for `a`, blank, comment, `c` means the blank line and
//! the comment, and a line diff that pairs the blank line with another blank line further down
//! would read the marker as standing for nothing).

use std::ops::Range;

use super::Unclear;
use crate::align::{changed_regions, line_similarity, loose_diff};
use crate::needle::lines_of;
use crate::strategy::is_elision_marker;
use crate::text::Text;

/// An elision comment (not a bare `...`, which is code in Python) in a `new` whose `old` has
/// none.
fn is_elision_comment(line: &str) -> bool {
    let t = line.trim();
    t != "..." && t != "\u{2026}" && is_elision_marker(line)
}

/// Replace each elision comment of `new` by the lines of `old` it stands for, or say it is
/// unclear. `None` when `new` has no marker to resolve.
pub(crate) fn resolve_elisions(
    text: &Text,
    old: &str,
    new: &str,
) -> Result<Option<String>, Unclear> {
    let (old_lines, _) = lines_of(old);
    let (new_lines, new_trailing) = lines_of(new);
    // (A marker-like line the file holds is code, in `old` as in `new`.)
    let files_line = |l: &str| (0..text.line_count()).any(|i| text.line(i).trim() == l.trim());
    let marker = |l: &&str| is_elision_comment(l) && !files_line(l);
    if old_lines.iter().any(marker) || !new_lines.iter().any(|l| is_elision_comment(l)) {
        return Ok(None);
    }
    let unclear = |k: usize| Unclear {
        marker: new_lines[k].trim().to_string(),
        line: k + 1,
    };
    // A marker the file itself holds is code the model keeps, not an elision.
    if new_lines
        .iter()
        .any(|l| is_elision_comment(l) && files_line(l))
    {
        return Ok(None);
    }
    let mut out: Vec<&str> = Vec::with_capacity(new_lines.len() + old_lines.len());
    let mut pos_new = 0;
    for (o, n) in regions_between_non_blank_lines(&old_lines, &new_lines) {
        out.extend_from_slice(&new_lines[pos_new..n.start]);
        pos_new = n.end;
        let side = &new_lines[n.clone()];
        let markers: Vec<usize> = (0..side.len())
            .filter(|&t| is_elision_comment(side[t]))
            .collect();
        if markers.is_empty() {
            out.extend_from_slice(side);
            continue;
        }
        let region = Region {
            old: &old_lines[o.clone()],
            side,
            markers: &markers,
            at_start: o.start == 0,
            at_end: o.end == old_lines.len(),
        };
        let resolved = region
            .resolve()
            .ok_or_else(|| unclear(n.start + markers[0]))?;
        out.extend(resolved);
    }
    out.extend_from_slice(&new_lines[pos_new..]);
    let mut s = out.join("\n");
    if new_trailing {
        s.push('\n');
    }
    Ok(Some(s))
}

/// The changed regions of a line diff of `old` and `new` by their non-blank lines, in line
/// numbers of the whole texts: each region takes in the blank lines around it, up to the equal
/// lines on either side.
fn regions_between_non_blank_lines(
    old: &[&str],
    new: &[&str],
) -> Vec<(Range<usize>, Range<usize>)> {
    let non_blank =
        |v: &[&str]| -> Vec<usize> { (0..v.len()).filter(|&i| !v[i].trim().is_empty()).collect() };
    let (oi, ni) = (non_blank(old), non_blank(new));
    let pick = |v: &[&str], idx: &[usize]| -> Vec<String> {
        idx.iter().map(|&i| v[i].to_string()).collect()
    };
    let (o, n) = (pick(old, &oi), pick(new, &ni));
    let (o, n): (Vec<&str>, Vec<&str>) = (
        o.iter().map(String::as_str).collect(),
        n.iter().map(String::as_str).collect(),
    );
    let whole = |idx: &[usize], len: usize, r: Range<usize>| {
        let start = if r.start == 0 {
            0
        } else {
            idx[r.start - 1] + 1
        };
        let end = idx.get(r.end).copied().unwrap_or(len);
        start..end
    };
    changed_regions(loose_diff(&o, &n))
        .into_iter()
        .map(|(a, b)| (whole(&oi, old.len(), a), whole(&ni, new.len(), b)))
        .collect()
}

/// A changed region whose `new` side holds elision markers.
struct Region<'a, 'l> {
    old: &'a [&'l str],
    side: &'a [&'l str],
    markers: &'a [usize],
    /// The region starts at `old`'s first line / ends at its last.
    at_start: bool,
    at_end: bool,
}

impl<'a, 'l> Region<'a, 'l> {
    /// The region's lines with its markers replaced by the lines of `old` they keep; `None`
    /// when which lines those are is a guess.
    fn resolve(&self) -> Option<Vec<&'l str>> {
        let side = self.side;
        let is_marker = |t: usize| self.markers.contains(&t);
        let blank = |l: &str| l.trim().is_empty();
        let real: Vec<usize> = (0..side.len())
            .filter(|&t| !is_marker(t) && !blank(side[t]))
            .collect();
        let old_non_blank: Vec<usize> = (0..self.old.len())
            .filter(|&i| !blank(self.old[i]))
            .collect();
        let without_markers = |r: Range<usize>| -> Vec<&'l str> {
            side[r]
                .iter()
                .copied()
                .filter(|l| !is_elision_comment(l))
                .collect()
        };
        if real.is_empty() {
            // The markers stand for the region's non-blank lines; the blank lines around them
            // are the model's.
            let (first, last) = (self.markers[0], self.markers[self.markers.len() - 1]);
            let mut out = without_markers(0..first);
            let (Some(&a), Some(&b)) = (old_non_blank.first(), old_non_blank.last()) else {
                return Some(out);
            };
            out.extend_from_slice(&self.old[a..=b]);
            out.extend(without_markers(last + 1..side.len()));
            return Some(out);
        }
        let (lead, trail) = match self.covered(old_non_blank.len(), &real)? {
            // Markers first, at the start of `old`, and as many real lines as `old` has or
            // more: the markers stand for lines before `old`, unless the first real line
            // rewrites a later line of `old` (the model expanded the lines it rewrote): then
            // they stand for the lines before that one.
            (0, 0) if self.at_start && self.markers[0] < real[0] => {
                let alike = |i: usize| line_similarity(self.old[i], side[real[0]]) >= 0.5;
                match (0..old_non_blank.len()).find(|&k| alike(old_non_blank[k])) {
                    Some(k) if k > 0 => (k, 0),
                    _ => (0, 0),
                }
            }
            (lead, trail) if self.replaced_alike(&old_non_blank, &real, lead, trail) => {
                (lead, trail)
            }
            _ => return None,
        };
        let without_markers = |r: Range<usize>| -> Vec<&'l str> {
            side[r]
                .iter()
                .copied()
                .filter(|l| !is_elision_comment(l))
                .collect()
        };
        let (first_real, last_real) = (real[0], real[real.len() - 1]);
        let mut out = Vec::new();
        if lead > 0 {
            // Markers before the real lines: the first `lead` non-blank lines of `old` stand
            // where they were, with the blank lines the model wrote around the markers, or
            // else `old`'s.
            let first_marker = self.markers[0];
            let before = without_markers(0..first_marker);
            let gap = without_markers(first_marker..first_real);
            let from = if before.is_empty() {
                0
            } else {
                old_non_blank[0]
            };
            let kept_end = old_non_blank[lead - 1] + 1;
            out.extend(before);
            out.extend_from_slice(&self.old[from..kept_end]);
            if gap.is_empty() {
                out.extend_from_slice(&self.old[kept_end..old_non_blank[lead]]);
            }
            out.extend(gap);
            out.extend_from_slice(&side[first_real..]);
        } else if trail > 0 {
            let last_marker = self.markers[self.markers.len() - 1];
            let gap = without_markers(last_real + 1..last_marker);
            let after = without_markers(last_marker + 1..side.len());
            let kept_start = old_non_blank[old_non_blank.len() - trail];
            let to = if after.is_empty() {
                self.old.len()
            } else {
                old_non_blank[old_non_blank.len() - 1] + 1
            };
            out.extend_from_slice(&side[..=last_real]);
            if gap.is_empty() {
                let replaced_end = old_non_blank[old_non_blank.len() - trail - 1] + 1;
                out.extend_from_slice(&self.old[replaced_end..kept_start]);
            }
            out.extend(gap);
            out.extend_from_slice(&self.old[kept_start..to]);
            out.extend(after);
        } else {
            out.extend(without_markers(0..side.len()));
        }
        Some(out)
    }

    /// How many of the region's `old_count` non-blank lines of `old` the markers keep, before
    /// and after the real lines: markers only at the start keep the first lines, only at the
    /// end the last; markers on both sides or between real lines are unclear unless nothing is
    /// left to keep.
    fn covered(&self, old_count: usize, real: &[usize]) -> Option<(usize, usize)> {
        let spare = old_count.saturating_sub(real.len());
        let (first_real, last_real) = (real[0], real[real.len() - 1]);
        let before = self.markers.iter().any(|&m| m < first_real);
        let after = self.markers.iter().any(|&m| m > last_real);
        let between = self
            .markers
            .iter()
            .any(|&m| m > first_real && m < last_real);
        // Markers before `old`'s first line or after its last stand for lines outside it.
        let outside = (!after && self.at_start) || (!before && self.at_end);
        if old_count == 0 {
            // New lines around a marker past the end of `old` (or before its start): they
            // belong after (before) lines `old_string` leaves out, and where is unclear.
            if (self.at_end && before) || (self.at_start && after) {
                return None;
            }
            // Inside `old`, a marker stands for some of its lines: one that the diff paired
            // with none means the lines around it were paired wrongly.
            return (self.at_start || self.at_end).then_some((0, 0));
        }
        match (before, between, after) {
            _ if spare == 0 && outside && !between => Some((0, 0)),
            // As many rewritten lines as the region had, or more: which ones the marker keeps
            // is a guess.
            _ if spare == 0 => None,
            (true, false, false) => Some((spare, 0)),
            (false, false, true) => Some((0, spare)),
            _ => None,
        }
    }

    /// The real lines replace the non-blank `old` lines the markers do not keep: they must be
    /// alike line for line (the model rewrote those lines), or which lines the marker keeps
    /// is a guess.
    fn replaced_alike(
        &self,
        old_non_blank: &[usize],
        real: &[usize],
        lead: usize,
        trail: usize,
    ) -> bool {
        if lead == 0 && trail == 0 {
            return true;
        }
        let replaced = &old_non_blank[lead..old_non_blank.len() - trail];
        replaced.len() == real.len()
            && replaced
                .iter()
                .zip(real)
                .all(|(&i, &t)| line_similarity(self.old[i], self.side[t]) >= 0.5)
    }
}
