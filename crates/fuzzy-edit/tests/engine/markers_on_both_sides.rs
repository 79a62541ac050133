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
// around them; a line old showed and new drops, when that is all `new` changes there, is
// deleted. (Dropped beside a change elsewhere, it is refused: see
// `a_line_dropped_after_the_marker_beside_a_change_elsewhere_is_refused`.)
#[test]
fn markers_beside_the_same_lines_stand_for_the_same_lines() {
    let file = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n";
    let old = "a = 1\n# ...\nd = 4\ne = 5\n";
    let new = "a = 10\n# ...\nd = 4\ne = 50\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, "a = 10\nb = 2\nc = 3\nd = 4\ne = 50\n");
    let new = "a = 1\n# ...\ne = 5\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, "a = 1\nb = 2\nc = 3\ne = 5\n");
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

// `new`'s marker below `old`'s: `new` writes the line `old`'s marker elides before its own,
// and drops the line `old` showed after its marker. Paired by order, the elided line was
// written twice and the dropped one deleted.
#[test]
fn a_marker_of_new_below_olds_covers_what_old_showed_after_its_own() {
    let file = "fn area(w: u32, h: u32) -> u32 {\n    let scale = 2;\n    let width = w * scale;\n    let height = h * scale;\n    width * height\n}\n";
    let old = "    let scale = 2;\n    // ...\n    let height = h * scale;\n    width * height\n";
    let new = "    let scale = 3;\n    let width = w * scale;\n    // ...\n    width * height\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("scale = 2", "scale = 3"));
    // The same where the line the marker moved past is blank: `def second():` stays.
    let file = "def first():\n    return 1\n\ndef second():\n    return 2\n";
    let old = "def first():\n    return 1\n...\ndef second():\n    return 2\n";
    let new = "def first():\n    return 10\n\n...\n    return 2\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("return 1\n", "return 10\n"));
}

// `new` drops the line `old` shows right after the marker, and changes a line elsewhere: the
// drop may be a deletion or more of the file elided; the two edits differ, so refused. The
// drop alone is a deletion (covering the line would change nothing).
#[test]
fn a_line_dropped_after_the_marker_beside_a_change_elsewhere_is_refused() {
    let file = "const NAME = \"tool\";\nconst VERSION = 1;\nconst LIMIT = 10;\nconst DEBUG = false;\nexport { NAME };\n";
    let old = "const NAME = \"tool\";\n// ...\nconst LIMIT = 10;\nconst DEBUG = false;\n";
    let new = "const NAME = \"tool-cli\";\n// ...\nconst DEBUG = false;\n";
    assert!(apply(file, &Edit::new(old, new)).is_err());
    let new = "const NAME = \"tool\";\n// ...\nconst DEBUG = false;\n";
    let out = apply(file, &Edit::new(old, new)).unwrap();
    assert_eq!(out.text, file.replace("const LIMIT = 10;\n", ""));
}

// `old`'s first piece (`}`) recurs inside the span: `new` rewrites, beside its marker, the
// line right after the farther `}`; from the nearest `}` it would be added twice over. Which
// `}` is meant is unclear: refused.
#[test]
fn a_rewrite_of_the_line_after_a_farther_first_piece_is_refused() {
    let file = "fn parse(end: &str, value: u32) {\n    if end.is_empty() {\n        finish();\n    }\n    if end == \"0\" {\n        set(value);\n    }\n    log_end();\n    report(value);\n}\n";
    let old = "    }\n    // ...\n    report(value);\n";
    let new = "    }\n    if end == \"7\" {\n    // ...\n    report(value);\n";
    assert!(apply(file, &Edit::new(old, new)).is_err());
}
