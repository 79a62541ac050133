//! Documents that cannot be read (exit 2): unrecognized, empty, malformed, missing, not UTF-8.

use crate::common::assert_fails;

use super::{project, APP};

#[test]
fn unrecognized_document_is_exit_2() {
    let w = project();
    w.write("edits.txt", "please make total() faster\n");
    let out = w.run(["apply", "src/app.py", "--edits", "edits.txt"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("cannot read the edits"), "{err}");
    assert!(err.contains("<<<<<<< SEARCH"), "lists the formats: {err}");
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn empty_document_is_exit_2() {
    let w = project();
    w.write("edits.txt", "  \n\n");
    let out = w.run(["apply", "src/app.py", "--edits", "edits.txt"]);
    assert_fails(&out, 2);
    let out = w.run_stdin(["apply", "src/app.py", "--edits", "-"], "");
    assert_fails(&out, 2);
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn malformed_json_is_exit_2_with_the_line() {
    let w = project();
    w.write(
        "edits.json",
        "{\n  \"old_string\": \"s = 0\"\n  \"new_string\": \"s = 1\"\n}\n",
    );
    let out = w.run(["apply", "src/app.py", "--edits", "edits.json"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("line"), "{err}");
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn json_object_that_is_not_an_edit_is_exit_2() {
    let w = project();
    w.write("edits.json", r#"{"reason": "no edit here"}"#);
    let out = w.run(["apply", "src/app.py", "--edits", "edits.json"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn missing_edits_file_is_exit_2() {
    let w = project();
    let out = w.run(["apply", "src/app.py", "--edits", "nope.json"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("nope.json"), "{err}");
}

#[test]
fn edits_document_that_is_not_utf8_is_exit_2() {
    let w = project();
    w.write(
        "edits.txt",
        b"src/app.py\n<<<<<<< SEARCH\n\xff\xfe\n=======\nx\n>>>>>>> REPLACE\n",
    );
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("src/app.py"), APP);
}
