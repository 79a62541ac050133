//! What the locate stage hands the judge and the fit stages: the [`Candidate`] spans a strategy
//! found, how `new` is to be fitted to each ([`Fit`]), how graded candidates are judged
//! ([`Grading`]), and which strategy found them ([`StrategyId`]). Below the strategies, the
//! rules, the fit stage and the answers, which all read them.

use std::fmt;
use std::ops::Range;
use std::rc::Rc;

use serde::Serialize;

use crate::needle::Needle;

/// Which strategy located a match: the mistake in `old` it saw through.
///
/// Serialized in snake_case (`"exact"`, `"block_anchor"`), as reported in every answer; it
/// compares equal to that name.
///
/// ```
/// use fuzzy_edit::{apply, Edit, StrategyId};
/// let out = apply("a = 1\n", &Edit::new("a = 1", "a = 2")).unwrap();
/// assert_eq!(out.matches[0].strategy, StrategyId::Exact);
/// assert_eq!(out.matches[0].strategy, "exact");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum StrategyId {
    /// An empty `old` filled an empty file.
    EmptyFile,
    /// `old` occurs byte for byte.
    Exact,
    /// Trailing whitespace differed.
    TrailingWhitespace,
    /// Indentation differed (depth, tabs vs spaces, indent unit).
    Indentation,
    /// Typographic quotes, dashes, odd spaces or `…` stood for their ASCII forms.
    UnicodePunctuation,
    /// Runs of whitespace inside lines differed.
    InnerWhitespace,
    /// `old` carried literal escapes (`\n`, `\"`), or the file did.
    Escapes,
    /// `old` was written as a regex, its metacharacters escaped (`\(`, `\.`).
    RegexEscapes,
    /// `old` carried line-number prefixes copied from a read tool.
    LinePrefixes,
    /// Blank lines were missing, extra, or padded around `old`.
    BlankLines,
    /// `old` elided lines with a marker such as `...`.
    Elision,
    /// Lines of `old` were copied twice, swapped, joined or left out; every line is the file's.
    LineSlips,
    /// A few lines of `old` were misremembered; the block was found by its first and last lines.
    BlockAnchor,
    /// One line of `old` was a character or two off; no other line was nearly as close.
    TypoLine,
    /// A line-addressed edit: the lines were named by reference (`12#VK`), not searched for.
    LineRef,
    /// A piece of a lazy snippet, placed by its unchanged lines
    /// ([`apply_snippet`](crate::apply_snippet)).
    Snippet,
}

impl StrategyId {
    /// The snake_case name (`"exact"`, `"block_anchor"`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            StrategyId::EmptyFile => "empty_file",
            StrategyId::Exact => "exact",
            StrategyId::TrailingWhitespace => "trailing_whitespace",
            StrategyId::Indentation => "indentation",
            StrategyId::UnicodePunctuation => "unicode_punctuation",
            StrategyId::InnerWhitespace => "inner_whitespace",
            StrategyId::Escapes => "escapes",
            StrategyId::RegexEscapes => "regex_escapes",
            StrategyId::LinePrefixes => "line_prefixes",
            StrategyId::BlankLines => "blank_lines",
            StrategyId::Elision => "elision",
            StrategyId::LineSlips => "line_slips",
            StrategyId::BlockAnchor => "block_anchor",
            StrategyId::TypoLine => "typo_line",
            StrategyId::LineRef => "line_ref",
            StrategyId::Snippet => "snippet",
        }
    }
}

impl fmt::Display for StrategyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for StrategyId {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// A place in the original text that `old` may denote, before any decision.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    /// Byte span of the original text to replace.
    pub(crate) span: Range<usize>,
    /// Lines (0-based, end exclusive) the span covers.
    pub(crate) lines: Range<usize>,
    /// How well `old` matches here, 1.0 being a match at the strategy's level.
    pub(crate) score: f64,
    /// How `new` is fitted to the span.
    pub(crate) fit: Fit,
}

/// How `new` is turned into the text that replaces a candidate's span (see [`crate::fit`]).
#[derive(Debug, Clone)]
pub(crate) enum Fit {
    /// The span is `old` byte for byte: write `new` as given (line endings adapted).
    Splice(Option<Rc<Needle<'static>>>),
    /// The span is whole lines that match `old` loosely: merge line by line, keeping the file's
    /// bytes for every line `new` does not change. `None` uses the request's own needle;
    /// `Some` a transformed one (prefixes stripped, escapes undone, elisions expanded).
    Lines(Option<Rc<Needle<'static>>>),
}

impl Fit {
    /// The needle the candidate was matched with when the strategy transformed the request's.
    pub(crate) fn needle(&self) -> Option<&Needle<'static>> {
        match self {
            Fit::Splice(n) | Fit::Lines(n) => n.as_deref(),
        }
    }
}

/// How a strategy that grades its candidates wants them judged (see [`crate::rules`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Grading {
    /// Lowest score accepted.
    pub(crate) floor: f64,
    /// How far the best candidate must lead the runner-up.
    pub(crate) margin: f64,
}
