//! Rule 3: a line `old` has differently from the chosen block stands as written in a twin of it.
//!
//! A loosely found block is taken for the one the model meant when its lines differ from
//! `old`'s by slips. But when a line of `old` that the block has a slip of (`#[doc = ""]` for
//! the block's `#[dox = ""]`, or the other way round) stands as written elsewhere, in a block
//! of the same length about as close to `old` in character edits, `old` may as well have
//! been copied from that twin with a slip of its own: one character from each of two twins
//! is as close to both. Which one the model meant is a guess, and the edit is refused as too
//! close to call, with both places. The strategies look for such rivals where their windows
//! see them; a twin whose first or last line slipped is not always a window.

use crate::align::{block_edits_within, block_key, loose_diff, similarity};
use crate::candidate::{Candidate, Fit};
use crate::error::EditError;
use crate::feedback::location;
use crate::needle::Needle;
use crate::normalize::loose_hash;
use crate::notation::is_elision_marker;
use crate::strategy::{line_places, uncommented, without_trailing_comment, writes_slash_comments};
use crate::text::lines_of;
use crate::text::Text;
use crate::thresholds::{TWIN_LINE_REACH, TWIN_MAX_PLACES, TWIN_REACH};

/// Rule 3: refuse as low confidence a loosely found candidate beside a twin block that holds,
/// as written, a line of `old` the candidate differs on, and is at most [`TWIN_REACH`]
/// character edits further from `old` than the candidate. `matched_with` is the needle the
/// candidate was matched with, `sent` the request's `old`: a needle decoded to be found (`\"`
/// read as `"`) no longer has the lines the file has as written, so both are asked.
pub(crate) fn check_no_twin_copied(
    text: &Text,
    candidate: &Candidate,
    matched_with: &Needle,
    sent: &str,
) -> Result<(), EditError> {
    if !matches!(candidate.fit, Fit::Lines(_)) {
        return Ok(());
    }
    let window: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
    let at = candidate.lines.clone();
    let matched: Vec<&str> = matched_with.lines().collect();
    let (request, _) = lines_of(sent);
    let twin = twin_copied(text, &matched, &window, at.clone()).or_else(|| {
        (request != matched)
            .then(|| twin_copied(text, &request, &window, at))
            .flatten()
    });
    let Some(twin) = twin else {
        return Ok(());
    };
    let old = without_blank_edges(&matched);
    let lines: Vec<&str> = twin.clone().map(|i| text.line(i)).collect();
    Err(EditError::LowConfidence {
        rule: super::table::RuleId::NoTwinCopied.name(),
        best: location(text, candidate.lines.clone(), Some(candidate.score)),
        runner_up: location(text, twin, Some(similarity(old, &lines).score)),
    })
}

/// `lines` without the blank lines before the first non-blank line and after the last.
fn without_blank_edges<'l, 'a>(lines: &'l [&'a str]) -> &'l [&'a str] {
    let first = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(lines.len());
    let last = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(first, |k| k + 1);
    &lines[first..last.max(first)]
}

/// The lines of a twin of `window` (at `at` in `text`) that holds as written a non-blank line of
/// `old` the window differs on, standing where `old` has it, and is within [`TWIN_REACH`]
/// character edits of the window's distance from `old`.
fn twin_copied(
    text: &Text,
    old: &[&str],
    window: &[&str],
    at: std::ops::Range<usize>,
) -> Option<std::ops::Range<usize>> {
    let old = without_blank_edges(old);
    let differing_from = |window: &[&str]| -> Vec<usize> {
        loose_diff(old, window)
            .into_iter()
            .filter(|op| op.tag() != similar::DiffTag::Equal)
            .flat_map(|op| op.old_range())
            // An elision marker (`...`) stands for the window's lines; a twin that holds it as
            // written (a stub's `...` body, a docstring's example) is no copy of it.
            .filter(|&i| !old[i].trim().is_empty() && !is_elision_marker(old[i]))
            .collect()
    };
    // A trailing comment the model left out of a line is a habit, not a difference (as in
    // `lines_off`): a line of `old` differs only where it differs from the window's line both
    // with and without the window's comments, and the window is as far from `old` as the closer
    // reading (`comment` kinds: attack set 10 exact cases refused beside a twin a few
    // characters off `old`, held-out cases 20, the gate's perturbed set 9; nothing else moved).
    let slash = std::cell::OnceCell::new();
    let slash_comments = || *slash.get_or_init(|| writes_slash_comments(text));
    let bare: Vec<&str> = window
        .iter()
        .map(|l| uncommented(l, &slash_comments))
        .collect();
    let commented = bare.as_slice() != window;
    let mut differing = differing_from(window);
    if commented {
        let without = differing_from(&bare);
        differing.retain(|i| without.contains(i));
    }
    if differing.is_empty() {
        return None;
    }
    let wanted: Vec<u64> = differing.iter().map(|&i| loose_hash(old[i])).collect();
    // (The first places past the window's own lines, which may hold the line too.)
    let found = line_places(text, &wanted, TWIN_MAX_PLACES + 1 + at.len());
    let key = block_key(old);
    // (An elided `old` differs from any window in the lines its marker stands for.)
    let elided = old.iter().any(|l| is_elision_marker(l));
    let mut closest: Option<usize> = None;
    let mut window_lines_off: Option<usize> = None;
    for (i, h) in differing.into_iter().zip(wanted) {
        let places: Vec<usize> = found[&h]
            .1
            .iter()
            .copied()
            .filter(|s| !at.contains(s))
            .take(TWIN_MAX_PLACES + 1)
            .collect();
        if places.len() > TWIN_MAX_PLACES {
            continue;
        }
        for s in places {
            let Some(start) = s.checked_sub(i) else {
                continue;
            };
            let end = start + old.len();
            if end > text.line_count() || (start < at.end && at.start < end) {
                continue;
            }
            let own = *closest.get_or_insert_with(|| {
                let edits = |w: &[&str]| crate::align::block_edits(&key, &block_key(w));
                if commented {
                    edits(window).min(edits(&bare))
                } else {
                    edits(window)
                }
            });
            let twin: Vec<&str> = (start..end).map(|k| text.line(k)).collect();
            let twin_key = block_key(&twin);
            if block_edits_within(&key, &twin_key, own + TWIN_REACH).is_some()
                || (!elided
                    && lines_off(old, &twin)
                        <= *window_lines_off.get_or_insert_with(|| lines_off(old, window))
                    && block_edits_within(&key, &twin_key, own + TWIN_LINE_REACH).is_some())
            {
                return Some(start..end);
            }
        }
    }
    None
}

/// How many non-blank lines `a` and `b` differ in (loosely), on the side with more.
///
/// A twin that holds `old`'s line as written and differs from `old` in no more lines than the
/// block rivals it, a few more characters off than the block ([`TWIN_LINE_REACH`]): the model
/// copied one line of each, and which block it read is a guess (the block's line one letter
/// off `old`'s, the twin's a number or a name changed).
/// A trailing comment the model left out of a line is a habit, not a difference: `b`'s lines
/// are read without theirs (the attack set's `comment` kind: 2 exact cases otherwise refused).
fn lines_off(a: &[&str], b: &[&str]) -> usize {
    let b: Vec<&str> = b
        .iter()
        .map(|l| without_trailing_comment(l).unwrap_or(l))
        .collect();
    let (mut left, mut right) = (0, 0);
    for op in loose_diff(a, &b) {
        if op.tag() != similar::DiffTag::Equal {
            left += op.old_range().filter(|&i| !a[i].trim().is_empty()).count();
            right += op.new_range().filter(|&j| !b[j].trim().is_empty()).count();
        }
    }
    left.max(right)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_old_standing_in_an_equally_close_twin_is_found() {
        // The block (lines 0-2) and its twin (4-6); `old` has the block's `b = 2` slipped as
        // the twin's `x = 2`, and the twin's first line is slipped instead.
        let text = Text::new("a = 1\nb = 2\nc = 3\n\nA = 1\nx = 2\nc = 3\n");
        let old = ["a = 1", "x = 2", "c = 3"];
        let window = ["a = 1", "b = 2", "c = 3"];
        assert_eq!(twin_copied(&text, &old, &window, 0..3), Some(4..7));
    }

    #[test]
    fn an_elision_marker_held_as_written_elsewhere_is_no_twin() {
        // `old` elides the docstring and the `if` line with `...`; a docstring's example
        // elsewhere has `...` as written.
        let text = Text::new(
            "def close(self):\n    \"\"\"Closes the underlying file, no matter what.\"\"\"\n    if self._f is not None:\n        self._f.close()\n\n    with open_file(filename) as f:\n        ...\n\n",
        );
        let old = ["def close(self):", "    ...", "        self._f.close()"];
        let window: Vec<&str> = (0..4).map(|i| text.line(i)).collect();
        assert_eq!(twin_copied(&text, &old, &window, 0..4), None);
    }

    #[test]
    fn a_twin_further_off_is_no_rival() {
        let text = Text::new("a = 1\nb = 2\nc = 3\n\nother = 100\nx = 2\nlast = 300\n");
        let old = ["a = 1", "x = 2", "c = 3"];
        let window = ["a = 1", "b = 2", "c = 3"];
        assert_eq!(twin_copied(&text, &old, &window, 0..3), None);
    }
}
