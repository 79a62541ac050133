//! **Inner whitespace**: lines equal once every run of whitespace reads as one space.
//!
//! Models re-space code from memory: one space where the file aligns with several, a tab
//! between tokens, double spaces after reformatting in their head. Only runs of whitespace are
//! collapsed; whitespace is never deleted between tokens, so `a b` does not match `ab`. A
//! one-line `old` may also match part of a line this way (`let x = 1;` in
//! `    let  x = 1; // note`); then `new` is written in its place as given.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "x     = 1\ny = 2\n";
//! let out = apply(file, &Edit::new("x = 1\ny = 2", "x = 1\ny = 3")).unwrap();
//! assert_eq!(out.text, "x     = 1\ny = 3\n");
//! assert_eq!(out.matches[0].strategy, "inner_whitespace");
//! ```

use super::{line_candidates, Candidate, Context, Plan, Strategy};
use crate::normalize::{self, Level};

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub struct InnerWhitespace;

impl Strategy for InnerWhitespace {
    fn name(&self) -> &'static str {
        "inner_whitespace"
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let lines = line_candidates(
            cx.text,
            cx.needle,
            &cx.windows(Level::InnerWhitespace),
            None,
        );
        if !lines.is_empty() {
            return lines;
        }
        within_lines(cx)
    }
}

/// A one-line `old` that is part of a line, once whitespace runs and punctuation are
/// normalized: `let x = 1;` in `    let  x = 1; // note`. Lines are pre-selected by the longest
/// word of `old`, so the text is not normalized as a whole.
fn within_lines(cx: &Context<'_>) -> Vec<Candidate> {
    let old = cx.needle.old();
    if old.contains('\n') || old.trim().is_empty() {
        return Vec::new();
    }
    let key: Vec<char> = normalize::loose_key(old).chars().collect();
    let Some(word) = old
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .max_by_key(|w| w.len())
        .filter(|w| !w.is_empty())
    else {
        return Vec::new();
    };
    let text = cx.text;
    let mut lines: Vec<usize> =
        memchr::memmem::find_iter(text.as_str().as_bytes(), word.as_bytes())
            .map(|at| text.line_of(at))
            .collect();
    lines.dedup();
    let mut out = Vec::new();
    for i in lines {
        let (chars, spans) = normalize::loose_with_offsets(text.line(i));
        let base = text.lines()[i].start;
        let mut from = 0;
        while let Some(p) = find(&chars[from..], &key).map(|p| p + from) {
            out.push(Candidate {
                lines: i..i + 1,
                span: base + spans[p].start..base + spans[p + key.len() - 1].end,
                score: 1.0,
                plan: Plan::Splice(None),
            });
            from = p + key.len();
        }
    }
    out
}

fn find(hay: &[char], needle: &[char]) -> Option<usize> {
    if needle.is_empty() || needle.len() > hay.len() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}
