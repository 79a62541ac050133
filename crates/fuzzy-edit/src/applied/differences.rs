//! What a located block differs in from the model's `old`, beyond the habits the engine sees
//! through: reported with every success ([`Match::differences`](crate::Match::differences)), so
//! that a model whose picture of the file was wrong learns it before its next edit.
//!
//! **Habits** (never reported): indentation, trailing and inner runs of whitespace, line
//! endings, blank lines, typographic quotes, dashes and spaces (`normalize::loose_key`), and
//! what the model copied around the code: a read tool's line-number prefixes, literal escapes,
//! regex escapes (the request's `old` as decoded). The strategies that see through nothing
//! else report nothing ([`sees_only_habits`]); those that see through more (`elision`,
//! `line_slips`, `block_anchor`, `typo_line`) compare the decoded `old` with the block line by
//! line, by the loose key, and report the lines that still differ.
//!
//! The one hook in the engine is where a chosen candidate is settled
//! (`pipeline::pass::Request::settle`), with the needle it was matched with.

use std::ops::Range;

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::align::{changed_regions, loose_diff};
use crate::candidate::StrategyId;
use crate::needle::Needle;
use crate::text::Text;
use crate::vocabulary::Vocabulary;

/// One place where the file's lines differ from what `old` had there (beyond habits).
///
/// ```
/// use fuzzy_edit::{apply, Edit};
/// // The model remembered `limit = 10`; the file says 20. The edit lands, and says so.
/// let file = "def f(x):\n    limit = 20\n    y = x + 1\n    z = y * 2\n    w = z - 3\n    return w\n";
/// let edit = Edit::new(
///     "def f(x):\n    limit = 10\n    y = x + 1\n    z = y * 2\n    w = z - 3\n    return w",
///     "def f(x):\n    limit = 20\n    y = x + 1\n    z = y * 2\n    w = z - 4\n    return w",
/// );
/// let out = apply(file, &edit).unwrap();
/// let d = &out.matches[0].differences[0];
/// assert_eq!((d.line, &d.file[..], &d.old[..]), (2, &["    limit = 20".to_string()][..], &["    limit = 10".to_string()][..]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The first of the file's lines here, 1-based; where the file has none of its own (`old`
    /// had lines the file lacks), the line they would stand before.
    pub line: usize,
    /// The file's lines here as they stand, without line endings, from line `line` on (a blank
    /// line between two that differ included); empty when `old` had lines the file lacks.
    pub file: Vec<String>,
    /// What `old` had in their place; empty when the file has lines `old` left out.
    pub old: Vec<String>,
}

/// An answer lists at most this many places per match, the first in file order, with
/// `differences_total` beside them. A block the engine accepts differs in a few places (a
/// `typo_line` match in one line; `not_drifted` refuses a `block_anchor` block with 3 lines
/// drifted that are not a misspelled word); 5 covers those and the misspelled words of a long
/// block, and a longer list would bury the one line the model must look at.
pub const MAX_DIFFERENCES_LISTED: usize = 5;

/// The text paragraph shows at most this many lines per side of a place, then "(N more
/// lines)": a place of many lines is lines the model left out or invented, and their start
/// says which.
const MAX_LINES_SHOWN: usize = 3;

/// Whether strategy `id` sees through nothing but habits, so that its matches differ from
/// `old` in nothing worth reporting. (Every strategy but `elision`, `line_slips`,
/// `block_anchor` and `typo_line`; line references and snippet pieces are not searched for.)
pub(crate) fn sees_only_habits(id: StrategyId) -> bool {
    !matches!(
        id,
        StrategyId::Elision
            | StrategyId::LineSlips
            | StrategyId::BlockAnchor
            | StrategyId::TypoLine
    )
}

/// Where the text `span` (lines from 0-based `first_line`) of `text` differs from `needle`'s
/// `old` beyond habits, for a match of strategy `id`: every place, in file order.
pub(crate) fn differences_of(
    text: &Text,
    id: StrategyId,
    span: Range<usize>,
    first_line: usize,
    needle: &Needle,
) -> Vec<Difference> {
    if sees_only_habits(id) {
        return Vec::new();
    }
    let not_blank = |l: &&str| !l.trim().is_empty();
    let old: Vec<&str> = needle.lines().filter(not_blank).collect();
    // The span's lines with their 1-based numbers, blank ones left out (a habit).
    let block = &text.as_str()[span];
    let all: Vec<&str> = block
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let all = &all[..all.len() - usize::from(block.ends_with('\n'))];
    let kept: Vec<usize> = (0..all.len()).filter(|&i| not_blank(&all[i])).collect();
    let file_lines: Vec<&str> = kept.iter().map(|&i| all[i]).collect();
    changed_regions(loose_diff(&old, &file_lines))
        .into_iter()
        .map(|(o, f)| {
            // The file's lines from the first to the last of the place, blank ones between
            // included, so that each stands at `line` + its index.
            let lines = match (kept.get(f.start), f.end.checked_sub(1).map(|e| kept[e])) {
                (Some(&first), Some(last)) if !f.is_empty() => first..last + 1,
                _ => {
                    let at = kept.get(f.start).copied().unwrap_or(all.len());
                    at..at
                }
            };
            Difference {
                line: first_line + lines.start + 1,
                file: all[lines].iter().map(|l| l.to_string()).collect(),
                old: old[o].iter().map(|l| l.to_string()).collect(),
            }
        })
        .collect()
}

/// Serialize `differences` as the fields `differences` (the first
/// [`MAX_DIFFERENCES_LISTED`]) and `differences_total`, or as nothing when there are none
/// (flattened into a match).
pub(crate) fn listed<S: Serializer>(
    differences: &[Difference],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    if differences.is_empty() {
        return serializer.serialize_map(Some(0))?.end();
    }
    let mut map = serializer.serialize_map(Some(2))?;
    let shown = &differences[..differences.len().min(MAX_DIFFERENCES_LISTED)];
    map.serialize_entry("differences", shown)?;
    map.serialize_entry("differences_total", &differences.len())?;
    map.end()
}

/// The paragraph that tells the model, after a success, where the file differed from its
/// `old` beyond habits, in `w`'s words: `None` when it did not. `matches` are the answer's;
/// each place is named by the edit's number when the request had several edits. At most
/// [`MAX_DIFFERENCES_LISTED`] places in all (a `replace_all` may make many matches), then
/// "... and N more places".
///
/// ```
/// use fuzzy_edit::{apply, protocol::{differences_text, Vocabulary}, Edit};
/// let file = "def f(x):\n    limit = 20\n    y = x + 1\n    z = y * 2\n    w = z - 3\n    return w\n";
/// let edit = Edit::new(
///     "def f(x):\n    limit = 10\n    y = x + 1\n    z = y * 2\n    w = z - 3\n    return w",
///     "def f(x):\n    limit = 20\n    y = x + 1\n    z = y * 2\n    w = z - 4\n    return w",
/// );
/// let out = apply(file, &edit).unwrap();
/// let text = differences_text(&out.matches, &Vocabulary::TOOL).unwrap();
/// assert!(text.contains("line 2:\n  -     limit = 10\n  +     limit = 20"), "{text}");
/// // An edit that only re-indented `old` differs in nothing the model must know.
/// let out = apply("if x:\n    go()\n", &Edit::new("if x:\n  go()", "if x:\n  stop()")).unwrap();
/// assert_eq!(differences_text(&out.matches, &Vocabulary::TOOL), None);
/// ```
pub fn differences_text(matches: &[crate::Match], w: &Vocabulary) -> Option<String> {
    let several = matches.iter().any(|m| m.edit != matches[0].edit);
    let mut places = matches
        .iter()
        .flat_map(|m| m.differences.iter().map(move |d| (m.edit, d)));
    let mut out = String::new();
    for (edit, d) in places.by_ref().take(MAX_DIFFERENCES_LISTED) {
        if out.is_empty() {
            out = format!(
                "The file differs from {} in more than whitespace (`-` {} had, `+` the file \
                 has); edit from the file's lines:",
                w.old, w.old
            );
        }
        let edit = if several {
            format!("edit {}, ", edit + 1)
        } else {
            String::new()
        };
        out.push_str(&format!("\n{edit}line {}:", d.line));
        push_lines(&mut out, '-', &d.old);
        push_lines(&mut out, '+', &d.file);
    }
    let more = places.count();
    if more > 0 {
        out.push_str(&format!("\n... and {more} more places"));
    }
    (!out.is_empty()).then_some(out)
}

/// `lines` under `sign`, the first [`MAX_LINES_SHOWN`].
fn push_lines(out: &mut String, sign: char, lines: &[String]) {
    for l in lines.iter().take(MAX_LINES_SHOWN) {
        out.push_str(&format!("\n  {sign} {l}"));
    }
    let more = lines.len().saturating_sub(MAX_LINES_SHOWN);
    if more > 0 {
        out.push_str(&format!("\n  {sign} ... ({more} more lines)"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(file: &str, old: &str, id: StrategyId) -> Vec<Difference> {
        let text = Text::new(file);
        let needle = Needle::new(old, "x");
        differences_of(&text, id, 0..file.len(), 0, &needle)
    }

    #[test]
    fn habits_are_no_difference() {
        let file = "if a:\n\tgo(“x”,  1)\n\n    done()  \r\n";
        let old = "if a:\n  go(\"x\", 1)\n  done()";
        assert!(places(file, old, StrategyId::BlockAnchor).is_empty());
    }

    #[test]
    fn a_changed_line_an_extra_line_and_a_missing_line_are_each_a_place() {
        let file = "a = 1\nb = 2\nc = 3\nd = 4\n";
        // `b` misremembered, `c` left out, `e` invented.
        let old = "a = 1\nb = 9\nd = 4\ne = 5";
        let found = places(file, old, StrategyId::BlockAnchor);
        assert_eq!(
            found,
            [
                Difference {
                    line: 2,
                    file: vec!["b = 2".into(), "c = 3".into()],
                    old: vec!["b = 9".into()],
                },
                Difference {
                    line: 5,
                    file: vec![],
                    old: vec!["e = 5".into()],
                },
            ]
        );
    }

    #[test]
    fn strategies_of_habits_report_nothing() {
        assert!(places("a = 1\n", "a = 2", StrategyId::Indentation).is_empty());
        assert_eq!(places("a = 1\n", "a = 2", StrategyId::TypoLine).len(), 1);
    }

    #[test]
    fn the_paragraph_is_capped() {
        let d = |line| Difference {
            line,
            file: (0..5).map(|i| format!("f{i}")).collect(),
            old: vec!["o".into()],
        };
        let m = crate::Match {
            edit: 0,
            strategy: StrategyId::BlockAnchor,
            score: 0.9,
            start_line: 1,
            end_line: 40,
            span: 0..0,
            replacement: String::new(),
            differences: (1..=7).map(d).collect(),
        };
        let text = differences_text(&[m], &Vocabulary::PIPE).unwrap();
        assert_eq!(text.matches("\nline ").count(), MAX_DIFFERENCES_LISTED);
        assert!(text.contains("+ ... (2 more lines)"), "{text}");
        assert!(text.ends_with("... and 2 more places"), "{text}");
    }
}
