//! Lazy snippets whose change is layout: blank lines between shown lines, kept lines written
//! again at another depth, a snippet written flush left that re-indents a block. The file the
//! model meant, or a refusal; never a line outside the change touched.

use fuzzy_edit::{apply_snippet, Options};

fn merged(file: &str, snippet: &str) -> String {
    match apply_snippet(file, snippet, &Options::default()) {
        Ok(out) => out.text,
        Err(e) => panic!("refused: {e}"),
    }
}

/// A snippet whose only change is a blank line fewer between two lines it shows deletes it
/// (a model sends no snippet that changes nothing); the same snippet with a real change keeps
/// the file's blank lines (a blank line dropped beside a change is a slip).
#[test]
fn a_blank_line_fewer_is_the_change_only_when_nothing_else_changes() {
    let file = "def f():\n    a = 1\n\n\n    b = 2\n    c = 3\n    return a + b\n";
    let snippet = "# ... existing code ...\n    a = 1\n\n    b = 2\n# ... existing code ...\n";
    assert_eq!(
        merged(file, snippet),
        "def f():\n    a = 1\n\n    b = 2\n    c = 3\n    return a + b\n"
    );
    let edit = "# ... existing code ...\n    a = 1\n\n    b = 2\n    c = 4\n    return a + b\n";
    assert_eq!(
        merged(file, edit),
        "def f():\n    a = 1\n\n\n    b = 2\n    c = 4\n    return a + b\n"
    );
}

/// A blank line holding spaces in the file, shown empty, is cleaned when that is all the
/// snippet changes.
#[test]
fn a_blank_line_with_spaces_shown_empty_is_cleaned() {
    let file = "def f():\n    a = 1\n    \n    return a\n";
    let snippet = "# ... existing code ...\n    a = 1\n\n    return a\n";
    assert_eq!(
        merged(file, snippet),
        "def f():\n    a = 1\n\n    return a\n"
    );
    // Beside a marker the blank line is the marker's business: still nothing to change.
    let beside = "# ... existing code ...\n    a = 1\n\n# ... existing code ...\n";
    let refused = apply_snippet(file, beside, &Options::default()).unwrap_err();
    assert_eq!(refused.rule(), "snippet_changes_something");
}

/// A call reformatted over more lines: its arguments kept, written one level deeper, and its
/// first and last lines split. The kept lines are not deleted ones.
#[test]
fn kept_lines_written_deeper_in_a_reformatted_call_are_kept() {
    let file = "def f():\n    a = 1\n    x.append(\n        (p, # c\n         Q(\n            r=1,\n            s=2,\n        ))\n    )\n    b = 2\n    return b\n";
    let snippet = "    # ... existing code ...\n    a = 1\n    x.append(\n        (\n            p,  # c\n            Q(\n                r=1,\n                s=2,\n            ),\n        )\n    )\n    b = 2\n    # ... existing code ...\n";
    assert_eq!(
        merged(file, snippet),
        "def f():\n    a = 1\n    x.append(\n        (\n            p,  # c\n            Q(\n                r=1,\n                s=2,\n            ),\n        )\n    )\n    b = 2\n    return b\n"
    );
}

/// A snippet written flush left that wraps lines in a new block: the lines moved deeper are
/// written at the file's depth plus the level the snippet adds.
#[test]
fn a_flush_left_snippet_may_reindent_the_lines_it_wraps() {
    let file = "class A:\n    def f(self):\n        x = 1\n        if x:\n            y = g(x)\n            h(y)\n        return x\n";
    let snippet = "# ... existing code ...\nx = 1\nif x:\n    try:\n        y = g(x)\n        h(y)\n    except OSError:\n        pass\nreturn x\n# ... existing code ...\n";
    assert_eq!(
        merged(file, snippet),
        "class A:\n    def f(self):\n        x = 1\n        if x:\n            try:\n                y = g(x)\n                h(y)\n            except OSError:\n                pass\n        return x\n"
    );
}

/// A line rewritten beside blank lines that hold spaces in the file: the piece's own blank
/// lines take their place, as many as it deletes.
#[test]
fn blank_lines_with_spaces_around_a_rewritten_line_are_the_pieces() {
    let file = "def f():\n    a = 1\n    print(f\"a long line {a}\")\n    \n    return a\n";
    let snippet = "# ... existing code ...\n    a = 1\n    print(\n        f\"a long line {a}\"\n    )\n\n    return a\n";
    assert_eq!(
        merged(file, snippet),
        "def f():\n    a = 1\n    print(\n        f\"a long line {a}\"\n    )\n\n    return a\n"
    );
}

/// A marker in `new` over a block whose blank lines hold spaces: the snippet merge keeps the
/// file's blank lines, the replacement writes `new`'s; the two readings agree but for that,
/// and the edit is made as `new` writes it.
#[test]
fn a_marker_in_new_over_blank_lines_with_spaces_is_one_reading() {
    let file = "def t():\n    # verify\n    m.assert_called()\n    \n    # get calls\n    calls = m.calls\n    \n    check(calls, 2,\n          \"msg\")\n    \n    done = 1\n";
    let old = &file["def t():\n".len()..file.len() - 1];
    let new = "    # ... existing code ...\n\n    # get calls\n    calls = m.calls\n\n    check(\n        calls, 2, \"msg\"\n    )\n\n    done = 1";
    let out = fuzzy_edit::apply(file, &fuzzy_edit::Edit::new(old, new)).unwrap();
    assert_eq!(
        out.text,
        "def t():\n    # verify\n    m.assert_called()\n\n    # get calls\n    calls = m.calls\n\n    check(\n        calls, 2, \"msg\"\n    )\n\n    done = 1\n"
    );
}
