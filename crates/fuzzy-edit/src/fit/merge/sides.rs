//! The merge proper: the file's differences from `old` and the model's changes resolved where
//! they meet, and the lines written out at the file's indentation and line endings.

use std::borrow::Cow;
use std::ops::Range;

use similar::{capture_diff_slices, Algorithm};

use super::agreement::{
    comment_lines_made_up, comments_left_out, merge_misremembered, misremembered,
    new_has_the_files_lines, rewrapped, rewrites_misspellings,
};
use super::blank_runs::join_no_blank_runs;
use super::hunk::{hunks, paired_old_line, Hunk, Resolution, Side};
use super::unasked::deletes_one_of_twins;
use super::{exact_eq, loose_eq, same_non_blank};
use crate::align::changed_regions;
use crate::fit::literals::LiteralFit;
use crate::fit::{skipped_lines, span_line_ending, Mismatch};
use crate::indent::IndentMap;
use crate::needle::Needle;
use crate::text::Text;

/// The file's side of a merge and the model's `new`, for merging `new` with `old` read at one
/// depth or the other (see [`frame`](crate::fit::frame)).
pub(super) struct Sides<'a, 't> {
    pub(super) text: &'a Text<'t>,
    pub(super) window: Range<usize>,
    pub(super) needle: &'a Needle<'a>,
    pub(super) win: &'a [&'t str],
    pub(super) new: &'a [&'a str],
    pub(super) new_trailing: bool,
    pub(super) eq_w: &'a [Option<usize>],
    pub(super) file_hunks: &'a [Hunk],
}

impl Sides<'_, '_> {
    /// The merge with `old` as given (at the depth `new` is written at), `new`'s changed lines
    /// re-indented by `map`.
    pub(super) fn merge(&self, old: &[&str], map: &IndentMap) -> Result<String, Mismatch> {
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
        // (The file's habits are learnt only for an added line indented by a space: a pass over
        // every line of the file, 9.3 M instructions of `typo` at 100k lines, callgrind, where
        // no line is added.)
        let tabs_for_spaces = |line: &str| {
            (*map == IndentMap::Identity && line.starts_with(' '))
                .then(|| text.indent_habits().tabs_for_spaces(line))
                .flatten()
        };
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
                // Next to the model's change, the file's own blank lines, misremembered lines,
                // lines the model wrapped otherwise, comments it left out and comment lines it
                // made up are independent of it: the file's side is kept.
                // (Asked only where the hunks do not overlap: the readings compare lines.)
                let independent = || {
                    file_blank_only
                        || misremembered(f, old, win)
                        || rewrapped(f, old, win)
                        || comments_left_out(f, old, win)
                        || comment_lines_made_up(f, old)
                };
                if !f.overlaps(m) && independent() {
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
                        && skipped_lines::new_writes_skipped_lines(
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
                    // them again, or wrote lines it left out of `old` (see [`skipped_lines`]): nothing of
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
                        let line = h
                            .old
                            .is_empty()
                            .then(|| tabs_for_spaces(&line))
                            .flatten()
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

/// Whether the model ended every non-blank line of `old` with blanks the file's matched lines
/// do not have: a copying habit, which its changed and added lines in `new` repeat.
pub(super) fn trailing_whitespace_habit(old: &[&str], win: &[&str]) -> bool {
    let ends_blank = |l: &&str| l.len() != l.trim_end().len();
    let mut non_blank = old.iter().filter(|l| !l.trim().is_empty()).peekable();
    non_blank.peek().is_some()
        && non_blank.all(ends_blank)
        && !win.iter().filter(|l| !l.trim().is_empty()).any(ends_blank)
}
