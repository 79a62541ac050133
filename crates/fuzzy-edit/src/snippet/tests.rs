//! The merge on small cases: each convention, and each reason to refuse.

use super::*;

fn merged(file: &str, snippet: &str) -> Result<String, Refusal> {
    match merge(file, snippet, &Options::default()) {
        Ok(m) => Ok(m.text),
        Err(Stopped::Refused(r)) => Err(r),
        Err(Stopped::Late) => panic!("late without a deadline"),
    }
}

/// [`merged`], a refusal by its reason only: for the unit tests of the merge's parts.
pub(super) fn merged_why(file: &str, snippet: &str) -> Result<String, Why> {
    merged(file, snippet).map_err(|r| r.why)
}

#[test]
fn a_passed_deadline_stops_the_merge_and_a_later_one_does_not() {
    let snippet = "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)";
    let at = |deadline| Options {
        deadline: Some(deadline),
        ..Options::default()
    };
    let now = std::time::Instant::now();
    assert!(matches!(
        merge(STACK, snippet, &at(now)),
        Err(Stopped::Late)
    ));
    let later = now + std::time::Duration::from_secs(60);
    assert_eq!(
        merge(STACK, snippet, &at(later)).ok().map(|m| m.text),
        merged(STACK, snippet).ok()
    );
    let refused = apply_snippet(STACK, snippet, &at(now)).unwrap_err();
    assert!(
        matches!(
            refused,
            EditError::TooComplex {
                timed_out: true,
                snippet: true,
                ..
            }
        ),
        "{refused:?}"
    );
    // The remedy named is a smaller snippet, not a shorter `old`.
    let message = refused.to_string();
    assert!(
        message.starts_with("merging this snippet needs more time than the time limit allows"),
        "{message}"
    );
    assert!(message.contains("Send a smaller snippet"), "{message}");
}

fn why(file: &str, snippet: &str) -> Why {
    merged(file, snippet).unwrap_err().why
}

const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";

#[test]
fn a_new_method_after_a_class_marker_goes_at_the_end_of_the_class() {
    let snippet = "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)";
    assert_eq!(
        merged(STACK, snippet).unwrap(),
        format!("{STACK}\n    def size(self):\n        return len(self.items)\n")
    );
}

#[test]
fn a_function_after_a_function_marker_goes_after_its_body() {
    let file = "def f(x):\n    a = x\n    return a\n";
    let snippet = "def f(x):\n    # ... existing code ...\n\n\ndef g(y):\n    return f(y)";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "def f(x):\n    a = x\n    return a\n\n\ndef g(y):\n    return f(y)\n"
    );
}

/// The block a scope anchor opens ends by indentation, but not at a column-0 line inside a
/// string that spans lines, nor at a column-0 comment with deeper code after it.
#[test]
fn a_scope_anchor_ends_its_block_past_strings_and_column_0_comments() {
    let query = "class Query:\n    SQL = \"\"\"\nselect 1\n\"\"\"\n\n    def run(self):\n        return 1\n";
    let snippet =
        "class Query:\n    # ... existing code ...\n\n    def close(self):\n        pass\n";
    assert_eq!(
        merged(query, snippet).unwrap(),
        format!("{query}\n    def close(self):\n        pass\n")
    );
    let service = "class Service:\n    def setup(self):\n        init()\n#        warm_cache()\n        start()\n\n    def stop(self):\n        halt()\n";
    let snippet = "class Service:\n    # ... existing code ...\n\n    def restart(self):\n        self.stop()\n";
    assert_eq!(
        merged(service, snippet).unwrap(),
        format!("{service}\n    def restart(self):\n        self.stop()\n")
    );
    let setup = "def setup(app):\n    init(app)\n#    warm_cache(app)\n    start(app)\n";
    assert_eq!(
        merged(
            setup,
            "def setup(app):\n    # ... existing code ...\n    signals.connect()\n"
        )
        .unwrap(),
        format!("{setup}    signals.connect()\n")
    );
    // A string left open to the end of the file: where the block ends is unknown.
    let open = "def usage():\n    text = \"\"\"\nUsage: tool\n";
    assert_eq!(
        why(
            open,
            "def usage():\n    # ... existing code ...\n    log()\n"
        ),
        Why::OpenMarker
    );
}

#[test]
fn pieces_keep_the_lines_between_them() {
    let file = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n";
    assert_eq!(
        merged(file, "a = 1\n# ...\nc = 3\nd = 40\ne = 5").unwrap(),
        "a = 1\nb = 2\nc = 3\nd = 40\ne = 5\n"
    );
    // Deletion by omission inside a piece.
    assert_eq!(
        merged(file, "# ...\nb = 2\nd = 4\n# ...").unwrap(),
        "a = 1\nb = 2\nd = 4\ne = 5\n"
    );
}

#[test]
fn flush_left_crlf_and_no_final_newline_take_the_files_form() {
    let file = "impl A {\r\n    fn f() {\r\n        one();\r\n    }\r\n}";
    let snippet = "fn f() {\n    one();\n    two();\n}";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "impl A {\r\n    fn f() {\r\n        one();\r\n        two();\r\n    }\r\n}"
    );
    let tabs = "\u{feff}fn f() {\n\tone();\n}\n";
    assert_eq!(
        merged(tabs, "fn f() {\n    one();\n    two();\n}").unwrap(),
        "\u{feff}fn f() {\n\tone();\n\ttwo();\n}\n"
    );
}

#[test]
fn a_piece_that_fits_twice_is_refused() {
    let file = "fn a() {\n    x();\n}\nfn b() {\n    x();\n}\n";
    let r = merged(file, "    x();\n    y();").unwrap_err();
    assert_eq!((r.why, r.lines.clone()), (Why::Ambiguous, vec![1, 4]));
}

#[test]
fn stale_and_open_pieces_are_refused() {
    assert_eq!(why(STACK, "def nothing_here():\n    pass"), Why::NotInFile);
    // An empty or blank file holds nothing to merge into: write it whole.
    assert_eq!(why("", "x = 1\n"), Why::EmptyFile);
    assert_eq!(
        why("\n\n", "# ... existing code ...\nx = 1\n"),
        Why::EmptyFile
    );
    // New lines between two markers: where they go is open.
    let snippet = "class S:\n    # ...\n    def size(self):\n        return 0\n    # ...";
    assert_eq!(why(STACK, snippet), Why::OpenMarker);
}

#[test]
fn a_new_edge_line_like_its_neighbour_is_refused() {
    let file = "def f():\n    a = 1\n    count = 2\n    return a\n";
    // `counts = 3` beside `count = 2`: replace it or add it?
    let snippet = "def f():\n    # ...\n    counts = 3\n    return a";
    assert_eq!(why(file, snippet), Why::EditedEdge);
}

#[test]
fn a_marker_does_not_stretch_over_the_next_block() {
    let file = "class A:\n    x = 1\n\nclass B:\n    def f(self):\n        return 1\n";
    let snippet = "class A:\n    # ...\n    def f(self):\n        return 2";
    assert_eq!(why(file, snippet), Why::CrossesScope);
}

#[test]
fn a_removal_note_between_shown_lines_deletes_what_it_stands_for() {
    let file = "def f():\n    a = 1\n    for i in range(3):\n        retry()\n    return a\n";
    for note in [
        "    # remove the retry loop",
        "    # (deleted)",
        "# removed: for i",
    ] {
        let snippet = format!("def f():\n    a = 1\n{note}\n    return a\n");
        assert_eq!(
            merged(file, &snippet).unwrap(),
            "def f():\n    a = 1\n    return a\n",
            "{note}"
        );
    }
}

#[test]
fn a_comment_that_says_deleted_and_edits_a_file_line_is_no_note() {
    // The doc line one word apart from the file's: an edit of that line, not a note that
    // deletes it (and then, unwritten, loses both).
    let file = "//! Maps scopes to categories:\n//!   punctuation, inserted, deleted\n\nuse std::sync::OnceLock;\n";
    let snippet = "//! Maps scopes to categories:\n//!   markup, inserted, deleted\n\nuse std::sync::OnceLock;\n// ... existing code ...\n";
    assert_eq!(
        merged(file, snippet).unwrap(),
        file.replace("punctuation", "markup")
    );
}

#[test]
fn a_comment_that_says_remove_above_a_new_line_is_written() {
    let file = "def norm(p):\n    return p\n";
    let snippet =
        "def norm(p):\n    # Remove the trailing slash\n    p = p.rstrip(\"/\")\n    return p\n";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "def norm(p):\n    # Remove the trailing slash\n    p = p.rstrip(\"/\")\n    return p\n"
    );
}

#[test]
fn new_lines_ending_the_snippet_under_a_block_opener_with_its_body_unshown_are_refused() {
    let file = "def configure():\n    logging.basicConfig(level=logging.INFO)\n\n\ndef main():\n    configure()\n";
    let r = merged(file, "def configure():\n    setup_logging(verbose=True)\n").unwrap_err();
    assert_eq!((r.why, r.lines), (Why::UnshownBody, vec![1]));
    // With a marker after the new lines, they are added at the body's top.
    assert_eq!(
        merged(file, "def configure():\n    setup_logging(verbose=True)\n    # ... existing code ...\n").unwrap(),
        "def configure():\n    setup_logging(verbose=True)\n    logging.basicConfig(level=logging.INFO)\n\n\ndef main():\n    configure()\n"
    );
    // Shown whole, to the block's next line, the body is replaced.
    assert_eq!(
        merged(
            file,
            "def configure():\n    setup_logging(verbose=True)\n\n\ndef main():\n"
        )
        .unwrap(),
        "def configure():\n    setup_logging(verbose=True)\n\n\ndef main():\n    configure()\n"
    );
}

#[test]
fn a_removal_note_with_nothing_to_delete_is_refused_not_dropped() {
    // A new comment that says "remove": the file has nothing between the lines around it.
    let file = "def f():\n    a = 1\n    return a\n";
    let snippet = "def f():\n    a = 1\n    # remove duplicates first\n    return a\n";
    assert_eq!(why(file, snippet), Why::MarkerAsCode);
}

#[test]
fn a_one_word_difference_apart_from_the_change_is_refused_as_stale() {
    let file = "fn f() {\n    let total = 0;\n    step();\n    step();\n    done();\n}\n";
    // `total` shown as `count`, two lines away from the added line.
    let snippet =
        "fn f() {\n    let count = 0;\n    step();\n    step();\n    extra();\n    done();\n}";
    let r = merged(file, snippet).unwrap_err();
    assert_eq!((r.why, r.lines), (Why::StaleLine, vec![1]));
    // The same one-word edit as the piece's only change is an edit.
    let snippet = "fn f() {\n    let count = 0;\n    step();\n    // ...";
    assert!(merged(file, snippet)
        .unwrap()
        .starts_with("fn f() {\n    let count = 0;\n    step();\n"));
}

#[test]
fn the_nearest_window_is_the_place_not_one_that_holds_it() {
    // `x = 1` then `z = 3` shown: they stand together after the second `x = 1`.
    let file = "x = 1\na = 0\nb = 0\nx = 1\ny = 2\nz = 3\n";
    assert_eq!(
        merged(file, "# ...\nx = 1\nz = 3\n# ...").unwrap(),
        "x = 1\na = 0\nb = 0\nx = 1\nz = 3\n"
    );
}

#[test]
fn a_change_whose_edge_line_is_one_word_from_the_file_is_refused_as_stale() {
    // `limit(1)` shown as `limit(2)` right beside an added line: the edge of the change, or a
    // stale copy of the file's line beside it?
    let file = "a();\nb();\nlimit(1);\nc();\n";
    let snippet = "a();\nb();\nlimit(2);\nadded();\nc();";
    assert_eq!(why(file, snippet), Why::StaleLine);
}

#[test]
fn an_edge_line_found_only_past_its_stale_copy_is_refused() {
    // The file's `trys {` is where the snippet's `try {` stood; the only `try {` is in `g`.
    let file = "fn f() {\n    setup();\n    trys {\n        body();\n    }\n}\n\nfn g() {\n    try {\n    }\n}\n";
    let snippet = "fn f() {\n    setup();\n    try {\n// ...";
    assert_eq!(why(file, snippet), Why::StaleLine);
}

#[test]
fn a_nearer_place_without_the_deletion_stands_only_for_an_even_piece() {
    // `};` then `function T() {` shown together: at the second `};` they stand together, at
    // the first the `d` object between would be deleted. With two unchanged lines after the
    // change as before it, the piece reads as shown around its change: the second `};`.
    let file = "const p = {\n  a: 1,\n};\nconst d = {\n  x: 1,\n};\n\nfunction T() {\n  go(1);\n  stop();\n}\n";
    let snippet = "// ...\n};\n\nfunction T() {\n  go(2);\n  stop();\n}";
    let merged = apply_snippet(file, snippet, &Options::default()).unwrap();
    assert_eq!(merged.text, file.replace("go(1)", "go(2)"));
    // With none after it, `};` kept and the `d` object deleted reads as well: open.
    let snippet = "// ...\n};\n\nfunction T() {\n  go(2);\n// ...";
    assert_eq!(why(file, snippet), Why::Ambiguous);
}

#[test]
fn a_snippet_that_changes_nothing_is_told_so_in_its_own_words() {
    let e = apply_snippet("a = 1\nb = 2\n", "a = 1\n# ...\n", &Options::default()).unwrap_err();
    assert_eq!(e.kind(), "no_change");
    for words in [
        crate::protocol::Vocabulary::TOOL,
        crate::protocol::Vocabulary::CLI,
    ] {
        let m = e.message(&words);
        assert!(m.contains("snippet"), "{m}");
        assert!(!m.contains("old") && !m.contains("new"), "{m}");
    }
}

#[test]
fn a_removal_note_declares_the_deletion_beside_a_like_line() {
    // `import os` is one word from the deleted `import sys`: the note says it is deleted, not
    // stale.
    let file = "import os\nimport sys\nimport stat\n\nx = 1\n";
    let snippet = "import os\n# removed import\nimport stat\n# ... existing code ...\n";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "import os\nimport stat\n\nx = 1\n"
    );
}

const WRAPPER: &str = "class W(io.TextIOWrapper):\n\n    def __init__(self, stream, encoding, errors, **extra):\n        self._stream = stream = _FixupStream(stream)\n        io.TextIOWrapper.__init__(self, stream, encoding, errors, **extra)\n\n    def close(self):\n        pass\n";

#[test]
fn new_lines_after_a_marker_that_extend_the_lines_there_replace_them() {
    let snippet = "# ... existing code ...\n\n    def __init__(self, stream, encoding, errors,\n                 force_readable=False, **extra):\n        self._stream = stream = _FixupStream(stream, force_readable)\n        io.TextIOWrapper.__init__(self, stream, encoding, errors, **extra)\n    # ... existing code ...\n";
    assert_eq!(
        merged(WRAPPER, snippet).unwrap(),
        "class W(io.TextIOWrapper):\n\n    def __init__(self, stream, encoding, errors,\n                 force_readable=False, **extra):\n        self._stream = stream = _FixupStream(stream, force_readable)\n        io.TextIOWrapper.__init__(self, stream, encoding, errors, **extra)\n\n    def close(self):\n        pass\n"
    );
    // Without the marker the snippet starts there: the lines before it stay, so whether the
    // new lines replace them is unclear.
    let bare = snippet.trim_start_matches("# ... existing code ...\n\n");
    assert_eq!(why(WRAPPER, bare), Why::EditedEdge);
}

#[test]
fn an_edge_line_that_replaces_words_stays_refused() {
    // An edit or an added twin (`log.info('begin')` beside `log.info('start')`): unclear.
    let file = "def f():\n    log.info('start')\n    run()\n";
    let snippet = "def f():\n    # ...\n    log.info('begin')\n    run()\n";
    assert_eq!(why(file, snippet), Why::EditedEdge);
    let file = "def f():\n    prepare()\n    res.redirect('back')\n\ndef g():\n    pass\n";
    let snippet =
        "def f():\n    prepare()\n    res.redirect(req.get('Referrer') or '/')\n    # ...\n";
    assert_eq!(why(file, snippet), Why::EditedEdge);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    /// Lines added after a marker are placed before the piece's shown line, or replace lines
    /// they extend, or are refused: the file's other lines always stay, in order.
    #[test]
    fn an_edge_change_keeps_every_line_it_does_not_replace(
        names in proptest::collection::vec("[a-d]{1,2}", 3..8),
        at in 1usize..7,
        added in "[a-d]{1,2}",
        extend in proptest::bool::ANY,
    ) {
        let at = at.min(names.len() - 1);
        // (Distinct names: a line the file repeats leaves the place open, refused.)
        let names: Vec<String> = names.iter().enumerate().map(|(i, n)| format!("{n}{i}")).collect();
        let file: String = names.iter().map(|n| format!("    {n}(x)\n")).collect();
        let file = format!("def f():\n{file}");
        let new = if extend {
            format!("    {}(x, y)", names[at - 1])
        } else {
            format!("    {added}(x)")
        };
        let snippet = format!("def f():\n    # ...\n{new}\n    {}(x)\n    # ...\n", names[at]);
        if let Ok(out) = merged(&file, &snippet) {
            let lines: Vec<&str> = out.lines().collect();
            let kept: Vec<&str> = file.lines().filter(|l| lines.contains(l)).collect();
            // Every file line but at most the one rewritten stays, and the new line is in.
            proptest::prop_assert!(kept.len() + 1 >= file.lines().count());
            proptest::prop_assert!(lines.contains(&new.as_str()));
            let order: Vec<&str> = lines.iter().copied().filter(|l| file.lines().any(|f| f == *l)).collect();
            let file_order: Vec<&str> = file.lines().filter(|l| order.contains(l)).collect();
            proptest::prop_assert_eq!(order, file_order);
        }
    }
}

#[test]
fn a_piece_goes_where_its_body_lines_stand_though_its_edges_occur_twice() {
    // `def __str__` and `return self.message` stand in both classes; the piece's other lines
    // only in `B`. At `A` it would write them as new lines, at `B` it changes one line.
    let file = "class A:\n    def __str__(self):\n        return self.message\n\n    def a(self):\n        return 1\n\n    def b(self):\n        return 2\n\n    def c(self):\n        return 3\n\nclass B:\n    def __str__(self):\n        if self.message is None:\n            return 'missing'\n        return self.message\n";
    let snippet = "# ...\n    def __str__(self):\n        if self.message is None:\n            return 'Missing'\n        return self.message";
    assert_eq!(
        merged(file, snippet).unwrap(),
        file.replace("'missing'", "'Missing'")
    );
}

#[test]
fn a_new_block_that_copies_the_one_before_it_stays_ambiguous() {
    // Either a second impl after the first (its lines written again), or the first impl's
    // header replaced: the piece reads both ways.
    let file = "}\n\nimpl D for N {\n    type E = E;\n    fn d(self) -> u8 {\n        self.n\n    }\n}\n\nmacro_rules! m {\n";
    let snippet = "// ...\n}\n\nimpl<'a> D for &'a N {\n    type E = E;\n    fn d(self) -> u8 {\n        self.n\n    }\n}\n\nmacro_rules! m {\n// ...";
    assert_eq!(why(file, snippet), Why::Ambiguous);
}

#[test]
fn a_new_last_line_equal_to_an_earlier_file_line_is_new() {
    let file =
        "def f(self):\n    clear = self.width\n    if w:\n        self.width = w\n\n    done()\n";
    let snippet = "# ...\n        self.width = w\n    clear = self.width\n# ...";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "def f(self):\n    clear = self.width\n    if w:\n        self.width = w\n    clear = self.width\n\n    done()\n"
    );
}

#[test]
fn a_new_first_line_that_pairs_with_a_later_copy_of_itself_is_refused() {
    // The new `        def f(x):` could pair with the file's third line, deleting the
    // `return x` after it, or be inserted before the first `def f(x):`.
    let file = "return x\ndef f(x):\n        def f(x):\nreturn x\ndef f(x):\n";
    let snippet = "# ...\n        def f(x):\ndef f(x):\n# ...";
    assert_eq!(why(file, snippet), Why::Ambiguous);
}

#[test]
fn a_window_ends_at_the_closing_line_it_was_found_by() {
    // The piece's last `)` closes the call; in the second block the file closes two calls
    // there. Left to the diff, that `)` paired with the inner one, the second block was no
    // window, and the piece merged over the first block, the only other place its edge lines
    // stand. Both blocks are windows now, and neither explains the piece better.
    let file = "if a:\n    out.append(\n        Edit(path, DELETE)\n    )\nif b:\n    out.append(\n        Edit(\n            path=p,\n            kind=UPDATE,\n        )\n    )\n";
    let snippet = "# ... existing code ...\n    out.append(\n        (p, # the path too\n         Edit(\n            path=p,\n            kind=UPDATE,\n        ))\n    )\n# ... existing code ...\n";
    assert_eq!(why(file, snippet), Why::Ambiguous);
}

#[test]
fn a_blank_line_ending_the_snippet_where_the_file_has_code_is_refused() {
    // The blank line shown after `x = 1` is not the file's next line: the lines up to the
    // file's next blank line may be deleted as well as kept.
    let file = "x = 1\ny = 2\nz = 3\n";
    assert_eq!(why(file, "w = 0\nx = 1\n\n"), Why::OpenEnd);
    assert_eq!(
        merged(file, "w = 0\nx = 1\n").unwrap(),
        "w = 0\nx = 1\ny = 2\nz = 3\n"
    );
    // The file holds that blank line: nothing is open.
    let file = "x = 1\n\ny = 2\n";
    assert_eq!(
        merged(file, "w = 0\nx = 1\n\n").unwrap(),
        "w = 0\nx = 1\n\ny = 2\n"
    );
}

#[test]
fn a_piece_anchored_by_a_bracket_alone_keeps_the_snippets_depth() {
    let file = "fn f() {\n    match k {\n        A => {\n            a();\n        }\n        B => {\n            b();\n        }\n    }\n}\n";
    // `}` written at an arm's depth fits only the `match`'s own `}`, four columns shallower
    // than the snippet's other piece: the depth alone would choose the place.
    let snippet = "    match k {\n            // ...\n            c();\n        }\n    // ...\n";
    assert_eq!(why(file, snippet), Why::Ambiguous);
    // With a line of words to anchor it, the piece stands at the snippet's depth (its marker
    // at the arms' depth, so that it may stand for the arm `A` before it).
    let snippet = "    match k {\n        // ...\n            b();\n            c();\n        }\n    // ...\n";
    assert!(merged(file, snippet)
        .unwrap()
        .contains("            b();\n            c();\n        }\n    }\n}\n"));
}

#[test]
fn a_jsx_marker_between_elements_stands_for_them() {
    let file = "export function App() {\n  return (\n    <div className=\"app\">\n      <Header />\n      <Feed />\n      <Main />\n    </div>\n  );\n}\n";
    let snippet = "    <div className=\"app\">\n      {/* ... existing code ... */}\n      <Feed />\n      <Trending />\n      <Main />\n    </div>\n";
    assert_eq!(
        merged(file, snippet).unwrap(),
        file.replace("<Feed />\n", "<Feed />\n      <Trending />\n")
    );
}

#[test]
fn a_marker_after_a_top_level_line_may_stand_for_top_level_lines() {
    // The model indents the marker to the method after it; the line before it opens no block.
    let file =
        "use a;\nuse b;\n\nstruct S;\n\nimpl S {\n    fn f(&self) -> u8 {\n        1\n    }\n}\n";
    let snippet = "use a;\nuse b;\nuse c;\n    // ... existing code ...\n    fn f(&self) -> u8 {\n        2\n    }\n    // ... existing code ...\n";
    assert_eq!(
        merged(file, snippet).unwrap(),
        file.replace("use b;", "use b;\nuse c;")
            .replace("        1\n", "        2\n")
    );
    // In a function body, a marker still stands for lines of that body only.
    let file =
        "fn a() {\n    let x = 1;\n    go(x);\n}\n\nfn b() {\n    let y = 2;\n    run(y);\n}\n";
    let snippet = "fn a() {\n    let x = 1;\n    // ...\n    run(y);\n    done();\n}\n";
    assert!(merged(file, snippet).is_err());
}

#[test]
fn an_edge_line_whose_one_word_edit_is_made_again_in_the_run_is_an_edit() {
    // `internal` renamed `detail` in both lines of the change: a rename, not a stale line.
    let file = "fn f() {\n    a();\n    let x = internal::one();\n    let y = internal::two();\n    b();\n}\n";
    let snippet = "// ...\n    a();\n    let x = detail::one();\n    let y = detail::two();\n    b();\n// ...";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "fn f() {\n    a();\n    let x = detail::one();\n    let y = detail::two();\n    b();\n}\n"
    );
    // Another edit in the other line: the edge line may be a stale copy, still refused.
    let snippet = "// ...\n    a();\n    let x = detail::one();\n    let y = internal::three();\n    b();\n// ...";
    assert_eq!(why(file, snippet), Why::StaleLine);
}

#[test]
fn a_snippet_that_differs_only_in_trailing_whitespace_strips_it() {
    let file = "x = 0\na = 1   \nb = 2\nc = 3\n";
    assert_eq!(
        merged(file, "# ...\na = 1\nb = 2\n# ...").unwrap(),
        "x = 0\na = 1\nb = 2\nc = 3\n"
    );
    // With a change of its own, the kept lines keep the file's bytes.
    assert_eq!(
        merged(file, "# ...\na = 1\nb = 5\nc = 3\n# ...").unwrap(),
        "x = 0\na = 1   \nb = 5\nc = 3\n"
    );
}

#[test]
fn a_snippet_opening_below_the_file_top_that_changes_nothing_deletes_the_lines_above() {
    let file = "// Copyright 2017\n// MIT\n\nuse a;\nuse b;\n\nfn f() {}\n";
    assert_eq!(
        merged(file, "use a;\nuse b;\n// ...\n").unwrap(),
        "use a;\nuse b;\n\nfn f() {}\n"
    );
    // A marker before it: the lines above are under the marker, and nothing changes.
    let unchanged = merged(file, "// ...\nuse a;\nuse b;\n// ...\n").unwrap();
    assert_eq!(unchanged, file);
    // Its lines differ from the file's inside (`use  a;`): a change besides, and the lines
    // above deleted (the file from its top) or kept (a fragment)? Unclear.
    assert_eq!(why(file, "use  a;\nuse b;\n// ...\n"), Why::OpenStart);
    // Below a line that opens its block, the snippet starts inside that block.
    let file = "mod m {\n    use a;\n    use b;\n}\n";
    assert_eq!(
        merged(file, "    use  a;\n    use b;\n// ...\n").unwrap(),
        "mod m {\n    use  a;\n    use b;\n}\n"
    );
}
