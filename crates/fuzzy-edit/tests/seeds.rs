//! Behaviour the design documents describe, one test per behaviour.
//!
//! Sources (see `shared/seeds/` and `shared/reference/peers.md`):
//! - seed 000: opencode's legacy 3-tier cascade (exact → line-trimmed → block anchor) and its
//!   failure modes (false positives among similar blocks, Levenshtein cost, lazy models);
//! - seed 001: opencode's current 9-replacer cascade and its single-match / replace-all logic;
//! - seed 002: the DiffCoder design (scenarios §3.3, matching levels §4, ambiguity, anchor and
//!   replace_all §5, several modifications §6, failure feedback §8, engineering items §12.3);
//! - seed 003: the Kiro CLI PR (exact → line-trimmed → block anchor, unambiguous only) and its tests;
//! - seed 004: the Coder PR (exact → trim-right lines → trim lines) and its cases;
//! - peers.md "Confirmed holes": the wrong edits the peers make, which must be refused or done right.
//!
//! Every test asserts the exact resulting text, or the exact error kind (`err.kind()`), and the
//! reported lines where they matter.

use fuzzy_edit::{apply, apply_edits, Applied, Edit, EditError, Mode};

/// Apply `edit`, panicking with the refusal if there is one.
fn applied(text: &str, edit: &Edit) -> Applied {
    match apply(text, edit) {
        Ok(out) => out,
        Err(e) => panic!("expected the edit to apply, got {}: {e}", e.kind()),
    }
}

/// Apply `edit`, panicking with the result if it was not refused.
fn refused(text: &str, edit: &Edit) -> EditError {
    match apply(text, edit) {
        Ok(out) => panic!(
            "expected a refusal, got text {:?} (strategy {:?})",
            out.text,
            out.matches.iter().map(|m| m.strategy).collect::<Vec<_>>()
        ),
        Err(e) => e,
    }
}

/// (start_line, end_line) of every match, in text order.
fn lines(out: &Applied) -> Vec<(usize, usize)> {
    out.matches
        .iter()
        .map(|m| (m.start_line, m.end_line))
        .collect()
}

/// The strategy of the only match.
fn strategy(out: &Applied) -> &'static str {
    assert_eq!(out.matches.len(), 1, "{:?}", out.matches);
    out.matches[0].strategy.as_str()
}

/// Locations an error points at, sorted.
fn sorted_locations(e: &EditError) -> Vec<(usize, usize)> {
    let mut l = e.locations();
    l.sort_unstable();
    l
}

// ---------------------------------------------------------------------------------------------
// Seed 002's Triton kernel, used by the §3.3 scenarios and §5 ambiguity tests.

const KERNEL: &str = "\
import triton
import triton.language as tl

@triton.jit
def gelu(input):
    # TODO: fix this
    output = tl.tanh(input)
    return output

def backward(x, dx):
    grad = tl.tanh(x) * dx
    return grad

def forward(x):
    y = tl.tanh(x)
    return y
";

// ---------------------------------------------------------------------------------------------
// Seed 000 — opencode's legacy 3-tier cascade.

// Seed 000 "Tier 1: SimpleReplacer, exact string match"; seed 001 §1; seed 003 "Exact match
// (happy path)".
#[test]
fn exact_match_replaces_in_place() {
    let file = "function hello() {\n  console.log(\"world\");\n}";
    let out = applied(
        file,
        &Edit::new("console.log(\"world\");", "console.log(\"universe\");"),
    );
    assert_eq!(
        out.text,
        "function hello() {\n  console.log(\"universe\");\n}"
    );
    assert_eq!(strategy(&out), "exact");
    assert_eq!(lines(&out), [(2, 2)]);
    assert_eq!(out.matches[0].score, 1.0);
    assert!(!out.sequential);
}

// Seed 000 "Tier 2: LineTrimmedReplacer — catches indentation errors (2 spaces vs 4 spaces vs
// tab)"; peers.md "new text not re-indented": a 2-space-nested block in a 4-space file.
#[test]
fn indentation_drift_matches_and_new_lines_take_the_file_indent_unit() {
    let file = "def f():\n    if ok:\n        run()\n    return 1\n";
    let out = applied(
        file,
        &Edit::new("if ok:\n  run()", "if ok:\n  run()\n  log()"),
    );
    assert_eq!(
        out.text,
        "def f():\n    if ok:\n        run()\n        log()\n    return 1\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 3)]);
}

// Seed 000 "Tier 3: BlockAnchorReplacer — model remembers block approximately"; seed 003's
// block-anchor example (a context line with a comment the file does not have).
#[test]
fn block_anchor_accepts_a_misremembered_context_line_and_keeps_the_file_line() {
    let file = "fn calculate() {\n    let result = a + b;\n    return result;\n}\n";
    let old = "fn calculate() {\n    let result = a + b; // sum\n    return result;\n}";
    let new = "fn calculate() {\n    let result = a + b; // sum\n    return result * 2;\n}";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "fn calculate() {\n    let result = a + b;\n    return result * 2;\n}\n"
    );
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 4)]);
    assert!(out.matches[0].score >= 0.8 && out.matches[0].score < 1.0);
}

// Seed 000 failure mode 3 ("model learns to be lazy ... risk of silent wrong edits"); seed 003's
// block-anchor example, where the edit rewrites the very line the model misremembered.
#[test]
fn changing_a_misremembered_line_is_refused_as_content_mismatch() {
    let file = "fn calculate() {\n    let result = a + b;\n    return result;\n}\n";
    let old = "fn calculate() {\n    let result = a + b; // sum\n    return result;\n}";
    let new = "fn calculate() {\n    let result = a + b + c; // sum\n    return result;\n}";
    let err = refused(file, &Edit::new(old, new));
    assert_eq!(err.kind(), "content_mismatch");
    assert_eq!(err.locations(), [(1, 4)]);
    match err {
        EditError::ContentMismatch {
            strategy,
            old_text,
            file_text,
            ..
        } => {
            assert_eq!(strategy, "block_anchor");
            assert!(old_text.contains("a + b; // sum"), "{old_text}");
            assert!(file_text.contains("let result = a + b;"), "{file_text}");
            assert!(
                file_text.contains('2'),
                "file line number shown: {file_text}"
            );
        }
        other => panic!("{other:?}"),
    }
}

// Seed 000 "Chỉ áp dụng cho block >= 3 dòng" (block anchor only for blocks of 3+ lines): a
// 2-line old with a misremembered line is not found, and the feedback points at the block.
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

// Seed 000 "Adaptive threshold: 0.0 when there is one candidate" (accepts any middle); peers.md
// "anchors without a middle": a single candidate whose middle lines are hallucinated must not
// be matched.
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

// Seed 000 failure mode 1 ("false positive match: threshold 0.3 with several candidates can pick
// the wrong block in boilerplate"); seed 002 §4.4; peers.md harness "two similar functions, first
// wins": two blocks equally close to old must be refused, naming both.
#[test]
fn equally_close_similar_blocks_are_refused_as_low_confidence() {
    let file = "\
def f():
    x = 1
    y = 2
    return x
def f():
    x = 1
    y = 3
    return x
";
    let old = "def f():\n    x = 1\n    y = 9\n    return x";
    let err = refused(file, &Edit::new(old, "def g():\n    pass"));
    assert_eq!(err.kind(), "low_confidence");
    assert_eq!(sorted_locations(&err), [(1, 4), (5, 8)]);
}

// Seed 000 failure mode 2 ("Levenshtein O(n×m) with big files"); peers.md "Speed": one 21,000-
// character line took opencode 30 s. A misremembered long line must be answered quickly.
#[test]
fn a_very_long_misremembered_line_is_answered_quickly() {
    let long: String = (0..3000).map(|i| format!("v{i:05} ")).collect();
    assert!(long.len() >= 21_000);
    let file = format!("start()\n{long}\nend()\n");
    let mut changed = long.clone();
    changed.replace_range(10_000..10_005, "XXXXX");
    let old = format!("start()\n{changed}\nend()");
    let t = std::time::Instant::now();
    let err = refused(&file, &Edit::new(old, "start()\nend()"));
    assert_eq!(err.kind(), "not_found");
    assert!(t.elapsed().as_secs() < 10, "took {:?}", t.elapsed());
}

// Seed 000 failure mode 2; peers.md "Speed": 20,000 identical lines with a missing anchor took
// opencode ~3 s. Here old's anchors occur 20,000 times but its middle line never.
#[test]
fn twenty_thousand_identical_lines_with_a_missing_middle_are_answered_quickly() {
    let file = "    x = 1;\n".repeat(20_000);
    let t = std::time::Instant::now();
    let err = refused(
        &file,
        &Edit::new("    x = 1;\n    y = 2;\n    x = 1;", "    z = 3;"),
    );
    assert_eq!(err.kind(), "not_found");
    let err = refused(
        &file,
        &Edit::new("fn missing() {\n    x = 1;\n}", "fn found() {}"),
    );
    assert_eq!(err.kind(), "not_found");
    assert!(t.elapsed().as_secs() < 10, "took {:?}", t.elapsed());
}

// ---------------------------------------------------------------------------------------------
// Seed 001 — opencode's current cascade.

// Seed 001 §4 WhitespaceNormalizedReplacer ("multiple spaces → single space, tabs → space");
// seed 002 §4.1 L3 and §12.3.9 "whitespace normalization with tab vs space".
#[test]
fn runs_of_spaces_and_tabs_match_one_space() {
    let file = "x\t=\t1\ny   =  2\nz = 3\n";
    let out = applied(file, &Edit::new("x = 1\ny = 2", "x = 1\ny = 20"));
    assert_eq!(out.text, "x\t=\t1\ny = 20\nz = 3\n");
    assert_eq!(strategy(&out), "inner_whitespace");
    assert_eq!(lines(&out), [(1, 2)]);
}

// Seed 001 §4 WhitespaceNormalizedReplacer "for single-line matches, also tries regex pattern
// matching (words joined by \s+)"; seed 002 §4.1 L3 (whitespace-normalized matching of the
// fragment): a one-line old that occurs once inside a line, modulo runs of whitespace.
#[test]
fn whitespace_variant_inside_a_line_is_matched() {
    let out = applied(
        "    let  x = 1; // note\n",
        &Edit::new("let x = 1;", "let x = 2;"),
    );
    assert_eq!(out.text, "    let x = 2; // note\n");
    assert_eq!(lines(&out), [(1, 1)]);
}

// Seed 001 §4 "Newlines in unexpected places" (whitespace collapsing treats `\n` as a space);
// opencode-issues harness "multiline old matched inside one line": desired error.
#[test]
fn whitespace_normalization_does_not_match_a_multiline_old_inside_one_line() {
    let err = refused("call(a, b)\n", &Edit::new("a,\nb", "z"));
    assert_eq!(err.kind(), "not_found");
}

// Seed 001 §5 IndentationFlexibleReplacer ("LLM consistently wrong about indentation level");
// peers.md "new text not re-indented" (harness probe: class method written at depth 0).
#[test]
fn block_at_the_wrong_depth_is_matched_and_new_text_reindented() {
    let file = "class A {\n    method() {\n        doIt()\n        done()\n    }\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "method() {\n    doIt()\n    done()\n}",
            "method() {\n    doIt(true)\n    done()\n}",
        ),
    );
    assert_eq!(
        out.text,
        "class A {\n    method() {\n        doIt(true)\n        done()\n    }\n}\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 5)]);
}

// Seed 001 §6 EscapeNormalizedReplacer; seed 002 §9.1 rule 6 and §12.3.6 (models write literal
// `\n` instead of newlines).
#[test]
fn literal_backslash_n_in_old_and_new_is_unescaped() {
    let file = "def relu(x):\n    return x if x > 0 else 0\n";
    let out = applied(
        file,
        &Edit::new(
            r"def relu(x):\n    return x if x > 0 else 0",
            r"def relu(x):\n    return max(x, 0)",
        ),
    );
    assert_eq!(out.text, "def relu(x):\n    return max(x, 0)\n");
    assert_eq!(strategy(&out), "escapes");
    assert_eq!(lines(&out), [(1, 2)]);
}

// Seed 001 §6 EscapeNormalizedReplacer "tries both: 1. unescaping the search string, 2. finding
// escaped content that matches the unescaped search": the file holds `\n` inside a string
// literal, old and new were decoded once too often and carry a real newline there.
#[test]
fn escaped_text_in_the_file_matches_an_old_with_real_newlines() {
    let file = "msg = \"line1\\nline2\"\n";
    let out = applied(
        file,
        &Edit::new("msg = \"line1\nline2\"", "msg = \"line1\nline3\""),
    );
    assert_eq!(out.text, "msg = \"line1\\nline3\"\n");
    assert_eq!(lines(&out), [(1, 1)]);
}

// Seed 001 §7 TrimmedBoundaryReplacer ("just trims the search string"): old padded with blanks.
#[test]
fn old_padded_with_spaces_matches_the_trimmed_line() {
    let file = "a = 1\nb = 2\nc = 3\n";
    let out = applied(file, &Edit::new("  b = 2  ", "  b = 20"));
    assert_eq!(out.text, "a = 1\nb = 20\nc = 3\n");
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 2)]);
}

// Seed 001 §7 TrimmedBoundaryReplacer; seed 002 §12.3.9 "trim match when the search ends with
// blank lines"; seed 003 "strip_empty_boundary_lines strips both ends".
#[test]
fn old_with_leading_and_trailing_blank_lines_matches() {
    let file = "def f():\n    return 1\n\ndef g():\n    return 2\n";
    let out = applied(
        file,
        &Edit::new("\n\nreturn 1\n\n\n", "\n\nreturn 10\n\n\n"),
    );
    assert_eq!(
        out.text,
        "def f():\n    return 10\n\ndef g():\n    return 2\n"
    );
    assert_eq!(strategy(&out), "blank_lines");
    assert_eq!(lines(&out), [(2, 2)]);
}

// Seed 001 §8 ContextAwareReplacer ("50% middle-line matching requirement"): two of three middle
// lines equal is enough, and the misremembered line keeps the file's text.
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

// Seed 001 §8 ContextAwareReplacer: fewer than half of the middle lines equal is no match.
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

// Seed 001 "Single Match Logic: Found multiple matches"; seed 002 §5.1 (N occurrences, no anchor,
// no replace_all → error listing them) and §12.3.9 "exact match occurring several times".
#[test]
fn several_exact_occurrences_are_refused_listing_each() {
    let err = refused("x = 1\ny = 2\nx = 1\n", &Edit::new("x = 1", "x = 9"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(1, 1), (3, 3)]);
    match &err {
        EditError::Ambiguous { strategy, .. } => assert_eq!(strategy, "exact"),
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(
        msg.contains("replace_all") && msg.contains("anchor"),
        "{msg}"
    );
}

// Seed 001 "if (index !== lastIndex) continue // try next replacer" — the root of opencode
// #41872: an exact ambiguity must not be "resolved" by a looser strategy whose candidate text
// happens to be unique (opencode-issues harness "exact duplicate resolved by line-trimmed").
#[test]
fn exact_ambiguity_is_not_resolved_by_a_looser_strategy() {
    let err = refused("  foo()\n    foo()\n", &Edit::new("foo()", "bar()"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(1, 1), (2, 2)]);
}

// Seed 001 §9 MultiOccurrenceReplacer and "Replace All Logic"; seed 002 §3.3 scenario 4 and §5.1.
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

// Seed 001 "Replace All Logic: content.replaceAll(search, newString)" expands `$&`, `$$`;
// peers.md "`$` in replacement text" (opencode #45892): `$` must be kept literally.
#[test]
fn dollar_patterns_in_new_are_kept_literally() {
    let out = applied("a\na\n", &Edit::new("a", "$&$&").replace_all(true));
    assert_eq!(out.text, "$&$&\n$&$&\n");
    let out = applied(
        "echo pid\necho pid\n",
        &Edit::new("echo pid", "echo $$").replace_all(true),
    );
    assert_eq!(out.text, "echo $$\necho $$\n");
    let out = applied("x = a\n", &Edit::new("a", "$1 $0 ${1} $'"));
    assert_eq!(out.text, "x = $1 $0 ${1} $'\n");
    // After a fuzzy match too.
    let out = applied(
        "    let s = 1;\n",
        &Edit::new("let s = 1;\n", "let s = \"$&\";\n"),
    );
    assert_eq!(out.text, "    let s = \"$&\";\n");
}

// Seed 001 "replaceAll ... content.replaceAll(<first concrete candidate>)" leaves
// whitespace-variant occurrences untouched (opencode-issues harness "replaceAll fuzzy only first
// variant"): every variant must be replaced.
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

// Seed 001 "Error Cases: oldString not found in content"; seed 003 "No-match error message
// (mentions fs_read)"; seed 004 "no-match behaviour" (previously the edit silently did nothing).
#[test]
fn unrelated_old_is_not_found_and_the_message_says_to_read_the_file_again() {
    let err = refused("alpha\nbeta\n", &Edit::new("zzzzzz qqqq", "y"));
    assert_eq!(err.kind(), "not_found");
    assert!(matches!(err, EditError::NotFound { closest: None, .. }));
    assert!(err.to_string().contains("Read the file again"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Seed 002 — DiffCoder.

// Seed 002 §3.3 scenario 1: change two lines, same line count.
#[test]
fn scenario_change_two_lines() {
    let out = applied(
        KERNEL,
        &Edit::new(
            "    output = tl.tanh(input)\n    return output",
            "    output = input * tl.sigmoid(1.702 * input)\n    return output",
        ),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    output = tl.tanh(input)\n",
            "    output = input * tl.sigmoid(1.702 * input)\n"
        )
    );
    assert_eq!(strategy(&out), "exact");
    assert_eq!(lines(&out), [(7, 8)]);
}

// Seed 002 §3.3 scenario 2: delete one line, add two.
#[test]
fn scenario_replace_one_line_with_two() {
    let out = applied(
        KERNEL,
        &Edit::new(
            "    output = tl.tanh(input)",
            "    t = 1.702 * input\n    output = input * tl.sigmoid(t)",
        ),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    output = tl.tanh(input)\n",
            "    t = 1.702 * input\n    output = input * tl.sigmoid(t)\n"
        )
    );
    assert_eq!(lines(&out), [(7, 7)]);
}

// Seed 002 §3.3 scenario 3: pure deletion (two lines become one).
#[test]
fn scenario_delete_a_line() {
    let out = applied(
        KERNEL,
        &Edit::new(
            "    # TODO: fix this\n    output = tl.tanh(input)",
            "    output = input * tl.sigmoid(1.702 * input)",
        ),
    );
    assert_eq!(
        out.text,
        KERNEL.replace(
            "    # TODO: fix this\n    output = tl.tanh(input)\n",
            "    output = input * tl.sigmoid(1.702 * input)\n"
        )
    );
    assert_eq!(lines(&out), [(6, 7)]);
}

// Seed 002 §3.3: an empty new deletes the lines.
#[test]
fn empty_new_deletes_the_lines() {
    let out = applied(KERNEL, &Edit::new("    # TODO: fix this\n", ""));
    assert_eq!(out.text, KERNEL.replace("    # TODO: fix this\n", ""));
    assert_eq!(lines(&out), [(6, 6)]);
    // After a fuzzy match, the line and its line ending go.
    let out = applied("a\n  b  \nc\n", &Edit::new("b\n", ""));
    assert_eq!(out.text, "a\nc\n");
}

// Seed 002 §3.3 scenario 4 without replace_all: the three `tl.tanh` are ambiguous.
#[test]
fn scenario_several_occurrences_without_replace_all_are_ambiguous() {
    let err = refused(KERNEL, &Edit::new("tl.tanh", "triton_gelu_approx"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(7, 7), (11, 11), (15, 15)]);
}

// Seed 002 §3.3 scenario 5 and §5.3: the anchor picks the occurrence in `forward`.
#[test]
fn scenario_anchor_picks_the_occurrence_after_it() {
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

// Seed 002 §5.3 `code.find(old, anchor_pos)`: the first occurrence after the anchor, even when
// more follow.
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

// Seed 002 §5.3 "Anchor not found" error.
#[test]
fn missing_anchor_is_refused() {
    let err = refused(
        KERNEL,
        &Edit::new("tl.tanh(x)", "tl.sigmoid(x)").anchor("def missing("),
    );
    assert_eq!(err.kind(), "anchor_not_found");
}

// Seed 002 §5.3 "'{old}' not found after anchor": old occurs only before the anchor.
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

// Seed 002 §5.3 "function signatures ... are naturally unique": an anchor that is not unique does
// not pick a place.
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

// Seed 002 §3.1 `anchor: str = ""`: an empty anchor means no anchor.
#[test]
fn empty_anchor_means_no_anchor() {
    let out = applied(KERNEL, &Edit::new("# TODO: fix this", "# fixed").anchor(""));
    assert_eq!(out.text, KERNEL.replace("# TODO: fix this", "# fixed"));
    let err = refused(KERNEL, &Edit::new("tl.tanh(x)", "tl.sigmoid(x)").anchor(""));
    assert_eq!(err.kind(), "ambiguous");
}

// Seed 002 §3.2 LLM output format: modifications with old_string/new_string/reason/replace_all/
// anchor deserialize (extra fields ignored) and apply as one transaction.
#[test]
fn llm_modifications_json_deserializes_and_applies() {
    let json = r##"{
        "analysis": "tl.tanh is not supported",
        "modifications": [
            {"old_string": "tl.tanh", "new_string": "approx_tanh", "reason": "unsupported", "replace_all": true, "anchor": ""},
            {"old_string": "# TODO: fix this\n", "new_string": "", "reason": "done", "replace_all": false, "anchor": "def gelu("}
        ],
        "summary": "replace tanh"
    }"##;
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let edits: Vec<Edit> = serde_json::from_value(v["modifications"].clone()).unwrap();
    assert_eq!(edits.len(), 2);
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("tl.tanh", "approx_tanh")
            .replace("    # TODO: fix this\n", "    ")
    );
}

// Seed 002 §4.3 "matching returns the original code's fragment, so the replacement lands": the
// span replaced is the file's 4-space block, not a re-search for old's text — which also occurs
// earlier in the file (seed 003's `replacen` bug: "wrong location modified if matched text
// appears elsewhere").
#[test]
fn fuzzy_match_edits_its_own_span_not_an_earlier_copy_of_the_text() {
    let file = "x    let a = 1;\n    let b = 2;\n\nfn f() {\n    let a = 1;\n    let b = 2;\n}\n";
    // The file text of the block below (`    let a = 1;\n    let b = 2;`) also occurs at
    // byte 1, inside lines 1-2, which are not a line match for old.
    let out = applied(
        file,
        &Edit::new(
            "fn f() {\nlet a = 1;\nlet b = 2;\n}",
            "fn f() {\nlet a = 10;\nlet b = 2;\n}",
        ),
    );
    assert_eq!(
        out.text,
        "x    let a = 1;\n    let b = 2;\n\nfn f() {\n    let a = 10;\n    let b = 2;\n}\n"
    );
    assert_eq!(lines(&out), [(4, 7)]);
    assert_eq!(strategy(&out), "indentation");
}

// Seed 002 §4.4 confidence check and §12.3.9 "fuzzy matching returns the best match, not the first
// above the threshold": the later block is clearly closer, so it is edited.
#[test]
fn fuzzy_match_takes_the_best_candidate_not_the_first() {
    let file = "\
begin
  alpha = compute_alpha()
  beta = 0
  gamma = compute_gamma()
end
begin
  alpha = compute_alpha()
  beta = compute_beta()
  gamma = compute_gamma()
end
";
    let old = "begin\n  alpha = compute_alpha()\n  beta = compute_betaa()\n  gamma = compute_gamma()\nend";
    let new = "begin\n  alpha = compute_alpha()\n  beta = compute_betaa()\n  gamma = compute_gamma(2)\nend";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replacen(
            "  beta = compute_beta()\n  gamma = compute_gamma()\n",
            "  beta = compute_beta()\n  gamma = compute_gamma(2)\n",
            1
        )
    );
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(6, 10)]);
}

// Seed 002 §4.4: "if best_similarity - second_best_similarity < 0.1: refuse" — two kernels whose
// blocks differ in one line, and old's version of that line is as far from both.
#[test]
fn fuzzy_candidates_within_the_margin_are_refused() {
    let file = "\
@triton.jit
def k1(x_ptr, y_ptr, scale):
    x = tl.load(x_ptr)
    x = x * scale
    y = tl.exp(x)
    tl.store(y_ptr, y)

@triton.jit
def k2(x_ptr, y_ptr, scale):
    x = tl.load(x_ptr)
    x = x * scale
    y = tl.log(x)
    tl.store(y_ptr, y)
";
    let old =
        "    x = tl.load(x_ptr)\n    x = x * scale\n    y = tl.sqrt(x)\n    tl.store(y_ptr, y)";
    let new =
        "    x = tl.load(x_ptr)\n    x = x * scale * 2\n    y = tl.sqrt(x)\n    tl.store(y_ptr, y)";
    let err = refused(file, &Edit::new(old, new));
    assert_eq!(err.kind(), "low_confidence");
    assert_eq!(sorted_locations(&err), [(3, 6), (10, 13)]);
    match err {
        EditError::LowConfidence { best, runner_up } => {
            let (b, r) = (best.score.unwrap(), runner_up.score.unwrap());
            assert!(b >= r && b - r < 0.1, "{b} {r}");
        }
        other => panic!("{other:?}"),
    }
}

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

// Seed 002 §12.3.9 "fuzzy threshold boundary (0.79 vs 0.80)", with seed 002 §4.2's L4 threshold
// 0.8: a block scoring exactly 0.80 (8 of 10 lines equal, 2 entirely different) is applied.
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

// Seed 002 §12.3.9 "fuzzy threshold boundary (0.79 vs 0.80)": a block scoring 0.79 (7 of 10 lines
// equal, 3 lines 30% similar) is below the floor and not found.
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

// Seed 002 §12.3.9 "empty strings": an empty old is refused (opencode-issues: legacy hang),
// except on an empty text, where it can only mean the whole (empty) text: the convention of
// Cline's, opencode's and Codex's own tests for filling an empty file.
#[test]
fn empty_old_is_refused_except_on_an_empty_text() {
    assert_eq!(refused("abc", &Edit::new("", "x")).kind(), "empty_old");
    assert_eq!(refused("", &Edit::new("", "")).kind(), "empty_old");
    let out = applied("", &Edit::new("", "first line\n"));
    assert_eq!(out.text, "first line\n");
    assert_eq!(out.matches[0].strategy, "empty_file");
}

// Seed 002 §12.3.9 "empty strings, search longer than content".
#[test]
fn old_in_an_empty_text_or_longer_than_the_text_is_not_found() {
    assert_eq!(refused("", &Edit::new("x", "y")).kind(), "not_found");
    assert_eq!(
        refused("a\n", &Edit::new("a\nb\nc\nd", "x")).kind(),
        "not_found"
    );
    assert_eq!(
        refused("fn f() {}\n", &Edit::new("fn f() {}\nfn g() {}\n", "x")).kind(),
        "not_found"
    );
}

// Seed 002 §12.3.3 "old_string == new_string: skip, do not count as success".
#[test]
fn identical_old_and_new_is_refused_as_no_change() {
    let err = refused(KERNEL, &Edit::new("return grad", "return grad"));
    assert_eq!(err.kind(), "no_change");
    // Even when old is absent.
    assert_eq!(
        refused(KERNEL, &Edit::new("missing", "missing")).kind(),
        "no_change"
    );
}

// Seed 002 §12.3.3 (an edit that changes nothing must not count as a success); opencode-issues
// gh-45927: old and new differ only in line endings, and the file's endings win, so the edit
// would change nothing.
#[test]
fn edit_differing_only_in_line_endings_is_no_change() {
    let err = refused("a\r\nb\r\n", &Edit::new("a\r\nb", "a\nb"));
    assert_eq!(err.kind(), "no_change");
}

// Seed 002 §12.3.2 "fuzzy window ±1 line tolerance": old with one line fewer than the file's
// block (the model dropped a line) still matches, and the dropped line is kept.
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
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 6)]);
}

// Seed 002 §12.3.2: old with one hallucinated line more than the file's block still matches;
// the invented line is not written into the file.
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

// Seed 002 §12.3.2: one extra blank line in old (the window size is off by one) still matches.
#[test]
fn old_with_an_extra_blank_line_is_matched() {
    let file = "def a():\n    pass\ndef b():\n    pass\n";
    let out = applied(
        file,
        &Edit::new(
            "def a():\n    pass\n\ndef b():",
            "def a():\n    return 1\n\ndef b():",
        ),
    );
    assert_eq!(out.text, "def a():\n    return 1\ndef b():\n    pass\n");
    assert_eq!(strategy(&out), "blank_lines");
    assert_eq!(lines(&out), [(1, 3)]);
}

// Seed 002 §12.3.5 "match level tracking": every match says which strategy found it.
#[test]
fn each_match_reports_its_strategy() {
    let cases: [(&str, &str, &str, &str); 6] = [
        ("a = 1\n", "a = 1", "a = 2", "exact"),
        (
            "a = 1  \nb = 2\n",
            "a = 1\nb = 2",
            "a = 1\nb = 3",
            "trailing_whitespace",
        ),
        ("\ta = 1\n", "  a = 1", "  a = 2", "indentation"),
        (
            "s = \u{201C}x\u{201D}\n",
            "s = \"x\"",
            "s = \"y\"",
            "unicode_punctuation",
        ),
        ("a  =  1\n", "a = 1", "a = 2", "inner_whitespace"),
        (
            "a = 1\nb = 2\n",
            "1\ta = 1\n2\tb = 2",
            "1\ta = 1\n2\tb = 3",
            "line_prefixes",
        ),
    ];
    for (file, old, new, want) in cases {
        let out = applied(file, &Edit::new(old, new));
        assert_eq!(strategy(&out), want, "{file:?} {old:?}");
    }
}

// Seed 002 §6.1/§6.2: every modification is located in the original text, so mod 1 adding a
// line does not move mod 2; lines are reported against the original.
#[test]
fn several_edits_are_located_in_the_original_text() {
    let edits = [
        Edit::new(
            "    output = tl.tanh(input)",
            "    t = 1.702 * input\n    output = input * tl.sigmoid(t)",
        ),
        Edit::new("    grad = tl.tanh(x) * dx", "    grad = dtanh(x) * dx"),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace(
                "    output = tl.tanh(input)\n",
                "    t = 1.702 * input\n    output = input * tl.sigmoid(t)\n"
            )
            .replace("tl.tanh(x) * dx", "dtanh(x) * dx")
    );
    assert!(!out.sequential);
    assert_eq!(lines(&out), [(7, 7), (11, 11)]);
    assert_eq!(
        out.matches.iter().map(|m| m.edit).collect::<Vec<_>>(),
        [0, 1]
    );
}

// Seed 002 §6.1 "order": matches are reported in text order even when the edits are not.
#[test]
fn edits_given_bottom_up_are_reported_in_text_order() {
    let edits = [
        Edit::new("    y = tl.tanh(x)", "    y = fast(x)"),
        Edit::new("    # TODO: fix this\n", ""),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("    y = tl.tanh(x)", "    y = fast(x)")
            .replace("    # TODO: fix this\n", "")
    );
    assert_eq!(lines(&out), [(6, 6), (15, 15)]);
    assert_eq!(
        out.matches.iter().map(|m| m.edit).collect::<Vec<_>>(),
        [1, 0]
    );
}

// Seed 002 §6.3 "conflict pre-detection": two modifications touching the same lines are refused,
// naming both and the overlapping lines; nothing is applied in atomic mode.
#[test]
fn overlapping_edits_are_a_conflict() {
    let edits = [
        Edit::new(
            "    # TODO: fix this\n    output = tl.tanh(input)",
            "    output = gelu(input)",
        ),
        Edit::new(
            "    output = tl.tanh(input)\n    return output",
            "    return gelu(input)",
        ),
    ];
    let err = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap_err();
    assert_eq!(err.failures.len(), 1);
    assert_eq!(err.failures[0].edit, 1);
    assert_eq!(err.failures[0].error.kind(), "conflict");
    match &err.failures[0].error {
        EditError::Conflict {
            first,
            second,
            start_line,
            end_line,
        } => assert_eq!((*first, *second, *start_line, *end_line), (0, 1, 7, 7)),
        other => panic!("{other:?}"),
    }
}

// Seed 002 §6.3 in partial mode: the first edit applies, the conflicting one is reported.
#[test]
fn overlapping_edit_is_reported_in_partial_mode() {
    let edits = [
        Edit::new(
            "    output = tl.tanh(input)\n",
            "    output = gelu(input)\n",
        ),
        Edit::new(
            "tl.tanh(input)\n    return output",
            "gelu(input)\n    return output",
        ),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Partial).unwrap();
    assert_eq!(
        out.text,
        KERNEL.replace("output = tl.tanh(input)", "output = gelu(input)")
    );
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].edit, 1);
    assert_eq!(out.failures[0].error.kind(), "conflict");
}

// Seed 002 §6.2 "applied one after another: mod 2 matched in the code mod 1 produced": when mod 2's
// old only exists after mod 1, the list is applied sequentially.
#[test]
fn edit_written_against_an_earlier_edit_applies_sequentially() {
    let edits = [
        Edit::new("output = tl.tanh(input)", "output = fast_gelu(input)"),
        Edit::new(
            "    output = fast_gelu(input)\n    return output",
            "    output = fast_gelu(input)\n    return output.to(tl.float16)",
        ),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("output = tl.tanh(input)", "output = fast_gelu(input)")
            .replace("    return output\n", "    return output.to(tl.float16)\n")
    );
    assert!(out.sequential);
    assert_eq!(lines(&out), [(7, 7), (7, 8)]);
}

// Seed 002 §6.2 "if mod 1 changed mod 2's region, mod 2 fails and is reported" and §8.1 "failed
// modifications are skipped and recorded": atomic mode applies nothing.
#[test]
fn a_failing_edit_fails_the_whole_list_in_atomic_mode() {
    let edits = [
        Edit::new("    # TODO: fix this\n", ""),
        Edit::new("    output = tl.tanh(inputs)", "    output = gelu(input)"),
    ];
    let err = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap_err();
    assert_eq!(err.failures.len(), 1);
    assert_eq!(err.failures[0].edit, 1);
    assert_eq!(err.failures[0].error.kind(), "not_found");
}

// Seed 002 §8.1 "a failed modification is skipped and recorded; the result is still a success if
// one applied" (Mode::Partial).
#[test]
fn partial_mode_applies_what_it_can_and_reports_the_rest() {
    let edits = [
        Edit::new("    # TODO: fix this\n", ""),
        Edit::new("    output = tl.tanh(inputs)", "    output = gelu(input)"),
        Edit::new("    y = tl.tanh(x)", "    y = fast(x)"),
    ];
    let out = apply_edits(KERNEL, &edits, Mode::Partial).unwrap();
    assert_eq!(
        out.text,
        KERNEL
            .replace("    # TODO: fix this\n", "")
            .replace("    y = tl.tanh(x)", "    y = fast(x)")
    );
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].edit, 1);
    assert_eq!(out.failures[0].error.kind(), "not_found");
    assert_eq!(lines(&out), [(6, 6), (15, 15)]);
}

// Seed 002 §8.2 "feed the failure back with the most similar fragment and its similarity".
#[test]
fn not_found_shows_the_most_similar_fragment_with_a_diff() {
    let file = "\
def gelu(x):
    # approximate
    output = tl.tanh(x)
    return output
";
    let err = refused(
        file,
        &Edit::new("    output = tl.tanh(input)", "    output = gelu(input)"),
    );
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(3, 3)]);
    let msg = err.to_string();
    match &err {
        EditError::NotFound {
            closest: Some(f), ..
        } => {
            assert_eq!(f.text, "    output = tl.tanh(x)");
            // Levenshtein: 5 edits over 23 characters.
            assert_eq!(f.similarity, 0.78);
            assert!(
                f.diff.contains("- ") && f.diff.contains("tl.tanh(input)"),
                "{}",
                f.diff
            );
            assert!(
                f.diff.contains("+ ") && f.diff.contains("tl.tanh(x)"),
                "{}",
                f.diff
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(
        msg.contains("lines 3-3") && msg.contains("similarity"),
        "{msg}"
    );
}

// Seed 002 §8.2: the most similar fragment is shown even when old's words are all short (no
// identifier of four letters or more) and no line of old equals a line of the file.
#[test]
fn not_found_shows_the_closest_line_even_when_its_words_are_short() {
    let file = "a = 1\nx = f(a, b)\ny = 2\n";
    let err = refused(file, &Edit::new("x = f(a, c)", "x = f(a, d)"));
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(2, 2)]);
}

// Seed 002 §8.2 for several edits: the failure message names the failed modification.
#[test]
fn failure_message_names_each_failed_edit() {
    let edits = [
        Edit::new("missing one", "x"),
        Edit::new("return grad", "return grad * 2"),
        Edit::new("missing two", "y"),
    ];
    let err = apply_edits(KERNEL, &edits, Mode::Atomic).unwrap_err();
    assert_eq!(
        err.failures.iter().map(|f| f.edit).collect::<Vec<_>>(),
        [0, 2]
    );
    let msg = err.to_string();
    assert!(msg.contains("Edit 1:") && msg.contains("Edit 3:"), "{msg}");
    assert!(!msg.contains("Edit 2:"), "{msg}");
}

// Seed 002 §7.3 "DiffApplier: apply, then produce a unified diff" (§7.4 `diff_coder_diff`).
#[test]
fn applied_edit_yields_a_unified_diff() {
    let out = applied(KERNEL, &Edit::new("    y = tl.tanh(x)", "    y = fast(x)"));
    let diff = fuzzy_edit::unified_diff(KERNEL, &out.text, "kernel.py");
    assert!(
        diff.starts_with("--- a/kernel.py\n+++ b/kernel.py\n"),
        "{diff}"
    );
    assert!(diff.contains("@@ -12,5 +12,5 @@"), "{diff}");
    assert!(
        diff.contains("\n-    y = tl.tanh(x)\n+    y = fast(x)\n"),
        "{diff}"
    );
}

// ---------------------------------------------------------------------------------------------
// Seed 003 — Kiro CLI PR.

// Seed 003 `FsWrite::StrReplace { old_str, new_str }` and seed 002 §3.2 `old_string`/`new_string`:
// the field spellings agents use deserialize into the same edit; seed 000 "T16 (Zod validation):
// validation happens before matching — missing old_string/new_string fail early".
#[test]
fn edit_fields_accept_agent_spellings_and_require_old_and_new() {
    for json in [
        r#"{"old_str": "a", "new_str": "b"}"#,
        r#"{"old_string": "a", "new_string": "b"}"#,
        r#"{"oldText": "a", "newText": "b"}"#,
        r#"{"old": "a", "new": "b", "replaceAll": false}"#,
    ] {
        let e: Edit = serde_json::from_str(json).unwrap();
        assert_eq!(e, Edit::new("a", "b"), "{json}");
    }
    assert!(serde_json::from_str::<Edit>(r#"{"old_string": "a"}"#).is_err());
    assert!(serde_json::from_str::<Edit>(r#"{"new_string": "b"}"#).is_err());
}

// Seed 003 "similarity_score loop not bounded to the actual window: could score lines outside the
// candidate window": a block at the very end of a file without a final newline, old and new
// ending in one; a line added next to a misremembered one; the missing final newline is kept.
#[test]
fn block_at_the_end_of_a_file_without_final_newline() {
    let file = "fn a() {\n    x();\n    y();\n}";
    let out = applied(
        file,
        &Edit::new(
            "fn a() {\n    x();\n    yy();\n}\n",
            "fn a() {\n    x();\n    yy();\n    z();\n}\n",
        ),
    );
    assert_eq!(out.text, "fn a() {\n    x();\n    y();\n    z();\n}");
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 4)]);
}

// Seed 003 "Ambiguous exact match rejection".
#[test]
fn kiro_ambiguous_exact_match_is_rejected() {
    let file = "let x = 1;\nlet y = 2;\nlet x = 1;\n";
    let err = refused(file, &Edit::new("let x = 1;", "let x = 3;"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(1, 1), (3, 3)]);
}

// Seed 003 "Indentation drift via line-trimmed strategy ... replaces original indented text" and
// "Line-trimmed match with original indentation preserved".
#[test]
fn kiro_line_trimmed_match_preserves_the_original_indentation() {
    let file = "fn main() {\n    let x = 1;\n    let y = 2;\n}\n";
    let out = applied(
        file,
        &Edit::new("let x = 1;\nlet y = 2;", "let x = 10;\nlet y = 2;"),
    );
    assert_eq!(
        out.text,
        "fn main() {\n    let x = 10;\n    let y = 2;\n}\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 3)]);
}

// Seed 003 "Line-trimmed ambiguity rejection"; peers.md "wrong occurrence: two copies of a block
// at different indentation" (opencode #41872) must be refused as ambiguous.
#[test]
fn two_copies_at_different_indentation_are_ambiguous() {
    let file = "\
def a():
  if x:
    y()
class B:
    def a(self):
        if x:
            y()
";
    let err = refused(file, &Edit::new("if x:\n  y()", "if x:\n  z()"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(2, 3), (6, 7)]);
    match err {
        EditError::Ambiguous { strategy, .. } => assert_eq!(strategy, "indentation"),
        other => panic!("{other:?}"),
    }
}

// peers.md "wrong occurrence" (opencode #41872, whitespace variants): two lines equal after
// collapsing whitespace are ambiguous, even though each is byte-unique.
#[test]
fn two_whitespace_variants_are_ambiguous() {
    let err = refused(
        "alpha   beta\nalpha\tbeta\n",
        &Edit::new("alpha beta", "gamma"),
    );
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(1, 1), (2, 2)]);
}

// Seed 003 "validate() rejects empty old_str" — also for an old made only of whitespace that
// matches no line content.
#[test]
fn kiro_whitespace_only_old_with_no_exact_match_is_refused() {
    let err = refused("a\nb\n", &Edit::new("   \n\t\n", "x"));
    assert_eq!(err.kind(), "not_found");
}

// Seed 003 "block_anchor_match skips first==last anchors (false positive guard): symmetric blocks
// (e.g. }/}) could match incorrectly"; peers.md "hallucinated middle lines between common anchors
// like `}` get replaced" (opencode #14046).
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

// Seed 003 "Denominator used bytes, not chars: wrong score for multi-byte UTF-8": a block with
// accented text and emoji is scored by characters and edited without splitting a character.
#[test]
fn kiro_multibyte_text_is_matched_by_characters() {
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

// ---------------------------------------------------------------------------------------------
// Seed 004 — Coder PR ("exact → trim-right lines → trim lines").

// Seed 004 pass 2 "ignoring trailing whitespace — trailing spaces/tabs the LLM omits"; lines the
// edit keeps keep their trailing blanks.
#[test]
fn coder_trailing_whitespace_omitted_by_the_model() {
    let file = "func main() {\n\tx := 1  \n\ty := 2\t\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "func main() {\n\tx := 1\n\ty := 2\n}",
            "func main() {\n\tx := 1\n\ty := 3\n}",
        ),
    );
    assert_eq!(out.text, "func main() {\n\tx := 1  \n\ty := 3\n}\n");
    assert_eq!(strategy(&out), "trailing_whitespace");
    assert_eq!(lines(&out), [(1, 4)]);
}

// Seed 004 pass 3 "tabs vs spaces": spaces in old, tabs in the file; new lines come out in tabs.
#[test]
fn coder_spaces_in_old_tabs_in_file() {
    let file = "func main() {\n\tif ok {\n\t\trun()\n\t}\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "    if ok {\n        run()\n    }",
            "    if ok {\n        run()\n        log()\n    }",
        ),
    );
    assert_eq!(
        out.text,
        "func main() {\n\tif ok {\n\t\trun()\n\t\tlog()\n\t}\n}\n"
    );
    assert_eq!(strategy(&out), "indentation");
    assert_eq!(lines(&out), [(2, 4)]);
}

// Seed 004 pass 3 "wrong indentation depth by one or more levels".
#[test]
fn coder_different_indent_depth() {
    let file = "class A:\n    def f(self):\n        return 1\n";
    let out = applied(
        file,
        &Edit::new("def f(self):\n    return 1", "def f(self):\n    return 2"),
    );
    assert_eq!(out.text, "class A:\n    def f(self):\n        return 2\n");
    assert_eq!(lines(&out), [(2, 3)]);
}

// Seed 004 "exact match preference": an exact occurrence wins over a whitespace variant.
#[test]
fn coder_exact_match_is_preferred_over_a_whitespace_variant() {
    let out = applied("\tfoo()\n    foo()\n", &Edit::new("    foo()", "    bar()"));
    assert_eq!(out.text, "\tfoo()\n    bar()\n");
    assert_eq!(strategy(&out), "exact");
    assert_eq!(lines(&out), [(2, 2)]);
}

// Seed 004 "mixed whitespace multiline edits": spaces for tabs, trailing blanks dropped, one
// changed line; the rest keeps the file's bytes.
#[test]
fn coder_mixed_whitespace_multiline_edit() {
    let file = "func f() {\n\tif x {  \n\t\treturn 1\n\t}\n}\n";
    let out = applied(
        file,
        &Edit::new(
            "func f() {\n    if x {\n        return 1\n    }\n}",
            "func f() {\n    if x {\n        return 2\n    }\n}",
        ),
    );
    assert_eq!(out.text, "func f() {\n\tif x {  \n\t\treturn 2\n\t}\n}\n");
    assert_eq!(lines(&out), [(1, 5)]);
}

// Seed 004 "preserves surrounding content exactly": everything outside the matched lines is
// byte-identical, including CRLF endings and a missing final newline.
#[test]
fn coder_surrounding_content_is_preserved() {
    let file = "head \r\n\tkeep()\r\n  target()\r\ntail";
    let out = applied(file, &Edit::new("target()", "changed()"));
    assert_eq!(out.text, "head \r\n\tkeep()\r\n  changed()\r\ntail");
    let out = applied(
        file,
        &Edit::new("    keep()\ntarget()", "    kept()\ntarget()"),
    );
    assert_eq!(out.text, "head \r\n\tkept()\r\n  target()\r\ntail");
}

// ---------------------------------------------------------------------------------------------
// peers.md "Confirmed holes" not covered above.

// peers.md "anchors without a middle" (opencode #24742: a one-line CSS change deleted 2,337
// lines): first and last lines of old far apart in the file must not span the lines between.
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

// peers.md "a 3-line oldString ending in \n bypasses the middle-line check" (opencode #14632):
// the body line must not be deleted.
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

// peers.md "blank lines: opencode scores blank middle lines 0, so near-identical blocks with
// blanks are rejected" (#45199): blank lines neither help nor hurt the score.
#[test]
fn blank_middle_lines_do_not_lower_the_score() {
    let file = "function setup() {\n  const a = 1\n\n\n  const b = 2\n\n\n  return a + b\n}\n";
    let old = "function setup() {\n  const a = 2\n\n\n  const b = 2\n\n\n  return a + b\n}";
    let new = "function setup() {\n  const a = 2\n\n\n  const b = 2\n\n\n  return a * b\n}";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "function setup() {\n  const a = 1\n\n\n  const b = 2\n\n\n  return a * b\n}\n"
    );
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(1, 9)]);
}

// peers.md #45199 as reported: old misremembers two of three middle lines and new deletes them.
// The project refuses changes to misremembered lines (lib.rs "a change to a line the model
// misremembered is refused"), so this is refused, with the block shown as the closest fragment.
#[test]
fn deleting_misremembered_lines_between_blanks_is_refused_with_the_block_shown() {
    let file = "function setup() {\n  const a = 1\n\n  const b = 2\n\n  return a + b\n}\n";
    let old = "function setup() {\n  const a = 2\n\n  const b = 3\n\n  return a + b\n}";
    let err = refused(file, &Edit::new(old, "function setup() {\n  return 5\n}"));
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(1, 7)]);
}

// peers.md "a trailing newline in newString is doubled after a fuzzy match" (harness probe).
#[test]
fn trailing_newline_in_new_is_not_doubled_after_a_fuzzy_match() {
    let out = applied("foo  \nbar\n", &Edit::new("foo\n", "baz\n"));
    assert_eq!(out.text, "baz\nbar\n");
    assert_eq!(strategy(&out), "trailing_whitespace");
    // Block anchor, old and new ending in a newline.
    let file = "fn calculate() {\n    let result = a + b;\n    return result;\n}\nfn next() {}\n";
    let out = applied(
        file,
        &Edit::new(
            "fn calculate() {\n    let result = a + b; // sum\n    return result;\n}\n",
            "fn calculate() {\n    let result = a + b; // sum\n    return result * 2;\n}\n",
        ),
    );
    assert_eq!(
        out.text,
        "fn calculate() {\n    let result = a + b;\n    return result * 2;\n}\nfn next() {}\n"
    );
}

// peers.md table "line endings" (opencode-issues harness: CRLF file, LF old): new is written with
// the file's CRLF endings, not mixed.
#[test]
fn crlf_file_keeps_crlf_endings() {
    let out = applied("x\r\ny\r\n", &Edit::new("x\ny", "z\nw"));
    assert_eq!(out.text, "z\r\nw\r\n");
    // After a fuzzy (indentation) match too.
    let out = applied("  x\r\n  y\r\n", &Edit::new("x\ny", "x\ny\nz"));
    assert_eq!(out.text, "  x\r\n  y\r\n  z\r\n");
}

// peers.md table "line endings" (opencode keeps CRLF if the file has any; the harness CRLF probe):
// an old written with LF endings that starts with a newline must not match the `\n` inside the
// file's `\r\n`, which would leave a lone `\r` before the new text.
#[test]
fn lf_old_starting_with_a_newline_does_not_split_a_crlf() {
    let out = applied("fn a() {\r\n}\r\n", &Edit::new("\n}", "\n    x();\n}"));
    assert_eq!(out.text, "fn a() {\r\n    x();\r\n}\r\n");
    let out = applied("a;\r\n(b)\r\n", &Edit::new("\n(b)", ""));
    assert_eq!(out.text, "a;\r\n");
}

// peers.md "gitlawb #963 drifted interior accepted": old says foo(2), the file has foo(1), new
// rewrites that line; strict tools refuse rather than overwrite the real line.
#[test]
fn rewriting_a_drifted_interior_line_is_refused() {
    let file = "if (a) {\n  foo(1)\n}\nif (b) {\n  bar(2)\n}\n";
    let err = refused(
        file,
        &Edit::new("if (a) {\n  foo(2)\n}", "if (a) {\n  foo(3)\n}"),
    );
    assert_eq!(err.kind(), "not_found");
    assert_eq!(err.locations(), [(1, 3)]);
}

// peers.md "equal block-anchor candidates, first wins" (harness probe): two blocks with the same
// anchors and a middle line equally far from old's must not be guessed between.
#[test]
fn equal_block_anchor_candidates_are_not_guessed_between() {
    let file = "start\nactual abd\nend\nnoise\nstart\nactual abe\nend\n";
    // One middle line, never equal: no window has half its middle lines equal.
    let err = refused(file, &Edit::new("start\nactual abf\nend", "changed"));
    assert_eq!(err.kind(), "not_found");
}

// peers.md "what real models get wrong: reversed direction (old already in the target state)":
// old absent but new present is reported as probably already applied.
#[test]
fn edit_already_applied_is_reported() {
    let file = "fn main() {\n    run(true);\n}\n";
    let err = refused(file, &Edit::new("    run(false);", "    run(true);"));
    assert_eq!(err.kind(), "already_applied");
    assert_eq!(err.locations(), [(2, 2)]);
}
