//! The lines at the edges of `new`: blank lines that are `old`'s own, blank lines asked for, a
//! newline habit, a CR left by splitting a CRLF text on `\n`, trailing blanks copied onto every
//! line, and the final newline a diff sets.

use fuzzy_edit::Edit;

use crate::support::{applied, refused};

// Deleting the first line of `old` keeps the blank line after it, which `new` keeps too.
#[test]
fn deleting_the_first_line_keeps_the_blank_line_new_keeps() {
    let file = "# Notes\n\nFirst paragraph.\nDraft sentence to drop.\n\nSecond paragraph.\n";
    let edit = Edit::new(
        "Draft sentence to drop.\n\nSecond paragraph.",
        "\nSecond paragraph.",
    );
    assert_eq!(
        applied(file, &edit).text,
        "# Notes\n\nFirst paragraph.\n\nSecond paragraph.\n"
    );
}

// Deleting the last line of `old` keeps the blank line before it: `new`'s final line ending is
// that blank line, not a habit.
#[test]
fn deleting_the_last_line_keeps_the_blank_line_new_keeps() {
    let file = "a = 1\n\nb = 2\nc = 3\n";
    let edit = Edit::new("a = 1\n\nb = 2", "a = 1\n");
    assert_eq!(applied(file, &edit).text, "a = 1\n\nc = 3\n");
}

// Where `old` has more blank lines there than `new` keeps, `new`'s final line ending is a
// habit: the deleted lines go with their blank lines.
#[test]
fn a_final_newline_short_of_olds_blank_lines_is_a_habit() {
    let file = "    return x\n\n\ndef main():\n    run()\n";
    let edit = Edit::new("    return x\n\n\ndef main():\n    run()", "    return x\n");
    assert_eq!(applied(file, &edit).text, "    return x\n");
}

// A blank line `new` opens with, where nothing else changes and `old` starts a line, is asked
// for; blank lines around a changed `new` are padding.
#[test]
fn a_blank_line_new_opens_with_is_added_when_it_is_all_that_changes() {
    let file = "a = 1\nb = 2\nc = 3\n";
    assert_eq!(
        applied(file, &Edit::new("b = 2", "\nb = 2")).text,
        "a = 1\n\nb = 2\nc = 3\n"
    );
    assert_eq!(
        applied(file, &Edit::new("b = 2", "\nb = 20\n")).text,
        "a = 1\nb = 20\nc = 3\n"
    );
}

// A line ending `new` adds at its end is a habit even when nothing else changes: the refusal
// says so and what to do, rather than calling the two identical.
#[test]
fn a_trailing_newline_alone_is_refused_with_what_to_do() {
    let e = refused("a = 1\nb = 2\nc = 3\n", &Edit::new("b = 2", "b = 2\n"));
    assert_eq!(e.kind(), "no_change");
    let message = e.to_string();
    assert!(message.contains("line breaks"), "{message}");
    assert!(message.contains("neighbouring line"), "{message}");
    let e = refused("a = 1\n", &Edit::new("a = 1", "a = 1"));
    assert!(e.to_string().contains("identical"), "{e}");
}

// `old` and `new` split from a CRLF text on `\n` end their lines with CR: the file's line
// ending follows the edit once, not after another CR.
#[test]
fn a_cr_left_at_the_end_of_new_is_not_doubled() {
    let file = "a = 1\r\nb = 2\r\n";
    assert_eq!(
        applied(file, &Edit::new("b = 2\r", "b = 3\r")).text,
        "a = 1\r\nb = 3\r\n"
    );
    assert_eq!(
        applied(
            file,
            &Edit::new("a = 1\r\nb = 2\r", "a = 1\r\nb = 3\r\nc = 4\r")
        )
        .text,
        "a = 1\r\nb = 3\r\nc = 4\r\n"
    );
    // In an LF file, no CR is written.
    assert_eq!(
        applied("a = 1\nb = 2\n", &Edit::new("b = 2\r", "b = 3\r")).text,
        "a = 1\nb = 3\n"
    );
}

// Trailing blanks the model put on every line of `old`, where the file has none, are a habit:
// the lines `new` changes and adds do not get them.
#[test]
fn trailing_blanks_on_every_line_of_old_and_new_are_not_written() {
    let file = "CC ?= cc\nCFLAGS ?= -O2 -Wall\nPREFIX ?= /usr/local\n";
    let edit = Edit::new(
        "CFLAGS ?= -O2 -Wall  \nPREFIX ?= /usr/local  ",
        "CFLAGS ?= -O3 -Wall  \nPREFIX ?= /usr/local  \nDESTDIR ?=  ",
    );
    assert_eq!(
        applied(file, &edit).text,
        "CC ?= cc\nCFLAGS ?= -O3 -Wall\nPREFIX ?= /usr/local\nDESTDIR ?=\n"
    );
}

// An edit that sets the final newline (a diff's `\ No newline at end of file`) adds or removes
// it where its match reaches the end of the text, and only there.
#[test]
fn the_final_newline_follows_the_edit_that_sets_it() {
    let adds = Edit {
        final_newline: Some(true),
        ..Edit::new("a\nb", "a\nb\n")
    };
    assert_eq!(applied("a\nb", &adds).text, "a\nb\n");
    let removes = Edit {
        final_newline: Some(false),
        ..Edit::new("a\nb\n", "a\nc")
    };
    assert_eq!(applied("a\nb\n", &removes).text, "a\nc");
    let mid = Edit {
        final_newline: Some(false),
        ..Edit::new("a\n", "x\n")
    };
    assert_eq!(applied("a\nb\n", &mid).text, "x\nb\n");
}
