//! Elision markers in both `old` and `new`, or in `new` beside blank lines: each marker stands
//! for the lines of the file it covers, never a line the model showed written twice or lost.

use fuzzy_edit::{apply, Edit};

// `new` shows after its marker a line `old`'s marker elides: paired by order, the marker kept
// that line and `new` wrote it again.
#[test]
fn a_line_new_shows_after_its_marker_is_not_written_twice() {
    let file = "let first = call(\"greet\", 99);\nlog(first);\nlet second = call(\"greet\", 1);\nlog(second);\n// dispatched like any other call\nlet loud = call(\"shout\", 0);\nlog(loud);\n";
    let old =
        "let first = call(\"greet\", 99);\nlog(first);\n...\nlet loud = call(\"shout\", 0);\n";
    let new = "let first = call(\"greet\", 100);\nlog(first);\n// ... existing code ...\n// dispatched like any other call\nlet loud = call(\"shout\", 0);\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("99", "100"));
}

// `new`'s marker comes after a line `old`'s elides, and `old` showed a line after its own
// marker that `new`'s covers: that line stays, and the elided line is not doubled.
#[test]
fn a_line_old_showed_after_its_marker_is_not_lost() {
    let file = "    check(items);\n    // a comment that goes\n    int size = capacity(items);\n    List list = new List(size);\n    addAll(list, items);\n    return list;\n";
    let old = "    check(items);\n    // a comment that goes\n    int size = capacity(items);\n...\n    addAll(list, items);\n    return list;\n";
    let new = "    check(items);\n    int size = capacity(items);\n    List list = new List(size);\n...\n    return list;\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("    // a comment that goes\n", ""));
}

// `new` rewrites, beside its marker, a line inside the span `old`'s marker elides: it
// replaces that line instead of standing beside it.
#[test]
fn a_line_rewritten_inside_the_elided_span_replaces_it() {
    let file = "fn main() {\n    let width = 1;\n    let height = 2;\n    let depth = 3;\n    println!(\"{}\", width + height + depth);\n}\n";
    let old = "    let width = 1;\n    // ...\n    println!(\"{}\", width + height + depth);\n";
    let new = "    let width = 1;\n    let height = 20;\n    // ...\n    println!(\"{}\", width + height + depth);\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("height = 2;", "height = 20;"));
    // The same after the marker.
    let new = "    let width = 1;\n    // ...\n    let depth = 30;\n    println!(\"{}\", width + height + depth);\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("depth = 3;", "depth = 30;"));
}

// The rewritten header of a block: read by order it was written above the old one, leaving
// `if` without a body (the syntax guard only warned, blaming the model's own `new`).
#[test]
fn a_header_rewritten_inside_the_elided_span_keeps_its_body() {
    let file = "def kind(h):\n    if h[:4] != b\"FORM\":\n        return None\n    if h[8:12] == b\"AIFC\":\n        return \"aifc\"\n    return \"aiff\"\n";
    let old = "def kind(h):\n    # ...\n    return \"aiff\"\n";
    let new = "def kind(h):\n    if h[:4] != b\"RIFF\":\n    # ...\n    return \"aiff\"\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("FORM", "RIFF"));
}

// Markers beside the same lines on both sides stand for the same lines, whatever `new` changes
// around them (a line old showed and new drops is deleted).
#[test]
fn markers_beside_the_same_lines_stand_for_the_same_lines() {
    let file = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n";
    let old = "a = 1\n# ...\nd = 4\ne = 5\n";
    let new = "a = 10\n# ...\ne = 5\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, "a = 10\nb = 2\nc = 3\ne = 5\n");
}

// `old` written out in full with a `// ...` whose first piece recurs inside the span it
// elides (a rule above and below a heading): read right before the next piece, the marker
// stood for nothing and the heading was written twice. `new` rewrites the heading, so neither
// reading holds its lines: refused.
#[test]
fn a_first_piece_recurring_inside_the_elided_span_is_not_read_as_eliding_nothing() {
    let file = "//------\n// Thread init\n//------\n\nvoid init(void) {\n  // nothing\n}\n";
    let old = "//------\n// ...\n\nvoid init(void) {\n  // nothing\n";
    let new = "//------\n// Thread init and done\n//------\n\nvoid init(void) {\n  // nothing\n";
    assert!(apply(file, &Edit::new(old, new)).is_err());
    // Written out with the heading unchanged and a line added: the marker's lines are found.
    let new = "//------\n// Thread init\n//------\n\nvoid init(void) {\n  // nothing here\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("// nothing", "// nothing here"));
}

// A marker in `new` alone, then a blank line, where `old` has one blank line inside: the blank
// line may be the file's (the lines `old` showed after it deleted) or the model's own spacing
// (the marker standing for all of them). Either reading edits lines the other keeps: refused.
#[test]
fn a_blank_line_after_news_marker_is_no_anchor() {
    let file = "mod tests {\n    use crate::a;\n    use crate::b;\n    use crate::c;\n\n    #[cfg(feature = \"x\")]\n    #[test]\n    fn t() {}\n}\n";
    let old = "    use crate::a;\n    use crate::b;\n    use crate::c;\n\n    #[cfg(feature = \"x\")]\n    #[test]\n";
    let new = "    use crate::a;\n    // ...\n\n    #[test]\n";
    assert!(apply(file, &Edit::new(old, new)).is_err());
    // The model's spacing: a line added at the end must not delete `run()`.
    let file = "def main():\n    setup()\n\n    run()\n    cleanup()\n";
    let old = file;
    let new = "def main():\n    # ... existing code ...\n\n    cleanup()\n    report()\n";
    assert!(apply(file, &Edit::new(old, new)).is_err());
}

// `new`'s marker earlier than `old`'s: the line `old` showed before its marker may be deleted
// or covered by `new`'s marker; refused rather than deleted.
#[test]
fn a_marker_of_new_above_olds_is_refused() {
    let file = "def f():\n    a = 1\n    b = 2\n    c = 3\n    e = 5\n    return a\n";
    let old = "def f():\n    a = 1\n    ...\n    e = 5\n    return a\n";
    let new = "def f():\n    ...\n    e = 50\n    return a\n";
    assert!(apply(file, &Edit::new(old, new)).is_err());
    // Where `new` keeps the line beside the marker, the edit is clear.
    let new = "def f():\n    a = 1\n    ...\n    e = 50\n    return a\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("e = 5", "e = 50"));
}
