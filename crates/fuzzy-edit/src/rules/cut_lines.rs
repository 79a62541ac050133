//! Rule 3: an exact match that starts or ends inside a line, while `new` writes the whole line.
//!
//! A model copies `old`'s last line short (`The quick brown fox jumps` of `... jumps over the
//! lazy dog.`, `return 0` without its `;`, `.a` without ` {`, a line without its trailing
//! comment) or its first line from the middle, and writes `new` as whole lines. Spliced where
//! it was found, the part of the line outside the match stays *and* comes again from `new`:
//! `return 1;;`, `... dog. over the lazy dog.`, or, where `new` adds lines after the cut one,
//! the tail glued onto the added line (`.b { {`). So where the file's line goes on past the
//! match (its *tail*) or began before it (its *head*):
//! - `new`'s line at that edge keeps `old`'s piece as it is: substring semantics (the tail or
//!   head stays where it is);
//! - `new`'s line there repeats the tail (ends with it) or the head (starts with it): the edit
//!   is a whole-line edit, the span grows to the line's edge, unless only the substring
//!   reading keeps the line's brackets balanced as the file has them (`f(x` -> `f(g(x)` in
//!   `f(x)` wraps a call: `f(g(x))`); where neither reading does, it is refused;
//! - `new` keeps `old`'s cut last line unchanged and adds lines after it: the tail belongs to
//!   that line, not to the last added one; a tail of punctuation or a comment moves with the
//!   line, any other tail (the model may mean to split the line) is refused;
//! - `new` adds lines before `old`'s cut first line, kept unchanged: refused.
//!
//! - `new` writes the line on past `old`'s piece, and what it writes there shares a long run
//!   with the tail (the tail with a change: `... lazy cat.` for `... lazy dog.`): refused
//!   (`alike`); the same for a head with a change.
//!
//! Otherwise (`return 0` -> `return 1` with the `;` left outside the match) the edit is the
//! in-line edit it looks like. `replace_all` keeps substring semantics.
//!
//! Measured on the attack set outside the repository (seeds 1-3, 10,980 cases): the trunc_last_old, trunc_first_old,
//! trunc_tail_old and trunc_tail_both classes went from 159 wrong to 0, all now exact, as are
//! 36 trunc_first_old cases refused before and 3 trunc_tail_old ones applied otherwise; one
//! that doubled a changed trailing comment is refused (the 8-byte run of `alike`). No other
//! case changed, and the accuracy gate (peers' in-line matches included) is unchanged.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "int f(void) {\n  g(x);\n  return 0;\n}\n";
//! let out = apply(file, &Edit::new("  g(x);\n  return 0", "  g(x);\n  return 1;")).unwrap();
//! assert_eq!(out.text, "int f(void) {\n  g(x);\n  return 1;\n}\n");
//! ```

use std::rc::Rc;

use crate::candidate::{Candidate, Fit, StrategyId};
use crate::error::EditError;
use crate::feedback::{location, numbered};
use crate::needle::Needle;
use crate::text::Text;
use crate::thresholds::MIN_SHARED_RUN;

/// Rule 3: `c`, as a whole-line edit where `old` cut its first or last line and `new` writes
/// that line whole; refused where what `new` means there is unclear; as it is otherwise.
pub(crate) fn check_cut_lines(
    text: &Text,
    strategy: StrategyId,
    mut c: Candidate,
    base: &Needle,
    replace_all: bool,
) -> Result<Candidate, EditError> {
    if replace_all || !matches!(c.fit, Fit::Splice(_)) {
        return Ok(c);
    }
    let needle = c.fit.needle().unwrap_or(base);
    let (mut old, mut new) = (needle.old_text().to_string(), needle.new_text().to_string());
    // A `new` ending with a line break `old` lacks (or the reverse) is another mistake, with
    // its own handling; a cut line is judged on the lines as sent.
    if old.ends_with('\n') != new.ends_with('\n') || old.starts_with('\n') || new.is_empty() {
        return Ok(c);
    }
    let mut changed = false;
    if let Some(end) = cut_tail(text, &c, &old, &new)? {
        match end {
            Reading::Substring => {}
            Reading::WholeLine {
                part: tail,
                new_line,
            } => {
                old.push_str(&tail);
                if let Some(k) = new_line {
                    new = with_tail_on_line(&new, k, &tail);
                }
                c.span.end += tail.len();
                changed = true;
            }
            Reading::Unclear => return Err(refusal(text, strategy, &c, &old, true)),
        }
    }
    if let Some(start) = cut_head(text, &c, &old, &new) {
        match start {
            Reading::Substring => {}
            Reading::WholeLine { part: head, .. } => {
                old.insert_str(0, &head);
                c.span.start -= head.len();
                changed = true;
            }
            Reading::Unclear => return Err(refusal(text, strategy, &c, &old, false)),
        }
    }
    if changed {
        c.fit = Fit::Splice(Some(Rc::new(Needle::new(old, new))));
    }
    Ok(c)
}

/// What `new` means at a cut edge of the span.
enum Reading {
    /// The part of the line outside the match stays where it is.
    Substring,
    /// The span takes the part of the line outside the match (`tail`, or the head); where
    /// `new_line` is given, that line of `new` is the cut line and gets the tail appended.
    WholeLine {
        part: String,
        new_line: Option<usize>,
    },
    /// Refused.
    Unclear,
}

/// The reading at the span's end, when the span ends inside a line.
fn cut_tail(
    text: &Text,
    c: &Candidate,
    old: &str,
    new: &str,
) -> Result<Option<Reading>, EditError> {
    let t = text.as_str();
    let line = text.lines()[text.line_of(c.span.end)];
    if c.span.end <= line.start || c.span.end >= line.content_end {
        return Ok(None);
    }
    let tail = &t[c.span.end..line.content_end];
    let old_lines: Vec<&str> = old.split('\n').map(strip_cr).collect();
    let new_lines: Vec<&str> = new.split('\n').map(strip_cr).collect();
    let old_last = old_lines[old_lines.len() - 1];
    let new_last = new_lines[new_lines.len() - 1];
    if new_last == old_last || tail.trim().is_empty() {
        return Ok(Some(Reading::Substring));
    }
    // `new` adds lines after `old`'s cut last line, which it keeps (or writes whole).
    if new_lines.len() > old_lines.len() {
        let kept = (0..new_lines.len() - 1)
            .rev()
            .find(|&k| new_lines[k] == old_last || is_whole(new_lines[k], old_last, tail));
        if let Some(k) = kept {
            if is_whole(new_lines[k], old_last, tail) {
                return Ok(Some(whole(tail, None)));
            }
            return Ok(Some(if is_line_tail(tail) {
                whole(tail, Some(k))
            } else {
                Reading::Unclear
            }));
        }
    }
    if !new_last.ends_with(tail) {
        // `new` writes the line on past `old`'s piece, and what it writes there is the tail
        // with a change (`... jumps over the lazy cat.` for `... jumps over the lazy dog.`):
        // spliced, the tail would follow the changed one.
        let added = new_last.strip_prefix(old_last).unwrap_or("");
        return Ok(Some(if alike(added, tail) {
            Reading::Unclear
        } else {
            Reading::Substring
        }));
    }
    // With lines added, the last line of `new` is the cut line only where it keeps its piece.
    if new_lines.len() > old_lines.len()
        && !new_last.trim_start().starts_with(old_last.trim_start())
    {
        return Ok(Some(Reading::Unclear));
    }
    // `new`'s last line repeats the tail: whole line, unless only the substring reading keeps
    // the brackets as the file has them.
    let file_line = &t[line.start..line.content_end];
    let head = if new_lines.len() == 1 {
        let first = text.lines()[text.line_of(c.span.start)];
        let head = &t[first.start..c.span.start];
        // (A head `new` repeats too is the start's business.)
        if !head.trim().is_empty() && new_last.trim_start().starts_with(head.trim_start()) {
            ""
        } else {
            head
        }
    } else {
        ""
    };
    let whole_line = format!("{head}{new_last}");
    let substring = format!("{whole_line}{tail}");
    Ok(Some(pick(file_line, &whole_line, &substring, || {
        whole(tail, None)
    })))
}

/// The reading at the span's start, when the span starts inside a line after its indentation.
fn cut_head(text: &Text, c: &Candidate, old: &str, new: &str) -> Option<Reading> {
    let t = text.as_str();
    let line = text.lines()[text.line_of(c.span.start)];
    if c.span.start <= line.start || c.span.start >= line.content_end {
        return None;
    }
    let head = &t[line.start..c.span.start];
    let indent = &head[..head.len() - head.trim_start().len()];
    let bare = &head[indent.len()..];
    if bare.is_empty() {
        return None;
    }
    let old_first = strip_cr(old.split('\n').next().unwrap_or(old));
    let new_lines: Vec<&str> = new.split('\n').map(strip_cr).collect();
    let new_first = new_lines[0];
    if new_first == old_first {
        return Some(Reading::Substring);
    }
    let old_count = old.split('\n').count();
    if new_lines.len() > old_count && new_lines[1..].contains(&old_first) {
        // `new` adds lines before the cut line: where its head goes is unclear.
        return Some(Reading::Unclear);
    }
    // The head `new` repeats: from the line's start, or after its indentation.
    let taken = if new_first.starts_with(head) {
        head
    } else if new_first.starts_with(bare) {
        bare
    } else {
        // The head with a change in front of `old`'s piece: spliced, it would follow the head.
        let added = new_first.strip_suffix(old_first).unwrap_or("");
        return Some(if alike(added.trim_start(), bare) {
            Reading::Unclear
        } else {
            Reading::Substring
        });
    };
    let file_line = &t[line.start..line.content_end];
    let rest = if new_lines.len() == 1 {
        let last = text.lines()[text.line_of(c.span.end)];
        &t[c.span.end..last.content_end.max(c.span.end)]
    } else {
        ""
    };
    let before = &head[..head.len() - taken.len()];
    let whole_line = format!("{before}{new_first}{rest}");
    let substring = format!("{head}{new_first}{rest}");
    Some(pick(file_line, &whole_line, &substring, || {
        whole(taken, None)
    }))
}

fn whole(part: &str, new_line: Option<usize>) -> Reading {
    Reading::WholeLine {
        part: part.to_string(),
        new_line,
    }
}

/// The whole-line reading where it keeps the file line's bracket balance, else the substring
/// reading where that one does, else unclear.
fn pick(
    file_line: &str,
    whole_line: &str,
    substring: &str,
    as_whole: impl Fn() -> Reading,
) -> Reading {
    let b = balance(file_line);
    if balance(whole_line) == b {
        as_whole()
    } else if balance(substring) == b {
        Reading::Substring
    } else {
        Reading::Unclear
    }
}

/// Whether `added` (what `new` writes past `old`'s piece) is the line's part outside the
/// match with a change: they share a run at their start or end of at least [`MIN_SHARED_RUN`]
/// bytes and of half
/// the part. (Shorter shared runs, ` + ` of ` + c` and ` + b`, are what an in-line insertion
/// writes too.)
fn alike(added: &str, part: &str) -> bool {
    let prefix = added
        .bytes()
        .zip(part.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let suffix = added
        .bytes()
        .rev()
        .zip(part.bytes().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let shared = prefix.max(suffix);
    shared >= MIN_SHARED_RUN && 2 * shared >= part.len()
}

/// Opening minus closing brackets of each kind.
fn balance(line: &str) -> [i64; 3] {
    let mut b = [0; 3];
    for ch in line.chars() {
        match ch {
            '(' => b[0] += 1,
            ')' => b[0] -= 1,
            '[' => b[1] += 1,
            ']' => b[1] -= 1,
            '{' => b[2] += 1,
            '}' => b[2] -= 1,
            _ => {}
        }
    }
    b
}

/// `line` is `piece` followed by the file line's `tail`.
fn is_whole(line: &str, piece: &str, tail: &str) -> bool {
    line.len() == piece.len() + tail.len() && line.starts_with(piece) && line.ends_with(tail)
}

/// A tail that ends a line rather than continuing its code: punctuation (`;`, ` {`, `,`,
/// ` \`), or a trailing comment.
fn is_line_tail(tail: &str) -> bool {
    let t = tail.trim_start();
    !t.chars().any(char::is_alphanumeric)
        || ["//", "#", "/*", "--", "<!--"]
            .iter()
            .any(|c| t.starts_with(c))
}

/// `new` with `tail` appended to its line `k`.
fn with_tail_on_line(new: &str, k: usize, tail: &str) -> String {
    let mut out = String::with_capacity(new.len() + tail.len());
    for (i, piece) in new.split_inclusive('\n').enumerate() {
        if i == k {
            let body = piece.trim_end_matches(['\n', '\r']);
            out.push_str(body);
            out.push_str(tail);
            out.push_str(&piece[body.len()..]);
        } else {
            out.push_str(piece);
        }
    }
    out
}

fn strip_cr(line: &str) -> &str {
    line.strip_suffix('\r').unwrap_or(line)
}

/// The refusal: the file's whole line that `old` cuts.
fn refusal(text: &Text, strategy: StrategyId, c: &Candidate, old: &str, at_end: bool) -> EditError {
    let (line, old_line) = if at_end {
        (
            text.line_of(c.span.end),
            old.rsplit('\n').next().unwrap_or(old),
        )
    } else {
        (
            text.line_of(c.span.start),
            old.split('\n').next().unwrap_or(old),
        )
    };
    EditError::ContentMismatch {
        rule: super::table::RuleId::CutLines.name(),
        strategy: format!(
            "{strategy}, but it {} inside a line, and whether the new text replaces the whole line is unclear; copy the whole line",
            if at_end { "ends" } else { "starts" }
        ),
        location: location(text, c.lines.clone(), Some(c.score)),
        old_text: strip_cr(old_line).to_string(),
        file_text: numbered(text, line..line + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::{alike, balance, is_line_tail, with_tail_on_line};
    use crate::{apply, Edit};

    #[test]
    fn a_tail_that_ends_a_line_is_punctuation_or_a_comment() {
        for tail in [";", " {", ",", " \\", "  // the count", " # note", ") {"] {
            assert!(is_line_tail(tail), "{tail:?}");
        }
        for tail in [" b = 2;", " over the lazy dog.", " else {"] {
            assert!(!is_line_tail(tail), "{tail:?}");
        }
    }

    #[test]
    fn a_changed_part_shares_a_long_run_with_the_files() {
        assert!(alike(" over the lazy cat.", " over the lazy dog."));
        assert!(alike(" #8f5902 } /* PromptX */", " #8f5902 } /* Prompt */"));
        assert!(!alike(" + c", " + b"));
        assert!(!alike(", x", ", b)"));
    }

    #[test]
    fn the_tail_goes_on_the_line_new_keeps() {
        assert_eq!(with_tail_on_line("a\nb\nc", 1, " {"), "a\nb {\nc");
        assert_eq!(with_tail_on_line("a\r\nb\r\n", 0, ";"), "a;\r\nb\r\n");
        assert_eq!(balance("f(g(x)"), [1, 0, 0]);
        assert_eq!(balance("a[0] = {}"), [0, 0, 0]);
    }

    #[test]
    fn replace_all_keeps_substring_semantics() {
        let edit = Edit::new("return 0", "return 1;").replace_all(true);
        let out = apply("return 0;\nreturn 0;\n", &edit).unwrap();
        assert_eq!(out.text, "return 1;;\nreturn 1;;\n");
    }
}
