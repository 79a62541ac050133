//! Saying which: `anchor` picks the occurrence after it, `replace_all` takes every one.

use fuzzy_edit::{apply, Edit, EditError};

use crate::support::{applied, lines, refused, KERNEL};

// An anchor picks the occurrence of `old` after it among several.
#[test]
fn anchor_picks_the_occurrence_after_it() {
    let out = applied(
        KERNEL,
        &Edit::new("tl.tanh(x)", "x * tl.sigmoid(1.702 * x)").anchor("def forward("),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    y = tl.tanh(x)\n",
            "    y = x * tl.sigmoid(1.702 * x)\n"
        )
    );
    assert_eq!(lines(&out), [(15, 15)]);
}

// The first occurrence after the anchor is taken, even when more follow.
#[test]
fn anchor_takes_the_first_occurrence_after_it() {
    let out = applied(
        KERNEL,
        &Edit::new("tl.tanh(x)", "tl.sigmoid(x)").anchor("def backward("),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    grad = tl.tanh(x) * dx\n",
            "    grad = tl.sigmoid(x) * dx\n"
        )
    );
    assert_eq!(lines(&out), [(11, 11)]);
}

// An anchor that is itself a line of `old` selects the block it starts, not the next one.
#[test]
fn an_anchor_inside_old_selects_that_block() {
    let text = "class A:\n    @property\n    def name(self):\n        self.check()\n        self.log()\n        return self._name\n\n    @property\n    def title(self):\n        self.check()\n        self.log()\n        return self._name\n";
    let e = Edit::new(
        "@property\ndef name(self):\n    self.check()\n    self.log()\n    return self._name",
        "@property\ndef name(self):\n    self.check()\n    self.log()\n    return self._name.upper()",
    )
    .anchor("def name(self):");
    let out = apply(text, &e).unwrap();
    assert!(
        out.text
            .contains("        return self._name.upper()\n\n    @property\n    def title"),
        "{}",
        out.text
    );
}

// An anchor the text does not contain is refused, not ignored.
#[test]
fn missing_anchor_is_refused() {
    let err = refused(
        KERNEL,
        &Edit::new("tl.tanh(x)", "tl.sigmoid(x)").anchor("def missing("),
    );
    assert_eq!(err.kind(), "anchor_not_found");
}

// An `old` occurring only before the anchor is refused, with the anchor's line and the lines of
// the occurrences before it.
#[test]
fn old_only_before_the_anchor_is_refused_with_its_lines() {
    let err = refused(
        KERNEL,
        &Edit::new("# TODO: fix this", "# fixed").anchor("def forward("),
    );
    assert_eq!(err.kind(), "not_found_after_anchor");
    match err {
        EditError::NotFoundAfterAnchor {
            anchor_line,
            before,
            ..
        } => {
            assert_eq!(anchor_line, 14);
            assert_eq!(
                before
                    .iter()
                    .map(|l| (l.start_line, l.end_line))
                    .collect::<Vec<_>>(),
                [(6, 6)]
            );
        }
        other => panic!("{other:?}"),
    }
}

// An anchor that is not unique does not pick a place: refused, with its lines.
#[test]
fn anchor_occurring_several_times_is_refused() {
    let err = refused(
        KERNEL,
        &Edit::new("tl.tanh(x)", "tl.sigmoid(x)").anchor("return"),
    );
    assert_eq!(err.kind(), "anchor_ambiguous");
    match err {
        EditError::AnchorAmbiguous { lines, .. } => assert_eq!(lines, [8, 12, 16]),
        other => panic!("{other:?}"),
    }
}

// An empty anchor means no anchor (agents send `anchor: ""`).
#[test]
fn empty_anchor_means_no_anchor() {
    let out = applied(KERNEL, &Edit::new("# TODO: fix this", "# fixed").anchor(""));
    assert_eq!(out.text, KERNEL.replace("# TODO: fix this", "# fixed"));
    let err = refused(KERNEL, &Edit::new("tl.tanh(x)", "tl.sigmoid(x)").anchor(""));
    assert_eq!(err.kind(), "ambiguous");
}

// `replace_all` replaces every occurrence, each reported with its lines.
#[test]
fn replace_all_replaces_every_occurrence() {
    let out = applied(
        KERNEL,
        &Edit::new("tl.tanh", "triton_gelu_approx").replace_all(true),
    );
    assert_eq!(out.text, KERNEL.replace("tl.tanh", "triton_gelu_approx"));
    assert_eq!(lines(&out), [(7, 7), (11, 11), (15, 15)]);
    assert!(out.matches.iter().all(|m| m.strategy == "exact"));
}

// `replace_all` replaces every whitespace variant, not only copies of the first one found
// (opencode replaced only the first variant's text).
#[test]
fn replace_all_replaces_every_whitespace_variant() {
    let out = applied(
        "if  (x) {\nif (x)  {\n",
        &Edit::new("if (x) {", "if (y) {").replace_all(true),
    );
    assert_eq!(out.text, "if (y) {\nif (y) {\n");
    assert_eq!(lines(&out), [(1, 1), (2, 2)]);
    assert!(out.matches.iter().all(|m| m.strategy == "inner_whitespace"));
}

// `replace_all` with an anchor replaces every occurrence after the anchor and none before it.
#[test]
fn replace_all_after_an_anchor_replaces_every_one_after_it() {
    let text = "fn a() { x(); }\nfn b() {\n  x();\n  x();\n}\n";
    let e = Edit::new("x();", "y();").replace_all(true).anchor("fn b");
    assert_eq!(
        apply(text, &e).unwrap().text,
        "fn a() { x(); }\nfn b() {\n  y();\n  y();\n}\n"
    );
}

// A `replace_all` of a block of several lines in a CRLF file, `old` and `new` sent with LF:
// every occurrence replaced, each with CRLF, whether the block is written as in the file, at
// another depth, in tabs for `old`'s spaces, or ends the file without a line break.
#[test]
fn replace_all_of_a_multi_line_block_in_a_crlf_file() {
    let cases: [(&str, &str, &str, &str); 4] = [
        (
            "a();\r\nb();\r\nx\r\na();\r\nb();\r\n",
            "a();\nb();",
            "c();\nd();",
            "c();\r\nd();\r\nx\r\nc();\r\nd();\r\n",
        ),
        (
            "a();\r\nb();\r\nx\r\na();\r\nb();\r\n",
            "a();\nb();\n",
            "c();\nd();\ne();\n",
            "c();\r\nd();\r\ne();\r\nx\r\nc();\r\nd();\r\ne();\r\n",
        ),
        (
            "    a();\r\n    b();\r\nx\r\n    a();\r\n    b();",
            "a();\nb();",
            "c();\nd();",
            "    c();\r\n    d();\r\nx\r\n    c();\r\n    d();",
        ),
        (
            "\ta();\r\n\tb();\r\nx\r\n\ta();\r\n\tb();\r\n",
            "    a();\n    b();",
            "    c();\n    d();",
            "\tc();\r\n\td();\r\nx\r\n\tc();\r\n\td();\r\n",
        ),
    ];
    for (file, old, new, want) in cases {
        let got = apply(file, &Edit::new(old, new).replace_all(true)).map(|o| o.text);
        assert_eq!(got.as_deref().ok(), Some(want), "{file:?} {old:?}: {got:?}");
    }
}

// `replace_all` over a multi-line `old` in a CRLF file: a copy with trailing blanks (which the
// model cannot see) is one of those it means, and changed with the others; a copy a letter off
// is another block, and stays.
#[test]
fn replace_all_takes_a_copy_with_trailing_blanks_and_leaves_one_a_letter_off() {
    let block = |tail: &str, arg: &str| {
        format!("\tif ready {{{tail}\r\n\t\tstart({arg});{tail}\r\n\t}}\r\n")
    };
    let file = format!(
        "{}x\r\n{}y\r\n{}z\r\n{}",
        block("", "a"),
        block("  ", "a"),
        block("", "b"),
        block("", "a")
    );
    let edit = Edit::new(
        "\tif ready {\n\t\tstart(a);\n\t}",
        "\tif ready {\n\t\tbegin(a);\n\t}",
    )
    .replace_all(true);
    let out = applied(&file, &edit);
    assert_eq!(
        out.text,
        format!(
            "{}x\r\n\tif ready {{  \r\n\t\tbegin(a);\r\n\t}}\r\ny\r\n{}z\r\n{}",
            block("", "a").replace("start", "begin"),
            block("", "b"),
            block("", "a").replace("start", "begin")
        )
    );
    assert_eq!(out.matches.len(), 3);
}
