//! Fenced code blocks that name a file, as Cursor, Continue and Copilot prompt models to write
//! an edit: the changed code with the unchanged parts as `// ... existing code ...` markers,
//! read as a lazy snippet for that file ([`FileOp::Snippet`]).
//!
//! The file name is taken from the fence's info string (```` ```python app.py ````, Continue;
//! ```` ```app.py ````; ```` ```ts:src/app.ts ````, Cursor) or from the block's first line when
//! that is a comment holding only a path (`// src/app.ts`, `# filepath: app.py`, Copilot). A
//! block that names no file is prose to this reader (left out, with a note); a document whose
//! blocks name none is not in this format. The name must look like a path: no spaces, and a
//! `/` or an extension (`app.py`), so that ```` ```python ```` alone is a language, not a file.
//!
//! ```
//! use fuzzy_edit::format::{parse, FileOp, Format};
//! let doc = "Add size():\n\n```python stack.py\nclass S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n```\n";
//! let parsed = parse(doc).unwrap();
//! assert_eq!(parsed.format, Format::FencedSnippets);
//! assert_eq!(parsed.changes[0].path.as_deref(), Some("stack.py"));
//! assert!(matches!(&parsed.changes[0].op, FileOp::Snippet(s) if s.starts_with("class S:\n")));
//! ```

use super::{Builder, FileChange, FileOp, Format, ParseError, Parsed};

/// A fenced block: its info string's file name (if any), its lines, and the 1-based input line
/// of its opening fence.
struct Block<'a> {
    info: &'a str,
    lines: Vec<&'a str>,
    line: usize,
}

/// The fenced blocks of `input` (an unclosed last block runs to the end).
fn blocks(input: &str) -> Vec<Block<'_>> {
    let mut out = Vec::new();
    let mut open: Option<(String, Block<'_>)> = None;
    for (i, line) in input.lines().enumerate() {
        let t = line.trim_start();
        // A fence is indented at most 3 spaces (CommonMark): a deeper ``` is a line of the
        // code, such as a Markdown example inside a docstring.
        let fence_depth = line.len() - t.len() <= 3;
        let ticks = t.len() - t.trim_start_matches('`').len();
        match &mut open {
            Some((fence, block)) => {
                if fence_depth && t.trim_end() == fence.as_str() {
                    out.push(open.take().expect("open block").1);
                } else {
                    block.lines.push(line);
                }
            }
            // (CommonMark: a fence is a run of three or more.)
            None if ticks >= 3 && fence_depth => {
                open = Some((
                    "`".repeat(ticks),
                    Block {
                        info: t[ticks..].trim(),
                        lines: Vec::new(),
                        line: i + 1,
                    },
                ));
            }
            None => {}
        }
    }
    if let Some((_, block)) = open {
        out.push(block);
    }
    out
}

/// Whether `s` looks like a file path: no spaces, and a directory or an extension.
fn path_like(s: &str) -> bool {
    if s.is_empty()
        || s.contains("://")
        || s.contains(char::is_whitespace)
        || s.contains('`')
        || s.starts_with('.') && !s.contains('/')
    {
        return false;
    }
    let name = s.rsplit('/').next().unwrap_or(s);
    let has_ext = name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=8).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && ext.chars().any(|c| c.is_ascii_alphabetic())
    });
    has_ext || (s.contains('/') && !s.ends_with('/') && !s.contains("://"))
}

/// The file name in a fence's info string: `python app.py`, `app.py`, `ts:src/app.ts`.
pub(crate) fn info_path(info: &str) -> Option<&str> {
    let mut words = info.split_whitespace();
    let first = words.next()?;
    if let Some((_, path)) = first.split_once(':') {
        return path_like(path).then_some(path);
    }
    if path_like(first) {
        return Some(first);
    }
    let second = words.next()?;
    let second = second.strip_prefix("path=").unwrap_or(second);
    path_like(second).then_some(second)
}

/// The path a block's first line names, when it is a comment holding only one.
fn comment_path(line: &str) -> Option<&str> {
    let t = line.trim();
    let rest = ["//", "#", "--", ";", "<!--", "/*"]
        .iter()
        .find_map(|l| t.strip_prefix(l))?
        .trim();
    let rest = rest
        .strip_suffix("-->")
        .or_else(|| rest.strip_suffix("*/"))
        .unwrap_or(rest)
        .trim();
    let lower = rest.to_ascii_lowercase();
    let rest = ["filepath:", "file:", "path:"]
        .iter()
        .find_map(|p| lower.starts_with(p).then(|| rest[p.len()..].trim()))
        .unwrap_or(rest);
    path_like(rest).then_some(rest)
}

/// A block's file name and snippet.
fn named(block: &Block<'_>) -> Option<(String, String)> {
    let (path, skip) = match info_path(block.info) {
        Some(p) => (p, 0),
        None => (block.lines.first().and_then(|l| comment_path(l))?, 1),
    };
    let mut snippet = block.lines[skip..].join("\n");
    snippet.push('\n');
    Some((path.to_string(), snippet))
}

/// Whether `input` holds a fenced code block that names a file.
pub(crate) fn looks_like(input: &str) -> bool {
    input.contains("```") && blocks(input).iter().any(|b| named(b).is_some())
}

/// Read every fenced block that names a file as a lazy snippet for it.
pub fn parse(input: &str) -> Result<Parsed, ParseError> {
    let mut builder = Builder::new(Format::FencedSnippets);
    let mut unnamed = Vec::new();
    for block in blocks(input) {
        match named(&block) {
            Some((path, snippet)) if snippet.trim().is_empty() => {
                return Err(ParseError::at(
                    Format::FencedSnippets,
                    block.line,
                    format!("the code block for {path} is empty; write the changed code in it, with `// ... existing code ...` lines for the unchanged parts."),
                ))
            }
            Some((path, snippet)) => builder.push(FileChange {
                path: Some(path),
                op: FileOp::Snippet(snippet),
                move_to: None,
            }),
            None => unnamed.push(block.line),
        }
    }
    let mut parsed = builder.finish("no code block names a file: write the file's path after the fence's language (```python app.py).")?;
    if !unnamed.is_empty() {
        parsed.notes.push(format!(
            "code blocks that name no file were left out (input line {})",
            unnamed
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(input: &str) -> Vec<(String, String)> {
        parse(input)
            .unwrap()
            .changes
            .into_iter()
            .map(|c| match c.op {
                FileOp::Snippet(s) => (c.path.unwrap(), s),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_deeper_fence_is_a_line_of_the_code() {
        let code =
            "def f():\n    \"\"\"Example:\n    ```\n    f()\n    ```\n    \"\"\"\n    return 2\n";
        let doc = format!("```python d.py\n{code}```\n");
        assert_eq!(files(&doc), vec![("d.py".to_string(), code.to_string())]);
        // Up to three spaces it is still a fence, as in a list item.
        let doc = "1. Then:\n   ```python d.py\n   x = 1\n   ```\n";
        assert_eq!(
            files(doc),
            vec![("d.py".to_string(), "   x = 1\n".to_string())]
        );
    }

    #[test]
    fn the_file_name_comes_from_the_info_string_or_a_path_comment() {
        let snippet = "x = 1\n# ... existing code ...\n";
        for (doc, path) in [
            (format!("```python app.py\n{snippet}```"), "app.py"),
            (format!("```app.py\n{snippet}```"), "app.py"),
            (format!("```python:src/app.py\n{snippet}```"), "src/app.py"),
            (
                format!("```python\n# src/app.py\n{snippet}```"),
                "src/app.py",
            ),
            (
                format!("```ts\n// filepath: web/app.ts\n{snippet}```"),
                "web/app.ts",
            ),
        ] {
            assert_eq!(
                files(&doc),
                vec![(path.to_string(), snippet.to_string())],
                "{doc}"
            );
        }
    }

    #[test]
    fn a_language_alone_names_no_file() {
        assert!(!looks_like("```python\nx = 1\n```\n"));
        assert!(!looks_like(
            "```json\n{\"old_string\": \"a\", \"new_string\": \"b\"}\n```\n"
        ));
        assert!(!looks_like("```\n# a comment about the code\nx = 1\n```\n"));
        assert!(!path_like("c++"));
        assert!(!path_like("https://example.com"));
    }

    #[test]
    fn several_files_and_unnamed_blocks() {
        let doc = "First:\n```py a.py\na = 1\n```\nThen:\n```\nprose\n```\n```rs src/b.rs\nfn b() {}\n```\n";
        let parsed = parse(doc).unwrap();
        let paths: Vec<_> = parsed
            .changes
            .iter()
            .map(|c| c.path.clone().unwrap())
            .collect();
        assert_eq!(paths, ["a.py", "src/b.rs"]);
        assert_eq!(
            parsed.notes,
            ["code blocks that name no file were left out (input line 6)"]
        );
    }

    #[test]
    fn an_empty_named_block_is_an_error() {
        assert!(matches!(
            parse("```app.py\n```\n"),
            Err(ParseError::Malformed { line: 1, .. })
        ));
    }
}
