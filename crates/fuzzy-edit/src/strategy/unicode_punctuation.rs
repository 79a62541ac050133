//! **Unicode punctuation**: lines equal once typographic characters read as ASCII.
//!
//! Models (and the chat interfaces code passes through) swap straight quotes for curly ones,
//! `-` for en or em dashes or U+2212, spaces for NBSP and other odd spaces, and `...` for `…`,
//! in either direction. Lines the edit keeps retain the file's own characters.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "say(\"hi\")  # greet \u{2014} once\nend\n";
//! let out = apply(file, &Edit::new("say(\u{201C}hi\u{201D})  # greet - once\nend", "say(\"hey\")\nend")).unwrap();
//! assert_eq!(out.text, "say(\"hey\")\nend\n");
//! assert_eq!(out.matches[0].strategy, "unicode_punctuation");
//! ```

use super::{line_candidates, Context, Strategy};
use crate::candidate::{Candidate, StrategyId};
use crate::normalize::Level;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct UnicodePunctuation;

impl Strategy for UnicodePunctuation {
    fn id(&self) -> StrategyId {
        StrategyId::UnicodePunctuation
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        line_candidates(
            cx.text,
            cx.needle,
            &cx.windows(Level::UnicodePunctuation),
            None,
        )
    }
}
