//! Several edits on one text, as one transaction.
//!
//! Every edit is located against the *original* text, so an earlier edit cannot move a later
//! one onto the wrong lines, and overlapping spans are caught as a [`EditError::Conflict`]
//! naming both edits. When some edit is only found in the text an earlier edit of the same list
//! produces (the model wrote the list sequentially), the list is applied again one edit at a
//! time; that result is taken only if every edit succeeds.

use std::ops::Range;

use serde::Serialize;

use crate::edit::{Edit, Mode};
use crate::error::EditError;
use crate::locate::{plan, Planned};
use crate::text::Text;

/// The result of applying edits.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Applied {
    /// The text after the edits.
    pub text: String,
    /// One entry per replacement made, in text order.
    pub matches: Vec<Match>,
    /// Edits that failed (only in [`Mode::Partial`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<Failure>,
    /// Whether edits were applied one after another (some `old` only existed after an earlier
    /// edit); line numbers then refer to the text as it was before each edit.
    pub sequential: bool,
}

/// Where one replacement was made and how it was found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Match {
    /// Index (0-based) of the edit in the request.
    pub edit: usize,
    /// The strategy that matched (`"exact"`, `"indentation"`, ...).
    pub strategy: &'static str,
    /// How well `old` matched, 1.0 for a match at the strategy's level.
    pub score: f64,
    /// First line replaced, 1-based.
    pub start_line: usize,
    /// Last line replaced, 1-based, inclusive.
    pub end_line: usize,
    /// Byte span replaced in the text the edit was applied to.
    #[serde(skip)]
    pub span: Range<usize>,
}

/// One edit that failed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Failure {
    /// Index (0-based) of the edit in the request.
    pub edit: usize,
    /// Why.
    #[serde(flatten)]
    pub error: EditError,
}

/// Edits that could not all be applied; the text is unchanged.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[error("{}", describe(.failures))]
pub struct Failed {
    /// Each failed edit.
    pub failures: Vec<Failure>,
}

fn describe(failures: &[Failure]) -> String {
    if let [only] = failures {
        return only.error.to_string();
    }
    failures
        .iter()
        .map(|f| format!("Edit {}: {}", f.edit + 1, f.error))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// Apply one edit to `text`.
///
/// ```
/// use fuzzy_edit::{apply, Edit};
/// let out = apply("fn main() {\n    run();\n}\n", &Edit::new("run();", "run(true);")).unwrap();
/// assert_eq!(out.text, "fn main() {\n    run(true);\n}\n");
/// assert_eq!((out.matches[0].start_line, out.matches[0].end_line), (2, 2));
/// ```
pub fn apply(text: &str, edit: &Edit) -> Result<Applied, EditError> {
    apply_edits(text, std::slice::from_ref(edit), Mode::Atomic).map_err(|mut f| {
        f.failures
            .pop()
            .map(|f| f.error)
            .unwrap_or(EditError::NoChange)
    })
}

/// Apply a list of edits to `text` as one transaction (see the module docs).
///
/// ```
/// use fuzzy_edit::{apply_edits, Edit, Mode, EditError};
/// let text = "a = 1\nb = 2\n";
/// let out = apply_edits(text, &[Edit::new("a = 1", "a = 10"), Edit::new("b = 2", "b = 20")], Mode::Atomic).unwrap();
/// assert_eq!(out.text, "a = 10\nb = 20\n");
///
/// let err = apply_edits(text, &[Edit::new("a = 1\nb", "x"), Edit::new("b = 2", "y")], Mode::Atomic).unwrap_err();
/// assert!(matches!(err.failures[0].error, EditError::Conflict { first: 0, second: 1, .. }));
/// ```
pub fn apply_edits(text: &str, edits: &[Edit], mode: Mode) -> Result<Applied, Failed> {
    let indexed = Text::new(text);
    let mut planned: Vec<Planned> = Vec::new();
    let mut failures: Vec<Failure> = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        match plan(&indexed, i, edit) {
            Ok(p) => planned.extend(p),
            Err(error) => failures.push(Failure { edit: i, error }),
        }
    }
    let conflicts = remove_conflicts(&indexed, &mut planned);
    failures.extend(conflicts);
    failures.sort_by_key(|f| f.edit);

    if failures.is_empty() {
        return Ok(splice(&indexed, planned, false));
    }
    match mode {
        Mode::Atomic => {
            // Only a miss can mean "written after an earlier edit"; a conflict or an ambiguity
            // must not be settled by applying the list in another way.
            let misses_only = failures
                .iter()
                .all(|f| matches!(f.error, EditError::NotFound { .. }));
            if edits.len() > 1 && misses_only {
                if let Some(applied) = sequential(text, edits) {
                    return Ok(applied);
                }
            }
            Err(Failed { failures })
        }
        Mode::Partial => {
            let failed: Vec<usize> = failures.iter().map(|f| f.edit).collect();
            planned.retain(|p| !failed.contains(&p.edit));
            let first = splice(&indexed, planned, false);
            // Edits that failed may depend on the ones applied: try them on the result.
            let mut result = first;
            let mut still_failed = Vec::new();
            for failure in failures {
                let retry = apply(&result.text, &edits[failure.edit]);
                match (retry, &failure.error) {
                    (Ok(mut next), EditError::NotFound { .. }) => {
                        for m in &mut next.matches {
                            m.edit = failure.edit;
                        }
                        result.text = next.text;
                        result.matches.extend(next.matches);
                        result.sequential = true;
                    }
                    _ => still_failed.push(failure),
                }
            }
            if result.matches.is_empty() {
                // Nothing could be applied: a failure, not an empty success.
                return Err(Failed {
                    failures: still_failed,
                });
            }
            result.failures = still_failed;
            Ok(result)
        }
    }
}

/// Drop planned replacements that overlap an earlier edit's, reporting each conflict once.
fn remove_conflicts(text: &Text, planned: &mut Vec<Planned>) -> Vec<Failure> {
    planned.sort_by_key(|p| (p.span.start, p.span.end));
    let mut failures: Vec<Failure> = Vec::new();
    let mut bad: Vec<usize> = Vec::new();
    for w in 0..planned.len() {
        for v in w + 1..planned.len() {
            let (a, b) = (&planned[w], &planned[v]);
            // Spans overlap, or are the same insertion point.
            if b.span.start >= a.span.end && b.span.start != a.span.start {
                break;
            }
            if a.edit == b.edit {
                continue;
            }
            let (first, second) = (a.edit.min(b.edit), a.edit.max(b.edit));
            if !bad.contains(&second) {
                bad.push(second);
                let overlap = b.span.start..a.span.end.min(b.span.end);
                let lines = text.lines_of_span(&overlap);
                failures.push(Failure {
                    edit: second,
                    error: EditError::Conflict {
                        first,
                        second,
                        start_line: lines.start + 1,
                        end_line: lines.end,
                    },
                });
            }
        }
    }
    planned.retain(|p| !bad.contains(&p.edit));
    failures
}

/// Apply the edits one after another, each located in the text the previous ones produced.
fn sequential(text: &str, edits: &[Edit]) -> Option<Applied> {
    let mut current = text.to_string();
    let mut matches = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        let indexed = Text::new(&current);
        let planned = plan(&indexed, i, edit).ok()?;
        let step = splice(&indexed, planned, true);
        matches.extend(step.matches);
        current = step.text;
    }
    Some(Applied {
        text: current,
        matches,
        failures: Vec::new(),
        sequential: true,
    })
}

/// Replace every planned span (sorted, disjoint) in one pass.
fn splice(text: &Text, mut planned: Vec<Planned>, sequential: bool) -> Applied {
    planned.sort_by_key(|p| p.span.start);
    let src = text.as_str();
    let mut out = String::with_capacity(
        src.len() + planned.iter().map(|p| p.replacement.len()).sum::<usize>(),
    );
    let mut pos = 0;
    let mut matches = Vec::with_capacity(planned.len());
    for p in planned {
        out.push_str(&src[pos..p.span.start]);
        out.push_str(&p.replacement);
        pos = p.span.end;
        matches.push(Match {
            edit: p.edit,
            strategy: p.strategy,
            score: (p.score * 1000.0).round() / 1000.0,
            start_line: p.lines.start + 1,
            end_line: p.lines.end.max(p.lines.start + 1),
            span: p.span,
        });
    }
    out.push_str(&src[pos..]);
    Applied {
        text: out,
        matches,
        failures: Vec::new(),
        sequential,
    }
}
