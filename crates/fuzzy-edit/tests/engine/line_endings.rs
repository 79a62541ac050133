//! Line endings: CRLF kept, an LF `old` finds CRLF text, the final newline neither lost nor added.

use fuzzy_edit::{apply, Edit};

use crate::support::{applied, kind, lines, refused, strategy};

// In a CRLF file `new` is written with CRLF endings, after an exact or a fuzzy match, never mixed.
#[test]
fn crlf_file_keeps_crlf_endings() {
    let out = applied("x\r\ny\r\n", &Edit::new("x\ny", "z\nw"));
    assert_eq!(out.text, "z\r\nw\r\n");
    // After a fuzzy (indentation) match too.
    let out = applied("  x\r\n  y\r\n", &Edit::new("x\ny", "x\ny\nz"));
    assert_eq!(out.text, "  x\r\n  y\r\n  z\r\n");
}

// An LF `old` starting with a newline does not match the `\n` inside the file's `\r\n`, which
// would leave a lone `\r` before the new text.
#[test]
fn lf_old_starting_with_a_newline_does_not_split_a_crlf() {
    let out = applied("fn a() {\r\n}\r\n", &Edit::new("\n}", "\n    x();\n}"));
    assert_eq!(out.text, "fn a() {\r\n    x();\r\n}\r\n");
    let out = applied("a;\r\n(b)\r\n", &Edit::new("\n(b)", ""));
    assert_eq!(out.text, "a;\r\n");
}

// In a file with mixed endings an LF `old` finds the CRLF copy and the LF copy (so two are
// ambiguous), and each replacement keeps the endings of its place.
#[test]
fn mixed_line_endings_count_both_forms_and_keep_each() {
    let text = "x = 1\r\ny = 2\r\nz\r\nw\r\n\nx = 1\ny = 2\n";
    assert_eq!(
        kind(text, &Edit::new("x = 1\ny = 2", "x = 1\ny = 3")),
        "ambiguous"
    );
    let out = apply(
        "x = 1\r\ny = 2\r\n\na\nb\n",
        &Edit::new("x = 1\ny = 2", "x = 1\ny = 3"),
    )
    .unwrap();
    assert_eq!(out.text, "x = 1\r\ny = 3\r\n\na\nb\n");
}

// Old and new differing only in line endings change nothing (the file's endings win), so the
// edit is refused as no change rather than reported as done.
#[test]
fn edit_differing_only_in_line_endings_is_no_change() {
    let err = refused("a\r\nb\r\n", &Edit::new("a\r\nb", "a\nb"));
    assert_eq!(err.kind(), "no_change");
}

// Everything outside the matched lines is byte-identical, CRLF endings, trailing blanks and a
// missing final newline included.
#[test]
fn surrounding_bytes_are_preserved_with_crlf_and_no_final_newline() {
    let file = "head \r\n\tkeep()\r\n  target()\r\ntail";
    let out = applied(file, &Edit::new("target()", "changed()"));
    assert_eq!(out.text, "head \r\n\tkeep()\r\n  changed()\r\ntail");
    let out = applied(
        file,
        &Edit::new("    keep()\ntarget()", "    kept()\ntarget()"),
    );
    assert_eq!(out.text, "head \r\n\tkept()\r\n  target()\r\ntail");
}

// A misremembered block at the very end of a file without a final newline, `old` and `new` ending
// in one: the added line is placed, and no final newline is added.
#[test]
fn block_at_the_end_of_a_file_without_final_newline() {
    let file = "fn a() {\n    x();\n    y();\n}";
    let out = applied(
        file,
        &Edit::new(
            "fn a() {\n    x();\n    yy();\n}\n",
            "fn a() {\n    x();\n    yy();\n    z();\n}\n",
        ),
    );
    assert_eq!(out.text, "fn a() {\n    x();\n    y();\n    z();\n}");
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 4)]);
}

// A trailing newline in `new` is not doubled after a fuzzy match, by trailing whitespace or by
// block anchor.
#[test]
fn trailing_newline_in_new_is_not_doubled_after_a_fuzzy_match() {
    let out = applied("foo  \nbar\n", &Edit::new("foo\n", "baz\n"));
    assert_eq!(out.text, "baz\nbar\n");
    assert_eq!(strategy(&out), "trailing_whitespace");
    // Block anchor, old and new ending in a newline.
    let file = "fn calculate() {\n    let result = a + b;\n    return result;\n}\nfn next() {}\n";
    let out = applied(
        file,
        &Edit::new(
            "fn calculate() {\n    let result = a + b; // sum\n    return result;\n}\n",
            "fn calculate() {\n    let result = a + b; // sum\n    return result * 2;\n}\n",
        ),
    );
    assert_eq!(
        out.text,
        "fn calculate() {\n    let result = a + b;\n    return result * 2;\n}\nfn next() {}\n"
    );
}
