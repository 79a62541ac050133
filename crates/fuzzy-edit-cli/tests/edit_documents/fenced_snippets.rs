//! Fenced code blocks that name a file (Cursor, Continue, Copilot): each a lazy snippet for
//! it, merged by `apply --edits`; SEARCH/REPLACE blocks inside fences stay SEARCH/REPLACE.

use crate::common::{assert_fails, assert_ok};

use super::{project, APP, APP_FIXED, UTIL};

/// The fix of `total` as a snippet: the loop rewritten, everything else a marker.
const TOTAL_SNIPPET: &str = "\
# ... existing code ...
def total(items):
    s = 0
    for i in items:
        s += i
    return s
# ... existing code ...
";

/// A function added after `greet`.
const BYE_SNIPPET: &str = "\
def greet(name):
    # ... existing code ...


def bye(name):
    return \"bye \" + name
";

#[test]
fn a_block_named_in_its_info_string_is_merged() {
    let w = project();
    for doc in [
        format!("The loop, on two lines:\n\n```python src/app.py\n{TOTAL_SNIPPET}```\n"),
        format!("```src/app.py\n{TOTAL_SNIPPET}```\n"),
        format!("```python:src/app.py\n{TOTAL_SNIPPET}```\n"),
        format!("```python\n# src/app.py\n{TOTAL_SNIPPET}```\n"),
    ] {
        w.write("src/app.py", APP);
        w.write("edits.md", &doc);
        let out = w.run(["apply", "--edits", "edits.md"]);
        assert_ok(&out);
        assert_eq!(w.read("src/app.py"), APP_FIXED, "{doc}");
    }
}

#[test]
fn blocks_for_several_files_are_one_transaction() {
    let w = project();
    let doc = format!(
        "```python src/app.py\n{TOTAL_SNIPPET}```\n\nand\n\n```python src/util.py\n{BYE_SNIPPET}```\n"
    );
    w.write("edits.md", &doc);
    assert_ok(&w.run(["apply", "--edits", "edits.md"]));
    assert_eq!(w.read("src/app.py"), APP_FIXED);
    assert_eq!(
        w.read("src/util.py"),
        format!("{UTIL}\n\ndef bye(name):\n    return \"bye \" + name\n")
    );
    // One snippet that cannot be placed: neither file is written.
    let w = project();
    let doc = format!(
        "```python src/app.py\n{TOTAL_SNIPPET}```\n\n```python src/util.py\ndef nowhere():\n    pass\n```\n"
    );
    w.write("edits.md", &doc);
    assert_fails(&w.run(["apply", "--edits", "edits.md"]), 1);
    assert_eq!(w.read("src/app.py"), APP);
    assert_eq!(w.read("src/util.py"), UTIL);
}

#[test]
fn a_refused_block_of_several_for_one_file_is_named() {
    // The fix, then a usage example for the same file that is no snippet of it: the refusal
    // says which block failed, by its number and first line.
    let w = project();
    let doc = format!(
        "```python src/app.py\n{TOTAL_SNIPPET}```\n\nCall it like this:\n\n```python src/app.py\nprint(total([1, 2]))\n```\n"
    );
    w.write("edits.md", &doc);
    let err = assert_fails(&w.run(["apply", "--edits", "edits.md"]), 1);
    assert!(
        err.contains("Edit 2 of 2 (the one starting `print(total([1, 2]))`)"),
        "{err}"
    );
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn search_replace_in_a_named_fence_is_still_search_replace() {
    let w = project();
    let doc = "\
```python src/app.py
<<<<<<< SEARCH
    for i in items: s += i
=======
    for i in items:
        s += i
>>>>>>> REPLACE
```
";
    w.write("edits.md", doc);
    let out = w.run(["apply", "--edits", "edits.md", "src/app.py"]);
    assert_ok(&out);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
}
