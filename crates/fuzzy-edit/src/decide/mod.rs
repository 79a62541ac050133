//! Every rule that accepts or refuses an edit, in the order the path of an edit meets them.
//!
//! [`crate::locate`] finds candidates and [`crate::fit`] builds replacements; neither refuses
//! anything on its own. The rules:
//! 1. **The request** ([`admit`]): an empty `old` only fills an empty text; `old == new`
//!    changes nothing, also once `new` is cleaned ([`check_still_changes`]); an elision comment
//!    in `new` alone must say which lines it keeps ([`unclear`]); an anchor must occur exactly
//!    once ([`one_anchor`]).
//! 2. **Choosing among one strategy's candidates** ([`choose`]):
//!    - with an `anchor`, only candidates at or after it count (a block containing the anchor
//!      counts as at it); of those the first is taken (equality strategies) or the best, if
//!      confident (graded strategies);
//!    - with `replace_all`, every candidate of an equality strategy is replaced (overlapping
//!      windows are skipped, left to right); graded strategies never replace more than one;
//!    - one candidate of an equality strategy applies; several are ambiguous;
//!    - a graded strategy applies its best candidate only when it scores at least its floor and
//!      leads the runner-up by its margin; below the floor the next strategy is tried; within
//!      the margin the edit is refused as low confidence (a block clearly closer to `old` by
//!      character edits than its near twins comes alone: the strategy leaves out windows a
//!      distance margin rules out, as `typo_line` does for lines); a runner-up over some of
//!      the best candidate's lines whose edit leaves the same text is no rival (it only takes
//!      the block to begin or end a line elsewhere);
//!    - a fuzzy candidate is refused where `new` already stands in the file
//!      ([`check_not_made_already`]);
//!    - any candidate lying inside a place where the file already reads as `new` is refused:
//!      the edit was made and is sent again ([`check_not_sent_again`]).
//! 3. **Fitting `new`**: a match spliced in as written that starts or ends inside a line, where
//!    `new` writes that line whole, is a whole-line edit, and is refused where what `new` means
//!    there is unclear ([`check_cut_lines`]); one that starts or ends inside a word of
//!    the file takes the whole word where `new` writes it whole (`old` cut short), and is
//!    refused where `new` would change a word it was not given whole ([`check_whole_words`]);
//!    a whitespace-only edit whose whitespace the match ignored is unclear
//!    ([`check_whitespace_edit`]); a change to a line the model misremembered is refused
//!    ([`mismatch`]), and so is a change to a line of a stale block (two lines of `old` or
//!    more differing from it, or a name on two of them the file has nowhere, or one line
//!    beside the edit changed in a way memory does not change a line, [`stale_line`]:
//!    [`check_not_stale`]); a fuzzy match whose `new` repeats the lines standing just past the
//!    block is refused ([`check_not_repeating_neighbours`]); a replacement that leaves the text
//!    as it was is no change or already
//!    applied ([`check_changes_something`]).
//! 4. **Nothing found** ([`not_found`]): found only before the anchor; `new` already standing
//!    where `old` most nearly is; else not found, with the closest fragment. A search stopped
//!    by the work budget or the deadline decides nothing: it is too complex ([`too_complex`]).
//! 5. **Several edits** ([`conflicts`]): two edits whose spans overlap.
//! 6. **The result** ([`check_syntax`]): an edit that adds a parse error the text did not have
//!    is refused or warned about, as the [`SyntaxPolicy`](crate::SyntaxPolicy) says.

use std::time::Instant;

mod choose;
mod cut_lines;
mod neighbours;
mod stale;
mod stale_line;
mod syntax;
mod twice;
mod words;

use choose::listed;
pub(crate) use choose::{choose, Choice, Rules, SameResult};
pub(crate) use cut_lines::check_cut_lines;
pub(crate) use neighbours::check_not_repeating_neighbours;
pub(crate) use stale::check_not_stale;
#[cfg(feature = "syntax")]
pub(crate) use syntax::added_syntax_error;
pub(crate) use syntax::check_syntax;
pub(crate) use twice::check_not_sent_again;
pub(crate) use words::check_whole_words;

use crate::align::align;
use crate::applied::{Failure, Match};
use crate::artifacts::Unclear;
use crate::budget::Budget;
use crate::edit::Edit;
use crate::error::{EditError, MAX_LISTED};
use crate::feedback::{self, location, numbered};
use crate::fit::Mismatch;
use crate::needle::{lines_of, Needle};
use crate::normalize;
use crate::strategy::{Candidate, Fit, StrategyId};
use crate::text::Text;

/// How a request is to be located, once admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Admitted {
    /// An empty `old` on an empty text: `new` fills it.
    FillEmpty,
    /// Search for `old`.
    Search,
}

/// Rule 1: whether the request can denote a place at all.
pub(crate) fn admit(text: &Text, edit: &Edit) -> Result<Admitted, EditError> {
    if edit.old.is_empty() {
        // The one place an empty `old` denotes without doubt: all of an empty text.
        if text.as_str().is_empty() && !edit.new.is_empty() {
            return Ok(Admitted::FillEmpty);
        }
        return Err(EditError::EmptyOld);
    }
    if edit.old == edit.new {
        return Err(EditError::NoChange {
            only_edge_line_breaks: false,
        });
    }
    Ok(Admitted::Search)
}

/// Rule 1: the anchor's byte offset, when it was found at exactly one of `starts`.
pub(crate) fn one_anchor(text: &Text, anchor: &str, starts: &[usize]) -> Result<usize, EditError> {
    match starts {
        [one] => Ok(*one),
        [] => Err(EditError::AnchorNotFound {
            anchor: anchor.to_string(),
        }),
        many => Err(EditError::AnchorAmbiguous {
            anchor: anchor.to_string(),
            lines: many
                .iter()
                .take(MAX_LISTED)
                .map(|&s| text.line_of(s) + 1)
                .collect(),
            lines_total: many.len(),
        }),
    }
}

/// Rule 1: `new`, once cleaned of what the model copied into it, must still differ from `old`.
/// Where the model's `new` (`sent`) differed only by line breaks at its edges, the refusal
/// says so: "identical" would be false.
pub(crate) fn check_still_changes(old: &str, sent: &str, new: &str) -> Result<(), EditError> {
    if new == old {
        let edges = |s: &str| s.trim_matches(['\n', '\r']).to_string();
        return Err(EditError::NoChange {
            only_edge_line_breaks: sent != old && edges(sent) == edges(old),
        });
    }
    Ok(())
}

/// Rule 1: an elision comment in `new` alone whose lines are unclear.
pub(crate) fn unclear(u: Unclear) -> EditError {
    EditError::UnclearElision {
        marker: u.marker,
        line: u.line,
    }
}

/// Rule 2: a fuzzy candidate is not accepted where `new` already stands elsewhere in the file
/// (not over the candidate): the edit was most likely made already, and `old` now finds a
/// similar block beside it; applying it there would make the same change twice. A `new` whose
/// lines are a run of `old`'s (a deletion) says nothing of the kind, and neither does a `new`
/// of one line (code repeats lines). `needle` is the one the candidate was matched with.
pub(crate) fn check_not_made_already(
    text: &Text,
    strategy: StrategyId,
    chosen: &[Candidate],
    needle: &Needle,
    budget: &Budget,
) -> Result<(), EditError> {
    if strategy == StrategyId::Exact {
        return Ok(());
    }
    let old: Vec<&str> = needle.lines().filter(|l| !l.trim().is_empty()).collect();
    let new: Vec<&str> = lines_of(needle.new_text())
        .0
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    // One line standing elsewhere proves little (code repeats lines); a block does.
    let part_of_old = new.len() < 2 || old.windows(new.len()).any(|w| same_lines_shifted(w, &new));
    if part_of_old {
        return Ok(());
    }
    let Some(location) = feedback::already_applied(text, needle, budget) else {
        return Ok(());
    };
    let over_a_candidate = chosen
        .iter()
        .any(|c| location.start_line <= c.lines.end && c.lines.start < location.end_line);
    if over_a_candidate {
        return Ok(());
    }
    Err(EditError::AlreadyApplied {
        location,
        old_location: None,
    })
}

/// Whether `a` and `b` are the same lines (loosely), each at the same depth as the other
/// but for one offset: a run of `old` that `new` keeps, moved as a whole. Loose equality alone
/// would take `}` for the `    }` above it: a deletion of one of three closing braces would
/// read as `new` keeping the first lines of `old` (measured: 1 of 1,000 already-applied
/// deletions in the refuse generator was made a second time, on a sibling block).
fn same_lines_shifted(a: &[&str], b: &[&str]) -> bool {
    let offset = |x: &str, y: &str| {
        normalize::indent_width(x) as isize - normalize::indent_width(y) as isize
    };
    let Some((x, y)) = a.first().zip(b.first()) else {
        return true;
    };
    let first = offset(x, y);
    a.iter()
        .zip(b)
        .all(|(x, y)| normalize::loose_equal(x, y) && offset(x, y) == first)
}

/// Rule 3: refuse an edit that only changes whitespace, in a way this match cannot carry out
/// faithfully: a change of indentation when the match ignored indentation (the model's idea of
/// the indentation is wrong, so which one it wants is unclear), or a change of trailing or
/// inner whitespace when the match ignored that. `needle` is the one the candidate was matched
/// with.
pub(crate) fn check_whitespace_edit(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    needle: &Needle,
) -> Result<(), EditError> {
    if !matches!(candidate.fit, Fit::Lines(_)) || faithful_whitespace_edit(text, candidate, needle)
    {
        return Ok(());
    }
    Err(EditError::WhitespaceOnly {
        strategy: strategy.to_string(),
        location: location(text, candidate.lines.clone(), Some(candidate.score)),
        file_text: numbered(text, candidate.lines.clone()),
    })
}

/// Whether the edit changes more than whitespace, or changes only whitespace the match saw.
fn faithful_whitespace_edit(text: &Text, candidate: &Candidate, needle: &Needle) -> bool {
    let non_blank = |s: &str| -> Vec<String> {
        lines_of(s)
            .0
            .into_iter()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    let (old, new) = (non_blank(needle.old_text()), non_blank(needle.new_text()));
    let loose = |v: &[String]| -> Vec<String> {
        v.iter()
            .map(|l| normalize::loose_key(l).into_owned())
            .collect()
    };
    if old.len() != new.len() || loose(&old) != loose(&new) {
        return true;
    }
    let pairs = || old.iter().zip(&new);
    let changes_indent = pairs().any(|(o, n)| normalize::indent_of(o) != normalize::indent_of(n));
    let changes_inner = pairs().any(|(o, n)| inner_spacing(o) != inner_spacing(n));

    let window: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
    let old_lines: Vec<&str> = needle.lines().collect();
    let matched: Vec<(&str, &str)> = align(&old_lines, &window)
        .equal
        .iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| (old_lines[i], window[j])))
        .filter(|(o, _)| !o.trim().is_empty())
        .collect();
    let ignored_indent = matched
        .iter()
        .any(|(o, w)| normalize::indent_of(o) != normalize::indent_of(w));
    let ignored_inner = matched
        .iter()
        .any(|(o, w)| inner_spacing(o) != inner_spacing(w));
    (changes_indent && !ignored_indent) || (changes_inner && !ignored_inner)
}

/// The whitespace runs inside a trimmed line (what [`Level::InnerWhitespace`] ignores).
///
/// [`Level::InnerWhitespace`]: crate::normalize::Level::InnerWhitespace
fn inner_spacing(line: &str) -> Vec<&str> {
    line.trim()
        .split(|c: char| !c.is_whitespace())
        .filter(|run| !run.is_empty())
        .collect()
}

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
            only_edge_line_breaks: false,
        });
    }
    Err(EditError::AlreadyApplied {
        location: location(text, first.start_line - 1..first.end_line, None),
        old_location: None,
    })
}

/// Rule 4: why nothing was found. `anchor` is the anchor text and offset; `before_anchor` the
/// first candidates that all stood before it.
pub(crate) fn not_found(
    text: &Text,
    needle: &Needle,
    anchor: Option<(&str, usize)>,
    before_anchor: Option<Vec<Candidate>>,
    budget: &Budget,
) -> EditError {
    if let (Some((anchor, at)), Some(before)) = (anchor, before_anchor) {
        return EditError::NotFoundAfterAnchor {
            anchor: anchor.to_string(),
            anchor_line: text.line_of(at) + 1,
            before: listed(text, &before),
            before_total: before.len(),
        };
    }
    // `new` already standing where `old` most nearly is suggests the edit was made before;
    // `new` standing somewhere else says nothing (it may be a common line).
    let closest = feedback::closest(text, needle);
    // (When the budget runs out here, the search for `new` is cut short: the answer is still a
    // refusal, only with less to say.)
    if let Some(location) = feedback::already_applied(text, needle, budget) {
        let near_closest = closest.as_ref().is_none_or(|f| {
            location.start_line <= f.end_line + 1 && f.start_line <= location.end_line + 1
        });
        if near_closest {
            return EditError::AlreadyApplied {
                location,
                old_location: None,
            };
        }
    }
    EditError::NotFound {
        closest,
        hint: feedback::hint(needle),
    }
}

/// Rule 4: the search was stopped by the work budget or the caller's deadline before it could
/// tell; nothing was decided on what it had seen.
pub(crate) fn too_complex(text: &Text, needle: &Needle, deadline: Option<Instant>) -> EditError {
    EditError::TooComplex {
        old_lines: needle.line_count(),
        text_lines: text.line_count(),
        timed_out: deadline.is_some_and(|d| Instant::now() >= d),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::Grading;

    fn cand(text: &Text, line: usize, score: f64) -> Candidate {
        Candidate {
            span: text.span_of_lines(line..line + 1, false),
            lines: line..line + 1,
            score,
            fit: Fit::Splice(None),
        }
    }

    const EQUAL: Rules = Rules {
        replace_all: false,
        anchor: None,
        near_line: None,
        near_context: None,
        grading: None,
        same_result: None,
    };
    const GRADED: Rules = Rules {
        grading: Some(Grading {
            floor: 0.8,
            margin: 0.1,
        }),
        ..EQUAL
    };

    fn choose_lines(t: &Text, cands: Vec<Candidate>, rules: Rules) -> Result<Choice, EditError> {
        choose(t, StrategyId::Exact, cands, rules)
    }

    #[test]
    fn unique_applies_and_several_are_ambiguous() {
        let t = Text::new("a\na\nb\n");
        assert!(matches!(
            choose_lines(&t, vec![cand(&t, 0, 1.0)], EQUAL),
            Ok(Choice::Apply(c)) if c.len() == 1
        ));
        match choose_lines(&t, vec![cand(&t, 0, 1.0), cand(&t, 1, 1.0)], EQUAL) {
            Err(EditError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates.len(), 2);
                assert_eq!(candidates[1].start_line, 2);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn replace_all_keeps_each_candidate_clear_of_the_last_one_kept() {
        let t = Text::new("aaaa\n");
        let at = |span: std::ops::Range<usize>| Candidate {
            span,
            lines: 0..1,
            score: 1.0,
            fit: Fit::Splice(None),
        };
        // "aa" in "aaaa" at 0, 1 and 2: 1 overlaps 0, 2 touches 0's end and is kept.
        let all = Rules {
            replace_all: true,
            ..EQUAL
        };
        match choose_lines(&t, vec![at(2..4), at(0..2), at(1..3)], all) {
            Ok(Choice::Apply(c)) => {
                let spans: Vec<_> = c.iter().map(|c| c.span.clone()).collect();
                assert_eq!(spans, [0..2, 2..4]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_ambiguity_lists_the_first_candidates_and_counts_them_all() {
        let text = "a\n".repeat(25);
        let t = Text::new(&text);
        let cands = (0..25).map(|line| cand(&t, line, 1.0)).collect();
        match choose_lines(&t, cands, EQUAL) {
            Err(EditError::Ambiguous {
                candidates,
                candidates_total,
                ..
            }) => {
                assert_eq!(candidates.len(), MAX_LISTED);
                assert_eq!(candidates[9].start_line, 10);
                assert_eq!(candidates_total, 25);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn near_line_breaks_a_tie_only_when_strictly_nearest() {
        let t = Text::new("a\nb\na\nb\na\n");
        let near = |line| Rules {
            near_line: Some(line),
            ..EQUAL
        };
        let cands = || vec![cand(&t, 0, 1.0), cand(&t, 2, 1.0), cand(&t, 4, 1.0)];
        // Candidates on lines 1, 3 and 5.
        match choose_lines(&t, cands(), near(3)) {
            Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 2..3),
            other => panic!("{other:?}"),
        }
        for line in [2, 4] {
            // Two candidates 1 line away: still ambiguous.
            assert!(matches!(
                choose_lines(&t, cands(), near(line)),
                Err(EditError::Ambiguous { .. })
            ));
        }
    }

    #[test]
    fn near_context_keeps_the_candidates_below_it() {
        let t = Text::new("fn f\na\nfn g\na\na\n");
        let under = |context, line| Rules {
            near_context: Some(context),
            near_line: line,
            ..EQUAL
        };
        let cands = || vec![cand(&t, 1, 1.0), cand(&t, 3, 1.0), cand(&t, 4, 1.0)];
        // Below `fn g`: lines 4 and 5; the line hint picks among those.
        match choose_lines(&t, cands(), under("fn g", Some(1))) {
            Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 3..4),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            choose_lines(&t, cands(), under("fn g", None)),
            Err(EditError::Ambiguous { candidates, .. }) if candidates.len() == 3
        ));
        // A context found nowhere says nothing.
        assert!(matches!(
            choose_lines(&t, cands(), under("fn h", None)),
            Err(EditError::Ambiguous { .. })
        ));
        let two = vec![cand(&t, 1, 1.0), cand(&t, 3, 1.0)];
        match choose_lines(&t, two, under("fn g", None)) {
            Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 3..4),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn anchor_takes_the_first_after_it() {
        let t = Text::new("a\nfn f\na\n");
        let rules = Rules {
            anchor: Some(2),
            ..EQUAL
        };
        match choose_lines(&t, vec![cand(&t, 0, 1.0), cand(&t, 2, 1.0)], rules) {
            Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 2..3),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn candidates_only_before_the_anchor_are_remembered() {
        let t = Text::new("a\nfn f\nb\n");
        let rules = Rules {
            anchor: Some(2),
            ..EQUAL
        };
        match choose_lines(&t, vec![cand(&t, 0, 1.0)], rules) {
            Ok(Choice::OnlyBeforeAnchor(c)) => assert_eq!(c[0].lines, 0..1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn replace_all_skips_overlapping_windows() {
        let t = Text::new("x\nx\nx\n");
        let rules = Rules {
            replace_all: true,
            ..EQUAL
        };
        let two_lines = |s: usize| Candidate {
            span: t.span_of_lines(s..s + 2, false),
            lines: s..s + 2,
            score: 1.0,
            fit: Fit::Splice(None),
        };
        match choose_lines(&t, vec![two_lines(0), two_lines(1)], rules) {
            Ok(Choice::Apply(c)) => assert_eq!(c.len(), 1),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn graded_needs_floor_and_margin() {
        let t = Text::new("a\nb\nc\n");
        assert!(matches!(
            choose_lines(&t, vec![cand(&t, 0, 0.5)], GRADED),
            Ok(Choice::Pass)
        ));
        assert!(matches!(
            choose_lines(&t, vec![cand(&t, 0, 0.95), cand(&t, 1, 0.9)], GRADED),
            Err(EditError::LowConfidence { .. })
        ));
        assert!(matches!(
            choose_lines(&t, vec![cand(&t, 0, 0.95), cand(&t, 1, 0.8)], GRADED),
            Ok(Choice::Apply(_))
        ));
    }

    #[test]
    fn a_runner_up_over_the_same_lines_with_the_same_result_is_no_rival() {
        let t = Text::new("a\nb\nc\nd\n");
        let lines = |l: std::ops::Range<usize>, score| Candidate {
            span: t.span_of_lines(l.clone(), false),
            lines: l,
            score,
            fit: Fit::Lines(None),
        };
        let alike = |_: &Candidate, _: &Candidate| true;
        let rules = Rules {
            same_result: Some(SameResult(&alike)),
            ..GRADED
        };
        // Lines 1-3 and 1-2: one place, the same result: the best applies.
        match choose_lines(&t, vec![lines(0..3, 0.95), lines(0..2, 0.9)], rules) {
            Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 0..3),
            other => panic!("{other:?}"),
        }
        // Without knowing the results, they are rivals.
        assert!(matches!(
            choose_lines(&t, vec![lines(0..3, 0.95), lines(0..2, 0.9)], GRADED),
            Err(EditError::LowConfidence { .. })
        ));
        // Elsewhere, a twin is a rival whatever its result.
        assert!(matches!(
            choose_lines(&t, vec![lines(0..2, 0.95), lines(2..4, 0.9)], rules),
            Err(EditError::LowConfidence { .. })
        ));
        // The same lines again stand for rivals the strategy could not score.
        assert!(matches!(
            choose_lines(&t, vec![lines(0..3, 0.95), lines(0..3, 0.95)], rules),
            Err(EditError::LowConfidence { .. })
        ));
        // A third candidate within the margin still counts.
        assert!(matches!(
            choose_lines(
                &t,
                vec![lines(0..3, 0.95), lines(0..2, 0.9), lines(3..4, 0.9)],
                rules
            ),
            Err(EditError::LowConfidence { .. })
        ));
    }

    #[test]
    fn a_run_of_old_is_the_same_lines_at_one_offset() {
        // Moved as a whole (one level shallower): a run.
        assert!(same_lines_shifted(&["    a();", "    }"], &["a();", "}"]));
        // `}` for `    }` where `a();` kept its depth: not a run.
        assert!(!same_lines_shifted(
            &["    a();", "    }"],
            &["    a();", "}"]
        ));
        assert!(!same_lines_shifted(&["a();", "b();"], &["a();", "c();"]));
    }

    #[test]
    fn the_request_is_admitted_or_refused() {
        let empty = Text::new("");
        assert_eq!(admit(&empty, &Edit::new("", "x")), Ok(Admitted::FillEmpty));
        let t = Text::new("a\n");
        assert_eq!(admit(&t, &Edit::new("", "x")), Err(EditError::EmptyOld));
        assert_eq!(
            admit(&t, &Edit::new("a", "a")),
            Err(EditError::NoChange {
                only_edge_line_breaks: false
            })
        );
        assert_eq!(admit(&t, &Edit::new("a", "b")), Ok(Admitted::Search));
    }

    #[test]
    fn an_anchor_must_be_unique() {
        let t = Text::new("a\na\n");
        assert_eq!(one_anchor(&t, "a", &[2]), Ok(2));
        assert!(matches!(
            one_anchor(&t, "a", &[0, 2]),
            Err(EditError::AnchorAmbiguous { lines, .. }) if lines == [1, 2]
        ));
        assert!(matches!(
            one_anchor(&t, "z", &[]),
            Err(EditError::AnchorNotFound { .. })
        ));
    }
}
