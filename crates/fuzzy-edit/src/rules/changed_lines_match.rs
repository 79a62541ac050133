//! Rule `changed_lines_match`: a merge that found the model changing lines the file does not
//! hold (the fit stage reports the lines; the refusal is built here).

use super::table::RuleId;
use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::feedback::{location, numbered};
use crate::fit::Mismatch;
use crate::needle::Needle;
use crate::text::Text;

/// Rule 3: the refusal for a merge that found the model changing lines the file does not hold.
pub(crate) fn mismatch(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    needle: &Needle,
    m: Mismatch,
) -> EditError {
    let old_text: Vec<&str> = m.old_lines.clone().map(|i| needle.line(i)).collect();
    EditError::ContentMismatch {
        rule: RuleId::ChangedLinesMatch.name(),
        strategy: strategy.to_string(),
        location: location(text, candidate.lines.clone(), Some(candidate.score)),
        old_text: old_text.join("\n"),
        // Where the model changes lines the file lacks, show the file around that place.
        file_text: if m.file_lines.is_empty() {
            numbered(
                text,
                m.file_lines.start.saturating_sub(1)
                    ..(m.file_lines.start + 1).min(text.line_count()),
            )
        } else {
            numbered(text, m.file_lines)
        },
    }
}
