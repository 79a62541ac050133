//! Bounded work: inputs that made peers take seconds are answered quickly.

use fuzzy_edit::Edit;

use crate::support::refused;

// A misremembered 21,000-character line is answered quickly (one such line took opencode's
// Levenshtein 30 s).
#[test]
fn a_very_long_misremembered_line_is_answered_quickly() {
    let long: String = (0..3000).map(|i| format!("v{i:05} ")).collect();
    assert!(long.len() >= 21_000);
    let file = format!("start()\n{long}\nend()\n");
    let mut changed = long.clone();
    changed.replace_range(10_000..10_005, "XXXXX");
    let old = format!("start()\n{changed}\nend()");
    let t = std::time::Instant::now();
    let err = refused(&file, &Edit::new(old, "start()\nend()"));
    assert_eq!(err.kind(), "not_found");
    assert!(t.elapsed().as_secs() < 10, "took {:?}", t.elapsed());
}

// 20,000 identical lines holding `old`'s anchors but never its middle are answered quickly
// (opencode took about 3 s).
#[test]
fn twenty_thousand_identical_lines_with_a_missing_middle_are_answered_quickly() {
    let file = "    x = 1;\n".repeat(20_000);
    let t = std::time::Instant::now();
    let err = refused(
        &file,
        &Edit::new("    x = 1;\n    y = 2;\n    x = 1;", "    z = 3;"),
    );
    assert_eq!(err.kind(), "not_found");
    let err = refused(
        &file,
        &Edit::new("fn missing() {\n    x = 1;\n}", "fn found() {}"),
    );
    assert_eq!(err.kind(), "not_found");
    assert!(t.elapsed().as_secs() < 10, "took {:?}", t.elapsed());
}
