//! A comma the model leaves before a JSON object's or array's closing bracket.
//!
//! Strict JSON has no trailing commas, yet a model writing `new` adds one at the end of the
//! last member it keeps (a habit of languages that allow it, or of copying a middle line), or
//! deletes the last member and leaves the comma of the one before. Written as asked, the file
//! no longer parses. In a `.json` file that parsed before the edit, such a comma the edit
//! wrote, followed (past whitespace) by `}` or `]`, is dropped, when the result then parses:
//! no other reading of the edit gives a valid file. A file that did not parse (JSON with
//! comments or trailing commas of its own, read under the `.json` name) is left as written.

use serde::de::IgnoredAny;

use crate::applied::Applied;

/// Drop the commas the edits in `applied` wrote before a closing bracket of a strict JSON text
/// (`before` parsed), when that makes the result parse. Edits applied one after another are
/// left alone (their spans refer to the intermediate texts).
pub(crate) fn drop_dangling_commas(before: &str, applied: &mut Applied) {
    if applied.sequential {
        return;
    }
    let mut order: Vec<usize> = (0..applied.matches.len()).collect();
    order.sort_by_key(|&i| applied.matches[i].span.start);
    // Per match: the result offset where its replacement starts, and the commas to drop in it.
    let mut shift: isize = 0;
    let mut dropped: Vec<(usize, Vec<usize>)> = Vec::new();
    for &i in &order {
        let m = &applied.matches[i];
        let at = (m.span.start as isize + shift) as usize;
        shift += m.replacement.len() as isize - m.span.len() as isize;
        let commas = dangling_commas(&m.replacement, &applied.text[at + m.replacement.len()..]);
        if !commas.is_empty() {
            dropped.push((i, commas));
        }
    }
    if dropped.is_empty() || parses(&applied.text) || !parses(before) {
        return;
    }
    let mut repaired = applied.matches.clone();
    for (i, commas) in &dropped {
        let r = &mut repaired[*i].replacement;
        for &c in commas.iter().rev() {
            r.remove(c);
        }
    }
    let mut text = String::with_capacity(applied.text.len());
    let mut pos = 0;
    for &i in &order {
        text.push_str(&before[pos..repaired[i].span.start]);
        text.push_str(&repaired[i].replacement);
        pos = repaired[i].span.end;
    }
    text.push_str(&before[pos..]);
    if parses(&text) {
        applied.text = text;
        applied.matches = repaired;
    }
}

/// Byte offsets in `replacement` of the commas that end a line and come (past whitespace, in
/// the rest of the replacement and then in `after`) right before a `}` or `]`. (A JSON string
/// holds no line break, so a comma ending a line is never inside one.)
fn dangling_commas(replacement: &str, after: &str) -> Vec<usize> {
    let mut commas = Vec::new();
    let mut line_start = 0;
    for line in replacement.split_inclusive('\n') {
        let content = line.trim_end();
        if content.ends_with(',') {
            let comma = line_start + content.len() - 1;
            let rest = replacement[comma + 1..].trim_start();
            let next = if rest.is_empty() {
                after.trim_start().chars().next()
            } else {
                rest.chars().next()
            };
            if matches!(next, Some('}' | ']')) {
                commas.push(comma);
            }
        }
        line_start += line.len();
    }
    commas
}

/// Whether `text` is strict JSON.
fn parses(text: &str) -> bool {
    serde_json::from_str::<IgnoredAny>(text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::applied::Match;
    use crate::candidate::StrategyId;

    fn applied(before: &str, span: std::ops::Range<usize>, replacement: &str) -> Applied {
        let text = format!(
            "{}{replacement}{}",
            &before[..span.start],
            &before[span.end..]
        );
        Applied {
            text,
            matches: vec![Match::placed(
                0,
                StrategyId::Exact,
                0..1,
                span,
                replacement.to_string(),
            )],
            failures: Vec::new(),
            sequential: false,
            warnings: Vec::new(),
            followed: Vec::new(),
        }
    }

    #[test]
    fn a_comma_added_to_the_last_member_is_dropped() {
        let before = "{\n  \"a\": 1,\n  \"b\": 2\n}\n";
        let span = 12..20; // `  "b": 2`
        let mut out = applied(before, span, "  \"b\": 3,");
        drop_dangling_commas(before, &mut out);
        assert_eq!(out.text, "{\n  \"a\": 1,\n  \"b\": 3\n}\n");
        assert_eq!(out.matches[0].replacement, "  \"b\": 3");
    }

    #[test]
    fn the_comma_left_by_deleting_the_last_element_is_dropped() {
        let before = "[\n  1,\n  2\n]\n";
        let mut out = applied(before, 2..11, "  1,\n");
        drop_dangling_commas(before, &mut out);
        assert_eq!(out.text, "[\n  1\n]\n");
    }

    #[test]
    fn a_comma_before_another_member_or_in_a_lenient_file_stays() {
        let before = "{\n  \"a\": 1\n}\n";
        let mut out = applied(before, 2..10, "  \"a\": 1,\n  \"b\": 2");
        drop_dangling_commas(before, &mut out);
        assert_eq!(out.text, "{\n  \"a\": 1,\n  \"b\": 2\n}\n");
        // The file had a trailing comma of its own: not strict JSON, left as written.
        let before = "{\n  \"a\": 1,\n}\n";
        let mut out = applied(before, 2..11, "  \"a\": 2,");
        drop_dangling_commas(before, &mut out);
        assert_eq!(out.text, "{\n  \"a\": 2,\n}\n");
    }
}
