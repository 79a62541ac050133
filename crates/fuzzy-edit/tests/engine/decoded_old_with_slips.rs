//! An `old` carrying a copying artifact (read-tool line numbers, literal `\n` escapes) and a
//! slip of memory besides: decoded, it goes through the looser strategies under the same
//! rules as a plain `old` — landed where the plain one lands, refused where it is refused.

use fuzzy_edit::{apply, Edit};

use crate::support::{applied, kind, strategy};

const TOTAL: &str = "def total(items):\n    count = 0\n    for item in items:\n        count += item.price\n    return count\n\n\ndef other():\n    pass\n";

/// `TOTAL`'s first five lines with `for itme` (a slip), numbered as a read tool shows them.
fn numbered_slipped() -> String {
    TOTAL
        .lines()
        .take(5)
        .enumerate()
        .map(|(i, l)| format!("{:6}\t{}", i + 1, l.replace("item in", "itme in")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn numbered_old_with_a_misremembered_line_lands_at_the_block() {
    let old = numbered_slipped();
    let new = "def total(items):\n    count = 0\n    for itme in items:\n        count += item.price\n    return count * 2";
    let out = applied(TOTAL, &Edit::new(old, new));
    // The file's own line is kept; only the changed line is written.
    assert_eq!(
        out.text,
        TOTAL.replace("    return count\n", "    return count * 2\n")
    );
    assert_eq!(out.matches[0].start_line, 1);
}

#[test]
fn numbered_old_missing_a_blank_line_lands() {
    let file = "a = 1\nb = 2\n\nc = 3\nd = 4\n";
    let out = applied(
        file,
        &Edit::new("     2\tb = 2\n     4\tc = 3", "b = 2\nc = 30"),
    );
    assert_eq!(out.text, "a = 1\nb = 2\n\nc = 30\nd = 4\n");
    assert_eq!(strategy(&out), "blank_lines");
}

#[test]
fn escaped_old_and_new_with_a_misremembered_line_land_decoded() {
    let old = r"def total(items):\n    count = 0\n    for itme in items:\n        count += item.price\n    return count";
    let new = r"def total(items):\n    count = 0\n    for itme in items:\n        count += item.price\n    return count * 2";
    let out = applied(TOTAL, &Edit::new(old, new));
    assert_eq!(
        out.text,
        TOTAL.replace("    return count\n", "    return count * 2\n")
    );
}

#[test]
fn escaped_old_copied_from_after_the_indentation_is_not_indented_twice() {
    // `old` starts at `foo`'s first character; `new` is whole lines with their indentation.
    let file = "def f():\n    foo(1)\n    bar(2)\n";
    let out = applied(
        file,
        &Edit::new(r"foo(1)\n    bar(2)", r"    foo(1)\n    bar(3)"),
    );
    assert_eq!(out.text, "def f():\n    foo(1)\n    bar(3)\n");
}

#[test]
fn a_decoded_old_is_refused_where_the_plain_one_is() {
    // Equally close to two twins: the plain `old` is refused as low confidence, and so is
    // the numbered one and the escaped one.
    let block = |name: &str| {
        format!("def {name}(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n")
    };
    let file = format!("{}\n\n{}", block("alpha"), block("alphb"));
    let plain = block("alphc").replace("total += x", "total += y");
    let new = plain.replace("return total", "return total + 1");
    assert_eq!(
        kind(&file, &Edit::new(plain.clone(), new.clone())),
        "low_confidence"
    );
    let numbered: String = plain
        .lines()
        .enumerate()
        .map(|(i, l)| format!("{}\u{2192}{l}\n", i + 1))
        .collect();
    assert_eq!(
        kind(&file, &Edit::new(numbered, new.clone())),
        "low_confidence"
    );
    let escaped = |s: &str| s.trim_end().replace('\n', r"\n");
    assert_eq!(
        kind(&file, &Edit::new(escaped(&plain), escaped(&new))),
        "low_confidence"
    );
}

#[test]
fn a_decoded_old_rewriting_a_misremembered_line_is_refused() {
    // `new` rewrites the very word the model misremembered (`goods` for `items`: not a slip of
    // the pen, which `new` would be respelled for): the model is wrong about the code.
    let old = numbered_slipped().replace("itme in items", "item in goods");
    let new = "def total(items):\n    count = 0\n    for item in stock:\n        count += item.price\n    return count";
    assert_eq!(
        kind(TOTAL, &Edit::new(old.clone(), new)),
        "content_mismatch"
    );
    let plain: String = old.lines().map(|l| &l[7..]).collect::<Vec<_>>().join("\n");
    assert_eq!(kind(TOTAL, &Edit::new(plain, new)), "content_mismatch");
}

#[test]
fn new_running_on_into_the_lines_after_a_fuzzy_block_is_refused() {
    // `old` (a blank line too many) ends at `switch`; `new` adds a case, then copies the
    // cases that already follow. Written in, they would stand twice.
    let file = "function f(x) {\n  let s = '';\n  x = g(x);\n  switch (x) {\n    case A:\n    case B:\n      s += 'ab';\n      break;\n  }\n  return s;\n}\n";
    let old = "  let s = '';\n\n  x = g(x);\n  switch (x) {";
    let new = "  let s = '';\n\n  x = g(x);\n  switch (x) {\n    case Z:\n      break;\n    case A:\n    case B:";
    let e = apply(file, &Edit::new(old, new)).unwrap_err();
    assert_eq!(e.kind(), "already_applied", "{e}");
    assert!(e.to_string().contains("lines 5-6"), "{e}");
    // Without the repeated lines the same fuzzy match applies.
    let new = "  let s = '';\n\n  x = g(x);\n  switch (x) {\n    case Z:\n      break;";
    let out = applied(file, &Edit::new(old, new));
    assert!(out
        .text
        .contains("  switch (x) {\n    case Z:\n      break;\n    case A:\n"));
}
