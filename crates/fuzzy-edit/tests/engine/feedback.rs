//! Feedback: what a refusal tells the model, and what a success tells the caller.

use fuzzy_edit::{apply_edits, Edit, EditError, Mode};

use crate::support::{applied, refused, KERNEL};

// An `old` unlike anything in the file is not found, with no fragment to show, and the message
// says to read the file again (Coder's edit once did nothing silently).
#[test]
fn unrelated_old_is_not_found_and_the_message_says_to_read_the_file_again() {
    let err = refused("alpha\nbeta\n", &Edit::new("zzzzzz qqqq", "y"));
    assert_eq!(err.kind(), "not_found");
    assert!(matches!(err, EditError::NotFound { closest: None, .. }));
    assert!(err.to_string().contains("Read the file again"), "{err}");
}

// Not found shows the most similar fragment, its lines and similarity, and a diff against `old`,
// so the model can correct itself in one turn.
#[test]
fn not_found_shows_the_most_similar_fragment_with_a_diff() {
    let file = "\
def gelu(x):
    # approximate
    output = tl.tanh(x)
    return output
";
    let err = refused(
        file,
        &Edit::new("    output = tl.tanh(input)", "    output = gelu(input)"),
    );
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(3, 3)]);
    let msg = err.to_string();
    match &err {
        EditError::NotFound {
            closest: Some(f), ..
        } => {
            assert_eq!(f.text, "    output = tl.tanh(x)");
            // Levenshtein: 5 edits over 23 characters.
            assert_eq!(f.similarity, 0.78);
            assert!(
                f.diff.contains("- ") && f.diff.contains("tl.tanh(input)"),
                "{}",
                f.diff
            );
            assert!(
                f.diff.contains("+ ") && f.diff.contains("tl.tanh(x)"),
                "{}",
                f.diff
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(
        msg.contains("at line 3 (") && msg.contains("similarity"),
        "{msg}"
    );
}

// The closest fragment is found even when `old`'s words are all short and no line of it equals a
// line of the file.
#[test]
fn not_found_shows_the_closest_line_even_when_its_words_are_short() {
    let file = "a = 1\nx = f(a, b)\ny = 2\n";
    let err = refused(file, &Edit::new("x = f(a, c)", "x = f(a, d)"));
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(2, 2)]);
}

// With several edits, the message names each failed edit by its 1-based number and the start
// of its `old`, and only those.
#[test]
fn failure_message_names_each_failed_edit() {
    let edits = [
        Edit::new("missing one", "x"),
        Edit::new("return grad", "return grad * 2"),
        Edit::new("missing two", "y"),
    ];
    let err = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap_err();
    assert_eq!(
        err.failures.iter().map(|f| f.edit).collect::<Vec<_>>(),
        [0, 2]
    );
    let msg = err.to_string();
    assert!(
        msg.starts_with("Edit 1 of 3 (the one starting `missing one`): old_string was not found")
            && msg.contains("\n\nEdit 3 of 3 (the one starting `missing two`): "),
        "{msg}"
    );
    assert!(!msg.contains("Edit 2"), "{msg}");
}

// One failed edit of several is named too: "not found" alone left the model guessing which.
#[test]
fn the_one_failed_edit_of_several_is_named() {
    let edits = [
        Edit::new("return grad", "return grad * 2"),
        Edit::new("\n   missing   one\nmore", "x"),
    ];
    let err = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap_err();
    let msg = err.message(&fuzzy_edit::protocol::Vocabulary::CLI);
    assert!(
        msg.starts_with("Edit 2 of 2 (the one starting `missing   one`): --old was not found"),
        "{msg}"
    );
    // A lone edit needs no number.
    let err = apply_edits(KERNEL, &edits[1..], Mode::Atomic).unwrap_err();
    assert!(
        err.to_string().starts_with("old_string was not found"),
        "{err}"
    );
}

// An applied edit can be shown as a unified diff of the text before and after.
#[test]
fn applied_edit_yields_a_unified_diff() {
    let out = applied(KERNEL, &Edit::new("    y = tl.tanh(x)", "    y = fast(x)"));
    let diff = fuzzy_edit::unified_diff(KERNEL, &out.text, "kernel.py");
    assert!(
        diff.starts_with("--- a/kernel.py\n+++ b/kernel.py\n"),
        "{diff}"
    );
    assert!(diff.contains("@@ -12,5 +12,5 @@"), "{diff}");
    assert!(
        diff.contains("\n-    y = tl.tanh(x)\n+    y = fast(x)\n"),
        "{diff}"
    );
}
