//! Misremembered blocks, found: block anchor's windows, its floor, and rivals that make it refuse.

use fuzzy_edit::{Edit, EditError};

use crate::support::{applied, kind, lines, refused, sorted_locations, strategy};

/// A 10-line block for the floor tests: anchors `fn boundary() {` and `}`, five equal middle
/// lines and three lines that old may misremember.
const BOUNDARY: &str = "\
fn boundary() {
    let e1 = 1;
    aaa0000000
    let e2 = 2;
    bbb0000000
    let e3 = 3;
    ccc0000000
    let e4 = 4;
    let e5 = 5;
}
";

// Block anchor needs three non-blank lines (two anchors and a middle): a misremembered two-line
// `old` is not found, and the feedback points at the block.
#[test]
fn block_anchor_needs_three_lines() {
    let file = "fn a() {\n    let total = compute(1);\n}\n";
    let err = refused(
        file,
        &Edit::new(
            "fn a() {\n    let total = compute(2);",
            "fn a() {\n    let total = compute(3);",
        ),
    );
    assert_eq!(err.kind(), "not_found");
    match err {
        EditError::NotFound {
            closest: Some(f), ..
        } => assert_eq!((f.start_line, f.end_line), (1, 2)),
        other => panic!("{other:?}"),
    }
}

// Two of three middle lines equal is enough for a candidate; the misremembered line keeps the
// file's text.
#[test]
fn block_with_most_middle_lines_equal_is_matched() {
    let file =
        "fn setup() {\n    let a = load_a();\n    let b = load_b();\n    let c = load_c();\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "fn setup() {\n    let a = load_a();\n    let b = load_bee();\n    let c = load_c();\n}",
            "fn setup() {\n    let a = load_a();\n    let b = load_bee();\n    let c = load_c(true);\n}",
        ),
    );
    assert_eq!(
        out.text,
        "fn setup() {\n    let a = load_a();\n    let b = load_b();\n    let c = load_c(true);\n}\n"
    );
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 5)]);
}

// Fewer than half of the middle lines equal is no candidate, however well the anchors match.
#[test]
fn block_with_most_middle_lines_different_is_not_matched() {
    let file =
        "fn setup() {\n    let a = load_a();\n    let b = load_b();\n    let c = load_c();\n}\n";
    let err = refused(
        file,
        &Edit::new(
            "fn setup() {\n    let x = init();\n    let y = init();\n    let c = load_c();\n}",
            "fn setup() {}",
        ),
    );
    assert_eq!(err.kind(), "not_found");
}

// A single candidate is not accepted on its anchors alone: opencode's legacy anchor took any
// middle when there was one candidate and replaced lines the model had invented.
#[test]
fn single_candidate_with_hallucinated_middle_is_not_matched() {
    let file = "\
fn parse(input: &str) -> Result<Ast> {
    let tokens = lex(input)?;
    let ast = build(tokens)?;
    Ok(ast)
}
";
    let old = "\
fn parse(input: &str) -> Result<Ast> {
    let cfg = Config::load()?;
    validate(&cfg)?;
    Ok(ast)
}";
    let new = "fn parse(input: &str) -> Result<Ast> {\n    todo!()\n}";
    let err = refused(file, &Edit::new(old, new));
    assert_eq!(err.kind(), "not_found");
}

// Common anchors like `}` do not make a block: hallucinated middle lines between them are not
// matched (opencode replaced the lines between two unrelated braces).
#[test]
fn hallucinated_middle_between_brace_anchors_is_not_matched() {
    let file = "\
fn a() {
    one();
}
fn b() {
    two();
}
fn c() {
    three();
}
";
    let old = "}\n    hallucinated_one();\n    hallucinated_two();\n}";
    let err = refused(file, &Edit::new(old, "}\n}"));
    assert_eq!(err.kind(), "not_found");
}

// First and last lines of `old` far apart in the file do not span the lines between them: a
// one-line CSS change once deleted 2,337 lines that way in opencode.
#[test]
fn anchors_far_apart_do_not_swallow_the_lines_between() {
    let mut file = String::from("a {\n  outline-offset: 3px;\n}\n\n");
    for i in 0..100 {
        file.push_str(&format!(".c{i} {{ x: {i} }}\n"));
    }
    file.push_str(
        "/* ================================================================\n   27. MOBILE TOUCH FEEDBACK\n   ================================================================ */\n",
    );
    let old = "  outline-offset: 3px;\n}\n\n/* ================================================================\n   27. MOBILE TOUCH FEEDBACK";
    let err = refused(&file, &Edit::new(old, "  outline-offset: 2px;"));
    assert_eq!(err.kind(), "not_found");
}

// An `old` ending in a newline still has its middle lines checked (in opencode the trailing
// newline made a 3-line block skip the check and the body line was deleted).
#[test]
fn old_ending_in_newline_does_not_bypass_the_middle_line_check() {
    let file = "function foo() {\n  importantBody()\n}\n";
    let err = refused(
        file,
        &Edit::new("function foo() {\n}\n", "function foo() {\n  return 1\n}\n"),
    );
    assert_eq!(err.kind(), "not_found");
    // Three lines with a hallucinated middle, ending in a newline.
    let err = refused(
        file,
        &Edit::new(
            "function foo() {\n  otherBody()\n}\n",
            "function foo() {\n  return 1\n}\n",
        ),
    );
    assert_eq!(err.kind(), "not_found");
}

// Two blocks with the same anchors and a middle line never equal to `old`'s are not candidates,
// so neither is guessed (peers took the first).
#[test]
fn equal_block_anchor_candidates_are_not_guessed_between() {
    let file = "start\nactual abd\nend\nnoise\nstart\nactual abe\nend\n";
    // One middle line, never equal: no window has half its middle lines equal.
    let err = refused(file, &Edit::new("start\nactual abf\nend", "changed"));
    assert_eq!(err.kind(), "not_found");
}

// An `old` that dropped a line of the block still matches, and the dropped line is kept.
#[test]
fn block_with_a_missing_line_is_matched_within_the_line_tolerance() {
    let file = "\
def kernel(x):
    a = load(x)
    b = scale(a)
    c = shift(b)
    d = clamp(c)
    return d
";
    let old = "def kernel(x):\n    a = load(x)\n    c = shift(b)\n    d = clamp(c)\n    return d";
    let new =
        "def kernel(x):\n    a = load(x)\n    c = shift(b)\n    d = clamp(c, 0)\n    return d";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("clamp(c)", "clamp(c, 0)"));
    // Every line of `old` is the file's, one left out: found by its lines.
    assert_eq!(strategy(&out), "line_slips");
    assert_eq!(lines(&out), [(1, 6)]);
}

// An `old` with one invented line still matches, and the invented line is not written into the
// file.
#[test]
fn block_with_an_extra_line_is_matched_within_the_line_tolerance() {
    let file = "\
def kernel(x):
    a = load(x)
    b = scale(a)
    c = shift(b)
    d = clamp(c)
    return d
";
    let old = "def kernel(x):\n    a = load(x)\n    b = scale(a)\n    b2 = scale(b)\n    c = shift(b)\n    d = clamp(c)\n    return d";
    let new = "def kernel(x):\n    a = load(x)\n    b = scale(a)\n    b2 = scale(b)\n    c = shift(b)\n    d = clamp(c, 0)\n    return d";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("clamp(c)", "clamp(c, 0)"));
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 6)]);
}

// A block scoring exactly the floor, 0.80 (8 of 10 lines equal, 2 entirely different), is applied.
#[test]
fn fuzzy_score_at_the_floor_applies() {
    let old = BOUNDARY
        .trim_end()
        .replace("aaa0000000", "1111111111")
        .replace("bbb0000000", "2222222222");
    let new = old.replace("let e5 = 5;", "let e5 = 50;");
    let out = applied(BOUNDARY, &Edit::new(old, new));
    assert_eq!(
        out.text,
        BOUNDARY.replace("let e5 = 5;", "let e5 = 50;"),
        "the misremembered lines keep the file's text"
    );
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 10)]);
    assert_eq!(out.matches[0].score, 0.8);
}

// A block scoring 0.79 (7 of 10 lines equal, 3 lines 30% similar) is below the floor: not found,
// and shown as the closest fragment with its score.
#[test]
fn fuzzy_score_just_below_the_floor_is_not_found() {
    let old = BOUNDARY
        .trim_end()
        .replace("aaa0000000", "aaa1111111")
        .replace("bbb0000000", "bbb1111111")
        .replace("ccc0000000", "ccc1111111");
    let new = old.replace("let e5 = 5;", "let e5 = 50;");
    let err = refused(BOUNDARY, &Edit::new(old, new));
    assert_eq!(err.kind(), "not_found");
    match err {
        EditError::NotFound {
            closest: Some(f), ..
        } => {
            assert_eq!((f.start_line, f.end_line), (1, 10));
            assert_eq!(f.similarity, 0.79);
        }
        other => panic!("{other:?}"),
    }
}

// A block holding every line of `old` but longer than a window may be is a rival to the near
// match elsewhere: the model may have left lines out of it, so the edit is refused.
#[test]
fn a_block_holding_all_of_old_rivals_a_near_match() {
    let text = "class A:\n    def save(self):\n        self.validate()\n        self.pre_save()\n        self.audit()\n        self.touch()\n        self.db.write(self)\n        return True\n\nclass B:\n    def save(self):\n        self.validate()\n        self.cache.write(self)\n        return True\n";
    let e = Edit::new(
        "    def save(self):\n        self.validate()\n        self.db.write(self)\n        return True",
        "    def save(self):\n        self.validate()\n        self.db.write(self)\n        return self.id",
    );
    assert_eq!(kind(text, &e), "low_confidence");
}

// Lines are scored by characters, not bytes: accented text and emoji neither sink the score nor
// get split, and the file's spelling of a misremembered line is kept.
#[test]
fn multibyte_text_is_scored_by_characters() {
    let file = "fn greet() {\n    println!(\"héllo wörld ✓ 🎉\");\n    done();\n}\n";
    let old = "fn greet() {\n    println!(\"hello world ✓ 🎉\");\n    done();\n}";
    let new = "fn greet() {\n    println!(\"hello world ✓ 🎉\");\n    finish();\n}";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "fn greet() {\n    println!(\"héllo wörld ✓ 🎉\");\n    finish();\n}\n"
    );
    assert_eq!(strategy(&out), "block_anchor");
}

/// A block `fn steps() {` … `}` with `n` numbered step lines between the braces, where
/// `invented` lists the steps after which `old` adds a line the file does not have, and
/// `dropped` the steps `old` leaves out.
fn steps(n: usize, invented: &[usize], dropped: &[usize]) -> String {
    let mut out = vec!["fn steps() {".to_string()];
    for i in 1..=n {
        if !dropped.contains(&i) {
            out.push(format!("    step_{i}();"));
        }
        if invented.contains(&i) {
            out.push(format!("    invented_after_{i}();"));
        }
    }
    out.push("}".to_string());
    out.join("\n")
}

// A window may be up to two lines shorter than `old`: an `old` with two invented lines (8 of its
// 10 lines in the file, the floor) still finds the block, and the invented lines stay out.
#[test]
fn window_two_lines_shorter_than_old_is_a_candidate() {
    let file = format!("{}\n", steps(6, &[], &[]));
    let old = steps(6, &[2, 4], &[]);
    assert_eq!(old.lines().count(), 10);
    let new = old.replace("step_6();", "step_6(true);");
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("step_6();", "step_6(true);"));
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 8)]);
}

// Three lines shorter is outside the window: 12 of `old`'s 15 lines are in the file, a score at
// the floor, but no such window is tried, so it is not found.
#[test]
fn window_three_lines_shorter_than_old_is_not_a_candidate() {
    let file = format!("{}\n", steps(10, &[], &[]));
    let old = steps(10, &[2, 4, 6], &[]);
    assert_eq!(old.lines().count(), 15);
    let new = old.replace("step_10();", "step_10(true);");
    let err = refused(&file, &Edit::new(old, new));
    assert_eq!(err.kind(), "not_found");
    // The block is shown as the closest fragment, scoring the floor.
    match err {
        EditError::NotFound {
            closest: Some(f), ..
        } => {
            assert_eq!((f.start_line, f.end_line), (1, 12));
            assert_eq!(f.similarity, 0.8);
        }
        other => panic!("{other:?}"),
    }
}

// A window may be up to two lines longer than `old`: an `old` that left out two lines of a
// 10-line block (score 0.8, the floor) finds it, and the lines left out are kept.
#[test]
fn window_two_lines_longer_than_old_is_a_candidate() {
    let file = format!("{}\n", steps(8, &[], &[]));
    let old = steps(8, &[], &[2, 4]);
    assert_eq!(old.lines().count(), 8);
    let new = old.replace("step_8();", "step_8(true);");
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("step_8();", "step_8(true);"));
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 10)]);
}

// Three lines longer is outside the window: `old` left out 3 of a 15-line block's lines (the
// score would reach the floor), and it is not found.
#[test]
fn window_three_lines_longer_than_old_is_not_a_candidate() {
    let file = format!("{}\n", steps(13, &[], &[]));
    let old = steps(13, &[], &[2, 4, 6]);
    assert_eq!(old.lines().count(), 12);
    let new = old.replace("step_13();", "step_13(true);");
    assert_eq!(kind(&file, &Edit::new(old, new)), "not_found");
}

// A block holding every line of `old` in order, but with more lines between them than a window
// allows, is a rival to a near match elsewhere: the model may have left lines out of it. Alone,
// the near match applies; with the rival, the edit is refused as low confidence, naming both.
#[test]
fn block_holding_all_of_old_but_longer_than_a_window_is_a_rival() {
    let near = "fn save() {\n    validate();\n    write_cache();\n    touch();\n}\n";
    let rival = "fn save() {\n    validate();\n    audit();\n    write_db();\n    log();\n    flush();\n    touch();\n}\n";
    let old = "fn save() {\n    validate();\n    write_db();\n    touch();\n}";
    let new = "fn save() {\n    validate();\n    write_db();\n    touch(now);\n}";
    let out = applied(near, &Edit::new(old, new));
    assert_eq!(out.text, near.replace("touch();", "touch(now);"));
    assert_eq!(strategy(&out), "block_anchor");
    let file = format!("{near}\n{rival}");
    let err = refused(&file, &Edit::new(old, new));
    assert_eq!(err.kind(), "low_confidence");
    assert_eq!(sorted_locations(&err), [(1, 5), (7, 14)]);
}

// `old` repeats its closing line at one depth where the file closes two blocks at two, and
// `new` drops one of the pair: which one the model meant is the diff's coin toss, and the
// file's two lines differ. Refused (it deleted the inner `</div>` and left the outer).
#[test]
fn deleting_one_of_two_lines_the_model_wrote_alike_is_refused() {
    let file = "<div>\n  <div>\n    <span>{{ key }}</span>\n  </div>\n</div>\n<p>after</p>\n";
    let old = "  <div>\n    <span>{{ key }}</span>\n  </div>\n  </div>";
    let new = "  <div>\n  </div>";
    assert_eq!(kind(file, &Edit::new(old, new)), "content_mismatch");
    // Kept, both stay: the model's change elsewhere merges as before.
    let new = "  <div>\n    <span>{{ value }}</span>\n  </div>\n  </div>";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("key", "value"));
}

// The same coin toss inside a hunk that also rewrites lines: `new` renames a variable and
// has one `  }` where `old` has two (the file: `  }` and `}`). The diff may pair `new`'s `  }`
// with either; the file's closing lines differ, so it is refused, not one of them lost.
#[test]
fn a_rewrite_that_drops_one_of_two_closing_lines_written_alike_is_refused() {
    let file = "<?php\nclass T extends Base {\n  public function testA() {\n    $t = make();\n    check($t);\n  }\n}\n";
    let old = "class T extends Base {\n  public function testA() {\n    $t = make();\n    check($t);\n  }\n  }";
    let new = "class T extends Base {\n  public function testA() {\n    $tX = make();\n    check($tX);\n  }";
    assert_eq!(kind(file, &Edit::new(old, new)), "content_mismatch");
    // Both kept: the rename lands.
    let new = "class T extends Base {\n  public function testA() {\n    $tX = make();\n    check($tX);\n  }\n  }";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("$t", "$tX"));
}

// Two lines swapped in `old`: the window holds one of them and the file has the other just
// above it. Merged against the window, `new`'s line in the file's order was written a second
// time (a duplicate `"parameters": {`). Refused.
#[test]
fn lines_in_another_order_than_the_files_are_refused() {
    let file = "{\n    \"version\": \"1.0\",\n    \"parameters\": {\n        \"Region\": {\n            \"required\": false,\n            \"type\": \"String\"\n        }\n    }\n}\n";
    let old = "        \"Region\": {\n    \"parameters\": {\n            \"required\": false,\n            \"type\": \"String\"\n        }";
    let new = "    \"parameters\": {\n        \"Region\": {\n            \"required\": false,\n            \"type\": \"Str\"\n        }";
    refused(file, &Edit::new(old, new));
}

// The same deletion where `old` writes the two closing lines at their own depths (another line
// is what it misindented): which one goes is no guess, and the edit lands.
#[test]
fn deleting_one_of_two_closing_lines_written_apart_lands() {
    let file =
        "mod a {\n    fn f() {\n        g();\n    }\n}\n\nimpl B for C {\n    fn h(&self) {\n";
    let old = "    }\n}\n\nimpl B for C {\n     fn h(&self) {";
    let new = "    }\n\nimpl B for C {\n     fn h(&self) {";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("    }\n}\n\n", "    }\n\n"));
}
