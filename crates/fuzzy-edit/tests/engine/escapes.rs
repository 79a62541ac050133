//! Escapes on either side: the file spells a character as `\u2013` and the model decoded it;
//! the model wrote `old` as a regex; `old` written with `\n` escapes abbreviates lines with an
//! elision marker. The first two reproduce real failed calls (a model sent `jest–diff` for a
//! file holding `jest\u2013diff`; another sent `if \(data\.items\.length > 1\) \{`), written
//! here from scratch.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, lines, strategy};

// A real call: the task was to fix the en dash the file spells `\u2013`; the model read the
// file decoded and sent the dash itself in `old`.
#[test]
fn a_decoded_character_matches_the_files_escape() {
    let file =
        "import React from 'react';\nimport { diff } from 'jest\\u2013diff';\n\nexport { diff };\n";
    let out = applied(
        file,
        &Edit::new(
            "import { diff } from 'jest\u{2013}diff';",
            "import { diff } from 'jest-diff';",
        ),
    );
    assert_eq!(
        out.text,
        "import React from 'react';\nimport { diff } from 'jest-diff';\n\nexport { diff };\n"
    );
    assert_eq!(strategy(&out), "escapes");
    assert_eq!(lines(&out), [(2, 2)]);
}

// `new` keeps the character the model copied from `old`: it is written back as the file spells
// it, not decoded into the file.
#[test]
fn new_is_written_in_the_files_spelling() {
    let file = "LABELS = {\n    \"fr\": \"caf\\u00e9\",\n    \"de\": \"Stra\\u00dfe\",\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "    \"fr\": \"caf\u{e9}\",\n    \"de\": \"Stra\u{df}e\",",
            "    \"fr\": \"caf\u{e9} cr\u{e8}me\",\n    \"de\": \"Stra\u{df}e\",",
        ),
    );
    assert_eq!(
        out.text,
        "LABELS = {\n    \"fr\": \"caf\\u00e9 cr\\u00e8me\",\n    \"de\": \"Stra\\u00dfe\",\n}\n"
    );
    assert_eq!(strategy(&out), "escapes");
}

// JavaScript's braced escapes and the line's indentation mistake are seen through together.
#[test]
fn braced_escapes_and_indentation() {
    let file = "function f() {\n    return '\\u{2013}';\n}\n";
    let out = applied(
        file,
        &Edit::new("return '\u{2013}';", "return '\u{2013}\u{2013}';"),
    );
    assert_eq!(
        out.text,
        "function f() {\n    return '\\u{2013}\\u{2013}';\n}\n"
    );
}

// A line added without any escaped character keeps the model's characters: there the file's
// convention is unknown.
#[test]
fn an_added_line_without_escapes_keeps_its_characters() {
    let file = "a = '\\u2013'\nb = 1\n";
    let out = applied(
        file,
        &Edit::new(
            "a = '\u{2013}'\nb = 1",
            "a = '\u{2013}'\n# see \u{2014} below\nb = 1",
        ),
    );
    assert_eq!(out.text, "a = '\\u2013'\n# see \u{2014} below\nb = 1\n");
}

// `\\u2013` is an escaped backslash followed by `u2013`, not a dash.
#[test]
fn an_escaped_backslash_is_not_a_character_escape() {
    let file = "s = 'a\\\\u2013b'\n";
    assert_eq!(
        kind(file, &Edit::new("s = 'a\u{2013}b'", "s = 'a-b'")),
        "not_found"
    );
}

// Two lines spell the character alike: the decoded `old` is ambiguous, as any `old` would be.
#[test]
fn a_decoded_character_on_twin_lines_is_ambiguous() {
    let file = "x = '\\u2013'\ny = 2\nx = '\\u2013'\n";
    assert_eq!(
        kind(file, &Edit::new("x = '\u{2013}'", "x = '-'")),
        "ambiguous"
    );
}

// A real call: `old` escaped every regex metacharacter of a line that occurs once.
#[test]
fn a_regex_escaped_old_is_unescaped() {
    let file = "async function count(data) {\n  if (data.items.length > 1) {\n    return data.items[0];\n  }\n  return null;\n}\n";
    let out = applied(
        file,
        &Edit::new(
            r"if \(data\.items\.length > 1\) \{",
            "if (data.items.length > 0) {",
        ),
    );
    assert_eq!(
        out.text,
        file.replace("length > 1", "length > 0"),
        "only the line the model meant changes"
    );
    assert_eq!(strategy(&out), "regex_escapes");
    assert_eq!(lines(&out), [(2, 2)]);
}

// `new` escaped like `old` is unescaped like it; a `new` that writes a regex of its own keeps it.
#[test]
fn new_is_unescaped_only_when_it_is_escaped_like_old() {
    let file = "let n = f(a.b);\n";
    let out = applied(
        file,
        &Edit::new(r"let n = f\(a\.b\);", r"let n = g\(a\.b\);"),
    );
    assert_eq!(out.text, "let n = g(a.b);\n");
    let out = applied(
        file,
        &Edit::new(r"let n = f\(a\.b\);", r"let n = f(a.b).match(/\d+\+/);"),
    );
    assert_eq!(out.text, "let n = f(a.b).match(/\\d+\\+/);\n");
}

// Unescaped, `old` occurs twice: nothing is chosen.
#[test]
fn a_regex_escaped_old_found_twice_is_not_applied() {
    let file = "if (a.b) {\n  x();\n}\nif (a.b) {\n  y();\n}\n";
    assert_eq!(
        kind(file, &Edit::new(r"if \(a\.b\) \{", "if (a.c) {")),
        "not_found"
    );
}

// In a file of regexes a backslash in `old` may be the file's own: a line holding escapes is
// never matched by unescaping `old`.
#[test]
fn a_line_holding_regex_escapes_is_not_matched_by_unescaping() {
    let file = "const re = /a\\.b/;\nconst s = 'a.b(c)';\n";
    assert_eq!(
        kind(
            file,
            &Edit::new(r"const re = /a\.b\(c\)/;", "const re = /x/;")
        ),
        "not_found"
    );
}

// Property seed 3010: `old` and `new` written with `\n` escapes, an elision comment in `new`
// alone. The comment stands for the lines of `old` it covers; it is never written.
#[test]
fn an_elision_comment_in_an_escaped_new_stands_for_old_lines() {
    let file = "fn f() {\n    a();\n    b();\n    c();\n}\n";
    let out = applied(
        file,
        &Edit::new(
            r"fn f() {\n    a();\n    b();\n    c();\n}",
            r"fn g() {\n    // ...\n    c();\n}",
        ),
    );
    assert_eq!(out.text, "fn g() {\n    a();\n    b();\n    c();\n}\n");
    assert_eq!(strategy(&out), "escapes");
}

// `old` written with `\n` escapes and an elision marker: the marker is resolved on the lines
// the escapes stand for.
#[test]
fn an_escaped_old_with_an_elision_marker_is_resolved() {
    let file = "fn f() {\n    a();\n    b();\n    c();\n}\n\nfn h() {}\n";
    let out = applied(
        file,
        &Edit::new(
            r"fn f() {\n    // ...\n    c();\n}",
            r"fn f() {\n    // ...\n    d();\n}",
        ),
    );
    assert_eq!(
        out.text,
        "fn f() {\n    a();\n    b();\n    d();\n}\n\nfn h() {}\n"
    );
    assert_eq!(strategy(&out), "elision");
    assert_eq!(lines(&out), [(1, 5)]);
}

// The escaped `new` must keep the marker as the plain one must: without it, the lines it
// covered would be deleted.
#[test]
fn an_escaped_new_that_drops_the_marker_is_not_applied() {
    let file = "fn f() {\n    a();\n    b();\n    c();\n}\n";
    let e = crate::support::refused(
        file,
        &Edit::new(
            r"fn f() {\n    // ...\n    c();\n}",
            r"fn f() {\n    d();\n}",
        ),
    );
    assert_ne!(e.kind(), "ambiguous");
}

// A Makefile quoted for a shell: every `$` of `old` written `\$`. The line `new` changes was
// quoted the same way, inside its double quotes too, and is written with the file's `$`.
#[test]
fn dollars_escaped_throughout_old_are_unescaped_in_changed_lines() {
    let file = "deploy:\n\t@echo \"pushing $${TAG}\"\n\tgit push origin \"$${TAG}\"\n";
    let old = "\t@echo \"pushing \\$\\${TAG}\"\n\tgit push origin \"\\$\\${TAG}\"";
    let new = "\t@echo \"pushing \\$\\${TAG} now\"\n\tgit push origin \"\\$\\${TAG}\"";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "deploy:\n\t@echo \"pushing $${TAG} now\"\n\tgit push origin \"$${TAG}\"\n"
    );
}

/// A C# verbatim literal spans lines of the file; the model wrote `old` and `new` with `\n`
/// escapes, the literal's lines too.
const VERBATIM: &str = "\
public void Example()
{
    string json = @\"{
  'CPU': 'Intel',
  'PSU': '500W'
}\";
    var o = JObject.Parse(json);
}
";

#[test]
fn a_literal_old_decoded_across_lines_is_decoded_so_in_new() {
    let old = r#"    string json = @"{\n  'CPU': 'Intel',\n  'PSU': '500W'\n}";\n    var o = JObject.Parse(json);"#;
    // A line of the literal dropped, the code after it changed.
    let new = r#"    string json = @"{\n  'PSU': '500W'\n}";\n    var p = JObject.Parse(json);"#;
    let out = applied(VERBATIM, &Edit::new(old, new));
    assert_eq!(
        out.text,
        VERBATIM
            .replace("  'CPU': 'Intel',\n", "")
            .replace("var o", "var p")
    );
    // A literal `new` adds, opening on a line `old` does not hold, keeps its escape.
    let new = format!("{old}\n    Console.Write(\"a\\nb\");");
    let out = applied(VERBATIM, &Edit::new(old, new));
    assert!(
        out.text.contains("Console.Write(\"a\\nb\");"),
        "{}",
        out.text
    );
    // The block twice: no choice between them.
    let twice = format!("{VERBATIM}{VERBATIM}");
    assert_ne!(
        kind(&twice, &Edit::new(old, old.replace("var o", "var p"))),
        "applied"
    );
}
