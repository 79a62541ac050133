//! What an edit says: field spellings agents send; edits that ask for nothing or are already done.

use fuzzy_edit::{apply, apply_edits, Edit, Mode};

use crate::support::{applied, refused, KERNEL};

// The field spellings agents use (`old_str`, `old_string`, `oldText`, `old`) deserialize into the
// same edit, and an edit missing `old` or `new` is rejected before any matching.
#[test]
fn edit_fields_accept_agent_spellings_and_require_old_and_new() {
    for json in [
        r#"{"old_str": "a", "new_str": "b"}"#,
        r#"{"old_string": "a", "new_string": "b"}"#,
        r#"{"oldText": "a", "newText": "b"}"#,
        r#"{"old": "a", "new": "b", "replaceAll": false}"#,
    ] {
        let e: Edit = serde_json::from_str(json).unwrap();
        assert_eq!(e, Edit::new("a", "b"), "{json}");
    }
    assert!(serde_json::from_str::<Edit>(r#"{"old_string": "a"}"#).is_err());
    assert!(serde_json::from_str::<Edit>(r#"{"new_string": "b"}"#).is_err());
}

// A model's JSON answer with a list of modifications (extra fields ignored) deserializes into
// edits that apply as one transaction.
#[test]
fn modifications_json_deserializes_and_applies_as_one_transaction() {
    let json = r##"{
        "analysis": "tl.tanh is not supported",
        "modifications": [
            {"old_string": "tl.tanh", "new_string": "approx_tanh", "reason": "unsupported", "replace_all": true, "anchor": ""},
            {"old_string": "# TODO: fix this\n", "new_string": "", "reason": "done", "replace_all": false, "anchor": "def gelu("}
        ],
        "summary": "replace tanh"
    }"##;
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let edits: Vec<Edit> = serde_json::from_value(v["modifications"].clone()).unwrap();
    assert_eq!(edits.len(), 2);
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("tl.tanh", "approx_tanh")
            .replace("    # TODO: fix this\n", "    ")
    );
}

// An empty `old` is refused (opencode's legacy matcher hung on it), except with a non-empty `new`
// on an empty text, where it can only mean the whole text: how Cline, opencode and Codex fill an
// empty file.
#[test]
fn empty_old_is_refused_except_on_an_empty_text() {
    assert_eq!(refused("abc", &Edit::new("", "x")).kind(), "empty_old");
    assert_eq!(refused("", &Edit::new("", "")).kind(), "empty_old");
    let out = applied("", &Edit::new("", "first line\n"));
    assert_eq!(out.text, "first line\n");
    assert_eq!(out.matches[0].strategy, "empty_file");
}

// An `old` in an empty text, or longer than the text, is not found.
#[test]
fn old_in_an_empty_text_or_longer_than_the_text_is_not_found() {
    assert_eq!(refused("", &Edit::new("x", "y")).kind(), "not_found");
    assert_eq!(
        refused("a\n", &Edit::new("a\nb\nc\nd", "x")).kind(),
        "not_found"
    );
    assert_eq!(
        refused("fn f() {}\n", &Edit::new("fn f() {}\nfn g() {}\n", "x")).kind(),
        "not_found"
    );
}

// An `old` made only of whitespace matches no line content and is not found.
#[test]
fn whitespace_only_old_matching_no_line_is_not_found() {
    let err = refused("a\nb\n", &Edit::new("   \n\t\n", "x"));
    assert_eq!(err.kind(), "not_found");
}

// `old == new` is refused as no change, even when `old` is absent: an edit that changes nothing
// must not count as a success.
#[test]
fn identical_old_and_new_is_refused_as_no_change() {
    let err = refused(KERNEL, &Edit::new("return grad", "return grad"));
    assert_eq!(err.kind(), "no_change");
    // Even when old is absent.
    assert_eq!(
        refused(KERNEL, &Edit::new("missing", "missing")).kind(),
        "no_change"
    );
}

// `old` absent but `new` present where `old` would be: reported as probably already applied
// (models send the edit in reverse or twice).
#[test]
fn edit_already_applied_is_reported() {
    let file = "fn main() {\n    run(true);\n}\n";
    let err = refused(file, &Edit::new("    run(false);", "    run(true);"));
    assert_eq!(err.kind(), "already_applied");
    assert_eq!(err.locations(), [(2, 2)]);
}

// Already applied is said only where `old` nearly is: `new` occurring somewhere else is not proof.
#[test]
fn already_applied_only_where_old_nearly_is() {
    let text = "def f(x, y):\n    return x+y\n\ndef g():\n    return None\n";
    let err = apply(text, &Edit::new("    return x + y", "    return None")).unwrap_err();
    assert_eq!(err.kind(), "not_found");
}
