//! Misremembered lines, edited: file lines survive; changing a line the model got wrong is refused.

use fuzzy_edit::{Edit, EditError};

use crate::support::{applied, lines, refused, strategy};

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
