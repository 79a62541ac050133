//! Blocks that drifted since the model read them, in lines the edit keeps: three lines or more
//! (a rename across the block, a number changed, a comment inserted) are refused with the
//! lines that changed; one still lands, the file's drifted line kept (two land or are refused
//! by the rules for lines near the change, never merged elsewhere).

use fuzzy_edit::Edit;
use proptest::prelude::*;

use crate::support::{applied, strategy};

/// A function of ten distinct lines; the model edits the `limit` line.
fn block(values: [u32; 8]) -> String {
    let mut out = String::from("def handle(request, retries=3):\n");
    for (k, v) in values.iter().enumerate() {
        out.push_str(&format!("    step_{k} = compute(request, {v})\n"));
    }
    out.push_str("    return finish(step_0, step_7)\n");
    out
}

const READ: [u32; 8] = [10, 11, 12, 13, 14, 15, 16, 17];

fn edit() -> Edit {
    let old = block(READ);
    let new = old.replace(
        "step_4 = compute(request, 14)",
        "step_4 = compute(request, 14) * 2",
    );
    Edit::new(old, new)
}

/// The file as the model read it, with the kept lines at `drifted` changed since (their
/// numbers, plus one), between two other functions.
fn file_with(drifted: &[usize]) -> String {
    let mut values = READ;
    for &k in drifted {
        values[k] += 100;
    }
    format!(
        "import os\n\n{}\n\ndef other():\n    return 1\n",
        block(values)
    )
}

#[test]
fn three_lines_changed_since_the_read_are_refused_with_them() {
    let file = file_with(&[1, 2, 6]);
    let e = fuzzy_edit::apply(&file, &edit()).unwrap_err();
    assert_eq!(e.kind(), "content_mismatch");
    let message = e.to_string();
    // The lines `old` has that the file no longer has, and the file's block to read again.
    assert!(
        message.contains("step_1 = compute(request, 11)"),
        "{message}"
    );
    assert!(
        message.contains("step_1 = compute(request, 111)"),
        "{message}"
    );
}

#[test]
fn drifted_kept_lines_are_refused_with_each_as_it_reads_now() {
    // Lines the edit keeps, far from its change: the rule `not_drifted` (closer ones are
    // `not_stale`'s).
    let file = file_with(&[0, 1, 7]);
    let e = fuzzy_edit::apply(&file, &edit()).unwrap_err();
    assert_eq!((e.kind(), e.rule()), ("content_mismatch", "not_drifted"));
    let message = e.to_string();
    assert!(
        message.contains("the block changed since you read it"),
        "{message}"
    );
    // Each drifted line as it reads now, numbered; what `old` had; nothing else of the block.
    for (line, k) in [(4, 0), (5, 1), (11, 7)] {
        let now = format!(
            "{line:>6}\t    step_{k} = compute(request, {})",
            READ[k] + 100
        );
        assert!(message.contains(&now), "{message}");
        let had = format!("    step_{k} = compute(request, {})", READ[k]);
        assert!(message.contains(&had), "{message}");
    }
    assert!(!message.contains("step_4"), "{message}");
}

#[test]
fn one_line_changed_since_still_lands_keeping_the_file_line() {
    for drifted in [&[1][..], &[2], &[6]] {
        let file = file_with(drifted);
        let out = applied(&file, &edit());
        assert_eq!(strategy(&out), "block_anchor");
        let expected = file.replace(
            "step_4 = compute(request, 14)",
            "step_4 = compute(request, 14) * 2",
        );
        assert_eq!(out.text, expected, "{drifted:?}");
        // The drifted line is reported: the file's line now, and what `old` had.
        let k = drifted[0];
        let listed = &out.matches[0].differences;
        assert_eq!(listed.len(), 1, "{listed:?}");
        assert_eq!(listed[0].line, k + 4);
        assert_eq!(
            listed[0].file,
            [format!(
                "    step_{k} = compute(request, {})",
                READ[k] + 100
            )]
        );
        assert_eq!(
            listed[0].old,
            [format!("    step_{k} = compute(request, {})", READ[k])]
        );
    }
}

proptest! {
    /// Whichever kept lines drifted: three or more are never merged; fewer land as intended
    /// or are refused, never written elsewhere.
    #[test]
    fn a_block_drifted_in_three_kept_lines_is_never_merged(
        drifted in proptest::sample::subsequence(vec![0usize, 1, 2, 3, 5, 6, 7], 0..=4)
    ) {
        let file = file_with(&drifted);
        let e = edit();
        if drifted.len() >= 3 {
            prop_assert!(fuzzy_edit::apply(&file, &e).is_err());
        } else if let Ok(out) = fuzzy_edit::apply(&file, &e) {
            let expected = file.replace(
                "step_4 = compute(request, 14)",
                "step_4 = compute(request, 14) * 2",
            );
            prop_assert_eq!(out.text, expected);
        }
    }
}
