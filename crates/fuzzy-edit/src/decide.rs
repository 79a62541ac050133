//! Deciding among a strategy's candidates: uniqueness, confidence margin, anchors.
//!
//! The rules, in order:
//! 1. With an `anchor`, only candidates at or after the anchor count (a block containing it
//!    counts as at it); of those the first is taken (equality strategies) or the best, if
//!    confident (graded strategies).
//! 2. With `replace_all`, every candidate of an equality strategy is replaced (overlapping
//!    windows are skipped, left to right), after the anchor if there is one. Graded
//!    strategies never replace more than one.
//! 3. One candidate of an equality strategy: apply. Several: refuse as ambiguous.
//! 4. A graded strategy applies its best candidate only when it scores at least the floor and
//!    leads the runner-up by the margin; below the floor it is no decision (the next strategy,
//!    or "not found", follows); within the margin it is refused as low confidence.

use crate::error::EditError;
use crate::feedback::location;
use crate::strategy::{Candidate, BLOCK_ANCHOR_FLOOR, BLOCK_ANCHOR_MARGIN, MAX_WINDOWS};
use crate::text::Text;

/// What to do with one strategy's candidates.
#[derive(Debug)]
pub enum Decision {
    /// Replace these candidates (one, or several for `replace_all`).
    Apply(Vec<Candidate>),
    /// Refuse the edit.
    Refuse(EditError),
    /// The strategy settles nothing; try the next.
    Pass,
}

/// How to decide.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// Replace every candidate of equal standing.
    pub replace_all: bool,
    /// Byte offset of the anchor, if one was given.
    pub anchor: Option<usize>,
    /// Whether candidates are graded (floor and margin apply).
    pub scored: bool,
}

/// Decide among `candidates`, which `strategy` found in `text`.
pub fn decide(
    text: &Text,
    strategy: &str,
    mut candidates: Vec<Candidate>,
    rules: Rules,
) -> Decision {
    if let Some(anchor) = rules.anchor {
        // At or after the anchor; a block that contains the anchor counts as at it.
        candidates.retain(|c| c.span.end > anchor);
    }
    if candidates.is_empty() {
        return Decision::Pass;
    }
    candidates.sort_by_key(|c| (c.span.start, c.span.end));
    if rules.scored {
        return decide_graded(text, candidates);
    }
    if rules.anchor.is_some() && !rules.replace_all {
        candidates.truncate(1);
        return Decision::Apply(candidates);
    }
    if rules.replace_all && (candidates.len() <= MAX_WINDOWS || strategy == "exact") {
        let mut kept: Vec<Candidate> = Vec::with_capacity(candidates.len());
        for c in candidates {
            if kept.last().is_none_or(|k| k.span.end <= c.span.start) {
                kept.push(c);
            }
        }
        return Decision::Apply(kept);
    }
    if candidates.len() == 1 {
        return Decision::Apply(candidates);
    }
    Decision::Refuse(EditError::Ambiguous {
        strategy: strategy.to_string(),
        candidates: candidates
            .iter()
            .map(|c| location(text, c.lines.clone(), None))
            .collect(),
    })
}

fn decide_graded(text: &Text, mut candidates: Vec<Candidate>) -> Decision {
    candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
    let best = &candidates[0];
    if best.score < BLOCK_ANCHOR_FLOOR {
        return Decision::Pass;
    }
    if let Some(second) = candidates.get(1) {
        if best.score - second.score < BLOCK_ANCHOR_MARGIN {
            return Decision::Refuse(EditError::LowConfidence {
                best: location(text, best.lines.clone(), Some(round(best.score))),
                runner_up: location(text, second.lines.clone(), Some(round(second.score))),
            });
        }
    }
    candidates.truncate(1);
    Decision::Apply(candidates)
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::Plan;

    fn cand(text: &Text, line: usize, score: f64) -> Candidate {
        Candidate {
            span: text.span_of_lines(line..line + 1, false),
            lines: line..line + 1,
            score,
            plan: Plan::Splice(None),
        }
    }

    const EQUAL: Rules = Rules {
        replace_all: false,
        anchor: None,
        scored: false,
    };

    #[test]
    fn unique_applies_and_several_are_ambiguous() {
        let t = Text::new("a\na\nb\n");
        assert!(
            matches!(decide(&t, "exact", vec![cand(&t, 0, 1.0)], EQUAL), Decision::Apply(c) if c.len() == 1)
        );
        match decide(&t, "exact", vec![cand(&t, 0, 1.0), cand(&t, 1, 1.0)], EQUAL) {
            Decision::Refuse(EditError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates.len(), 2);
                assert_eq!(candidates[1].start_line, 2);
            }
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
        match decide(&t, "exact", vec![cand(&t, 0, 1.0), cand(&t, 2, 1.0)], rules) {
            Decision::Apply(c) => assert_eq!(c[0].lines, 2..3),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn graded_needs_floor_and_margin() {
        let t = Text::new("a\nb\nc\n");
        let graded = Rules {
            scored: true,
            ..EQUAL
        };
        assert!(matches!(
            decide(&t, "g", vec![cand(&t, 0, 0.5)], graded),
            Decision::Pass
        ));
        assert!(matches!(
            decide(&t, "g", vec![cand(&t, 0, 0.95), cand(&t, 1, 0.9)], graded),
            Decision::Refuse(EditError::LowConfidence { .. })
        ));
        assert!(matches!(
            decide(&t, "g", vec![cand(&t, 0, 0.95), cand(&t, 1, 0.8)], graded),
            Decision::Apply(_)
        ));
    }
}
