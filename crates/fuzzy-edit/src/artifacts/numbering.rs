//! Read-tool line numbers in `new` (`     12\t`, `12:`, `12:ab|`): which lines carry them, so
//! that they, and only they, are stripped.

use std::borrow::Cow;
use std::collections::HashSet;

use crate::align::line_similarity;
use crate::normalize::{indent_of, loose_equal, loose_key, unescape};
use crate::notation::{parse_prefix, strip_line_prefixes, Style};
use crate::text::Text;
use crate::thresholds::{RETYPED, RETYPED_LEN};

/// The style in which a read tool numbered the lines of `s`, if it did: the numbered lines
/// count up in one style; one numbered line alone must be right-aligned as read tools write
/// it (`     1\t`), in a style that is never code (not `12: x` or `12|`); and the file must not
/// number its own lines that way (`1: a` in YAML). Models number the lines they copy but often
/// not the lines they add, so not every line need carry a number. One numbered line alone in
/// another style counts where it is exactly that line of the file and a line of `copied`
/// (`old`: the model copied it from there, number and all).
pub(super) fn tool_numbering(text: &Text, s: &str, copied: &str) -> Option<Numbering> {
    let all: Vec<_> = s
        .split('\n')
        .enumerate()
        .filter_map(|(i, l)| parse_prefix(l).map(|p| (i, p, l.starts_with(' '))))
        .collect();
    // Read tools right-align their numbers: where some are, an unaligned one is the model's.
    let padded = all.iter().any(|(_, _, p)| *p);
    // ... and to one width (`     7\t`): a narrower `  1\t` is code that starts with a number.
    let width = all
        .iter()
        .filter(|(_, _, p)| *p)
        .map(|(_, (_, _, len), _)| *len)
        .max();
    let numbered: Vec<_> = all
        .into_iter()
        .filter(|(_, (_, _, len), p)| !padded || (*p && Some(*len) == width))
        .collect();
    let ambiguous = |style: Style| matches!(style, Style::Colon | Style::Pipe);
    let style = numbered
        .iter()
        .find(|(_, (style, _, _), _)| !ambiguous(*style))
        .or(numbered.first())?
        .1
         .0;
    let of_style: Vec<(usize, u64)> = numbered
        .iter()
        .filter(|(_, (s, _, _), _)| *s == style)
        .map(|(i, (_, n, _), _)| (*i, *n))
        .collect();
    // The numbers count up, but for lines the model added whose code starts like a number
    // (`  0\tfn`): those are the lines outside the longest counting-up run, and fewer.
    let lines = counting_up(&of_style);
    let pieces: Vec<&str> = s.split('\n').collect();
    let body_of = |i: usize| parse_prefix(pieces[i]).map_or("", |(_, _, len)| &pieces[i][len..]);
    let file_line = |n: u64| {
        let at = usize::try_from(n).ok().and_then(|n| n.checked_sub(1));
        at.filter(|&at| at < text.line_count())
            .map(|at| text.line(at))
    };
    let copied_line = || {
        of_style.iter().any(|&(i, n)| {
            let body = body_of(i);
            let body = without_tool_space(style, body);
            !body.trim().is_empty()
                && file_line(n) == Some(body)
                && copied.lines().any(|o| {
                    // (`old` may carry the same number: `2|x` copied into `new` as `2|x`.)
                    o == body
                        || parse_prefix(o)
                            .is_some_and(|(st, _, len)| without_tool_space(st, &o[len..]) == body)
                })
        })
    };
    // `new` opening with a numbered line at the number of the line `old` stands on (or of a
    // line of its span), at that line's depth once the number is gone: the tool's number for
    // the line it rewrites. (After an unnumbered line, `1: "debug",` is a dict's.)
    let opening = pieces.iter().position(|l| !l.trim().is_empty());
    let at_old = || {
        lines
            .first()
            .filter(|&&i| Some(i) == opening)
            .is_some_and(|&i| {
                let n = of_style
                    .iter()
                    .find(|(k, _)| *k == i)
                    .map_or(0, |&(_, n)| n);
                numbered_at_old(text, copied, style, n, body_of(i))
            })
    };
    let enough = lines.len() >= 2
        || (padded && !ambiguous(style))
        || matches!(style, Style::HashLine | Style::LineId)
        || (lines.len() == 1 && (copied_line() || at_old()));
    // Where code could start that way (`1: "debug",` in a dict, `1\tAlice` in data), the
    // numbers must be the file's: a numbered line the model copied is that line of the file.
    let code_like = ambiguous(style) || (style == Style::Tab && !padded);
    let the_files = || {
        at_old()
            || of_style
                .iter()
                .filter(|(i, _)| lines.binary_search(i).is_ok())
                .any(|&(i, n)| {
                    let body = body_of(i);
                    file_line(n).is_some_and(|l| loose_equal(l, body)) && !body.trim().is_empty()
                })
    };
    // A file that numbers its own lines that way (`1: a` in YAML, `     1\t` in a fixture of
    // `cat -n` output) shows them as content, unless the numbered lines are the file's own
    // lines at those numbers: the model copied them, numbers and all, from a read tool.
    if !(enough
        && lines.len() * 2 > of_style.len()
        && (!code_like || the_files())
        && (!numbered_like_the_file(text, style) || the_files()))
    {
        return None;
    }
    // `12: code`: the space is the tool's, not the code's indentation. Every numbered line
    // goes on with one, and where the file has the line, it has it without (a line at
    // column 0 settles it; without the file's word, the tool's habit decides).
    let space = style == Style::Colon && {
        let bodies: Vec<(usize, u64)> = of_style
            .iter()
            .copied()
            .filter(|(i, _)| lines.binary_search(i).is_ok() && !body_of(*i).trim().is_empty())
            .collect();
        let every = bodies.iter().all(|&(i, _)| body_of(i).starts_with(' '));
        let (with, without) = bodies.iter().fold((0, 0), |(w, wo), &(i, n)| {
            let body = body_of(i);
            let after = &body[1.min(body.len())..];
            // (A line the edit changes shows it by its depth.)
            match file_line(n) {
                Some(l) if l == after => (w + 1, wo),
                Some(l) if l == body => (w, wo + 1),
                Some(l) if indent_of(l) == indent_of(after) => (w + 1, wo),
                Some(l) if indent_of(l) == indent_of(body) => (w, wo + 1),
                _ => (w, wo),
            }
        });
        every && with >= without
    };
    Some(Numbering {
        style,
        lines,
        space,
    })
}

/// The read tool's numbers in `new` where `old` carries them on every line: `new`'s lines
/// numbered in the shape of `old`'s (style, `L`, padding) count up from one of `old`'s numbers.
/// That `old` and `new` were numbered alike is the evidence, whatever the numbers: they may
/// be stale (an edit above moved the lines) or right with `old`'s indentation off, and
/// written as content they corrupt the file (`        4→        self.x = 2`). Where the file
/// numbers its own lines that way, [`tool_numbering`] decides. Lines of `new` numbered in
/// another shape (`    1: 'a',` under `5: x = {`) are code.
pub(super) fn mirrored_numbering(text: &Text, old: &str, new: &str) -> Option<Numbering> {
    strip_line_prefixes(old)?;
    let old_numbers: Vec<(Shape, u64)> = old.split('\n').filter_map(shaped_number).collect();
    let &(shape, _) = old_numbers.first()?;
    if old_numbers.iter().any(|(s, _)| *s != shape) || numbered_like_the_file(text, shape.style) {
        return None;
    }
    let least = old_numbers.iter().map(|(_, n)| *n).min()?;
    let most = old_numbers.iter().map(|(_, n)| *n).max()?;
    let pieces: Vec<&str> = new.split('\n').collect();
    let numbered: Vec<(usize, u64)> = pieces
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            shaped_number(l)
                .filter(|(s, _)| *s == shape)
                .map(|(_, n)| (i, n))
        })
        .collect();
    let &(_, first) = numbered.first()?;
    let &(_, last) = numbered.last()?;
    // (Lines the model added may carry the numbers after `old`'s.)
    let counts_up = numbered.windows(2).all(|w| w[0].1 < w[1].1)
        && (least..=most).contains(&first)
        && last <= most + pieces.len() as u64;
    if !counts_up {
        return None;
    }
    let bodies = |s: &str| -> Vec<String> {
        s.split('\n')
            .filter_map(|l| parse_prefix(l).map(|(_, _, len)| l[len..].to_string()))
            .filter(|b| !b.trim().is_empty())
            .collect()
    };
    let space = shape.style == Style::Colon
        && bodies(old)
            .iter()
            .chain(&bodies(new))
            .all(|b| b.starts_with(' '));
    Some(Numbering {
        style: shape.style,
        lines: numbered.into_iter().map(|(i, _)| i).collect(),
        space,
    })
}

/// How a read tool wrote a line's number: its style, with or without `L`, right-aligned or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    style: Style,
    lettered: bool,
    padded: bool,
}

/// The shape and number of `line`'s read-tool prefix, if it has one.
fn shaped_number(line: &str) -> Option<(Shape, u64)> {
    let (style, n, _) = parse_prefix(line)?;
    let shape = Shape {
        style,
        lettered: line.trim_start_matches(' ').starts_with('L'),
        padded: line.starts_with(' '),
    };
    Some((shape, n))
}

/// `body` after a read tool's number, without the space `12: ` puts after the colon.
fn without_tool_space(style: Style, body: &str) -> &str {
    body.strip_prefix(' ')
        .filter(|_| style == Style::Colon)
        .unwrap_or(body)
}

/// Whether `body`, numbered `n` in `style` in `new`, is the read tool's line `n` of a span
/// `old` stands on: `old`'s first line (its own number gone, if it has one) is on the file's
/// line `n`, or a line before it within `old`'s length, and `body` starts at line `n`'s depth.
/// A file line that itself starts with that number (`3: x` in YAML or a dict on line 3) is
/// content, not a tool's prefix.
fn numbered_at_old(text: &Text, old: &str, style: Style, n: u64, body: &str) -> bool {
    let Some(at) = usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&at| at < text.line_count())
    else {
        return false;
    };
    let line = text.line(at);
    let own = parse_prefix(line).is_some_and(|(st, m, _)| st == style && m == n);
    // (With or without the space a colon's tool puts after it.)
    let same_depth = |b: &str| !b.trim().is_empty() && indent_of(b) == indent_of(line);
    if own || !(same_depth(body) || same_depth(without_tool_space(style, body))) {
        return false;
    }
    let old_lines: Vec<&str> = old.lines().collect();
    let Some(first) = old_lines.iter().position(|l| !l.trim().is_empty()) else {
        return false;
    };
    let olds_first = old_lines[first];
    let unnumbered = parse_prefix(olds_first).map(|(_, _, len)| olds_first[len..].trim());
    // (`old` escaped as a whole: its first line decoded.)
    let decoded = unescape(olds_first);
    let decoded_first = decoded
        .as_deref()
        .and_then(|d| d.lines().next())
        .map(str::trim);
    let candidates = [Some(olds_first.trim()), unnumbered, decoded_first];
    // Old's first line on the file's line `at - k` puts old's `first + k`-th line at `n`;
    // whichever strategy finds it there (a slip of a letter, curly quotes, `\(` escapes),
    // the numbers are read the same way: the line retyped counts as the file's.
    (0..old_lines.len() - first)
        .filter_map(|k| at.checked_sub(k))
        .any(|start| {
            let file = text.line(start).trim();
            candidates.iter().flatten().any(|c| {
                !c.is_empty()
                    && (file == *c
                        || loose_equal(file, c)
                        || (file.chars().count() >= RETYPED_LEN
                            && line_similarity(file, &without_regex_escapes(c)) >= RETYPED))
            })
        })
}

/// `s` without the backslashes a model puts before regex metacharacters (`\(`, `\.`).
fn without_regex_escapes(s: &str) -> Cow<'_, str> {
    if !s.contains('\\') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(|n| "()[]{}.*+?|$^".contains(*n)) {
            continue;
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// The lines of the longest subsequence of `numbered` (line, number) whose numbers increase;
/// among equally long ones, the one with the fewest numbers skipped (a read tool numbers lines
/// one by one: `7`, `0`, `8` is `7`, `8` and a line that starts with `0`). Texts with more
/// numbered lines than [`MAX_SCORED_NUMBERS`] take the first longest run found.
pub(super) fn counting_up(numbered: &[(usize, u64)]) -> Vec<usize> {
    if numbered.len() > MAX_SCORED_NUMBERS {
        return patience(numbered);
    }
    // best[k]: (length, numbers skipped, previous) of the best run ending at entry k.
    let mut best: Vec<(usize, u64, Option<usize>)> = Vec::with_capacity(numbered.len());
    for &(_, n) in numbered {
        let mut here = (1, 0, None);
        for (j, &(len, skipped, _)) in best.iter().enumerate() {
            let m = numbered[j].1;
            if m < n {
                let cand = (len + 1, skipped + (n - m - 1), Some(j));
                if cand.0 > here.0 || (cand.0 == here.0 && cand.1 < here.1) {
                    here = cand;
                }
            }
        }
        best.push(here);
    }
    let mut end = None;
    for (k, &(len, skipped, _)) in best.iter().enumerate() {
        let better = end.is_none_or(|e: usize| {
            let (l, s, _) = best[e];
            len > l || (len == l && skipped < s)
        });
        if better {
            end = Some(k);
        }
    }
    let mut lines = Vec::new();
    while let Some(k) = end {
        lines.push(numbered[k].0);
        end = best[k].2;
    }
    lines.reverse();
    lines
}

/// Most numbered lines [`counting_up`] compares pairwise.
const MAX_SCORED_NUMBERS: usize = 2000;

/// [`counting_up`] in `n log n`: the first longest increasing run (patience sorting).
fn patience(numbered: &[(usize, u64)]) -> Vec<usize> {
    let mut tails: Vec<usize> = Vec::new();
    let mut before: Vec<Option<usize>> = vec![None; numbered.len()];
    for (k, &(_, n)) in numbered.iter().enumerate() {
        let at = tails.partition_point(|&t| numbered[t].1 < n);
        before[k] = at.checked_sub(1).map(|p| tails[p]);
        if at == tails.len() {
            tails.push(k);
        } else {
            tails[at] = k;
        }
    }
    let mut lines = Vec::with_capacity(tails.len());
    let mut k = tails.last().copied();
    while let Some(i) = k {
        lines.push(numbered[i].0);
        k = before[i];
    }
    lines.reverse();
    lines
}

/// How a read tool numbered the lines of a text: which of its lines (0-based) carry a number.
pub(super) struct Numbering {
    style: Style,
    lines: Vec<usize>,
    /// A space after each number is the tool's separator (`12: code`).
    space: bool,
}

impl Numbering {
    /// Whether the numbers can be a read tool's for the lines around `old`: a numbered line is
    /// one of `old`'s (the model copied it, number and all), or the first number is no
    /// earlier than the first line of the file that `old`'s first line is (the model numbered
    /// the lines it rewrote). Numbers from 1 on lines the model adds below (a fixture of
    /// `cat -n` output) are content. Where `old` is nowhere to be seen, nothing says otherwise.
    pub(super) fn around_old(&self, text: &Text, old: &str, s: &str) -> bool {
        let pieces: Vec<&str> = s.split('\n').collect();
        let old_lines: HashSet<Cow<str>> = old.lines().map(loose_key).collect();
        let copied = self.lines.iter().any(|&i| {
            let body = parse_prefix(pieces[i]).map_or("", |(_, _, len)| &pieces[i][len..]);
            !body.trim().is_empty() && old_lines.contains(&loose_key(body))
        });
        if copied {
            return true;
        }
        // (`old` may start with blank lines: its first line is that many before.)
        let Some((before, first)) = old.lines().enumerate().find(|(_, l)| !l.trim().is_empty())
        else {
            return true;
        };
        let Some(number) = self
            .lines
            .first()
            .and_then(|&i| pieces.get(i).copied())
            .and_then(parse_prefix)
            .map(|(_, n, _)| n)
        else {
            return true;
        };
        let earliest = (0..text.line_count()).find(|&i| loose_equal(text.line(i), first));
        earliest.is_none_or(|at| number + before as u64 > at as u64)
    }
}

/// `s` without the numbers of the lines `numbering` found numbered.
pub(super) fn strip_numbers(s: &str, numbering: Numbering) -> String {
    let mut out = String::with_capacity(s.len());
    let mut numbered = numbering.lines.iter().peekable();
    for (i, piece) in s.split_inclusive('\n').enumerate() {
        let body = piece.trim_end_matches(['\n', '\r']);
        let this = numbered.next_if(|&&k| k == i).is_some();
        match parse_prefix(body) {
            Some((st, _, len)) if this && st == numbering.style => {
                let rest = &piece[len..];
                out.push_str(
                    rest.strip_prefix(' ')
                        .filter(|_| numbering.space)
                        .unwrap_or(rest),
                );
            }
            _ => out.push_str(piece),
        }
    }
    out
}

/// Whether the file numbers its own lines in `style` (`1: a` in YAML, `1\tx` in
/// tab-separated data).
fn numbered_like_the_file(text: &Text, style: Style) -> bool {
    (0..text.line_count()).any(|i| parse_prefix(text.line(i)).is_some_and(|(s, _, _)| s == style))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_olds_line_only_at_that_lines_depth_and_not_the_lines_own() {
        let text = Text::new("def g(x):\n    if x:\n        return 0\n    return 1\n");
        let body = "         return 2";
        // Old exact, numbered alike, or the second line of a two-line old.
        assert!(numbered_at_old(
            &text,
            "        return 0",
            Style::Colon,
            3,
            body
        ));
        assert!(numbered_at_old(
            &text,
            "3:         return 0",
            Style::Colon,
            3,
            body
        ));
        assert!(numbered_at_old(
            &text,
            "    if x:\n        return 0",
            Style::Colon,
            3,
            body
        ));
        // Another line's number, a shallower body, old nowhere near.
        assert!(!numbered_at_old(
            &text,
            "        return 0",
            Style::Colon,
            4,
            body
        ));
        assert!(!numbered_at_old(
            &text,
            "        return 0",
            Style::Colon,
            3,
            " return 2"
        ));
        assert!(!numbered_at_old(
            &text,
            "    return 1",
            Style::Colon,
            3,
            body
        ));
        // The file's line 3 starts with `3:` itself: the code's number.
        let text = Text::new("X = {\n  1: a,\n  3: b,\n}\n");
        assert!(!numbered_at_old(
            &text,
            "  3: b,",
            Style::Colon,
            3,
            "  3: c,"
        ));
    }
}
