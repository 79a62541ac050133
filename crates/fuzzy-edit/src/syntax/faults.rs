//! The syntax errors in a parsed text: `ERROR` nodes (text the parser skipped to recover),
//! `MISSING` nodes (a token the parser pretended was there, such as a closing `)`), and for
//! Python the indentation errors tree-sitter does not report (see `python.rs`).

use std::ops::Range;

use tree_sitter::Tree;

use super::fault::{Fault, FaultKind};
use super::{python, Language};

/// Every error of `tree` (the parse of `text`), in document order. Parse errors are found in
/// the whole tree, visiting only subtrees that report one, so a clean tree costs one look at its
/// root; Python's indentation is checked on the statements in `window` only (see `python.rs`).
pub(crate) fn faults<'t>(
    language: Language,
    tree: &'t Tree,
    text: &str,
    window: &Range<usize>,
) -> Vec<Fault<'t>> {
    let mut out = parse_errors(tree);
    if language == Language::Python {
        out.extend(python::indentation(tree, text, window));
        out.sort_by_key(|f| (f.range().start, f.range().end));
    }
    out
}

/// Outermost `ERROR` nodes and `MISSING` nodes: an error nested in another is the same failure
/// seen twice.
fn parse_errors(tree: &Tree) -> Vec<Fault<'_>> {
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    if !cursor.node().has_error() {
        return out;
    }
    loop {
        let node = cursor.node();
        let kind = if node.is_error() {
            Some(FaultKind::Error)
        } else if node.is_missing() {
            Some(FaultKind::Missing)
        } else {
            None
        };
        let descend = match kind {
            Some(kind) => {
                out.push(Fault { node, kind });
                false
            }
            None => node.has_error(),
        };
        if descend && cursor.goto_first_child() {
            continue;
        }
        // Next sibling, or climb until one exists; the walk ends back at the root.
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse;

    fn all(language: Language, text: &str) -> Vec<(FaultKind, String)> {
        let tree = parse(language, text, None);
        faults(language, &tree, text, &(0..text.len()))
            .iter()
            .map(|f| (f.kind, f.node.kind().to_string()))
            .collect()
    }

    #[test]
    fn clean_file_has_none() {
        assert!(all(Language::Rust, "fn main() { let x = (1 + 2); }\n").is_empty());
        assert_eq!(
            all(Language::Python, "def f(x):\n    return (x,\n  1)\n"),
            []
        );
    }

    #[test]
    fn missing_token_is_named() {
        assert_eq!(
            all(Language::Json, "{\"a\": [1, 2}\n"),
            [(FaultKind::Missing, "]".to_string())]
        );
    }

    #[test]
    fn errors_are_in_document_order() {
        let text = "fn f() { g(1; }\nfn h() { let = ; }\n";
        let tree = parse(Language::Rust, text, None);
        let found = faults(Language::Rust, &tree, text, &(0..text.len()));
        assert!(found.len() >= 2, "{found:?}");
        assert_eq!(found[0].kind, FaultKind::Missing);
        let second_line = text.find('\n').unwrap();
        assert!(found[0].range().start < second_line);
        assert!(found.last().unwrap().range().start > second_line);
    }

    #[test]
    fn python_indentation_joins_parse_errors_in_order() {
        let text = "def f(x):\n    y = x\n        z = 1\n    w = g(x\n";
        let found = all(Language::Python, text);
        assert_eq!(
            found.first(),
            Some(&(FaultKind::Indent, "expression_statement".to_string()))
        );
        assert!(
            found[1..].iter().any(|f| f.0 == FaultKind::Error),
            "{found:?}"
        );
        let text = "def f(x):\n    y = x\n        return y\n";
        assert_eq!(
            all(Language::Python, text),
            [(FaultKind::Indent, "return_statement".to_string())]
        );
    }
}
