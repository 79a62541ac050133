//! Ambiguity: places `old` could mean are refused, listing each; a graded match must lead clearly.

use fuzzy_edit::{Edit, EditError};

use crate::support::{applied, kind, lines, refused, sorted_locations, strategy, KERNEL};

// An `old` occurring twice is refused as ambiguous, listing both, and the message names the ways
// out (`replace_all`, `anchor`).
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

// A whole line occurring twice is ambiguous, whichever copy the model had in mind.
#[test]
fn exact_line_occurring_twice_is_ambiguous() {
    let file = "let x = 1;\nlet y = 2;\nlet x = 1;\n";
    let err = refused(file, &Edit::new("let x = 1;", "let x = 3;"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(1, 1), (3, 3)]);
}

// Three occurrences and no `replace_all` or `anchor`: ambiguous, with all three lines.
#[test]
fn three_occurrences_without_replace_all_are_ambiguous() {
    let err = refused(KERNEL, &Edit::new("tl.tanh", "triton_gelu_approx"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(7, 7), (11, 11), (15, 15)]);
}

// Occurrences that overlap each other count: two lines out of three equal ones are ambiguous.
#[test]
fn overlapping_exact_occurrences_are_ambiguous() {
    let text = "- [ ] todo\n- [ ] todo\n- [ ] todo\n";
    assert_eq!(
        kind(
            text,
            &Edit::new("- [ ] todo\n- [ ] todo", "- [x] todo\n- [x] todo")
        ),
        "ambiguous"
    );
}

// An exact ambiguity is not resolved by a looser strategy whose candidate happens to be unique:
// that is how opencode edited the wrong copy.
#[test]
fn exact_ambiguity_is_not_resolved_by_a_looser_strategy() {
    let err = refused("  foo()\n    foo()\n", &Edit::new("foo()", "bar()"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(1, 1), (2, 2)]);
}

// A single exact occurrence wins over a whitespace variant elsewhere: the strictest strategy that
// finds something decides.
#[test]
fn exact_match_is_preferred_over_a_whitespace_variant() {
    let out = applied("\tfoo()\n    foo()\n", &Edit::new("    foo()", "    bar()"));
    assert_eq!(out.text, "\tfoo()\n    bar()\n");
    assert_eq!(strategy(&out), "exact");
    assert_eq!(lines(&out), [(2, 2)]);
}

// Two copies of a block at different depths both match `old` once re-indented: ambiguous, where
// opencode edited the first.
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

// Two lines equal after collapsing whitespace are ambiguous, even though each is unique byte for
// byte.
#[test]
fn two_whitespace_variants_are_ambiguous() {
    let err = refused(
        "alpha   beta\nalpha\tbeta\n",
        &Edit::new("alpha beta", "gamma"),
    );
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(1, 1), (2, 2)]);
}

// Two boilerplate blocks equally close to `old` are refused as low confidence, naming both, rather
// than picking the first.
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

// Among fuzzy candidates the best one is edited, not the first above the floor.
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

// Candidates within the margin (0.1) of each other are refused: `old`'s version of the one
// differing line is as far from both kernels.
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
        EditError::LowConfidence {
            best, runner_up, ..
        } => {
            let (b, r) = (best.score.unwrap(), runner_up.score.unwrap());
            assert!(b >= r && b - r < 0.1, "{b} {r}");
        }
        other => panic!("{other:?}"),
    }
}

// An indented whole line found at a line's start, with that line's indentation exactly, is the
// line the model copied: the same text inside a deeper line's indentation is no rival.
#[test]
fn a_line_with_old_s_indentation_wins_over_a_deeper_line_holding_it() {
    let file = "def f(a):\n    if a:\n        return 1\n    if b:\n            return 1\n";
    let out = applied(file, &Edit::new("        return 1", "        return 2"));
    assert_eq!(
        out.text,
        "def f(a):\n    if a:\n        return 2\n    if b:\n            return 1\n"
    );
    assert_eq!(lines(&out), [(3, 3)]);
    // Two lines with that indentation stay ambiguous, the deeper one not listed.
    let file = "if a:\n    go()\nif b:\n    go()\nif c:\n        go()\n";
    let err = refused(file, &Edit::new("    go()", "    stop()"));
    assert_eq!(err.kind(), "ambiguous");
    assert_eq!(err.locations(), [(2, 2), (4, 4)]);
    // With no line at that indentation, the deeper lines are read as under-indented copies:
    // two of them are ambiguous.
    let file = "if a:\n        go()\nif b:\n      go()\n";
    assert_eq!(
        kind(file, &Edit::new("    go()", "    stop()")),
        "ambiguous"
    );
}
