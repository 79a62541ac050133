//! Misremembered lines, edited: file lines survive; changing a line the model got wrong is refused.

use fuzzy_edit::{Edit, EditError};

use crate::support::{applied, kind, lines, refused, strategy};

// A context line the model misremembered (a comment the file lacks) is matched, and the file's
// line, not the model's, stays in the result.
#[test]
fn block_anchor_accepts_a_misremembered_context_line_and_keeps_the_file_line() {
    let file = "fn calculate() {\n    let result = a + b;\n    return result;\n}\n";
    let old = "fn calculate() {\n    let result = a + b; // sum\n    return result;\n}";
    let new = "fn calculate() {\n    let result = a + b; // sum\n    return result * 2;\n}";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "fn calculate() {\n    let result = a + b;\n    return result * 2;\n}\n"
    );
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 4)]);
    assert!(out.matches[0].score >= 0.8 && out.matches[0].score < 1.0);
}

// Rewriting the very line the model misremembered is refused: the model is wrong about the code,
// and the error shows its line beside the file's, with the file's line number.
#[test]
fn changing_a_misremembered_line_is_refused_as_content_mismatch() {
    let file = "fn calculate() {\n    let result = a + b;\n    return result;\n}\n";
    let old = "fn calculate() {\n    let result = a + b; // sum\n    return result;\n}";
    let new = "fn calculate() {\n    let result = a + b + c; // sum\n    return result;\n}";
    let err = refused(file, &Edit::new(old, new));
    assert_eq!(err.kind(), "content_mismatch");
    assert_eq!(err.locations(), [(1, 4)]);
    match err {
        EditError::ContentMismatch {
            strategy,
            old_text,
            file_text,
            ..
        } => {
            assert_eq!(strategy, "block_anchor");
            assert!(old_text.contains("a + b; // sum"), "{old_text}");
            assert!(file_text.contains("let result = a + b;"), "{file_text}");
            assert!(
                file_text.contains('2'),
                "file line number shown: {file_text}"
            );
        }
        other => panic!("{other:?}"),
    }
}

// `old` says `foo(2)`, the file has `foo(1)`, and `new` rewrites that line: refused, rather than
// overwrite the real line as gitlawb did.
#[test]
fn rewriting_a_drifted_interior_line_is_refused() {
    let file = "if (a) {\n  foo(1)\n}\nif (b) {\n  bar(2)\n}\n";
    let err = refused(
        file,
        &Edit::new("if (a) {\n  foo(2)\n}", "if (a) {\n  foo(3)\n}"),
    );
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(1, 3)]);
}

// A single line copied without its indentation and a character off, rewritten in `new`: the
// merged line keeps the file's depth (it once landed at column 0, which breaks Python).
#[test]
fn a_merged_line_keeps_the_files_indentation() {
    let file = "def f(a, b):\n    total = compute_the_sum(a, b)\n    return total\n";
    let out = applied(
        file,
        &Edit::new(
            "total = compute_the_sum(a, c)",
            "total = compute_the_sum(a, c) + 1",
        ),
    );
    assert_eq!(
        out.text,
        "def f(a, b):\n    total = compute_the_sum(a, b) + 1\n    return total\n"
    );
    assert_eq!(strategy(&out), "typo_line");
    // The model's `new` already saying what the file says there is no change.
    assert_eq!(
        kind(
            file,
            &Edit::new(
                "total = compute_the_sum(a, c)",
                "total = compute_the_sum(a, b)"
            )
        ),
        "already_applied"
    );
}

// A word misspelled in the one line the model rewrites (`checx_gitignore`), where the rewrite
// does not write the misspelling again: the model's line stands (Gemini CLI lands these).
#[test]
fn a_rewritten_line_with_a_misspelled_word_is_applied() {
    let file = "import os\nfrom aider.main import check_gitignore, main, setup_git\nx = 1\n";
    let old = "from aider.main import checx_gitignore, main, setup_git";
    let new = "from aider.main import main, setup_git";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "import os\nfrom aider.main import main, setup_git\nx = 1\n"
    );
    assert_eq!(strategy(&out), "typo_line");
    // In a block: the misspelled line is rewritten into several.
    let file = "def f():\n    a = 1\n    from m import formxt_a, b\n    return a\n";
    let file = file.replace("formxt_a", "format_a");
    let old = "def f():\n    a = 1\n    from m import formxt_a, b\n    return a";
    let new = "def f():\n    a = 1\n    from m import (\n        format_a,\n        b,\n    )\n    return a";
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(out.text, format!("{new}\n"));
}

// A short word a letter off in a line the model deletes (`if x is bad:` remembered for the
// file's `if x in bad:`) is another name as often as a slip: refused, the file as it is. From
// four letters (`envron` for `environ`) the model's lines stand.
#[test]
fn a_deleted_line_with_a_short_word_a_letter_off_is_refused() {
    let file = "def scan(xs, bad):\n    for x in xs:\n        if x in bad:\n            continue\n        emit(x)\n    done()\n";
    let old =
        "    for x in xs:\n        if x is bad:\n            continue\n        emit(x)\n    done()";
    let new = "    for x in xs:\n        emit(x)\n    done()";
    refused(file, &Edit::new(old, new));
    let file = file.replace("if x in bad:", "if x in os.environ:");
    let old = old.replace("if x is bad:", "if x in os.envron:");
    let out = applied(&file, &Edit::new(&old, new));
    assert_eq!(
        out.text,
        "def scan(xs, bad):\n    for x in xs:\n        emit(x)\n    done()\n"
    );
}

// A different value, operator or name (`1` for `2`, `item1` for `item2`) is not a misspelling:
// rewriting it is still refused, and so is a rewrite that writes again a misspelling the file
// itself writes elsewhere (a name of its own, which the model may mean).
#[test]
fn a_rewritten_line_that_differs_in_meaning_is_still_refused() {
    let file = "fn f() {\n    let total = compute(items, 2);\n    let b = 2;\n    b\n}\n";
    let old = "fn f() {\n    let total = compute(items, 1);\n    let b = 2;\n    b\n}";
    let new = "fn f() {\n    let total = compute(items, 3);\n    let b = 2;\n    b\n}";
    assert_eq!(kind(file, &Edit::new(old, new)), "content_mismatch");
    let file =
        "fn f() {\n    let total = compute(items);\n    let b = 2;\n    b\n}\nfn itmes() {}\n";
    let old = "fn f() {\n    let total = compute(itmes);\n    let b = 2;\n    b\n}";
    let new = "fn f() {\n    let total = [itmes].map(compute);\n    let b = 2;\n    b\n}";
    assert_eq!(kind(file, &Edit::new(old, new)), "content_mismatch");
}

// The model renames or reuses a word it misspelled in `old` (`Shcema` for `Schema`), and `new`
// repeats the slip, whole or inside the word it rewrites: written with the file's spelling,
// the change the model meant.
#[test]
fn a_misspelling_repeated_in_new_is_spelled_as_the_file_does() {
    // Inside the rewritten word, on the one line of `old`.
    let file = "use std::fmt;\n\nimpl JsonSchema for Value {\n    fn name() {}\n}\n";
    let old = "impl JsonShcema for Value {";
    let new = "impl JsonShcemaImpl for Value {";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("JsonSchema", "JsonSchemaImpl"));
    assert_eq!(strategy(&out), "typo_line");
    // Whole, in a rewritten line.
    let file = "fn f() {\n    let total = compute(items);\n    let b = 2;\n    b\n}\n";
    let old = "fn f() {\n    let total = compute(itmes);\n    let b = 2;\n    b\n}";
    let new = "fn f() {\n    let total = [itmes].map(compute);\n    let b = 2;\n    b\n}";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("compute(items)", "[items].map(compute)")
    );
    // A block renamed throughout, the slip in its first line only.
    let file = "const PARM_SHIFT: u32 = 13;\nconst PARM_MASK: u32 = (1 << PARM_SHIFT) - 1;\nconst PARM_MAX: u32 = 1 << PARM_SHIFT;\n";
    let old = "const PRAM_SHIFT: u32 = 13;\nconst PARM_MASK: u32 = (1 << PARM_SHIFT) - 1;\nconst PARM_MAX: u32 = 1 << PARM_SHIFT;";
    let new = old
        .replace("PRAM_SHIFT", "PRAM_SHIFT_BITS")
        .replace("PARM_SHIFT", "PARM_SHIFT_BITS");
    let out = applied(file, &Edit::new(old, &new));
    assert_eq!(out.text, file.replace("PARM_SHIFT", "PARM_SHIFT_BITS"));
}

// A slip in the first line of an `old` padded with a blank line: the window starts at the
// first non-blank line, and the blank line is the model's padding, not a line to merge.
#[test]
fn a_slip_in_the_first_line_of_a_padded_old_is_merged() {
    let file = "x = 0\n\nfrom aider.dump import dump  # noqa\n\nHARD = 4  # models\n\n\ndef g():\n    pass\n";
    let old = "\nfrom aider.dump xmport dump  # noqa\n\nHARD = 4  # models\n\n\ndef g():";
    let new = "\nfrom aider.dump import dump  # noqa\n\nHARD = 3  # models\n\n\ndef g():";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("HARD = 4", "HARD = 3"));
}

// Which slips of a word a short block survives (docs/design.md, "typo_line"): a letter
// substituted, added or dropped, in a word that has at least 4 characters either way. `txt` for
// `text` has 3: refused with the closest block, since three-letter words a letter apart are so
// often other words (`get`/`set`, `add`/`and`).
#[test]
fn a_short_block_lands_a_misspelled_word_of_four_letters_or_more() {
    let file = "def f(a):\n    text = a\n    return text\n";
    let new = "def f(a):\n    text = a.strip()\n    return text\n";
    let want = "def f(a):\n    text = a.strip()\n    return text\n";
    for slip in ["tezt", "textt", "tetx"] {
        let old = format!("def f(a):\n    {slip} = a\n    return text\n");
        let out = applied(file, &Edit::new(old, new));
        assert_eq!(out.text, want, "{slip}");
        assert_eq!(strategy(&out), "typo_line", "{slip}");
    }
    let old = "def f(a):\n    txt = a\n    return text\n";
    assert_eq!(kind(file, &Edit::new(old, new)), "not_found");
}

// A trailing comment left out of one line and a short word a letter off on another: two lines
// differ, but neither is a change of the code since the model read it. The edit lands and the
// file's comment stays; with a twin of the block whose comment differs, `old` is as close to
// both and is refused.
#[test]
fn a_dropped_comment_and_a_slip_elsewhere_are_memory_not_a_stale_block() {
    let block = "# Aliases to canonical names\nMODEL_ALIASES = {  # keeps the order stable\n    # Claude models\n    \"sonnet\": \"claude-sonnet-4\",\n    \"haiku\": \"claude-3-5-haiku\",\n    # GPT models\n    \"4\": \"gpt-4-0613\",\n    \"4o\": \"gpt-4o\",\n}\n";
    let file = format!("import os\n\n{block}\n\ndef main():\n    pass\n");
    let old = "# Aliases to canonical names\nMODEL_ALIASES = {\n    # Claude models\n    \"sonnet\": \"claude-sonnet-4\",\n    \"haiku\": \"claude-3-5-haiku\",\n    # GxT models\n    \"4\": \"gpt-4-0613\",\n    \"4o\": \"gpt-4o\",\n}";
    let new = old.replace("\"gpt-4o\"", "\"gpt-4o-2024\"");
    let out = applied(&file, &Edit::new(old, &new));
    assert_eq!(out.text, file.replace("\"gpt-4o\"", "\"gpt-4o-2024\""));
    let twin = block.replace("keeps the order stable", "see the note above");
    let with_twin = format!("{file}\n{twin}");
    refused(&with_twin, &Edit::new(old, &new));
}
