//! Rule 2: a one-line edit made already, sent again, found loosely at another line.
//!
//! A line renamed (`      return try {` -> `      returnValue try {`) and sent again no longer
//! finds `old` as written. Loosely it finds the same line at another depth (`    return try {`
//! in another function), or the tail of a longer line (`      tests/contrib/appengine` as the
//! end of `py.test ... tests/contrib/appengine`), and renames that one. But the place `old`
//! points to is the one the file now holds as `new`, byte for byte: `new` keeps `old`'s
//! indentation, and a whole line of the file is `new` as written, at another line than the
//! candidate. The loose match needed a slip the model's memory did not make; the edit was
//! made. Code repeats lines, so a short `new` (`}`, `end`) says nothing.
//!
//! Measured: a renamed Kotlin line and a tox.ini line sent again are refused; the gate's exact
//! and sound figures are unchanged.

use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::feedback::location;
use crate::needle::Needle;
use crate::normalize::{self, Level};
use crate::text::lines_of;
use crate::text::Text;
use crate::thresholds::MIN_TELLING_LEN;

/// Rule 2: refuse a loose candidate of a one-line edit whose `new`, with `old`'s indentation,
/// stands as a whole line of the text elsewhere.
pub(crate) fn check_not_made_elsewhere(
    text: &Text,
    strategy: StrategyId,
    chosen: &[Candidate],
    needle: &Needle,
) -> Result<(), EditError> {
    if strategy == StrategyId::Exact || chosen.len() != 1 {
        return Ok(());
    }
    let (Some(old), Some(new)) = (one_line(needle.old_text()), one_line(needle.new_text())) else {
        return Ok(());
    };
    if new.trim().len() < MIN_TELLING_LEN || indent(old) != indent(new) || old.trim() == new.trim()
    {
        return Ok(());
    }
    let c = &chosen[0];
    // Only a match that saw through whitespace alone: through a slip of a letter (or an
    // escape undone) `new` standing elsewhere tells nothing. (Gate: without this, two
    // `typo_single_line` edits whose `new` is a line the file repeats, and one real replace
    // call sent with HTML entities, were refused.)
    let found = text.as_str()[c.span.clone()].trim_end_matches(['\r', '\n']);
    // (Space at line ends is no place of its own: adv case 9767, a line of generated code
    // the file repeats, sent with a tab at its end, was refused.)
    if found.trim_end() == old.trim_end()
        || !normalize::lines_equal(found, old, Level::InnerWhitespace)
    {
        return Ok(());
    }
    let Some(at) = (0..text.line_count())
        .find(|&i| !c.lines.contains(&i) && text.line(i).trim_end() == new.trim_end())
    else {
        return Ok(());
    };
    Err(EditError::AlreadyApplied {
        rule: super::table::RuleId::NotMadeElsewhere.name(),
        location: location(text, at..at + 1, None),
        old_location: None,
    })
}

/// The leading whitespace of `line`.
fn indent(line: &str) -> &str {
    &line[..line.len() - line.trim_start().len()]
}

/// The one line of `s` that is not blank, when it has one.
fn one_line(s: &str) -> Option<&str> {
    let mut filled = lines_of(s).0.into_iter().filter(|l| !l.trim().is_empty());
    let line = filled.next()?;
    filled.next().is_none().then_some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_line_that_is_not_blank() {
        assert_eq!(one_line("\n  a = 1\n"), Some("  a = 1"));
        assert_eq!(one_line("a\nb"), None);
        assert_eq!(one_line("\n"), None);
    }
}
