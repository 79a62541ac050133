//! Apply the search/replace edits LLM coding agents write, at the place the model meant, with
//! the file's own indentation and line endings, or refuse with feedback the model can act on.
//!
//! Most of what you want is at the top level: [`apply`] one [`Edit`], or [`apply_edits`] a list
//! of them as one transaction ([`Mode`]), and read the [`Applied`] text with a [`Match`] per
//! replacement, or the [`EditError`] that says why not. [`format`](mod@format) parses the edit
//! documents models write (JSON, SEARCH/REPLACE, `*** Begin Patch`, unified diffs); [`fs`] reads
//! and writes files safely; [`line_refs`] applies edits that name lines by `LINE#ID`;
//! [`syntax`] is the guard against edits that break a file's syntax. What only the front ends
//! need (the names agents give an edit's fields, the words of each front end's messages, the
//! bindings' JSON) is in [`protocol`].
//!
//! ```
//! use fuzzy_edit::{apply, Edit, StrategyId};
//!
//! // The model copied the block with 2-space indentation; the file uses 4.
//! let file = "def f(x):\n    if x:\n        return 1\n    return 0\n";
//! let edit = Edit::new("if x:\n  return 1", "if x:\n  log(x)\n  return 1");
//! let out = apply(file, &edit).unwrap();
//! assert_eq!(out.text, "def f(x):\n    if x:\n        log(x)\n        return 1\n    return 0\n");
//! assert_eq!(out.matches[0].strategy, StrategyId::Indentation);
//! ```
//!
//! # Why it is built this way
//!
//! *A wrong edit is the worst outcome; a refusal is cheap.* The model retries a refusal in one
//! turn when the error shows what differs; a silent edit of the wrong block costs a debugging
//! session. Every design choice follows from that:
//!
//! - **Strategies return spans of the original text**, never a string to search for again.
//!   Tools that re-search a fuzzy match's text can edit a different copy.
//! - **Strict to loose, first decision wins.** A looser strategy only sees more candidates, so
//!   it can never resolve an ambiguity a stricter one found. Each strategy names the mistake it
//!   sees through ([`StrategyId`]).
//! - **Ambiguity is refused** unless the caller says which (`replace_all`, `anchor`), and a
//!   graded match must clear a floor *and* a margin over the runner-up.
//! - **`new` is merged, not pasted**: lines the model keeps keep the file's bytes; changed lines
//!   are re-indented by the mapping learned from the match; a change to a line the model
//!   misremembered is refused, because the model is then wrong about the code.
//! - **Errors are feedback** ([`EditError`]): the closest fragment with a diff, every ambiguous
//!   candidate with its lines, the ways out.
//!
//! One edit travels a straight path (`pipeline.rs`): *prepare* (unwrap, elision markers, clean
//! `new`), *locate* (the strategy cascade finds candidate spans), *judge* (the rules, one table
//! in `rules/table.rs`, each refusal naming its rule), *fit* (`new` merged into the chosen span),
//! *splice* (all replacements written in one pass), then *format* and the *syntax* rule. The
//! text is indexed once; strategies share a per-line hash of the loosest normalization, so even
//! an absent `old` costs a few linear passes on a 100k-line file.

// Refusals are the cold path and carry the model's feedback inline; boxing them would only
// make matching on them clumsier for callers.
#![allow(clippy::result_large_err)]
#![deny(missing_docs, unreachable_pub)]

mod align;
mod applied;
mod artifacts;
mod budget;
mod candidate;
mod conventions;
mod diff;
mod edit;
mod error;
mod feedback;
mod fit;
pub mod format;
pub mod fs;
mod indent;
pub mod line_refs;
mod merge3;
mod needle;
mod normalize;
mod notation;
mod pipeline;
pub mod protocol;
mod rules;
pub mod snippet;
mod strategy;
pub mod syntax;
mod text;
mod thresholds;
mod vocabulary;

pub use applied::{Applied, Failed, Failure, Match};
pub use candidate::StrategyId;
pub use conventions::Conventions;
pub use diff::unified_diff;
pub use edit::{Edit, Mode, Options};
pub use error::{EditError, Fragment, Location};
pub use pipeline::{apply, apply_edits, apply_with};
pub use snippet::apply_snippet;
pub use syntax::{Language, SyntaxPolicy};

/// The README's Rust examples, compiled and run as doc tests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of every page in `docs/` (listed by `build.rs`), compiled and run as doc
/// tests.
#[cfg(doctest)]
pub mod docs_doctests {
    include!(concat!(env!("OUT_DIR"), "/docs_doctests.rs"));
}
