//! Rule 3 of [`super`]: an edit that only changes whitespace is carried out only by a match
//! that saw that whitespace.

use crate::align::align;
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::error::EditError;
use crate::feedback::{location, numbered};
use crate::needle::Needle;
use crate::normalize;
use crate::text::lines_of;
use crate::text::Text;

/// Rule 3: refuse an edit that only changes whitespace, in a way this match cannot carry out
/// faithfully: a change of indentation when the match ignored indentation (the model's idea of
/// the indentation is wrong, so which one it wants is unclear), a change of inner whitespace
/// or of blank lines when the match ignored that, or trailing whitespace added where the match
/// ignored it. Trailing whitespace stripped is carried out whatever the match ignored: the
/// lines come out as `new` writes them, without it. `needle` is the one the candidate was
/// matched with.
pub(crate) fn check_whitespace_edit(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    needle: &Needle,
) -> Result<(), EditError> {
    if !matches!(candidate.fit, Fit::Lines(_)) || faithful_whitespace_edit(text, candidate, needle)
    {
        return Ok(());
    }
    Err(EditError::WhitespaceOnly {
        strategy: strategy.to_string(),
        location: location(text, candidate.lines.clone(), Some(candidate.score)),
        file_text: numbered(text, candidate.lines.clone()),
    })
}

/// Whether the edit changes more than whitespace, or changes only whitespace the match saw.
fn faithful_whitespace_edit(text: &Text, candidate: &Candidate, needle: &Needle) -> bool {
    let non_blank = |s: &str| -> Vec<String> {
        lines_of(s)
            .0
            .into_iter()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    let (old, new) = (non_blank(needle.old_text()), non_blank(needle.new_text()));
    let loose = |v: &[String]| -> Vec<String> {
        v.iter()
            .map(|l| normalize::loose_key(l).into_owned())
            .collect()
    };
    if old.len() != new.len() || loose(&old) != loose(&new) {
        return true;
    }
    let pairs = || old.iter().zip(&new);
    let changes_indent = pairs().any(|(o, n)| normalize::indent_of(o) != normalize::indent_of(n));
    let changes_inner = pairs().any(|(o, n)| inner_spacing(o) != inner_spacing(n));

    let window: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
    let old_lines: Vec<&str> = needle.lines().collect();
    // The file line each non-blank line of `old` stands for, in order.
    let file_of: Vec<Option<&str>> = align(&old_lines, &window)
        .equal
        .iter()
        .enumerate()
        .filter(|(i, _)| !old_lines[*i].trim().is_empty())
        .map(|(_, j)| j.map(|j| window[j]))
        .collect();
    let matched: Vec<(&str, &str)> = old_lines
        .iter()
        .filter(|o| !o.trim().is_empty())
        .zip(&file_of)
        .filter_map(|(o, w)| w.map(|w| (*o, w)))
        .collect();
    let ignored_indent = matched
        .iter()
        .any(|(o, w)| normalize::indent_of(o) != normalize::indent_of(w));
    let ignored_inner = matched
        .iter()
        .any(|(o, w)| inner_spacing(o) != inner_spacing(w));
    if (changes_indent && !ignored_indent) || (changes_inner && !ignored_inner) {
        return true;
    }
    // Indentation or inner whitespace `new` changes back to the file's is no change to make:
    // `new` is written as the file has it, and `old` was wrong there (a line `new` keeps at the
    // file's depth is not moved by `old`'s mistake, as for any edit).
    let as_file = |part: fn(&str) -> Vec<&str>| {
        pairs()
            .zip(&file_of)
            .all(|((o, n), w)| part(o) == part(n) || w.is_some_and(|w| part(n) == part(w)))
    };
    // Indentation or inner whitespace changed where the match ignored it: unclear, whatever
    // else the edit changes.
    if !as_file(indent) || !as_file(inner_spacing) {
        return false;
    }
    faithful_lines_edit(
        &old_lines,
        &lines_of(needle.new_text()).0,
        &window,
        &matched,
    )
}

/// For an edit that changes only blank lines and trailing whitespace: whether every such change
/// is one the match saw (blank lines where `old`'s blank lines stand as in the file), or
/// strips trailing whitespace (nothing for the model to have meant otherwise: the lines come out
/// as `new` writes them). `matched` pairs `old`'s non-blank lines with the window's.
fn faithful_lines_edit(
    old: &[&str],
    new: &[&str],
    window: &[&str],
    matched: &[(&str, &str)],
) -> bool {
    let changes_blanks = blank_runs(old) != blank_runs(new);
    let ignored_blanks = blank_runs(old) != blank_runs(window);
    if changes_blanks && ignored_blanks {
        return false;
    }
    // Lines paired in order; when blank lines were added or removed only the non-blank ones
    // pair, and the blank lines come out as `new` writes them.
    let pairs: Vec<(&str, &str)> = if old.len() == new.len() {
        old.iter().copied().zip(new.iter().copied()).collect()
    } else {
        old.iter()
            .copied()
            .filter(|l| !l.trim().is_empty())
            .zip(new.iter().copied().filter(|l| !l.trim().is_empty()))
            .collect()
    };
    let changed_trailing: Vec<&str> = pairs
        .iter()
        .filter(|(o, n)| trailing(o) != trailing(n))
        .map(|(_, n)| *n)
        .collect();
    let ignored_trailing = matched.iter().any(|(o, w)| trailing(o) != trailing(w));
    let strips = changed_trailing.iter().all(|n| trailing(n).is_empty());
    let trailing_ok = changed_trailing.is_empty() || !ignored_trailing || strips;
    (changes_blanks || !changed_trailing.is_empty()) && trailing_ok
}

/// The whitespace a line ends with.
fn trailing(line: &str) -> &str {
    &line[line.trim_end().len()..]
}

/// The lengths of the runs of blank lines before, between and after the non-blank lines: where
/// blank lines stand, whatever whitespace they hold.
fn blank_runs(lines: &[&str]) -> Vec<usize> {
    let mut runs = vec![0];
    for l in lines {
        if l.trim().is_empty() {
            *runs.last_mut().expect("runs starts non-empty") += 1;
        } else {
            runs.push(0);
        }
    }
    runs
}

/// A line's indentation, as [`inner_spacing`] gives its inner whitespace.
fn indent(line: &str) -> Vec<&str> {
    vec![normalize::indent_of(line)]
}

/// The whitespace runs inside a trimmed line (what [`Level::InnerWhitespace`] ignores).
///
/// [`Level::InnerWhitespace`]: crate::normalize::Level::InnerWhitespace
fn inner_spacing(line: &str) -> Vec<&str> {
    line.trim()
        .split(|c: char| !c.is_whitespace())
        .filter(|run| !run.is_empty())
        .collect()
}
