//! Lazy snippets whose unchanged lines stand in the file more than once: the place where every
//! line the piece shows keeps its depth relative to the others is the piece's, when no other
//! place is read so and it pairs as many lines and replaces no more.

use fuzzy_edit::snippet::SnippetReason;

use super::support::{merged, reason};

/// Two branches end in the same `log(...)`, `return`; in the first, `repo.add(path)` and
/// `files.add(path)` follow two blocks deeper, in the second at the piece's depths.
const ADD_PY: &str = r#"def add(self, path):
    if missing(path):
        if not confirm("Create?"):
            log(f"Skipping {path}")
            return

        if not dry:
            touch(path)
            if need_to_add:
                repo.add(path)

        files.add(path)
        return True

    if not confirm("Allow?"):
        log(f"Skipping {path}")
        return

    if need_to_add:
        repo.add(path)

    files.add(path)
    check()
"#;

/// The second branch's `if need_to_add:` rewritten, the lines around it shown.
const SNIPPET: &str = r#"    # ... existing code ...
        log(f"Skipping {path}")
        return

    if need_to_add and auto_commits:
        repo.add(path)

    files.add(path)
    # ... existing code ...
"#;

#[test]
fn a_piece_goes_where_its_lines_stand_at_the_depths_it_shows() {
    let want = ADD_PY.replacen(
        "\n    if need_to_add:\n",
        "\n    if need_to_add and auto_commits:\n",
        1,
    );
    assert_ne!(want, ADD_PY);
    assert_eq!(merged(ADD_PY, SNIPPET), want);
}

/// Both branches hold the lines at the piece's depths: the depths decide nothing.
#[test]
fn two_places_at_the_depths_stay_ambiguous() {
    let file = ADD_PY.replacen(
        "        if not dry:
            touch(path)
            if need_to_add:
                repo.add(path)
",
        "        if need_to_add:
            repo.add(path)
",
        1,
    );
    assert_ne!(file, ADD_PY);
    assert_eq!(reason(&file, SNIPPET), SnippetReason::Ambiguous);
}
