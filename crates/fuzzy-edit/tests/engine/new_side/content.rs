//! What looks like one of the model's artifacts in `new` but is the program's own content:
//! cleaning `new` never changes what the model meant (the adversarial review of issue 8).

use fuzzy_edit::{apply_with, Edit, Language, Options};

use crate::support::{applied, strategy};

fn applied_in(language: Language, file: &str, edit: Edit) -> String {
    let options = Options {
        language: Some(language),
        ..Options::default()
    };
    match apply_with(file, &[edit], &options) {
        Ok(out) => out.text,
        Err(f) => panic!("expected the edit to apply, got {:?}", f.failures[0].error),
    }
}

// A one-line `new` written with `\n` escapes for the lines of a multi-line `old` is decoded,
// but not the `\n` inside a single-quoted literal: that one is the program's.
#[test]
fn a_line_break_escape_inside_single_quotes_stays_when_new_is_decoded() {
    let file = "function f(lines) {\n  const a = 1;\n  return a;\n}\n";
    let old = "  const a = 1;\n  return a;";
    let new = r"  const a = 1;\n  return lines.join('\n');";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "function f(lines) {\n  const a = 1;\n  return lines.join('\\n');\n}\n"
    );
    // C's character literal, and Python's string when the language says `'` quotes strings.
    let file = "int f(char c) {\n  int n = 0;\n  return n;\n}\n";
    let new = r"  int n = 0;\n  return c == '\n';";
    let out = applied(file, &Edit::new("  int n = 0;\n  return n;", new));
    assert_eq!(
        out.text,
        "int f(char c) {\n  int n = 0;\n  return c == '\\n';\n}\n"
    );
    let file = "def f(rows):\n    n = 0\n    return n\n";
    let new = r"    n = 0\n    return 'rows:\n' + '\n'.join(rows)";
    let text = applied_in(
        Language::Python,
        file,
        Edit::new("    n = 0\n    return n", new),
    );
    assert_eq!(
        text,
        "def f(rows):\n    n = 0\n    return 'rows:\\n' + '\\n'.join(rows)\n"
    );
}

// Rust lifetimes and apostrophes open no literal: the `\n` between them is a line break.
#[test]
fn lifetimes_and_apostrophes_do_not_hide_line_breaks() {
    let file = "fn f<'a>(x: &'a str) -> &'a str {\n    let y = x;\n    y\n}\n";
    let old = "fn f<'a>(x: &'a str) -> &'a str {\n    let y = x;";
    let new = r"fn f<'a>(x: &'a str) -> &'a str {\n    // don't copy\n    let y = x;";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "fn f<'a>(x: &'a str) -> &'a str {\n    // don't copy\n    let y = x;\n    y\n}\n"
    );
}

// Lines of a fixture that look like `cat -n` output are content, whether the file holds such
// lines already or the model adds the first ones.
#[test]
fn a_fixture_of_numbered_lines_is_not_read_tool_numbering() {
    let file = "def test_cat():\n    expected = \"x\"\n";
    let new = "    expected = \"\"\"\\\n     1\tfoo\n     2\tbar\n\"\"\"";
    let out = applied(file, &Edit::new("    expected = \"x\"", new));
    assert_eq!(out.text, format!("def test_cat():\n{new}\n"));
    let file = "     1\tfoo\n     2\tbar\n";
    let out = applied(file, &Edit::new("     2\tbar", "     2\tbaz\n     3\tqux"));
    assert_eq!(out.text, "     1\tfoo\n     2\tbaz\n     3\tqux\n");
}

// Copied from a read tool, numbers and all, from a file whose content is numbered that way:
// the read tool's numbers go, the content's stay.
#[test]
fn read_tool_numbers_over_numbered_content_are_stripped_once() {
    let file = "def test_cat():\n    expected = \"\"\"\\\n     1\tfoo\n\"\"\"\n";
    let edit = Edit::new(
        "     3\t     1\tfoo",
        "     3\t     1\tfoo\n     4\t     2\tbar",
    );
    let out = applied(file, &edit);
    assert_eq!(
        out.text,
        "def test_cat():\n    expected = \"\"\"\\\n     1\tfoo\n     2\tbar\n\"\"\"\n"
    );
}

// In YAML typographic quotes are no syntax: `“Final”` is a plain scalar holding them.
#[test]
fn typographic_quotes_in_a_yaml_value_are_the_value() {
    let file = "title: \"Draft\"\nauthor: me\n";
    let edit = Edit::new("title: \"Draft\"", "title: \u{201C}Final\u{201D}");
    let text = applied_in(Language::Yaml, file, edit);
    assert_eq!(text, "title: \u{201C}Final\u{201D}\nauthor: me\n");
}

// In shell a typographic quote inside an unquoted word is the word's (a `sed` expression that
// replaces curly quotes); one opening a word is the model's habit and becomes ASCII.
#[test]
fn typographic_quotes_inside_a_shell_word_are_data() {
    let file = "#!/bin/sh\nsed -i s/x/y/g file\n";
    let edit = Edit::new("sed -i s/x/y/g file", "sed -i s/\u{201C}/\\\"/g file");
    let text = applied_in(Language::Bash, file, edit);
    assert_eq!(text, "#!/bin/sh\nsed -i s/\u{201C}/\\\"/g file\n");
    let edit = Edit::new("sed -i s/x/y/g file", "echo \u{201C}done\u{201D}");
    let text = applied_in(Language::Bash, file, edit);
    assert_eq!(text, "#!/bin/sh\necho \"done\"\n");
}

// A heredoc's body is data: where `old` was matched with an indentation difference, the code
// around it is re-indented and the body is not.
#[test]
fn heredoc_bodies_keep_their_indentation_when_the_code_is_re_indented() {
    let file = "main() {\n    if true; then\n        cat <<EOF\nline one\n  line two\nEOF\n        echo done\n    fi\n}\n";
    let old = "if true; then\n    cat <<EOF\nline one\n  line two\nEOF\n    echo done\nfi";
    let new = "if true; then\n    cat <<EOF\nline one\n  line two\nline three\nEOF\n    echo finished\nfi";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "main() {\n    if true; then\n        cat <<EOF\nline one\n  line two\nline three\nEOF\n        echo finished\n    fi\n}\n"
    );
    // A heredoc the model adds, flush left, stays flush left.
    let file = "main() {\n    if true; then\n        echo done\n    fi\n}\n";
    let old = "if true; then\n    echo done\nfi";
    let new = "if true; then\n    cat <<EOF\nbody\n  indented\nEOF\n    echo done\nfi";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "main() {\n    if true; then\n        cat <<EOF\nbody\n  indented\nEOF\n        echo done\n    fi\n}\n"
    );
}

// A multi-line string is data too, while a docstring indented with its function moves with it.
#[test]
fn multi_line_strings_stay_and_docstrings_move_with_the_code() {
    let file = "class A:\n    def f(self):\n        x = 1\n        return x\n";
    let old = "def f(self):\n    x = 1\n    return x";
    let new = "def f(self):\n    x = \"\"\"\nSELECT 1\n  FROM t\n\"\"\"\n    return x";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "class A:\n    def f(self):\n        x = \"\"\"\nSELECT 1\n  FROM t\n\"\"\"\n        return x\n"
    );
    let new = "def f(self):\n    \"\"\"Doc.\n\n    More.\n    \"\"\"\n    x = 1\n    return x";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "class A:\n    def f(self):\n        \"\"\"Doc.\n\n        More.\n        \"\"\"\n        x = 1\n        return x\n"
    );
}

// The file writes `–` as `\u2013`; the model, reading it decoded, changes it to `—`: that is
// a change, written in the file's escape form, not an edit that changes nothing.
#[test]
fn a_dash_changed_for_another_dash_is_written_in_the_files_escapes() {
    let file = "{\"range\": \"1\\u20132\"}\n";
    let out = applied(file, &Edit::new("\"range\": \"1–2\"", "\"range\": \"1—2\""));
    assert_eq!(out.text, "{\"range\": \"1\\u20142\"}\n");
    assert_eq!(strategy(&out), "escapes");
}

// `--amend`, `$#`, `this.#x` and `http://` start no comment: the curly quotes after them are
// code, typed curly, and mapped; a `#` or `--` standing apart does start one.
#[test]
fn flags_urls_and_private_names_start_no_comment() {
    let out = applied_in(
        Language::Bash,
        "x=1\n",
        Edit::new("x=1", "git commit --amend -m “fix”"),
    );
    assert_eq!(out, "git commit --amend -m \"fix\"\n");
    let out = applied(
        "const x = 1;\n",
        &Edit::new("const x = 1;", "const u = “http://a.b/c”;"),
    );
    assert_eq!(out.text, "const u = \"http://a.b/c\";\n");
    let out = applied("x = 1\n", &Edit::new("x = 1", "x = 1  # fine — really"));
    assert_eq!(out.text, "x = 1  # fine — really\n");
}

// A one-line `new` with literal `\n` breaks: a `\"` inside a `"` literal the model opened
// with a plain quote is the literal's escape, kept; `""` is an empty literal that leaves
// nothing open, so the breaks after it are decoded.
#[test]
fn escapes_inside_a_plain_literal_stay_when_new_is_decoded() {
    let file = "function f() {\n  const s = \"a\\\"b\";\n  let n = 0;\n  return s;\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "  const s = \"a\\\"b\";\n  let n = 0;\n  return s;",
            r#"  const s = "a\"b";\n  let n = 1;\n  return s;"#,
        ),
    );
    assert_eq!(out.text, file.replace("n = 0", "n = 1"));
    let file = "def f():\n    name = \"\"\n    n = 0\n    return n\n";
    let out = applied(
        file,
        &Edit::new(
            "    name = \"\"\n    n = 0\n    return n",
            r#"    name = ""\n    n = 1\n    return n"#,
        ),
    );
    assert_eq!(out.text, file.replace("n = 0", "n = 1"));
}

// A one-line `new` with `\n` before the line's own indentation and a name: the next statement
// of a language without semicolons, decoded (after `x = 0`, and after an empty string).
#[test]
fn a_line_break_before_the_lines_indentation_is_decoded() {
    let file = "def f():\n    x = 1\n    return x\n";
    let out = applied(file, &Edit::new("    x = 1", r"    x = 0\n    y = 1"));
    assert_eq!(out.text, "def f():\n    x = 0\n    y = 1\n    return x\n");
    let file = "def f():\n    x = \"\"\n    return x\n";
    let out = applied(file, &Edit::new("    x = \"\"", r#"    x = ""\n    y = 1"#));
    assert_eq!(
        out.text,
        "def f():\n    x = \"\"\n    y = 1\n    return x\n"
    );
    // Inside a string, or not at the line's indentation, it stays.
    let out = applied(file, &Edit::new("    x = \"\"", r#"    x = "a\n    b""#));
    assert_eq!(out.text, "def f():\n    x = \"a\\n    b\"\n    return x\n");
}
