//! A success that saw through more than habits says where the file differs from `old`
//! (`Match::differences`): the file's lines as they stand and what `old` had instead, per
//! match (each edit of a batch, each match of `replace_all`); nothing when `old` differed only
//! in habits (indentation, spacing, line endings, blank lines, quotes).

use fuzzy_edit::protocol::Difference;
use fuzzy_edit::{apply, apply_edits, Edit, Mode};
use proptest::prelude::*;

use crate::support::{applied, strategy};

fn place(line: usize, file: &[&str], old: &[&str]) -> Difference {
    Difference {
        line,
        file: file.iter().map(|l| l.to_string()).collect(),
        old: old.iter().map(|l| l.to_string()).collect(),
    }
}

/// Ten distinct lines; the model remembered line 3 (`step_1`) with another number.
const FILE: &str = "def handle(request):\n    step_0 = compute(request, 10)\n    step_1 = compute(request, 111)\n    step_2 = compute(request, 12)\n    step_3 = compute(request, 13)\n    step_4 = compute(request, 14)\n    step_5 = compute(request, 15)\n    return finish(step_0, step_5)\n";

#[test]
fn a_block_anchor_success_lists_the_line_old_had_wrong() {
    let old = FILE.replace("111", "11");
    let new = old.replace("(request, 14)", "(request, 14) * 2");
    let out = applied(FILE, &Edit::new(old, new));
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(out.text, FILE.replace("(request, 14)", "(request, 14) * 2"));
    assert_eq!(
        out.matches[0].differences,
        [place(
            3,
            &["    step_1 = compute(request, 111)"],
            &["    step_1 = compute(request, 11)"]
        )]
    );
}

#[test]
fn a_typo_line_success_lists_the_files_line() {
    let file = "def f(a, b):\n    total = compute_the_sum(a, b)\n    return total\n";
    let edit = Edit::new(
        "total = compute_the_sum(a, c)",
        "total = compute_the_sum(a, c) + 1",
    );
    let out = applied(file, &edit);
    assert_eq!(strategy(&out), "typo_line");
    assert_eq!(
        out.matches[0].differences,
        [place(
            2,
            &["    total = compute_the_sum(a, b)"],
            &["total = compute_the_sum(a, c)"]
        )]
    );
}

#[test]
fn habits_alone_list_nothing() {
    // Indentation (tabs for spaces), trailing blanks, CRLF, a blank line left out, curly quotes.
    let file = "if ready:\r\n\tsend(\"hi\")  \r\n\r\n\tclose()\r\n";
    let edit = Edit::new(
        "if ready:\n    send(“hi”)\n    close()",
        "if ready:\n    close()",
    );
    let out = applied(file, &edit);
    assert!(out.matches[0].differences.is_empty(), "{:?}", out.matches);
    // A read tool's line numbers.
    let out = applied(
        "a = 1\nb = 2\n",
        &Edit::new("     1\ta = 1\n     2\tb = 2", "a = 1\nb = 3"),
    );
    assert!(out.matches[0].differences.is_empty(), "{:?}", out.matches);
}

#[test]
fn lines_old_elided_are_no_difference() {
    // `old` stands for the middle of the function by a marker: the elided lines are the
    // file's, not a difference.
    let old = "def handle(request):\n    # ...\n    return finish(step_0, step_5)";
    let new = "def handle(request):\n    # ...\n    return finish_all(step_0, step_5)";
    let out = applied(FILE, &Edit::new(old, new));
    assert_eq!(strategy(&out), "elision");
    assert_eq!(out.text, FILE.replace("finish(", "finish_all("));
    assert!(out.matches[0].differences.is_empty(), "{:?}", out.matches);
}

#[test]
fn each_edit_of_a_batch_carries_its_own_differences() {
    let second = "def g():\n    return 1\n";
    let file = format!("{FILE}\n{second}");
    let old = FILE.replace("111", "11");
    let edits = [
        Edit::new(
            old.clone(),
            old.replace("(request, 14)", "(request, 14) * 2"),
        ),
        Edit::new("def g():\n  return 1", "def g():\n  return 2"),
    ];
    let out = apply_edits(&file, &edits, Mode::Atomic).unwrap();
    assert_eq!(out.matches.len(), 2);
    assert_eq!(out.matches[0].differences.len(), 1);
    assert_eq!(out.matches[0].differences[0].line, 3);
    assert!(out.matches[1].differences.is_empty(), "{:?}", out.matches);
}

#[test]
fn every_match_of_replace_all_carries_its_own_differences() {
    // Indentation differs at both places: a habit, so nothing to say at either.
    let file = "if a:\n    go(1)\nif b:\n        go(1)\n";
    let out = apply(file, &Edit::new("go(1)", "go(2)").replace_all(true)).unwrap();
    assert_eq!(out.matches.len(), 2);
    assert!(out.matches.iter().all(|m| m.differences.is_empty()));
}

proptest! {
    /// Whatever habits `old` was copied with, a success lists no difference; and whichever
    /// kept line the model misremembered by a number, a success lists that line, as the file
    /// has it, at its line number, and what `old` had.
    #[test]
    fn habits_are_never_listed_and_a_misremembered_line_always_is(
        indent in prop_oneof![Just("  "), Just("\t"), Just("        ")],
        crlf in any::<bool>(),
        trailing in any::<bool>(),
        misremembered in proptest::option::of(1usize..=6),
    ) {
        let mut old_lines: Vec<String> = FILE
            .lines()
            .map(|l| match l.strip_prefix("    ") {
                Some(body) => format!("{indent}{body}{}", if trailing { " " } else { "" }),
                None => l.to_string(),
            })
            .collect();
        if let Some(k) = misremembered {
            old_lines[k] = old_lines[k].replace(", 1", ", 9");
        }
        let eol = if crlf { "\r\n" } else { "\n" };
        let old = old_lines.join(eol);
        let new = old.replace("finish(", "finish_all(");
        let Ok(out) = apply(FILE, &Edit::new(old, new)) else {
            return Ok(());
        };
        prop_assert_eq!(out.matches.len(), 1);
        let listed = &out.matches[0].differences;
        match misremembered {
            None => prop_assert!(listed.is_empty(), "{:?}", listed),
            Some(k) => {
                prop_assert_eq!(listed.len(), 1, "{:?}", listed);
                let file_line = FILE.lines().nth(k).unwrap();
                prop_assert_eq!(listed[0].line, k + 1);
                prop_assert_eq!(&listed[0].file, &[file_line.to_string()]);
                prop_assert_eq!(listed[0].old[0].trim(), file_line.trim().replace(", 1", ", 9"));
            }
        }
    }
}
