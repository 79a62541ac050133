//! The three-way merge of a line match: `old` as the base, the file's matched lines as one side
//! and `new` as the other (see [`super`]).

mod unasked;

use std::borrow::Cow;
use std::ops::Range;

use similar::{capture_diff_slices, Algorithm};

use super::frame::{self, Depth};
use super::literals::LiteralFit;
use super::{
    as_strs, gaps, indent_chars, omitted, respell, shifted, space_before_tab, span_line_ending,
    Mismatch,
};
use crate::align::{changed_regions, loose_diff};
use crate::indent::{IndentHabits, IndentMap};
use crate::needle::{lines_of, Needle};
use crate::text::Text;
use unasked::{deletes_one_of_twins, line_just_outside, written_more_often};

/// Merge `needle.new` into the file lines `window`, which match `needle.old` loosely (the
/// words the model misspelled in both first spelled as the file does: see [`respell`]).
pub(super) fn merge(
    text: &Text,
    window: Range<usize>,
    needle: &Needle,
) -> Result<String, Mismatch> {
    let old: Vec<&str> = needle.lines().collect();
    let win: Vec<&str> = window.clone().map(|i| text.line(i)).collect();
    let merged = match respell::respelled(text, &old, &win, needle) {
        Some(respelled) => merge_spelled(text, window.clone(), &respelled)?,
        None => merge_spelled(text, window.clone(), needle)?,
    };
    if let Some(line) = written_more_often(&merged, &win, &old, needle.new_text()) {
        return Err(Mismatch {
            old_lines: 0..old.len(),
            file_lines: window.start + line.min(win.len().saturating_sub(1))..window.end,
        });
    }
    Ok(merged)
}

/// [`merge`], with `needle` as given.
fn merge_spelled(text: &Text, window: Range<usize>, needle: &Needle) -> Result<String, Mismatch> {
    let old: Vec<&str> = needle.lines().collect();
    let win: Vec<&str> = window.clone().map(|i| text.line(i)).collect();
    let (new, new_trailing) = if needle.new_text().is_empty() {
        (Vec::new(), false)
    } else {
        lines_of(needle.new_text())
    };
    // One diff of `old` against the window, loosely: its hunks are the file's differences, and
    // the lines between them pair `old` with the file.
    let mut regions = changed_regions(loose_diff(&old, &win));
    gaps::slide_gaps(&old, &win, &mut regions);
    let file_hunks = hunks(regions, Side::File);
    let eq_w = paired_lines(old.len(), &file_hunks);
    if let Some(i) = line_just_outside(text, &window, &old, &eq_w) {
        return Err(Mismatch {
            old_lines: i..i + 1,
            file_lines: window.start.saturating_sub(1)..(window.end + 1).min(text.line_count()),
        });
    }
    let file_lines: Vec<Option<&str>> = eq_w.iter().map(|j| j.map(|j| win[j])).collect();
    let stray = shifted::without_stray_spaces(&old, &new, || space_before_tab(text));
    let new: Vec<&str> = stray.as_deref().map_or(new, as_strs);
    let chars = indent_chars::new_in_files_chars(&old, &new, &win, || text.indent_habits());
    let new = chars.as_deref().map_or(new, as_strs);
    let moved = shifted::new_at_old_depth(&old, &new, &file_lines, || text.indent_habits())
        .or_else(|| frame::new_at_files_depth(&old, &win, &eq_w, &new, || text.indent_habits()));
    let new: Vec<&str> = match &moved {
        Some(moved) => as_strs(moved),
        None => new,
    };
    let pairs: Vec<(&str, &str)> = eq_w
        .iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| (old[i], win[j])))
        .collect();
    let learned = IndentMap::learn(
        &pairs,
        IndentHabits::of(old.iter().chain(new.iter()).copied()),
        || text.indent_habits(),
    );
    let sides = Sides {
        text,
        window: window.clone(),
        needle,
        win: &win,
        new: &new,
        new_trailing,
        eq_w: &eq_w,
        file_hunks: &file_hunks,
    };
    if learned == IndentMap::Identity {
        return sides.merge(&old, &learned);
    }
    // `old` as the model's `new` sees it: at the file's depth when `new` is written there (the
    // model got the indentation wrong in `old` only, and `new` needs no mapping), so that the
    // line diff of `old` and `new` never pairs lines by their text across depths.
    let moved = frame::old_at_file_depth(&old, &win, &eq_w, &learned);
    let moved: Vec<&str> = moved.iter().map(|l| l.as_ref()).collect();
    match frame::new_depth(&old, &moved, &new, &win, &eq_w, &learned) {
        Depth::Old => sides.merge(&old, &learned),
        Depth::File => sides.merge(&moved, &IndentMap::Identity),
        Depth::Contested => match (
            sides.merge(&old, &learned),
            sides.merge(&moved, &IndentMap::Identity),
        ) {
            (Ok(a), Ok(b)) if a == b => Ok(a),
            // Which lines `new` keeps depends on the depth it is at, and the readings differ:
            // refused, showing the file's lines to copy `old` from.
            _ => Err(Mismatch {
                old_lines: 0..old.len(),
                file_lines: window,
            }),
        },
    }
}

/// The file's side of a merge and the model's `new`, for merging `new` with `old` read at one
/// depth or the other (see [`frame`]).
struct Sides<'a, 't> {
    text: &'a Text<'t>,
    window: Range<usize>,
    needle: &'a Needle<'a>,
    win: &'a [&'t str],
    new: &'a [&'a str],
    new_trailing: bool,
    eq_w: &'a [Option<usize>],
    file_hunks: &'a [Hunk],
}

impl Sides<'_, '_> {
    /// The merge with `old` as given (at the depth `new` is written at), `new`'s changed lines
    /// re-indented by `map`.
    fn merge(&self, old: &[&str], map: &IndentMap) -> Result<String, Mismatch> {
        let Sides {
            text,
            ref window,
            needle,
            win,
            new,
            new_trailing,
            eq_w,
            file_hunks,
        } = *self;
        let window = window.clone();
        let mut file_hunks = file_hunks.to_vec();
        // Lines the model adds to a file indented with tabs alone, indented with spaces alone: its
        // habit of typing a tab as spaces (mapped lines are rendered in the file's style already).
        // (A line it rewrites keeps its spaces: an author may mean them.)
        let tabs_for_spaces = (*map == IndentMap::Identity)
            .then(|| text.indent_habits())
            .filter(|h| h.tabs_only);
        let paired: Vec<Option<(&str, &str)>> = eq_w
            .iter()
            .enumerate()
            .map(|(i, j)| j.map(|j| (old[i], win[j])))
            .collect();
        let literal_fit = LiteralFit::learn(old, new, &paired, map);
        let trailing_habit = trailing_whitespace_habit(old, win);

        let otrim: Vec<&str> = old.iter().map(|l| l.trim_end()).collect();
        let ntrim: Vec<&str> = new.iter().map(|l| l.trim_end()).collect();
        let model_ops = capture_diff_slices(Algorithm::Myers, &otrim, &ntrim);
        let mut model_hunks = hunks(changed_regions(model_ops), Side::Model);
        if let Some(m) = model_hunks
            .iter()
            .find(|m| deletes_one_of_twins(m, &otrim, &ntrim, eq_w, win))
        {
            return Err(Mismatch {
                old_lines: m.old.start.saturating_sub(1)..(m.old.end + 1).min(old.len()),
                file_lines: window,
            });
        }

        // Resolve overlaps between the file's differences and the model's changes.
        for f in &mut file_hunks {
            for m in &mut model_hunks {
                if f.dropped() || m.dropped() || !f.touches(m) {
                    continue;
                }
                let file_blank_only =
                    same_non_blank(&old[f.old.clone()], &win[f.new.clone()], loose_eq);
                // Next to the model's change, the file's own blank lines and misremembered lines
                // are independent of it and kept.
                if !f.overlaps(m) && (file_blank_only || misremembered(f, old, win)) {
                    continue;
                }
                // Over it, blank lines alone do not make a conflict (the side that only moves
                // blank lines yields), nor does the same change made on both sides.
                if let Some(lines) = merge_misremembered(f, m, old, win, new) {
                    // The model rewrites lines it remembered a few characters off, and its change
                    // is independent of the difference: merged within each line.
                    f.resolution = Resolution::Dropped;
                    m.resolution = Resolution::Merged(lines);
                } else if file_blank_only {
                    f.resolution = Resolution::Dropped;
                } else if (f.old == m.old
                    && same_non_blank(&win[f.new.clone()], &new[m.new.clone()], loose_eq))
                    || same_non_blank(&old[m.old.clone()], &new[m.new.clone()], exact_eq)
                {
                    // The same change on both sides, or the model only moves blank lines.
                    m.resolution = Resolution::Dropped;
                } else if new_has_the_files_lines(f, m, old, win, new)
                    || rewrites_misspellings(f, m, old, win, new)
                    || (f.old.is_empty()
                        && omitted::new_writes_omitted_lines(
                            &old[m.old.clone()],
                            f.old.start - m.old.start,
                            &win[f.new.clone()],
                            &new[m.new.clone()],
                            |file, model| {
                                let width = |l: &str| crate::normalize::indent_width(l);
                                let unit = text.indent_habits().unit.unwrap_or(4);
                                width(&map.apply_near(model, None)).abs_diff(width(file)) <= unit
                            },
                        ))
                {
                    // The model misremembered lines in `old` but wrote them as the file has them in
                    // `new`, beside its change, or rewrote the words it misspelled without writing
                    // them again, or wrote lines it left out of `old` (see [`omitted`]): nothing of
                    // its slip reaches the file, and its lines stand.
                    f.resolution = Resolution::Dropped;
                } else {
                    let lines = f.old.start.min(m.old.start)..f.old.end.max(m.old.end);
                    return Err(Mismatch {
                        old_lines: lines,
                        file_lines: window.start + f.new.start..window.start + f.new.end,
                    });
                }
            }
        }
        let mut all: Vec<&Hunk> = file_hunks
            .iter()
            .chain(&model_hunks)
            .filter(|h| !h.dropped())
            .collect();
        // Insertions before replacements at the same line; the model's insertion before the file's.
        all.sort_by_key(|h| (h.old.start, !h.old.is_empty(), h.side == Side::File));

        let mut out: Vec<Cow<str>> = Vec::with_capacity(new.len() + 4);
        let mut pos = 0;
        // Lines neither side changed: the file's bytes.
        fn emit_kept<'w>(
            out: &mut Vec<Cow<'w, str>>,
            eq_w: &[Option<usize>],
            win: &[&'w str],
            range: Range<usize>,
        ) {
            out.extend(range.filter_map(|i| eq_w[i].map(|j| Cow::Borrowed(win[j]))));
        }
        for h in all {
            emit_kept(&mut out, eq_w, win, pos..h.old.start.max(pos));
            match h.side {
                Side::File => out.extend(win[h.new.clone()].iter().map(|l| Cow::Borrowed(*l))),
                // Lines merged with the file's are fitted already: the file's indentation.
                Side::Model if matches!(h.resolution, Resolution::Merged(_)) => {
                    if let Resolution::Merged(lines) = &h.resolution {
                        out.extend(lines.iter().map(|l| Cow::Owned(l.clone())));
                    }
                }
                Side::Model => {
                    for (t, line) in new[h.new.clone()].iter().enumerate() {
                        if literal_fit.stays(h.new.start + t) {
                            out.push(Cow::Borrowed(line));
                            continue;
                        }
                        let near = paired_old_line(h, t, eq_w)
                            .map(|i| (old[i], win[eq_w[i].unwrap_or(0)]))
                            // An inserted line after a line copied verbatim from the file (an elided
                            // gap) takes the block's depth, not that line's: the model did not write
                            // it, so it says nothing about the model's indentation.
                            .filter(|(m, f)| !(h.old.is_empty() && m == f));
                        // (The model's trailing blanks on every line of `old`, none in the file's.)
                        let line = if trailing_habit {
                            line.trim_end()
                        } else {
                            line
                        };
                        let line = map.apply_near(line, near);
                        let line = tabs_for_spaces
                            .filter(|_| h.old.is_empty())
                            .and_then(|h| h.tabs_for_spaces(&line))
                            .unwrap_or(line);
                        out.push(Cow::Owned(line));
                    }
                }
            }
            pos = pos.max(h.old.end);
        }
        emit_kept(&mut out, eq_w, win, pos..old.len());
        join_no_blank_runs(&mut out, win, new);

        let eol = span_line_ending(text, &text.span_of_lines(window.clone(), true)).as_str();
        let mut s = out.join(eol);
        let last = text.lines()[window.end - 1];
        // The replacement ends a line when the span did. Past a span that ends inside its last line
        // it adds a line ending only where that line is blank (`old` ended with a blank line whose
        // ending the model wrote as `new`'s final newline): after code, that would split the line.
        let span_has_eol = needle.trailing_newline() && last.end > last.content_end;
        let last_blank = text.is_blank(window.end - 1);
        let ends_blank_line = new_trailing && !needle.trailing_newline() && last_blank;
        if (span_has_eol || ends_blank_line) && !out.is_empty() {
            s.push_str(eol);
        }
        Ok(s)
    }
}

/// Where the model deleted a line between two of the file's blank lines (`a`, blank, `x`,
/// blank, `b` with `x` gone), the two blank lines meet: a run of blank lines longer than any
/// in the file's block or in `new` is the merge's doing, not something either side wrote, and
/// is cut to the longest run they have. (Runs at the ends of the block are left alone: they
/// meet lines outside it.)
fn join_no_blank_runs(out: &mut Vec<Cow<str>>, win: &[&str], new: &[&str]) {
    let longest_run = |lines: &mut dyn Iterator<Item = &str>| {
        let (mut run, mut longest) = (0, 0);
        for l in lines {
            run = if l.trim().is_empty() { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        longest
    };
    let allowed = longest_run(&mut win.iter().copied()).max(longest_run(&mut new.iter().copied()));
    let blank = |l: &Cow<str>| l.trim().is_empty();
    let mut i = 0;
    let mut kept: Vec<Cow<str>> = Vec::with_capacity(out.len());
    let mut seen_content = false;
    while i < out.len() {
        if !blank(&out[i]) {
            seen_content = true;
            kept.push(std::mem::take(&mut out[i]));
            i += 1;
            continue;
        }
        let end = (i..out.len())
            .find(|&j| !blank(&out[j]))
            .unwrap_or(out.len());
        let interior = seen_content && end < out.len();
        let take = if interior {
            (end - i).min(allowed)
        } else {
            end - i
        };
        kept.extend(out[i..i + take].iter_mut().map(std::mem::take));
        i = end;
    }
    *out = kept;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    File,
    Model,
}

/// A region where one side differs from `old`: `old` lines `old` became that side's lines `new`.
#[derive(Debug, Clone)]
struct Hunk {
    old: Range<usize>,
    new: Range<usize>,
    side: Side,
    resolution: Resolution,
}

/// What the merge makes of a hunk where it meets the other side's.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Resolution {
    /// Written as that side has it.
    Kept,
    /// Left out: the other side's hunk stands for it.
    Dropped,
    /// A model hunk whose lines were merged with the file's, line by line, at the file's
    /// indentation: written as they are.
    Merged(Vec<String>),
}

impl Hunk {
    fn dropped(&self) -> bool {
        self.resolution == Resolution::Dropped
    }

    /// Whether two hunks overlap or touch (as in diff3: changes on both sides of the same
    /// boundary, or insertions at the same place, are not independent).
    fn touches(&self, other: &Hunk) -> bool {
        self.old.start <= other.old.end && other.old.start <= self.old.end
    }

    /// Whether two hunks change some of the same `old` lines.
    fn overlaps(&self, other: &Hunk) -> bool {
        self.old.start < other.old.end && other.old.start < self.old.end
    }
}

/// Whether the model ended every non-blank line of `old` with blanks the file's matched lines
/// do not have: a copying habit, which its changed and added lines in `new` repeat.
fn trailing_whitespace_habit(old: &[&str], win: &[&str]) -> bool {
    let ends_blank = |l: &&str| l.len() != l.trim_end().len();
    let mut non_blank = old.iter().filter(|l| !l.trim().is_empty()).peekable();
    non_blank.peek().is_some()
        && non_blank.all(ends_blank)
        && !win.iter().filter(|l| !l.trim().is_empty()).any(ends_blank)
}

/// Whether the model's hunk `m` covers the file's difference `f`, `f` is a slip of memory
/// (each line at least [`SLIP`] alike to the file's), and `m` holds the file's lines of it, in
/// order and together (loosely): `new` already says what the file says there. Lines less
/// alike are not a slip but a change since the model read the file: no agreement.
fn new_has_the_files_lines(f: &Hunk, m: &Hunk, old: &[&str], win: &[&str], new: &[&str]) -> bool {
    let files = &win[f.new.clone()];
    let models = &new[m.new.clone()];
    let covers = m.old.start <= f.old.start && f.old.end <= m.old.end;
    let slip = f.old.len() == f.new.len()
        && f.old
            .clone()
            .zip(f.new.clone())
            .all(|(i, j)| crate::align::line_similarity_at_least(old[i], win[j], SLIP).is_some());
    covers
        && slip
        && !files.iter().all(|l| l.trim().is_empty())
        && models
            .windows(files.len())
            .any(|w| w.iter().zip(files).all(|(a, b)| loose_eq(a, b)))
}

/// Lines at least this alike are a slip of memory (a character or two), as opposed to a line
/// changed since the model read it; where `new` has the file's version of such a line, the two
/// agree.
const SLIP: f64 = 0.8;

/// Lines at least this similar to the model's are the same line misremembered (chosen on the
/// accuracy benchmark; see the README).
const MISREMEMBERED_LINE: f64 = 0.5;

/// Whether a file hunk only replaces lines with lines like them (the model misremembered a few
/// characters), so a change the model makes next to it is still independent of it.
/// Whether the model's change `m` replaces the file's difference `f` entirely, and `f` is
/// nothing but misspelled words ([`crate::merge3::misspelled_word`]) that `m`'s lines never
/// write: the model rewrote lines it remembered with a slip of the pen, and the slip goes with
/// them.
fn rewrites_misspellings(f: &Hunk, m: &Hunk, old: &[&str], win: &[&str], new: &[&str]) -> bool {
    let covers = m.old.start <= f.old.start && f.old.end <= m.old.end;
    if !covers || f.old.len() != f.new.len() || f.old.is_empty() {
        return false;
    }
    let written = new[m.new.clone()].join("\n");
    f.old
        .clone()
        .zip(f.new.clone())
        .all(|(i, j)| crate::merge3::rewrites_misspelling(old[i].trim(), win[j].trim(), &written))
}

fn misremembered(hunk: &Hunk, old: &[&str], win: &[&str]) -> bool {
    hunk.old.len() == hunk.new.len()
        && hunk.old.clone().zip(hunk.new.clone()).all(|(i, j)| {
            crate::align::line_similarity_at_least(old[i], win[j], MISREMEMBERED_LINE).is_some()
        })
}

/// The matched `old` line whose depth line `t` of a model hunk takes: the line it replaces
/// (position for position, the last for extra lines), or for a pure insertion the line before
/// it (or after it, at the start).
fn paired_old_line(h: &Hunk, t: usize, eq_w: &[Option<usize>]) -> Option<usize> {
    let i = if !h.old.is_empty() {
        h.old.start + t.min(h.old.len() - 1)
    } else if h.old.start > 0 {
        h.old.start - 1
    } else {
        h.old.start
    };
    eq_w.get(i).copied().flatten().map(|_| i)
}

/// Where the file and the model both change the same `old` lines, line for line, and the file's
/// lines are the model's misremembered a few characters off: merge each line's characters
/// (content only; indentation follows the model's line, mapped later). `None` when any line
/// does not merge.
fn merge_misremembered(
    f: &Hunk,
    m: &Hunk,
    old: &[&str],
    win: &[&str],
    new: &[&str],
) -> Option<Vec<String>> {
    if f.old != m.old || m.new.len() != m.old.len() || !misremembered(f, old, win) {
        return None;
    }
    f.old
        .clone()
        .zip(f.new.clone())
        .zip(m.new.clone())
        .map(|((i, j), k)| {
            let content = crate::merge3::merge_line(old[i].trim(), win[j].trim(), new[k].trim())?;
            Some(format!(
                "{}{content}",
                merged_indent(old[i], win[j], new[k])
            ))
        })
        .collect()
}

/// The indentation of a line merged from the file's and the model's versions: the file's, plus
/// whatever depth the model's `new` adds to its own `old` (the model's idea of the absolute
/// depth is the very thing it may have wrong).
fn merged_indent<'a>(old: &str, file: &'a str, new: &str) -> std::borrow::Cow<'a, str> {
    use crate::normalize::indent_of;
    let (o, f, n) = (indent_of(old), indent_of(file), indent_of(new));
    match n.strip_prefix(o) {
        Some(extra) if !extra.is_empty() => Cow::Owned(format!("{f}{extra}")),
        _ => Cow::Borrowed(f),
    }
}

/// For each of `n` lines of `old`, the line of the other side it is paired with: the lines
/// outside the hunks, in order.
fn paired_lines(n: usize, hunks: &[Hunk]) -> Vec<Option<usize>> {
    let mut eq = vec![None; n];
    let (mut i, mut j) = (0, 0);
    let gaps = hunks
        .iter()
        .map(|h| (h.old.start, h.old.end, h.new.end))
        .chain([(n, n, 0)]);
    for (start, old_end, new_end) in gaps {
        for (offset, slot) in eq[i..start].iter_mut().enumerate() {
            *slot = Some(j + offset);
        }
        (i, j) = (old_end, new_end);
    }
    eq
}

fn hunks(regions: Vec<(Range<usize>, Range<usize>)>, side: Side) -> Vec<Hunk> {
    regions
        .into_iter()
        .map(|(old, new)| Hunk {
            old,
            new,
            side,
            resolution: Resolution::Kept,
        })
        .collect()
}

fn same_non_blank(a: &[&str], b: &[&str], eq: fn(&str, &str) -> bool) -> bool {
    let mut a = a.iter().filter(|l| !l.trim().is_empty());
    let mut b = b.iter().filter(|l| !l.trim().is_empty());
    a.all(|x| b.next().is_some_and(|y| eq(x, y))) && b.next().is_none()
}

fn loose_eq(a: &str, b: &str) -> bool {
    crate::normalize::lines_equal(a, b, crate::normalize::Level::InnerWhitespace)
}

fn exact_eq(a: &str, b: &str) -> bool {
    a.trim_end() == b.trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merged(file: &str, lines: Range<usize>, old: &str, new: &str) -> Result<String, Mismatch> {
        let text = Text::new(file);
        merge(&text, lines, &Needle::new(old, new))
    }

    #[test]
    fn kept_lines_keep_file_bytes() {
        let out = merged("  a \n  b\n", 0..2, "a\nb", "a\nc").unwrap();
        assert_eq!(out, "  a \n  c");
    }

    #[test]
    fn misremembered_context_is_kept_from_the_file() {
        let out = merged(
            "x(1)\ny(2)\nz(3)\n",
            0..3,
            "x(1)\ny(9)\nz(3)",
            "x(1)\ny(9)\nz(4)",
        )
        .unwrap();
        assert_eq!(out, "x(1)\ny(2)\nz(4)");
    }

    #[test]
    fn changing_a_misremembered_line_is_refused() {
        let err = merged(
            "x(1)\ny(2)\nz(3)\n",
            0..3,
            "x(1)\ny(9)\nz(3)",
            "x(1)\ny(8)\nz(3)",
        );
        assert_eq!(
            err,
            Err(Mismatch {
                old_lines: 1..2,
                file_lines: 1..2
            })
        );
    }

    #[test]
    fn extra_file_line_survives_when_model_omitted_it() {
        let out = merged("a\nb\nc\nd\ne\n", 0..5, "a\nb\nd\ne", "A\nb\nd\ne").unwrap();
        assert_eq!(out, "A\nb\nc\nd\ne");
    }

    #[test]
    fn change_next_to_an_omitted_line_is_refused() {
        // The model does not know line `c` is there; its change touches the place.
        let err = merged("a\nb\nc\nd\n", 0..4, "a\nb\nd", "a\nB\nd").unwrap_err();
        assert_eq!(err.old_lines, 1..2);
    }

    #[test]
    fn insertion_where_the_file_has_another_line_is_refused() {
        // The model thinks the else branch is empty; the file has a statement there.
        let file = "if x {\n  a();\n} else {\n  b();\n}\n";
        let old = "if x {\n  a();\n} else {\n}";
        let new = "if x {\n  a();\n} else {\n  continue;\n}";
        assert!(merged(file, 0..5, old, new).is_err());
    }

    #[test]
    fn crlf_and_trailing_newline() {
        let out = merged("a\r\nb\r\nc\r\n", 0..2, "a\nb\n", "a\nx\ny\n").unwrap();
        assert_eq!(out, "a\r\nx\r\ny\r\n");
    }

    #[test]
    fn blank_line_only_difference_is_no_conflict() {
        let out = merged("a\n\nb\n", 0..3, "a\nb", "a\nx\nb").unwrap();
        assert_eq!(out, "a\nx\n\nb");
    }

    #[test]
    fn trailing_blanks_on_every_line_of_old_are_a_habit_new_repeats() {
        let out = merged("a\nb\nc\n", 0..3, "a  \nb  \nc  ", "a  \nB  \nd  \nc  ").unwrap();
        assert_eq!(out, "a\nB\nd\nc");
        // Where one line of old has none, or the file has some, new's blanks stay.
        let out = merged("a\nb\nc\n", 0..3, "a  \nb\nc  ", "a\nB  \nc").unwrap();
        assert_eq!(out, "a\nB  \nc");
        let out = merged("a \nb\n", 0..2, "a \nb ", "a \nB ").unwrap();
        assert_eq!(out, "a \nB ");
    }

    #[test]
    fn deletes_everything_for_empty_new() {
        assert_eq!(merged("a\nb\n", 0..2, "a\nb\n", "").unwrap(), "");
    }
}
