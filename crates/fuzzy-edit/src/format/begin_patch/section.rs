//! A file section of a [`*** Begin Patch`](super) envelope (`*** Update File:` with its hunks,
//! `*** Add File:` with its lines) and the [`FileChange`] it becomes.

use super::hunk::{hunk_edit, Hunk};
use super::F;
use crate::format::{join_lines, Builder, FileChange, FileOp, ParseError};

#[derive(Debug)]
pub(super) enum Section<'a> {
    Update {
        line: usize,
        path: &'a str,
        move_to: Option<&'a str>,
        hunks: Vec<Hunk<'a>>,
    },
    Add {
        path: &'a str,
        lines: Vec<(usize, &'a str)>,
    },
}

/// Turn a finished section into changes. `cut` says the input ended without `*** End Patch`,
/// so trailing unprefixed lines are prose, not context.
pub(super) fn finish(
    section: Option<Section>,
    cut: bool,
    out: &mut Builder,
) -> Result<(), ParseError> {
    match section {
        None => Ok(()),
        Some(Section::Add { path, mut lines }) => {
            while lines
                .last()
                .is_some_and(|(_, l)| l.trim().is_empty() || (cut && !l.starts_with('+')))
            {
                lines.pop();
            }
            let bare: Vec<usize> = lines
                .iter()
                .filter(|(_, l)| !l.starts_with('+'))
                .map(|(n, _)| *n)
                .collect();
            if let Some(first) = bare.first() {
                out.note(format!("`*** Add File: {path}`: {} line(s) without a leading `+` (first at line {first}) were taken as content", bare.len()));
            }
            let content: Vec<&str> = lines
                .iter()
                .map(|(_, l)| l.strip_prefix('+').unwrap_or(l))
                .collect();
            out.push(FileChange {
                path: Some(path.to_string()),
                op: FileOp::Create(join_lines(&content)),
                move_to: None,
            });
            Ok(())
        }
        Some(Section::Update {
            line,
            path,
            move_to,
            hunks,
        }) => {
            let count = hunks.len();
            let mut edits = Vec::new();
            for (k, hunk) in hunks.into_iter().enumerate() {
                let last = k + 1 == count;
                if let Some(edit) = hunk_edit(hunk, path, cut && last, out)? {
                    edits.push(edit);
                }
            }
            if edits.is_empty() && move_to.is_none() {
                return Err(ParseError::at(F, line, format!(
                    "`*** Update File: {path}` has no hunk that changes anything. Add an `@@` hunk whose lines start with ' ' (unchanged), '-' (removed) or '+' (added)."
                )));
            }
            out.push(FileChange {
                path: Some(path.to_string()),
                op: FileOp::Edit(edits),
                move_to: move_to.map(str::to_string),
            });
            Ok(())
        }
    }
}
