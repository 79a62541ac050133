//! One file's part of a [unified diff](super): its headers, and the [`FileChange`] it becomes.

use super::hunk::{Hunk, Kind};
use super::paths::{strip_git_prefixes, unquote};
use super::F;
use crate::format::{Builder, FileChange, FileOp, ParseError};
use crate::Edit;

#[derive(Debug, Default)]
pub(super) struct FileDiff<'a> {
    pub(super) old_path: Option<String>,
    pub(super) new_path: Option<String>,
    /// Started by `diff --git` and no `---`/`+++` seen yet.
    pub(super) git_only: bool,
    /// Started by `diff --git`: differing names are a rename.
    pub(super) git: bool,
    pub(super) new_file: bool,
    pub(super) deleted: bool,
    pub(super) hunks: Vec<Hunk<'a>>,
}

/// Git's extended header lines; true when `line` is one.
pub(super) fn git_metadata(line: &str, f: &mut FileDiff, out: &mut Builder) -> bool {
    if line.starts_with("new file mode") {
        f.new_file = true;
    } else if line.starts_with("deleted file mode") {
        f.deleted = true;
    } else if let Some(p) = line.strip_prefix("rename from ") {
        f.old_path = Some(unquote(p));
    } else if let Some(p) = line.strip_prefix("rename to ") {
        f.new_path = Some(unquote(p));
    } else if line.starts_with("Binary files ") || line == "GIT binary patch" {
        out.note(format!("a binary change was skipped: {line}"));
    } else {
        return [
            "index ",
            "old mode ",
            "new mode ",
            "similarity index ",
            "dissimilarity index ",
            "copy from ",
            "copy to ",
        ]
        .iter()
        .any(|p| line.starts_with(p));
    }
    true
}

pub(super) fn finish(file: Option<FileDiff>, out: &mut Builder) -> Result<(), ParseError> {
    let Some(mut f) = file else { return Ok(()) };
    strip_git_prefixes(&mut f.old_path, &mut f.new_path);
    let dev_null = |p: &Option<String>| p.as_deref() == Some("/dev/null");
    let new_file = f.new_file || dev_null(&f.old_path);
    let deleted = f.deleted || dev_null(&f.new_path);
    let old_path = f.old_path.filter(|p| p != "/dev/null");
    let new_path = f.new_path.filter(|p| p != "/dev/null");
    if deleted {
        out.push(FileChange {
            path: old_path.or(new_path),
            op: FileOp::Delete,
            move_to: None,
        });
        return Ok(());
    }
    if new_file {
        let content: String = f.hunks.iter().map(|h| h.side(Kind::Added)).collect();
        out.push(FileChange {
            path: new_path.or(old_path),
            op: FileOp::Create(content),
            move_to: None,
        });
        return Ok(());
    }
    let name = old_path
        .clone()
        .or_else(|| new_path.clone())
        .unwrap_or_else(|| "the file".into());
    let mut edits = Vec::new();
    for h in &f.hunks {
        if !h.changes_something() {
            out.note(format!(
                "{name}: the hunk at line {} changes nothing and was skipped",
                h.line
            ));
            continue;
        }
        let (old, new) = (h.side(Kind::Removed), h.side(Kind::Added));
        if old.is_empty() {
            if h.old_start == Some(0) && f.hunks.len() == 1 {
                // `@@ -0,0 +1,3 @@`: the whole of an empty file.
                out.note(format!(
                    "{name}: the hunk at line {} fills an empty file",
                    h.line
                ));
                out.push(FileChange {
                    path: old_path.or(new_path),
                    op: FileOp::Create(new),
                    move_to: None,
                });
                return Ok(());
            }
            return Err(ParseError::at(F, h.line, format!(
                "the hunk for {name} only adds lines and has no context or removed lines, so there is no place to put them (line numbers are not used). Include the unchanged line(s) just before the insertion, each prefixed with a space."
            )));
        }
        edits.push(Edit {
            old,
            new,
            replace_all: false,
            anchor: h.anchor.clone(),
            // The header's line breaks a tie between equal places (a `-U0` hunk of one
            // common line), never locates the hunk.
            near_line: h
                .old_start
                .and_then(|n| usize::try_from(n).ok())
                .filter(|&n| n > 0),
            near_context: h.context.clone(),
            final_newline: h.final_newline(),
        });
    }
    let move_to = match (&old_path, &new_path) {
        (Some(o), Some(n)) if o != n && f.git => {
            out.note(format!("{o} is renamed to {n}"));
            Some(n.clone())
        }
        (Some(o), Some(n)) if o != n => {
            // `diff -u file.py other/file_new.py`: two files compared, not a rename; the
            // edits are for the `---` file, as `patch` takes them.
            out.note(format!(
                "`--- {o}` and `+++ {n}` name different files; the edits are for {o}"
            ));
            None
        }
        _ => None,
    };
    if edits.is_empty() && move_to.is_none() {
        if f.hunks.is_empty() {
            out.note(format!("{name}: no hunks; nothing to change"));
        }
        return Ok(());
    }
    out.push(FileChange {
        path: old_path.or(new_path),
        op: FileOp::Edit(edits),
        move_to,
    });
    Ok(())
}
