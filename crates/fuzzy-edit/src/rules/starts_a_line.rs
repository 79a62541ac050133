//! Rule 2: an `old` written as a line, found loosely inside another line.
//!
//! An `old` that starts with indentation was copied as a whole line. A loose match of it (inner
//! whitespace read as one space) can start inside a longer line, its indentation taken for
//! the space between two words: `      tests/contrib/appengine` as the end of
//! `    py.test --gae-sdk={env:GAE:} tests/contrib/appengine`. That is not the line the model
//! copied (here it had been renamed already, and stood as `new` a few lines below); `new`,
//! written there with its indentation, glues a run of spaces into the middle of the line. So
//! a loose candidate of an `old` starting with a space or tab, which starts after other text
//! on its line, is refused. (An exact match inside a line is the model's choice: it copied
//! those spaces from somewhere.)
//!
//! Measured: a tox.ini line sent again, and a generated resend with `new` re-indented as well,
//! are refused; the gate's exact and sound figures are unchanged.

use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::feedback::{location, numbered};
use crate::needle::Needle;
use crate::text::Text;

/// Rule 2: refuse a loose candidate of a line-shaped `old` that starts inside a line.
pub(crate) fn check_starts_a_line(
    text: &Text,
    strategy: StrategyId,
    chosen: &[Candidate],
    needle: &Needle,
) -> Result<(), EditError> {
    let old = needle.old_text();
    if strategy == StrategyId::Exact || !old.starts_with([' ', '\t']) {
        return Ok(());
    }
    let Some(inside) = chosen.iter().find(|c| starts_inside_a_line(text, c)) else {
        return Ok(());
    };
    let line = text.line_of(inside.span.start);
    Err(EditError::ContentMismatch {
        rule: super::table::RuleId::StartsALine.name(),
        strategy: format!(
            "{strategy}, but it starts inside a line while the old text starts as a line does, with its indentation; copy the whole line"
        ),
        location: location(text, inside.lines.clone(), Some(inside.score)),
        old_text: old.split('\n').next().unwrap_or(old).trim_end_matches('\r').to_string(),
        file_text: numbered(text, line..line + 1),
    })
}

/// Whether `c` starts after text that is not whitespace on its first line.
fn starts_inside_a_line(text: &Text, c: &Candidate) -> bool {
    let line = text.lines()[text.line_of(c.span.start)];
    !text.as_str()[line.start..c.span.start.max(line.start)]
        .trim()
        .is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidate::Fit;

    fn candidate(text: &Text, span: std::ops::Range<usize>) -> Candidate {
        Candidate {
            lines: text.lines_of_span(&span),
            span,
            score: 1.0,
            fit: Fit::Splice(None),
        }
    }

    #[test]
    fn a_match_after_words_on_its_line_starts_inside_it() {
        let text = Text::new("run --x tests/a\n    tests/a\n");
        assert!(starts_inside_a_line(&text, &candidate(&text, 7..15)));
        assert!(!starts_inside_a_line(&text, &candidate(&text, 16..27)));
        // Only indentation before it: the line's start.
        assert!(!starts_inside_a_line(&text, &candidate(&text, 18..27)));
    }
}
