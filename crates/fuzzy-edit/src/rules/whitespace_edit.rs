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
/// the indentation is wrong, so which one it wants is unclear), or a change of trailing or
/// inner whitespace when the match ignored that. `needle` is the one the candidate was matched
/// with.
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
    let matched: Vec<(&str, &str)> = align(&old_lines, &window)
        .equal
        .iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| (old_lines[i], window[j])))
        .filter(|(o, _)| !o.trim().is_empty())
        .collect();
    let ignored_indent = matched
        .iter()
        .any(|(o, w)| normalize::indent_of(o) != normalize::indent_of(w));
    let ignored_inner = matched
        .iter()
        .any(|(o, w)| inner_spacing(o) != inner_spacing(w));
    (changes_indent && !ignored_indent) || (changes_inner && !ignored_inner)
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
