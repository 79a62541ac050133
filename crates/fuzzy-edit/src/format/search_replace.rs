//! **SEARCH/REPLACE blocks**, as Aider, Roo Code and Cline have models write them.
//!
//! A block is a marker line `<<<<<<< SEARCH`, the exact lines to find, a divider `=======`,
//! the lines to put there, and `>>>>>>> REPLACE`. The file path is on the line before the block,
//! or before the fence line that opens it (```` ```python ````), and carries over to later
//! blocks that name none. Markers may have 5 or more characters (real Cline inputs use up to
//! 11); Cline's `------- SEARCH` / `+++++++ REPLACE` spellings are accepted too, as are Roo's
//! `:start_line:N` / `-------` lines at the top of a SEARCH section (ignored: edits are located
//! by content) and `\=======`-escaped marker lines in content.
//!
//! An empty SEARCH section means "create the file (or append to it)" and becomes
//! [`FileOp::Create`]. A block missing only its final `>>>>>>> REPLACE` at the very end of the
//! input is taken to end there (Cline does the same for a finished message), with a note;
//! any other unterminated block is an error naming its line.
//!
//! ````
//! use fuzzy_edit::format::{search_replace, FileOp};
//! use fuzzy_edit::Edit;
//!
//! let input = "\
//! src/math.py
//! ```python
//! <<<<<<< SEARCH
//! def add(a, b):
//!     return a - b
//! =======
//! def add(a, b):
//!     return a + b
//! >>>>>>> REPLACE
//! ```
//! ";
//! let parsed = search_replace::parse(input).unwrap();
//! assert_eq!(parsed.changes[0].path.as_deref(), Some("src/math.py"));
//! assert_eq!(
//!     parsed.changes[0].op,
//!     FileOp::Edit(vec![Edit::new(
//!         "def add(a, b):\n    return a - b\n",
//!         "def add(a, b):\n    return a + b\n",
//!     )])
//! );
//! ````

use super::{join_lines, lines, Builder, FileChange, FileOp, Format, ParseError, Parsed};
use crate::Edit;

mod block;
mod file_name;
mod marker;
use block::read_block;
use file_name::file_name_before;
use marker::{marker, Marker};

const F: Format = Format::SearchReplace;

/// Whether the input holds a SEARCH or REPLACE marker line.
pub fn looks_like(input: &str) -> bool {
    input
        .lines()
        .any(|l| matches!(marker(l), Some(Marker::Search | Marker::Replace)))
}

/// Parse SEARCH/REPLACE blocks (see the module docs).
pub fn parse(input: &str) -> Result<Parsed, ParseError> {
    let lines = lines(input);
    let mut out = Builder::new(F);
    let mut path: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        match marker(lines[i]) {
            Some(Marker::Search) => {}
            Some(Marker::Replace) => {
                let near_miss = lines[..i]
                    .iter()
                    .rposition(|l| l.contains("SEARCH"))
                    .map(|k| format!(" Line {} `{}` is not a SEARCH marker: write at least five `<` (or `-`), a space, and SEARCH, alone on the line.", k + 1, lines[k].trim()))
                    .unwrap_or_default();
                return Err(ParseError::at(
                    F,
                    i + 1,
                    format!(
                        "`{}` has no `<<<<<<< SEARCH` before it.{near_miss} Each block is `<<<<<<< SEARCH`, the exact lines to replace, `=======`, the new lines, `>>>>>>> REPLACE`.",
                        lines[i].trim_end()
                    ),
                ));
            }
            _ => {
                i += 1;
                continue;
            }
        }
        if let Some(name) = file_name_before(&lines, i) {
            path = Some(name);
        }
        let block = read_block(&lines, i, &mut out)?;
        i = block.next;
        let (search, replace) = (join_lines(&block.search), join_lines(&block.replace));
        if search.trim().is_empty() {
            out.push(FileChange {
                path: path.clone(),
                op: FileOp::Create(replace),
                move_to: None,
            });
        } else {
            out.edit(path.clone(), Edit::new(search, replace));
        }
    }
    out.finish("no SEARCH/REPLACE block found.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edits(p: &Parsed) -> Vec<(Option<&str>, &Edit)> {
        p.edits().collect()
    }

    #[test]
    fn aider_block_with_fence_and_name_before_it() {
        let input = "I'll fix it.\n\nsrc/a.py\n```python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n";
        let p = parse(input).unwrap();
        assert_eq!(p.format, Format::SearchReplace);
        assert_eq!(
            edits(&p),
            vec![(Some("src/a.py"), &Edit::new("x = 1\n", "x = 2\n"))]
        );
        assert!(!p.repaired);
    }

    #[test]
    fn name_inside_the_fence_and_carried_over() {
        let input = "```python\nsrc/a.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n\n```python\n<<<<<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n```\n";
        let p = parse(input).unwrap();
        assert_eq!(p.changes.len(), 1, "merged: {p:?}");
        assert_eq!(
            edits(&p),
            vec![
                (Some("src/a.py"), &Edit::new("a\n", "b\n")),
                (Some("src/a.py"), &Edit::new("c\n", "d\n"))
            ]
        );
    }

    #[test]
    fn several_files_in_order() {
        let input = "a.rs\n<<<<<<< SEARCH\n1\n=======\n2\n>>>>>>> REPLACE\n\n**b.rs**\n<<<<<<< SEARCH\n3\n=======\n4\n>>>>>>> REPLACE\na.rs\n<<<<<<< SEARCH\n5\n=======\n6\n>>>>>>> REPLACE\n";
        let p = parse(input).unwrap();
        let paths: Vec<_> = p
            .changes
            .iter()
            .map(|c| c.path.as_deref().unwrap())
            .collect();
        assert_eq!(paths, ["a.rs", "b.rs", "a.rs"]);
    }

    #[test]
    fn cline_markers_and_odd_lengths() {
        let input = "------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE\n----------- SEARCH\nc\n==========\nd\n+++++ REPLACE>\n";
        let p = parse(input).unwrap();
        assert_eq!(
            edits(&p),
            vec![
                (None, &Edit::new("line2\n", "replaced\n")),
                (None, &Edit::new("c\n", "d\n"))
            ]
        );
    }

    #[test]
    fn empty_search_creates_and_empty_replace_deletes_lines() {
        let input = "new.txt\n<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\nold.txt\n<<<<<<< SEARCH\ngone\n=======\n>>>>>>> REPLACE\n";
        let p = parse(input).unwrap();
        assert_eq!(p.changes[0].op, FileOp::Create("hello\n".into()));
        assert_eq!(p.changes[0].path.as_deref(), Some("new.txt"));
        assert_eq!(p.changes[1].op, FileOp::Edit(vec![Edit::new("gone\n", "")]));
    }

    #[test]
    fn roo_metadata_is_dropped_and_line_prefixes_kept() {
        let input = "test.ts\n<<<<<<< SEARCH\n:start_line:2\n:end_line:2\n-------\n2 | x\n=======\ny\n>>>>>>> REPLACE\n";
        let p = parse(input).unwrap();
        // Line-number prefixes are the engine's business (strategy::LinePrefixes).
        assert_eq!(
            edits(&p),
            vec![(Some("test.ts"), &Edit::new("2 | x\n", "y\n"))]
        );
        assert!(p.notes[0].contains(":start_line:2"), "{:?}", p.notes);
    }

    #[test]
    fn escaped_markers_and_crlf() {
        let input = "a.md\r\n<<<<<<< SEARCH\r\nTitle\r\n\\=======\r\n=======\r\nTitle\r\n\\=======\r\nmore\r\n>>>>>>> REPLACE\r\n";
        let p = parse(input).unwrap();
        assert_eq!(
            edits(&p),
            vec![(
                Some("a.md"),
                &Edit::new("Title\n=======\n", "Title\n=======\nmore\n")
            )]
        );
    }

    #[test]
    fn missing_final_replace_at_end_is_repaired() {
        let p = parse("------- SEARCH\nline2\n=======\nreplaced\n```\n").unwrap();
        assert!(p.repaired);
        assert_eq!(edits(&p), vec![(None, &Edit::new("line2\n", "replaced\n"))]);
    }

    #[test]
    fn unterminated_search_names_its_line() {
        let e = parse("a.py\n<<<<<<< SEARCH\nx\ny\n").unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("never ends"), "{e}");
        let e = parse(
            "a.py\n<<<<<<< SEARCH\nx\n=======\ny\n<<<<<<< SEARCH\nz\n=======\nw\n>>>>>>> REPLACE\n",
        )
        .unwrap_err();
        assert_eq!(e.line(), Some(2));
        assert!(e.to_string().contains("line 6 starts another block"), "{e}");
    }

    #[test]
    fn missing_divider_and_orphan_replace_are_errors() {
        let e = parse("------- SEARCH\nline2\n+++++++ REPLACE\nreplaced\n").unwrap_err();
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().contains("no `=======`"), "{e}");
        let e =
            parse("------- SEARCH\nline2\n------- =======\nreplaced\n+++++++ REPLACE").unwrap_err();
        assert!(e.to_string().contains("no `=======`"), "{e}");
        let e = parse("x\n=======\ny\n>>>>>>> REPLACE\n").unwrap_err();
        assert_eq!(e.line(), Some(4));
        let e = parse("<<-- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE").unwrap_err();
        assert_eq!(e.line(), Some(5));
        assert!(
            e.to_string()
                .contains("Line 1 `<<-- SEARCH` is not a SEARCH marker"),
            "{e}"
        );
    }

    #[test]
    fn ambiguous_dividers_are_an_error() {
        let e = parse("<<<<<<< SEARCH\na\n=====\nb\n=====\nc\n>>>>>>> REPLACE\n").unwrap_err();
        assert!(e.to_string().contains("lines 3, 5"), "{e}");
        // One canonical divider among other `=` runs is taken.
        let p = parse("<<<<<<< SEARCH\na\n=====\n=======\nb\n>>>>>>> REPLACE\n").unwrap();
        assert_eq!(edits(&p), vec![(None, &Edit::new("a\n=====\n", "b\n"))]);
    }

    /// Every non-error `diff` of the peer test suites (Cline, Roo) parses into a change.
    #[test]
    fn peer_suites_parse() {
        // shared/ sits beside the repository's checkout.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/peer-tests");
        let mut seen = 0;
        for name in ["cline.jsonl", "roo.jsonl"] {
            let path = dir.join(name);
            let Ok(text) = std::fs::read_to_string(&path) else {
                println!("skipping {}: not found", path.display());
                continue;
            };
            for (n, row) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
                let row: serde_json::Value = serde_json::from_str(row).unwrap();
                if row["expect"] == "error" {
                    continue;
                }
                let Some(diff) = row["diff"].as_str() else {
                    continue;
                };
                let p =
                    parse(diff).unwrap_or_else(|e| panic!("{name}:{} {}: {e}", n + 1, row["name"]));
                let count: usize = p
                    .changes
                    .iter()
                    .map(|c| match &c.op {
                        FileOp::Edit(e) => e.len(),
                        FileOp::Create(_) => 1,
                        FileOp::Delete => 0,
                        FileOp::LineEdits(e) => e.len(),
                        FileOp::Snippet(_) => 1,
                    })
                    .sum();
                assert!(count >= 1, "{name}:{}: no edit", n + 1);
                seen += 1;
            }
        }
        println!("parsed {seen} peer-suite inputs");
    }
}
