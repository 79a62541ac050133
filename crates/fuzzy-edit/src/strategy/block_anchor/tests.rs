use super::*;
use crate::budget::Budget;
use crate::needle::Needle;
use crate::text::Text;

fn candidates(file: &str, old: &str) -> Vec<(std::ops::Range<usize>, f64)> {
    let text = Text::new(file);
    let needle = Needle::new(old, "x");
    let mut out: Vec<_> = BlockAnchor
        .candidates(&Context::new(&text, &needle, &Budget::unlimited()))
        .into_iter()
        .map(|c| (c.lines, (c.score * 100.0).round() / 100.0))
        .collect();
    out.sort_by_key(|(l, _)| l.start);
    out
}

#[test]
fn first_and_last_lines_anchor_a_window_whose_middle_mostly_matches() {
    let file = "fn f() {\n    a();\n    b();\n    c();\n}\n";
    // One middle line misremembered of three: a candidate, scored below 1.
    let got = candidates(file, "fn f() {\n    a();\n    B();\n    c();\n}");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, 0..5);
    assert!(got[0].1 > 0.8 && got[0].1 < 1.0, "{got:?}");
    // Two of three misremembered: fewer than half equal, no candidate.
    assert!(candidates(file, "fn f() {\n    A();\n    B();\n    c();\n}").is_empty());
    // Fewer than three non-blank lines: not this strategy's to judge.
    assert!(candidates(file, "fn f() {\n}").is_empty());
}

/// The windows (by lines) `closest_by_edits` keeps of `windows`, all scored alike.
fn kept_by_edits(file: &str, old: &str, windows: &[std::ops::Range<usize>]) -> Vec<usize> {
    kept_by_edits_scored(file, old, windows, 0.95)
}

fn kept_by_edits_scored(
    file: &str,
    old: &str,
    windows: &[std::ops::Range<usize>],
    score: f64,
) -> Vec<usize> {
    let text = Text::new(file);
    let needle = Needle::new(old, "x");
    let budget = Budget::unlimited();
    let cx = Context::new(&text, &needle, &budget);
    let out: Vec<Candidate> = windows
        .iter()
        .map(|l| Candidate {
            span: text.span_of_lines(l.clone(), false),
            lines: l.clone(),
            score,
            fit: Fit::Lines(None),
        })
        .collect();
    let body: Vec<&str> = needle.lines().collect();
    closest_by_edits(&cx, &body, out)
        .into_iter()
        .map(|c| c.lines.start)
        .collect()
}

#[test]
fn a_near_twin_further_by_the_margin_is_dropped() {
    let file = "a(1);\nbeta(2);\nc(3);\na(1);\nbeta_alt(2);\nc(3);\n";
    // 1 edit from the first, 5 from the twin.
    assert_eq!(
        kept_by_edits(file, "a(1);\nbetx(2);\nc(3);", &[0..3, 3..6]),
        [0]
    );
    // 1 edit from the first, 3 from the twin: within the margin, both kept.
    assert_eq!(
        kept_by_edits(file, "a(1);\nbeta_(2);\nc(3);", &[0..3, 3..6]),
        [0, 3]
    );
    // 3 edits from the first: more than TWIN_MAX_EDITS, however far the twin.
    assert_eq!(
        kept_by_edits(file, "a(1);\nbxxx(2);\nc(3);", &[0..3, 3..6]),
        [0, 3]
    );
    // A closest window below the floor drops nothing: the strategy would then pass over a
    // block the others hold (two real patches were not found that way).
    assert_eq!(
        kept_by_edits_scored(file, "a(1);\nbetx(2);\nc(3);", &[0..3, 3..6], 0.7),
        [0, 3]
    );
    // Equally close to two twins: both kept (refused as low confidence).
    let file = "a(1);\nbetQ(2);\nc(3);\na(1);\nbetW(2);\nc(3);\n";
    assert_eq!(
        kept_by_edits(file, "a(1);\nbetZ(2);\nc(3);", &[0..3, 3..6]),
        [0, 3]
    );
}

#[test]
fn another_extent_of_the_closest_window_must_be_twice_as_far() {
    let file = "f() {\n  a(1);\n  b(2);\n  c(3);\n  }\n}\n";
    // `}` ends two windows at the same place: the shorter is 1 edit away (the slip), the
    // longer 3 (`\n}` more): dropped.
    let old = "f() {\n  a(1);\n  b(x);\n  c(3);\n}";
    assert_eq!(kept_by_edits(file, old, &[0..5, 0..6]), [0]);
    // 3 edits away against 5: not twice as far, both kept.
    let old = "f() {\n  a(x);\n  b(x);\n  c(x);\n}";
    assert_eq!(kept_by_edits(file, old, &[0..5, 0..6]), [0, 0]);
}

#[test]
fn a_window_may_be_two_lines_shorter_or_longer_than_old() {
    let file = "fn f() {\n    a();\n    b();\n    c();\n    d();\n    e();\n}\n";
    let old = "fn f() {\n    a();\n    b();\n    c();\n    d();\n    e();\n    f();\n    g();\n}";
    assert_eq!(
        candidates(file, old).first().map(|c| c.0.clone()),
        Some(0..7)
    );
}
