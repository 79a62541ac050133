//! The three-way merge of a line match: `old` as the base, the file's matched lines as one side
//! and `new` as the other (see [`super`]).
//!
//! Here the two sides are diffed against `old`; the merge proper is in `sides`, with the hunk
//! model in `hunk`, the readings under which overlapping hunks agree in `agreement`, the blank
//! runs it must not make in `blank_runs`, and the changes the model did not ask for in `unasked`.

mod agreement;
mod blank_runs;
mod hunk;
mod sides;
mod unasked;

use std::ops::Range;

use super::frame::{self, Depth};
use super::{as_strs, gaps, indent_chars, literals, respell, shifted, space_before_tab, Mismatch};
use crate::align::{changed_regions, loose_diff};
use crate::indent::{IndentHabits, IndentMap};
use crate::needle::Needle;
use crate::text::lines_of;
use crate::text::Text;
use hunk::{hunks, paired_lines, Hunk, Side};
use sides::Sides;
use unasked::{line_just_outside, written_more_often};

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
        Ok(Some(respelled)) => merge_spelled(text, window.clone(), &respelled)?,
        Ok(None) => merge_spelled(text, window.clone(), needle)?,
        Err(renamed) => {
            let line = window.start + renamed.file_line;
            return Err(Mismatch {
                old_lines: renamed.old_line..renamed.old_line + 1,
                file_lines: line..line + 1,
            });
        }
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
    let open_before = || literals::open_after((0..window.start).map(|i| text.line(i)));
    let chars =
        indent_chars::new_in_files_chars(&old, &new, &win, || text.indent_habits(), open_before);
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
