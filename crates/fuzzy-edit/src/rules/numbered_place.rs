//! Rule `numbered_place`: a loose match away from the lines `old`'s read-tool numbers name,
//! where those lines still read much like `old`.
//!
//! A model that copies `old` from a read tool's output copies the line numbers with it
//! (`  266\t// Then`): they say where it read the block. When the block changed there since
//! (a value, a name, a line the model never saw), `old` may match a sibling elsewhere more
//! closely than the changed block (a test beside the test the model read, the name one
//! plural off): the edit would land on the sibling. So a loose match that leaves the
//! numbered lines, while at least [`MIN_NUMBERED_EQUAL`] of `old`'s non-blank lines, and a
//! third of them, still stand there, and the lines there are within [`TWIN_REACH`] character
//! edits as close to `old` as the match, is refused: the model read that block, and it
//! changed. (Without the last condition, sibling blocks the numbers name since the file grew
//! above, by an earlier edit, were refused: 13 hand cases of an adversarial review.)
//! A match over the numbered lines (the numbers a few lines off, the file grown above since
//! the read) is the model's block and is not judged. The review's hand cases
//!: 5 wrong edits (a Swift test, read in five read-tool styles, changed
//! since in 2 lines, beside its plural-named sibling) refused, nothing lost; the gate and an
//! attack set (9,424 cases) unchanged. Left applied: a read block changed since in more than
//! the sibling differs (the attack set's `stale+prefix` wrong edit, 5 lines changed).

use super::table::RuleId;
use crate::align::{align, block_edits, block_edits_within, block_key};
use crate::candidate::{Candidate, StrategyId};
use crate::error::EditError;
use crate::feedback::{location, numbered_line};
use crate::notation::{parse_prefix, strip_line_prefixes};
use crate::text::Text;
use crate::thresholds::{MIN_NUMBERED_EQUAL, MIN_NUMBERED_EQUAL_PER_LINES, TWIN_REACH};

/// Refuse as a content mismatch a loose match of a numbered `old` (`sent_old`, as the model
/// sent it) that does not cover the lines its numbers name, where those lines still read
/// like `old` (see the module docs).
pub(crate) fn check_numbered_place(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    sent_old: &str,
) -> Result<(), EditError> {
    if !matches!(
        strategy,
        StrategyId::BlockAnchor
            | StrategyId::TypoLine
            | StrategyId::Elision
            | StrategyId::LineSlips
    ) {
        return Ok(());
    }
    let Some((stripped, place)) = numbered_lines(sent_old) else {
        return Ok(());
    };
    let place = place.start..place.end.min(text.line_count());
    if place.is_empty() || (place.start < candidate.lines.end && candidate.lines.start < place.end)
    {
        return Ok(());
    }
    let old: Vec<&str> = stripped.lines().collect();
    let window: Vec<&str> = place.clone().map(|i| text.line(i)).collect();
    let alignment = align(&old, &window);
    let written = old.iter().filter(|l| !l.trim().is_empty()).count();
    let standing = (0..old.len())
        .filter(|&i| alignment.equal[i].is_some() && !old[i].trim().is_empty())
        .count();
    if standing < MIN_NUMBERED_EQUAL || standing * MIN_NUMBERED_EQUAL_PER_LINES < written {
        return Ok(());
    }
    // As close to `old` as the match, or nearly: the block read there. Several edits further,
    // a sibling the numbers name since the file grew above (an earlier edit), and the match
    // is the block (`handleDelete` read at the lines `handlePut` stands on now).
    let key = block_key(&old);
    let matched: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
    let own = block_edits(&key, &block_key(&matched));
    if block_edits_within(&key, &block_key(&window), own + TWIN_REACH).is_none() {
        return Ok(());
    }
    // The lines of `old` that do not stand there, and the numbered place's others as they read.
    let mut paired = vec![false; window.len()];
    for &j in alignment.equal.iter().flatten() {
        paired[j] = true;
    }
    let differing: Vec<&str> = (0..old.len())
        .filter(|&i| alignment.equal[i].is_none() && !old[i].trim().is_empty())
        .map(|i| old[i])
        .collect();
    Err(EditError::ContentMismatch {
        rule: RuleId::NumberedPlace.name(),
        strategy: strategy.to_string(),
        location: location(text, candidate.lines.clone(), Some(candidate.score)),
        old_text: differing.join("\n"),
        file_text: place
            .clone()
            .filter(|&j| !paired[j - place.start] && !text.line(j).trim().is_empty())
            .map(|j| numbered_line(j + 1, text.line(j)))
            .collect::<Vec<_>>()
            .join("\n"),
    })
}

/// `old` without its read-tool numbers, and the lines (0-based) they name, first to last,
/// when every non-blank line carries one.
fn numbered_lines(old: &str) -> Option<(String, std::ops::Range<usize>)> {
    let stripped = strip_line_prefixes(old)?;
    let mut numbers = old.lines().filter_map(parse_prefix).map(|(_, n, _)| n);
    let first = numbers.next()?;
    let last = numbers.next_back().unwrap_or(first);
    let first = usize::try_from(first).ok()?.checked_sub(1)?;
    Some((stripped, first..usize::try_from(last).ok()?))
}

#[cfg(test)]
mod tests {
    use super::numbered_lines;

    #[test]
    fn the_numbers_name_first_to_last_line() {
        assert_eq!(
            numbered_lines("  266\ta\n  267\tb\n\n  270\tc"),
            Some(("a\nb\n\nc".to_string(), 265..270))
        );
        assert_eq!(numbered_lines("a\nb"), None);
        assert_eq!(numbered_lines("    0\ta"), None);
    }
}
