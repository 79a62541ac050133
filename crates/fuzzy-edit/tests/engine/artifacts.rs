//! Artifacts the model copies into `old` and `new`: escapes, read-tool line numbers, elisions.

use fuzzy_edit::{apply, Edit};

use crate::support::{applied, kind, lines, strategy};

// Models write a literal `\n` for a newline in both `old` and `new`: both are unescaped.
#[test]
fn literal_backslash_n_in_old_and_new_is_unescaped() {
    let file = "def relu(x):\n    return x if x > 0 else 0\n";
    let out = applied(
        file,
        &Edit::new(
            r"def relu(x):\n    return x if x > 0 else 0",
            r"def relu(x):\n    return max(x, 0)",
        ),
    );
    assert_eq!(out.text, "def relu(x):\n    return max(x, 0)\n");
    assert_eq!(strategy(&out), "escapes");
    assert_eq!(lines(&out), [(1, 2)]);
}

// The reverse: the file holds a `\n` escape inside a string literal, and `old` and `new` carry a
// real newline there because they were decoded once too often; the file's escape is kept.
#[test]
fn escaped_text_in_the_file_matches_an_old_with_real_newlines() {
    let file = "msg = \"line1\\nline2\"\n";
    let out = applied(
        file,
        &Edit::new("msg = \"line1\nline2\"", "msg = \"line1\nline3\""),
    );
    assert_eq!(out.text, "msg = \"line1\\nline3\"\n");
    assert_eq!(lines(&out), [(1, 1)]);
}

// When `old` matched only after undoing escapes, `new` is unescaped the same way; but code
// appended after a string whose `\n` the model decoded is refused rather than glued into it.
#[test]
fn escapes_are_undone_in_new_as_in_old() {
    let out = apply(
        "print(\"hi\")\n",
        &Edit::new("print(\\\"hi\\\")", "print(\\\"hi\\\")\nprint(\\\"bye\\\")"),
    )
    .unwrap();
    assert_eq!(out.text, "print(\"hi\")\nprint(\"bye\")\n");
    // Code added after a string whose `\n` escapes the model decoded is not glued into it.
    let r = apply(
        "msg = \"a\\nb\"\n",
        &Edit::new("msg = \"a\nb\"", "msg = \"a\nc\"\nprint(msg)"),
    );
    assert!(r.is_err(), "{r:?}");
}

// Line numbers a read tool printed (`1→`) are stripped from `old` and `new`; a line `new` adds
// without a number is written as it is.
#[test]
fn read_tool_numbers_never_reach_the_file() {
    let out = apply(
        "a = 1\nc = 3\n",
        &Edit::new(
            "1\u{2192}a = 1\n2\u{2192}c = 3",
            "1\u{2192}a = 1\nb = 2\n2\u{2192}c = 3",
        ),
    )
    .unwrap();
    assert_eq!(out.text, "a = 1\nb = 2\nc = 3\n");
}

// An elision marker (`# ...`) stands for lines inside one block: it does not stretch to a last
// line found only in the next function.
#[test]
fn elision_does_not_reach_into_the_next_function() {
    let py = "def f():\n    a()\n    return 1\n\ndef g():\n    b()\n    return None\n";
    let e = Edit::new(
        "def f():\n    # ...\n    return None",
        "def f():\n    # ...\n    return 0",
    );
    assert_eq!(kind(py, &e), "not_found");
    let rs = "fn a() {\n    setup();\n    run();\n}\n\nfn b() {\n    setup();\n    cleanup();\n}\n";
    let e = Edit::new(
        "fn a() {\n    // ...\n    cleanup();\n}",
        "fn a() {\n    // ...\n    cleanup();\n    log();\n}",
    );
    assert_eq!(kind(rs, &e), "not_found");
}

// A marker in `old` and `new` may cover lines shallower than it (the end of a tuple and the
// next one; `}` and the next block) when the pieces after it are context `new` keeps and the
// changed piece is the file's only one: the edit changes that piece and keeps what the marker
// covers. The changed piece after such a marker is still refused (above: `return None`).
#[test]
fn elision_across_a_block_end_lands_when_what_follows_is_context() {
    // Covered lines shallower than the marker but inside the block (issue 8): no crossing.
    let body = "def f(a):\n    if a:\n        x()\n        y()\n    z = 1\n    return z\n";
    let e = Edit::new(
        "    if a:\n        x()\n        # ...\n    return z",
        "    if a:\n        x()\n        # ...\n    return z + 1",
    );
    assert_eq!(
        apply(body, &e).unwrap().text,
        body.replace("return z", "return z + 1")
    );
    let py = "options = [\n    ('build=', None,\n     \"base directory\"),\n    ('all', 'a',\n     \"remove all output\"),\n]\n";
    let e = Edit::new(
        "    ('build=', None,\n     # ...\n     \"remove all output\"),",
        "    ('BUILD=', None,\n     # ...\n     \"remove all output\"),",
    );
    assert_eq!(apply(py, &e).unwrap().text, py.replace("build=", "BUILD="));
    let js = "function run() {\n  try {\n    if (a) {\n      log(1)\n    }\n    return next()\n  } catch (err) {\n    report(err)\n  }\n}\n";
    let e = Edit::new(
        "    if (a) {\n      log(1)\n    }\n    // ...\n    report(err)",
        "    if (a) {\n      log(3)\n    }\n    // ...\n    report(err)",
    );
    assert_eq!(apply(js, &e).unwrap().text, js.replace("log(1)", "log(3)"));
    // The changed line after the crossing: which block the model meant it in is unknown.
    let e = Edit::new(
        "    if (a) {\n      log(1)\n    }\n    // ...\n    report(err)",
        "    if (a) {\n      log(1)\n    }\n    // ...\n    report(err, 2)",
    );
    assert!(apply(js, &e).is_err());
    // A first piece the file holds twice: the context after the crossing would pick one.
    let twice = format!("{js}\nfunction other() {{\n    if (a) {{\n      log(1)\n    }}\n}}\n");
    let e = Edit::new(
        "    if (a) {\n      log(1)\n    }\n    // ...\n    report(err)",
        "    if (a) {\n      log(3)\n    }\n    // ...\n    report(err)",
    );
    assert!(apply(&twice, &e).is_err());
}

// The last line after an elided gap is matched at the depth the model wrote it: the function's
// `return x`, not the deeper one inside `if`.
#[test]
fn elision_keeps_the_depth_the_model_wrote() {
    let text = "def f(a):\n    if a:\n        return x\n    y()\n    return x\n";
    let e = Edit::new(
        "def f(a):\n    ...\n    return x",
        "def f(a):\n    ...\n    return x + 1",
    );
    assert_eq!(
        apply(text, &e).unwrap().text,
        "def f(a):\n    if a:\n        return x\n    y()\n    return x + 1\n"
    );
}

// A line `new` adds after an elided gap is indented at the block's depth in the file.
#[test]
fn line_inserted_after_an_elided_gap_takes_the_block_depth() {
    let text = "class A:\n    def f(self):\n        a()\n        b()\n        c()\n";
    let e = Edit::new(
        "def f(self):\n    # ...\n    c()",
        "def f(self):\n    # ...\n    x()\n    c()",
    );
    assert_eq!(
        apply(text, &e).unwrap().text,
        "class A:\n    def f(self):\n        a()\n        b()\n        x()\n        c()\n"
    );
}
