//! The bytes a line-by-line comparison does not see: line endings, the final newline and the
//! byte order mark of a merge made elsewhere, against the file's.

use similar::DiffTag;

use super::super::BOM;
use super::{Finding, FindingKind};
use crate::text::Text;

/// The bytes the line-by-line comparison above does not see (it compares lines without their
/// endings): each line's ending (a kept line keeps its own; a new line takes one the file
/// uses), the final newline and the byte order mark. At most one finding, at the first line
/// that differs: one cause (a tool that rewrote the endings) makes them all differ.
pub(super) fn framing(
    (original, a): (&str, &Text<'_>),
    (merged, b): (&str, &Text<'_>),
    ops: &[similar::DiffOp],
) -> Option<Finding> {
    fn ending<'t>(t: &Text<'t>, i: usize) -> &'t str {
        let l = t.lines()[i];
        &t.as_str()[l.content_end..l.end]
    }
    let uses = |e: &str| {
        (0..a.line_count()).any(|i| ending(a, i) == e)
            || a.line_count() <= 1 && e == a.eol().as_str()
    };
    let finding = |merged_line: Option<usize>, text: String| Finding {
        kind: FindingKind::LineEndings,
        merged_line,
        file_line: None,
        snippet_line: None,
        text,
    };
    let name = |e: &str| format!("{e:?}");
    let mut kept_from = vec![None; b.line_count()];
    for op in ops {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            old.zip(new).for_each(|(i, j)| kept_from[j] = Some(i));
        }
    }
    for (j, from) in kept_from.iter().enumerate() {
        let e = ending(b, j);
        if e.is_empty() {
            continue;
        }
        let wrong = match *from {
            Some(i) => !ending(a, i).is_empty() && ending(a, i) != e,
            None => !uses(e),
        };
        if wrong {
            let want = from.map_or(a.eol().as_str(), |i| ending(a, i));
            return Some(finding(
                Some(j + 1),
                format!("the line ends in {}, the file's in {}", name(e), name(want)),
            ));
        }
    }
    let body = |s: &str| s.strip_prefix(BOM).unwrap_or(s).to_string();
    let (fa, fb) = (body(original), body(merged));
    if !fa.is_empty() && !fb.is_empty() && fa.ends_with('\n') != fb.ends_with('\n') {
        let (has, lacks) = if fa.ends_with('\n') {
            ("the file", "the merged file")
        } else {
            ("the merged file", "the file")
        };
        return Some(finding(
            Some(b.line_count()),
            format!("{has} ends with a newline, {lacks} does not"),
        ));
    }
    if original.starts_with(BOM) != merged.starts_with(BOM) {
        let (has, lacks) = if original.starts_with(BOM) {
            ("the file", "the merged file")
        } else {
            ("the merged file", "the file")
        };
        return Some(finding(
            Some(1),
            format!("{has} starts with a byte order mark, {lacks} does not"),
        ));
    }
    None
}
