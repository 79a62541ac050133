//! Line-addressed edits end to end on small texts: placement, cleaning, fitting, refusals.

use super::*;
use crate::Options;

/// `line`'s reference at 1-based `n` of `text`.
fn r(text: &str, n: usize) -> String {
    let line = text.split('\n').nth(n - 1).unwrap().trim_end_matches('\r');
    format!("{n}#{}", line_id(n, line))
}

fn edit(json: &str) -> LineEdit {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn apply(text: &str, edits: &[LineEdit]) -> Result<crate::Applied, crate::EditError> {
    apply_line_edits(text, edits, &Options::default())
}

#[test]
fn every_op_writes_at_its_reference() {
    let text = "a1\nb2\nc3\nd4\n";
    let edits = [
        edit(&format!(
            r#"{{"op": "replace", "pos": "{}", "lines": ["B2"]}}"#,
            r(text, 2)
        )),
        edit(&format!(
            r#"{{"op": "append", "pos": "{}", "lines": ["after c"]}}"#,
            r(text, 3)
        )),
        edit(&format!(
            r#"{{"op": "prepend", "pos": "{}", "lines": "before a"}}"#,
            r(text, 1)
        )),
        edit(r#"{"op": "append", "lines": ["end"]}"#),
    ];
    let out = apply(text, &edits).unwrap();
    assert_eq!(out.text, "before a\na1\nB2\nc3\nafter c\nd4\nend\n");
    assert!(out.followed.is_empty());
    assert!(out
        .matches
        .iter()
        .all(|m| m.strategy == crate::StrategyId::LineRef));
}

#[test]
fn a_range_is_replaced_or_deleted_and_the_final_newline_state_kept() {
    let text = "a1\nb2\nc3\nd4";
    let range = |lines: &str| {
        edit(&format!(
            r#"{{"op": "replace", "pos": "{}", "end": "{}", "lines": {lines}}}"#,
            r(text, 2),
            r(text, 4)
        ))
    };
    assert_eq!(apply(text, &[range(r#"["x"]"#)]).unwrap().text, "a1\nx");
    assert_eq!(apply(text, &[range("[]")]).unwrap().text, "a1");
    assert_eq!(apply(text, &[range("null")]).unwrap().text, "a1");
    let append = edit(r#"{"op": "append", "lines": ["e5"]}"#);
    assert_eq!(apply(text, &[append]).unwrap().text, "a1\nb2\nc3\nd4\ne5");
}

#[test]
fn crlf_files_stay_crlf_and_a_bom_stays() {
    let text = "\u{feff}a1\r\nb2\r\n";
    let edits = [
        edit(&format!(
            r#"{{"op": "replace", "pos": "{}", "lines": ["x\ny"]}}"#,
            r("a1\r\nb2", 2)
        )),
        edit(r#"{"op": "prepend", "lines": ["top"]}"#),
    ];
    assert_eq!(
        apply(text, &edits).unwrap().text,
        "\u{feff}top\r\na1\r\nx\r\ny\r\n"
    );
}

#[test]
fn new_lines_take_the_depth_and_characters_of_the_file() {
    let text = "def f(x):\n    if x:\n        return 1\n    return 0\n";
    let e = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "end": "{}", "lines": ["if x > 1:", "    return 2"]}}"#,
        r(text, 2),
        r(text, 3)
    ));
    assert_eq!(
        apply(text, &[e]).unwrap().text,
        "def f(x):\n    if x > 1:\n        return 2\n    return 0\n"
    );
    let tabs = "fn f() {\n\tlet a = 1;\n}\n";
    let e = edit(&format!(
        r#"{{"op": "append", "pos": "{}", "lines": ["    let b = 2;"]}}"#,
        r(tabs, 2)
    ));
    assert_eq!(
        apply(tabs, &[e]).unwrap().text,
        "fn f() {\n\tlet a = 1;\n\tlet b = 2;\n}\n"
    );
}

#[test]
fn prefixes_and_echoed_neighbours_are_not_written() {
    let text = "fn main() {\n    run();\n    stop();\n}\n";
    let e = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "lines": ["1#ZZ|fn main() {{", "2#ZZ|    run(true);"]}}"#,
        r(text, 2)
    ));
    assert_eq!(
        apply(text, &[e]).unwrap().text,
        "fn main() {\n    run(true);\n    stop();\n}\n"
    );
}

#[test]
fn overlapping_edits_are_refused() {
    let text = "a1\nb2\nc3\n";
    let e1 = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "end": "{}", "lines": ["x"]}}"#,
        r(text, 1),
        r(text, 2)
    ));
    let e2 = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "lines": ["y"]}}"#,
        r(text, 2)
    ));
    let err = apply(text, &[e1.clone(), e2]).unwrap_err();
    assert_eq!(err.kind(), "overlapping_edits", "{err}");
    let inside = edit(&format!(
        r#"{{"op": "append", "pos": "{}", "lines": ["y"]}}"#,
        r(text, 1)
    ));
    assert_eq!(
        apply(text, &[e1, inside]).unwrap_err().kind(),
        "overlapping_edits"
    );
    let twice = edit(&format!(
        r#"{{"op": "append", "pos": "{}", "lines": ["y"]}}"#,
        r(text, 3)
    ));
    let again = edit(r#"{"op": "append", "lines": ["z"]}"#);
    assert_eq!(
        apply(text, &[twice, again]).unwrap_err().kind(),
        "overlapping_edits"
    );
}

#[test]
fn a_changed_line_is_refused_with_the_current_lines() {
    let read = "alpha = 1\nbeta = 2\ngamma = 3\n";
    let now = "alpha = 1\nbeta = 20\ngamma = 3\n";
    let e = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "lines": ["beta = 3"]}}"#,
        r(read, 2)
    ));
    let err = apply(now, &[e]).unwrap_err();
    let crate::EditError::StaleReference {
        references,
        current,
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!(references[0].reference, r(read, 2));
    assert_eq!(current, &read_with_hashes(now, None));
    assert!(err.to_string().contains(&r(now, 2)), "{err}");
}

#[test]
fn lines_moved_together_are_followed_and_said_so() {
    let read = "fn one() {}\nfn two() {}\nfn three() {}\nfn four() {}\n";
    let now = format!("// added\n// above\n{read}");
    let e = [
        edit(&format!(
            r#"{{"op": "replace", "pos": "{}", "end": "{}", "lines": ["fn twenty() {{}}"]}}"#,
            r(read, 2),
            r(read, 3)
        )),
        edit(&format!(
            r#"{{"op": "append", "pos": "{}", "lines": ["fn five() {{}}"]}}"#,
            r(read, 4)
        )),
    ];
    let out = apply(&now, &e).unwrap();
    assert_eq!(
        out.text,
        "// added\n// above\nfn one() {}\nfn twenty() {}\nfn four() {}\nfn five() {}\n"
    );
    assert_eq!(out.followed.len(), 3);
    assert_eq!(out.followed[0].line, 4);
    // One reference alone (8 bits) is never followed.
    let one = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "lines": ["x"]}}"#,
        r(read, 2)
    ));
    assert_eq!(apply(&now, &[one]).unwrap_err().kind(), "stale_reference");
}

#[test]
fn references_need_an_id_unless_numbers_are_accepted() {
    let text = "a1\nb2\n";
    let e = edit(r#"{"op": "replace", "pos": 2, "lines": ["B"]}"#);
    assert_eq!(
        apply(text, std::slice::from_ref(&e)).unwrap_err().kind(),
        "bad_reference"
    );
    let numbers = Options {
        line_numbers: true,
        ..Options::default()
    };
    assert_eq!(
        apply_line_edits(text, &[e], &numbers).unwrap().text,
        "a1\nB\n"
    );
    let backwards = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "end": "{}", "lines": []}}"#,
        r(text, 2),
        r(text, 1)
    ));
    assert_eq!(
        apply(text, &[backwards]).unwrap_err().kind(),
        "bad_reference"
    );
}

#[test]
fn references_are_read_as_models_write_them() {
    let parsed = |s: &str| LineRef::parse(s).map(|r| r.to_string());
    assert_eq!(parsed("12#VK").as_deref(), Some("12#VK"));
    assert_eq!(parsed(" 12 # VK |    code").as_deref(), Some("12#VK"));
    assert_eq!(parsed(">>> 12#VK").as_deref(), Some("12#VK"));
    assert_eq!(parsed("12").as_deref(), Some("12"));
    assert_eq!(parsed("12#ab"), None);
    assert_eq!(parsed("VK"), None);
}

#[test]
fn the_syntax_guard_judges_the_result() {
    if !crate::syntax::AVAILABLE {
        return;
    }
    let text = "def f():\n    return 1\n";
    let e = edit(&format!(
        r#"{{"op": "replace", "pos": "{}", "lines": ["    return (1"]}}"#,
        r(text, 2)
    ));
    let strict = Options {
        language: Some(crate::Language::Python),
        syntax: crate::SyntaxPolicy::Strict,
        ..Options::default()
    };
    assert_eq!(
        apply_line_edits(text, &[e], &strict).unwrap_err().kind(),
        "syntax"
    );
}

#[test]
fn a_reference_or_lines_of_another_type_get_a_plain_message() {
    for (json, says) in [
        (r#"{"op": "replace", "pos": -1, "lines": ["x"]}"#, "LINE#ID"),
        (
            r#"{"op": "replace", "pos": 1.5, "lines": ["x"]}"#,
            "LINE#ID",
        ),
        (
            r#"{"op": "replace", "pos": {"line": 1}, "lines": []}"#,
            "LINE#ID",
        ),
        (
            r#"{"op": "replace", "pos": "1#ZZ", "lines": [1, 2]}"#,
            "list of strings",
        ),
        (
            r#"{"op": "replace", "pos": "1#ZZ", "lines": 7}"#,
            "list of strings",
        ),
    ] {
        let e = serde_json::from_str::<LineEdit>(json)
            .unwrap_err()
            .to_string();
        assert!(e.contains(says), "{json}: {e}");
        assert!(!e.contains("variant"), "{json}: {e}");
    }
}

proptest::proptest! {
    /// Line numbers are written as `to_string` writes them, up to the largest.
    #[test]
    fn line_numbers_are_written_in_decimal(n in proptest::prop_oneof![0..200usize, proptest::num::usize::ANY]) {
        let mut out = String::from("x");
        push_decimal(&mut out, n);
        proptest::prop_assert_eq!(out, format!("x{n}"));
    }
}
