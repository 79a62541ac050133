//! Parsing the top-level blocks around an edit instead of the whole file.
//!
//! A full parse runs at about 5 MB/s here: 40 ms for a 10k-line file, 0.6 s for 100k lines,
//! on every edit. What an edit can break lies in the blocks around it, so the guard parses a
//! window: from a top-level line at least [`CONTEXT_LINES`] lines before the edit to one at
//! least as far after it (a top-level line starts at column 0, after a blank line, and does not
//! close a bracket). Both texts are cut at the same places, so a window that starts inside a
//! construct (a long string) shows the same errors before and after, and those are not the
//! edit's. Files below [`WHOLE_BELOW`] are parsed whole; a window over [`MAX_WINDOW`] is not
//! parsed.

use std::ops::Range;

use super::{check, Language, SyntaxProblem};

/// Lines kept on each side of the edit, at least.
const CONTEXT_LINES: usize = 200;

/// Texts smaller than this are parsed whole: about the size of a window, 400 lines. (It was
/// 64 KiB, which parsed a 1k-line file whole twice, 3 ms, and made its edits slower than a
/// 10k-line file's; with `accuracy --syntax` the smaller bound refuses one case fewer and
/// applies none differently.)
const WHOLE_BELOW: usize = 16 * 1024;

/// Windows larger than this are not parsed (no top-level line near the edit: one huge block,
/// a minified file): 0.2 s of parsing.
const MAX_WINDOW: usize = 1 << 20;

/// [`check`] on the window around `edited` (a byte range of `after`; the text outside it is
/// the same in both), the problem's line and excerpt numbered as in the whole file; `None`
/// also when the window is too large to parse.
pub(crate) fn check_around(
    language: Language,
    before: &str,
    after: &str,
    edited: Range<usize>,
) -> Option<SyntaxProblem> {
    if before.len().max(after.len()) < WHOLE_BELOW {
        return check(language, before, after, edited);
    }
    // The same bytes end both texts after the edit.
    let grown = after.len() as isize - before.len() as isize;
    let before_end = (edited.end as isize - grown).max(edited.start as isize) as usize;
    // A window already over the bound is not looked at further: the scan for a top-level line
    // would walk the rest of a file that has none (a whole 3.5 MB file, 68 M instructions).
    let lo = top_level_before(
        before,
        edited.start,
        edited.start.saturating_sub(MAX_WINDOW),
    )?;
    let hi = top_level_after(before, before_end, lo + MAX_WINDOW)?;
    if hi - lo > MAX_WINDOW {
        return None;
    }
    let after_hi = (hi as isize + grown) as usize;
    let (before_part, after_part) = (&before[lo..hi], &after[lo..after_hi]);
    let mut problem = check(
        language,
        before_part,
        after_part,
        edited.start - lo..edited.end - lo,
    )?;
    let skipped = memchr::memchr_iter(b'\n', &before.as_bytes()[..lo]).count();
    if skipped > 0 {
        problem.line += skipped;
        problem.excerpt = renumbered(&problem.excerpt, skipped);
    }
    Some(problem)
}

/// The start of a top-level line at least [`CONTEXT_LINES`] lines before byte `at`, or 0;
/// `None` once the lines go back past `floor` (the window would be too large).
fn top_level_before(text: &str, at: usize, floor: usize) -> Option<usize> {
    let mut starts = line_starts_back(text, at);
    let mut seen = 0;
    for start in starts.by_ref() {
        if start < floor {
            return None;
        }
        seen += 1;
        if seen > CONTEXT_LINES && top_level(text, start) {
            return Some(start);
        }
    }
    Some(0)
}

/// The start of a top-level line at least [`CONTEXT_LINES`] lines after byte `at`, or the end;
/// `None` once the lines go on past `ceiling` (the window would be too large).
fn top_level_after(text: &str, at: usize, ceiling: usize) -> Option<usize> {
    let next_start = |from: usize| {
        memchr::memchr(b'\n', &text.as_bytes()[from..]).map_or(text.len(), |i| from + i + 1)
    };
    let mut start = next_start(at);
    let mut seen = 0;
    while start < text.len() {
        if start > ceiling {
            return None;
        }
        seen += 1;
        if seen > CONTEXT_LINES && top_level(text, start) {
            return Some(start);
        }
        start = next_start(start);
    }
    Some(text.len())
}

/// The start of the line holding the byte before `end` (0 for the first line).
fn line_start(text: &str, end: usize) -> usize {
    memchr::memrchr(b'\n', &text.as_bytes()[..end]).map_or(0, |i| i + 1)
}

/// Starts of the lines before the one holding byte `at`, nearest first.
fn line_starts_back(text: &str, at: usize) -> impl Iterator<Item = usize> + '_ {
    std::iter::successors(Some(line_start(text, at)), move |&s| {
        (s > 0).then(|| line_start(text, s - 1))
    })
    .skip(1)
}

/// Whether the line starting at `start` begins a top-level construct: column 0, not a closing
/// bracket, after a blank line.
fn top_level(text: &str, start: usize) -> bool {
    let starts_code = text[start..]
        .chars()
        .next()
        .is_some_and(|c| !c.is_whitespace() && !matches!(c, '}' | ')' | ']'));
    let previous_blank = start >= 1 && {
        let prev_start = line_start(text, start - 1);
        text[prev_start..start].trim().is_empty()
    };
    starts_code && previous_blank
}

/// An excerpt numbered from the window's first line, numbered from the file's.
fn renumbered(excerpt: &str, skipped: usize) -> String {
    excerpt
        .split_inclusive('\n')
        .map(|line| match line.split_once('\t') {
            Some((n, rest)) => match n.trim().parse::<usize>() {
                Ok(n) => crate::feedback::numbered_line(n + skipped, rest),
                Err(_) => line.to_string(),
            },
            None => line.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Python file of `n` top-level functions, 3 lines and a blank each.
    fn functions(n: usize) -> String {
        (0..n)
            .map(|i| format!("def f{i}(x):\n    y = x + {i}\n    return y\n\n"))
            .collect()
    }

    #[test]
    fn the_window_is_cut_at_top_level_lines_far_enough_away() {
        let text = functions(2000);
        let middle = text.find("def f1000(").unwrap();
        let lo = top_level_before(&text, middle, 0).unwrap();
        let hi = top_level_after(&text, middle, text.len()).unwrap();
        assert!(text[lo..].starts_with("def f9"), "{}", &text[lo..lo + 20]);
        assert!(text[hi..].starts_with("def f10"), "{}", &text[hi..hi + 20]);
        let lines = |r: &str| r.matches('\n').count();
        assert!(lines(&text[lo..middle]) > CONTEXT_LINES);
        assert!(lines(&text[middle..hi]) > CONTEXT_LINES);
        assert_eq!(top_level_before(&text, 10, 0), Some(0));
        assert_eq!(
            top_level_after(&text, text.len() - 10, text.len()),
            Some(text.len())
        );
        // Past the bounds: no window.
        assert_eq!(top_level_before(&text, middle, middle - 100), None);
        assert_eq!(top_level_after(&text, middle, middle + 100), None);
    }

    #[test]
    fn a_window_over_the_bound_is_not_parsed_and_one_under_it_is() {
        // One function whose body has no top-level line: the window is the whole text.
        let body = |lines: usize| -> String {
            let mut t = String::from("def f(x):\n");
            t.extend((0..lines).map(|i| format!("    y{i} = x\n")));
            t
        };
        for (lines, parsed) in [(MAX_WINDOW / 12 + 1000, false), (MAX_WINDOW / 40, true)] {
            let before = body(lines);
            let at = before.find(&format!("    y{} = x\n", lines / 2)).unwrap();
            let after = format!("{}    y = (x\n{}", &before[..at], &before[at..]);
            assert!(before.len() > WHOLE_BELOW);
            assert_eq!(before.len() > MAX_WINDOW, !parsed);
            let problem = check_around(Language::Python, &before, &after, at..at + 11);
            assert_eq!(problem.is_some(), parsed, "{} bytes", before.len());
        }
    }

    #[test]
    fn a_problem_in_a_window_has_the_files_line_numbers() {
        let before = functions(3000);
        let at = before.find("    y = x + 2000\n").unwrap();
        let after = format!("{}    y = (x + 2000\n{}", &before[..at], &before[at + 17..]);
        let problem = check_around(Language::Python, &before, &after, at..at + 17).expect("caught");
        let whole = check(Language::Python, &before, &after, at..at + 17).expect("caught");
        assert_eq!(problem.line, whole.line);
        assert_eq!(problem.column, whole.column);
        assert_eq!(problem.excerpt, whole.excerpt);
        // A valid edit in a window is valid.
        let fine = format!("{}    y = x + 7\n{}", &before[..at], &before[at + 17..]);
        assert!(check_around(Language::Python, &before, &fine, at..at + 14).is_none());
    }
}
