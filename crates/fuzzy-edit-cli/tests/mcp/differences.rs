//! `edit_file` after a success that saw through more than habits: one paragraph in the text
//! says where the file differs from `old_string`, and `structuredContent`'s match carries
//! `differences`; neither when `old_string` differed only in habits.

use serde_json::json;

use super::{text, Server};
use crate::common::Work;
use crate::result_schema::assert_valid;

#[test]
fn the_text_and_the_structured_answer_say_where_old_string_was_wrong() {
    let w = Work::new();
    w.write(
        "f.py",
        "def f(a, b):\n    total = compute_the_sum(a, b)\n    return total\n",
    );
    let mut server = Server::start(w.root());
    server.ok("read_file", json!({"path": "f.py"}));
    let result = server.call(
        "edit_file",
        json!({"path": "f.py", "old_string": "total = compute_the_sum(a, c)", "new_string": "total = compute_the_sum(a, c) + 1"}),
    );
    assert_eq!(result["isError"], json!(false), "{result}");
    let said = text(&result);
    assert!(
        said.contains("The file differs from old_string in more than whitespace (`-` old_string had, `+` the file has); edit from the file's lines:\nline 2:\n  - total = compute_the_sum(a, c)\n  +     total = compute_the_sum(a, b)\n"),
        "{said}"
    );
    let structured = &result["structuredContent"];
    assert_valid(structured);
    let m = &structured["files"][0]["matches"][0];
    assert_eq!(m["differences"][0]["line"], 2, "{structured}");
    assert_eq!(
        m["differences"][0]["file"],
        json!(["    total = compute_the_sum(a, b)"])
    );

    // Indentation alone: nothing said.
    let said = server.ok(
        "edit_file",
        json!({"path": "f.py", "old_string": "def f(a, b):\n  total = compute_the_sum(a, b) + 1", "new_string": "def f(a, b):\n  total = compute_the_sum(a, b) + 2"}),
    );
    assert!(said.contains("matched by indentation"), "{said}");
    assert!(!said.contains("differs"), "{said}");
}
