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
fn a_broken_step_found_by_similarity_is_applied_with_a_warning_too() {
    let file = "def f(items):\n    total = compute_total(items, tax)\n    return total\n";
    let edit = Edit::new(
        "total = compute_totl(items, tax)",
        "total = compute_total(items, tax",
    );
    let out = apply_with(file, &[edit], &python()).unwrap();
    assert_eq!(out.matches[0].strategy, "typo_line");
    assert_eq!(out.warnings.len(), 1, "{:?}", out.warnings);
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

fn rust() -> Options {
    Options {
        language: Some(Language::Rust),
        ..Options::default()
    }
}

// Elision markers on both sides: the model's change "as asked" is `new` with its markers read
// against the file, not `new` with the marker lines written in (which deletes what they stand
// for and always broke the text, so a reading of the markers that broke it was only warned
// about). Here the markers paired by order delete `if v > 1 {`, which `new`'s marker covers.
#[test]
fn a_reading_of_elision_markers_that_breaks_the_text_is_refused() {
    let file = "fn g(v: u32) {\n    start();\n    mid();\n    if v > 1 {\n        one();\n    }\n    two();\n}\n";
    let edit = Edit::new(
        "    start();\n    // ...\n    if v > 1 {\n        one();\n    }\n    two();\n",
        "    start();\n    // ...\n        one();\n    }\n    two();\n    three();\n",
    );
    let err = apply_with(file, &[edit], &rust()).unwrap_err();
    assert_eq!(err.failures[0].error.kind(), "syntax");
}

// The same markers, where the model's own change leaves a bracket open: what it asked for,
// applied with a warning.
#[test]
fn an_elided_edit_that_breaks_the_text_as_written_is_applied_with_a_warning() {
    let file = "def f(x):\n    a = 1\n    b = 2\n    return [a,\n            b]\n";
    let edit = Edit::new(
        "def f(x):\n    # ...\n    return [a,\n            b]\n",
        "def f(x):\n    # ...\n    return [a,\n            b,\n",
    );
    let out = apply_with(file, &[edit], &python()).unwrap();
    assert_eq!(out.text, file.replace("b]", "b,"));
    assert!(!out.warnings.is_empty());
}

/// A header whose declarations all start with a macro the C++ grammar cannot read
/// (`SPDLOG_API bool create_dir(...)`: a parse error each): a snippet adding one more such
/// declaration adds an error of a text the file already holds as an error, the file's own
/// construct written again, and merges (spdlog's `os.h`, refused as a syntax error before).
#[test]
fn a_declaration_the_grammar_cannot_read_like_the_files_own_is_no_new_error() {
    let file = "// \"abc///\" => \"abc//\"\nSPDLOG_API filename_t dir_name(const filename_t &path);\n\n// Create a dir from the given path.\nSPDLOG_API bool create_dir(const filename_t &path);\n\n// non thread safe, cross platform getenv/getenv_s\nSPDLOG_API std::string getenv(const char *field);\n\n} // namespace os\n} // namespace details\n} // namespace spdlog\n\n#ifdef SPDLOG_HEADER_ONLY\n#    include \"os-inl.h\"\n#endif\n";
    let snippet = "\n// non thread safe, cross platform getenv/getenv_s\nSPDLOG_API std::string getenv(const char *field);\n\n// Do fsync by FILE objectpointer.\nSPDLOG_API bool fsync(FILE *fp);\n\n} // namespace os\n} // namespace details\n";
    let options = Options {
        language: Some(Language::Cpp),
        ..Options::default()
    };
    let out = fuzzy_edit::apply_snippet(file, snippet, &options).unwrap();
    assert_eq!(
        out.text,
        file.replace(
            "getenv(const char *field);\n",
            "getenv(const char *field);\n\n// Do fsync by FILE objectpointer.\nSPDLOG_API bool fsync(FILE *fp);\n"
        )
    );
}
