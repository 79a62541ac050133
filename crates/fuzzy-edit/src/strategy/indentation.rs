//! **Indentation**: lines equal once leading and trailing whitespace are ignored.
//!
//! The most common near miss: the model copies a block with the wrong indentation depth, with
//! spaces where the file has tabs, or with the nesting of another indent unit. Changed lines of
//! `new` are re-indented by the mapping learned between `old` and the matched lines
//! (see [`crate::fit`]).
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "fn f() {\n\tif x {\n\t\ty();\n\t}\n}\n";
//! let edit = Edit::new("if x {\n    y();\n}", "if x {\n    y();\n    z();\n}");
//! let out = apply(file, &edit).unwrap();
//! assert_eq!(out.text, "fn f() {\n\tif x {\n\t\ty();\n\t\tz();\n\t}\n}\n");
//! assert_eq!(out.matches[0].strategy, "indentation");
//! ```

use super::{line_candidates, Context, Strategy};
use crate::candidate::{Candidate, StrategyId};
use crate::normalize::Level;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Indentation;

impl Strategy for Indentation {
    fn id(&self) -> StrategyId {
        StrategyId::Indentation
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        line_candidates(cx.text, cx.needle, &cx.windows(Level::Indentation), None)
    }
}
