//! Parsing with tree-sitter, whole or incrementally after one replacement.

use std::ops::Range;

use tree_sitter::{InputEdit, Parser, Point, Tree};

use super::Language;

/// Parses `text`. With `old` (a tree of the previous text, already [`Tree::edit`]ed to the
/// new coordinates), tree-sitter reuses every subtree the edit did not touch, so only the
/// edited region is parsed again.
pub(crate) fn parse(language: Language, text: &str, old: Option<&Tree>) -> Tree {
    let mut parser = Parser::new();
    parser
        .set_language(&language.grammar())
        .expect("the grammar crates and tree-sitter share one ABI (checked by the tests)");
    // `parse` returns `None` only without a language, on a timeout or a cancellation, and none
    // is set here.
    parser
        .parse(text, old)
        .expect("a parser with a language always returns a tree")
}

/// The [`InputEdit`] that turns `before` into `after` when `before[old]` was replaced by
/// `after[new]` and the text around is the same (`old.start == new.start`, and the tails after
/// `old.end` and `new.end` are equal).
pub(crate) fn input_edit(
    before: &str,
    after: &str,
    old: &Range<usize>,
    new: &Range<usize>,
) -> InputEdit {
    let start_position = point_at(before, 0, Point::new(0, 0), old.start);
    InputEdit {
        start_byte: old.start,
        old_end_byte: old.end,
        new_end_byte: new.end,
        start_position,
        old_end_position: point_at(before, old.start, start_position, old.end),
        new_end_position: point_at(after, new.start, start_position, new.end),
    }
}

/// The row and byte column of `text[to]`, counting from `from`, whose point is `at`.
fn point_at(text: &str, from: usize, at: Point, to: usize) -> Point {
    let bytes = &text.as_bytes()[from..to];
    let newlines = memchr::memchr_iter(b'\n', bytes).count();
    match memchr::memrchr(b'\n', bytes) {
        Some(last) => Point::new(at.row + newlines, bytes.len() - last - 1),
        None => Point::new(at.row, at.column + bytes.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grammar_loads() {
        for lang in Language::ALL {
            let tree = parse(lang, "", None);
            assert_eq!(tree.root_node().start_byte(), 0, "{lang}");
        }
    }

    /// `.h` is parsed as C++ (see `Language::from_path`): the C++ grammar must read a plain C
    /// header, and a C++ one, without errors. (The `extern "C" {` guard whose `}` sits in a
    /// second `#ifdef __cplusplus` is an error in both grammars: tree-sitter does not balance
    /// braces across preprocessor branches. Such a header has errors before any edit, so only
    /// errors an edit adds near its span count.)
    #[test]
    fn cpp_grammar_reads_c_and_cpp_headers() {
        let c_header = "#ifndef LIB_H\n#define LIB_H\n#include <stddef.h>\n\ntypedef struct point {\n    int x, y;\n} point_t;\n\nenum color { RED, GREEN = 2 };\nstatic inline int add(int a, int b) { return a + b; }\nint sum(const int *xs, size_t n);\nextern void (*handler)(int);\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#endif\n";
        let cpp_header = "#pragma once\n#include <vector>\nnamespace lib {\ntemplate <typename T>\nclass Stack {\npublic:\n    void push(const T& x) { items_.push_back(x); }\nprivate:\n    std::vector<T> items_;\n};\n}\n";
        for header in [c_header, cpp_header] {
            let tree = parse(Language::Cpp, header, None);
            assert!(
                !tree.root_node().has_error(),
                "{}",
                tree.root_node().to_sexp()
            );
        }
        assert!(parse(Language::C, cpp_header, None).root_node().has_error());
    }

    #[test]
    fn edit_points_count_rows_and_columns() {
        let before = "ab\ncd\nef\n";
        let after = "ab\ncX\nY\nZf\n";
        // "d\ne" (bytes 4..7) became "X\nY\nZ" (bytes 4..9); the 'f' after it moved from
        // row 2 to row 3, both at column 1.
        let edit = input_edit(before, after, &(4..7), &(4..9));
        assert_eq!(edit.start_position, Point::new(1, 1));
        assert_eq!(edit.old_end_position, Point::new(2, 1));
        assert_eq!(edit.new_end_position, Point::new(3, 1));
        assert_eq!(&after[edit.new_end_byte..], &before[edit.old_end_byte..]);
    }

    #[test]
    fn incremental_parse_equals_a_fresh_one() {
        let before = "def f(x):\n    return x\n\ndef g(y):\n    return y\n";
        let after = "def f(x):\n    return x + 1\n\ndef g(y):\n    return y\n";
        let at = before.find("x\n").unwrap() + 1;
        let (old, new) = (at..at, at..at + " + 1".len());
        let mut tree = parse(Language::Python, before, None);
        tree.edit(&input_edit(before, after, &old, &new));
        let incremental = parse(Language::Python, after, Some(&tree));
        let fresh = parse(Language::Python, after, None);
        assert_eq!(
            incremental.root_node().to_sexp(),
            fresh.root_node().to_sexp()
        );
    }

    const PY: &str = "import os\n\n\nclass A:\n    \"\"\"Doc.\n\n    More.\n    \"\"\"\n\n    def f(self, a, b=(1,\n                      2)):\n        if a:\n            return b\n        elif b:\n            x = [i for i in a]\n        else:\n            x = {'k': \"v\"}\n        return x\n\n\ndef g(p):\n    try:\n        return os.path.join(p, 'x')\n    except OSError:\n        pass\n";
    const RS: &str = "use std::fmt;\n\n/// Doc.\npub struct S {\n    a: u32,\n}\n\nimpl S {\n    pub fn f(&self, x: u32) -> u32 {\n        let y = x + self.a;\n        match y {\n            0 => 1,\n            n => n * 2,\n        }\n    }\n}\n\nfn g() -> String {\n    format!(\"{}\", \"s\")\n}\n";

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 256, failure_persistence: None, ..Default::default() })]

        /// Whatever a one-span edit does (here: a byte span replaced by a snippet that often
        /// breaks the file), the incremental parse gives the tree a fresh parse gives, errors
        /// included; the guard relies on it to judge the result from the reused tree.
        #[test]
        fn incremental_equals_fresh(at in 0usize..600, len in 0usize..40, snippet in 0usize..8, rust in proptest::bool::ANY) {
            let (lang, before) = if rust { (Language::Rust, RS) } else { (Language::Python, PY) };
            let snippets = ["", "(", ")", "\"", "\n  ", "    x = 1\n", "}", "\"\"\""];
            let start = at % before.len();
            let end = (start + len).min(before.len());
            let new = snippets[snippet];
            let after = format!("{}{new}{}", &before[..start], &before[end..]);
            let mut tree = parse(lang, before, None);
            tree.edit(&input_edit(before, &after, &(start..end), &(start..start + new.len())));
            let incremental = parse(lang, &after, Some(&tree));
            let fresh = parse(lang, &after, None);
            proptest::prop_assert_eq!(incremental.root_node().to_sexp(), fresh.root_node().to_sexp());
        }
    }
}
