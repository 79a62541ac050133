//! The fallback of a refused search/replace edit by reference (docs/line-refs.md, "When `old`
//! is not found"): a `not_found` refusal's closest fragment shown as a read with hashes shows
//! it, `{line}#{ID}|{text}`, so a model prompted for line-addressed edits retries by
//! `LINE#ID` instead of copying `old` again.
//!
//! Computed here, in the front ends, from what the refusal already holds: the fragment's first
//! line number and its lines as they stand in the file. The IDs are those a read of the file
//! at the time of the refusal shows (a line's ID depends only on its text and number), with no
//! second read that another writer could race.

use fuzzy_edit::line_refs::line_id;
use fuzzy_edit::{EditError, Failed};
use serde_json::{json, Value};

/// `text` (lines of a file, the first at 1-based `start_line`) with a `LINE#ID` on each line.
pub fn with_refs(start_line: usize, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 12 * text.lines().count());
    for (i, line) in text.lines().enumerate() {
        let number = start_line + i;
        // A read leaves a byte order mark out of line 1, and so its ID.
        let line = if number == 1 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        out.push_str(&format!("{number}#{}|{line}\n", line_id(number, line)));
    }
    out
}

/// The closest fragment of a `not_found` refusal with its `LINE#ID`s, if it has one.
pub fn of_error(error: &EditError) -> Option<String> {
    match error {
        EditError::NotFound {
            closest: Some(f), ..
        } => Some(with_refs(f.start_line, &f.text)),
        _ => None,
    }
}

/// The note an MCP answer adds to a refusal when the server reads with hashes: each
/// `not_found` edit's closest lines with their `LINE#ID`s, and how to use them.
pub fn note(failed: &Failed) -> Option<String> {
    let offers: Vec<String> = failed
        .failures
        .iter()
        .filter_map(|f| {
            of_error(&f.error).map(|lines| {
                if failed.failures.len() > 1 {
                    format!("edit {}:\n{lines}", f.edit + 1)
                } else {
                    lines
                }
            })
        })
        .collect();
    (!offers.is_empty()).then(|| {
        format!(
            "\n\nThe closest lines, with their LINE#IDs: to change them, send line_edits instead, e.g. {{\"op\": \"replace\", \"pos\": \"<first LINE#ID>\", \"end\": \"<last LINE#ID>\", \"lines\": [...]}}.\n{}",
            offers.join("\n")
        )
    })
}

/// Add `current` (the closest lines with their `LINE#ID`s) to each `not_found` edit of a JSON
/// refusal (its `edits[]`, docs/json.md) whose `closest` fragment is given.
pub fn add_to_error(error: &mut Value) {
    let Some(edits) = error.get_mut("edits").and_then(Value::as_array_mut) else {
        return;
    };
    for edit in edits {
        if edit.get("kind").and_then(Value::as_str) != Some("not_found") {
            continue;
        }
        let closest = edit.get("closest");
        let start = closest
            .and_then(|c| c.get("start_line"))
            .and_then(Value::as_u64);
        let text = closest.and_then(|c| c.get("text")).and_then(Value::as_str);
        if let (Some(start), Some(text)) = (start, text) {
            edit["current"] = json!(with_refs(start as usize, text));
        }
    }
}

/// Add `current` (the file's lines with their `LINE#ID`s, as for a `not_found`) to each of the
/// `differences` of a JSON success's `matches` (docs/json.md): a caller that reads with hashes
/// edits those lines next by reference.
pub fn add_to_matches(answer: &mut Value) {
    let Some(matches) = answer.get_mut("matches").and_then(Value::as_array_mut) else {
        return;
    };
    let places = matches
        .iter_mut()
        .filter_map(|m| m.get_mut("differences").and_then(Value::as_array_mut))
        .flatten();
    for place in places {
        let line = place.get("line").and_then(Value::as_u64);
        let file = place.get("file").and_then(Value::as_array).map(|lines| {
            lines
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("\n")
        });
        if let (Some(line), Some(file)) = (line, file) {
            if !file.is_empty() {
                place["current"] = json!(with_refs(line as usize, &file));
            }
        }
    }
}

/// The note an MCP answer adds to a success when the server reads with hashes: the file's
/// lines of every place of `differences` (as [`add_to_matches`] gave them), with their
/// `LINE#ID`s; empty when there are none.
pub fn matches_note(answer: &Value) -> String {
    let lines: String = answer["matches"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["differences"].as_array())
        .flatten()
        .filter_map(|place| place["current"].as_str())
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    format!("Those lines of the file, with their LINE#IDs:\n{lines}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use fuzzy_edit::line_refs::read_with_hashes;
    use fuzzy_edit::{apply_edits, Edit, Mode};
    use proptest::prelude::*;

    fn refused(text: &str, old: &str) -> Failed {
        apply_edits(text, &[Edit::new(old, "x")], Mode::Atomic).unwrap_err()
    }

    #[test]
    fn the_closest_lines_carry_the_ids_a_read_shows() {
        let text = "\u{feff}def total(xs):\r\n    s = 0\r\n    for x in xs:\r\n        s += x\r\n    return s\r\n";
        let failed = refused(text, "    for x in xs:\n        s += x.size\n");
        let offer = of_error(&failed.failures[0].error)
            .unwrap_or_else(|| panic!("a closest fragment: {:?}", failed.failures[0].error));
        let EditError::NotFound {
            closest: Some(f), ..
        } = &failed.failures[0].error
        else {
            panic!("not_found expected")
        };
        assert_eq!(
            offer,
            read_with_hashes(text, Some((f.start_line, f.end_line)))
        );
        assert!(note(&failed).unwrap().contains(&offer));
    }

    #[test]
    fn the_answer_gets_current_only_on_not_found_edits() {
        let mut error = json!({"kind": "not_found", "edits": [
            {"edit": 0, "kind": "not_found", "closest": {"start_line": 3, "end_line": 3, "text": "}"}},
            {"edit": 1, "kind": "ambiguous"},
            {"edit": 2, "kind": "not_found", "closest": null}]});
        add_to_error(&mut error);
        let edits = error["edits"].as_array().unwrap();
        assert_eq!(
            edits[0]["current"],
            json!(format!("3#{}|}}\n", line_id(3, "}")))
        );
        assert!(edits[1].get("current").is_none() && edits[2].get("current").is_none());
    }

    proptest! {
        // The offer names each line exactly as a read of the whole file does.
        #[test]
        fn an_offer_equals_the_read_of_its_lines(
            lines in prop::collection::vec("[ a-z{}]{0,8}", 1..30),
            crlf: bool,
            first in 0usize..30,
            len in 1usize..30,
        ) {
            let eol = if crlf { "\r\n" } else { "\n" };
            let text: String = lines.iter().map(|l| format!("{l}{eol}")).collect();
            let first = first % lines.len();
            let last = (first + len).min(lines.len());
            let fragment: String = lines[first..last].iter().map(|l| format!("{l}{eol}")).collect();
            prop_assert_eq!(
                with_refs(first + 1, &fragment),
                read_with_hashes(&text, Some((first + 1, last)))
            );
        }
    }
}
