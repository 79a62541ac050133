//! Several edits: one transaction, conflicts, the sequential fallback, partial mode.

use fuzzy_edit::{apply, apply_edits, Edit, EditError, Mode};

use crate::support::{lines, KERNEL};

// Every edit is located in the original text, so a line the first adds does not move the second;
// lines are reported against the original.
#[test]
fn several_edits_are_located_in_the_original_text() {
    let edits = [
        Edit::new(
            "    output = tl.tanh(input)",
            "    t = 1.702 * input\n    output = input * tl.sigmoid(t)",
        ),
        Edit::new("    grad = tl.tanh(x) * dx", "    grad = dtanh(x) * dx"),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace(
                "    output = tl.tanh(input)\n",
                "    t = 1.702 * input\n    output = input * tl.sigmoid(t)\n"
            )
            .replace("tl.tanh(x) * dx", "dtanh(x) * dx")
    );
    assert!(!out.sequential);
    assert_eq!(lines(&out), [(7, 7), (11, 11)]);
    assert_eq!(
        out.matches.iter().map(|m| m.edit).collect::<Vec<_>>(),
        [0, 1]
    );
}

// Matches are reported in text order even when the edits are not, each with its edit index.
#[test]
fn edits_given_bottom_up_are_reported_in_text_order() {
    let edits = [
        Edit::new("    y = tl.tanh(x)", "    y = fast(x)"),
        Edit::new("    # TODO: fix this\n", ""),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("    y = tl.tanh(x)", "    y = fast(x)")
            .replace("    # TODO: fix this\n", "")
    );
    assert_eq!(lines(&out), [(6, 6), (15, 15)]);
    assert_eq!(
        out.matches.iter().map(|m| m.edit).collect::<Vec<_>>(),
        [1, 0]
    );
}

// Two edits touching the same line are a conflict naming both and the shared lines; atomic mode
// applies nothing.
#[test]
fn overlapping_edits_are_a_conflict() {
    let edits = [
        Edit::new(
            "    # TODO: fix this\n    output = tl.tanh(input)",
            "    output = gelu(input)",
        ),
        Edit::new(
            "    output = tl.tanh(input)\n    return output",
            "    return gelu(input)",
        ),
    ];
    let err = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap_err();
    assert_eq!(err.failures.len(), 1);
    assert_eq!(err.failures[0].edit, 1);
    assert_eq!(err.failures[0].error.kind(), "conflict");
    match &err.failures[0].error {
        EditError::Conflict {
            first,
            second,
            start_line,
            end_line,
        } => assert_eq!((*first, *second, *start_line, *end_line), (0, 1, 7, 7)),
        other => panic!("{other:?}"),
    }
}

// In partial mode the first of two overlapping edits applies and the second is reported.
#[test]
fn overlapping_edit_is_reported_in_partial_mode() {
    let edits = [
        Edit::new(
            "    output = tl.tanh(input)\n",
            "    output = gelu(input)\n",
        ),
        Edit::new(
            "tl.tanh(input)\n    return output",
            "gelu(input)\n    return output",
        ),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Partial).unwrap();
    assert_eq!(
        out.text,
        KERNEL.replace("output = tl.tanh(input)", "output = gelu(input)")
    );
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].edit, 1);
    assert_eq!(out.failures[0].error.kind(), "conflict");
}

// A conflict is not settled by applying the list one edit after another: the edits overlap,
// the same edit twice inserts twice, two empty `old`s fill one empty text twice.
#[test]
fn a_conflict_is_not_settled_by_applying_the_list_in_order() {
    let text = "a = 1\nb = 2\n\nc = 0\nb  = 2\n";
    let edits = [
        Edit::new("a = 1\nb = 2", "a = 1\nb = 3"),
        Edit::new("b = 2", "b = 5"),
    ];
    assert!(apply_edits(text, &edits, Mode::Atomic).is_err());
    let twice = [Edit::new("a()", "a()\nb()"), Edit::new("a()", "a()\nb()")];
    assert!(apply_edits("a()\nc()\n", &twice, Mode::Atomic).is_err());
    let empty_twice = [Edit::new("", "a\n"), Edit::new("", "b\n")];
    assert!(apply_edits("", &empty_twice, Mode::Atomic).is_err());
}

// An edit whose `old` only exists after an earlier edit of the list (the model wrote the list
// sequentially) makes the list apply one edit after another.
#[test]
fn edit_written_against_an_earlier_edit_applies_sequentially() {
    let edits = [
        Edit::new("output = tl.tanh(input)", "output = fast_gelu(input)"),
        Edit::new(
            "    output = fast_gelu(input)\n    return output",
            "    output = fast_gelu(input)\n    return output.to(tl.float16)",
        ),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("output = tl.tanh(input)", "output = fast_gelu(input)")
            .replace("    return output\n", "    return output.to(tl.float16)\n")
    );
    assert!(out.sequential);
    assert_eq!(lines(&out), [(7, 7), (7, 8)]);
}

// In atomic mode one edit not found fails the list, naming that edit; nothing is applied.
#[test]
fn a_failing_edit_fails_the_whole_list_in_atomic_mode() {
    let edits = [
        Edit::new("    # TODO: fix this\n", ""),
        Edit::new("    output = tl.tanh(inputs)", "    output = gelu(input)"),
    ];
    let err = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap_err();
    assert_eq!(err.failures.len(), 1);
    assert_eq!(err.failures[0].edit, 1);
    assert_eq!(err.failures[0].error.kind(), "not_found");
}

// Partial mode applies the edits it can and reports the others with their index.
#[test]
fn partial_mode_applies_what_it_can_and_reports_the_rest() {
    let edits = [
        Edit::new("    # TODO: fix this\n", ""),
        Edit::new("    output = tl.tanh(inputs)", "    output = gelu(input)"),
        Edit::new("    y = tl.tanh(x)", "    y = fast(x)"),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Partial).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("    # TODO: fix this\n", "")
            .replace("    y = tl.tanh(x)", "    y = fast(x)")
    );
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].edit, 1);
    assert_eq!(out.failures[0].error.kind(), "not_found");
    assert_eq!(lines(&out), [(6, 6), (15, 15)]);
}

// Partial mode reports an ambiguous edit by its index and applies the others; the ambiguity is
// not retried (only a miss may depend on the other edits).
#[test]
fn partial_mode_reports_an_ambiguous_edit_by_its_index_and_applies_the_rest() {
    let text = "x = 1\ny = 2\nx = 1\nz = 3\n";
    let edits = [Edit::new("x = 1", "x = 9"), Edit::new("z = 3", "z = 30")];
    let out = apply_edits(text, &edits, Mode::Partial).unwrap();
    assert_eq!(out.text, "x = 1\ny = 2\nx = 1\nz = 30\n");
    assert!(!out.sequential);
    assert_eq!(lines(&out), [(4, 4)]);
    assert_eq!(out.matches.iter().map(|m| m.edit).collect::<Vec<_>>(), [1]);
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].edit, 0);
    assert_eq!(out.failures[0].error.kind(), "ambiguous");
}

// Partial mode with no edit applied is a failure listing every edit, not an empty success.
#[test]
fn partial_mode_with_nothing_applied_is_a_failure() {
    let edits = [Edit::new("missing one", "x"), Edit::new("missing two", "y")];
    let err = apply_edits(KERNEL, &edits, Mode::Partial).unwrap_err();
    assert_eq!(
        err.failures
            .iter()
            .map(|f| (f.edit, f.error.kind()))
            .collect::<Vec<_>>(),
        [(0, "not_found"), (1, "not_found")]
    );
}

// In partial mode an edit not found in the original is retried on the result of the others: it
// applies when the model wrote it against an edit listed after it, and the result says
// `sequential`; an edit still not found is reported.
#[test]
fn partial_mode_applies_a_miss_on_the_result_of_the_others() {
    let text = "a = 1\nb = 2\nc = 3\n";
    let edits = [
        Edit::new("a = 10\nb = 2", "a = 10\nb = 20"),
        Edit::new("a = 1\n", "a = 10\n"),
        Edit::new("d = 4", "d = 40"),
    ];
    let out = apply_edits(text, &edits, Mode::Partial).unwrap();
    assert_eq!(out.text, "a = 10\nb = 20\nc = 3\n");
    assert!(out.sequential);
    assert_eq!(
        out.matches.iter().map(|m| m.edit).collect::<Vec<_>>(),
        [1, 0]
    );
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].edit, 2);
    assert_eq!(out.failures[0].error.kind(), "not_found");
}

// Atomic mode falls back to applying the list in order only when every failure is a miss: an
// ambiguity is refused even though, applied in order, the list would go through.
#[test]
fn atomic_sequential_fallback_does_not_settle_an_ambiguity() {
    let text = "f()\nf()\n";
    let edits = [Edit::new("f()\nf()", "f()\ng()"), Edit::new("f()", "h()")];
    // In order, the second edit is unique in the text the first produces.
    let first = apply(text, &edits[0]).unwrap();
    assert_eq!(apply(&first.text, &edits[1]).unwrap().text, "h()\ng()\n");
    let err = apply_edits(text, &edits, Mode::Atomic).unwrap_err();
    assert_eq!(err.failures.len(), 1);
    assert_eq!(err.failures[0].edit, 1);
    assert_eq!(err.failures[0].error.kind(), "ambiguous");
    // Partial mode does not retry it either.
    let out = apply_edits(text, &edits, Mode::Partial).unwrap();
    assert_eq!(out.text, "f()\ng()\n");
    assert!(!out.sequential);
    assert_eq!(out.failures[0].edit, 1);
    assert_eq!(out.failures[0].error.kind(), "ambiguous");
}

// Two edits inserting at the same point (two empty `old`s filling one empty text) conflict:
// their order in the file would be a guess.
#[test]
fn two_edits_at_the_same_insertion_point_conflict() {
    let edits = [Edit::new("", "a\n"), Edit::new("", "b\n")];
    let err = apply_edits("", &edits, Mode::Atomic).unwrap_err();
    assert_eq!(err.failures.len(), 1);
    assert_eq!(err.failures[0].edit, 1);
    match &err.failures[0].error {
        EditError::Conflict { first, second, .. } => assert_eq!((*first, *second), (0, 1)),
        other => panic!("{other:?}"),
    }
    let out = apply_edits("", &edits, Mode::Partial).unwrap();
    assert_eq!(out.text, "a\n");
    assert_eq!(out.failures[0].edit, 1);
    assert_eq!(out.failures[0].error.kind(), "conflict");
}

// Edits on adjacent lines, one ending where the next starts, do not conflict.
#[test]
fn edits_on_adjacent_lines_do_not_conflict() {
    let edits = [Edit::new("a\n", "x\n"), Edit::new("b\n", "y\n")];
    let out = apply_edits("a\nb\n", &edits, Mode::Atomic).unwrap();
    assert_eq!(out.text, "x\ny\n");
    assert!(!out.sequential);
    assert_eq!(lines(&out), [(1, 1), (2, 2)]);
}

// `Match.replacement` is exactly what was written at `Match.span` of the original text: the
// re-indented `new` of a fuzzy match, `new` as sent for an exact one.
#[test]
fn match_replacement_is_what_was_written_at_its_span() {
    let text = "def f():\n    if ok:\n        run()\n    return 1\n";
    let edits = [
        Edit::new("if ok:\n  run()", "if ok:\n  run()\n  log()"),
        Edit::new("return 1", "return 2"),
    ];
    let out = apply_edits(text, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        "def f():\n    if ok:\n        run()\n        log()\n    return 2\n"
    );
    let written: Vec<(&str, &str)> = out
        .matches
        .iter()
        .map(|m| (&text[m.span.clone()], m.replacement.as_str()))
        .collect();
    assert_eq!(
        written,
        [
            (
                "    if ok:\n        run()",
                "    if ok:\n        run()\n        log()"
            ),
            ("return 1", "return 2"),
        ]
    );
    let mut rebuilt = String::new();
    let mut pos = 0;
    for m in &out.matches {
        rebuilt.push_str(&text[pos..m.span.start]);
        rebuilt.push_str(&m.replacement);
        pos = m.span.end;
    }
    rebuilt.push_str(&text[pos..]);
    assert_eq!(rebuilt, out.text);
}
