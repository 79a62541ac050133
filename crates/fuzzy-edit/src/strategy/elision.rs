//! **Elision**: `old` skips lines with a marker such as `...` or `// ... existing code ...`.
//!
//! Models abbreviate long blocks. The pieces of `old` between markers must match in order
//! (each piece loosely, the next piece at its first occurrence after the previous one); each
//! marker covers the file lines between them. Markers in `new` stand for the same lines, so
//! `new` must carry as many markers as `old` has between pieces; otherwise the lines a marker
//! covers would be deleted, and the edit is not matched here.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "fn f() {\n    a();\n    b();\n    c();\n}\n";
//! let out = apply(file, &Edit::new("fn f() {\n    // ...\n}", "fn g() {\n    // ...\n}")).unwrap();
//! assert_eq!(out.text, "fn g() {\n    a();\n    b();\n    c();\n}\n");
//! assert_eq!(out.matches[0].strategy, "elision");
//! ```

use std::rc::Rc;

use super::{find_windows, Candidate, Context, Plan, Strategy};
use crate::needle::{lines_of, Needle};
use crate::normalize::Level;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Elision;

/// Whether a line is an elision marker: `...`, `…`, or a comment holding one, optionally with
/// words (`# ... rest of the function`, `// ... existing code ...`).
pub fn is_elision_marker(line: &str) -> bool {
    let mut t = line.trim();
    for leader in ["//", "#", "/*", "<!--", "--", ";", "*"] {
        if let Some(r) = t.strip_prefix(leader) {
            t = r.trim();
            break;
        }
    }
    for trailer in ["*/", "-->"] {
        if let Some(r) = t.strip_suffix(trailer) {
            t = r.trim();
        }
    }
    let Some(rest) = t.strip_prefix("...").or_else(|| t.strip_prefix('\u{2026}')) else {
        return false;
    };
    let words = rest
        .trim()
        .trim_end_matches("...")
        .trim_end_matches('\u{2026}')
        .trim();
    words.is_empty()
        || (rest.starts_with(' ')
            && words
                .chars()
                .all(|c| c.is_alphanumeric() || c == ' ' || c == '-' || c == ','))
}

impl Strategy for Elision {
    fn name(&self) -> &'static str {
        "elision"
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let old: Vec<&str> = cx.needle.lines().collect();
        if !old.iter().any(|l| is_elision_marker(l)) {
            return Vec::new();
        }
        let pieces: Vec<&[&str]> = old
            .split(|l| is_elision_marker(l))
            .filter(|p| p.iter().any(|l| !l.trim().is_empty()))
            .collect();
        if pieces.is_empty() {
            return Vec::new();
        }
        let (new_lines, new_trailing) = lines_of(cx.needle.new_text());
        let Some(new_segments) = new_segments(&new_lines, pieces.len() - 1) else {
            return Vec::new();
        };
        let text = cx.text;
        let occurrences: Vec<Vec<usize>> = pieces
            .iter()
            .map(|p| find_windows(text, p, Level::InnerWhitespace))
            .collect();
        // Where each piece lands, for every start of the first piece.
        let mut placements: Vec<Vec<(usize, usize)>> = Vec::new();
        'starts: for &start in &occurrences[0] {
            let mut bounds = vec![(start, start + pieces[0].len())];
            for (k, occ) in occurrences.iter().enumerate().skip(1) {
                let after = bounds[k - 1].1;
                let i = occ.partition_point(|&s| s < after);
                let Some(&s) = occ.get(i) else {
                    continue 'starts;
                };
                bounds.push((s, s + pieces[k].len()));
            }
            placements.push(bounds);
        }
        // Several starts of the first piece can lead to the same later pieces: the nearest one
        // is meant (the marker covers the fewest lines).
        let end_of = |b: &Vec<(usize, usize)>| b.last().map_or(0, |l| l.1);
        placements.sort_by_key(|b| (end_of(b), std::cmp::Reverse(b[0].0)));
        placements.dedup_by_key(|b| end_of(b));

        let trailing = cx.needle.trailing_newline();
        placements
            .into_iter()
            .map(|bounds| {
                let (start, end) = (bounds[0].0, end_of(&bounds));
                let mut exp_old: Vec<&str> = Vec::new();
                let mut exp_new: Vec<&str> = Vec::new();
                for (k, piece) in pieces.iter().enumerate() {
                    if k > 0 {
                        let gap = (bounds[k - 1].1..bounds[k].0).map(|i| text.line(i));
                        exp_old.extend(gap.clone());
                        exp_new.extend(gap);
                    }
                    exp_old.extend(piece.iter());
                    exp_new.extend(new_segments[k].iter());
                }
                let needle = Needle::owned(
                    join(&exp_old, trailing),
                    join(&exp_new, new_trailing && !exp_new.is_empty()),
                );
                Candidate {
                    span: text.span_of_lines(start..end, trailing),
                    lines: start..end,
                    score: 1.0,
                    plan: Plan::Lines(Some(Rc::new(needle))),
                }
            })
            .collect()
    }
}

/// Split `new` at its markers into `gaps + 1` segments (markers at either end dropped), or
/// `None` when it has a different number of inner markers.
fn new_segments<'a>(new: &[&'a str], gaps: usize) -> Option<Vec<Vec<&'a str>>> {
    let mut segments: Vec<Vec<&str>> = new
        .split(|l| is_elision_marker(l))
        .map(<[&str]>::to_vec)
        .collect();
    while segments.len() > gaps + 1 && segments.first().is_some_and(|s| is_blank(s)) {
        segments.remove(0);
    }
    while segments.len() > gaps + 1 && segments.last().is_some_and(|s| is_blank(s)) {
        segments.pop();
    }
    (segments.len() == gaps + 1).then_some(segments)
}

fn is_blank(lines: &[&str]) -> bool {
    lines.iter().all(|l| l.trim().is_empty())
}

fn join(lines: &[&str], trailing_newline: bool) -> String {
    let mut s = lines.join("\n");
    if trailing_newline {
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_markers_not_code() {
        for m in [
            "...",
            "  // ...",
            "# ... existing code ...",
            "/* ... */",
            "\u{2026}",
            "// ... rest of the function",
        ] {
            assert!(is_elision_marker(m), "{m}");
        }
        for code in [
            "...props,",
            "x = ...",
            "print('...')",
            "// see above",
            "...rest}",
        ] {
            assert!(!is_elision_marker(code), "{code}");
        }
    }

    #[test]
    fn new_must_keep_the_inner_markers() {
        assert_eq!(
            new_segments(&["a", "...", "b"], 1).unwrap(),
            [vec!["a"], vec!["b"]]
        );
        assert!(new_segments(&["a", "b"], 1).is_none());
        assert_eq!(
            new_segments(&["...", "a", "...", "b"], 1).unwrap(),
            [vec!["a"], vec!["b"]]
        );
    }
}
