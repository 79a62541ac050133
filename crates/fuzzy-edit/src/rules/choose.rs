//! Rule 2 of [`super`]: choosing among one strategy's candidates — one applies, several are
//! ambiguous unless the request narrows them (an anchor, a line hint, context), and a graded
//! strategy's best must stand clear of the runner-up.

use crate::applied::round_score;
use crate::candidate::{Candidate, Grading, StrategyId};
use crate::error::{EditError, Location, MAX_LISTED};
use crate::feedback::location;
use crate::text::{non_blank_lines, Text};
use crate::thresholds::MAX_EXTENTS_ASKED;
use crate::thresholds::MAX_WINDOWS;

/// How to choose among one strategy's candidates.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rules<'a> {
    /// Replace every candidate of equal standing.
    pub(crate) replace_all: bool,
    /// Byte offset of the anchor, if one was given.
    pub(crate) anchor: Option<usize>,
    /// Where the caller believes `old` starts (1-based): a tie-break, see [`nearest`].
    pub(crate) near_line: Option<usize>,
    /// A line the caller believes comes before `old`: a tie-break, see [`under_context`].
    pub(crate) near_context: Option<&'a str>,
    /// Floor and margin, for a strategy that grades its candidates.
    pub(crate) grading: Option<Grading>,
}

/// What rule 2 makes of one strategy's candidates.
#[derive(Debug)]
pub(crate) enum Choice {
    /// Replace these candidates (one, or several for `replace_all`).
    Apply(Vec<Candidate>),
    /// A graded strategy's best, and runners-up within the margin over some of its lines:
    /// rivals unless editing either leaves the same text. The fit stage answers that for
    /// [`Contest::pairs`]; [`settle`] then decides.
    Contested(Contest),
    /// Every candidate lies before the anchor: remembered for the refusal if nothing else is
    /// found; the next strategy is tried.
    OnlyBeforeAnchor(Vec<Candidate>),
    /// The strategy settles nothing; try the next.
    Pass,
}

/// Rule 2: choose among `candidates`, which `strategy` found in `text`.
pub(crate) fn choose(
    text: &Text,
    strategy: StrategyId,
    mut candidates: Vec<Candidate>,
    rules: Rules<'_>,
) -> Result<Choice, EditError> {
    if let Some(anchor) = rules.anchor {
        // At or after the anchor; a block that contains the anchor counts as at it.
        let (after, before): (Vec<Candidate>, Vec<Candidate>) =
            candidates.into_iter().partition(|c| c.span.end > anchor);
        if after.is_empty() {
            return Ok(if before.is_empty() {
                Choice::Pass
            } else {
                Choice::OnlyBeforeAnchor(before)
            });
        }
        candidates = after;
    }
    if candidates.is_empty() {
        return Ok(Choice::Pass);
    }
    candidates.sort_by_key(|c| (c.span.start, c.span.end));
    if let Some(grading) = rules.grading {
        return choose_graded(text, candidates, grading);
    }
    if rules.anchor.is_some() && !rules.replace_all {
        candidates.truncate(1);
        return Ok(Choice::Apply(candidates));
    }
    if rules.replace_all && (candidates.len() <= MAX_WINDOWS || strategy == StrategyId::Exact) {
        // In place: a million candidates are not copied. `dedup_by` compares each with the
        // last one kept, and drops it when it overlaps that one.
        candidates.dedup_by(|c, kept| kept.span.end > c.span.start);
        return Ok(Choice::Apply(candidates));
    }
    if candidates.len() == 1 {
        return Ok(Choice::Apply(candidates));
    }
    // The refusal lists the first candidates and counts them all; the tie-breaks take the
    // candidates themselves, not a copy of a million of them.
    let (listed, candidates_total) = (listed(text, &candidates), candidates.len());
    let mut tied = candidates;
    if let Some(context) = rules.near_context {
        tied = under_context(text, tied, context);
    }
    if let [_] = tied.as_slice() {
        return Ok(Choice::Apply(tied));
    }
    if let Some(i) = rules.near_line.and_then(|line| nearest(&tied, line)) {
        return Ok(Choice::Apply(vec![tied.swap_remove(i)]));
    }
    Err(EditError::Ambiguous {
        rule: super::table::RuleId::OneCandidate.name(),
        strategy: strategy.to_string(),
        candidates: listed,
        candidates_total,
    })
}

/// The locations of the first [`MAX_LISTED`] candidates, as an error lists them.
pub(super) fn listed(text: &Text, candidates: &[Candidate]) -> Vec<Location> {
    candidates
        .iter()
        .take(MAX_LISTED)
        .map(|c| location(text, c.lines.clone(), None))
        .collect()
}

/// Rule 2, a tie-break among equal candidates (not a locator): those with a line starting with
/// `context` (trimmed) somewhere above them, as git's function context stands above its hunk;
/// all of them when none has one (the hint is then wrong, and says nothing).
fn under_context(text: &Text, candidates: Vec<Candidate>, context: &str) -> Vec<Candidate> {
    let context = context.trim();
    if context.is_empty() {
        return candidates;
    }
    let first = (0..text.line_count()).find(|&i| text.line(i).trim_start().starts_with(context));
    let Some(first) = first else {
        return candidates;
    };
    let under: Vec<Candidate> = candidates
        .iter()
        .filter(|c| c.lines.start > first)
        .cloned()
        .collect();
    if under.is_empty() {
        candidates
    } else {
        under
    }
}

/// Rule 2, a tie-break among equal candidates (not a locator): the one whose first line is
/// strictly nearest `line` (1-based), as `patch` takes the nearest offset of a hunk.
fn nearest(candidates: &[Candidate], line: usize) -> Option<usize> {
    let distance = |c: &Candidate| (c.lines.start + 1).abs_diff(line);
    let best = candidates.iter().map(distance).min()?;
    let mut at = candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| distance(c) == best);
    match (at.next(), at.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// Rule 2 for a graded strategy: the best candidate, if it passes the floor and leads every
/// other by the margin. A runner-up over some of the best one's lines whose edit leaves the
/// same text is no rival: the two differ only in where the block is taken to begin or end (a
/// `}` or a blank line more), and either gives the file the model asked for. Whether it does
/// is the fit stage's answer: such runners-up come back as a [`Choice::Contested`].
fn choose_graded(
    text: &Text,
    mut candidates: Vec<Candidate>,
    grading: Grading,
) -> Result<Choice, EditError> {
    candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
    let best = &candidates[0];
    if best.score < grading.floor {
        return Ok(Choice::Pass);
    }
    let within_margin = candidates[1..]
        .iter()
        .take_while(|c| best.score - c.score < grading.margin)
        .count();
    // A candidate over exactly the best one's lines is how a strategy says there are rivals
    // it could not score: always a rival. Asking fits `new` to both candidates, so only the
    // first few runners-up are asked: past them, every one is a rival.
    let other_extent = |c: &Candidate| {
        c.lines != best.lines && c.lines.start < best.lines.end && best.lines.start < c.lines.end
    };
    let rival =
        (1..=within_margin).find(|&k| k > MAX_EXTENTS_ASKED || !other_extent(&candidates[k]));
    let asked = rival.map_or(within_margin, |k| k - 1);
    let contest = Contest {
        ranked: candidates,
        asked,
        rival,
    };
    if asked == 0 {
        return settle(text, contest, &[]).map(Choice::Apply);
    }
    Ok(Choice::Contested(contest))
}

/// A graded strategy's candidates when some runners-up are rivals only if editing them leaves
/// another text than editing the best one does.
#[derive(Debug)]
pub(crate) struct Contest {
    /// The candidates, best first.
    ranked: Vec<Candidate>,
    /// How many runners-up (`ranked[1..=asked]`) are rivals only if their result differs.
    asked: usize,
    /// The first runner-up after them that is a rival whatever its result.
    rival: Option<usize>,
}

impl Contest {
    /// The best candidate with each runner-up to ask about, in order of score.
    pub(crate) fn pairs(&self) -> impl Iterator<Item = (&Candidate, &Candidate)> {
        let best = &self.ranked[0];
        self.ranked[1..=self.asked].iter().map(move |c| (best, c))
    }
}

/// Rule 2 for a contest, given whether each of [`Contest::pairs`] leaves the same text (in
/// order; a pair past the answers counts as differing): the best candidate, or the refusal
/// naming the first rival.
pub(crate) fn settle(
    text: &Text,
    contest: Contest,
    alike: &[bool],
) -> Result<Vec<Candidate>, EditError> {
    let Contest {
        mut ranked,
        asked,
        rival,
    } = contest;
    let differs = (1..=asked).find(|&k| !alike.get(k - 1).copied().unwrap_or(false));
    if let Some(second) = differs.or(rival) {
        let (best, second) = (&ranked[0], &ranked[second]);
        return Err(EditError::LowConfidence {
            rule: super::table::RuleId::ClearLead.name(),
            best: location(text, best.lines.clone(), Some(round_score(best.score))),
            runner_up: location(text, second.lines.clone(), Some(round_score(second.score))),
        });
    }
    ranked.truncate(1);
    Ok(ranked)
}

/// A block the looser strategies found with lines missing, added or changed (`differences`),
/// while another block of the file, apart from it and with `old`'s first and last lines, is at
/// least as similar to `old` line by line ([`crate::feedback::closest_apart`], the measure of
/// the not-found answer): `old` is as much a stale copy of that block (read before half its
/// lines changed) as a slipped copy of this one, and which the model read is unknowable.
/// Refused as `low_confidence` (rule `clear_lead`), naming both. (Generated, the attack
/// benchmark's stale blocks: a shell plugin's `rm` function, drifted in four lines since the
/// read, and its `add` sibling, `old` one line short of it: the edit landed in `add`.)
/// Measured on the attack generator (5,472 cases, seeds 5-8): wrong 9 -> 7 (both such
/// cases, `line_slips` and `block_anchor`), nothing else moved; seeds 1-4 (3,952) and the gate
/// (summary and details) unchanged. Without the edges, any window as similar counted: the
/// gate lost 35 exact (`line_missing` 17, `comment_dropped` 6, `mixed_comment_typo` 6,
/// `unwrapped_old` 5, `line_extra` 1), the rival sharing a few lines only; the similarity
/// alone cannot tell them (rivals 0.00-0.09 above the block there, 0.07-0.08 here). The
/// block's similarity, and its rival's, is the better of its lines with and without their
/// trailing comments, and a rival's edges are `old`'s with or without theirs (attack set,
/// `comment` kinds: 2 exact cases refused beside a sibling a name off, held-out cases 5; no
/// other case moved; twins equal but for a comment on another line stay refused). A rival that
/// is `old` with one name renamed on two lines or more (and nothing else changed) is one
/// whatever its similarity and edges, unless the block found is `old` but for spacing and
/// comments: attack set unchanged, held-out cases 1 wrong refused (a loop whose variable was
/// renamed on three lines, the edit landed on its sibling an argument off), two fresh seeds
/// (15,980 cases) 1 wrong refused, and the gate, nothing moved. Counted on one renamed line
/// and without the exception, 15 exact cases of the attack and held-out sets were refused
/// (`add`/`rm` siblings differing by their names, the block found missing only a trailing
/// comment); with the exception but lines compared blank ones included, 2 of the gate (a
/// test's `rules` block beside its `skills` twin) and 1 of the fresh seeds.
pub(crate) fn check_no_closer_block(
    text: &Text,
    m: &crate::applied::Match,
    needle: &crate::needle::Needle,
) -> Result<(), EditError> {
    if m.differences.is_empty()
        || !matches!(m.strategy, StrategyId::LineSlips | StrategyId::BlockAnchor)
    {
        return Ok(());
    }
    let lines = m.start_line - 1..m.end_line;
    let old: Vec<&str> = needle.lines().collect();
    let window: Vec<&str> = lines.clone().map(|i| text.line(i)).collect();
    // A trailing comment the model left out of a line is a habit, not a difference (as in
    // `no_twin_copied`): a block, the found one or its rival, is as close as its lines are
    // without their comments.
    let slash = std::cell::OnceCell::new();
    let slash_comments = || *slash.get_or_init(|| crate::strategy::writes_slash_comments(text));
    let closeness = |block: &[&str]| {
        let own = crate::align::similarity(&old, block).score;
        let bare: Vec<&str> = block
            .iter()
            .map(|l| crate::strategy::uncommented(l, &slash_comments))
            .collect();
        if bare != block {
            own.max(crate::align::similarity(&old, &bare).score)
        } else {
            own
        }
    };
    let own = closeness(&window);
    let Some((other, at)) = crate::feedback::closest_apart(text, needle, lines.clone()) else {
        return Ok(());
    };
    let rival: Vec<&str> = at.clone().map(|i| text.line(i)).collect();
    let other = other.max(closeness(&rival));
    // (A rival that is `old` with one name renamed on every line that has it, two lines or
    // more, is the block read before the rename, however many lines that touched; unless the
    // block found is `old` but for spacing and comments.)
    let but_comments = || {
        let (old_filled, filled) = (non_blank_lines(&old), non_blank_lines(&window));
        filled.len() == old_filled.len()
            && old_filled.iter().zip(&filled).all(|(o, w)| {
                let bare = crate::strategy::uncommented(w, &slash_comments);
                unspaced(o) == unspaced(w) || unspaced(o) == unspaced(bare)
            })
    };
    let renamed = rival.len() == old.len()
        && crate::text::renamed_lines(old.iter().copied().zip(rival.iter().copied()))
            .is_some_and(|n| n >= 2)
        && !but_comments();
    let wrapped = || wrapped_copy(text, &old, at.clone(), lines.clone());
    if !renamed
        && (other < own || !same_edges(text, &old, at.clone(), &slash_comments))
        && !wrapped()
    {
        return Ok(());
    }
    Err(EditError::LowConfidence {
        rule: super::table::RuleId::ClearLead.name(),
        best: location(text, lines, Some(round_score(own))),
        runner_up: location(text, at, Some(round_score(other))),
    })
}

/// Whether the lines `at` of `text` open and close as `old` does: its first and last non-blank
/// lines, spacing aside, at the same places (a block changed since it was read keeps its edges;
/// a window that only overlaps some lines of the block is no rival).
fn same_edges(
    text: &Text,
    old: &[&str],
    at: std::ops::Range<usize>,
    slash_comments: &dyn Fn() -> bool,
) -> bool {
    let non_blank: Vec<usize> = (0..old.len())
        .filter(|&i| !old[i].trim().is_empty())
        .collect();
    let (Some(&first), Some(&last)) = (non_blank.first(), non_blank.last()) else {
        return false;
    };
    let holds = |i: usize| {
        at.start + i < at.end && {
            let line = text.line(at.start + i);
            [line, crate::strategy::uncommented(line, slash_comments)]
                .map(unspaced)
                .contains(&unspaced(old[i]))
        }
    };
    first != last && holds(first) && holds(last)
}

/// Whether lines near `at` (the closest block apart from the one found, `found`) are `old`
/// as written but for whitespace and where its lines wrap: `old`'s one-line signature where
/// the file wraps it in two. Such a block is the one read, however its lines pair with `old`'s
/// (a sibling one name off was taken at 0.986 over it).
fn wrapped_copy(
    text: &Text,
    old: &[&str],
    at: std::ops::Range<usize>,
    found: std::ops::Range<usize>,
) -> bool {
    let want: String = old.iter().map(|l| unspaced(l)).collect();
    let reach = WRAP_REACH.min(old.len());
    let lengths = old.len().saturating_sub(reach).max(1)..=old.len() + reach;
    let starts = at.start.saturating_sub(reach)..=at.start + reach;
    // (Each start's lines joined one at a time, as long as they are a prefix of `old`'s.)
    starts.into_iter().any(|s| {
        let mut got = String::with_capacity(want.len());
        for end in s + 1..=(s + lengths.end()).min(text.line_count()) {
            got.push_str(&unspaced(text.line(end - 1)));
            if !want.starts_with(&got) {
                return false;
            }
            let outside = end <= found.start || s >= found.end;
            if got.len() == want.len() && lengths.contains(&(end - s)) && outside {
                return true;
            }
        }
        false
    })
}

/// Lines a block wrapped otherwise may start off the closest window, and lines it may have
/// more or fewer than `old` (see [`wrapped_copy`]).
const WRAP_REACH: usize = 2;

/// `line` without its spacing: lines compared spacing aside.
fn unspaced(line: &str) -> String {
    line.split_whitespace().collect()
}
