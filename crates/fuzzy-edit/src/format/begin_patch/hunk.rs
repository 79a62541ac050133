//! A hunk of an `*** Update File:` section of a [`*** Begin Patch`](super) envelope: its `@@`
//! header, its lines, and the [`Edit`] it becomes.

use super::F;
use crate::format::{join_lines, Builder, ParseError};
use crate::Edit;

#[derive(Debug, Default)]
pub(super) struct Hunk<'a> {
    /// 1-based line of the `@@` header (or of the first line when there is none).
    pub(super) line: usize,
    pub(super) anchor: Option<String>,
    /// (1-based line, text).
    pub(super) lines: Vec<(usize, &'a str)>,
}

/// The anchor in a hunk header's text after `@@`: `@@ def f():` → `def f():`; a unified-diff
/// range (`@@ -3,4 +3,5 @@ ctx`) is skipped.
pub(super) fn header_anchor(header: &str) -> Option<String> {
    let mut t = header.trim();
    if t.starts_with('-') {
        if let Some(i) = t.find("@@") {
            t = t[i + 2..].trim();
        }
    }
    let t = t.strip_suffix("@@").unwrap_or(t).trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// The edit a hunk makes; `None` when it changes nothing. `cut` as for
/// [`finish`](super::section::finish).
pub(super) fn hunk_edit(
    mut hunk: Hunk,
    path: &str,
    cut: bool,
    out: &mut Builder,
) -> Result<Option<Edit>, ParseError> {
    let prefixed = |l: &str| l.starts_with([' ', '-', '+']);
    while let Some((n, l)) = hunk.lines.last() {
        if l.trim().is_empty() {
            hunk.lines.pop();
        } else if cut && !prefixed(l) {
            out.note(format!(
                "line {n}: `{}` after the last hunk was taken as prose, not context",
                l.trim()
            ));
            hunk.lines.pop();
        } else {
            break;
        }
    }
    let (mut old, mut new, mut changed) = (Vec::new(), Vec::new(), false);
    let mut bare = Vec::new();
    for &(n, l) in &hunk.lines {
        match l.as_bytes().first() {
            Some(b'-') => {
                old.push(&l[1..]);
                changed = true;
            }
            Some(b'+') => {
                new.push(&l[1..]);
                changed = true;
            }
            Some(b' ') => {
                old.push(&l[1..]);
                new.push(&l[1..]);
            }
            _ => {
                if !l.is_empty() {
                    bare.push(n);
                }
                old.push(l);
                new.push(l);
            }
        }
    }
    if let Some(first) = bare.first() {
        out.note(format!(
            "{path}: {} line(s) without a ' ', '-' or '+' prefix (first at line {first}) were taken as context",
            bare.len()
        ));
    }
    if !changed {
        out.note(format!(
            "{path}: the hunk at line {} changes nothing and was skipped",
            hunk.line
        ));
        return Ok(None);
    }
    if old.is_empty() {
        return Err(ParseError::at(F, hunk.line, format!(
            "the hunk for {path} only adds lines and has no context, so there is no place to put them. Start it with the unchanged line(s) just before the insertion, each prefixed with a space."
        )));
    }
    Ok(Some(Edit {
        old: join_lines(&old),
        new: join_lines(&new),
        replace_all: false,
        anchor: hunk.anchor,
        near_line: None,
        near_context: None,
        final_newline: None,
    }))
}
