//! Text in `new` that looks like a model's artefact but is what the model meant: a tag it
//! escapes on purpose, a dollar amount escaped for the shell, a `\n` named in prose, a hard
//! mark it removes. The artefact readings stand only where `old` or the file gives evidence.

use fuzzy_edit::{apply_with, Edit, Language, Options};

fn options(language: Option<Language>, prose: bool) -> Options {
    Options {
        language,
        prose,
        ..Options::default()
    }
}

fn result(file: &str, old: &str, new: &str, options: &Options) -> String {
    match apply_with(file, &[Edit::new(old, new)], options) {
        Ok(out) => out.text,
        Err(e) => panic!("expected the edit to apply, got: {e}"),
    }
}

// A Markdown line names a tag raw (which renders as an element); the model rewrites the line
// and escapes the tag so that it shows. Nothing else in `new` is escaped: that is the edit.
#[test]
fn a_tag_escaped_on_a_line_the_model_rewrites_is_written_escaped() {
    let md = options(None, true);
    let file = "# Layout\n\nWrap sections in <section> tags.\nKeep it short.\n";
    let got = result(
        file,
        "Wrap sections in <section> tags.\nKeep it short.",
        "Wrap each section in &lt;section&gt; tags.\nKeep it short.",
        &md,
    );
    assert_eq!(
        got,
        "# Layout\n\nWrap each section in &lt;section&gt; tags.\nKeep it short.\n"
    );
    // The same line in a `new` whose HTML lines are all escaped: the model escaped it all.
    let file = "<p>Intro</p>\nWrap sections in <section> tags.\n";
    let got = result(
        file,
        "<p>Intro</p>\nWrap sections in <section> tags.",
        "&lt;p&gt;Intro&lt;/p&gt;\nWrap each section in &lt;section&gt; tags.",
        &md,
    );
    assert_eq!(got, "<p>Intro</p>\nWrap each section in <section> tags.\n");
}

// `old` escaped every `$` for a shell (`\$HOME` where the file has `$HOME`), and so did the
// lines `new` changes; but `\$100` is a literal dollar in any shell, never a parameter.
#[test]
fn an_escaped_dollar_before_an_amount_survives_the_unescaping_of_old_s_dollars() {
    let sh = options(Some(Language::Bash), false);
    let file = "#!/bin/sh\nreport() {\n  echo \"$1 at $HOME\"\n}\n";
    let old = "report() {\n  echo \"\\$1 at \\$HOME\"\n}";
    let new = "report() {\n  echo \"\\$1 at \\$HOME\"\n  echo \"\\$2 owes \\$100\"\n  echo Fee: \\$2.50\n}";
    assert_eq!(
        result(file, old, new, &sh),
        "#!/bin/sh\nreport() {\n  echo \"$1 at $HOME\"\n  echo \"$2 owes \\$100\"\n  echo Fee: \\$2.50\n}\n"
    );
}

// A `\n` the text of a Markdown line names is written as typed; a one-line `new` whose
// breaks were encoded twice around `old`'s line still becomes lines.
#[test]
fn a_backslash_n_named_in_markdown_text_is_not_a_line_break() {
    let md = options(None, true);
    let file = "# Strings\n\nThe lexer reads escapes.\n\nEnd.\n";
    let old = "The lexer reads escapes.";
    for new in [
        "The lexer reads escapes: \\n and \\t.",
        "The lexer reads escapes, such as \\n, and quotes.",
    ] {
        assert_eq!(result(file, old, new, &md), file.replace(old, new), "{new}");
    }
    assert_eq!(
        result(
            file,
            old,
            "The lexer reads escapes.\\nIt keeps `\\n` as is.",
            &md
        ),
        "# Strings\n\nThe lexer reads escapes.\nIt keeps `\\n` as is.\n\nEnd.\n"
    );
    // A line break the model wrote, in `new` with a code sample's `\n`, stays one.
    let new = "The lexer reads escapes.\n\n```c\nputs(\"a\\n\");\n```";
    assert_eq!(result(file, old, new, &md), file.replace(old, new));
}

// Curly quotes typed as a JSON key's or value's delimiters are never the file's, even where
// its string values hold curly quotes; inside a string value they stay.
#[test]
fn curly_quotes_delimiting_json_strings_become_straight() {
    let json = options(Some(Language::Json), false);
    let file = "{\n  \"doc\": \"Use \u{201c}en\u{201d} for English\",\n  \"n\": 1\n}\n";
    let got = result(
        file,
        "  \"n\": 1",
        "  \"n\": 1,\n  \u{201c}lang\u{201d}: \u{201c}fr\u{201d}",
        &json,
    );
    assert_eq!(
        got,
        "{\n  \"doc\": \"Use \u{201c}en\u{201d} for English\",\n  \"n\": 1,\n  \"lang\": \"fr\"\n}\n"
    );
    let new = "  \"n\": 1,\n  \"title\": \"Say \u{201c}hi\u{201d}\"";
    assert_eq!(
        result(file, "  \"n\": 1", new, &json),
        file.replace("  \"n\": 1", new)
    );
}

// `new` is `old` without the byte-order mark `old` starts with: the mark is all the edit
// changes, so it is removed. Beside any other change the mark in `old` is a copying slip and
// the file keeps it; in a file without one there is nothing to remove.
#[test]
fn a_byte_order_mark_is_removed_only_when_it_is_all_the_edit_changes() {
    let none = options(None, false);
    let file = "\u{feff}a = 1\nb = 2\n";
    assert_eq!(
        result(file, "\u{feff}a = 1\nb = 2", "a = 1\nb = 2", &none),
        "a = 1\nb = 2\n"
    );
    assert_eq!(
        result(file, "\u{feff}a = 1", "a = 2", &none),
        "\u{feff}a = 2\nb = 2\n"
    );
    assert_eq!(
        crate::support::kind("a = 1\n", &Edit::new("\u{feff}a = 1", "a = 1")),
        "no_change"
    );
}

// A word's apostrophe made typographic, and nothing else changed: that character is the edit
// (before, the fold back to ASCII left the edit changing nothing, refused as no change).
#[test]
fn an_apostrophe_made_typographic_alone_is_the_edit() {
    let js = options(Some(Language::JavaScript), false);
    let file = "const hint = \"Don't panic\";\nshow(hint);\n";
    let got = result(
        file,
        "const hint = \"Don't panic\";",
        "const hint = \"Don\u{2019}t panic\";",
        &js,
    );
    assert_eq!(got, "const hint = \"Don\u{2019}t panic\";\nshow(hint);\n");
}

// In a file that writes typographic apostrophes itself, a rewritten line's `it’s` is asked
// for, even in the stretch it shares with the line it rewrites; where the model retypes the
// file's ASCII quotes in the same edit, its apostrophe is that habit too.
#[test]
fn an_apostrophe_the_file_writes_itself_stays_on_a_rewritten_line() {
    let py = options(Some(Language::Python), false);
    let file = "# the parser\u{2019}s state\nmsg = \"it's done\"\nx = 1\n";
    let got = result(
        file,
        "msg = \"it's done\"\nx = 1",
        "msg = \"it\u{2019}s finished\"\nx = 2",
        &py,
    );
    assert_eq!(
        got,
        "# the parser\u{2019}s state\nmsg = \"it\u{2019}s finished\"\nx = 2\n"
    );
    let got = result(
        file,
        "msg = \"it's done\"\nx = 1",
        "msg = \u{201c}it\u{2019}s finished\u{201d}\nx = 2",
        &py,
    );
    assert_eq!(
        got,
        "# the parser\u{2019}s state\nmsg = \"it's finished\"\nx = 2\n"
    );
}

// A string's tag escaped as entities in code, and nothing else changed: the escaping is the
// edit (decoded back, the edit changed nothing and was refused as no change).
#[test]
fn a_tag_escaped_in_a_code_string_alone_is_the_edit() {
    let js = options(Some(Language::JavaScript), false);
    let file = "const open = \"<span>\";\nrender(open);\n";
    let got = result(
        file,
        "const open = \"<span>\";\nrender(open);",
        "const open = \"&lt;span&gt;\";\nrender(open);",
        &js,
    );
    assert_eq!(got, "const open = \"&lt;span&gt;\";\nrender(open);\n");
}

// A sentence on a line of its own (in a multi-line string), in a file whose prose writes
// typographic quotes: its quotes are the author's style, like a comment's, and stay; a
// code line's curly quotes are still the model's habit.
#[test]
fn a_sentence_line_in_a_file_that_writes_typographic_quotes_keeps_them() {
    let rs = options(Some(Language::Rust), false);
    let file =
        "const HELP: &str = r\"\nRun the tool\u{2019}s checks.\nThen exit.\n\";\nfn main() {}\n";
    let got = result(
        file,
        "Run the tool\u{2019}s checks.\nThen exit.",
        "Run the tool\u{2019}s checks.\nRead the \u{201c}Limits\u{201d} part; it\u{2019}s short.\nThen exit.",
        &rs,
    );
    assert_eq!(
        got,
        "const HELP: &str = r\"\nRun the tool\u{2019}s checks.\nRead the \u{201c}Limits\u{201d} part; it\u{2019}s short.\nThen exit.\n\";\nfn main() {}\n"
    );
    let got = result(
        file,
        "fn main() {}",
        "fn main() {\n    println!(\u{201c}Read the docs now\u{201d});\n}",
        &rs,
    );
    assert!(got.contains("println!(\"Read the docs now\");"), "{got}");
}
