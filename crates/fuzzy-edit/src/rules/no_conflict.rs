//! Rule `no_conflict`: two edits of one request whose spans overlap.

use crate::applied::{Failure, Match};
use crate::error::EditError;
use crate::text::Text;

/// Rule 5: drop the matches of every edit that overlaps an earlier edit's, reporting each
/// conflict once. Spans that overlap, or are the same insertion point, conflict.
pub(crate) fn conflicts(text: &Text, matches: &mut Vec<Match>) -> Vec<Failure> {
    matches.sort_by_key(|m| (m.span.start, m.span.end));
    let mut failures: Vec<Failure> = Vec::new();
    let mut bad: Vec<usize> = Vec::new();
    for w in 0..matches.len() {
        for v in w + 1..matches.len() {
            let (a, b) = (&matches[w], &matches[v]);
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
    matches.retain(|m| !bad.contains(&m.edit));
    failures
}
