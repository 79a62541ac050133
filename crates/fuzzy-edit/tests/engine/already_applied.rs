//! An edit made already and sent again: refused as `already_applied` wherever a loose match
//! lands, never made twice. (Requests that are already done as sent: `requests.rs`.)
//!
//! Found elsewhere: a loose match finds `old` at another place (or at the same place read
//! another way), and the file already reads as `new` where `old` points, up to the slips the
//! match saw through (indentation, blank lines, inner whitespace, an elision). Nothing is
//! changed; a second copy of the change never lands beside the first.
//!
//! Found loosely over space at line ends: the file reads as `new` there but for space at the
//! end of a line `new` writes without it. Nothing is changed; the edit is called applied
//! already, as where the file reads as `new` exactly.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, refused};

#[test]
fn an_elided_edit_sent_again_with_new_flush_left_is_already_applied() {
    // `total = 0` became `total = 10`; sent again, `new` lost its indentation on the way.
    // Written as given, the function body would leave its `def`.
    let file = "def sum_all(xs):\n    total = 10\n    for x in xs:\n        total += x\n    return total\n\n\nprint(sum_all([1]))\n";
    let old = "    total = 0\n    # ...\n    return total";
    let new = "total = 10\nfor x in xs:\n    total += x\nreturn total";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

#[test]
fn a_deleted_stray_brace_sent_again_does_not_delete_the_next_one() {
    // The `}` after `render();` was deleted; `old` still has it, one level deeper than the
    // braces below, which a loose match would read as the block.
    let file = "function draw(ctx) {\n  for (const s of shapes) {\n    if (s.visible) {\n      render(s);\n    }\n  }\n  ctx.flush();\n}\n";
    let old = "      render(s);\n      }\n    }";
    let new = "      render(s);\n    }";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

#[test]
fn a_renamed_line_sent_again_does_not_rename_its_twin_at_another_depth() {
    // `emit(event)` became `publish(event)` in the nested handler; the same call one level up
    // in `flush` is not the line the model meant.
    let file = "class Bus:\n    def flush(self, event):\n        self.emit(event)\n\n    def handle(self, event):\n        if event:\n            self.publish(event)\n";
    let old = "            self.emit(event)";
    let new = "            self.publish(event)";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

#[test]
fn a_renamed_line_at_another_depth_is_still_made_where_new_stands_nowhere() {
    // The same loose match, with `old`'s depth misremembered and the edit not made yet.
    let file = "class Bus:\n    def flush(self, event):\n        self.emit(event)\n";
    let old = "            self.emit(event)";
    let new = "            self.publish(event)";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("emit", "publish"));
}

#[test]
fn an_indented_old_is_not_found_as_the_tail_of_another_line() {
    // `old` was copied as a whole indented line; loosely (inner whitespace as one space) it is
    // also the end of the `run` line, which it must not edit mid-line.
    let file = "[job]\nrun = pytest -q src/pkg/unit\npaths =\n      src/pkg/unit_new\n";
    let old = "      src/pkg/unit";
    // Sent again: `new` stands below as written.
    assert_eq!(
        kind(file, &Edit::new(old, "      src/pkg/unit_new")),
        "already_applied"
    );
    // Re-indented on the way: `new` stands nowhere as written; still not edited mid-line.
    refused(file, &Edit::new(old, "    src/pkg/unit_new"));
}

#[test]
fn an_insertion_sent_again_with_a_blank_line_added_is_already_applied() {
    let file = "if(USE_SSL)\n    find_package(OpenSSL REQUIRED)\n    if(OPENSSL_FOUND)\n    add_definitions(-DHAVE_SSL)\n        include_directories(${OPENSSL_INCLUDE_DIR})\n    endif()\nendif()\n";
    // `new` now has a blank line the file never got.
    let old = "    find_package(OpenSSL REQUIRED)\n    if(OPENSSL_FOUND)";
    let new = "    find_package(OpenSSL REQUIRED)\n\n    if(OPENSSL_FOUND)\n    add_definitions(-DHAVE_SSL)";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
    // `old` starting with a line break, `new` without the blank line.
    let old = "\n    find_package(OpenSSL REQUIRED)\n    if(OPENSSL_FOUND)";
    let new = "    find_package(OpenSSL REQUIRED)\n    if(OPENSSL_FOUND)\n    add_definitions(-DHAVE_SSL)";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

#[test]
fn an_insertion_sent_again_over_a_blank_line_new_leaves_out_is_already_applied() {
    // The file has a blank line between the two kept lines; `old` and `new` both lack it.
    let file =
        "fun main() {\n    val a = load()\n\n    val b = parse(a)\n    log(b)\n    run(b)\n}\n";
    let old = "    val a = load()\n    val b = parse(a)";
    let new = "    val a = load()\n    val b = parse(a)\n    log(b)";
    assert_eq!(kind(file, &Edit::new(old, new)), "already_applied");
}

#[test]
fn an_elided_old_whose_first_line_recurs_just_before_where_new_starts_is_ambiguous() {
    // `#` stands on three lines; `new`, written out, starts at the second and changes the
    // line after it. Read from the nearest `#`, it would write that line twice.
    let file = "# Tool v1\n#\n# Settings are read from the file below.\n#\n#     ~/.config/tool/settings-v1.toml\n#\n# Missing keys take their defaults.\n# Unknown keys are an error.\n\nrun()\n";
    let old = "#\n# ...\n# Unknown keys are an error.";
    let new = "#\n#     ~/.config/tool/settings-v2.toml\n#\n# Missing keys take their defaults.\n# Unknown keys are an error.";
    assert_eq!(kind(file, &Edit::new(old, new)), "ambiguous");
}

// A line added to one function that its sibling has already, with `old` and `new` both sent a
// level off the file's depth, reads exactly as the same edit made on the sibling and sent again
// with the same slip: the two cannot be told apart from the text, and applying the second
// would repeat a change (1,349 of 1,354 generated resends applied to the sibling when
// this was applied). Refused as already applied, naming where `new` stands, so the model can
// send `old` as the file writes it if it meant the other function.
#[test]
fn a_line_the_sibling_has_added_with_indentation_drift_is_refused_as_made() {
    let file = "def read_a():\n    data = fetch()\n    return data\n\ndef read_b():\n    data = fetch()\n    data.validate()\n    return data\n";
    let edit = Edit::new(
        "  data = fetch()\n  return data",
        "  data = fetch()\n  data.validate()\n  return data",
    );
    assert_eq!(kind(file, &edit), "already_applied");
    // Sent as the file writes it, the edit is no resend: it is made.
    let edit = Edit::new(
        "    data = fetch()\n    return data",
        "    data = fetch()\n    data.validate()\n    return data",
    );
    let out = applied(file, &edit);
    assert_eq!(
        out.text,
        "def read_a():\n    data = fetch()\n    data.validate()\n    return data\n\ndef read_b():\n    data = fetch()\n    data.validate()\n    return data\n"
    );
}

// The same resend in a CRLF file: `new` is written with `\n`, the file with `\r\n`, and the
// check for `new` standing in the file must still find it (a check comparing the
// raw texts never did, and every such resend landed on the sibling).
#[test]
fn a_resend_to_a_sibling_in_a_crlf_file_is_refused_as_made() {
    let file = "def read_a():\r\n    data = fetch()\r\n    return data\r\n\r\ndef read_b():\r\n    data = fetch()\r\n    data.validate()\r\n    return data\r\n";
    let edit = Edit::new(
        "  data = fetch()\n  return data",
        "  data = fetch()\n  data.validate()\n  return data",
    );
    assert_eq!(kind(file, &edit), "already_applied");
}

/// A map whose entries end in a space after the comma, as some generated JSON has them.
const ENDPOINTS: &str = "{\n  \"east-1\": {}, \n  \"east-2\": {}, \n  \"west-8\": {}, \n  \"west-2\": {}, \n  \"south-1\": {}\n}\n";

#[test]
fn an_edit_sent_again_over_lines_ending_in_space_is_already_applied() {
    // The file already reads `west-8`: `old` (with `west-1`) is the block before the edit.
    // Writing `new` again would only drop the space after one comma.
    let old = "  \"east-1\": {}, \n  \"east-2\": {}, \n  \"west-1\": {}, \n  \"west-2\": {}, ";
    let new = old.replace("west-1", "west-8");
    assert_eq!(kind(ENDPOINTS, &Edit::new(old, new)), "already_applied");
}

#[test]
fn an_edit_of_space_at_line_ends_alone_is_still_made() {
    // Taking the spaces off is the edit asked for: it is made, not called applied already.
    let old = "  \"east-1\": {}, \n  \"east-2\": {}, ";
    let new = "  \"east-1\": {},\n  \"east-2\": {},";
    let out = applied(ENDPOINTS, &Edit::new(old, new));
    assert_eq!(
        out.text,
        ENDPOINTS.replace(
            "\"east-1\": {}, \n  \"east-2\": {}, ",
            "\"east-1\": {},\n  \"east-2\": {},"
        )
    );
}

#[test]
fn a_rename_of_the_files_misspelling_is_not_called_applied() {
    // The model renames the file's `recieve` to `receive` on three lines; its `old` already
    // wrote `receive` on the first. Read as a slip of `old`, the rename undid itself and the
    // edit read as made already, which it is not. Refused, showing the file's line.
    let file = "def on_msg(sock, queue):\n    data = recieve(sock)  # blocking\n    queue.put(data)\n    ack = recieve_ack(sock)\n    log_recieve(data, ack)\n    return ack\n";
    let old = "    data = receive(sock)\n    queue.put(data)\n    ack = recieve_ack(sock)\n    log_recieve(data, ack)";
    let new = "    data = receive(sock)\n    queue.put(data)\n    ack = receive_ack(sock)\n    log_receive(data, ack)";
    let err = refused(file, &Edit::new(old, new));
    assert_eq!(err.kind(), "content_mismatch");
    assert!(err.to_string().contains("data = recieve(sock)"), "{err}");
    // The slip alone, copied into `new` on its own line: still read as a slip and made.
    let new = "    data = receive(sock)\n    queue.put(data)\n    ack = recieve_ack(sock)\n    log_recieve(data, ack, 1)";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("log_recieve(data, ack)", "log_recieve(data, ack, 1)")
    );
}
