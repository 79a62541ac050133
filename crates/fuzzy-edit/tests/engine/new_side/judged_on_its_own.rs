//! What `new` means is read from `new` itself (and the file's lines it keeps), never from how
//! `old` was written or which strategy found `old`: escapes, read-tool numbers and a closing
//! sentence get one decision whether `old` matched exactly, with its indentation off, with a
//! letter slipped, or JSON-escaped.

use fuzzy_edit::{apply, Edit};

use crate::support::applied;

/// The file after the edit, or the file unchanged when the edit is refused: a refusal is
/// sound, a different file is not.
fn result(file: &str, old: &str, new: &str) -> String {
    apply(file, &Edit::new(old, new)).map_or_else(|_| file.to_string(), |out| out.text)
}

// `old` JSON-escaped on one line, `new` written plainly with real line breaks: `new`'s
// backslashes are the program's (an Elixir default argument, an Emacs character literal).
#[test]
fn a_plain_new_keeps_its_backslashes_when_old_was_escaped() {
    let file = "defmodule Q do\n  def put(k, opts \\\\ []) do\n    k + 1\n  end\nend\n";
    let old = r"  def put(k, opts \\\\ []) do\n    k + 1";
    let new = "  def put(k, opts \\\\ []) do\n    k + 2";
    assert_eq!(
        applied(file, &Edit::new(old, new)).text,
        "defmodule Q do\n  def put(k, opts \\\\ []) do\n    k + 2\n  end\nend\n"
    );
    let file = "(defun g ()\n  (insert ?\\t \"x\")\n  (zap))\n";
    let old = r#"  (insert ?\\t \"x\")\n  (zap))"#;
    let new = "  (insert ?\\t \"x\")\n  (zip))";
    assert_eq!(
        applied(file, &Edit::new(old, new)).text,
        "(defun g ()\n  (insert ?\\t \"x\")\n  (zip))\n"
    );
}

// A one-line `new` with a literal `\n` is decoded the same way whether its one-line `old` is
// exact or has its indentation off.
#[test]
fn a_literal_break_in_new_is_decoded_whatever_olds_indentation() {
    let file = "fn main() {\n    if ok {\n        run(\n            a,\n        );\n    }\n}\n";
    let want = "fn main() {\n    if ok {\n        prepare(\n        run(\n            a,\n        );\n    }\n}\n";
    let new = r"        prepare(\n        run(";
    assert_eq!(result(file, "        run(", new), want);
    assert_eq!(result(file, "      run(", new), want);
}

// A one-line `new` escaped as a whole: its quotes written `\"`, its backslashes doubled.
#[test]
fn a_new_escaped_whole_is_decoded_quotes_and_backslashes_too() {
    let file = "items =\n    [ \"alpha\"\n    , \"gamma\"\n    ]\n";
    let new = r#"    [ \"alpha\"\n    , \"beta\""#;
    assert_eq!(
        result(file, "    [ \"alpha\"", new),
        "items =\n    [ \"alpha\"\n    , \"beta\"\n    , \"gamma\"\n    ]\n"
    );
    let file = "sub go {\n    parse(\\@args,\n        1);\n}\n";
    let new = r"    parse(\\@args,\n    # strict";
    assert_eq!(
        result(file, "    parse(\\@args,", new),
        "sub go {\n    parse(\\@args,\n    # strict\n        1);\n}\n"
    );
}

// `\u2013` in `new` alone, on a line the edit keeps, where the file has the character.
#[test]
fn a_unicode_escape_on_a_kept_line_is_the_files_character() {
    let file = "# Steps 2\u{2013}4 run twice\nn = 3\n";
    let new = "# Steps 2\\u20134 run twice\nn = 4";
    assert_eq!(
        result(file, "# Steps 2\u{2013}4 run twice\nn = 3", new),
        "# Steps 2\u{2013}4 run twice\nn = 4\n"
    );
    let file = "# Notes\n\nRead pages 7\u{2013}9 first.\nThen rest.\n";
    let new = "Read pages 7\\u20139 first.\nThen rest well.";
    assert_eq!(
        result(file, "Read pages 7\u{2013}9 first.\nThen rest.", new),
        "# Notes\n\nRead pages 7\u{2013}9 first.\nThen rest well.\n"
    );
    // A string literal the file writes with the escape keeps it.
    let file = "DASH = \"\\u2013\"\nx = 1\n";
    assert_eq!(
        result(
            file,
            "DASH = \"\\u2013\"\nx = 1",
            "DASH = \"\\u2013\"\nx = 2"
        ),
        "DASH = \"\\u2013\"\nx = 2\n"
    );
}

// A read tool's `N: ` prefix in `new` is stripped when `old` carries a slipped letter, as when
// it is exact.
#[test]
fn read_tool_numbers_in_new_go_whichever_strategy_found_old() {
    let file = "package p\n\nfunc f() {\n\t// Drain the queue.\n\tfor _, e := range pendingEntries {\n\t\tuse(e)\n\t}\n}\n";
    let want = "package p\n\nfunc f() {\n\t// Drain the queue.\n\tfor _, e := range pendingEntries[1:] {\n\t\tuse(e)\n\t}\n}\n";
    let new = "5: \tfor _, e := range pendingEntries[1:] {";
    assert_eq!(
        result(file, "\tfor _, e := range pendingEntries {", new),
        want
    );
    assert_eq!(
        result(file, "\tfor _, e := range pendingEntriss {", new),
        want
    );
}

// A sentence `new` keeps from `old`, written flush left after a blank line, is the edit's last
// line, not prose about the edit: dropping it would delete a line of the file.
#[test]
fn a_kept_sentence_after_a_blank_line_is_no_prose() {
    let file = "def g():\n    \"\"\"Run it.\n\n    Steps:\n      - load\n      - save\n\n    The cache is cleared afterwards.\n    \"\"\"\n";
    let old = "      - load\n      - save\n\n    The cache is cleared afterwards.";
    let new = "  - load\n\nThe cache is cleared afterwards.";
    assert_eq!(
        result(file, old, new),
        "def g():\n    \"\"\"Run it.\n\n    Steps:\n      - load\n\n    The cache is cleared afterwards.\n    \"\"\"\n"
    );
}
