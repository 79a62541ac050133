//! `fuzzy_edit._native`: the Rust engine, as few functions with plain-data answers.
//!
//! The boundary is deliberately narrow: strings and tuples go in; the edited text comes back as
//! a `str` and everything else (matches, refusals, parse results) as one JSON document that the
//! Python layer turns into dataclasses and exceptions. JSON keeps this crate independent of the
//! library's internal types (which may change shape) and keeps the Python API's idioms —
//! exception classes, dataclasses, stubs — in Python, where they are easy to read and extend.
//! Every call that runs the engine releases the GIL, so threads can edit in parallel.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use fuzzy_edit::format;
use fuzzy_edit::{apply_edits, protocol, Edit, Mode};

mod files;
mod json;
mod lines;
mod snippet;

/// The edits Python passes: a JSON list of objects with every field of an edit (`old`, `new`,
/// `replace_all`, `anchor`, `near_line`, `near_context`, `final_newline`), read by the one
/// reader every front end uses.
fn to_edits(edits_json: &str) -> PyResult<Vec<Edit>> {
    let list = serde_json::from_str(edits_json)
        .map_err(|e| PyValueError::new_err(format!("the edits are not JSON: {e}")))?;
    protocol::read_edits(list).map_err(PyValueError::new_err)
}

fn to_mode(mode: &str) -> PyResult<Mode> {
    protocol::mode_named(mode).map_err(PyValueError::new_err)
}

/// Apply `edits` to `content` as one transaction.
///
/// `edits` is a JSON list of edit objects. Returns `(text, report)`: `text` is the edited text,
/// or `None` when nothing was applied (atomic mode with any failure, or partial mode with no
/// success); `report` is JSON with `matches`, `failures`, `sequential` and `warnings` (syntax
/// errors let through).
#[pyfunction]
#[pyo3(signature = (content, edits, mode = "atomic"))]
fn apply_edits_json(
    py: Python<'_>,
    content: String,
    edits: &str,
    mode: &str,
) -> PyResult<(Option<String>, String)> {
    let mode = to_mode(mode)?;
    let edits = to_edits(edits)?;
    Ok(py.detach(move || json::applied_report(apply_edits(&content, &edits, mode))))
}

/// Merge a lazy snippet into `content` (`fuzzy_edit::apply_snippet`): `(text or None, report)`
/// as [`apply_edits_json`] answers.
#[pyfunction]
fn apply_snippet_json(
    py: Python<'_>,
    content: String,
    snippet: String,
) -> PyResult<(Option<String>, String)> {
    Ok(py.detach(move || {
        let applied =
            fuzzy_edit::apply_snippet(&content, &snippet, &fuzzy_edit::Options::default())
                .map_err(|error| fuzzy_edit::Failed::of_snippet(error, &snippet));
        json::applied_report(applied)
    }))
}

/// Parse a model's answer in any supported edit format; JSON with `ok` and either the parsed
/// changes or the parse error.
#[pyfunction]
#[pyo3(signature = (text, format = None))]
fn parse_json(py: Python<'_>, text: String, format: Option<&str>) -> PyResult<String> {
    let format = match format {
        None => None,
        Some(name) => Some(protocol::format_named(name).map_err(PyValueError::new_err)?),
    };
    Ok(py.detach(move || {
        let parsed = match format {
            Some(f) => format::parse_as(&text, f),
            None => format::parse(&text),
        };
        protocol::parsed_value(parsed).to_string()
    }))
}

/// A unified diff (3 lines of context) from `before` to `after`.
#[pyfunction]
#[pyo3(signature = (before, after, path = "code"))]
fn unified_diff(py: Python<'_>, before: String, after: String, path: &str) -> String {
    let path = path.to_string();
    py.detach(move || fuzzy_edit::unified_diff(&before, &after, &path))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(apply_edits_json, m)?)?;
    m.add_function(wrap_pyfunction!(apply_snippet_json, m)?)?;
    m.add_function(wrap_pyfunction!(snippet::verify_snippet_json, m)?)?;
    m.add_function(wrap_pyfunction!(parse_json, m)?)?;
    m.add_function(wrap_pyfunction!(unified_diff, m)?)?;
    m.add_function(wrap_pyfunction!(files::read_file_json, m)?)?;
    m.add_function(wrap_pyfunction!(files::write_file_json, m)?)?;
    m.add_function(wrap_pyfunction!(files::edit_file_json, m)?)?;
    m.add_function(wrap_pyfunction!(lines::read_hashes, m)?)?;
    m.add_function(wrap_pyfunction!(lines::apply_line_edits_json, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
