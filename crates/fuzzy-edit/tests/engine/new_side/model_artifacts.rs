//! Artifacts of the model's copying in `new` (odd spaces, curly quotes, literal `\n` line
//! breaks) are not written into a file that does not use them, whether or not `old` carried
//! them too; the file's own conventions, and a `\n` inside a string, stay. Shrunk from generated
//! cases.

use fuzzy_edit::Edit;

use crate::support::applied;

fn result(file: &str, old: &str, new: &str) -> String {
    applied(file, &Edit::new(old, new)).text
}

// NBSP on both sides at the same place, in a comment: the file has a plain space there.
#[test]
fn a_no_break_space_on_both_sides_is_written_as_the_files_space() {
    let file = "#   STRIP: strip objects.\n#   OBJCOPY: copy objects (since dpkg 1.19.1).\n";
    let old = "#   OBJCOPY:\u{a0}copy objects (since dpkg 1.19.1).";
    let new = "#   OBJCOPY:\u{a0}copy objects (since dpkg_v2 1.19.1).";
    assert_eq!(
        result(file, old, new),
        "#   STRIP: strip objects.\n#   OBJCOPY: copy objects (since dpkg_v2 1.19.1).\n"
    );
}

// `new` alone carries a NBSP, inside a string.
#[test]
fn a_no_break_space_in_new_alone_is_a_space_even_in_a_string() {
    let file = "import (\n\t\"flag\"\n\t\"fmt\"\n)\n";
    let out = result(
        file,
        "\t\"flag\"\n\t\"fmt\"",
        "\t\"flag\"\n\t\"updated\u{a0}fmt\"",
    );
    assert_eq!(out, "import (\n\t\"flag\"\n\t\"updated fmt\"\n)\n");
}

// Curly quotes where `old` has straight ones, inside a Go raw string, and on a line the edit
// moves to another depth.
#[test]
fn curly_quotes_written_for_olds_straight_ones_are_straight() {
    let file = "func f() {\n\tlog.Println(`build with \"make\" to label`)\n}\n";
    let old = "\tlog.Println(`build with \"make\" to label`)";
    let new = "\tlog.Println(`build with \u{201c}make\u{201d} to label_v2`)";
    assert_eq!(
        result(file, old, new),
        "func f() {\n\tlog.Println(`build with \"make\" to label_v2`)\n}\n"
    );
    let new = "\tif x {\n\t\tlog.Println(`build with \u{201c}make\u{201d} to label`)\n\t}";
    assert_eq!(
        result(file, old, new),
        "func f() {\n\tif x {\n\t\tlog.Println(`build with \"make\" to label`)\n\t}\n}\n"
    );
}

// Curly quotes on both sides in a doc comment, where the file has straight ones.
#[test]
fn curly_quotes_old_carries_are_straight_in_comments_too() {
    let file = "/// let data = (42, \"Forty-two\");\nfn f() {}\n";
    let old = "/// let data = (42, \u{201c}Forty-two\u{201d});";
    let new = "/// let data = (49, \u{201c}Forty-two\u{201d});";
    assert_eq!(
        result(file, old, new),
        "/// let data = (49, \"Forty-two\");\nfn f() {}\n"
    );
}

// Kept: the file's own typographic characters, and one an author adds in a string with no sign
// of a habit.
#[test]
fn the_files_own_typography_and_an_authors_apostrophe_stay() {
    let file = "s = \u{201c}x\u{201d}\nt = 1\n";
    assert_eq!(
        result(file, "t = 1", "t = \u{201c}y\u{201d}"),
        "s = \u{201c}x\u{201d}\nt = \u{201c}y\u{201d}\n"
    );
    let file = "a = \"10\u{a0}km\"\nb = 1\n";
    assert_eq!(
        result(file, "b = 1", "b = \"5\u{a0}km\""),
        "a = \"10\u{a0}km\"\nb = \"5\u{a0}km\"\n"
    );
    let file = "msg = \"hi\"\n";
    assert_eq!(
        result(file, "msg = \"hi\"", "msg = \"it\u{2019}s\""),
        "msg = \"it\u{2019}s\"\n"
    );
}

// A one-line `new` whose lines, joined by literal `\n`, surround `old`'s line.
#[test]
fn literal_line_breaks_around_olds_line_are_decoded() {
    let file = "class A\n  def user_params\n    x\n  end\nend\n";
    let out = result(
        file,
        "  def user_params",
        "  if enabled\\n    def user_params\\n  end",
    );
    assert_eq!(
        out,
        "class A\n  if enabled\n    def user_params\n  end\n    x\n  end\nend\n"
    );
    let file = "export A = b\n\nall:\n\techo\n";
    let out = result(file, "export A = b", "export A = b\\nEXTRA_FLAGS += -g");
    assert_eq!(out, "export A = b\nEXTRA_FLAGS += -g\n\nall:\n\techo\n");
}

// `old` holds `'\n'` in a character literal: that is the program's, and `new`'s break after it
// is still the model's.
#[test]
fn a_line_break_after_an_escape_in_a_literal_is_decoded() {
    let file = "    if (c == '\\n') {\n        return 1;\n    }\n";
    let out = result(
        file,
        "    if (c == '\\n') {",
        "    if (c == '\\n') {\\n        trace();",
    );
    assert_eq!(
        out,
        "    if (c == '\\n') {\n        trace();\n        return 1;\n    }\n"
    );
}

// Kept: a `\n` a comment mentions, and one inside a string.
#[test]
fn a_mentioned_or_quoted_escape_stays() {
    let file = "# split on newlines and trim\nx = 1\n";
    let new = "# split on \\n and trim";
    assert_eq!(
        result(file, "# split on newlines and trim", new),
        "# split on \\n and trim\nx = 1\n"
    );
    let file = "puts \"a\"\n";
    assert_eq!(
        result(file, "puts \"a\"", "puts \"a\\nb\""),
        "puts \"a\\nb\"\n"
    );
}
