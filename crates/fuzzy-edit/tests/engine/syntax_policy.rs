//! The syntax guard's default policy through `apply_with`: a broken result is refused when
//! the matching may be to blame, and applied with a warning when it is what the model asked
//! for.

#![cfg(feature = "syntax")]

use fuzzy_edit::{apply_with, Edit, Language, Options, SyntaxPolicy};

fn python() -> Options {
    Options {
        language: Some(Language::Python),
        ..Options::default()
    }
}

const FILE: &str = "def f(x):\n    if x:\n        return [1,\n                2]\n    return 0\n";

#[test]
fn a_step_of_a_larger_change_found_up_to_indentation_is_applied_with_a_warning() {
    // The model closes the bracket in its next edit: this result does not parse, and it is
    // exactly what the model wrote, re-indented.
    let edit = Edit::new(
        "if x:\n  return [1,\n          2]",
        "if x:\n  return [1,\n          2,",
    );
    let out = apply_with(FILE, &[edit], &python()).unwrap();
    assert_eq!(out.matches[0].strategy, "indentation");
    assert_eq!(
        out.text,
        "def f(x):\n    if x:\n        return [1,\n                2,\n    return 0\n"
    );
    assert_eq!(out.warnings.len(), 1, "{:?}", out.warnings);
}

#[test]
fn the_same_step_under_strict_is_refused() {
    let edit = Edit::new(
        "if x:\n  return [1,\n          2]",
        "if x:\n  return [1,\n          2,",
    );
    let options = Options {
        syntax: SyntaxPolicy::Strict,
        ..python()
    };
    let err = apply_with(FILE, &[edit], &options).unwrap_err();
    assert_eq!(err.failures[0].error.kind(), "syntax");
}

#[test]
fn a_broken_result_of_a_match_by_similarity_is_refused() {
    let file = "def f(items):\n    total = compute_total(items, tax)\n    return total\n";
    let edit = Edit::new(
        "total = compute_totl(items, tax)",
        "total = compute_total(items, tax",
    );
    let err = apply_with(file, &[edit], &python()).unwrap_err();
    assert_eq!(err.failures[0].error.kind(), "syntax");
}

#[test]
fn curly_quotes_in_a_model_change_that_parses_do_not_count_against_it() {
    // The model's `old` carried curly quotes; its `new` is valid Python: applied, no warning.
    let file = "def f():\n    print(\"hi\")\n";
    let edit = Edit::new("print(\u{201c}hi\u{201d})", "print(\u{201c}hello\u{201d})");
    let out = apply_with(file, &[edit], &python()).unwrap();
    assert_eq!(out.text, "def f():\n    print(\"hello\")\n");
    assert!(out.warnings.is_empty(), "{:?}", out.warnings);
}
