//! Line-addressed edits for Python (docs/line-refs.md): a read with a `LINE#ID` on every line,
//! and edits that name their lines by those references, applied all or none.
//!
//! Edits cross as one JSON document (the shapes models are prompted with, read by the library's
//! own serde types) so Python passes them through without restating the format; the answer is
//! the `(text or None, report)` pair of `apply_edits_json`, plus the references followed.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::json;

use fuzzy_edit::line_refs::{self, LineEdit};

/// The line edits of `edits_json`, or a `ValueError` that says what to send.
pub fn to_line_edits(edits_json: &str) -> PyResult<Vec<LineEdit>> {
    serde_json::from_str(edits_json).map_err(|e| {
        PyValueError::new_err(format!(
            "line edits are not in the expected shape: {e}. Send a list of {{\"op\": \"replace\" | \"append\" | \"prepend\", \"pos\": \"12#VK\", \"end\": \"14#QX\", \"lines\": [...]}}"
        ))
    })
}

/// `content` as a hashline read shows it (`{line}#{ID}|{text}` per line), only lines
/// `first..=last` (1-based, clamped) when given; and the text's line count.
#[pyfunction]
#[pyo3(signature = (content, first = None, last = None))]
pub fn read_hashes(
    py: Python<'_>,
    content: String,
    first: Option<usize>,
    last: Option<usize>,
) -> (String, usize) {
    py.detach(move || {
        let range = match (first, last) {
            (None, None) => None,
            (a, b) => Some((a.unwrap_or(1), b.unwrap_or(usize::MAX))),
        };
        (
            line_refs::read_with_hashes(&content, range),
            line_refs::count_lines(&content),
        )
    })
}

/// Apply the line edits in `edits_json` (a JSON array of `{"op", "pos", "end", "lines"}`) to
/// `content`, all or none. `(text, report)`: `text` is `None` when refused; `report` is JSON
/// with `matches`, `failures`, `warnings` and `followed`. Malformed edits raise `ValueError`
/// with what to send instead.
#[pyfunction]
#[pyo3(signature = (content, edits_json, line_numbers = false))]
pub fn apply_line_edits_json(
    py: Python<'_>,
    content: String,
    edits_json: String,
    line_numbers: bool,
) -> PyResult<(Option<String>, String)> {
    let edits = to_line_edits(&edits_json)?;
    Ok(py.detach(move || {
        let options = fuzzy_edit::Options {
            line_numbers,
            ..fuzzy_edit::Options::default()
        };
        let result = line_refs::apply_line_edits(&content, &edits, &options);
        let followed = match &result {
            Ok(applied) => json!(applied.followed),
            Err(_) => json!([]),
        };
        let (text, report) = crate::json::applied_report(result.map_err(line_refs::failed));
        let mut report: serde_json::Value =
            serde_json::from_str(&report).unwrap_or_else(|_| json!({}));
        report["followed"] = followed;
        (text, report.to_string())
    }))
}
