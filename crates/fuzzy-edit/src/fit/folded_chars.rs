//! Non-ASCII characters the model wrote as ASCII, on the lines it rewrites.
//!
//! A model that copies a line holding `é` or curly quotes (`“en”` inside a JSON string) often
//! writes them as `e` and `"`, in `old` and in `new`. The lines `new` keeps are written with
//! the file's bytes by the merge; a line it rewrites (a word changed) or adds as a copy of
//! another keeps the model's ASCII, which changes the file's text (and a straight quote inside
//! a JSON string ends it). Where a line of `old` is the file's line folded to ASCII one
//! character for one, a rewritten line close to it takes the file's characters wherever it
//! keeps that line's.

use crate::merge3::misspelling;
use crate::normalize::punctuation_as_typed;
use crate::thresholds::COPY_RATIO;
use similar::TextDiff;

/// `merged` (the replacement for `file_lines`, matched by `old` line for line) with the file's
/// characters on the lines it rewrites in ASCII where `old` folded them (see the module docs).
pub(super) fn unfolded_as_file(file_lines: &[&str], old: &[&str], merged: String) -> String {
    let merged = file_line_as_typed(file_lines, old, merged);
    let folded: Vec<(&str, &str)> = file_lines
        .iter()
        .zip(old)
        .filter(|(f, o)| folds_to(f, o))
        .map(|(f, o)| (*f, *o))
        .collect();
    if folded.is_empty() {
        return merged;
    }
    super::each_written_line(merged, file_lines, |bare| {
        if !bare.is_ascii() {
            return None;
        }
        folded
            .iter()
            .map(|(f, o)| (TextDiff::from_chars(*o, bare).ratio(), f, o))
            .filter(|(r, _, _)| *r >= COPY_RATIO)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, f, o)| unfolded(f, o, bare))
    })
}

/// `merged` with each written line that is a line of the file as the model types it
/// ([`punctuation_as_typed`]: `⚠ don't "x"` for `⚠️ don’t “x”`) written as the file's line,
/// where `old`'s copy of that line was typed so too, or with a word a letter off besides
/// ([`misspelling`]): the model fixed its slip in `new` and wrote the rest of the line as it
/// had read it, not a change of its quotes (a line `old` copied with the file's own quotes
/// keeps what `new` writes). On the stand-in corpus's `emoji+typos`, where the slip on such a
/// line is seen through (`typed_lines`): 12 applied with the quotes straightened -> 0, exact
/// 108 -> 120 of 200; no other case moved.
fn file_line_as_typed(file_lines: &[&str], old: &[&str], merged: String) -> String {
    let typed: Vec<(&str, std::borrow::Cow<'_, str>)> = file_lines
        .iter()
        .zip(old)
        .filter(|(f, _)| !f.is_ascii())
        .filter_map(|(f, o)| {
            let typed = punctuation_as_typed(f);
            let (t, o) = (typed.trim(), o.trim());
            let retyped = matches!(typed, std::borrow::Cow::Owned(_))
                && punctuation_as_typed(o) == o
                && (t == o || misspelling(o, t).is_some());
            retyped.then_some((*f, typed))
        })
        .collect();
    if typed.is_empty() {
        return merged;
    }
    super::each_written_line(merged, file_lines, |bare| {
        let (f, _) = typed.iter().find(|(_, t)| t.trim() == bare.trim())?;
        let body = bare.trim_start();
        Some(format!("{}{}", &bare[..bare.len() - body.len()], f.trim()))
    })
}

/// Whether `old` is `file` with some non-ASCII characters written as ASCII, one for one.
fn folds_to(file: &str, old: &str) -> bool {
    file != old
        && old.is_ascii()
        && file.chars().count() == old.len()
        && file
            .chars()
            .zip(old.chars())
            .all(|(f, o)| f == o || !f.is_ascii())
}

/// `line` (written from `old`) with `file`'s characters wherever it keeps `old`'s. A folded
/// quote or dash at the edge of what the line keeps may now delimit the model's new code
/// (`"He said " + hi`): there the model's own character stays.
fn unfolded(file: &str, old: &str, line: &str) -> String {
    super::kept_chars_as_file(file, old, line, |f, at_change| {
        at_change && !f.is_alphabetic()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewritten_line_keeps_the_files_accents_and_quotes() {
        let file = ["  \"doc\": \"Use \u{201c}en\u{201d} for English\","];
        let old = ["  \"doc\": \"Use \"en\" for English\","];
        let merged = "  \"doc-new\": \"Use \"en\" for English\",".to_string();
        assert_eq!(
            unfolded_as_file(&file, &old, merged),
            "  \"doc-new\": \"Use \u{201c}en\u{201d} for English\","
        );
        let file = ["label = \"Caf\u{e9} du monde\""];
        let old = ["label = \"Cafe du monde\""];
        let merged = "label = \"Caf\u{e9} du monde\"\nlabel_extra = \"Cafe du monde\"".to_string();
        assert_eq!(
            unfolded_as_file(&file, &old, merged),
            "label = \"Caf\u{e9} du monde\"\nlabel_extra = \"Caf\u{e9} du monde\""
        );
    }

    #[test]
    fn a_line_unlike_the_folded_one_or_a_file_in_ascii_stays() {
        // A quote at the edge of a change delimits new code: the model's straight one stays.
        let file = ["s = \"He said \u{201c}hi\u{201d} ok\""];
        let old = ["s = \"He said \"hi\" ok\""];
        let merged = "s = \"He said \" + hi + \" ok\"".to_string();
        assert_eq!(unfolded_as_file(&file, &old, merged.clone()), merged);
        let file = ["caf\u{e9} = 1"];
        let merged = "completely different = 2".to_string();
        assert_eq!(
            unfolded_as_file(&file, &["cafe = 1"], merged.clone()),
            merged
        );
        let merged = "cafe = 2".to_string();
        assert_eq!(
            unfolded_as_file(&["cafe = 1"], &["cafe = 1"], merged.clone()),
            merged
        );
    }
}
