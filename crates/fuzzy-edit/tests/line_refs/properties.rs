//! Properties of line-addressed edits on random files (LF or CRLF, with or without a BOM and a
//! final newline, tab-indented lines, blank and `}` lines): valid references apply exactly;
//! after lines are inserted above, edits follow (and say so) or are refused, never land
//! elsewhere; a changed referenced line is refused with the current lines.

use fuzzy_edit::line_refs::{
    apply_line_edits, line_id, read_with_hashes, LineEdit, LineOp, LineRef,
};
use fuzzy_edit::{EditError, Options};
use proptest::prelude::*;

/// A file as lines, and how it is written.
#[derive(Debug, Clone)]
struct File {
    lines: Vec<String>,
    crlf: bool,
    bom: bool,
    final_newline: bool,
}

impl File {
    fn text(&self) -> String {
        let eol = if self.crlf { "\r\n" } else { "\n" };
        let mut s = String::from(if self.bom { "\u{feff}" } else { "" });
        s.push_str(&self.lines.join(eol));
        if self.final_newline && !self.lines.is_empty() {
            s.push_str(eol);
        }
        s
    }

    fn reference(&self, index: usize) -> LineRef {
        LineRef {
            line: index + 1,
            id: Some(line_id(index + 1, &self.lines[index])),
        }
    }
}

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0..3usize, 0..100_000u32).prop_map(|(depth, n)| format!("{}item_{n} = {n};", "\t".repeat(depth))),
        1 => Just(String::new()),
        1 => Just("}".to_string()),
    ]
}

fn file() -> impl Strategy<Value = File> {
    (
        prop::collection::vec(line(), 4..40),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            // (A last empty line without a final newline reads as a final newline.)
            |(lines, crlf, bom, final_newline)| {
                let final_newline = final_newline || lines.last().is_some_and(String::is_empty);
                File {
                    lines,
                    crlf,
                    bom,
                    final_newline,
                }
            },
        )
}

/// One planned edit: what, at which line (0-based), through which line.
#[derive(Debug, Clone, Copy)]
enum Plan {
    Replace(usize, usize),
    Append(usize),
    Prepend(usize),
}

/// Non-overlapping edits over `count` lines: a walk that skips at least one line after each.
fn plans(count: usize, choices: &[(u8, u8)]) -> Vec<Plan> {
    let mut out = Vec::new();
    let mut i = 0;
    for &(kind, len) in choices {
        if i >= count {
            break;
        }
        match kind % 4 {
            0 => {
                let last = (i + usize::from(len % 3)).min(count - 1);
                out.push(Plan::Replace(i, last));
                i = last + 2;
            }
            1 => {
                out.push(Plan::Append(i));
                i += 2;
            }
            2 => {
                out.push(Plan::Prepend(i));
                i += 2;
            }
            _ => i += 1 + usize::from(len % 3),
        }
    }
    out
}

/// New lines for edit `e`, at the depth of the first non-blank line of `at..=last` (the depth
/// a model reads there).
fn new_lines(file: &File, e: usize, at: usize, last: usize, n: usize) -> Vec<String> {
    let line = file.lines[at..=last]
        .iter()
        .find(|l| !l.is_empty())
        .unwrap_or(&file.lines[at]);
    let depth: String = line.chars().take_while(|&c| c == '\t').collect();
    (0..n).map(|j| format!("{depth}new_{e}_{j}();")).collect()
}

/// The edits by reference, and the lines they should give.
fn edits(file: &File, plans: &[Plan], sizes: &[usize]) -> (Vec<LineEdit>, Vec<String>) {
    let mut edits = Vec::new();
    let mut expected = file.lines.clone();
    for (e, plan) in plans.iter().enumerate().rev() {
        let n = sizes[e % sizes.len()];
        match *plan {
            Plan::Replace(a, b) => {
                let lines = new_lines(file, e, a, b, n);
                expected.splice(a..=b, lines.clone());
                edits.push(LineEdit {
                    op: LineOp::Replace,
                    pos: Some(file.reference(a)),
                    end: (b > a).then(|| file.reference(b)),
                    lines,
                });
            }
            Plan::Append(p) | Plan::Prepend(p) => {
                let lines = new_lines(file, e, p, p, n.max(1));
                let at = if matches!(plan, Plan::Append(_)) {
                    p + 1
                } else {
                    p
                };
                expected.splice(at..at, lines.clone());
                edits.push(LineEdit {
                    op: if at > p {
                        LineOp::Append
                    } else {
                        LineOp::Prepend
                    },
                    pos: Some(file.reference(p)),
                    end: None,
                    lines,
                });
            }
        }
    }
    edits.reverse();
    (edits, expected)
}

fn written(file: &File, lines: Vec<String>) -> String {
    File {
        lines,
        ..file.clone()
    }
    .text()
}

fn referenced(edits: &[LineEdit]) -> Vec<&LineRef> {
    edits
        .iter()
        .flat_map(|e| e.pos.iter().chain(&e.end))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn valid_references_apply_exactly(
        file in file(),
        choices in prop::collection::vec((any::<u8>(), any::<u8>()), 1..12),
        sizes in prop::collection::vec(0..4usize, 1..4),
    ) {
        let plans = plans(file.lines.len(), &choices);
        prop_assume!(!plans.is_empty());
        let (edits, expected) = edits(&file, &plans, &sizes);
        let out = apply_line_edits(&file.text(), &edits, &Options::default());
        match out {
            Ok(out) => {
                prop_assert_eq!(out.text, written(&file, expected));
                prop_assert!(out.followed.is_empty());
            }
            // Replacing lines by nothing where there were none changes nothing.
            Err(EditError::NoChange { .. }) => prop_assert_eq!(written(&file, expected), file.text()),
            Err(e) => prop_assert!(false, "{e}"),
        }
    }

    #[test]
    fn after_lines_inserted_edits_follow_or_are_refused_never_land_elsewhere(
        file in file(),
        choices in prop::collection::vec((any::<u8>(), any::<u8>()), 1..12),
        sizes in prop::collection::vec(1..4usize, 1..4),
        at in any::<prop::sample::Index>(),
        inserted in 1..5usize,
    ) {
        let plans = plans(file.lines.len(), &choices);
        prop_assume!(!plans.is_empty());
        let (edits, _) = edits(&file, &plans, &sizes);
        let at = at.index(file.lines.len() + 1);
        let mut now = file.clone();
        let block: Vec<String> = (0..inserted).map(|k| format!("inserted_{k}();")).collect();
        now.lines.splice(at..at, block);
        let refs = referenced(&edits);
        // Where a reference's line number now holds another line with the same ID (the same
        // text, or one of the 1 in 256 an 8-bit ID cannot tell apart), the format itself
        // cannot tell it from the line read.
        prop_assume!(refs.iter().all(|r| {
            let (i, n) = (r.line - 1, r.line);
            i < at || line_id(n, &now.lines[i]) != line_id(n, &file.lines[i])
        }));
        let below_all = refs.iter().all(|r| r.line <= at);
        let above_all = refs.iter().all(|r| r.line > at);
        match apply_line_edits(&now.text(), &edits, &Options::default()) {
            Ok(out) if out.followed.is_empty() => {
                // Every reference still held: the insertion is below them all.
                prop_assert!(below_all, "applied without following: {:?}", out.text);
                let (_, expected) = self::edits(&now, &plans, &sizes);
                prop_assert_eq!(out.text, written(&now, expected));
            }
            Ok(out) => {
                prop_assert!(above_all, "followed with lines inserted among the references");
                let moved: Vec<Plan> = plans.iter().map(|p| match *p {
                    Plan::Replace(a, b) => Plan::Replace(a + inserted, b + inserted),
                    Plan::Append(p) => Plan::Append(p + inserted),
                    Plan::Prepend(p) => Plan::Prepend(p + inserted),
                }).collect();
                let (_, expected) = self::edits(&now, &moved, &sizes);
                prop_assert_eq!(out.text, written(&now, expected));
                prop_assert!(out.followed.iter().zip(&refs).all(|(f, r)| f.line == r.line + inserted));
            }
            Err(e) => prop_assert_eq!(e.kind(), "stale_reference", "{}", e),
        }
    }

    #[test]
    fn one_changed_referenced_line_is_refused_with_the_current_lines(
        file in file(),
        choices in prop::collection::vec((any::<u8>(), any::<u8>()), 1..12),
        pick in any::<prop::sample::Index>(),
    ) {
        let plans = plans(file.lines.len(), &choices);
        prop_assume!(!plans.is_empty());
        let (edits, _) = edits(&file, &plans, &[1]);
        let refs = referenced(&edits);
        let changed = refs[pick.index(refs.len())].line;
        let mut now = file.clone();
        now.lines[changed - 1] = format!("{} // changed", now.lines[changed - 1]);
        prop_assume!(line_id(changed, &now.lines[changed - 1]) != line_id(changed, &file.lines[changed - 1]));
        let err = apply_line_edits(&now.text(), &edits, &Options::default()).unwrap_err();
        let EditError::StaleReference { references, current } = &err else {
            return Err(TestCaseError::fail(format!("{err:?}")));
        };
        let prefix = format!("{changed}#");
        prop_assert!(references.iter().any(|r| r.reference.starts_with(&prefix)));
        let fresh = read_with_hashes(&now.text(), Some((changed, changed)));
        prop_assert!(current.contains(&fresh), "{} lacks {}", current, fresh);
    }
}
