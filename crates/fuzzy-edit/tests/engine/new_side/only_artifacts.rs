//! Copying artifacts the model puts in `new` alone (`old` is exact): odd spaces in Markdown,
//! trailing blanks, literal `\n` between statements, a bare `...` standing for lines of `old`.
//! None reaches the file unless it is the file's own.

use fuzzy_edit::{apply_with, Edit, Options};

use crate::support::applied;

fn prose() -> Options {
    Options {
        prose: true,
        ..Options::default()
    }
}

// A no-break space after a list marker or in its indentation makes the item text: mapped to
// a space, as in code. Where the file uses no-break spaces itself they are the author's.
#[test]
fn a_no_break_space_in_markdown_new_is_a_plain_space() {
    let file = "# List\n\n- one\n- two\n";
    let edit = Edit::new("- two", "- two\n-\u{a0}three\n\u{a0}\u{a0}- nested");
    let out = apply_with(file, &[edit], &prose()).unwrap();
    assert_eq!(out.text, "# List\n\n- one\n- two\n- three\n  - nested\n");
    let french = "# Liste\n\nIl dit\u{a0}: oui.\n";
    let edit = Edit::new("Il dit\u{a0}: oui.", "Il dit\u{a0}: non\u{a0}!");
    let out = apply_with(french, &[edit], &prose()).unwrap();
    assert_eq!(out.text, "# Liste\n\nIl dit\u{a0}: non\u{a0}!\n");
}

// Trailing blanks on lines the model wrote, where the file has none, are dropped; in a file
// whose lines commonly carry them they stay, and so does a Markdown hard line break in a text
// that uses them.
#[test]
fn trailing_blanks_only_new_has_are_dropped() {
    let file = "def f():\n    a = 1\n    return a\n";
    let out = applied(
        file,
        &Edit::new("    a = 1\n", "    a = 2   \n    b = a\t\n"),
    );
    assert_eq!(out.text, "def f():\n    a = 2\n    b = a\n    return a\n");
    let file = "a = 1 \nb = 2 \nc = 3\n";
    let out = applied(file, &Edit::new("c = 3", "c = 4 "));
    assert_eq!(out.text, "a = 1 \nb = 2 \nc = 4 \n");
    let md = "Roses are red,  \nviolets blue.\n\nMore.\n";
    let edit = Edit::new("More.", "Sugar is sweet,  \nand so are you.");
    let out = apply_with(md, &[edit], &prose()).unwrap();
    assert_eq!(
        out.text,
        "Roses are red,  \nviolets blue.\n\nSugar is sweet,  \nand so are you.\n"
    );
}

// A one-line `new` with literal `\n` (and `\t`, `\r\n`) between statements of a language that
// ends them with `;`: line breaks encoded twice, decoded outside strings and characters.
#[test]
fn literal_line_breaks_between_statements_are_decoded() {
    let c = "int main() {\n\tint x = 0;\n\treturn x;\n}\n";
    let out = applied(c, &Edit::new("int x = 0;", r"int x = 1;\n\tint y = 2;\n"));
    assert_eq!(
        out.text,
        "int main() {\n\tint x = 1;\n\tint y = 2;\n\treturn x;\n}\n"
    );
    let java = "class A {\n    void f() {\n        foo(a);\n    }\n}\n";
    let out = applied(
        java,
        &Edit::new(
            "        foo(a);",
            r#"        foo(a);\r\n        log("a\n");\n"#,
        ),
    );
    assert_eq!(
        out.text,
        "class A {\n    void f() {\n        foo(a);\n        log(\"a\\n\");\n    }\n}\n"
    );
}

// A bare `...` line standing for lines of `old` the model did not retype keeps them; a stub
// (a new function's body, a `new` of `...` alone) is code; a block of `old` whose whole body
// becomes `...` is unclear.
#[test]
fn a_bare_ellipsis_in_python_new_is_an_elision_unless_it_is_a_stub() {
    let file = "def f(x):\n    a = 1\n    b = 2\n    return a\n";
    let old = "def f(x):\n    a = 1\n    b = 2\n    return a";
    let out = applied(
        file,
        &Edit::new(old, "def f(x):\n    ...\n    return a + 1"),
    );
    assert_eq!(
        out.text,
        "def f(x):\n    a = 1\n    b = 2\n    return a + 1\n"
    );
    let out = applied(
        file,
        &Edit::new("    return a", "    return a\n\n\ndef g(y):\n    ..."),
    );
    assert_eq!(out.text, format!("{file}\n\ndef g(y):\n    ...\n"));
    let out = applied(file, &Edit::new("    b = 2", "    ..."));
    assert_eq!(out.text, "def f(x):\n    a = 1\n    ...\n    return a\n");
    // (Read as an elision, `def f(x):` then `...` would change nothing: the model writes the
    // stub.)
    let out = applied(file, &Edit::new(old, "def f(x):\n    ..."));
    assert_eq!(out.text, "def f(x):\n    ...\n");
    // With a change elsewhere, both readings change something: unclear, and the refusal says
    // how to write a stub.
    let file = "def f(x):\n    a = 1\n    return a\n\n\ndef g():\n    return 1\n";
    let err = crate::support::refused(
        file,
        &Edit::new(file, "def f(x):\n    ...\n\n\ndef g():\n    return 2\n"),
    );
    assert_eq!(err.kind(), "unclear_elision");
    assert!(err.to_string().contains("write `pass`"), "{err}");
}

// A comment the model adds with a typographic quote (`it’s`), in a file that writes none, is
// written with the file's ASCII quote; where the file writes typographic quotes in its prose
// (any of them), the comment's are in its style and kept. A dash in a comment may be the
// author's prose: kept, unless the model shows it as its habit.
#[test]
fn typographic_quotes_in_a_fresh_comment_are_plain_where_the_file_has_none() {
    let file = "int f(int n) {\n    if (n > 8) {\n        n = 8;\n    }\n    return n;\n}\n";
    let old = "    if (n > 8) {\n        n = 8;";
    let new = "    if (n > 8) {\n        // Clamp first; it\u{2019}s \u{201c}cheaper\u{201d}\n        n = 8;";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace(
            "        n = 8;",
            "        // Clamp first; it's \"cheaper\"\n        n = 8;"
        )
    );
    let curly = format!("// It\u{2019}s small.\n{file}");
    let out = applied(&curly, &Edit::new(old, new));
    assert_eq!(
        out.text,
        curly.replace(
            "        n = 8;",
            "        // Clamp first; it\u{2019}s \u{201c}cheaper\u{201d}\n        n = 8;"
        )
    );
    let new = "    if (n > 8) {\n        // Clamp \u{2014} cheaper\n        n = 8;";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace(
            "        n = 8;",
            "        // Clamp \u{2014} cheaper\n        n = 8;"
        )
    );
}

// A comment line the model rewrote keeps the file's quotes where it copied them: `’reasoning’`
// stands where the file has `'reasoning'` (the file uses `’` elsewhere, so it is no habit).
#[test]
fn quotes_a_rewritten_comment_copied_from_the_file_stay_the_files() {
    let file = "// It\u{2019}s sent back\nswitch (t) {\n\tcase \"delta\":\n\t\t// 'reasoning' type shows in the UI, but ant_thinking is sent back\n\t\tyield { type: \"reasoning\" }\n}\n";
    let old =
        "\tcase \"delta\":\n\t\t// 'reasoning' type shows in the UI, but ant_thinking is sent back";
    let new = "\tcase \u{201c}delta\u{201d}:\n\t\t// \u{2019}reasoning\u{2019} type shows in the UI, but the signature is sent back";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("ant_thinking", "the signature"));
}

// A `new` written with `\n` escapes for `old`'s lines is decoded even where `old`'s other lines
// leave a quote open (a docstring's `"""`, an apostrophe in a comment): they hide no escape.
#[test]
fn an_escaped_new_is_decoded_beside_docstrings_and_apostrophes() {
    let file = "def quote(cmd):\n    \"\"\"\n    Returns: the command.\n    \"\"\"\n    sep = \"\\n\"  # it's a line\n    return join(cmd, sep)\n";
    let old = "    Returns: the command.\n    \"\"\"\n    sep = \"\\n\"  # it's a line";
    let new = r#"    Returns: the quoted command.\n    \"\"\"\n    sep = \"\\n\"  # it's a line"#;
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("the command", "the quoted command"));
}

// A whole `new` escaped onto one line, with a `'''` docstring: `'''` read as an empty string
// and an open `'` kept the docstring's breaks escaped, writing its three lines as one. They
// are `old`'s lines, so they are split; a `\n` inside a real string is no line of `old`, and
// stays.
#[test]
fn an_escaped_new_splits_a_docstring_where_old_has_its_lines() {
    let file = "def parent():\n    '''\n    Return the parent process\n    '''\n    return _parent\n\n\ndef child():\n    return _child\n";
    let old = &file[..file.find("\n\n\n").unwrap()];
    let new = r"def parent():\n    '''\n    Return the parent process\n    '''\n    return _parent_process";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("_parent\n", "_parent_process\n"));
    let file = "def f(x):\n    return x\n";
    let out = applied(
        file,
        &Edit::new(
            "def f(x):\n    return x",
            r#"def f(x):\n    print("x\nreturn")\n    return x"#,
        ),
    );
    assert_eq!(
        out.text,
        "def f(x):\n    print(\"x\\nreturn\")\n    return x\n"
    );
}
