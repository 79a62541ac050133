//! Where a block ends, read from indentation without a parser: the first line after its
//! opening line (`class S:`, `impl Foo {`, `def f(x):`) written at or left of the opening
//! line's depth — except two kinds of line that stand at column 0 inside a block:
//!
//! - a **comment or preprocessor line** (`#        warm_cache()`, as editors comment code out;
//!   `// TODO`; `#endif`) when deeper code or the block's closing line (`}`) follows it: it
//!   is inside the block. A comment that
//!   deeper code does not follow heads what comes after the block (`# helpers`), so the block
//!   ends before it;
//! - a line **inside a string that spans lines** (`SQL = """`, `select 1`, `"""`; a JavaScript
//!   template literal): it is text, not code.
//!
//! A string still open at the end of the file leaves the end unknown (`None`), and the caller
//! refuses: the scan cannot tell code from text there.

use super::guard::comment_leader;

/// Delimiters of strings that span lines, as the languages write them (Python's triple quotes,
/// Java's text blocks; JavaScript's and Go's backticks).
const SPANNING: [&str; 3] = ["\"\"\"", "'''", "`"];

/// The 0-based line that ends the block opened at `opener` (whose depth is `depth`), `lines.len()`
/// when the block runs to the end of the file, or `None` when a string that spans lines is
/// left open. `depth_of` measures a line's indentation in columns.
pub(super) fn block_end(
    lines: &[&str],
    opener: usize,
    depth: isize,
    depth_of: impl Fn(&str) -> isize,
) -> Option<usize> {
    let mut open = delimiter_left_open(lines[opener], None);
    let mut i = opener + 1;
    while i < lines.len() {
        let line = lines[i];
        let inside = open.is_some();
        open = delimiter_left_open(line, open);
        if inside || line.trim().is_empty() || depth_of(line) > depth {
            i += 1;
            continue;
        }
        if !is_comment(line) {
            return Some(i);
        }
        // A comment at the block's depth or left of it: inside the block when deeper code or
        // the block's closing line follows it (comments and blank lines between them aside).
        let next =
            (i + 1..lines.len()).find(|&j| !lines[j].trim().is_empty() && !is_comment(lines[j]));
        match next {
            Some(j) if depth_of(lines[j]) > depth || closes(lines[j]) => i += 1,
            _ => return Some(i),
        }
    }
    open.is_none().then_some(lines.len())
}

/// Whether `line` closes a block (`}`, `)`, `]`, `end`).
pub(super) fn closes(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with(['}', ')', ']']) || t == "end" || t.starts_with("end ")
}

/// Whether `line` is a comment or preprocessor line (`#endif` has the leader of a comment).
fn is_comment(line: &str) -> bool {
    comment_leader(line).is_some()
}

/// The string delimiter open after `line`, given the one open before it: a delimiter that
/// occurs an odd number of times opens or closes. A comment line opens nothing (a backtick in
/// `# use `x` here` is prose).
fn delimiter_left_open(line: &str, open: Option<&'static str>) -> Option<&'static str> {
    match open {
        Some(d) => (line.matches(d).count() % 2 == 0).then_some(d),
        None if is_comment(line) => None,
        None => {
            let first = SPANNING
                .iter()
                .filter_map(|d| line.find(d).map(|at| (at, *d)))
                .min_by_key(|&(at, d)| (at, std::cmp::Reverse(d.len())))?;
            let d = first.1;
            let after = &line[first.0 + d.len()..];
            (after.matches(d).count() % 2 == 0).then_some(d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(text: &str, opener: usize) -> Option<usize> {
        let lines: Vec<&str> = text.lines().collect();
        let depth = |l: &str| (l.len() - l.trim_start().len()) as isize;
        block_end(&lines, opener, depth(lines[opener]), depth)
    }

    #[test]
    fn a_block_ends_at_the_first_line_at_its_depth() {
        assert_eq!(end("class S:\n    a = 1\n\nclass T:\n", 0), Some(3));
        assert_eq!(end("impl S {\n    fn f() {}\n}\n", 0), Some(2));
        assert_eq!(end("class S:\n    a = 1\n", 0), Some(2));
    }

    #[test]
    fn a_column_0_comment_inside_the_block_does_not_end_it() {
        let text = "class S:\n    def setup(self):\n        init()\n#        warm()\n        start()\n\n    def stop(self):\n        halt()\n";
        assert_eq!(end(text, 0), Some(8));
        assert_eq!(end(text, 1), Some(6));
        let c = "void f() {\n    a();\n#ifdef X\n    b();\n#endif\n}\n";
        assert_eq!(end(c, 0), Some(5));
    }

    #[test]
    fn a_comment_that_heads_the_next_code_ends_the_block_before_it() {
        let text = "class S:\n    a = 1\n\n# helpers\n\ndef h():\n    pass\n";
        assert_eq!(end(text, 0), Some(3));
    }

    #[test]
    fn lines_inside_a_string_that_spans_lines_do_not_end_it() {
        let text = "class Q:\n    SQL = \"\"\"\nselect 1\n\"\"\"\n\n    def run(self):\n        return 1\n";
        assert_eq!(end(text, 0), Some(7));
        let js = "function f() {\n  const s = `\nx\n`;\n  return s;\n}\n";
        assert_eq!(end(js, 0), Some(5));
        let closed = "def f():\n    s = \"\"\"a\"\"\"\nx = 1\n";
        assert_eq!(end(closed, 0), Some(2));
    }

    #[test]
    fn a_string_left_open_leaves_the_end_unknown() {
        assert_eq!(end("def f():\n    s = '''\nx\n", 0), None);
    }

    #[test]
    fn backticks_in_a_comment_open_nothing() {
        let text = "def f():\n    # use `x here\n    pass\ny = 1\n";
        assert_eq!(end(text, 0), Some(3));
    }
}
