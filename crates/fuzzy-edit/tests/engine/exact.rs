//! Exact matching and splicing: the span found is the span replaced, and `new` is written as sent.

use fuzzy_edit::Edit;

use crate::support::{applied, lines, strategy, KERNEL};

// An `old` found byte for byte is replaced where it is, by the exact strategy, with full score.
#[test]
fn exact_match_replaces_in_place() {
    let file = "function hello() {\n  console.log(\"world\");\n}";
    let out = applied(
        file,
        &Edit::new("console.log(\"world\");", "console.log(\"universe\");"),
    );
    assert_eq!(
        out.text,
        "function hello() {\n  console.log(\"universe\");\n}"
    );
    assert_eq!(strategy(&out), "exact");
    assert_eq!(lines(&out), [(2, 2)]);
    assert_eq!(out.matches[0].score, 1.0);
    assert!(!out.sequential);
}

// Two lines rewritten, the line count unchanged: only those lines change.
#[test]
fn two_changed_lines_are_replaced_in_place() {
    let out = applied(
        KERNEL,
        &Edit::new(
            "    output = tl.tanh(input)\n    return output",
            "    output = input * tl.sigmoid(1.702 * input)\n    return output",
        ),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    output = tl.tanh(input)\n",
            "    output = input * tl.sigmoid(1.702 * input)\n"
        )
    );
    assert_eq!(strategy(&out), "exact");
    assert_eq!(lines(&out), [(7, 8)]);
}

// One line becomes two: the reported lines are the one line of the original.
#[test]
fn one_line_replaced_by_two() {
    let out = applied(
        KERNEL,
        &Edit::new(
            "    output = tl.tanh(input)",
            "    t = 1.702 * input\n    output = input * tl.sigmoid(t)",
        ),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    output = tl.tanh(input)\n",
            "    t = 1.702 * input\n    output = input * tl.sigmoid(t)\n"
        )
    );
    assert_eq!(lines(&out), [(7, 7)]);
}

// Two lines become one: the lines after them are untouched.
#[test]
fn two_lines_replaced_by_one() {
    let out = applied(
        KERNEL,
        &Edit::new(
            "    # TODO: fix this\n    output = tl.tanh(input)",
            "    output = input * tl.sigmoid(1.702 * input)",
        ),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    # TODO: fix this\n    output = tl.tanh(input)\n",
            "    output = input * tl.sigmoid(1.702 * input)\n"
        )
    );
    assert_eq!(lines(&out), [(6, 7)]);
}

// An empty `new` deletes the matched lines; after a fuzzy match the line's ending goes with it.
#[test]
fn empty_new_deletes_the_lines() {
    let out = applied(KERNEL, &Edit::new("    # TODO: fix this\n", ""));
    assert_eq!(out.text, KERNEL.replace("    # TODO: fix this\n", ""));
    assert_eq!(lines(&out), [(6, 6)]);
    // After a fuzzy match, the line and its line ending go.
    let out = applied("a\n  b  \nc\n", &Edit::new("b\n", ""));
    assert_eq!(out.text, "a\nc\n");
}

// `$&`, `$$`, `$1` in `new` are written literally, never expanded as replacement patterns
// (opencode's `replaceAll` expanded them, so `$&` wrote the matched text back).
#[test]
fn dollar_patterns_in_new_are_kept_literally() {
    let out = applied("a\na\n", &Edit::new("a", "$&$&").replace_all(true));
    assert_eq!(out.text, "$&$&\n$&$&\n");
    let out = applied(
        "echo pid\necho pid\n",
        &Edit::new("echo pid", "echo $$").replace_all(true),
    );
    assert_eq!(out.text, "echo $$\necho $$\n");
    let out = applied("x = a\n", &Edit::new("a", "$1 $0 ${1} $'"));
    assert_eq!(out.text, "x = $1 $0 ${1} $'\n");
    // After a fuzzy match too.
    let out = applied(
        "    let s = 1;\n",
        &Edit::new("let s = 1;\n", "let s = \"$&\";\n"),
    );
    assert_eq!(out.text, "    let s = \"$&\";\n");
}

// A fuzzy match replaces the span it found, not the first place its file text occurs: tools that
// search the matched text again (Kiro's `replacen`) edit an earlier copy of it.
#[test]
fn fuzzy_match_edits_its_own_span_not_an_earlier_copy_of_the_text() {
    let file = "x    let a = 1;\n    let b = 2;\n\nfn f() {\n    let a = 1;\n    let b = 2;\n}\n";
    // The file text of the block below (`    let a = 1;\n    let b = 2;`) also occurs at
    // byte 1, inside lines 1-2, which are not a line match for old.
    let out = applied(
        file,
        &Edit::new(
            "fn f() {\nlet a = 1;\nlet b = 2;\n}",
            "fn f() {\nlet a = 10;\nlet b = 2;\n}",
        ),
    );
    assert_eq!(
        out.text,
        "x    let a = 1;\n    let b = 2;\n\nfn f() {\n    let a = 10;\n    let b = 2;\n}\n"
    );
    assert_eq!(lines(&out), [(4, 7)]);
    assert_eq!(strategy(&out), "indentation");
}

// Every match names the strategy that found it, so a caller can see how loosely `old` matched.
#[test]
fn each_match_reports_its_strategy() {
    let cases: [(&str, &str, &str, &str); 6] = [
        ("a = 1\n", "a = 1", "a = 2", "exact"),
        (
            "a = 1  \nb = 2\n",
            "a = 1\nb = 2",
            "a = 1\nb = 3",
            "trailing_whitespace",
        ),
        ("\ta = 1\n", "  a = 1", "  a = 2", "indentation"),
        (
            "s = \u{201C}x\u{201D}\n",
            "s = \"x\"",
            "s = \"y\"",
            "unicode_punctuation",
        ),
        ("a  =  1\n", "a = 1", "a = 2", "inner_whitespace"),
        (
            "a = 1\nb = 2\n",
            "1\ta = 1\n2\tb = 2",
            "1\ta = 1\n2\tb = 3",
            "line_prefixes",
        ),
    ];
    for (file, old, new, want) in cases {
        let out = applied(file, &Edit::new(old, new));
        assert_eq!(strategy(&out), want, "{file:?} {old:?}");
    }
}
