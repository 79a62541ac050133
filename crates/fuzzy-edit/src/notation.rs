//! How models write what is not code: HTML entities for code characters, read tools' line
//! numbers, elision markers for lines left out.
//!
//! Each is read in `old` by a strategy (which finds the block through it) and looked for in
//! `new` by [`crate::artifacts`] (which keeps it out of the file); both read it here, so the
//! two sides agree on what the notation is.

pub(crate) mod entities;

mod elision_markers;
mod line_numbers;

pub(crate) use elision_markers::{
    is_elision_marker, is_jsx_elision_marker, markers_behind_leaders, Unclear,
};
pub(crate) use line_numbers::{parse_prefix, strip_line_prefixes, strip_where_present, Style};
