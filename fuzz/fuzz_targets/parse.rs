//! Fuzz the edit-format parsers: `format::detect`, `format::parse` and `format::parse_as` for
//! every format, on arbitrary text.
//!
//! The input is used as UTF-8 when it is valid, and is also decoded lossily (so invalid bytes
//! become U+FFFD). The parsers must never panic, errors must render, and:
//!
//! - `parse` succeeds only in the format `detect` chose;
//! - a `Malformed` error names a line of the input (1-based, at most one past the last line);
//! - every parsed change carries at least one edit, a file content, or a deletion or move.
#![no_main]

use fuzzy_edit::format::{self, FileOp, Format, ParseError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check(text);
    }
    let lossy = String::from_utf8_lossy(data);
    if std::str::from_utf8(data).is_err() {
        check(&lossy);
    }
});

fn check(input: &str) {
    let detected = format::detect(input);
    assert_eq!(
        detected,
        format::detect(input),
        "detect is not deterministic"
    );
    match format::parse(input) {
        Ok(parsed) => {
            assert_eq!(
                Some(parsed.format),
                detected,
                "parse succeeded in a format detect did not choose"
            );
            check_parsed(input, &parsed);
        }
        Err(e) => check_error(input, &e),
    }
    for f in Format::ALL {
        match format::parse_as(input, f) {
            Ok(parsed) => {
                assert_eq!(parsed.format, f, "parse_as returned another format");
                check_parsed(input, &parsed);
            }
            Err(e) => check_error(input, &e),
        }
    }
}

fn check_parsed(input: &str, parsed: &format::Parsed) {
    assert!(!parsed.changes.is_empty(), "Ok with no changes");
    for change in &parsed.changes {
        if let FileOp::Edit(edits) = &change.op {
            assert!(
                !edits.is_empty() || change.move_to.is_some(),
                "an edit change with no edits and no move, for {input:?}"
            );
        }
    }
    for (_path, edit) in parsed.edits() {
        let _ = (edit.old.len(), edit.new.len(), edit.anchor.as_deref());
    }
    for note in &parsed.notes {
        let _ = note.len();
    }
}

fn check_error(input: &str, e: &ParseError) {
    let message = e.to_string();
    assert!(!message.is_empty());
    if let Some(line) = e.line() {
        let lines = input.lines().count();
        assert!(
            line >= 1 && line <= lines + 1,
            "error at line {line} of a {lines}-line input: {message}"
        );
    }
}
