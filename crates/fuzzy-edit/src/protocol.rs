//! What only the front ends need (the CLI, the pipe, the MCP server, the Python and npm
//! bindings): the names agents give an edit's fields and how a request's edits are read from
//! them, the words refusals use for each front end, and the JSON of answers the bindings share.
//!
//! A program that applies edits itself needs none of this: the top of the crate
//! ([`apply`](crate::apply), [`Edit`](crate::Edit), ...) is the engine.
//!
//! ```
//! use fuzzy_edit::protocol::{fields, read_edit};
//! use fuzzy_edit::Edit;
//!
//! // A tool call spells the fields its own way; every front end reads them through one table.
//! let item = serde_json::json!({"oldText": "a", "newText": "b", "replaceAll": true});
//! let edit = read_edit(item, "edits[0]", fields::EDIT).unwrap();
//! assert_eq!(edit, Edit::new("a", "b").replace_all(true));
//! ```

pub mod fields;
mod report;
mod request;

pub use crate::applied::{differences_text, edit_name, Difference, MAX_DIFFERENCES_LISTED};
pub use crate::diff::UnifiedDiff;
pub use crate::edit::is_prose;
pub use crate::error::MAX_LISTED;
pub use crate::feedback::numbered_line;
pub use crate::vocabulary::Vocabulary;
pub use report::{
    edit_value, error_value, fs_error_value, match_value, parse_error_value, parsed_value,
    version_value,
};
pub use request::{format_named, mode_named, read_edit, read_edits};
