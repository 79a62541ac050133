//! Lines a merge would write that neither side asked for: a line written twice, a line of
//! `old` out of the window's order, one of two lines the model wrote alike deleted where the
//! file's differ. Each refuses the merge rather than guess (see [`super`]).

use std::ops::Range;

use super::{loose_eq, Hunk};
use crate::text::Text;

/// The first line of `merged` (a line of code: with a word in it) that stands in it twice or
/// more, and more often than the file's window has it plus the copies `new` adds over `old`:
/// the merge wrote both sides' copy of a line one side moved (`old` has two lines in another order than the file,
/// and `new` moves one of them). No edit asks for that; the model's order and the file's
/// cannot both be kept.
pub(super) fn written_more_often(
    merged: &str,
    win: &[&str],
    old: &[&str],
    new: &str,
) -> Option<usize> {
    use std::collections::HashMap;
    fn count<'s>(lines: impl Iterator<Item = &'s str>) -> HashMap<&'s str, usize> {
        let mut n: HashMap<&str, usize> = HashMap::new();
        for l in lines {
            *n.entry(l.trim()).or_default() += 1;
        }
        n
    }
    let in_merged = count(merged.lines());
    let in_win = count(win.iter().copied());
    let in_old = count(old.iter().copied());
    let in_new = count(new.lines());
    let n = |counts: &HashMap<&str, usize>, key: &str| counts.get(key).copied().unwrap_or(0);
    merged.lines().position(|l| {
        let key = l.trim();
        key.chars().any(crate::normalize::is_word_char)
            && in_merged[key] > 1
            && in_merged[key] > n(&in_win, key) + n(&in_new, key).saturating_sub(n(&in_old, key))
    })
}

/// A line of `old` (with a word in it) the window does not hold, while the file has it just
/// before the window although `old` names it after lines the window holds (or just after,
/// named before them): `old` has the lines in another order than the file (two lines
/// swapped), and a merge against the window would write that line twice.
pub(super) fn line_just_outside(
    text: &Text,
    window: &Range<usize>,
    old: &[&str],
    eq_w: &[Option<usize>],
) -> Option<usize> {
    let is = |line: Option<usize>, i: usize| {
        line.filter(|&l| l < text.line_count())
            .is_some_and(|l| loose_eq(text.line(l).trim(), old[i].trim()))
    };
    (0..old.len()).find(|&i| {
        eq_w[i].is_none()
            && old[i].chars().any(crate::normalize::is_word_char)
            && ((is(window.start.checked_sub(1), i) && eq_w[..i].iter().any(Option::is_some))
                || (is(Some(window.end), i) && eq_w[i + 1..].iter().any(Option::is_some)))
    })
}

/// Whether the model's hunk `m` deletes a line of `old` next to a line it keeps with the same
/// text, where the file's two lines differ in a way the model's do not (`  </div>` and
/// `</div>` in the file, `  </div>` twice in `old`). Which of the two the model deleted is a
/// coin the diff tosses, and the file's lines say it matters: refused, never guessed. (Where
/// `old` has them a step apart as the file does, `    }` beside `}`, it says which one goes.)
/// A hunk that also rewrites lines deletes the twin at its edge when `new`'s side of the hunk
/// has no line of that text; there the two must be written alike to the byte (a `  }` beside a
/// `}` is a line the model told apart, at whatever unit it indents: the gate's `indent_unit`
/// collapses of struct literals, 4 exact cases, land).
pub(super) fn deletes_one_of_twins(
    m: &Hunk,
    old: &[&str],
    new: &[&str],
    eq_w: &[Option<usize>],
    win: &[&str],
) -> bool {
    if m.old.is_empty() || m.new.len() >= m.old.len() {
        return false;
    }
    let dropped = |i: usize| new[m.new.clone()].iter().all(|l| l.trim() != old[i].trim());
    // How much deeper one line is than the other.
    let step = |a: &str, b: &str| {
        crate::normalize::indent_width(a) as isize - crate::normalize::indent_width(b) as isize
    };
    let rewrites = !m.new.is_empty();
    let twins = |deleted: usize, kept: usize| {
        kept < old.len()
            && !old[deleted].trim().is_empty()
            && (!rewrites || old[deleted] == old[kept])
            && old[deleted].trim() == old[kept].trim()
            && matches!((eq_w[deleted], eq_w[kept]), (Some(a), Some(b))
                if win[a] != win[b] && step(old[deleted], old[kept]) != step(win[a], win[b]))
    };
    (m.old.start > 0 && dropped(m.old.start) && twins(m.old.start, m.old.start - 1))
        || (dropped(m.old.end - 1) && twins(m.old.end - 1, m.old.end))
}
