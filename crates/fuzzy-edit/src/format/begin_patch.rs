//! **`*** Begin Patch`**: the patch envelope Codex models write for `apply_patch`.
//!
//! A patch runs from `*** Begin Patch` to `*** End Patch` and holds file sections:
//! `*** Add File: path` followed by the content, each line prefixed `+`; `*** Delete File: path`;
//! and `*** Update File: path` (optionally followed by `*** Move to: new/path`) followed by
//! hunks. A hunk starts with `@@`, optionally followed by a line that locates it (`@@ def
//! foo():`, `@@ class Foo`), which becomes the edit's [`anchor`](crate::Edit::anchor); its lines
//! are prefixed ' ' (context), '-' (removed) or '+' (added). A hunk becomes one
//! [`Edit`](crate::Edit): `old` is its context and removed lines, `new` its context and added
//! lines, each ending in `\n`. `*** End of File` may close a hunk (noted). Real model output
//! is accepted as Codex accepts it: a missing `*** End Patch` (or `*** Begin Patch`), blank
//! lines inside hunks (empty context lines), context lines missing their leading space, no `@@`
//! before the first hunk.
//!
//! ```
//! use fuzzy_edit::format::{begin_patch, FileOp};
//! use fuzzy_edit::Edit;
//!
//! let input = "\
//! *** Begin Patch
//! *** Update File: src/app.py
//! @@ def total(items):
//!      s = 0
//! -    for i in items: s += i
//! +    for i in items:
//! +        s += i
//!      return s
//! *** Delete File: old.py
//! *** End Patch
//! ";
//! let parsed = begin_patch::parse(input).unwrap();
//! assert_eq!(parsed.changes[0].path.as_deref(), Some("src/app.py"));
//! assert_eq!(
//!     parsed.changes[0].op,
//!     FileOp::Edit(vec![Edit::new(
//!         "    s = 0\n    for i in items: s += i\n    return s\n",
//!         "    s = 0\n    for i in items:\n        s += i\n    return s\n",
//!     )
//!     .anchor("def total(items):")])
//! );
//! assert_eq!(parsed.changes[1].op, FileOp::Delete);
//! ```

use super::{is_fence, lines, Builder, FileChange, FileOp, Format, ParseError, Parsed};

mod directive;
mod hunk;
mod section;
use directive::{directive, Directive};
use hunk::{header_anchor, Hunk};
use section::{finish, Section};

const F: Format = Format::BeginPatch;

/// Whether the input holds a `*** Begin Patch` line or a file section header.
pub fn looks_like(input: &str) -> bool {
    input.lines().any(|l| {
        matches!(
            directive(l.trim_start()),
            Some(
                Directive::Begin | Directive::Update(_) | Directive::Add(_) | Directive::Delete(_)
            )
        )
    })
}

/// Parse a `*** Begin Patch` envelope (see the module docs).
pub fn parse(input: &str) -> Result<Parsed, ParseError> {
    let lines = lines(input);
    let mut out = Builder::new(F);
    let start = match lines
        .iter()
        .position(|l| directive(l.trim_start()) == Some(Directive::Begin))
    {
        Some(b) => b + 1,
        None => {
            let first = lines.iter().position(|l| {
                matches!(
                    directive(l.trim_start()),
                    Some(Directive::Update(_) | Directive::Add(_) | Directive::Delete(_))
                )
            });
            let first = first.ok_or_else(|| ParseError::invalid(F, "no `*** Begin Patch` line and no `*** Update File: path`, `*** Add File: path` or `*** Delete File: path` section."))?;
            out.repaired(format!(
                "no `*** Begin Patch` line; read the patch from line {}",
                first + 1
            ));
            first
        }
    };
    let has_end = lines[start..]
        .iter()
        .any(|l| directive(l) == Some(Directive::End));
    let mut section: Option<Section> = None;
    let mut ended = false;
    for (n, &line) in lines.iter().enumerate().skip(start) {
        let no = n + 1;
        if let Some(d) = directive(line) {
            match d {
                Directive::End => {
                    ended = true;
                    break;
                }
                Directive::Begin => {
                    out.note(format!("line {no}: a second `*** Begin Patch` was ignored"))
                }
                Directive::Update(p) | Directive::Add(p) | Directive::Delete(p) if p.is_empty() => {
                    return Err(ParseError::at(F, no, "the file section names no file: write the path after the colon, e.g. `*** Update File: src/main.rs`."));
                }
                Directive::Update(path) => {
                    finish(section.take(), false, &mut out)?;
                    section = Some(Section::Update {
                        line: no,
                        path,
                        move_to: None,
                        hunks: Vec::new(),
                    });
                }
                Directive::Add(path) => {
                    finish(section.take(), false, &mut out)?;
                    section = Some(Section::Add {
                        path,
                        lines: Vec::new(),
                    });
                }
                Directive::Delete(path) => {
                    finish(section.take(), false, &mut out)?;
                    out.push(FileChange {
                        path: Some(path.to_string()),
                        op: FileOp::Delete,
                        move_to: None,
                    });
                }
                Directive::Move(to) => match &mut section {
                    Some(Section::Update { move_to, .. }) if !to.is_empty() => *move_to = Some(to),
                    _ => {
                        return Err(ParseError::at(F, no, "`*** Move to: path` must follow an `*** Update File: path` line and name the new path."));
                    }
                },
                Directive::EndOfFile => out.note(format!(
                    "line {no}: `*** End of File`: the hunk before it ends at the end of the file"
                )),
                Directive::Unknown => {
                    return Err(ParseError::at(F, no, format!(
                        "`{}` is not a patch directive. The directives are `*** Begin Patch`, `*** Update File: path`, `*** Move to: path`, `*** Add File: path`, `*** Delete File: path`, `*** End of File` and `*** End Patch`; a context line must start with a space.",
                        line.trim_end()
                    )));
                }
            }
            continue;
        }
        if is_fence(line) && !line.starts_with(' ') && !has_end {
            // The closing fence of a patch missing its `*** End Patch`.
            break;
        }
        match &mut section {
            None if line.trim().is_empty() => {}
            None => {
                return Err(ParseError::at(F, no, format!(
                    "expected a file section (`*** Update File: path`, `*** Add File: path`, `*** Delete File: path`) or `*** End Patch`, found `{}`.",
                    line.trim_end()
                )));
            }
            Some(Section::Add { lines, .. }) => lines.push((no, line)),
            Some(Section::Update { hunks, .. }) => {
                if let Some(header) = line.strip_prefix("@@") {
                    let anchor = header_anchor(header);
                    match hunks.last_mut() {
                        // Stacked headers (`@@ class A` / `@@ def f`): the outermost anchors.
                        Some(h) if h.lines.is_empty() => {
                            if let Some(a) = anchor {
                                out.note(format!("line {no}: `@@ {a}` narrows the hunk further; only the first header is used as its anchor"));
                                h.anchor.get_or_insert(a);
                            }
                        }
                        _ => hunks.push(Hunk {
                            line: no,
                            anchor,
                            lines: Vec::new(),
                        }),
                    }
                } else if line.starts_with('\\') {
                    // "\ No newline at end of file" from unified diffs: not content.
                } else {
                    if hunks.is_empty() {
                        if line.trim().is_empty() {
                            continue;
                        }
                        hunks.push(Hunk {
                            line: no,
                            ..Hunk::default()
                        });
                    }
                    hunks.last_mut().expect("pushed").lines.push((no, line));
                }
            }
        }
    }
    finish(section.take(), !ended, &mut out)?;
    if !ended {
        out.repaired("no `*** End Patch` line; the patch was taken to end with the input");
    }
    out.finish("the patch has no file sections: add `*** Update File: path` with `@@` hunks, `*** Add File: path` or `*** Delete File: path`.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Edit;

    fn ops(p: &Parsed) -> Vec<(Option<&str>, &FileOp, Option<&str>)> {
        p.changes
            .iter()
            .map(|c| (c.path.as_deref(), &c.op, c.move_to.as_deref()))
            .collect()
    }

    #[test]
    fn add_update_delete_and_move() {
        let input = "*** Begin Patch\n*** Add File: hello.txt\n+Hello\n+world\n*** Update File: a.py\n*** Move to: b.py\n@@\n-x = 1\n+x = 2\n*** Delete File: gone.py\n*** End Patch\n";
        let p = parse(input).unwrap();
        assert!(!p.repaired, "{:?}", p.notes);
        assert_eq!(
            ops(&p),
            vec![
                (
                    Some("hello.txt"),
                    &FileOp::Create("Hello\nworld\n".into()),
                    None
                ),
                (
                    Some("a.py"),
                    &FileOp::Edit(vec![Edit::new("x = 1\n", "x = 2\n")]),
                    Some("b.py")
                ),
                (Some("gone.py"), &FileOp::Delete, None),
            ]
        );
    }

    #[test]
    fn several_hunks_with_anchors() {
        let input = "*** Begin Patch\n*** Update File: m.py\n@@ class A\n     def f(self):\n-        return 1\n+        return 2\n@@ class B\n     def f(self):\n-        return 1\n+        return 3\n*** End Patch";
        let p = parse(input).unwrap();
        assert_eq!(
            p.changes[0].op,
            FileOp::Edit(vec![
                Edit::new(
                    "    def f(self):\n        return 1\n",
                    "    def f(self):\n        return 2\n"
                )
                .anchor("class A"),
                Edit::new(
                    "    def f(self):\n        return 1\n",
                    "    def f(self):\n        return 3\n"
                )
                .anchor("class B"),
            ])
        );
    }

    #[test]
    fn stacked_headers_and_unified_style_header() {
        let input = "*** Begin Patch\n*** Update File: m.py\n@@ class A\n@@     def f(self):\n a\n-b\n+c\n@@ -10,3 +10,3 @@ def g():\n d\n-e\n+f\n*** End Patch";
        let p = parse(input).unwrap();
        let edits: Vec<_> = p.edits().map(|(_, e)| e.anchor.clone()).collect();
        assert_eq!(
            edits,
            [Some("class A".to_string()), Some("def g():".to_string())]
        );
        assert!(
            p.notes.iter().any(|n| n.contains("narrows")),
            "{:?}",
            p.notes
        );
    }

    #[test]
    fn lenient_like_real_output() {
        // No End Patch, a first hunk without @@, a blank line inside, a context line with no
        // leading space, prose after the patch.
        let input = "Here you go:\n*** Begin Patch\n*** Update File: a.rs\nfn main() {\n-    a();\n\n+    b();\n }\n\nThat should fix it.\n";
        let p = parse(input).unwrap();
        assert!(p.repaired);
        assert_eq!(
            p.changes[0].op,
            FileOp::Edit(vec![Edit::new(
                "fn main() {\n    a();\n\n}\n",
                "fn main() {\n\n    b();\n}\n"
            )])
        );
        assert!(
            p.notes
                .iter()
                .any(|n| n.contains("without a ' ', '-' or '+'")),
            "{:?}",
            p.notes
        );
        assert!(
            p.notes.iter().any(|n| n.contains("That should fix it")),
            "{:?}",
            p.notes
        );
    }

    #[test]
    fn end_of_file_marker_is_noted_and_fence_ends_a_cut_patch() {
        let input = "```\n*** Begin Patch\n*** Update File: a.txt\n@@\n last\n+appended\n*** End of File\n```\n";
        let p = parse(input).unwrap();
        assert_eq!(
            p.changes[0].op,
            FileOp::Edit(vec![Edit::new("last\n", "last\nappended\n")])
        );
        assert!(
            p.notes.iter().any(|n| n.contains("End of File")),
            "{:?}",
            p.notes
        );
        assert!(p.repaired);
    }

    #[test]
    fn bare_fence_line_in_a_complete_patch_is_context() {
        let input = "*** Begin Patch\n*** Update File: README.md\n@@\n```sh\n-make\n+make all\n```\n*** Delete File: x\n*** End Patch";
        let p = parse(input).unwrap();
        assert_eq!(p.changes.len(), 2);
        assert_eq!(
            p.changes[0].op,
            FileOp::Edit(vec![Edit::new(
                "```sh\nmake\n```\n",
                "```sh\nmake all\n```\n"
            )])
        );
    }

    #[test]
    fn missing_begin_is_repaired() {
        let p = parse("*** Update File: a\n@@\n-x\n+y\n*** End Patch ***\n").unwrap();
        assert!(p.repaired);
        assert_eq!(p.edits().count(), 1);
    }

    #[test]
    fn pure_insertion_without_context_is_an_error() {
        let e =
            parse("*** Begin Patch\n*** Update File: a.py\n@@ def f():\n+    x = 1\n*** End Patch")
                .unwrap_err();
        assert_eq!(e.line(), Some(3));
        assert!(e.to_string().contains("no context"), "{e}");
    }

    #[test]
    fn malformed_sections_are_errors() {
        let e = parse("*** Begin Patch\n*** Update File: a.py\n*** End Patch").unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("no hunk"), "{e}");
        let e = parse("*** Begin Patch\n*** Update File:\n@@\n-a\n+b\n*** End Patch").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("*** Begin Patch\n*** Modify File: a\n*** End Patch").unwrap_err();
        assert!(e.to_string().contains("not a patch directive"), "{e}");
        let e = parse("*** Begin Patch\n*** Move to: b\n*** End Patch").unwrap_err();
        assert_eq!(e.line(), Some(2));
        let e = parse("*** Begin Patch\nchange a to b\n*** End Patch").unwrap_err();
        assert!(e.to_string().contains("expected a file section"), "{e}");
        let e = parse("*** Begin Patch\n*** End Patch").unwrap_err();
        assert!(e.to_string().contains("no file sections"), "{e}");
    }

    #[test]
    fn pure_move_and_no_op_hunks() {
        let p =
            parse("*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** End Patch").unwrap();
        assert_eq!(ops(&p), vec![(Some("a"), &FileOp::Edit(vec![]), Some("b"))]);
        let p = parse("*** Begin Patch\n*** Update File: a\n@@\n x\n@@\n-y\n+z\n*** End Patch")
            .unwrap();
        assert_eq!(p.edits().count(), 1);
        assert!(p.notes.iter().any(|n| n.contains("changes nothing")));
    }

    #[test]
    fn add_file_edge_cases() {
        let p = parse(
            "*** Begin Patch\n*** Add File: e.txt\n*** Add File: f.txt\n+a\n\n+b\n*** End Patch",
        )
        .unwrap();
        assert_eq!(p.changes[0].op, FileOp::Create(String::new()));
        assert_eq!(p.changes[1].op, FileOp::Create("a\n\nb\n".into()));
    }

    #[test]
    fn consecutive_updates_of_one_file_merge() {
        let p = parse("*** Begin Patch\n*** Update File: a\n@@\n-1\n+2\n*** Update File: a\n@@\n-3\n+4\n*** End Patch").unwrap();
        assert_eq!(p.changes.len(), 1);
        assert_eq!(p.edits().count(), 2);
    }
}
