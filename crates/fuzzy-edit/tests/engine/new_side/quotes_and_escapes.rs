//! Typographic quotes and backslash escapes in `new` that the cleaning of `new` must read as
//! the model meant them: the file's own characters
//! stay, the model's habits go, and an escaped `new` is decoded one way throughout.

use fuzzy_edit::{apply_with, Edit, Language, Options};

use crate::support::applied;

fn applied_in(language: Option<Language>, file: &str, old: &str, new: &str) -> String {
    let options = Options {
        language,
        ..Options::default()
    };
    match apply_with(file, &[Edit::new(old, new)], &options) {
        Ok(out) => out.text,
        Err(f) => panic!("expected the edit to apply, got {:?}", f.failures[0].error),
    }
}

// The typographic quotes a string of the file holds, kept around the word the model changes:
// neither is read as the string's end (a Ruby file, where no parser would catch it).
#[test]
fn a_typographic_quote_the_line_already_has_in_its_string_stays() {
    let file = "class Dlg\n  def initialize\n    @msg = \"Press \u{201c}OK\u{201d} to continue\"\n  end\nend\n";
    let old = "    @msg = \"Press \u{201c}OK\u{201d} to continue\"\n";
    let new = "    @msg = \"Press \u{201c}Continue\u{201d} now\"\n";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace(old, new));
}

// A file with typographic quotes in a comment, and an `old` that retyped the code's straight
// quotes as curly ones: the line the model rewrites is written with the file's straight
// quotes, its comment's curly ones untouched.
#[test]
fn curly_quotes_old_retyped_are_straight_on_the_rewritten_line() {
    let file = "class A {\n    // the \u{201c}default\u{201d} profile\n    String p = \"default\";\n    String q = \"prod\";\n}\n";
    let old = "    String p = \u{201c}default\u{201d};\n    String q = \u{201c}prod\u{201d};\n";
    let new = "    String p = \u{201c}staging\u{201d};\n    String q = \u{201c}prod\u{201d};\n";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("\"default\";", "\"staging\";"));

    let file = "#[cfg(feature = \"arc_lock\")]\nuse core::ptr;\n\t// A \u{201c}non-constant\u{201d} item\n";
    let old = "#[cfg(feature = \u{201c}arc_lock\u{201d})]\nuse core::ptr;\n";
    let new = "#[cfg(feature = \u{201c}arc_lock_x\u{201d})]\nuse core::ptr;\n";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("arc_lock", "arc_lock_x"));

    let yaml = "p: \"default\"  # the \u{201c}default\u{201d} profile\nq: \"prod\"\n";
    let old = "p: \u{201c}default\u{201d}  # the \u{201c}default\u{201d} profile\nq: \u{201c}prod\u{201d}\n";
    let new = "p: \u{201c}staging\u{201d}  # the \u{201c}default\u{201d} profile\nq: \u{201c}prod\u{201d}\n";
    let text = applied_in(Some(Language::Yaml), yaml, old, new);
    assert_eq!(text, yaml.replace("\"default\"  #", "\"staging\"  #"));
}

// A comment the model adds in a file that writes typographic quotes in its prose is in the
// file's style: kept as written, whichever quote it uses.
#[test]
fn a_new_comment_with_typographic_quotes_in_a_file_that_writes_them_stays() {
    let file = "//! Conversions to and from indexmap\u{2019}s maps.\nuse x;\n";
    let old = "//! Conversions to and from indexmap\u{2019}s maps.\n";
    let new = "//! Conversions to and from indexmap\u{2019}s maps.\n//! See the \u{201c}notes\u{201d} section; it\u{2019}s important.\n";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace(old, new));
    // Unless `old` shows the model retyping the file's straight quotes: its habit.
    let file = "/// The \u{201c}alarm\u{201d} clock.\n#[doc(alias = \"ALARM\")]\nAlarm = 1,\n";
    let old = "#[doc(alias = \u{201c}ALARM\u{201d})]\nAlarm = 1,\n";
    let new = "#[doc(alias = \u{201c}ALARM\u{201d})]\nAlarm = 1,\n// it\u{2019}s cheaper\n";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, format!("{file}// it's cheaper\n"));
}

// A one-line `new` escaped as a whole, backslashes doubled with its line breaks: the string's
// `\\n` is the file's `\n`, as `old`'s line shows.
#[test]
fn a_new_escaped_as_a_whole_is_decoded_inside_its_strings_too() {
    let file = "void f(bool w) {\n  if (!w) {\n    warn(\"no secure randomness\\n\");\n  }\n}\n";
    let old = "  if (!w) {\n    warn(\"no secure randomness\\n\");\n  }\n";
    let new = r#"  if (!w && !quiet) {\n    warn("no secure randomness\\n");\n  }\n"#;
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("(!w)", "(!w && !quiet)"));

    let file = "def f():\n    sep = \"\\t\"\n    return sep.join([\"a\", \"b\"])\n";
    let old = "    sep = \"\\t\"\n    return sep.join([\"a\", \"b\"])\n";
    let new = r#"    sep = "\\t"\n    return sep.join(["a", "b", "c"])\n"#;
    let text = applied_in(Some(Language::Python), file, old, new);
    assert_eq!(text, file.replace("\"b\"])", "\"b\", \"c\"])"));
}

// A `\n` inside the comment of a one-line `new`, and no other: the comment's text, not a line
// break (nothing shows the model escaped its breaks).
#[test]
fn a_backslash_n_in_a_comment_of_a_one_line_new_is_text() {
    let file = "x = 1\nprint(\"a\\n\")  # a\ny = 2\n";
    let old = "print(\"a\\n\")  # a";
    let new = r#"print("a\n")  # a\nb"#;
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, "x = 1\nprint(\"a\\n\")  # a\\nb\ny = 2\n");
    // A break outside the comment shows the habit: the comment's is a break too.
    let file = "a = 1  # one\nz = 0\n";
    let out = applied(
        file,
        &Edit::new("a = 1  # one", r"a = 1  # one\nb = 2  # two\nc = 3"),
    );
    assert_eq!(out.text, "a = 1  # one\nb = 2  # two\nc = 3\nz = 0\n");
}

// The model dropped the emoji's variation selector (U+FE0F) and curled the quotes, in `old` and
// in `new`: the line it rewrites keeps the file's `✔️` and straight quotes, the line it keeps
// is the file's.
#[test]
fn an_emoji_written_without_its_selector_keeps_it() {
    let file = "def status():\n    print(\"\u{2714}\u{FE0F} Build passed\")\n    print(\"\u{26A0}\u{FE0F} Check the logs\")\n";
    let old = "    print(\u{201C}\u{2714} Build passed\u{201D})\n    print(\u{201C}\u{26A0} Check the logs\u{201D})";
    let new = "    print(\u{201C}\u{2714} Build passed!\u{201D})\n    print(\u{201C}\u{26A0} Check the logs\u{201D})";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("passed\"", "passed!\""));
    // Without the quotes: the same.
    let (old, new) = (
        "    print(\"\u{2714} Build passed\")",
        "    print(\"\u{2714} Build passed!\")",
    );
    assert_eq!(
        applied(file, &Edit::new(old, new)).text,
        file.replace("passed\"", "passed!\"")
    );
}
