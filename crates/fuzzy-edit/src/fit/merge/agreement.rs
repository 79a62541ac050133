//! Where a file hunk and a model hunk change the same `old` lines, the readings under which
//! they agree: the file's difference is a slip of the model's memory that its change repairs,
//! rewrites or merges with, line by line.

use std::borrow::Cow;

use super::hunk::Hunk;
use super::loose_eq;
use crate::thresholds::MERGE_SLIP;
use crate::thresholds::REWRITTEN_LINE;

/// Whether the model's hunk `m` covers the file's difference `f`, `f` is a slip of memory
/// (each line at least [`MERGE_SLIP`] alike to the file's), and `m` holds the file's lines of it, in
/// order and together (loosely): `new` already says what the file says there. Lines less
/// alike are not a slip but a change since the model read the file: no agreement.
pub(super) fn new_has_the_files_lines(
    f: &Hunk,
    m: &Hunk,
    old: &[&str],
    win: &[&str],
    new: &[&str],
) -> bool {
    let files = &win[f.new.clone()];
    let models = &new[m.new.clone()];
    let covers = m.old.start <= f.old.start && f.old.end <= m.old.end;
    let slip = f.old.len() == f.new.len()
        && f.old.clone().zip(f.new.clone()).all(|(i, j)| {
            crate::align::line_similarity_at_least(old[i], win[j], MERGE_SLIP).is_some()
        });
    covers
        && slip
        && !files.iter().all(|l| l.trim().is_empty())
        && models
            .windows(files.len())
            .any(|w| w.iter().zip(files).all(|(a, b)| loose_eq(a, b)))
}

/// Whether the model's change `m` replaces the file's difference `f` entirely, and `f` is
/// nothing but misspelled words ([`crate::merge3::misspelled_word`]) that `m`'s lines never
/// write: the model rewrote lines it remembered with a slip of the pen, and the slip goes with
/// them.
pub(super) fn rewrites_misspellings(
    f: &Hunk,
    m: &Hunk,
    old: &[&str],
    win: &[&str],
    new: &[&str],
) -> bool {
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

/// Whether a file hunk only replaces lines with lines like them (the model misremembered a few
/// characters), so a change the model makes next to it is still independent of it.
pub(super) fn misremembered(hunk: &Hunk, old: &[&str], win: &[&str]) -> bool {
    hunk.old.len() == hunk.new.len()
        && hunk.old.clone().zip(hunk.new.clone()).all(|(i, j)| {
            crate::align::line_similarity_at_least(old[i], win[j], REWRITTEN_LINE).is_some()
        })
}

/// Whether a file hunk only wraps a line of `old` in two or more, or joins lines into one (the
/// same tokens in the same order, broken at other places): a model rewraps a long line as it
/// copies it, and that is no change of the code, so a change the model makes next to it is
/// independent of it and the file's lines stay. (Tokens, not characters: `return x` is no
/// wrap of `returnx`.)
pub(super) fn rewrapped(hunk: &Hunk, old: &[&str], win: &[&str]) -> bool {
    let (ours, theirs) = (&old[hunk.old.clone()], &win[hunk.new.clone()]);
    ours.len() != theirs.len()
        && !ours.is_empty()
        && !theirs.is_empty()
        && ours
            .iter()
            .any(|l| l.chars().any(crate::normalize::is_word_char))
        && code_tokens(ours).eq(code_tokens(theirs))
}

/// Whether a file hunk only has trailing comments the model left out of lines it copied
/// (`x = f(y);  // why` in the file, `x = f(y);` in `old`), line for line: a comment is no
/// change of the code, so a change the model makes next to it is independent of it and the
/// file's lines, comments and all, stay. Blank lines aside: a blank line `old` left out beside
/// the commented line is the file's too (the attack benchmark's `comment+blank+tabs`, where
/// the model inserts a line beside it, was refused `changed_lines_match`: 118 -> 140 exact of
/// 200 and 1 more sound, every other kind and the wrong cases unchanged).
pub(super) fn comments_left_out(hunk: &Hunk, old: &[&str], win: &[&str]) -> bool {
    let (ours, theirs) = (
        crate::text::non_blank_lines(&old[hunk.old.clone()]),
        crate::text::non_blank_lines(&win[hunk.new.clone()]),
    );
    ours.len() == theirs.len()
        && !ours.is_empty()
        && ours
            .iter()
            .zip(&theirs)
            .all(|(o, f)| comment_left_out(o, f))
}

/// Whether a file hunk only drops comment lines `old` has and the file does not (blank lines
/// aside, one comment at least): a comment line the model made up or the file lost is no code,
/// so a change the model makes next to it is independent of it and the file stays without it.
pub(super) fn comment_lines_made_up(hunk: &Hunk, old: &[&str]) -> bool {
    let lines = &old[hunk.old.clone()];
    hunk.new.is_empty()
        && lines.iter().any(|l| !l.trim().is_empty())
        && lines
            .iter()
            .all(|l| l.trim().is_empty() || is_comment_line(l))
}

/// Whether `line` is a comment alone: `//` or `/*` first, or `#` or `--` before a blank or
/// the line's end (`#include`, `#[test]`, `#!` and `--x` are code).
fn is_comment_line(line: &str) -> bool {
    let line = line.trim();
    let before_blank = |leader: &str| {
        line.strip_prefix(leader)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '#']))
    };
    line.starts_with("//") || line.starts_with("/*") || before_blank("#") || before_blank("--")
}

/// What opens a comment in the languages the gate's hunks are in (C-like, Python, shell, SQL).
const COMMENT_LEADERS: [&str; 4] = ["//", "/*", "#", "--"];

/// Whether `file` is the code line `copied` with a trailing comment (`//`, `/*`, `#`, `--`)
/// after a blank.
fn comment_left_out(copied: &str, file: &str) -> bool {
    let leaders = COMMENT_LEADERS;
    let copied = copied.trim();
    let Some(rest) = file.trim().strip_prefix(copied) else {
        return false;
    };
    let comment = rest.trim_start();
    copied.chars().any(crate::normalize::is_word_char)
        && !leaders.iter().any(|l| copied.starts_with(l))
        && rest.len() > comment.len()
        && leaders.iter().any(|l| comment.starts_with(l))
}

/// The tokens of `lines` in order, whitespace and line breaks left out: runs of word
/// characters, and every other character alone.
fn code_tokens<'a>(lines: &'a [&'a str]) -> impl Iterator<Item = &'a str> + 'a {
    use crate::normalize::is_word_char;
    lines.iter().flat_map(|line| {
        let mut rest = line.trim_start();
        std::iter::from_fn(move || {
            let c = rest.chars().next()?;
            let len = if is_word_char(c) {
                rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len())
            } else {
                c.len_utf8()
            };
            let (token, after) = rest.split_at(len);
            rest = after.trim_start();
            Some(token)
        })
    })
}

/// Where the file and the model both change the same `old` lines, line for line, and the file's
/// lines are the model's misremembered a few characters off: merge each line's characters
/// (content only; indentation follows the model's line, mapped later). `None` when any line
/// does not merge.
pub(super) fn merge_misremembered(
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
pub(super) fn merged_indent<'a>(old: &str, file: &'a str, new: &str) -> std::borrow::Cow<'a, str> {
    use crate::normalize::indent_of;
    let (o, f, n) = (indent_of(old), indent_of(file), indent_of(new));
    match n.strip_prefix(o) {
        Some(extra) if !extra.is_empty() => Cow::Owned(format!("{f}{extra}")),
        _ => Cow::Borrowed(f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::merge::hunk::{Resolution, Side};

    fn hunk(old: std::ops::Range<usize>, new: std::ops::Range<usize>) -> Hunk {
        Hunk {
            old,
            new,
            side: Side::File,
            resolution: Resolution::Kept,
        }
    }

    #[test]
    fn a_line_wrapped_or_joined_is_a_rewrap() {
        let old = ["a()", "f(x,", "    y)", "b()"];
        let win = ["a()", "f(x, y)", "b()"];
        assert!(rewrapped(&hunk(1..3, 1..2), &old, &win));
        assert!(rewrapped(&hunk(1..2, 1..3), &win, &old));
        let broken = ["a()", "f(", "x, y)", "b()"];
        assert!(rewrapped(&hunk(1..3, 1..2), &broken, &win));
    }

    #[test]
    fn trailing_comments_left_out_line_for_line() {
        let old = ["a = 1;", "b = f(a);", "c()"];
        let win = ["a = 1;  // one", "b = f(a); # why", "c()"];
        assert!(comments_left_out(&hunk(0..2, 0..2), &old, &win));
        // Code added, a comment line cut short, no blank before the comment, lines unpaired.
        assert!(!comments_left_out(
            &hunk(0..1, 0..1),
            &["a = 1;"],
            &["a = 1; b();"]
        ));
        assert!(!comments_left_out(
            &hunk(0..1, 0..1),
            &["// a"],
            &["// a // b"]
        ));
        assert!(!comments_left_out(
            &hunk(0..1, 0..1),
            &["a = x"],
            &["a = x#y"]
        ));
        assert!(!comments_left_out(
            &hunk(0..1, 0..2),
            &["a = 1;"],
            &["a = 1;", "// x"]
        ));
    }

    #[test]
    fn comment_lines_the_file_lacks_are_made_up() {
        let old = ["a()", "# keep this in sync", "", "b()"];
        assert!(comment_lines_made_up(&hunk(1..3, 1..1), &old));
        // Code, blank lines alone, or lines the file has others for: no.
        assert!(!comment_lines_made_up(&hunk(0..2, 0..0), &old));
        assert!(!comment_lines_made_up(&hunk(2..3, 1..1), &old));
        assert!(!comment_lines_made_up(&hunk(1..2, 1..2), &old));
        for code in ["#include <x.h>", "#[test]", "#![allow(x)]", "--i;"] {
            assert!(!comment_lines_made_up(&hunk(0..1, 0..0), &[code]), "{code}");
        }
        for comment in ["// a", "/* a */", "#", "## a", "-- a", "#\tkeep"] {
            assert!(
                comment_lines_made_up(&hunk(0..1, 0..0), &[comment]),
                "{comment}"
            );
        }
    }

    #[test]
    fn other_tokens_or_one_line_for_one_are_no_rewrap() {
        let win = ["f(x, y)"];
        // A token changed, split or joined differently, or no break at all.
        assert!(!rewrapped(&hunk(0..2, 0..1), &["f(x,", "z)"], &win));
        assert!(!rewrapped(
            &hunk(0..2, 0..1),
            &["return", "x"],
            &["returnx"]
        ));
        assert!(!rewrapped(&hunk(0..1, 0..1), &["f(x,y)"], &win));
        assert!(!rewrapped(&hunk(0..2, 0..1), &["", "  "], &[""]));
    }
}
