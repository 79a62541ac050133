//! Lazy snippets whose change is layout: kept lines written again at another depth where a
//! block or bracket opens or closes, a snippet written flush left that re-indents a block,
//! blank lines alone. The file the model meant, or a refusal; never a line outside the change
//! touched.

use fuzzy_edit::{apply_snippet, Options};

use super::support::merged;

/// A snippet whose only difference from the file is its blank lines is refused as changing
/// nothing: re-sent after it was applied (its blank lines a slip the first merge kept the
/// file's for), or meant for a block elsewhere, it reads the same.
#[test]
fn blank_lines_alone_are_no_change() {
    let file = "def f():\n    a = 1\n\n\n    b = 2\n    c = 4\n    return a + b\n";
    for snippet in [
        "# ... existing code ...\n    a = 1\n\n    b = 2\n    c = 4\n    return a + b\n",
        "# ... existing code ...\n    a = 1\n\n\n\n    b = 2\n# ... existing code ...\n",
    ] {
        let refused = apply_snippet(file, snippet, &Options::default()).unwrap_err();
        assert_eq!(refused.rule(), "snippet_changes_something", "{snippet}");
    }
}

/// A kept line written at another depth beside an edit of its neighbour, with no block opened
/// or closed there, is the snippet's slip: refused, at the file's depth or flush left.
#[test]
fn a_kept_line_moved_out_of_its_block_without_a_new_block_is_refused() {
    let file = "class A:\n    def f(self):\n        x = 1\n        if a:\n            y = 2\n            w = 5\n        z = 3\n        return z\n";
    for snippet in [
        "# ... existing code ...\n        if a:\n            y = 20\n        w = 5\n        z = 3\n# ... existing code ...\n",
        "# ... existing code ...\nif a:\n    y = 20\nw = 5\nz = 3\n# ... existing code ...\n",
    ] {
        assert!(
            apply_snippet(file, snippet, &Options::default()).is_err(),
            "{snippet}"
        );
    }
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

/// A kept line the snippet shows with other spacing between its words (a formatter's change
/// between releases: `}  // namespace`) takes the snippet's spacing beside the piece's other
/// change; its indentation and trailing spacing stay the file's.
#[test]
fn spacing_between_the_words_of_a_kept_line_is_the_snippets() {
    let file = "namespace a {\nint f();\nint g(); \n} // namespace a\n";
    let snippet = "// ... existing code ...\nint f();\nint h();\nint g();\n}  // namespace a\n";
    assert_eq!(
        merged(file, snippet),
        "namespace a {\nint f();\nint h();\nint g(); \n}  // namespace a\n"
    );
}

/// A line one word apart from the file's, beside a kept line shown re-spaced, is a stale copy
/// as much as an edit: the re-spacing is a change of the piece, and the one-word line another.
#[test]
fn a_one_word_line_beside_a_respaced_line_is_stale() {
    let file = "def f():\n    a = 1\n    # group the edits\n    b = g(a) # by path\n    c = 2\n    return c\n";
    let snippet = "    # ... existing code ...\n    a = 1\n    # sort the edits\n    b = g(a)  # by path\n    c = 2\n    # ... existing code ...\n";
    let refused = apply_snippet(file, snippet, &Options::default()).unwrap_err();
    assert_eq!(refused.rule(), "snippet_stale_line");
}

/// A snippet written flat (every line flush left) puts its new lines at the depth of the line
/// above them that opens a bracket the file indents: where they go inside it is a guess, so
/// the merge is refused; written at their depth, they merge.
#[test]
fn new_lines_written_flat_under_an_opener_are_refused() {
    let file = "class A:\n    def f(self):\n        self.p = P(\n            key=k, host=h\n        )\n\n    def g(self):\n        pass\n";
    let flat = "# ... existing code ...\nself.p = P(\nkey=k,\nhost=h,\nretry=True,\n)\n# ... existing code ...\n";
    let refused = apply_snippet(file, flat, &Options::default()).unwrap_err();
    assert_eq!(refused.rule(), "snippet_unexplained_change");
    let at_depth = "# ... existing code ...\nself.p = P(\n    key=k,\n    host=h,\n    retry=True,\n)\n# ... existing code ...\n";
    assert_eq!(
        merged(file, at_depth),
        "class A:\n    def f(self):\n        self.p = P(\n            key=k,\n            host=h,\n            retry=True,\n        )\n\n    def g(self):\n        pass\n"
    );
}
