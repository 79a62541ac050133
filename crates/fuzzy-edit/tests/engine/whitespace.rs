//! Whitespace and indentation drift: `old` matches through it; `new` takes the file's indentation.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, lines, refused, strategy};

// A block copied with 2-space indentation matches the 4-space file, and the line `new` adds is
// indented with the file's unit, not pasted at the model's depth.
#[test]
fn indentation_drift_matches_and_new_lines_take_the_file_indent_unit() {
    let file = "def f():\n    if ok:\n        run()\n    return 1\n";
    let out = applied(
        file,
        &Edit::new("if ok:\n  run()", "if ok:\n  run()\n  log()"),
    );
    assert_eq!(
        out.text,
        "def f():\n    if ok:\n        run()\n        log()\n    return 1\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 3)]);
}

// A method written at depth 0 matches the class's method, and `new` is re-indented to its depth.
#[test]
fn block_at_the_wrong_depth_is_matched_and_new_text_reindented() {
    let file = "class A {\n    method() {\n        doIt()\n        done()\n    }\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "method() {\n    doIt()\n    done()\n}",
            "method() {\n    doIt(true)\n    done()\n}",
        ),
    );
    assert_eq!(
        out.text,
        "class A {\n    method() {\n        doIt(true)\n        done()\n    }\n}\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 5)]);
}

// Lines copied without their indentation match, and the replacement keeps the file's indentation.
#[test]
fn unindented_old_keeps_the_file_indentation() {
    let file = "fn main() {\n    let x = 1;\n    let y = 2;\n}\n";
    let out = applied(
        file,
        &Edit::new("let x = 1;\nlet y = 2;", "let x = 10;\nlet y = 2;"),
    );
    assert_eq!(
        out.text,
        "fn main() {\n    let x = 10;\n    let y = 2;\n}\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 3)]);
}

// An `old` one indentation level shallower than the file matches, and `new` is written at the
// file's depth.
#[test]
fn old_one_level_shallower_matches() {
    let file = "class A:\n    def f(self):\n        return 1\n";
    let out = applied(
        file,
        &Edit::new("def f(self):\n    return 1", "def f(self):\n    return 2"),
    );
    assert_eq!(out.text, "class A:\n    def f(self):\n        return 2\n");
    assert_eq!(lines(&out), [(2, 3)]);
}

// Indentation wrong in `old` only: `new` is at the file's depth, except one line the model
// moved into a new block on purpose. The edges of the block, which it kept, show where `new`
// stands: it is not shifted by `old`'s mistake.
#[test]
fn new_at_the_files_depth_is_not_shifted_by_olds_mistake() {
    let file = "def f(io, ok):\n    if ok:\n        io.warn(\"a\")\n        return False\n    return True\n";
    let out = applied(
        file,
        &Edit::new(
            "      if ok:\n          io.warn(\"a\")\n          return False\n      return True",
            "    if ok:\n        io.warn(\"a\")\n        if not io.ask():\n            return False\n    return True",
        ),
    );
    assert_eq!(
        out.text,
        "def f(io, ok):\n    if ok:\n        io.warn(\"a\")\n        if not io.ask():\n            return False\n    return True\n"
    );
    assert_eq!(strategy(&out), "indentation");
}

// ...while a `new` that repeats `old`'s depth on its edges is mapped, even if lines inside it
// were re-indented to where the file happens to have them.
#[test]
fn new_repeating_olds_depth_on_its_edges_is_mapped() {
    let file = "fn f() {\n\tlet x =\n\t\tg(a,\n\t\t  b);\n\tok(x)\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "let x =\n\tg(a,\n\t  b);\nok(x)",
            "let x =\n\tg(\n\t\ta,\n\t\tb,\n\t);\nok(x)",
        ),
    );
    assert_eq!(
        out.text,
        "fn f() {\n\tlet x =\n\t\tg(\n\t\t\ta,\n\t\t\tb,\n\t\t);\n\tok(x)\n}\n"
    );
}

// Spaces in `old` match a tab-indented file; the line `new` adds comes out in tabs.
#[test]
fn spaces_in_old_match_tabs_in_the_file_and_new_lines_use_tabs() {
    let file = "func main() {\n\tif ok {\n\t\trun()\n\t}\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "    if ok {\n        run()\n    }",
            "    if ok {\n        run()\n        log()\n    }",
        ),
    );
    assert_eq!(
        out.text,
        "func main() {\n\tif ok {\n\t\trun()\n\t\tlog()\n\t}\n}\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 4)]);
}

// Spaces for tabs and trailing blanks dropped, one line changed: every other line keeps the
// file's bytes.
#[test]
fn mixed_whitespace_drift_keeps_the_file_bytes_of_unchanged_lines() {
    let file = "func f() {\n\tif x {  \n\t\treturn 1\n\t}\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "func f() {\n    if x {\n        return 1\n    }\n}",
            "func f() {\n    if x {\n        return 2\n    }\n}",
        ),
    );
    assert_eq!(out.text, "func f() {\n\tif x {  \n\t\treturn 2\n\t}\n}\n");
    assert_eq!(lines(&out), [(1, 5)]);
}

// Trailing blanks the model left out do not prevent the match, and lines the edit keeps keep them.
#[test]
fn trailing_whitespace_omitted_by_the_model_is_kept() {
    let file = "func main() {\n\tx := 1  \n\ty := 2\t\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "func main() {\n\tx := 1\n\ty := 2\n}",
            "func main() {\n\tx := 1\n\ty := 3\n}",
        ),
    );
    assert_eq!(out.text, "func main() {\n\tx := 1  \n\ty := 3\n}\n");
    assert_eq!(strategy(&out), "trailing_whitespace");
    assert_eq!(lines(&out), [(1, 4)]);
}

// An `old` padded with blanks at both ends matches the line it trims to.
#[test]
fn old_padded_with_spaces_matches_the_trimmed_line() {
    let file = "a = 1\nb = 2\nc = 3\n";
    let out = applied(file, &Edit::new("  b = 2  ", "  b = 20"));
    assert_eq!(out.text, "a = 1\nb = 20\nc = 3\n");
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 2)]);
}

// Runs of spaces and tabs inside a line match one space; lines the edit keeps keep their runs.
#[test]
fn runs_of_spaces_and_tabs_match_one_space() {
    let file = "x\t=\t1\ny   =  2\nz = 3\n";
    let out = applied(file, &Edit::new("x = 1\ny = 2", "x = 1\ny = 20"));
    assert_eq!(out.text, "x\t=\t1\ny = 20\nz = 3\n");
    assert_eq!(strategy(&out), "inner_whitespace");
    assert_eq!(lines(&out), [(1, 2)]);
}

// A one-line `old` matches part of a line that differs from it only in runs of whitespace.
#[test]
fn whitespace_variant_inside_a_line_is_matched() {
    let out = applied(
        "    let  x = 1; // note\n",
        &Edit::new("let x = 1;", "let x = 2;"),
    );
    assert_eq!(out.text, "    let x = 2; // note\n");
    assert_eq!(lines(&out), [(1, 1)]);
}

// Collapsing whitespace must not turn a newline in `old` into a space: a two-line `old` does not
// match inside one line.
#[test]
fn whitespace_normalization_does_not_match_a_multiline_old_inside_one_line() {
    let err = refused("call(a, b)\n", &Edit::new("a,\nb", "z"));
    assert_eq!(err.kind(), "not_found");
}

// A whitespace-insensitive match inside a line starts and ends at word boundaries: `i = 0` is not
// found in `pi  = 0.5`.
#[test]
fn part_of_a_line_never_cuts_a_word() {
    assert_eq!(
        kind("pi  = 0.5\n", &Edit::new("i = 0", "i = 1")),
        "not_found"
    );
}

// A GNU-style file (2-column steps, a tab for every 8 columns) and a model that wrote 8
// spaces for the tab: the line it adds comes out as the file writes that depth, a tab.
#[test]
fn gnu_style_tabs_stand_for_eight_columns() {
    let file =
        "int f()\n{\n  if (x)\n    {\n      y ();\n\tz ();\n\t  if (z)\n\t    q ();\n    }\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "      y ();\n        z ();",
            "      y ();\n        z ();\n        w ();",
        ),
    );
    assert_eq!(
        out.text,
        "int f()\n{\n  if (x)\n    {\n      y ();\n\tz ();\n\tw ();\n\t  if (z)\n\t    q ();\n    }\n}\n"
    );
}

// A tab-indented file and a model that wrote 8, or 2, spaces per tab.
#[test]
fn eight_or_two_spaces_per_tab_become_tabs() {
    let file = "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n";
    for unit in ["        ", "  "] {
        let (a, b) = (unit.to_string(), unit.repeat(2));
        let out = applied(
            file,
            &Edit::new(
                format!("{a}if x {{\n{b}y()\n{a}}}"),
                format!("{a}if x {{\n{b}y()\n{b}z()\n{a}}}"),
            ),
        );
        assert_eq!(
            out.text, "func f() {\n\tif x {\n\t\ty()\n\t\tz()\n\t}\n}\n",
            "{unit:?}"
        );
    }
}

// A one-line `old` at the wrong depth and a `new` at the file's: nothing is kept to vote, so
// the first lines say it, and `new` stays where the model put it (YAML too).
#[test]
fn a_one_line_new_at_the_files_depth_stays_there() {
    let file =
        "def f(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n";
    let out = applied(
        file,
        &Edit::new("      return total", "    return total * 2"),
    );
    assert!(
        out.text
            .ends_with("\n        total += x\n    return total * 2\n"),
        "{}",
        out.text
    );
    let yaml = "jobs:\n  build:\n    runs-on: ubuntu-latest\n";
    let out = applied(yaml, &Edit::new("    build:", "  test:"));
    assert_eq!(out.text, "jobs:\n  test:\n    runs-on: ubuntu-latest\n");
}

// `old` copied from a line's first character, `new` written as a whole line with its
// indentation: not indented twice.
#[test]
fn a_new_with_its_indentation_replaces_the_whole_line() {
    let file = "def f(xs):\n    for x in xs:\n        pass\n    return xs\n";
    let out = applied(file, &Edit::new("return xs", "    return list(xs)"));
    assert_eq!(
        out.text,
        "def f(xs):\n    for x in xs:\n        pass\n    return list(xs)\n"
    );
    // Without indentation on either side, the text after the indentation is replaced.
    let out = applied(file, &Edit::new("return xs", "return tuple(xs)"));
    assert!(
        out.text.ends_with("\n    return tuple(xs)\n"),
        "{}",
        out.text
    );
}

// A header aligning its names with tabs, copied by the model with single spaces in `old` and
// `new`: the line it renames and the line it adds as a renamed copy keep the file's alignment.
#[test]
fn lines_rewritten_in_a_tab_aligned_block_keep_the_alignment() {
    let file = "struct s {\n  typedef int \t\tsize_type;\n  typedef long \t\tdiff_type;\n};\n";
    let old = "  typedef int size_type;\n  typedef long diff_type;";
    let new =
        "  typedef unsigned size_type;\n  typedef long diff_type;\n  typedef long offset_type;";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "struct s {\n  typedef unsigned \t\tsize_type;\n  typedef long \t\tdiff_type;\n  typedef long \t\toffset_type;\n};\n"
    );
}

// An edit that strips trailing blanks, sent with `old` at the wrong depth: the depth the match
// saw through is not what the edit changes, so the blanks go and the depth stays the file's.
#[test]
fn trailing_blanks_stripped_through_an_indentation_drift() {
    let file = "def f():\n    x = 1   \n    y = 2\n    return x\n";
    let out = applied(
        file,
        &Edit::new(
            "  x = 1   \n  y = 2\n  return x",
            "  x = 1\n  y = 2\n  return x",
        ),
    );
    assert_eq!(out.text, "def f():\n    x = 1\n    y = 2\n    return x\n");
}

// Trailing blanks stripped, with `old`'s own trailing blanks wrong: the lines come out as `new`
// writes them, without any.
#[test]
fn trailing_blanks_stripped_when_old_had_other_blanks() {
    let file = "a = 1  \nb = 2\nc = 3\t\n";
    let out = applied(
        file,
        &Edit::new("a = 1 \nb = 2 \nc = 3 ", "a = 1\nb = 2\nc = 3"),
    );
    assert_eq!(out.text, "a = 1\nb = 2\nc = 3\n");
}

// A blank line removed, with `old` at the wrong depth: `old`'s blank lines stand as in the file,
// so which one goes is clear.
#[test]
fn blank_line_removed_through_an_indentation_drift() {
    let file = "fn f() {\n    a();\n\n\n    b();\n}\n";
    let out = applied(file, &Edit::new("  a();\n\n\n  b();", "  a();\n\n  b();"));
    assert_eq!(out.text, "fn f() {\n    a();\n\n    b();\n}\n");
}

// ...but when the match itself saw through a missing blank line, a change of blank lines is
// unclear and refused.
#[test]
fn blank_lines_changed_where_the_match_ignored_them_is_refused() {
    let file = "fn f() {\n    a();\n\n\n    b();\n    c();\n}\n";
    let edit = Edit::new(
        "    a();\n    b();\n    c();",
        "    a();\n\n    b();\n    c();",
    );
    assert_eq!(kind(file, &edit), "whitespace_only");
}

// Trailing blanks added on a line whose trailing blanks the match ignored: which ones the model
// wants is unclear.
#[test]
fn trailing_blanks_added_where_the_match_ignored_them_is_refused() {
    let file = "a = 1\t\nb = 2\nc = 3\n";
    let edit = Edit::new("a = 1\nb = 2\nc = 3", "a = 1\nb = 2  \nc = 3");
    assert_eq!(kind(file, &edit), "whitespace_only");
}

// A blank line removed, with `old` at the wrong depth and `new` at the file's: the depth `new`
// writes is the file's, so only the blank line goes.
#[test]
fn blank_line_removed_with_new_at_the_files_depth() {
    let file = "fn f() {\n    a();\n\n\n    b();\n}\n";
    let out = applied(
        file,
        &Edit::new("  a();\n\n\n  b();", "    a();\n\n    b();"),
    );
    assert_eq!(out.text, "fn f() {\n    a();\n\n    b();\n}\n");
}

// A change of indentation sent with `old` at the wrong depth stays refused (to neither `old`'s
// depth nor the file's: which one the model wants is unclear), even with blank lines changed
// beside it.
#[test]
fn indentation_changed_through_an_indentation_drift_is_refused() {
    let file = "fn f() {\n    a();\n\n\n    b();\n}\n";
    let edit = Edit::new("  a();\n\n\n  b();", "      a();\n\n      b();");
    assert_eq!(kind(file, &edit), "whitespace_only");
}

// `old` a letter off on a line `new` writes as the file has it, and the edit strips trailing
// blanks: the letter is the file's already, the blanks go.
#[test]
fn blanks_stripped_with_a_typo_in_old_alone() {
    let file = "def f(x):\n    a = compute(x)\n    b = a + 1   \n    c = b * 2\n    return c\n";
    let out = applied(
        file,
        &Edit::new(
            "    a = compute(x)\n    b = a + 1   \n    c = b * 2\n    return x",
            "    a = compute(x)\n    b = a + 1\n    c = b * 2\n    return c",
        ),
    );
    assert_eq!(
        out.text,
        "def f(x):\n    a = compute(x)\n    b = a + 1\n    c = b * 2\n    return c\n"
    );
}

// A Go file whose code is indented with tabs, beside a shell script indented with spaces in a
// string that has more lines than the code: the block the edit lands in is in tabs, and so
// are the lines the model wrote in spaces.
#[test]
fn new_lines_take_the_tabs_of_the_block_they_land_in() {
    let script = "    local cur prev\n".repeat(12);
    let file = format!("package main\n\nconst script = `\n{script}`\n\nfunc run(flags []string) {{\n\tfor _, f := range flags {{\n\t\tcheck(f)\n\t}}\n}}\n");
    let out = applied(
        &file,
        &Edit::new(
            "    for _, f := range flags {\n        check(f)\n    }",
            "    for _, f := range flags {\n        if f != \"\" {\n            check(f)\n        }\n    }",
        ),
    );
    assert_eq!(
        out.text,
        file.replace(
            "\t\tcheck(f)\n",
            "\t\tif f != \"\" {\n\t\t\tcheck(f)\n\t\t}\n"
        )
    );
}
