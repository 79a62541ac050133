//! An exact `old` that starts or ends inside a line of the file (the model copied its first
//! line from the middle, or its last line short) while `new` writes that line whole: a
//! whole-line edit, never the rest of the line written twice; refused where `new`'s meaning
//! there is unclear; an in-line edit where `new` does not repeat the rest of the line.

use fuzzy_edit::{apply, Edit};
use proptest::prelude::*;

use crate::support::{applied, kind, refused};

// The last line of `old` cut short; `new`'s line is the file's whole line.
#[test]
fn a_last_line_cut_short_is_replaced_whole() {
    let file = "# Title\n\nThe quick brown fox jumps over the lazy dog.\nEnd.\n";
    let edit = Edit::new(
        "# Title\n\nThe quick brown fox jumps",
        "# New title\n\nThe quick brown fox jumps over the lazy dog.",
    );
    assert_eq!(
        applied(file, &edit).text,
        "# New title\n\nThe quick brown fox jumps over the lazy dog.\nEnd.\n"
    );
}

// The first line of `old` begins mid-line; `new`'s first line is the whole line.
#[test]
fn a_first_line_copied_from_the_middle_is_replaced_whole() {
    let file = "# Title\n\nThe quick brown fox jumps over the lazy dog.\nEnd.\n";
    let edit = Edit::new(
        "jumps over the lazy dog.\nEnd.",
        "The quick brown fox jumps over the lazy dog.\nThe end.",
    );
    assert_eq!(
        applied(file, &edit).text,
        "# Title\n\nThe quick brown fox jumps over the lazy dog.\nThe end.\n"
    );
    // Indented: `new` written without the indentation keeps the file's.
    let file = "fn f() {\n    let total = a + b;\n}\n";
    let edit = Edit::new("total = a + b;\n}", "let total = a + b + c;\n}");
    assert_eq!(
        applied(file, &edit).text,
        "fn f() {\n    let total = a + b + c;\n}\n"
    );
}

// `old`'s last line lacks the line's final `;` / `{` / comment, which `new` has.
#[test]
fn a_line_end_new_writes_is_not_doubled() {
    let file = "int f(void) {\n  g(x);\n  return 0;\n}\n";
    let edit = Edit::new("  g(x);\n  return 0", "  g(x);\n  return 1;");
    assert_eq!(
        applied(file, &edit).text,
        "int f(void) {\n  g(x);\n  return 1;\n}\n"
    );
    let file = "if (a) {\n  b();\n}\n";
    let edit = Edit::new("if (a)", "if (a && c) {");
    assert_eq!(applied(file, &edit).text, "if (a && c) {\n  b();\n}\n");
    let file = "x = 1;  // the count\n";
    let edit = Edit::new("x = 1;", "x = 2;  // the count");
    assert_eq!(applied(file, &edit).text, "x = 2;  // the count\n");
}

// `old` and `new` both lack the line's tail, and `new` adds a line after it: the tail stays on
// its line instead of being glued onto the added one.
#[test]
fn a_tail_left_out_stays_on_its_line_when_new_adds_lines() {
    let file = ".a {\n  font-style: normal;\n}\n\n.function {\n  color: #004466;\n}\n";
    let edit = Edit::new(
        "  font-style: normal;\n}\n\n.function",
        "  font-style: normal;\n}\n\n.function\n.function_extra {",
    );
    assert_eq!(
        applied(file, &edit).text,
        ".a {\n  font-style: normal;\n}\n\n.function {\n.function_extra {\n  color: #004466;\n}\n"
    );
    let file = "    };\n\n#undef A\n\n  } // namespace detail\n} // namespace pbds\n";
    let edit = Edit::new(
        "#undef A\n\n  }",
        "#undef A\n\n  }\n  } // namespace_extra detail",
    );
    assert_eq!(
        applied(file, &edit).text,
        "    };\n\n#undef A\n\n  } // namespace detail\n  } // namespace_extra detail\n} // namespace pbds\n"
    );
}

// A tail of code after the cut line, with lines added after it: the model may mean to split the
// line, or to add after it. Refused, showing the whole line.
#[test]
fn a_code_tail_with_lines_added_after_the_cut_is_refused() {
    let file = "a = 1; b = 2;\nc = 3;\n";
    let edit = Edit::new("a = 1;", "a = 1;\nz = 0;");
    let err = refused(file, &edit);
    assert_eq!(err.kind(), "content_mismatch");
    assert!(err.to_string().contains("a = 1; b = 2;"), "{err}");
    // Lines added before a first line copied from the middle.
    let file = "let x = compute(a);\nuse(x);\n";
    let edit = Edit::new("compute(a);\nuse(x);", "log();\ncompute(a);\nuse(x, y);");
    assert_eq!(kind(file, &edit), "content_mismatch");
}

// `new` writes the line on past `old`'s piece with a change in the part outside the match:
// spliced, that part would come twice (`... cat. over the lazy dog.`). Refused.
#[test]
fn a_changed_rest_of_a_cut_line_is_refused() {
    let file = "# Title\n\nThe quick brown fox jumps over the lazy dog.\nEnd.\n";
    let edit = Edit::new(
        "# Title\n\nThe quick brown fox jumps",
        "# New title\n\nThe quick brown fox jumps over the lazy cat.",
    );
    let err = refused(file, &edit);
    assert_eq!(err.kind(), "content_mismatch");
    assert!(
        err.to_string()
            .contains("The quick brown fox jumps over the lazy dog."),
        "{err}"
    );
    let edit = Edit::new(
        "jumps over the lazy dog.\nEnd.",
        "The quick red fox jumps over the lazy dog.\nThe end.",
    );
    assert_eq!(kind(file, &edit), "content_mismatch");
    let file = ".a .gp { color: #8f5902 } /* Prompt */\n";
    let edit = Edit::new(".a .gp { color:", ".a .gp { color: #8f5902 } /* PromptX */");
    assert_eq!(kind(file, &edit), "content_mismatch");
}

// `new` keeps the part of the line outside the match out of it too: an in-line edit.
#[test]
fn an_in_line_edit_keeps_substring_semantics() {
    let file = "int f(void) {\n  return 0;\n}\n";
    let edit = Edit::new("return 0", "return 1");
    assert_eq!(applied(file, &edit).text, "int f(void) {\n  return 1;\n}\n");
    // Wrapping a call: `new` ends with the tail `)`, but only the substring reading keeps the
    // line's brackets balanced.
    let file = "y = f(x)\n";
    assert_eq!(
        applied(file, &Edit::new("f(x", "f(g(x)")).text,
        "y = f(g(x))\n"
    );
    // An insertion in the line that shares only a short run with the rest of it.
    let file = "x = a + b\n";
    assert_eq!(
        applied(file, &Edit::new("x = a", "x = a + c")).text,
        "x = a + c + b\n"
    );
    // Neither reading balances: refused.
    let file = "y = f(x)\n";
    assert_eq!(kind(file, &Edit::new("f(x", "h(x))")), "content_mismatch");
}

proptest! {
    // For any line cut at any character into a piece `old` ends with (or starts with), and a
    // `new` that writes the whole line with a change, the line's other part is never written
    // twice: the edit replaces the whole line, or is refused.
    #[test]
    fn the_rest_of_a_cut_line_is_never_written_twice(
        lines in prop::collection::vec("[a-z]{2,6}( [a-z(){};,=]{1,6}){1,4}", 3..7),
        pick in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
        tag in "[A-Z]{1,3}",
        at_end in any::<bool>(),
    ) {
        let i = 1 + pick.index(lines.len() - 2);
        let line = &lines[i];
        let c = 1 + cut.index(line.len() - 1);
        let (head, tail) = line.split_at(c);
        prop_assume!(!head.trim().is_empty() && !tail.trim().is_empty());
        let text = format!("{}\n", lines.join("\n"));
        let (old, new, changed) = if at_end {
            let changed = format!("{tag}{line}");
            (format!("{}\n{head}", lines[i - 1]), format!("{}\n{changed}", lines[i - 1]), changed)
        } else {
            let changed = format!("{line}{tag}");
            (format!("{tail}\n{}", lines[i + 1]), format!("{changed}\n{}", lines[i + 1]), changed)
        };
        prop_assume!(text.matches(old.as_str()).count() == 1);
        let out = apply(&text, &Edit::new(old, new));
        prop_assert!(out.is_ok(), "{:?}", out.err().map(|e| e.to_string()));
        let mut want = lines.clone();
        want[i] = changed;
        prop_assert_eq!(out.unwrap().text, format!("{}\n", want.join("\n")));
    }
}
