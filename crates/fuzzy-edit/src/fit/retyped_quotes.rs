//! Typographic quotes the model wrote for the file's ASCII ones, on the lines it rewrites.
//!
//! A model that retypes `#[cfg(feature = "x")]` as `#[cfg(feature = “x”)]` in `old` (the
//! match sees through it) writes its rewritten line `#[cfg(feature = “y”)]` in the same habit.
//! Where the file has typographic quotes of its own elsewhere (a comment's `“non-constant”`),
//! the cleaning of `new` takes them for the file's convention and keeps them; but this line of
//! the file writes them ASCII, and the match proves the model retyped them. The mirror of
//! `folded_chars`: a rewritten line close to such a line of `old` takes the file's ASCII
//! wherever it keeps that line's typographic quote.

use crate::align::{line_similarity, loose_diff};
use crate::thresholds::REWRITTEN_LINE;

/// `merged` (the replacement for `file_lines`, matched by `old` line for line) with the file's
/// ASCII quotes on the lines it rewrites where `old` retyped them (see the module docs).
pub(super) fn ascii_as_file(file_lines: &[&str], old: &[&str], merged: String) -> String {
    let retyped: Vec<Option<(&str, &str)>> = file_lines
        .iter()
        .zip(old)
        .map(|(f, o)| retyped(f, o))
        .collect();
    if retyped.iter().all(Option::is_none) || merged.is_ascii() {
        return merged;
    }
    let lines: Vec<&str> = merged.split('\n').collect();
    let bare: Vec<&str> = lines.iter().map(|l| l.trim_end_matches('\r')).collect();
    // Each written line's line of `old`: by position in a block the diff changes line for
    // line (`p = “default”` rewritten `p = “staging”` scores 0.46 by characters), else the
    // closest one.
    let mut rewrites: Vec<Option<usize>> = vec![None; lines.len()];
    for op in loose_diff(old, &bare) {
        let (_, olds, news) = op.as_tag_tuple();
        if olds.is_empty() {
            continue;
        }
        for (k, n) in news.clone().enumerate() {
            rewrites[n] = if olds.len() == news.len() {
                Some(olds.start + k)
            } else {
                olds.clone()
                    .map(|o| (line_similarity(old[o], bare[n]), o))
                    .filter(|(s, _)| *s >= REWRITTEN_LINE)
                    .max_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, o)| o)
            };
        }
    }
    let mut n = 0;
    super::each_written_line(merged, file_lines, |bare| {
        let rewrite = rewrites[n];
        n += 1;
        let (f, o) = rewrite.and_then(|o| retyped.get(o).copied().flatten())?;
        if bare.is_ascii() {
            return None;
        }
        let body = bare.trim_start();
        let indent = &bare[..bare.len() - body.len()];
        // (Where `old` kept the file's character, the file's is the model's.)
        Some(format!(
            "{indent}{}",
            super::kept_chars_as_file(f, o, body, |_, _| false)
        ))
    })
}

/// A typographic quote, and the ASCII one it stands for.
fn quote_ascii(c: char) -> Option<char> {
    match c {
        '\u{201C}' | '\u{201D}' => Some('"'),
        '\u{2018}' | '\u{2019}' => Some('\''),
        _ => None,
    }
}

/// `file` and `old` (both without their indentation) when `old` is `file` with some of its
/// ASCII quotes written typographic, one for one, and nothing else changed.
fn retyped<'a>(file: &'a str, old: &'a str) -> Option<(&'a str, &'a str)> {
    let (file, old) = (file.trim_start(), old.trim_start());
    let same = file != old
        && file.chars().count() == old.chars().count()
        && file
            .chars()
            .zip(old.chars())
            .all(|(f, o)| f == o || quote_ascii(o) == Some(f));
    same.then_some((file, old))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewritten_line_takes_the_files_ascii_quotes_where_old_retyped_them() {
        let file = ["#[cfg(feature = \"a\")]"];
        let old = ["#[cfg(feature = \u{201c}a\u{201d})]"];
        let merged = "#[cfg(feature = \u{201c}a_x\u{201d})]".to_string();
        assert_eq!(
            ascii_as_file(&file, &old, merged),
            "#[cfg(feature = \"a_x\")]"
        );
        // Indented differently, and a comment's quotes the file line has itself.
        let file = ["p: \"default\"  # the \u{201c}default\u{201d} profile"];
        let old = ["  p: \u{201c}default\u{201d}  # the \u{201c}default\u{201d} profile"];
        let merged = "  p: \u{201c}staging\u{201d}  # the \u{201c}default\u{201d} profile";
        assert_eq!(
            ascii_as_file(&file, &old, merged.to_string()),
            "  p: \"staging\"  # the \u{201c}default\u{201d} profile"
        );
    }

    #[test]
    fn a_short_line_is_paired_by_its_place_in_the_block() {
        let file = ["p = \"default\"", "q = \"prod\""];
        let old = ["p = \u{201c}default\u{201d}", "q = \u{201c}prod\u{201d}"];
        let merged = "p = \u{201c}staging\u{201d}\nq = \"prod\"".to_string();
        assert_eq!(
            ascii_as_file(&file, &old, merged),
            "p = \"staging\"\nq = \"prod\""
        );
    }

    #[test]
    fn quotes_the_file_line_has_or_a_line_unlike_it_stay() {
        // `old` as the file has it: nothing retyped.
        let file = ["s = \u{201c}a\u{201d}"];
        let merged = "s = \u{201c}b\u{201d}".to_string();
        assert_eq!(ascii_as_file(&file, &file, merged.clone()), merged);
        // A line with nothing of the retyped one.
        let file = ["x = \"a\""];
        let old = ["x = \u{201c}a\u{201d}"];
        let merged = "x = \"a\"\n// see the \u{201c}notes\u{201d} of the release".to_string();
        assert_eq!(ascii_as_file(&file, &old, merged.clone()), merged);
    }
}
