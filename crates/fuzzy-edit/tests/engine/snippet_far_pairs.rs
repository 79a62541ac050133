//! Lazy snippets whose generic lines fit far from their place: a new `#[inline]` paired with
//! another block's copy (the lines between deleted by omission across a block's end), and a
//! marker said in words (`// original code`) that is the program's own comment; and a new edge
//! line that is the file's line beyond the marker written short (`from,` for `from: from,`).
//! Each refused, beside a twin whose lines name the place and that merges.

use fuzzy_edit::snippet::SnippetReason;
use fuzzy_edit::{apply_snippet, EditError, Options};

fn reason(file: &str, snippet: &str) -> SnippetReason {
    match apply_snippet(file, snippet, &Options::default()) {
        Err(EditError::SnippetUnplaced { reason, .. }) => reason,
        other => panic!("not a placement refusal: {other:?}"),
    }
}

const MATCHER_RS: &str = "trait Matcher {
    #[inline]
    fn find(&self) -> u8 {
        1
    }
}

impl Matcher for X {
    fn find(&self) -> u8 {
        3
    }
}

impl Y {
    fn captures_iter<F>(&self, f: F) -> u8 {
        4
    }
}
";

/// The new `#[inline]` fits the trait's copy; pairing it there deleted the ten lines down to
/// `captures_iter`, the trait's and the impl's ends among them (ripgrep `matcher/src/lib.rs`:
/// 454 lines). The file holds the attribute once, above the `fn find` that reading deletes:
/// kept there or added above `captures_iter` is unclear (`place::attached`).
#[test]
fn a_deletion_by_omission_past_the_end_of_its_block_is_refused() {
    let snippet = "// ... existing code ...
    #[inline]
    fn captures_iter<F>(&self, f: F) -> u8 {
// ... existing code ...
";
    assert_eq!(reason(MATCHER_RS, snippet), SnippetReason::Ambiguous);
}

#[test]
fn the_same_attribute_under_its_block_header_merges() {
    let snippet = "impl Y {
    #[inline]
    fn captures_iter<F>(&self, f: F) -> u8 {
// ... existing code ...
";
    let out = apply_snippet(MATCHER_RS, snippet, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        MATCHER_RS.replace(
            "    fn captures_iter",
            "    #[inline]\n    fn captures_iter"
        )
    );
}

/// `// original code` reads as a marker in words, yet it stands for no line: the pieces
/// around it are placed side by side, and it opens a new comment (axios `utils.js`).
#[test]
fn a_words_marker_that_stands_for_no_line_above_new_lines_is_refused() {
    let file = "const isThenable = (thing) => thing && thing.then;

export default {
  isThenable,
};
";
    let snippet = "// ... existing code ...
const isThenable = (thing) => thing && thing.then;

// original code
// https://example.com/utils.js
const asap = queueMicrotask;

export default {
// ... existing code ...
";
    assert_eq!(reason(file, snippet), SnippetReason::MarkerAsCode);
}

/// A new edge line whose words all stand in the file's line beyond the marker (`from,` beside
/// `from: from,`): the field written short, or a new field beside it? Refused as an edited
/// edge (5 must-refuse cases of the stand-in corpus's ten draws had it added beside, 0 right
/// merges lost); a new field of its own is added.
#[test]
fn a_field_written_short_beside_the_long_one_is_an_edited_edge() {
    let file = "fn f(from: u8, to: u8) -> Span {\n    Span {\n        from: from,\n        to,\n    }\n}\n";
    let snippet = |field: &str| {
        format!("fn f(from: u8, to: u8) -> Span {{\n    Span {{\n        // ... existing code ...\n        {field}\n        to,\n    }}\n}}\n")
    };
    let err = apply_snippet(file, &snippet("from,"), &Options::default()).unwrap_err();
    assert_eq!(err.rule(), "snippet_edited_edge", "{err}");
    let out = apply_snippet(file, &snippet("len: 2,"), &Options::default()).unwrap();
    assert_eq!(
        out.text,
        file.replace("        to,", "        len: 2,\n        to,")
    );
}

/// A new method written after the one shown, both closing with `}` at one depth, a marker
/// after them. Counted to the second `}` the file holds, the window paired the new method's
/// brackets with `ReadTokenFrom`'s and deleted its body; ending at the nearest `}`, it adds
/// the method. Both read the snippet (a rewritten method renamed, or a new one), and the
/// farther pairs nothing past the nearer but brackets: refused as ambiguous (Newtonsoft.Json's
/// `JContainer.Merge`, merged wrong before).
#[test]
fn a_new_method_is_not_paired_with_the_next_ones_brackets() {
    let file = "    public void Merge(object content)\n    {\n        MergeItem(content);\n    }\n\n    internal void ReadTokenFrom(JsonReader reader)\n    {\n        int startDepth = reader.Depth;\n        if (!reader.Read())\n        {\n            throw Fail(reader, \"Error reading\");\n        }\n        int endDepth = reader.Depth;\n    }\n\n    internal void ReadContentFrom(JsonReader r)\n    {\n        Load(r);\n    }\n";
    let snippet = "    // ... existing code ...\n    public void Merge(object content)\n    {\n        ValidateContent(content);\n        MergeItem(content);\n    }\n\n    private void ValidateContent(object content)\n    {\n        if (IsMultiContent(content))\n        {\n            return;\n        }\n        throw new ArgumentException(\"Could not determine JSON object type\");\n    }\n    // ... existing code ...\n";
    assert_eq!(reason(file, snippet), SnippetReason::Ambiguous);
}
