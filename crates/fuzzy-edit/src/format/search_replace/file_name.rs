//! The file a [SEARCH/REPLACE](super) block is for: the name written on the line before it.

use super::marker::marker;
use crate::format::is_fence;

/// The file name written before the SEARCH marker at `start`: the nearest non-blank line
/// before it, skipping fence lines (a fence line may carry the name itself: ```` ```a.py ````,
/// ```` ```python a.py ````).
pub(super) fn file_name_before(lines: &[&str], start: usize) -> Option<String> {
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
            // The name after the language (```` ```python a.py ````, ```` ```py:src/a.py ````),
            // as in a fenced snippet.
            if let Some(path) = crate::format::fenced_snippets::info_path(info) {
                return Some(path.to_string());
            }
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
        for fence in ["```python a.py", "```python:a.py", "```py path=a.py"] {
            assert_eq!(
                file_name_before(&[fence, "<<<<<<< SEARCH"], 1).as_deref(),
                Some("a.py"),
                "{fence}"
            );
        }
    }
}
