//! What an edit says: field spellings agents send; edits that ask for nothing or are already done.

use fuzzy_edit::{apply, apply_edits, Edit, EditError, Mode};

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

/// Apply `edit` to `file`, then send it again to the result: the second time is refused as
/// already applied, pointing at `new` (`at`) and at `old` inside it (`old_at`).
fn sent_twice(file: &str, edit: &Edit, at: (usize, usize), old_at: (usize, usize)) -> String {
    let once = applied(file, edit).text;
    match refused(&once, edit) {
        EditError::AlreadyApplied {
            location,
            old_location: Some(old_location),
            ..
        } => {
            assert_eq!((location.start_line, location.end_line), at);
            assert_eq!((old_location.start_line, old_location.end_line), old_at);
        }
        other => panic!("{other:?}"),
    }
    once
}

// An edit sent a second time whose `old` still stands inside what `new` put there (a wrap, an
// insertion beside a kept line) is refused as already applied, found exactly or not: applying
// it again would nest a second `if` or insert the line twice.
#[test]
fn an_edit_sent_again_with_old_inside_new_is_already_applied() {
    // Python: the wrapped line is found exactly, inside its deeper indentation.
    let py = "class A:\n    def f(self):\n        pass\n";
    let wrap = Edit::new("    def f(self):", "    if enabled:\n        def f(self):");
    let once = sent_twice(py, &wrap, (2, 3), (3, 3));
    assert_eq!(
        once,
        "class A:\n    if enabled:\n        def f(self):\n        pass\n"
    );
    // TypeScript: found again only up to indentation (the indentation strategy).
    let ts =
        "class S {\n  pending(): T[] {\n    return this.todos.filter((t) => !t.done);\n  }\n}\n";
    let wrap = Edit::new(
        "    return this.todos.filter((t) => !t.done);\n  }",
        "    if (enabled) {\n      return this.todos.filter((t) => !t.done);\n    }\n  }",
    );
    sent_twice(ts, &wrap, (3, 6), (4, 5));
    // C#: a line inserted after a kept block.
    let cs = "class C {\n    void F() {\n        if (a) {\n            G();\n        }\n    }\n}\n";
    let insert = Edit::new(
        "            G();\n        }",
        "            G();\n        }\n        Log.Debug(\"x\");",
    );
    sent_twice(cs, &insert, (4, 6), (4, 5));
    // Within a line: an argument added twice.
    let call = "let r = fetch(url, opts);\n";
    sent_twice(
        call,
        &Edit::new("fetch(url", "fetch(url, retries"),
        (1, 1),
        (1, 1),
    );
    // The message says both places and how to add the text once more.
    let twice = apply("a = 1\nx()\ny()\n", &Edit::new("x()", "x()\ny()")).unwrap_err();
    let msg = twice.to_string();
    assert!(
        msg.contains("line 2") && msg.contains("lines 2-3") && msg.contains("once more"),
        "{msg}"
    );
}

// `new` standing over the candidate alone, beside it only as blank lines, or elsewhere, is no
// sign of an edit made before: those edits apply.
#[test]
fn new_standing_elsewhere_or_over_old_alone_is_no_repeat() {
    // A re-indentation reads as `new` loosely over `old` itself.
    let out = applied("if a:\n  go()\n", &Edit::new("  go()", "    go()"));
    assert_eq!(out.text, "if a:\n    go()\n");
    // A blank line added above a line that has one already.
    let out = applied("a = 1\n\nb = 2\n", &Edit::new("b = 2", "\nb = 2"));
    assert_eq!(out.text, "a = 1\n\n\nb = 2\n");
    // `new` at another place: code repeats itself.
    let file = "f()\nlog()\n\nh()\n";
    let out = applied(file, &Edit::new("h()", "f()\nlog()\nh()"));
    assert_eq!(out.text, "f()\nlog()\n\nf()\nlog()\nh()\n");
}

// With `replace_all`, the edit is a repeat only when every occurrence lies inside `new`.
#[test]
fn replace_all_sent_again_is_already_applied_only_when_every_occurrence_is_inside_new() {
    let mut prefix = Edit::new("load", "preload");
    prefix.replace_all = true;
    let file = "load(a)\nload(b)\n";
    let once = applied(file, &prefix).text;
    assert_eq!(refused(&once, &prefix).kind(), "already_applied");
    // One occurrence outside `new`: every occurrence is replaced, as asked.
    let out = applied("preload(a)\nload(b)\n", &prefix);
    assert_eq!(out.text, "prepreload(a)\npreload(b)\n");
}
