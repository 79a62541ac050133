//! A block copied with typing slips on several lines (more character edits than a slip of
//! memory), beside a sibling of the same shape that differs from `old` by whole words the file
//! has: the slipped block is the one the model read, and is edited. The same block twice, or
//! `old` taking a line from each of two siblings, or twins whose one differing word is a
//! keystroke apart, is still refused.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, refused};

/// The body of `save`: its `try` block, anchored on `try:` and `return None`.
const SAVE: &str = "    try:
        handle = open(path, \"w\")
        payload = serialize(settings)
        handle.write(payload)
        handle.close()
    except OSError:
        return None
";

/// `save` and `backup`, whose `try` blocks begin and end alike and differ in two whole lines.
fn two_functions() -> String {
    let backup = SAVE
        .replace("open(path,", "open(backup,")
        .replace("serialize(settings)", "encode_backup(settings)");
    format!(
        "def save(path, settings):\n{SAVE}    return path\n\n\ndef backup(backup, settings):\n{backup}    return backup\n"
    )
}

/// `block` as the model typed it: two lines mistyped (`wrtie`, `colse`: four character edits).
fn mistyped(block: &str) -> String {
    block
        .trim_end()
        .replace("handle.write(payload)", "handle.wrtie(payload)")
        .replace("handle.close()", "handle.colse()")
}

fn returning_false(old: &str) -> Edit {
    Edit::new(old, old.replace("return None", "return False"))
}

#[test]
fn a_block_mistyped_on_two_lines_beside_a_sibling_is_edited() {
    let file = two_functions();
    let out = applied(&file, &returning_false(&mistyped(SAVE)));
    assert_eq!(out.matches[0].start_line, 2);
    assert_eq!(out.text, file.replacen("return None", "return False", 1));
}

#[test]
fn the_same_block_twice_is_refused() {
    let file = format!(
        "def save(path, settings):\n{SAVE}    return path\n\n\ndef again(path, settings):\n{SAVE}    return path\n"
    );
    let err = refused(&file, &returning_false(&mistyped(SAVE)));
    assert_eq!(err.kind(), "low_confidence");
}

#[test]
fn a_line_of_the_sibling_in_old_is_no_slip() {
    // `old` has the sibling's `encode_backup` line and `save`'s `open(path` line: a line from
    // each, whatever the slips.
    let old = mistyped(SAVE).replace("serialize(settings)", "encode_backup(settings)");
    refused(&two_functions(), &returning_false(&old));
    let old = SAVE
        .trim_end()
        .replace("serialize(settings)", "encode_backup(settings)")
        .replace("handle.close()", "handle.colse()");
    let err = refused(&two_functions(), &returning_false(&old));
    assert_eq!(err.kind(), "low_confidence");
}

#[test]
fn a_mistyped_word_the_file_has_is_no_slip() {
    // `wrtie` stands in the file: `old` may be another block read as written.
    let file = format!("{}wrtie = 1\n", two_functions());
    let err = refused(&file, &returning_false(&mistyped(SAVE)));
    assert_eq!(err.kind(), "low_confidence");
}

/// A longer `try` block, so that a sibling a name away is a window too (half its middle
/// lines equal to `old`'s), as close in score as the mistyped block.
const WRITE: &str = "    try:
        handle = open(path, \"w\")
        payload = serialize(settings)
        header = make_header(payload)
        handle.write(header)
        handle.write(payload)
        handle.close()
        count += 1
    except OSError:
        return None
";

fn wrapped(name: &str, params: &str, body: &str) -> String {
    format!("def {name}({params}):\n    count = 0\n{body}    return count\n")
}

#[test]
fn a_block_mistyped_on_two_lines_beside_a_window_a_name_away_is_edited() {
    let sibling = WRITE.replace("serialize(settings)", "serialize(defaults)");
    let file = format!(
        "{}\n\n{}",
        wrapped("save", "path, settings", WRITE),
        wrapped("reset", "path, defaults", &sibling)
    );
    let out = applied(&file, &returning_false(&mistyped(WRITE)));
    assert_eq!(out.matches[0].start_line, 3);
    assert_eq!(out.text, file.replacen("return None", "return False", 1));
    // The same block twice: refused.
    let file = format!(
        "{}\n\n{}",
        wrapped("save", "path, settings", WRITE),
        wrapped("again", "path, settings", WRITE)
    );
    let err = refused(&file, &returning_false(&mistyped(WRITE)));
    assert_eq!(err.kind(), "low_confidence");
}

#[test]
fn a_block_taking_a_line_from_each_of_two_windows_is_refused() {
    let one = WRITE.replace("serialize(settings)", "serialize(defaults)");
    let other = WRITE.replace("make_header(payload)", "make_header(defaults)");
    let file = format!(
        "{}\n\n{}",
        wrapped("save", "path, defaults", &one),
        wrapped("reset", "path, defaults", &other)
    );
    // `serialize(defaults)` from the first, `make_header(defaults)` from the second.
    let old = mistyped(WRITE)
        .replace("serialize(settings)", "serialize(defaults)")
        .replace("make_header(payload)", "make_header(defaults)");
    let err = refused(&file, &returning_false(&old));
    assert_eq!(err.kind(), "low_confidence");
}

/// Twins that differ in one word, the two spellings a keystroke apart (`usr`, `user`): `old`
/// with the one spelling and slips on other lines is as much a slipped copy of the other twin.
/// A coin toss, refused however many slips `old` carries.
#[test]
fn twins_a_keystroke_apart_in_their_one_word_are_a_coin_toss() {
    let block = |word: &str| {
        format!("    try:\n        handle = open(path, \"w\")\n        payload = serialize({word})\n        header = make_header(payload)\n        handle.write(header)\n        handle.write(payload)\n        handle.close()\n        count += 1\n    except OSError:\n        return None\n")
    };
    let file = format!(
        "def save(path, settings):\n    count = 0\n{}    return count\n\n\ndef reset(path, defaults):\n    count = 0\n{}    return count\n",
        block("usr"),
        block("user")
    );
    let old = block("usr")
        .replace("handle.write(payload)", "handle.wrtie(payload)")
        .replace("handle.close()", "handle.colse()");
    let new = old.replace("return None", "return False");
    assert_eq!(kind(&file, &Edit::new(old, new)), "low_confidence");
}
