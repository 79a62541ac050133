//! **Blank lines**: the same lines, with blank lines missing, added, or around the block.
//!
//! Models drop the blank line between two functions, add one that is not there, or pad `old`
//! with blank lines above or below. The non-blank lines of `old` must match consecutive
//! non-blank lines of the file (loosely); the file keeps its own blank lines unless `new`
//! changes the lines around them. Blank lines `old` carries at its ends are dropped from `new`
//! as well.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "def a():\n    pass\n\n\ndef b():\n    pass\n";
//! let out = apply(file, &Edit::new("def a():\n    pass\ndef b():", "def a():\n    return 1\ndef b():")).unwrap();
//! assert_eq!(out.text, "def a():\n    return 1\n\n\ndef b():\n    pass\n");
//! assert_eq!(out.matches[0].strategy, "blank_lines");
//! ```

use std::rc::Rc;

use std::collections::HashSet;

use super::{Context, HashIsKey, Strategy, LINE_COMPARE_UNITS};
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::normalize::{self, Level};
use crate::thresholds::MAX_WINDOWS;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BlankLines;

impl Strategy for BlankLines {
    fn id(&self) -> StrategyId {
        StrategyId::BlankLines
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let text = cx.text;
        let lines: Vec<&str> = cx.needle.lines().collect();
        let non_blank: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| !l.trim().is_empty())
            .collect();
        if non_blank.is_empty() {
            return Vec::new();
        }
        let fit_needle = cx.needle.without_blank_edges().map(Rc::new);
        let trailing_newline = fit_needle
            .as_ref()
            .map_or(cx.needle.trailing_newline(), |n| n.trailing_newline());

        let hashes = text.loose_hashes();
        let wanted: Vec<u64> = non_blank.iter().map(|l| normalize::loose_hash(l)).collect();
        // A line of `old` the file never has rules every window out: no need to walk.
        let mut missing: HashSet<u64, HashIsKey> = wanted.iter().copied().collect();
        let mut filter = normalize::HashBits::default();
        wanted.iter().for_each(|&h| filter.insert(h));
        for &h in hashes.iter().filter(|&&h| filter.may_hold(h)) {
            missing.remove(&h);
            if missing.is_empty() {
                break;
            }
        }
        if !missing.is_empty() {
            return Vec::new();
        }
        let matches = |i: usize, k: usize| {
            hashes[i] == wanted[k]
                && normalize::lines_equal(text.line(i), non_blank[k], Level::InnerWhitespace)
        };
        let mut out = Vec::new();
        for start in (0..hashes.len()).filter(|&j| matches(j, 0)) {
            if !cx.budget.charge(non_blank.len() * LINE_COMPARE_UNITS) {
                break;
            }
            let mut pos = start;
            let mut ok = true;
            for k in 1..non_blank.len() {
                pos += 1;
                while pos < hashes.len() && text.is_blank(pos) {
                    pos += 1;
                }
                if pos >= hashes.len() || !matches(pos, k) {
                    ok = false;
                    break;
                }
            }
            if ok && out.len() > MAX_WINDOWS {
                break;
            }
            if ok {
                out.push(Candidate {
                    span: text.span_of_lines(start..pos + 1, trailing_newline),
                    lines: start..pos + 1,
                    score: 1.0,
                    fit: Fit::Lines(fit_needle.clone()),
                });
            }
        }
        out
    }
}
