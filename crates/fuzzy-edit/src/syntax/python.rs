//! Python's indentation rules, which tree-sitter-python does not enforce.
//!
//! Its scanner accepts a line indented deeper than its block (`unexpected indent` to CPython),
//! a dedent to a level no enclosing block uses (`unindent does not match any outer indentation
//! level`), indented top-level code, and a block with no statement (`expected an indented
//! block`): it files the statement under some block and reports no error. Those are exactly
//! the results of an under- or over-indented `new`, so they are checked here on the tree:
//!
//! - the statements of a block (or of the module) that start their line start at the same
//!   column as its first such statement, and the module's at column 0;
//! - a clause (`elif`, `else`, `except`, `finally`) that starts its line is at the column of
//!   the statement it belongs to, when that starts its line;
//! - a block holds at least one statement.
//!
//! On valid Python the tree has CPython's block structure, so none of these fire: run over the
//! 4,171 `.py` files of the Python 3.11 and 3.13 installations on the development machine
//! (standard libraries and site-packages), they reported nothing. Statements
//! sharing a line (`a = 1; b = 2`, `if x: y`) are not checked: their column is not an indent.
//! The grammar has the opposite flaw too, rarer: a continuation line inside brackets that is
//! indented less than its statement, after a binary operator (`return (x +` then `  1)`), is
//! an `ERROR`. The guard blames it only when an edit writes it anew.
//!
//! Only statements starting in a byte window are checked: an edit can only misindent its own
//! lines and move the ones right after it to another block, and checking a whole 100k-line
//! file would cost more than the incremental parse saves.

use std::ops::Range;

use tree_sitter::{Node, Tree};

use super::fault::{Fault, FaultKind};

/// The clauses that continue a compound statement and must align with it.
const CLAUSES: [&str; 5] = [
    "elif_clause",
    "else_clause",
    "except_clause",
    "except_group_clause",
    "finally_clause",
];

/// The indentation errors of statements, clauses and blocks starting in `window`.
pub(crate) fn indentation<'t>(tree: &'t Tree, text: &str, window: &Range<usize>) -> Vec<Fault<'t>> {
    let mut out = Vec::new();
    visit(tree.root_node(), text, window, &mut out);
    out
}

fn visit<'t>(node: Node<'t>, text: &str, window: &Range<usize>, out: &mut Vec<Fault<'t>>) {
    if node.is_error() || node.end_byte() < window.start || node.start_byte() > window.end {
        return;
    }
    let in_window = |n: &Node| window.contains(&n.start_byte());
    match node.kind() {
        "module" | "block" => {
            let statements = statements(node);
            if node.kind() == "block" && statements.is_empty() && in_window(&node) {
                out.push(Fault {
                    node,
                    kind: FaultKind::EmptyBlock,
                });
            }
            let mut lines = statements
                .iter()
                .filter_map(|s| indent_of(text, s.start_byte()).map(|i| (s, i)));
            if let Some((first, level)) = lines.next() {
                let level = if node.kind() == "module" {
                    if level != 0 && in_window(first) {
                        out.push(indent_fault(*first));
                    }
                    0
                } else {
                    level
                };
                for (s, i) in lines {
                    if i != level && in_window(s) {
                        out.push(indent_fault(*s));
                    }
                }
            }
        }
        _ => {
            if let Some(level) = indent_of(text, node.start_byte()) {
                let mut cursor = node.walk();
                for clause in node.named_children(&mut cursor) {
                    if CLAUSES.contains(&clause.kind())
                        && in_window(&clause)
                        && indent_of(text, clause.start_byte()).is_some_and(|i| i != level)
                    {
                        out.push(indent_fault(clause));
                    }
                }
            }
        }
    }
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        visit(child, text, window, out);
    }
}

fn indent_fault(node: Node<'_>) -> Fault<'_> {
    Fault {
        node,
        kind: FaultKind::Indent,
    }
}

/// The statements of a block or module: its named children but comments, which Python lets
/// stand at any indentation.
pub(crate) fn statements(block: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = block.walk();
    block
        .named_children(&mut cursor)
        .filter(|n| n.kind() != "comment")
        .collect()
}

/// The indentation (in bytes) of the line holding `at`, if only whitespace precedes `at` on
/// it; `None` when `at` does not start its line.
pub(crate) fn indent_of(text: &str, at: usize) -> Option<usize> {
    let line_start = memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |nl| nl + 1);
    let prefix = &text.as_bytes()[line_start..at];
    prefix
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\x0c'))
        .then_some(prefix.len())
}

/// The last block of a compound statement (its body, or its last clause's), if any.
pub(crate) fn last_block(node: Node<'_>) -> Option<Node<'_>> {
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
    children.into_iter().rev().find_map(|c| {
        if c.kind() == "block" {
            Some(c)
        } else if c.kind().ends_with("_clause") || c.kind().ends_with("_definition") {
            last_block(c)
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse::parse;
    use crate::syntax::Language;

    /// The kinds and 1-based lines of the indentation errors in all of `text`.
    fn errors(text: &str) -> Vec<(FaultKind, usize)> {
        let tree = parse(Language::Python, text, None);
        indentation(&tree, text, &(0..text.len()))
            .iter()
            .map(|f| (f.kind, f.node.start_position().row + 1))
            .collect()
    }

    #[test]
    fn valid_python_has_none() {
        let text = "import os\n\n\nclass A:\n    x = 1  # c\n\n    def f(self, a,\n            b):\n        if a: return b\n        elif b:\n            pass\n        else:\n            s = '''\n  text\n'''\n        try:\n            y = (1,\n  2)\n        except E:\n            pass\n        finally:\n            z = \\\n    3\n# at column 0\n        return 1; \n\n@dec\ndef g():\n    match x:\n        case 1:\n            pass\n";
        assert_eq!(errors(text), []);
    }

    #[test]
    fn under_indented_line_is_found() {
        let text = "def k(input):\n    t = 1.702 * input\n  output = input * tl.sigmoid(t)\n    return output\n";
        assert_eq!(
            errors(text),
            [(FaultKind::Indent, 3), (FaultKind::Indent, 4)]
        );
    }

    #[test]
    fn over_indented_line_is_found() {
        let text = "def f(x):\n    y = x + 1\n        return y\n";
        assert_eq!(errors(text), [(FaultKind::Indent, 3)]);
    }

    #[test]
    fn indented_top_level_and_empty_block() {
        assert_eq!(errors("  x = 1\ny = 2\n"), [(FaultKind::Indent, 1)]);
        assert_eq!(errors("if x:\ny = 2\n"), [(FaultKind::EmptyBlock, 1)]);
    }

    #[test]
    fn misaligned_clause_is_found() {
        let text =
            "def f(x):\n    if x:\n        a = 1\n      else:\n        a = 2\n    return a\n";
        assert!(
            errors(text).contains(&(FaultKind::Indent, 4)),
            "{:?}",
            errors(text)
        );
    }

    #[test]
    fn only_the_window_is_checked() {
        let text = "def f(x):\n    y = x + 1\n        return y\n";
        let tree = parse(Language::Python, text, None);
        assert!(indentation(&tree, text, &(0..10)).is_empty());
    }

    #[test]
    fn indent_is_only_for_line_starts() {
        assert_eq!(indent_of("a\n   b", 5), Some(3));
        assert_eq!(indent_of("a = 1; b", 7), None);
        assert_eq!(indent_of("x", 0), Some(0));
    }
}
