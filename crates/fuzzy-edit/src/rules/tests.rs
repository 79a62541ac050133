use super::*;
use crate::candidate::{Fit, Grading};
use crate::edit::Edit;
use crate::error::MAX_LISTED;

fn cand(text: &Text, line: usize, score: f64) -> Candidate {
    Candidate {
        span: text.span_of_lines(line..line + 1, false),
        lines: line..line + 1,
        score,
        fit: Fit::Splice(None),
    }
}

const EQUAL: Rules = Rules {
    replace_all: false,
    anchor: None,
    near_line: None,
    near_context: None,
    grading: None,
};
const GRADED: Rules = Rules {
    grading: Some(Grading {
        floor: 0.8,
        margin: 0.1,
    }),
    ..EQUAL
};

/// Rule 2, with no runner-up's edit known to leave the same text as the best one's.
fn choose_lines(t: &Text, cands: Vec<Candidate>, rules: Rules) -> Result<Choice, EditError> {
    choose_alike(t, cands, rules, false)
}

/// Rule 2, with every asked runner-up's edit leaving the same text as the best one's (`alike`)
/// or none.
fn choose_alike(
    t: &Text,
    cands: Vec<Candidate>,
    rules: Rules,
    alike: bool,
) -> Result<Choice, EditError> {
    match choose(t, StrategyId::Exact, cands, rules)? {
        Choice::Contested(contest) => {
            let answers: Vec<bool> = contest.pairs().map(|_| alike).collect();
            settle(t, contest, &answers).map(Choice::Apply)
        }
        other => Ok(other),
    }
}

#[test]
fn unique_applies_and_several_are_ambiguous() {
    let t = Text::new("a\na\nb\n");
    assert!(matches!(
        choose_lines(&t, vec![cand(&t, 0, 1.0)], EQUAL),
        Ok(Choice::Apply(c)) if c.len() == 1
    ));
    match choose_lines(&t, vec![cand(&t, 0, 1.0), cand(&t, 1, 1.0)], EQUAL) {
        Err(EditError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates.len(), 2);
            assert_eq!(candidates[1].start_line, 2);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn replace_all_keeps_each_candidate_clear_of_the_last_one_kept() {
    let t = Text::new("aaaa\n");
    let at = |span: std::ops::Range<usize>| Candidate {
        span,
        lines: 0..1,
        score: 1.0,
        fit: Fit::Splice(None),
    };
    // "aa" in "aaaa" at 0, 1 and 2: 1 overlaps 0, 2 touches 0's end and is kept.
    let all = Rules {
        replace_all: true,
        ..EQUAL
    };
    match choose_lines(&t, vec![at(2..4), at(0..2), at(1..3)], all) {
        Ok(Choice::Apply(c)) => {
            let spans: Vec<_> = c.iter().map(|c| c.span.clone()).collect();
            assert_eq!(spans, [0..2, 2..4]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_ambiguity_lists_the_first_candidates_and_counts_them_all() {
    let text = "a\n".repeat(25);
    let t = Text::new(&text);
    let cands = (0..25).map(|line| cand(&t, line, 1.0)).collect();
    match choose_lines(&t, cands, EQUAL) {
        Err(EditError::Ambiguous {
            candidates,
            candidates_total,
            ..
        }) => {
            assert_eq!(candidates.len(), MAX_LISTED);
            assert_eq!(candidates[9].start_line, 10);
            assert_eq!(candidates_total, 25);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn near_line_breaks_a_tie_only_when_strictly_nearest() {
    let t = Text::new("a\nb\na\nb\na\n");
    let near = |line| Rules {
        near_line: Some(line),
        ..EQUAL
    };
    let cands = || vec![cand(&t, 0, 1.0), cand(&t, 2, 1.0), cand(&t, 4, 1.0)];
    // Candidates on lines 1, 3 and 5.
    match choose_lines(&t, cands(), near(3)) {
        Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 2..3),
        other => panic!("{other:?}"),
    }
    for line in [2, 4] {
        // Two candidates 1 line away: still ambiguous.
        assert!(matches!(
            choose_lines(&t, cands(), near(line)),
            Err(EditError::Ambiguous { .. })
        ));
    }
}

#[test]
fn near_context_keeps_the_candidates_below_it() {
    let t = Text::new("fn f\na\nfn g\na\na\n");
    let under = |context, line| Rules {
        near_context: Some(context),
        near_line: line,
        ..EQUAL
    };
    let cands = || vec![cand(&t, 1, 1.0), cand(&t, 3, 1.0), cand(&t, 4, 1.0)];
    // Below `fn g`: lines 4 and 5; the line hint picks among those.
    match choose_lines(&t, cands(), under("fn g", Some(1))) {
        Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 3..4),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        choose_lines(&t, cands(), under("fn g", None)),
        Err(EditError::Ambiguous { candidates, .. }) if candidates.len() == 3
    ));
    // A context found nowhere says nothing.
    assert!(matches!(
        choose_lines(&t, cands(), under("fn h", None)),
        Err(EditError::Ambiguous { .. })
    ));
    let two = vec![cand(&t, 1, 1.0), cand(&t, 3, 1.0)];
    match choose_lines(&t, two, under("fn g", None)) {
        Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 3..4),
        other => panic!("{other:?}"),
    }
}

#[test]
fn anchor_takes_the_first_after_it() {
    let t = Text::new("a\nfn f\na\n");
    let rules = Rules {
        anchor: Some(2),
        ..EQUAL
    };
    match choose_lines(&t, vec![cand(&t, 0, 1.0), cand(&t, 2, 1.0)], rules) {
        Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 2..3),
        other => panic!("{other:?}"),
    }
}

#[test]
fn candidates_only_before_the_anchor_are_remembered() {
    let t = Text::new("a\nfn f\nb\n");
    let rules = Rules {
        anchor: Some(2),
        ..EQUAL
    };
    match choose_lines(&t, vec![cand(&t, 0, 1.0)], rules) {
        Ok(Choice::OnlyBeforeAnchor(c)) => assert_eq!(c[0].lines, 0..1),
        other => panic!("{other:?}"),
    }
}

#[test]
fn replace_all_skips_overlapping_windows() {
    let t = Text::new("x\nx\nx\n");
    let rules = Rules {
        replace_all: true,
        ..EQUAL
    };
    let two_lines = |s: usize| Candidate {
        span: t.span_of_lines(s..s + 2, false),
        lines: s..s + 2,
        score: 1.0,
        fit: Fit::Splice(None),
    };
    match choose_lines(&t, vec![two_lines(0), two_lines(1)], rules) {
        Ok(Choice::Apply(c)) => assert_eq!(c.len(), 1),
        other => panic!("{other:?}"),
    }
}

#[test]
fn graded_needs_floor_and_margin() {
    let t = Text::new("a\nb\nc\n");
    assert!(matches!(
        choose_lines(&t, vec![cand(&t, 0, 0.5)], GRADED),
        Ok(Choice::Pass)
    ));
    assert!(matches!(
        choose_lines(&t, vec![cand(&t, 0, 0.95), cand(&t, 1, 0.9)], GRADED),
        Err(EditError::LowConfidence { .. })
    ));
    assert!(matches!(
        choose_lines(&t, vec![cand(&t, 0, 0.95), cand(&t, 1, 0.8)], GRADED),
        Ok(Choice::Apply(_))
    ));
}

#[test]
fn a_runner_up_over_the_same_lines_with_the_same_result_is_no_rival() {
    let t = Text::new("a\nb\nc\nd\n");
    let lines = |l: std::ops::Range<usize>, score| Candidate {
        span: t.span_of_lines(l.clone(), false),
        lines: l,
        score,
        fit: Fit::Lines(None),
    };
    let rules = GRADED;
    // Lines 1-3 and 1-2: one place, the same result: the best applies.
    match choose_alike(&t, vec![lines(0..3, 0.95), lines(0..2, 0.9)], rules, true) {
        Ok(Choice::Apply(c)) => assert_eq!(c[0].lines, 0..3),
        other => panic!("{other:?}"),
    }
    // Without knowing the results, they are rivals.
    assert!(matches!(
        choose_lines(&t, vec![lines(0..3, 0.95), lines(0..2, 0.9)], GRADED),
        Err(EditError::LowConfidence { .. })
    ));
    // Elsewhere, a twin is a rival whatever its result.
    assert!(matches!(
        choose_alike(&t, vec![lines(0..2, 0.95), lines(2..4, 0.9)], rules, true),
        Err(EditError::LowConfidence { .. })
    ));
    // The same lines again stand for rivals the strategy could not score.
    assert!(matches!(
        choose_alike(&t, vec![lines(0..3, 0.95), lines(0..3, 0.95)], rules, true),
        Err(EditError::LowConfidence { .. })
    ));
    // A third candidate within the margin still counts.
    assert!(matches!(
        choose_alike(
            &t,
            vec![lines(0..3, 0.95), lines(0..2, 0.9), lines(3..4, 0.9)],
            rules,
            true
        ),
        Err(EditError::LowConfidence { .. })
    ));
}

#[test]
fn the_request_is_admitted_or_refused() {
    let empty = Text::new("");
    assert_eq!(admit(&empty, &Edit::new("", "x")), Ok(Admitted::FillEmpty));
    let t = Text::new("a\n");
    assert_eq!(admit(&t, &Edit::new("", "x")), Err(EditError::EmptyOld));
    assert_eq!(
        admit(&t, &Edit::new("a", "a")),
        Err(EditError::NoChange {
            only_edge_line_breaks: false,
            only_artifacts: false,
            rule: "identical",
        })
    );
    assert_eq!(admit(&t, &Edit::new("a", "b")), Ok(Admitted::Search));
}

#[test]
fn an_anchor_must_be_unique() {
    let t = Text::new("a\na\n");
    assert_eq!(one_anchor(&t, "a", &[2]), Ok(2));
    assert!(matches!(
        one_anchor(&t, "a", &[0, 2]),
        Err(EditError::AnchorAmbiguous { lines, .. }) if lines == [1, 2]
    ));
    assert!(matches!(
        one_anchor(&t, "z", &[]),
        Err(EditError::AnchorNotFound { .. })
    ));
}

/// The rows of the markdown table under `heading` in `doc`, each split into its cells.
fn table_rows<'d>(doc: &'d str, heading: &str) -> Vec<Vec<&'d str>> {
    let start = doc.find(heading).expect("heading in docs/json.md");
    doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect()
}

/// The words in backticks in `cell`.
fn quoted(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

const JSON_DOC: &str = include_str!("../../../../docs/json.md");

#[test]
fn the_rule_table_in_docs_json_md_is_the_engines() {
    let rows = table_rows(JSON_DOC, "### Rules");
    assert_eq!(rows.len(), TABLE.len(), "one row per rule");
    for (row, rule) in rows.iter().zip(TABLE) {
        assert_eq!(quoted(row[0]), [rule.name], "{row:?}");
        assert_eq!(row[1], rule.stage.name(), "{row:?}");
        assert_eq!(quoted(row[2]), rule.kinds, "{row:?}");
        assert_eq!(row[3], rule.catches, "{row:?}");
    }
}

#[test]
fn every_refusal_kind_in_docs_json_md_has_a_rule_and_every_rule_a_kind() {
    let refusal_kinds: Vec<&str> = table_rows(JSON_DOC, "### Kinds")
        .iter()
        .filter(|row| row[1].contains("the engine refused") || row[1].contains("line-addressed"))
        .flat_map(|row| quoted(row[0]))
        .collect();
    assert!(refusal_kinds.len() >= 19, "{refusal_kinds:?}");
    for kind in &refusal_kinds {
        assert!(
            TABLE.iter().any(|r| r.kinds.contains(kind)),
            "no rule refuses with {kind}"
        );
    }
    for rule in TABLE {
        for kind in rule.kinds {
            assert!(
                refusal_kinds.contains(kind),
                "{}: {kind} undocumented",
                rule.name
            );
        }
    }
}

#[test]
fn the_schema_lists_every_rule() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("../../../../docs/schema/result-v1.json")).unwrap();
    let listed: Vec<&str> = schema["$defs"]["rule"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let names: Vec<&str> = TABLE.iter().map(|r| r.name).collect();
    assert_eq!(listed, names);
}

#[test]
fn each_stage_runs_exactly_its_rules_in_table_order() {
    let of = |stage: Stage| -> Vec<RuleId> {
        TABLE
            .iter()
            .filter(|r| r.stage == stage)
            .map(|r| r.id)
            .collect()
    };
    let chosen: Vec<RuleId> = CHOSEN.iter().map(|c| c.0).collect();
    let changing: Vec<RuleId> = CHANGING.iter().map(|c| c.0).collect();
    let result: Vec<RuleId> = RESULT.iter().map(|c| c.0).collect();
    assert_eq!(chosen, of(Stage::Chosen));
    assert_eq!(changing, of(Stage::Changing));
    assert_eq!(result, of(Stage::Result));
}

#[test]
fn rule_ids_are_unique_and_index_the_table() {
    for (i, rule) in TABLE.iter().enumerate() {
        assert_eq!(rule.id as usize, i);
        assert_eq!(rule.id.name(), rule.name);
        assert_eq!(TABLE.iter().filter(|r| r.name == rule.name).count(), 1);
    }
}

#[test]
fn a_refusal_names_its_rule_in_json_and_in_the_message() {
    let t = Text::new("a\n");
    let e = admit(&t, &Edit::new("a", "a")).unwrap_err();
    assert_eq!(e.rule(), "identical");
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["rule"], "identical");
    assert_eq!(v["kind"], "no_change");
    assert!(e.to_string().ends_with(" [rule: identical]"), "{e}");
    // A variant that names one rule only, and one without fields.
    let v = serde_json::to_value(EditError::EmptyOld).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"kind": "empty_old", "rule": "empty_old"})
    );
}

proptest::proptest! {
    /// Whatever an edit of a small file of like lines is refused for, the refusal names a rule
    /// of the table whose kinds include the refusal's kind, and its message and JSON say so.
    #[test]
    fn every_refusal_names_a_rule_that_refuses_with_its_kind(
        lines in proptest::collection::vec("[ab]{0,3}( x)?", 1..8),
        old in "[ab\n x]{0,12}",
        new in "[ab\n x]{0,12}",
    ) {
        let file = lines.join("\n");
        if let Err(e) = crate::apply(&file, &Edit::new(old, new)) {
            let rule = TABLE.iter().find(|r| r.name == e.rule());
            let rule = rule.expect("the rule is in the table");
            proptest::prop_assert!(rule.kinds.contains(&e.kind()), "{} from {}", e.kind(), rule.name);
            let tag = format!(" [rule: {}]", rule.name);
            proptest::prop_assert!(e.to_string().ends_with(&tag));
            let v = serde_json::to_value(&e).unwrap();
            proptest::prop_assert_eq!(v["rule"].as_str(), Some(rule.name));
        }
    }
}
