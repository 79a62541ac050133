//! A YAML `new` written a few columns off `old`'s depth, found by the parse it breaks.
//!
//! In YAML the indentation is the structure, and a model that pastes `new` two columns deeper
//! or shallower than `old` (every line alike) moves its keys into another mapping. Where the
//! lines `new` keeps show that shift, [`super::shifted`] moves `new` back; where the edit
//! deletes the shallowest lines of `old` (a key and its value), what is left shows no base to
//! move to, and `new` is written as given. When that result no longer parses and `new` moved
//! back by the shift of its first line (a line of `old` kept as it was, spaces only) parses,
//! the shift was the model's slip and the moved `new` is written.

use crate::applied::{Applied, Match};
use crate::candidate::StrategyId;
use crate::edit::Edit;
use crate::normalize::indent_of;
use crate::syntax::{added_error, Language};

/// Move back the exactly matched `new` of each edit in `applied` whose first line `old` keeps
/// at another depth, when the result then parses where it did not (see the module docs).
pub(crate) fn yaml_at_olds_depth(before: &str, edits: &[Edit], applied: &mut Applied) {
    if applied.sequential || added_error(Language::Yaml, before, &applied.text).is_none() {
        return;
    }
    let mut moved_any = false;
    let mut repaired = applied.matches.clone();
    for m in &mut repaired {
        if m.strategy != StrategyId::Exact {
            continue;
        }
        if let Some(moved) = moved_back(&edits[m.edit].old, &m.replacement) {
            m.replacement = moved;
            moved_any = true;
        }
    }
    if !moved_any {
        return;
    }
    let text = spliced(before, &repaired);
    if added_error(Language::Yaml, before, &text).is_none() {
        applied.text = text;
        applied.matches = repaired;
    }
}

/// `replacement` moved by the shift between its first non-blank line and `old`'s, when they
/// are the same line at two depths of spaces and every line of `replacement` can move so.
fn moved_back(old: &str, replacement: &str) -> Option<String> {
    let first = |s: &str| s.lines().find(|l| !l.trim().is_empty()).map(str::to_string);
    let (o, r) = (first(old)?, first(replacement)?);
    let (oi, ri) = (indent_of(&o), indent_of(&r));
    if o.trim_end() != format!("{oi}{}", r.trim()).trim_end()
        || oi == ri
        || !oi.bytes().chain(ri.bytes()).all(|b| b == b' ')
    {
        return None;
    }
    let lines: Vec<&str> = replacement.split('\n').collect();
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let body = line.trim_start_matches(' ');
        let depth = line.len() - body.len();
        if body.trim().is_empty() {
            out.push(line.to_string());
            continue;
        }
        if body.starts_with('\t') {
            return None;
        }
        let moved = (depth + oi.len()).checked_sub(ri.len())?;
        out.push(format!("{}{body}", " ".repeat(moved)));
    }
    Some(out.join("\n"))
}

/// `before` with each match's span replaced by its replacement.
fn spliced(before: &str, matches: &[Match]) -> String {
    let mut order: Vec<&Match> = matches.iter().collect();
    order.sort_by_key(|m| m.span.start);
    let mut text = String::with_capacity(before.len());
    let mut pos = 0;
    for m in order {
        text.push_str(&before[pos..m.span.start]);
        text.push_str(&m.replacement);
        pos = m.span.end;
    }
    text.push_str(&before[pos..]);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_is_moved_by_the_shift_of_the_line_it_keeps_first() {
        let old = "    type: string\n  extra:\n    type: array";
        let new = "      type: string\n    type: array";
        assert_eq!(
            moved_back(old, new).as_deref(),
            Some("    type: string\n  type: array")
        );
        // Two columns shallower, moved deeper alike.
        assert_eq!(
            moved_back("    a: 1\n    b: 2", "  a: 1\n  c: 3").as_deref(),
            Some("    a: 1\n    c: 3")
        );
    }

    #[test]
    fn a_first_line_changed_or_at_old_depth_moves_nothing() {
        assert_eq!(moved_back("  a: 1\n  b: 2", "    a: 2\n    b: 2"), None);
        assert_eq!(moved_back("  a: 1\n  b: 2", "  a: 1\n    b: 2"), None);
        // A line the shift would move left of column 0.
        assert_eq!(moved_back("a: 1\nb: 2", "  a: 1\nb: 2"), None);
    }

    #[cfg(feature = "syntax")]
    #[test]
    fn only_a_shift_that_makes_the_result_parse_is_undone() {
        use crate::candidate::StrategyId;
        let before = "root:\n  date:\n    type: string\n  version:\n    type: string\nextra:\n  type: array\nnext: 1\n";
        let old = "    type: string\n  version:\n    type: string\nextra:\n  type: array";
        // `extra:` deleted, and every line two columns deeper: `version` under no key.
        let new = "      type: string\n    version:\n      type: string\n    type: array";
        let span = before.find(old).unwrap()..before.find(old).unwrap() + old.len();
        let text = format!("{}{new}{}", &before[..span.start], &before[span.end..]);
        let mut applied = Applied {
            text,
            matches: vec![Match::placed(
                0,
                StrategyId::Exact,
                2..5,
                span,
                new.to_string(),
            )],
            failures: Vec::new(),
            sequential: false,
            warnings: Vec::new(),
            followed: Vec::new(),
        };
        yaml_at_olds_depth(before, &[Edit::new(old, new)], &mut applied);
        assert_eq!(
            applied.text,
            "root:\n  date:\n    type: string\n  version:\n    type: string\n  type: array\nnext: 1\n"
        );
    }
}
