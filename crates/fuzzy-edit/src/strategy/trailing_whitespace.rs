//! **Trailing whitespace**: lines equal once trailing blanks are ignored.
//!
//! Models drop the trailing spaces or tabs a file carries (editors and read tools hide them),
//! or add some. Whole lines are matched; the file keeps its own trailing blanks on every line
//! `new` leaves unchanged.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let out = apply("a = 1  \nb = 2\n", &Edit::new("a = 1\nb = 2", "a = 1\nb = 3")).unwrap();
//! assert_eq!(out.text, "a = 1  \nb = 3\n");
//! assert_eq!(out.matches[0].strategy, "trailing_whitespace");
//! ```

use super::{line_candidates, Context, Strategy};
use crate::candidate::{Candidate, StrategyId};
use crate::normalize::Level;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TrailingWhitespace;

impl Strategy for TrailingWhitespace {
    fn id(&self) -> StrategyId {
        StrategyId::TrailingWhitespace
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        line_candidates(
            cx.text,
            cx.needle,
            &cx.windows(Level::TrailingWhitespace),
            None,
        )
    }
}
