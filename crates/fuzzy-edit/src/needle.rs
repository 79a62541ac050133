//! The `old`/`new` pair of an edit, split into lines once.

use std::borrow::Cow;
use std::ops::Range;

use crate::text::{lines_of, split_lines};

/// An edit's `old` and `new` text, as a strategy sees it (possibly after a transformation such
/// as stripping line-number prefixes).
#[derive(Debug, Clone)]
pub(crate) struct Needle<'a> {
    old: Cow<'a, str>,
    new: Cow<'a, str>,
    old_lines: Vec<Range<usize>>,
    old_trailing_newline: bool,
}

impl<'a> Needle<'a> {
    /// Split `old` into lines. A final newline ends the last line rather than starting an empty
    /// one; it is remembered so a line match also takes the matched block's line ending.
    pub(crate) fn new(old: impl Into<Cow<'a, str>>, new: impl Into<Cow<'a, str>>) -> Self {
        let old = old.into();
        let new = new.into();
        let (old_lines, old_trailing_newline) = split_lines(&old);
        Needle {
            old,
            new,
            old_lines,
            old_trailing_newline,
        }
    }

    /// A needle owning its text, for strategies that transform the request; `new` keeps the
    /// line structure of the transformed `old`, as the request's does (see
    /// [`crate::artifacts`]).
    pub(crate) fn owned(old: String, new: String) -> Needle<'static> {
        let new = crate::artifacts::edges::keep_edges(&old, &new, Default::default).unwrap_or(new);
        Needle::new(old, new)
    }

    /// The `old` text.
    pub(crate) fn old_text(&self) -> &str {
        &self.old
    }

    /// The `new` text.
    pub(crate) fn new_text(&self) -> &str {
        &self.new
    }

    /// Number of lines in `old`.
    pub(crate) fn line_count(&self) -> usize {
        self.old_lines.len()
    }

    /// Line `i` of `old`, without its line ending.
    pub(crate) fn line(&self, i: usize) -> &str {
        &self.old[self.old_lines[i].clone()]
    }

    /// The lines of `old`.
    pub(crate) fn lines(&self) -> impl Iterator<Item = &str> + '_ {
        self.old_lines.iter().map(|r| &self.old[r.clone()])
    }

    /// Whether `old` ends with a newline.
    pub(crate) fn trailing_newline(&self) -> bool {
        self.old_trailing_newline
    }

    /// The needle without the blank lines at the ends of `old`, and up to as many at the ends
    /// of `new`: for strategies that match `old`'s non-blank lines, its blank edges are the
    /// model's padding, not lines of the block. `None` when `old` has none.
    pub(crate) fn without_blank_edges(&self) -> Option<Needle<'static>> {
        let lines: Vec<&str> = self.lines().collect();
        let lead = lines.iter().take_while(|l| l.trim().is_empty()).count();
        if lead == lines.len() {
            return None;
        }
        let trail = lines
            .iter()
            .rev()
            .take_while(|l| l.trim().is_empty())
            .count();
        (lead + trail > 0).then(|| {
            Needle::owned(
                trim_blank_lines(&self.old, lead, trail),
                trim_blank_lines(&self.new, lead, trail),
            )
        })
    }
}

/// Drop up to `lead` leading and `trail` trailing blank lines from `s`, keeping a final newline.
fn trim_blank_lines(s: &str, lead: usize, trail: usize) -> String {
    let (lines, trailing) = lines_of(s);
    let lead = lines
        .iter()
        .take(lead)
        .take_while(|l| l.trim().is_empty())
        .count();
    let rest = &lines[lead..];
    let trail = rest
        .iter()
        .rev()
        .take(trail)
        .take_while(|l| l.trim().is_empty())
        .count();
    let kept = &rest[..rest.len() - trail];
    let mut out = kept.join("\n");
    if trailing && !kept.is_empty() {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_newline_is_remembered() {
        let n = Needle::new("a\nb\n", "c");
        assert_eq!(n.line_count(), 2);
        assert!(n.trailing_newline());
        assert_eq!(n.line(1), "b");
        let n = Needle::new("a\r\nb", "c");
        assert!(!n.trailing_newline());
        assert_eq!(n.lines().collect::<Vec<_>>(), ["a", "b"]);
    }

    #[test]
    fn trims_blank_lines_at_the_ends_only() {
        assert_eq!(trim_blank_lines("\n\na\n\nb\n\n", 2, 1), "a\n\nb\n");
        assert_eq!(trim_blank_lines("a\nb", 1, 1), "a\nb");
        let n = Needle::new("\n  a\n  b\n\n", "\n  a\n  c\n\n");
        let t = n.without_blank_edges().unwrap();
        assert_eq!((t.old_text(), t.new_text()), ("  a\n  b\n", "  a\n  c\n"));
        assert!(Needle::new("a\nb", "c").without_blank_edges().is_none());
    }

    #[test]
    fn lone_newline_is_one_empty_line() {
        let (lines, trailing) = lines_of("\n");
        assert_eq!(lines, [""]);
        assert!(trailing);
        assert_eq!(lines_of("").0, [""]);
    }
}
