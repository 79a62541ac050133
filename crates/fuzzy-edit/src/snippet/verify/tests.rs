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
