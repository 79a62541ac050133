//! **Inner whitespace**: lines equal once every run of whitespace reads as one space.
//!
//! Models re-space code from memory: one space where the file aligns with several, a tab
//! between tokens, double spaces after reformatting in their head. Only runs of whitespace are
//! collapsed; whitespace is never deleted between tokens, so `a b` does not match `ab`.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "x     = 1\ny = 2\n";
//! let out = apply(file, &Edit::new("x = 1\ny = 2", "x = 1\ny = 3")).unwrap();
//! assert_eq!(out.text, "x     = 1\ny = 3\n");
//! assert_eq!(out.matches[0].strategy, "inner_whitespace");
//! ```

use super::{line_candidates, Candidate, Context, Strategy};
use crate::normalize::Level;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub struct InnerWhitespace;

impl Strategy for InnerWhitespace {
    fn name(&self) -> &'static str {
        "inner_whitespace"
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        line_candidates(
            cx.text,
            cx.needle,
            &cx.windows(Level::InnerWhitespace),
            None,
        )
    }
}
