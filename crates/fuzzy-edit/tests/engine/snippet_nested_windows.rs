//! Lazy snippets whose first line is a generic closing line (`}`) the file holds above the
//! change more than once: the piece kept together at the nearest copy, or kept from a far copy
//! with the code between deleted by omission. Merged at the nearest copy when the piece shows
//! the code around its change evenly; refused when that reading is the less even one, or when
//! the piece opens with a new line (a stale copy of the line above the far copy, say), or when
//! the nearer reading deletes too and the farther one deletes one block more.

use fuzzy_edit::snippet::SnippetReason;
use fuzzy_edit::{apply_snippet, Options};

use super::support::{merged, reason};

const FNS_RS: &str = "fn a() {
    one();
}

fn b() {
    two();
}

fn c() {
    three();
    four();
    five();
}
";

/// `}`, `fn c() {` shown above the change and `four();`, `five();` below it: the `}` is `b`'s (the
/// lines stand together there), not `a`'s with `fn b` deleted by omission.
#[test]
fn a_piece_that_shows_its_change_evenly_stands_where_its_lines_stand_together() {
    let snippet = "// ... existing code ...
}

fn c() {
    seven();
    four();
    five();
// ... existing code ...
";
    assert_eq!(
        merged(FNS_RS, snippet),
        FNS_RS.replace("three();", "seven();")
    );
}

/// Three unchanged lines above the change and two below: as near even as the far reading's one
/// line above (then `fn b` deleted) and two below; the tie goes to the lines standing together.
#[test]
fn a_piece_one_line_from_even_stands_where_its_lines_stand_together() {
    let file = FNS_RS.replace("    five();\n", "    five();\n    six();\n");
    let snippet = "// ... existing code ...
}

fn c() {
    three();
    eight();
    five();
    six();
// ... existing code ...
";
    assert_eq!(merged(&file, snippet), file.replace("four();", "eight();"));
}

/// The far `}` window pairs the piece's distinctive line (`let seg = …`) past the nearer `}`
/// it deletes; the nearer window prunes it. It then no longer keeps that line from deciding
/// against the window from the `}` below, which pairs only `}` and `});`.
#[test]
fn a_pruned_far_window_leaves_the_distinctive_line_to_decide() {
    let file = "\t\t}
\t\t}
\t\tlet seg = &data[start..i];

\t\tlet ok = for_each(seg, scratch, |_, w| {
\t\t\twidth += w;
\t\t\twidth <= limit
\t\t});
\t\t}
\t\t});
";
    let snippet = "\t\t// ... existing code ...
\t\t}
\t\tlet seg = &data[start..i];

\t\tlet ok = for_each(seg, |_, w| {
\t\t\twidth += w;
\t\t\twidth <= limit
\t\t});
\t\t// ... existing code ...
";
    assert_eq!(
        merged(file, snippet),
        file.replace("seg, scratch, |_", "seg, |_")
    );
}

/// Two unchanged lines above the change and one below: the piece reads as well as `}` with
/// the block below it deleted, then `// merge`, the change and `// done`. Refused.
#[test]
fn a_piece_that_reads_more_evenly_from_the_far_copy_is_refused() {
    let file = "fn f() {
    if a {
        one();
    }
    if b {
        two();
    }
    // merge
    old();
    // done
    tail();
}
";
    let snippet = "    // ... existing code ...
    }
    // merge
    new();
    // done
    // ... existing code ...
";
    assert_eq!(reason(file, snippet), SnippetReason::Ambiguous);
}

/// The piece's first line is the file's `check(ext)` misremembered (`checkX(ext)`), above the
/// `}` that follows it: at the nearer `}` it would be a new line, at the far one a stale copy.
/// Refused, not written as new at the nearer place.
#[test]
fn a_stale_line_above_the_far_copy_keeps_the_piece_refused() {
    let file = "fn a(ext: &str) -> bool {
    check(ext)
}

fn b() -> u8 {
    let x = 1;
    x
}

fn c() {
    three();
    four();
    five();
}
";
    let snippet = "// ... existing code ...
    checkX(ext)
}

fn c() {
    three();
    four();
// ... existing code ...
";
    assert!(apply_snippet(file, snippet, &Options::default()).is_err());
}

/// The nearer `}` window pairs every line the far one pairs (`}`, `class B {`, `go() {` …) and
/// writes the new constructor; the far `}` (class `Z`'s) would delete class `A` besides. Its
/// new `constructor(` line stands in class `C` too: that does not keep the far window open.
#[test]
fn a_new_line_the_file_holds_elsewhere_keeps_no_far_window_open() {
    let file = "class Z {
    z() {}
}

class A {
    m() {}
}

class B {
    constructor(private readonly store: Store) {}

    go() {
        return this.store.go();
    }

    stop() {
        return this.store.stop();
    }
}

class C {
    constructor(
        private readonly store: Store,
    ) {}
}
";
    let snippet = "// ... existing code ...
}

class B {
    constructor(
        private readonly store: Store,
        private readonly dir: string,
    ) {}

    go() {
        return this.store.go();
    }

    stop() {
// ... existing code ...
";
    assert_eq!(
        merged(file, snippet),
        file.replacen(
            "    constructor(private readonly store: Store) {}\n",
            "    constructor(\n        private readonly store: Store,\n        private readonly dir: string,\n    ) {}\n",
            1
        )
    );
}

/// `}`, `}` shown above `let t = 1;`: after `if b`'s block, `if d` deleted; or after `if a`'s,
/// `if b` and `if d` deleted. The nearer reading is itself a deletion, so the farther one,
/// deleting one block more, is as likely: refused.
#[test]
fn a_deletion_below_the_nearer_copy_leaves_the_farther_reading_open() {
    let file = "fn main() {
    if a {
        if e {
            one();
        }
    }
    if b {
        if c {
            two();
        }
    }
    if d {
        three();
    }
    let t = 1;
}
";
    let snippet = "    // ... existing code ...
        }
    }
    let t = 1;
    // ... existing code ...
";
    assert_eq!(reason(file, snippet), SnippetReason::Ambiguous);
}

/// The piece rewrites the first `req(…)` call (`r = req(…)`, `r.scheme…`) and shows the next
/// call's first two lines as context. Read from the nearer copy of its last line, the rewritten
/// lines would be written beside the old ones, kept; from the farther copy they replace them.
/// A new line that edits a line a window deletes is one change, so the farther window is as
/// good a reading: refused, not merged beside the old call.
#[test]
fn new_lines_that_edit_deleted_lines_keep_the_farther_window_open() {
    let file = r#"  it "x" do
    req("HOST" => "2.3",
      "H" => "2.3").
      authority.must_be_nil

    req("F" => "proto",
      "P" => "ws",
      "S" => "http").
      scheme.must_be_nil

    req("F" => "proto",
      "S" => "http").
      scheme.must_be_nil
  end
"#;
    let snippet = r#"    # ... existing code ...
      "H" => "2.3").
      authority.must_be_nil

    r = req("F" => "proto",
      "SSL" => "on",
      "P" => "ws",
      "S" => "http")
    r.scheme.must_be_nil

    req("F" => "proto",
      "S" => "http").
    # ... existing code ...
"#;
    assert_eq!(reason(file, snippet), SnippetReason::Ambiguous);
}

const SEGMENT_RS: &str = "fn f(segment: &[u16]) -> bool {
    if fast(segment) {
        return true;
    }

    if ascii(segment) {
        walk(segment);
        return true;
    }

    // Slow path: decode
    SCRATCH.with(|scratch| {
        scratch.clear();
    })
}
";

/// `return true;`, `}` above the line held once (`SCRATCH.with…`): beside it, the comment line
/// between them deleted; or at the first `if`'s end, the `if ascii` block deleted too. Both
/// readings delete: refused.
#[test]
fn a_pinned_piece_whose_nearer_reading_deletes_leaves_the_farther_one_open() {
    let snippet = "    // ... existing code ...
        return true;
    }

    SCRATCH.with(|scratch| {
        scratch.clear();
    // ... existing code ...
";
    assert_eq!(reason(SEGMENT_RS, snippet), SnippetReason::Ambiguous);
}

/// The same piece rewriting the comment line: it stands beside the line held once.
#[test]
fn a_pinned_piece_whose_nearer_reading_rewrites_a_line_stands_there() {
    let snippet = "    // ... existing code ...
        return true;
    }

    // Slow path: decode into scratch
    SCRATCH.with(|scratch| {
        scratch.clear();
    // ... existing code ...
";
    assert_eq!(
        merged(SEGMENT_RS, snippet),
        SEGMENT_RS.replace("decode\n", "decode into scratch\n")
    );
}
