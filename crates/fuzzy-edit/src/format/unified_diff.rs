//! **Unified diffs**: `git diff` output, and the sloppy ones models write.
//!
//! A file's diff has `--- a/path` / `+++ b/path` headers (git adds `diff --git`, `index`, mode and
//! rename lines), then hunks: an `@@ -12,7 +12,8 @@` header and lines prefixed ' ' (context), '-'
//! (removed) or '+' (added). Each hunk becomes one [`Edit`](crate::Edit): `old` is its context and
//! removed lines, `new` its context and added lines, each ending in `\n` (except where
//! `\ No newline at end of file` says otherwise). `--- /dev/null` makes the file's diff a
//! [`FileOp::Create`](super::FileOp::Create); `+++ /dev/null` a
//! [`FileOp::Delete`](super::FileOp::Delete); a git rename sets `move_to`.
//!
//! Line numbers and counts in hunk headers are never trusted: models get them wrong, and the engine
//! locates each hunk by its text. The header only breaks a tie, when a hunk's text is in several
//! places equally (a `git diff -U0` hunk of one common line): git's function context keeps the
//! places below a line starting with it ([`Edit::near_context`](crate::Edit::near_context)), and of
//! those the one strictly nearest the old start line is taken
//! ([`Edit::near_line`](crate::Edit::near_line)). `---` and `+++` naming different files outside a
//! git rename (`diff -u a.py other/a_new.py`) is an edit of the `---` file, as `patch` reads it. So
//! bare `@@ @@` or `@@` headers are fine, as are missing `---`/`+++` headers (the path is then
//! `None`), blank context lines without their leading space, and a context line missing its space
//! in the middle of a hunk (noted). A header without ranges but with text, `@@ def foo():`, is read
//! as Codex reads it: the text locates the hunk and becomes the edit's
//! [`anchor`](crate::Edit::anchor). (Text after a header's ranges is git's function context, which
//! need not be unique: a tie-break only.)
//!
//! ```
//! use fuzzy_edit::format::{unified_diff, FileOp};
//! use fuzzy_edit::Edit;
//!
//! let input = "\
//! diff --git a/src/lib.rs b/src/lib.rs
//! index 83db48f..bf269f4 100644
//! --- a/src/lib.rs
//! +++ b/src/lib.rs
//! @@ -99,3 +99,3 @@ fn main() {
//!      let x = 1;
//! -    println!(\"{x}\");
//! +    eprintln!(\"{x}\");
//!  }
//! ";
//! let parsed = unified_diff::parse(input).unwrap();
//! assert_eq!(parsed.changes[0].path.as_deref(), Some("src/lib.rs"));
//! assert_eq!(
//!     parsed.changes[0].op,
//!     FileOp::Edit(vec![Edit::new(
//!         "    let x = 1;\n    println!(\"{x}\");\n}\n",
//!         "    let x = 1;\n    eprintln!(\"{x}\");\n}\n",
//!     )
//!     .near_line(99)
//!     .near_context("fn main() {")])
//! );
//! ```

use super::{lines, Builder, Format, ParseError, Parsed};

mod file_diff;
mod hunk;
mod paths;
use file_diff::{finish, git_metadata, FileDiff};
use hunk::{header, read_body, Header, Hunk};
use paths::{git_paths, header_path};

const F: Format = Format::UnifiedDiff;

fn is_hunk_header(line: &str) -> bool {
    line == "@@" || line.starts_with("@@ ") || line.starts_with("@@-")
}

/// A `--- ` line followed by a `+++ ` line: a file header, not a removed line.
fn is_file_header(lines: &[&str], i: usize) -> bool {
    lines[i].starts_with("--- ") && lines.get(i + 1).is_some_and(|n| n.starts_with("+++ "))
}

/// Whether the input holds a hunk header, a `---`/`+++` pair or a `diff --git` line.
pub fn looks_like(input: &str) -> bool {
    let lines = lines(input);
    (0..lines.len()).any(|i| {
        is_hunk_header(lines[i]) || lines[i].starts_with("diff --git ") || is_file_header(&lines, i)
    })
}

/// Parse a unified diff (see the module docs).
pub fn parse(input: &str) -> Result<Parsed, ParseError> {
    let lines = lines(input);
    let mut out = Builder::new(F);
    let mut file: Option<FileDiff> = None;
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if let Some(rest) = l.strip_prefix("diff --git ") {
            finish(file.take(), &mut out)?;
            let (old, new) = git_paths(rest);
            file = Some(FileDiff {
                old_path: old,
                new_path: new,
                git_only: true,
                git: true,
                ..FileDiff::default()
            });
        } else if is_file_header(&lines, i) {
            let keep = file
                .as_ref()
                .is_some_and(|f| f.git_only && f.hunks.is_empty());
            if !keep {
                finish(file.take(), &mut out)?;
            }
            let f = file.get_or_insert_with(FileDiff::default);
            f.git_only = false;
            f.old_path = Some(header_path(&l[4..]));
            f.new_path = Some(header_path(&lines[i + 1][4..]));
            i += 1;
        } else if is_hunk_header(l) {
            let Header {
                old_start,
                anchor,
                context,
            } = header(l, i + 1, &mut out);
            let (body, next) = read_body(&lines, i + 1, &mut out);
            file.get_or_insert_with(FileDiff::default).hunks.push(Hunk {
                line: i + 1,
                old_start,
                anchor,
                context,
                body,
            });
            i = next;
            continue;
        } else if let Some(f) = file.as_mut().filter(|f| f.hunks.is_empty()) {
            if !git_metadata(l, f, &mut out)
                && f.old_path.is_some()
                && !f.git_only
                && l.starts_with([' ', '-', '+'])
            {
                out.note(format!("line {}: a hunk without an `@@` header", i + 1));
                let (body, next) = read_body(&lines, i, &mut out);
                f.hunks.push(Hunk {
                    line: i + 1,
                    old_start: None,
                    anchor: None,
                    context: None,
                    body,
                });
                i = next;
                continue;
            }
        }
        i += 1;
    }
    finish(file.take(), &mut out)?;
    out.finish("no hunks found: a unified diff needs `@@` hunks whose lines start with ' ' (unchanged), '-' (removed) or '+' (added).")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::FileOp;
    use crate::Edit;

    fn single(p: &Parsed) -> (Option<&str>, &FileOp) {
        assert_eq!(p.changes.len(), 1, "{p:?}");
        (p.changes[0].path.as_deref(), &p.changes[0].op)
    }

    #[test]
    fn git_diff_with_two_hunks_and_two_files() {
        let input = "diff --git a/a.py b/a.py\nindex 1..2 100644\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,2 @@\n x\n-y\n+z\n@@ -10,2 +10,2 @@\n p\n-q\n+r\ndiff --git a/b.py b/b.py\n--- a/b.py\n+++ b/b.py\n@@ -1 +1 @@\n-1\n+2\n";
        let p = parse(input).unwrap();
        assert_eq!(p.changes.len(), 2);
        assert_eq!(
            p.changes[0].op,
            FileOp::Edit(vec![
                Edit::new("x\ny\n", "x\nz\n").near_line(1),
                Edit::new("p\nq\n", "p\nr\n").near_line(10)
            ])
        );
        assert_eq!(p.changes[1].path.as_deref(), Some("b.py"));
    }

    #[test]
    fn new_and_deleted_files() {
        let input = "diff --git a/n.txt b/n.txt\nnew file mode 100644\nindex 0000000..1\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\ndiff --git a/old.txt b/old.txt\ndeleted file mode 100644\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n";
        let p = parse(input).unwrap();
        assert_eq!(p.changes[0].path.as_deref(), Some("n.txt"));
        assert_eq!(p.changes[0].op, FileOp::Create("hello\nworld\n".into()));
        assert_eq!(p.changes[1].path.as_deref(), Some("old.txt"));
        assert_eq!(p.changes[1].op, FileOp::Delete);
        // Git's header alone (no hunks) also says what happens.
        let p =
            parse("diff --git a/e b/e\nnew file mode 100644\nindex 0000000..e69de29\n").unwrap();
        assert_eq!(single(&p), (Some("e"), &FileOp::Create(String::new())));
    }

    #[test]
    fn no_newline_at_end_of_file() {
        let input = "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n";
        let p = parse(input).unwrap();
        assert_eq!(
            single(&p),
            (
                Some("f"),
                &FileOp::Edit(vec![Edit {
                    final_newline: Some(false),
                    ..Edit::new("a\nb", "a\nc").near_line(1)
                }])
            )
        );
        // Adding the final newline, and removing it: the new side's last line says.
        let add = "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n";
        let remove =
            "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n";
        let final_newline = |input: &str| match &parse(input).unwrap().changes[0].op {
            FileOp::Edit(edits) => edits[0].final_newline,
            other => panic!("{other:?}"),
        };
        assert_eq!(final_newline(add), Some(true));
        assert_eq!(final_newline(remove), Some(false));
        let middle = "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n d\n";
        assert_eq!(final_newline(middle), None);
    }

    #[test]
    fn sloppy_headers_and_wrong_counts() {
        let input = "```diff\n@@ @@\n def f():\n-    return 1\n+    return 2\n\n@@\n x\n-y\n+z\n```\nThis changes both.";
        let p = parse(input).unwrap();
        assert_eq!(
            single(&p),
            (
                None,
                &FileOp::Edit(vec![
                    Edit::new("def f():\n    return 1\n", "def f():\n    return 2\n"),
                    Edit::new("x\ny\n", "x\nz\n")
                ])
            )
        );
        let p = parse("--- a.py\n+++ a.py\n@@ -100,1 +1,99 @@\n a\n-b\n+c\n").unwrap();
        assert_eq!(single(&p).0, Some("a.py"));
    }

    #[test]
    fn blank_context_lines_without_space() {
        let input = "--- a/f\n+++ b/f\n@@ -1,4 +1,4 @@\n a\n\n-b\n+c\n\n d\n\n\n";
        let p = parse(input).unwrap();
        assert_eq!(
            single(&p).1,
            &FileOp::Edit(vec![
                Edit::new("a\n\nb\n\nd\n", "a\n\nc\n\nd\n").near_line(1)
            ])
        );
    }

    #[test]
    fn dashes_in_content_are_not_headers() {
        // SQL comment lines removed and added: `--- x` is a removed line here.
        let input = "--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n--- old comment\n++-- new comment\n SELECT 1;\n";
        let p = parse(input).unwrap();
        assert_eq!(
            single(&p).1,
            &FileOp::Edit(vec![Edit::new(
                "-- old comment\nSELECT 1;\n",
                "+-- new comment\nSELECT 1;\n"
            )
            .near_line(1)])
        );
    }

    #[test]
    fn codex_style_anchor_and_git_context() {
        let p = parse("--- a/m.py\n+++ b/m.py\n@@ def g():\n a\n-b\n+c\n@@ -5,2 +5,2 @@ class A:\n d\n-e\n+f\n").unwrap();
        let anchors: Vec<_> = p.edits().map(|(_, e)| e.anchor.clone()).collect();
        assert_eq!(anchors, [Some("def g():".to_string()), None]);
        assert!(p.notes.iter().any(|n| n.contains("class A:")));
    }

    #[test]
    fn two_files_compared_are_an_edit_of_the_first() {
        let p = parse(
            "--- file.py\t2026-01-01\n+++ other/file_new.py\t2026-01-02\n@@ -2 +2 @@\n-b\n+c\n",
        )
        .unwrap();
        assert_eq!(p.changes[0].path.as_deref(), Some("file.py"));
        assert_eq!(p.changes[0].move_to, None);
        assert_eq!(
            p.changes[0].op,
            FileOp::Edit(vec![Edit::new("b\n", "c\n").near_line(2)])
        );
    }

    #[test]
    fn renames_timestamps_and_quotes() {
        let p = parse(
            "diff --git a/x.rs b/y.rs\nsimilarity index 90%\nrename from x.rs\nrename to y.rs\n",
        )
        .unwrap();
        assert_eq!(
            (
                p.changes[0].path.as_deref(),
                p.changes[0].move_to.as_deref()
            ),
            (Some("x.rs"), Some("y.rs"))
        );
        let p = parse("--- \"sp ace.c\"\t2002-02-21 23:30:39.942229878 -0800\n+++ \"sp ace.c\"\t2002-02-21 23:30:50 -0800\n@@ -1 +1 @@\n-a\n+b\n").unwrap();
        assert_eq!(single(&p).0, Some("sp ace.c"));
    }

    #[test]
    fn missing_context_is_an_error() {
        let e = parse("--- a/f\n+++ b/f\n@@ -3,0 +4,1 @@\n+new line\n").unwrap_err();
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("no context"), "{e}");
        // An empty file's whole content is fine.
        let p = parse("--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+x\n").unwrap();
        assert_eq!(single(&p), (Some("f"), &FileOp::Create("x\n".into())));
    }

    #[test]
    fn nothing_to_do_is_an_error() {
        let e = parse("--- a/f\n+++ b/f\n").unwrap_err();
        assert!(e.to_string().contains("no hunks"), "{e}");
        let e = parse("@@ -1 +1 @@\n same\n").unwrap_err();
        assert!(e.to_string().contains("no hunks"), "{e}");
    }

    #[test]
    fn header_lines_without_at_at_and_bare_context() {
        let input = "--- a/f\n+++ b/f\n-x\n+y\n";
        let p = parse(input).unwrap();
        assert_eq!(single(&p).1, &FileOp::Edit(vec![Edit::new("x\n", "y\n")]));
        let input = "@@\n a\nb\n-c\n+d\n";
        let p = parse(input).unwrap();
        assert_eq!(
            single(&p).1,
            &FileOp::Edit(vec![Edit::new("a\nb\nc\n", "a\nb\nd\n")])
        );
        assert!(p.notes.iter().any(|n| n.contains("`b` has no ' ' prefix")));
    }
}
