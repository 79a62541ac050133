//! Verifying merges made elsewhere: each finding, and merges that hold.

use super::*;

fn kinds(file: &str, snippet: &str, merged: &str) -> Vec<FindingKind> {
    match verify_snippet(file, snippet, merged, &Options::default()) {
        Ok(()) => Vec::new(),
        Err(u) => u.findings.iter().map(|f| f.kind).collect(),
    }
}

const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";
const SIZE: &str =
    "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n";

#[test]
fn the_merge_meant_verifies() {
    let merged = format!("{STACK}\n    def size(self):\n        return len(self.items)\n");
    assert_eq!(kinds(STACK, SIZE, &merged), vec![]);
}

#[test]
fn a_method_lost_under_the_marker_is_a_deletion() {
    // The wrong merge of issue 27: `size` in place of `pop`.
    let merged = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def size(self):\n        return len(self.items)\n";
    let k = kinds(STACK, SIZE, merged);
    assert!(k.contains(&FindingKind::Deleted), "{k:?}");
}

#[test]
fn a_line_the_snippet_does_not_show_is_added() {
    let merged =
        format!("{STACK}\n    def size(self):\n        return len(self.items)\n\nDEBUG = True\n");
    let u = verify_snippet(STACK, SIZE, &merged, &Options::default()).unwrap_err();
    assert_eq!(u.findings[0].kind, FindingKind::Added);
    assert_eq!(u.findings[0].merged_line, Some(11));
    assert_eq!(u.findings[0].text, "DEBUG = True");
}

#[test]
fn a_shown_line_left_out_is_missing() {
    let merged = format!("{STACK}\n    def size(self):\n        pass\n");
    let u = verify_snippet(STACK, SIZE, &merged, &Options::default()).unwrap_err();
    let missing = u
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::Missing)
        .unwrap();
    assert_eq!(missing.snippet_line, Some(5));
    assert_eq!(missing.text, "return len(self.items)");
}

#[test]
fn new_lines_at_the_wrong_depth_and_markers_are_found() {
    let merged = format!("{STACK}\ndef size(self):\n    return len(self.items)\n");
    assert!(kinds(STACK, SIZE, &merged).contains(&FindingKind::Depth));
    let merged = format!("{STACK}    # ... existing code ...\n");
    assert!(kinds(STACK, SIZE, &merged).contains(&FindingKind::Marker));
}

#[test]
fn deletion_between_shown_lines_verifies_and_other_line_endings_do_not() {
    let file = "a = 1\nb = 2\nc = 3\n";
    assert_eq!(kinds(file, "a = 1\nc = 3\n", "a = 1\nc = 3\n"), vec![]);
    assert_eq!(
        kinds(file, "a = 1\nc = 3\n", "a = 1\r\nc = 3\r\n"),
        vec![FindingKind::LineEndings]
    );
}

#[test]
fn one_line_ending_changed_a_dropped_final_newline_or_bom_is_found() {
    let file = "a = 1\nb = 2\nc = 3\n";
    let snippet = "a = 1\nb = 20\nc = 3\n";
    let meant = "a = 1\nb = 20\nc = 3\n";
    assert_eq!(kinds(file, snippet, meant), vec![]);
    for wrong in [
        "a = 1\r\nb = 20\nc = 3\n",       // a kept line's ending
        "a = 1\nb = 20\r\nc = 3\n",       // a new line's ending the file never uses
        "a = 1\nb = 20\nc = 3",           // the final newline dropped
        "\u{feff}a = 1\nb = 20\nc = 3\n", // a byte order mark added
    ] {
        assert_eq!(
            kinds(file, snippet, wrong),
            vec![FindingKind::LineEndings],
            "{wrong:?}"
        );
    }
    let bom = format!("\u{feff}{file}");
    assert_eq!(kinds(&bom, snippet, &format!("\u{feff}{meant}")), vec![]);
    assert_eq!(kinds(&bom, snippet, meant), vec![FindingKind::LineEndings]);
    // A file without a final newline keeps that.
    let bare = "a = 1\nb = 2\nc = 3";
    assert_eq!(kinds(bare, snippet, "a = 1\nb = 20\nc = 3"), vec![]);
    assert_eq!(kinds(bare, snippet, meant), vec![FindingKind::LineEndings]);
}

#[test]
fn the_merge_of_a_removal_note_verifies() {
    let file = "def f():\n    a = 1\n    b = 2\n    c = 3\n    return a\n";
    let snippet = "def f():\n    a = 1\n    # remove the b line\n    c = 3\n    return a\n";
    let merged = crate::snippet::apply_snippet(file, snippet, &Options::default())
        .unwrap()
        .text;
    assert_eq!(merged, "def f():\n    a = 1\n    c = 3\n    return a\n");
    assert_eq!(kinds(file, snippet, &merged), vec![]);
    // The note written into the file as code is still found.
    let written = "def f():\n    a = 1\n    # remove the b line\n    c = 3\n    return a\n";
    assert!(kinds(file, snippet, written).contains(&FindingKind::Marker));
}

#[test]
fn a_merge_that_puts_the_lines_elsewhere_than_the_engine_does_is_found() {
    let file = "class Query:\n    SQL = \"\"\"\nselect 1\n\"\"\"\n\n    def run(self):\n        return 1\n";
    let snippet =
        "class Query:\n    # ... existing code ...\n\n    def close(self):\n        pass\n";
    let inside_the_string = "class Query:\n    SQL = \"\"\"\n\n    def close(self):\n        pass\nselect 1\n\"\"\"\n\n    def run(self):\n        return 1\n";
    let u = verify_snippet(file, snippet, inside_the_string, &Options::default()).unwrap_err();
    assert_eq!(u.findings[0].kind, FindingKind::Place);
    assert_eq!(u.findings[0].merged_line, Some(4));
    let right = format!("{file}\n    def close(self):\n        pass\n");
    assert_eq!(kinds(file, snippet, &right), vec![]);
}

#[test]
fn a_comment_that_says_remove_above_a_new_line_verifies_as_merged() {
    let file = "def norm(p):\n    return p\n";
    let snippet =
        "def norm(p):\n    # Remove the trailing slash\n    p = p.rstrip(\"/\")\n    return p\n";
    let merged = crate::snippet::apply_snippet(file, snippet, &Options::default())
        .unwrap()
        .text;
    assert_eq!(kinds(file, snippet, &merged), vec![]);
}

#[test]
fn findings_are_counted_beyond_those_listed() {
    let file: String = (0..30).map(|i| format!("x{i} = {i}\n")).collect();
    let merged: String = (0..30).map(|i| format!("x{i} = {}\n", i + 1)).collect();
    let u = verify_snippet(&file, "x0 = 1\n# ...\n", &merged, &Options::default()).unwrap_err();
    assert_eq!(u.findings.len(), MAX_FINDINGS);
    assert!(u.total > MAX_FINDINGS);
    assert!(u.to_string().contains("more"));
}

/// [`elsewhere`] as it was before it skipped the texts' common prefix: both texts walked whole.
fn elsewhere_walking_whole(own: &str, merged: &str) -> Option<Finding> {
    fn code(t: &str) -> impl Iterator<Item = (usize, &str)> {
        t.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i, l.trim_end()))
    }
    let (mut own, mut merged) = (code(own), code(merged));
    let first = loop {
        match (own.next(), merged.next()) {
            (None, None) => return None,
            (o, m) if o.map(|o| o.1) == m.map(|m| m.1) => continue,
            (_, m) => break m,
        }
    };
    let (line, text) = first.map_or((None, String::new()), |(i, l)| {
        (Some(i + 1), l.trim().to_string())
    });
    Some(Finding {
        kind: FindingKind::Place,
        merged_line: line,
        file_line: None,
        snippet_line: None,
        text,
    })
}

proptest::proptest! {
    #[test]
    fn elsewhere_agrees_with_walking_both_texts_whole(
        own in "[ab \t\r\n]{0,24}",
        edit in proptest::collection::vec((0usize..24, "[ab \t\r\n]{0,3}", 0usize..3), 0..3),
    ) {
        // The merged text is `own` with a few small splices, so the two share long runs.
        let mut merged = own.clone();
        for (at, put, cut) in &edit {
            let at = (*at).min(merged.len());
            let end = (at + cut).min(merged.len());
            merged.replace_range(at..end, put);
        }
        proptest::prop_assert_eq!(elsewhere(&own, &merged), elsewhere_walking_whole(&own, &merged));
        proptest::prop_assert_eq!(elsewhere(&merged, &own), elsewhere_walking_whole(&merged, &own));
    }

    #[test]
    fn has_key_agrees_with_comparing_keys(
        line in "[ a\t\u{a0}\u{200b}\u{2019}'b]{0,8}",
        other in "[ a\t\u{a0}\u{200b}\u{2019}'b]{0,8}",
    ) {
        proptest::prop_assert_eq!(
            has_key(&line, &loose_key(&other)),
            loose_key(&line) == loose_key(&other)
        );
    }
}

/// [`own_merge`] from the verify's index and held lines, and [`super::super::merge`] whole.
fn both_merges(original: &str, given: &str) -> (String, String) {
    let options = Options::default();
    let body = original.strip_prefix(BOM).unwrap_or(original);
    let indexed = Text::new(body);
    let snippet = given.strip_prefix(BOM).unwrap_or(given);
    let rewritten = markers_behind_leaders(body, &options.conventions, snippet);
    let snippet = rewritten.as_deref().unwrap_or(snippet);
    let file = File::for_snippet(
        (0..indexed.line_count()).map(|i| indexed.line(i)).collect(),
        snippet,
    );
    let show = |m: Result<super::super::Merged, super::super::Stopped>| match m {
        Ok(m) => format!("{:?} {:?}", m.text, m.changes),
        Err(e) => format!("{e:?}"),
    };
    (
        show(own_merge(
            original,
            given,
            &options,
            (&indexed, snippet, &file),
        )),
        show(super::super::merge(original, given, &options)),
    )
}

#[test]
fn the_own_merge_is_the_whole_merge() {
    let tabs = "class S:\n\tdef push(self, x):\n\t\tself.items.append(x)\n";
    let spaced =
        "class S:\n    def push(self, x):\n        self.items.append(x)\n        self.n += 1\n";
    for (file, snippet) in [
        (STACK, SIZE),
        (tabs, spaced),
        (&*format!("\u{feff}{STACK}"), SIZE),
        ("", SIZE),
        (STACK, "def absent():\n    pass\n"),
    ] {
        let (own, whole) = both_merges(file, snippet);
        assert_eq!(own, whole, "{file:?} {snippet:?}");
    }
}

proptest::proptest! {
    #[test]
    fn the_own_merge_is_the_whole_merge_of_any_snippet(
        file in proptest::collection::vec(0usize..7, 0..8),
        snippet in proptest::collection::vec(0usize..9, 1..6),
    ) {
        const LINES: [&str; 9] = [
            "def f():", "    x = 1", "    y = 2", "", "def g():", "\treturn 3", "class S:",
            "# ... existing code ...", "    z = 9",
        ];
        let join = |v: &[usize]| v.iter().map(|&i| format!("{}\n", LINES[i])).collect::<String>();
        let (own, whole) = both_merges(&join(&file), &join(&snippet));
        proptest::prop_assert_eq!(own, whole);
    }
}
