//! Rule `changes_something`: replacements that leave the text as it was.

use super::table::RuleId;
use crate::applied::Match;
use crate::candidate::StrategyId;
use crate::error::EditError;
use crate::feedback::location;
use crate::text::Text;

/// Rule 3: refuse replacements that leave the text as it was. Found as written yet changing
/// nothing means `new` differs from `old` only in what the file's form absorbs (line endings);
/// found loosely, the file already says what `new` says there.
pub(crate) fn check_changes_something(text: &Text, matches: &[Match]) -> Result<(), EditError> {
    if !matches
        .iter()
        .all(|m| m.replacement == text.as_str()[m.span.clone()])
    {
        return Ok(());
    }
    let first = &matches[0];
    if first.strategy == StrategyId::Exact {
        return Err(EditError::NoChange {
            rule: RuleId::ChangesSomething.name(),
            only_edge_line_breaks: false,
            only_artifacts: false,
        });
    }
    Err(EditError::AlreadyApplied {
        rule: RuleId::ChangesSomething.name(),
        location: location(text, first.start_line - 1..first.end_line, None),
        old_location: None,
    })
}
