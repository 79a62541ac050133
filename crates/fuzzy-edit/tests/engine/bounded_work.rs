//! Bounded work: inputs that made peers take seconds are answered quickly.

use std::time::{Duration, Instant};

use fuzzy_edit::protocol::MAX_LISTED;
use fuzzy_edit::{apply_with, Edit, EditError, Options};

use crate::support::{applied, kind, refused};

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

// The reproductions of issue 11, at a tenth of their size (the figures at full size are in
// `benches/bounded_work.sh`): each is answered with a refusal that says what it is, lists at
// most `MAX_LISTED` places and says how many there are.

/// `n` identical lines.
fn identical_lines(n: usize) -> String {
    "    x = 1\n".repeat(n)
}

#[test]
fn a_line_that_occurs_everywhere_is_ambiguous_with_a_short_list_and_the_total() {
    // (50,000 candidates: within the allowance of one per 32 bytes plus 65,536, docs/limits.md.)
    let file = identical_lines(50_000);
    match refused(&file, &Edit::new("x = 1", "x = 2")) {
        EditError::Ambiguous {
            candidates,
            candidates_total,
            ..
        } => {
            assert_eq!(candidates.len(), MAX_LISTED);
            assert_eq!(candidates_total, 50_000);
            assert_eq!(candidates[9].start_line, 10);
        }
        other => panic!("{other:?}"),
    }
    let message = refused(&file, &Edit::new("x = 1", "x = 2")).to_string();
    assert!(message.contains("matches 50000 places"), "{message}");
    assert!(message.contains("... and 49990 more"), "{message}");
    assert!(message.lines().count() < 20, "{message}");
}

#[test]
fn a_long_block_of_identical_lines_in_a_file_of_them_is_ambiguous() {
    let file = identical_lines(100_000);
    let old = identical_lines(10_000);
    match refused(&file, &Edit::new(old, "y\n")) {
        EditError::Ambiguous {
            strategy,
            candidates,
            candidates_total,
            rule: "one_candidate",
        } => {
            assert_eq!(strategy, "exact");
            assert_eq!(candidates.len(), MAX_LISTED);
            // Every overlapping occurrence counts.
            assert_eq!(candidates_total, 90_001);
        }
        other => panic!("{other:?}"),
    }
    // With replace_all, the occurrences that do not overlap are replaced: ten blocks.
    let out = applied(
        &file,
        &Edit::new(identical_lines(10_000), "y\n").replace_all(true),
    );
    assert_eq!(out.text, "y\n".repeat(10));
}

#[test]
fn a_long_absent_block_is_not_found() {
    let file = identical_lines(100_000);
    let old: String = (0..10_000)
        .map(|i| format!("    value_{} = compute({i})\n", i * 7919 % 100_003))
        .collect();
    assert_eq!(kind(&file, &Edit::new(old, "x")), "not_found");
}

#[test]
fn an_old_of_elision_markers_only_is_not_found() {
    let file = identical_lines(100_000);
    let err = refused(&file, &Edit::new("...\n".repeat(10_000), "x"));
    assert_eq!(err.kind(), "not_found");
}

#[test]
fn a_search_that_would_revisit_the_text_for_every_line_is_too_complex() {
    // Found nowhere exactly (other indentation), and every line of the file starts a window
    // that matches all but the indentation: comparing each is quadratic.
    let file = identical_lines(100_000);
    let old = "  x = 1\n".repeat(10_000);
    let err = refused(&file, &Edit::new(old, "y\n"));
    match &err {
        EditError::TooComplex {
            old_lines,
            text_lines,
            timed_out,
            occurrences,
            snippet: false,
        } => assert_eq!(
            (*old_lines, *text_lines, *timed_out, *occurrences),
            (10_000, 100_000, false, None)
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(err.kind(), "too_complex");
    assert!(
        err.to_string().contains("Send a shorter old_string"),
        "{err}"
    );
}

#[test]
fn a_replace_all_over_too_many_occurrences_says_to_send_fewer() {
    // A million one-word lines: more fitting than the budget pays for (about 30,000 matches
    // on a small file, docs/limits.md).
    let file = "x\n".repeat(1_000_000);
    let err = refused(&file, &Edit::new("x", "y").replace_all(true));
    match &err {
        EditError::TooComplex {
            occurrences: Some(n),
            timed_out: false,
            ..
        } => assert!(*n >= 30_000, "{n}"),
        other => panic!("{other:?}"),
    }
    let message = err.to_string();
    assert!(message.contains("occurs"), "{message}");
    assert!(message.contains("in several requests"), "{message}");
    assert!(!message.contains("shorter"), "{message}");
    // Without replace_all, the number of occurrences is not what stopped the edit.
    assert!(matches!(
        refused(&file, &Edit::new("x", "y")),
        EditError::TooComplex {
            occurrences: None,
            ..
        }
    ));
}

#[test]
fn a_deadline_that_has_passed_refuses_and_changes_nothing() {
    let options = Options {
        deadline: Some(Instant::now()),
        ..Options::default()
    };
    let failed = apply_with("a = 1\n", &[Edit::new("a = 1", "a = 2")], &options).unwrap_err();
    assert!(
        matches!(
            failed.failures[0].error,
            EditError::TooComplex {
                timed_out: true,
                ..
            }
        ),
        "{failed:?}"
    );
    let later = Options {
        deadline: Some(Instant::now() + Duration::from_secs(600)),
        ..Options::default()
    };
    let out = apply_with("a = 1\n", &[Edit::new("a = 1", "a = 2")], &later).unwrap();
    assert_eq!(out.text, "a = 2\n");
}

#[test]
fn an_anchor_that_occurs_everywhere_lists_ten_and_the_total() {
    let file = "fn f() {}\n".repeat(50);
    match refused(&file, &Edit::new("fn f() {}", "fn g() {}").anchor("fn f")) {
        EditError::AnchorAmbiguous {
            lines, lines_total, ..
        } => {
            assert_eq!(lines, (1..=10).collect::<Vec<_>>());
            assert_eq!(lines_total, 50);
        }
        other => panic!("{other:?}"),
    }
}
