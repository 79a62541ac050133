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

use super::{line_candidates, Context, Strategy, LINE_COMPARE_UNITS};
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::normalize::{self, is_word_char, Level};

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct InnerWhitespace;

impl Strategy for InnerWhitespace {
    fn id(&self) -> StrategyId {
        StrategyId::InnerWhitespace
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
    let old = cx.needle.old_text();
    if old.contains('\n') || old.trim().is_empty() {
        return Vec::new();
    }
    let key = normalize::loose_key(old);
    let Some(word) = old
        .split(|c: char| !is_word_char(c))
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
        let line = text.line(i);
        if !cx
            .budget
            .charge(4 * (line.len() + key.len()) + LINE_COMPARE_UNITS)
        {
            break;
        }
        let (chars, spans) = normalize::loose_with_offsets(line);
        let normalized: String = chars.iter().collect();
        // Byte offset in `normalized` of each char, to map memmem hits back to chars.
        let starts: Vec<usize> = normalized.char_indices().map(|(b, _)| b).collect();
        let base = text.lines()[i].start;
        for hit in memchr::memmem::find_iter(normalized.as_bytes(), key.as_bytes()) {
            let p = starts.partition_point(|&b| b < hit);
            let q = p + key.chars().count() - 1;
            let span = spans[p].start..spans[q].end;
            // Never cut a word in two: `i = 0` is not in `pi = 0.5`.
            let cuts_start = key.starts_with(is_word_char)
                && line[..span.start]
                    .chars()
                    .next_back()
                    .is_some_and(is_word_char);
            let cuts_end = key.ends_with(is_word_char)
                && line[span.end..].chars().next().is_some_and(is_word_char);
            if cuts_start || cuts_end {
                continue;
            }
            out.push(Candidate {
                lines: i..i + 1,
                span: base + span.start..base + span.end,
                score: 1.0,
                fit: Fit::Splice(None),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{apply, Edit};

    #[test]
    fn part_of_a_line_respects_words() {
        let out = apply(
            "    let  x = 1; // note\n",
            &Edit::new("let x = 1;", "let x = 2;"),
        )
        .unwrap();
        assert_eq!(out.text, "    let x = 2; // note\n");
        assert_eq!(
            apply("pi  = 0.5\n", &Edit::new("i = 0", "i = 1"))
                .unwrap_err()
                .kind(),
            "not_found"
        );
    }
}
