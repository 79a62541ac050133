//! A one-line `new` copied from a read tool with its line number (`3: `, `L3: `, `   3|`):
//! where the number is that of the line `old` stands on, it is the tool's and never written,
//! whether `old` carried it too or was copied exactly. Where the number is the code's own
//! (a dict key or YAML key on that line, a Markdown list), it stays.

use fuzzy_edit::Edit;

use crate::support::applied;

const FILE: &str = "def g(x):\n    if x:\n        return 0\n    return 1\n";
const WANT: &str = "def g(x):\n    if x:\n        return 2\n    return 1\n";

#[test]
fn a_numbered_one_line_old_and_new_write_neither_number() {
    for (old, new) in [
        ("3:         return 0", "3:         return 2"),
        ("L3:         return 0", "L3:         return 2"),
        ("   3|        return 0", "   3|        return 2"),
        ("3\u{2192}        return 0", "3\u{2192}        return 2"),
        // Without the space after the colon, the line keeps its own depth.
        ("3:        return 0", "3:        return 2"),
    ] {
        assert_eq!(applied(FILE, &Edit::new(old, new)).text, WANT, "{new:?}");
    }
}

#[test]
fn an_exact_old_with_a_numbered_new_writes_no_number() {
    for new in [
        "3:         return 2",
        "L3:         return 2",
        "   3|        return 2",
    ] {
        let out = applied(FILE, &Edit::new("        return 0", new));
        assert_eq!(out.text, WANT, "{new:?}");
        assert_eq!(out.matches[0].strategy, "exact");
    }
    // `old` copied from after the line's indentation: spliced there, at the line's depth.
    let out = applied(FILE, &Edit::new("return 0", "3:         return 2"));
    assert_eq!(out.text, WANT);
}

#[test]
fn a_numbered_kept_line_beside_an_added_one_loses_its_number() {
    let out = applied(
        FILE,
        &Edit::new("3:         return 0", "3:         return 0\n        log(x)"),
    );
    assert_eq!(
        out.text,
        "def g(x):\n    if x:\n        return 0\n        log(x)\n    return 1\n"
    );
    // A two-line old: the number of either of its lines.
    let out = applied(
        FILE,
        &Edit::new("    if x:\n        return 0", "2:     if y:"),
    );
    assert_eq!(out.text, "def g(x):\n    if y:\n    return 1\n");
    let out = applied(
        FILE,
        &Edit::new("    if x:\n        return 0", "3:         return 5"),
    );
    assert_eq!(out.text, "def g(x):\n        return 5\n    return 1\n");
}

#[test]
fn a_number_that_is_the_codes_own_is_kept() {
    // A dict key on its own line number: the file's line starts with it.
    let file = "LEVELS = {\n    1: \"a\",\n    3: \"c\",\n}\n";
    let out = applied(file, &Edit::new("    3: \"c\",", "    3: \"d\","));
    assert_eq!(out.text, "LEVELS = {\n    1: \"a\",\n    3: \"d\",\n}\n");
    // A key renumbered to its line's number: without the number, not at the line's depth.
    let out = applied(file, &Edit::new("    1: \"a\",", "    2: \"a\","));
    assert_eq!(out.text, "LEVELS = {\n    2: \"a\",\n    3: \"c\",\n}\n");
    // A YAML key renamed to the line's number, likewise.
    let file = "a:\n  b: 1\n  c: 2\n";
    let out = applied(file, &Edit::new("  c: 2", "  3: 2"));
    assert_eq!(out.text, "a:\n  b: 1\n  3: 2\n");
    // A Markdown list item is no read-tool number.
    let file = "# T\n\n1. one\n";
    let out = applied(file, &Edit::new("1. one", "3. one"));
    assert_eq!(out.text, "# T\n\n3. one\n");
}
