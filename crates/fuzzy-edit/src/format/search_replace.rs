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

use super::{is_fence, join_lines, lines, Builder, FileChange, FileOp, Format, ParseError, Parsed};
use crate::Edit;

const F: Format = Format::SearchReplace;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Search,
    Divider,
    Replace,
}

/// Classify a marker line: a run of at least five marker characters, then (for SEARCH and
/// REPLACE) optional spaces and the keyword, optionally followed by `>`; trailing whitespace
/// is allowed.
fn marker(line: &str) -> Option<Marker> {
    let line = line.trim_end();
    let first = *line.as_bytes().first()?;
    let run = line.bytes().take_while(|&b| b == first).count();
    if run < 5 {
        return None;
    }
    let rest = line[run..].trim_start();
    let keyword = rest.strip_suffix('>').unwrap_or(rest);
    match (first, keyword) {
        (b'=', "") => Some(Marker::Divider),
        (b'<' | b'-', "SEARCH") => Some(Marker::Search),
        (b'>' | b'+', "REPLACE") => Some(Marker::Replace),
        _ => None,
    }
}

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

struct Block<'a> {
    search: Vec<&'a str>,
    replace: Vec<&'a str>,
    /// The line after the block.
    next: usize,
}

/// Read the block whose SEARCH marker is at `start`.
fn read_block<'a>(
    lines: &[&'a str],
    start: usize,
    out: &mut Builder,
) -> Result<Block<'a>, ParseError> {
    let mut dividers = Vec::new();
    let mut end = None;
    for (j, line) in lines.iter().enumerate().skip(start + 1) {
        match marker(line) {
            Some(Marker::Divider) => dividers.push(j),
            Some(Marker::Replace) => {
                end = Some(j);
                break;
            }
            Some(Marker::Search) => {
                let what = if dividers.is_empty() {
                    "its `=======` divider and `>>>>>>> REPLACE`"
                } else {
                    "its `>>>>>>> REPLACE`"
                };
                return Err(ParseError::at(
                    F,
                    start + 1,
                    format!(
                        "the SEARCH block starting here is missing {what}: line {} starts another block first. End each block with `>>>>>>> REPLACE` before the next `<<<<<<< SEARCH`.",
                        j + 1
                    ),
                ));
            }
            None => {}
        }
    }
    let stop = end.unwrap_or(lines.len());
    let divider = match dividers.as_slice() {
        [] => {
            let message = match end {
                Some(e) => format!(
                    "the block starting here has no `=======` line between the text to find and its replacement (its `>>>>>>> REPLACE` is at line {}). Put `=======` on its own line after the SEARCH lines.",
                    e + 1
                ),
                None => "the SEARCH block starting here never ends: it has no `=======` divider and no `>>>>>>> REPLACE`. Finish it with `=======`, the new lines, and `>>>>>>> REPLACE`.".to_string(),
            };
            return Err(ParseError::at(F, start + 1, message));
        }
        [d] => *d,
        many => {
            // Several divider lines: content holds one. Only the canonical 7-character
            // divider, if it is the only one, is taken as the real one.
            let canonical: Vec<usize> = many
                .iter()
                .copied()
                .filter(|&d| lines[d].trim_end() == "=======")
                .collect();
            match canonical.as_slice() {
                [d] => {
                    out.note(format!(
                        "block at line {}: took line {} as the divider; the other `=` lines are content",
                        start + 1,
                        d + 1
                    ));
                    *d
                }
                _ => {
                    let at: Vec<String> = many.iter().map(|d| (d + 1).to_string()).collect();
                    return Err(ParseError::at(
                        F,
                        start + 1,
                        format!(
                            "the block starting here has several `=======` divider lines (lines {}), so it is unclear where the replacement starts. Use exactly one divider; escape a content line that looks like one as `\\=======`.",
                            at.join(", ")
                        ),
                    ));
                }
            }
        }
    };
    let mut search: Vec<&str> = lines[start + 1..divider].to_vec();
    strip_roo_metadata(&mut search, start, out);
    let mut replace: Vec<&str> = lines[divider + 1..stop].to_vec();
    if end.is_none() {
        // Missing only the final REPLACE marker: the input's end closes the block. A closing
        // fence and blank lines there are not replacement text.
        while replace
            .last()
            .is_some_and(|l| l.trim().is_empty() || is_fence(l))
        {
            replace.pop();
        }
        out.repaired(format!(
            "the block starting at line {} has no `>>>>>>> REPLACE`; the end of the input was taken as its end",
            start + 1
        ));
    }
    Ok(Block {
        search: search.into_iter().map(unescape).collect(),
        replace: replace.into_iter().map(unescape).collect(),
        next: end.map_or(lines.len(), |e| e + 1),
    })
}

/// Roo's `:start_line:N` / `:end_line:N` lines and their `-------` separator at the top of a
/// SEARCH section: dropped, with a note.
fn strip_roo_metadata(search: &mut Vec<&str>, start: usize, out: &mut Builder) {
    let meta = search
        .iter()
        .take_while(|l| {
            let t = l.trim();
            [":start_line:", ":end_line:"].iter().any(|p| {
                t.strip_prefix(p).is_some_and(|n| {
                    !n.trim().is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit())
                })
            })
        })
        .count();
    if meta == 0 {
        return;
    }
    let mut drop = meta;
    if search.get(meta).is_some_and(|l| {
        let t = l.trim_end();
        t.len() >= 3 && t.bytes().all(|b| b == b'-')
    }) {
        drop += 1;
    }
    let what: Vec<&str> = search[..meta].iter().map(|l| l.trim()).collect();
    out.note(format!(
        "block at line {}: ignored {} (edits are located by content)",
        start + 1,
        what.join(" ")
    ));
    search.drain(..drop);
}

/// A content line escaping a marker (`\=======`) loses its backslash.
fn unescape(line: &str) -> &str {
    match line.strip_prefix('\\') {
        Some(rest) if marker(rest).is_some() => rest,
        _ => line,
    }
}

/// The file name written before the SEARCH marker at `start`: the nearest non-blank line
/// before it, skipping fence lines (a fence line may carry the name itself: ```` ```a.py ````).
fn file_name_before(lines: &[&str], start: usize) -> Option<String> {
    for line in lines[..start].iter().rev().take(4) {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if marker(t).is_some() {
            return None;
        }
        if is_fence(t) {
            let info = t.trim_start_matches(['`', '~']).trim();
            if info.contains(['.', '/']) && !info.contains(char::is_whitespace) {
                return Some(info.to_string());
            }
            continue;
        }
        return file_name(t);
    }
    None
}

/// A file name from a line such as `src/a.py`, `**src/a.py**`, `` `src/a.py`: ``,
/// `### src/a.py`, `File: src/a.py`; `None` for prose.
fn file_name(line: &str) -> Option<String> {
    let mut t = line.trim().trim_start_matches('#').trim();
    for label in ["File:", "file:", "Path:", "path:", "Filename:", "filename:"] {
        if let Some(rest) = t.strip_prefix(label) {
            t = rest.trim();
        }
    }
    // A lone code span in a sentence: "Change `src/a.py`:".
    let spans: Vec<&str> = t.split('`').skip(1).step_by(2).collect();
    if t.contains(char::is_whitespace) {
        if let [span] = spans.as_slice() {
            if span.contains(['.', '/']) && !span.contains(char::is_whitespace) {
                return Some(span.to_string());
            }
        }
        // "Update src/a.py:" introducing the block.
        let last = t.strip_suffix(':')?.rsplit(char::is_whitespace).next()?;
        let last = last.trim_matches(['*', '`', '"', '\'']);
        let path_like = last.contains('/')
            || last.rsplit_once('.').is_some_and(|(stem, ext)| {
                !stem.is_empty()
                    && !ext.is_empty()
                    && ext.bytes().all(|b| b.is_ascii_alphanumeric())
            });
        return path_like.then(|| last.to_string());
    }
    // "Also:" introduces a block but names no file; "src/a.py:" does.
    if t.ends_with(':') && !t.contains(['.', '/']) {
        return None;
    }
    let t = t
        .trim_end_matches(':')
        .trim_matches(['*', '`', '"', '\''])
        .trim_end_matches(':');
    let bad = t.is_empty()
        || t.ends_with(['.', ',', ';', '!', '?'])
        || t.contains(['(', ')', '{', '}', '<', '>', '=', '[', ']']);
    (!bad).then(|| t.to_string())
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

    #[test]
    fn file_name_heuristics() {
        assert_eq!(file_name("src/a.py").as_deref(), Some("src/a.py"));
        assert_eq!(file_name("`src/a.py`:").as_deref(), Some("src/a.py"));
        assert_eq!(file_name("### src/a.py").as_deref(), Some("src/a.py"));
        assert_eq!(file_name("File: src/a.py").as_deref(), Some("src/a.py"));
        assert_eq!(
            file_name("Now change `src/a.py`:").as_deref(),
            Some("src/a.py")
        );
        assert_eq!(file_name("Makefile").as_deref(), Some("Makefile"));
        assert_eq!(file_name("Here is the fix:"), None);
        assert_eq!(
            file_name("Then update **src/b.rs**:").as_deref(),
            Some("src/b.rs")
        );
        assert_eq!(file_name("See version 1.2 of the docs"), None);
        assert_eq!(file_name("Done."), None);
        assert_eq!(file_name("Also:"), None);
        assert_eq!(
            file_name_before(&["```a.py", "<<<<<<< SEARCH"], 1).as_deref(),
            Some("a.py")
        );
        assert_eq!(file_name_before(&["```python", "<<<<<<< SEARCH"], 1), None);
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
                    })
                    .sum();
                assert!(count >= 1, "{name}:{}: no edit", n + 1);
                seen += 1;
            }
        }
        println!("parsed {seen} peer-suite inputs");
    }
}
