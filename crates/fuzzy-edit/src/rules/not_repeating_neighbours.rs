//! Rule 3: a fuzzy match whose `new` repeats the lines standing just past the block.
//!
//! A model that misremembers where its `old` ends writes `new` on into the lines that follow
//! it in the file (`old` ends at `switch (x) {`, `new` adds a `case` and then copies the
//! `case` lines already below). Merged, the block gets those lines twice. An exact match says
//! where `old` ends; a fuzzy one does not, and the repeat says the model's idea of the block
//! is off: it is refused, and the model told that `new`'s lines already stand there.
//! (Measured: the one real replace call of the gate that a fuzzy match of a prefixed `old`
//! turned into a wrong edit was this; no case of the gate or of the independent apply
//! benchmark trips it otherwise.)

use std::ops::Range;

use crate::candidate::{Candidate, Fit, StrategyId};
use crate::error::EditError;
use crate::feedback::location;
use crate::normalize;
use crate::text::lines_of;
use crate::text::Text;
use crate::thresholds::MIN_REPEATED_LINES;

/// Rule 3: refuse a fuzzy match of whole lines whose `replacement` ends with (or starts with)
/// at least [`MIN_REPEATED_LINES`] non-blank lines that the file holds right after (before) the
/// block, in order, when the block itself does not end (start) with them: written in, those
/// lines would stand twice.
pub(crate) fn check_not_repeating_neighbours(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    replacement: &str,
) -> Result<(), EditError> {
    if strategy == StrategyId::Exact || !matches!(candidate.fit, Fit::Lines(_)) {
        return Ok(());
    }
    let key = |l: &str| normalize::loose_key(l).into_owned();
    let written: Vec<String> = lines_of(replacement)
        .0
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .map(key)
        .collect();
    // The non-blank lines of `lines`, keyed, at most `reach` of them (from the end when
    // `backwards`): only the lines next to the block are read, never the whole file.
    let non_blank = |lines: Range<usize>, reach: usize, backwards: bool| -> Vec<(usize, String)> {
        let keyed = |i: usize| (!text.line(i).trim().is_empty()).then(|| (i, key(text.line(i))));
        let mut out: Vec<(usize, String)> = if backwards {
            lines.rev().filter_map(keyed).take(reach).collect()
        } else {
            lines.filter_map(keyed).take(reach).collect()
        };
        if backwards {
            out.reverse();
        }
        out
    };
    let lines = candidate.lines.clone();
    let block: Vec<String> = non_blank(lines.clone(), usize::MAX, false)
        .into_iter()
        .map(|(_, k)| k)
        .collect();
    let reach = written.len();
    let after = non_blank(lines.end..text.line_count(), reach, false);
    let before = non_blank(0..lines.start, reach, true);
    let keys = |v: &[(usize, String)]| v.iter().map(|(_, k)| k.clone()).collect::<Vec<_>>();
    let (after_keys, before_keys) = (keys(&after), keys(&before));
    for k in (MIN_REPEATED_LINES..=written.len().min(after.len())).rev() {
        let tail = &written[written.len() - k..];
        let kept = block.len() >= k && block[block.len() - k..] == *tail;
        if tail == &after_keys[..k] && !kept {
            return Err(repeated(text, candidate, after[0].0..after[k - 1].0 + 1));
        }
    }
    for k in (MIN_REPEATED_LINES..=written.len().min(before.len())).rev() {
        let head = &written[..k];
        let kept = block.len() >= k && block[..k] == *head;
        if head == &before_keys[before.len() - k..] && !kept {
            let first = before[before.len() - k].0;
            return Err(repeated(
                text,
                candidate,
                first..before[before.len() - 1].0 + 1,
            ));
        }
    }
    Ok(())
}

/// The refusal: what `new` repeats already stands at `lines`, beside the block.
fn repeated(text: &Text, candidate: &Candidate, lines: Range<usize>) -> EditError {
    EditError::AlreadyApplied {
        rule: super::table::RuleId::NotRepeatingNeighbours.name(),
        location: location(text, lines, None),
        old_location: Some(location(
            text,
            candidate.lines.clone(),
            Some(candidate.score),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(file: &str, lines: Range<usize>, replacement: &str) -> Result<(), EditError> {
        let text = Text::new(file);
        let candidate = Candidate {
            span: text.span_of_lines(lines.clone(), true),
            lines,
            score: 0.9,
            fit: Fit::Lines(None),
        };
        check_not_repeating_neighbours(&text, StrategyId::BlockAnchor, &candidate, replacement)
    }

    #[test]
    fn new_running_on_into_the_next_lines_is_refused() {
        let file = "switch (x) {\n  case A:\n  case B:\n    f();\n}\n";
        // The block is line 1; `new` adds a case, then repeats the two below.
        let e = check(
            file,
            0..1,
            "switch (x) {\n  case Z:\n  case A:\n  case B:\n",
        )
        .unwrap_err();
        assert!(
            matches!(e, EditError::AlreadyApplied { ref location, .. } if location.start_line == 2 && location.end_line == 3),
            "{e:?}"
        );
        // One line repeated is chance; a block that ends with the lines keeps them.
        assert!(check(file, 0..1, "switch (x) {\n  case Z:\n  case A:\n").is_ok());
        let file = "a\nb\nc\nb\nc\n";
        assert!(check(file, 0..3, "a\nx\nb\nc\n").is_ok());
    }

    #[test]
    fn new_starting_with_the_lines_before_is_refused() {
        let file = "a = 1\nb = 2\nc = 3\nd = 4\n";
        assert!(check(file, 2..3, "a = 1\nb = 2\nc = 30\n").is_err());
        assert!(check(file, 2..3, "c = 30\n").is_ok());
    }
}
