//! `fuzzy-edit read FILE [--hashes] [--lines A:B]`: a file as a model reads it before
//! line-addressed edits, each line as `{line}#{ID}|{text}` with `--hashes`.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use fuzzy_edit::fs::{read_text, EditOptions};
use fuzzy_edit::line_refs::read_with_hashes;

/// Print `file` (lines `lines` only, when given); exit 2 when it cannot be read.
pub fn run(file: &Path, hashes: bool, lines: Option<(usize, usize)>) -> ExitCode {
    let text = match read_text(file, &EditOptions::default()) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("fuzzy-edit: {e}");
            return ExitCode::from(2);
        }
    };
    let shown = if hashes {
        read_with_hashes(&text, lines)
    } else {
        plain(&text, lines)
    };
    match std::io::stdout().write_all(shown.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fuzzy-edit: writing: {e}");
            ExitCode::from(2)
        }
    }
}

/// Lines `lines` of `text` as they are (all of it without a range).
fn plain(text: &str, lines: Option<(usize, usize)>) -> String {
    let Some((first, last)) = lines else {
        return text.to_string();
    };
    text.split_inclusive('\n')
        .skip(first - 1)
        .take(last.saturating_sub(first).saturating_add(1))
        .collect()
}
