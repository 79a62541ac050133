//! Blank lines: extra or missing blank lines in `old` neither block a match nor lower its score.

use fuzzy_edit::Edit;

use crate::support::{applied, lines, refused, strategy};

// Blank lines around `old` (and `new`) are not part of what it means: the line between them
// matches.
#[test]
fn old_with_leading_and_trailing_blank_lines_matches() {
    let file = "def f():\n    return 1\n\ndef g():\n    return 2\n";
    let out = applied(
        file,
        &Edit::new("\n\nreturn 1\n\n\n", "\n\nreturn 10\n\n\n"),
    );
    assert_eq!(
        out.text,
        "def f():\n    return 10\n\ndef g():\n    return 2\n"
    );
    assert_eq!(strategy(&out), "blank_lines");
    assert_eq!(lines(&out), [(2, 2)]);
}

// A blank line in `old` that the file does not have still matches, and the file keeps its layout.
#[test]
fn old_with_an_extra_blank_line_is_matched() {
    let file = "def a():\n    pass\ndef b():\n    pass\n";
    let out = applied(
        file,
        &Edit::new(
            "def a():\n    pass\n\ndef b():",
            "def a():\n    return 1\n\ndef b():",
        ),
    );
    assert_eq!(out.text, "def a():\n    return 1\ndef b():\n    pass\n");
    assert_eq!(strategy(&out), "blank_lines");
    assert_eq!(lines(&out), [(1, 3)]);
}

// Blank lines count neither for nor against a block's score: opencode scores them 0 and so
// rejects near-identical blocks that contain them.
#[test]
fn blank_middle_lines_do_not_lower_the_score() {
    let file = "function setup() {\n  const a = 1\n\n\n  const b = 2\n\n\n  return a + b\n}\n";
    let old = "function setup() {\n  const a = 2\n\n\n  const b = 2\n\n\n  return a + b\n}";
    let new = "function setup() {\n  const a = 2\n\n\n  const b = 2\n\n\n  return a * b\n}";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "function setup() {\n  const a = 1\n\n\n  const b = 2\n\n\n  return a * b\n}\n"
    );
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 9)]);
}

// Deleting lines the model misremembered is refused (it is wrong about the code), and the block
// is shown as the closest fragment so it can copy the real lines.
#[test]
fn deleting_misremembered_lines_between_blanks_is_refused_with_the_block_shown() {
    let file = "function setup() {\n  const a = 1\n\n  const b = 2\n\n  return a + b\n}\n";
    let old = "function setup() {\n  const a = 2\n\n  const b = 3\n\n  return a + b\n}";
    let err = refused(file, &Edit::new(old, "function setup() {\n  return 5\n}"));
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(1, 7)]);
}

// The model deletes a line that the file sets off with blank lines on both sides, from an
// `old` without them: the two blank lines would meet; one stays, as in the file.
#[test]
fn deleting_a_line_between_blank_lines_leaves_one_blank_line() {
    let file = "fn f() {\n    let a = 1;\n    let b = 2;\n\n    let scratch = 3;\n\n    while a < b {\n        g();\n    }\n}\n";
    let old = "    let a = 1;\n    let b = 2;\n    let scratch = 3;\n    while a < b {";
    let new = "    let a = 1;\n    let b = 2;\n    while a < b {";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "fn f() {\n    let a = 1;\n    let b = 2;\n\n    while a < b {\n        g();\n    }\n}\n"
    );
    // A run of two blank lines the file has stays two.
    let file = "a = 1\n\n\nx = 2\n\n\nb = 3\n";
    let out = applied(file, &Edit::new("a = 1\nx = 2\nb = 3", "a = 1\nb = 3"));
    assert_eq!(out.text, "a = 1\n\n\nb = 3\n");
}
