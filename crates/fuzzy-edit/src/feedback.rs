//! What a refusal shows the model: locations with previews, and the closest fragment with a
//! compact diff when nothing matched.
//!
//! The closest fragment is found without scanning every window: lines of the file loosely equal
//! to a line of `old` vote for the window they would start, each vote weighing the less the
//! more often its line occurs (a `}` in every function says nothing about which function); when
//! no rare line votes, the long identifiers of `old` vote too, weighed the same way. Only the
//! best-voted windows are scored.

use std::collections::HashMap;
use std::ops::Range;

use similar::DiffTag;

use crate::align::{loose_diff, similarity};
use crate::applied::{round_to, shorten};
use crate::budget::Budget;
use crate::error::{Fragment, Location};
use crate::needle::Needle;
use crate::normalize::{self, HashBits, Level};
use crate::notation::is_elision_marker;
use crate::strategy::{find_windows, HashIsKey};
use crate::text::exact_spans;
use crate::text::Text;

/// Fragments less similar than this are not shown: they would mislead more than help.
pub(crate) const MIN_FRAGMENT_SIMILARITY: f64 = 0.3;
const MAX_SCORED_WINDOWS: usize = 64;
const MAX_SCORED_LINES: usize = 4096;
/// An `old` longer than this is compared with the file by its first this many lines: a line
/// diff of two long blocks that differ throughout is quadratic.
const MAX_FRAGMENT_LINES: usize = 1024;
/// Distinct line starts of `old` searched for at most when voting by prefixes.
const MAX_PREFIX_SEARCHES: usize = 64;
/// Lines of `old` one file line votes for at most (a line repeated in `old` votes once per
/// repetition, up to this many).
const MAX_VOTES_PER_LINE: usize = 16;
const MAX_DIFF_LINES: usize = 40;
/// When every window's line votes are under this, no window holds a line of `old` that the
/// file has only there (such a line weighs 1, one the file has twice 1/2): the lines say
/// nothing of the place, and identifiers vote too.
const RARE_EVIDENCE: f64 = 1.0;
/// Identifiers of `old` searched for, the longest first: each search scans the text.
const MAX_TOKENS: usize = 4;
/// An identifier found more often than this votes for no window.
const MAX_TOKEN_HITS: usize = 256;

/// A [`Location`] for lines `lines` (0-based, end exclusive) of `text`.
pub(crate) fn location(text: &Text, lines: Range<usize>, score: Option<f64>) -> Location {
    let end = lines.end.max(lines.start + 1).min(text.line_count());
    let preview = (lines.start..end)
        .map(|i| text.line(i).trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    Location {
        start_line: lines.start + 1,
        end_line: end,
        preview: shorten(preview),
        score,
    }
}

/// One line as read tools number it (`cat -n`): the 1-based number right-aligned in six
/// columns, a tab, the line. The line-prefix strategy strips exactly this (and other styles).
///
/// ```
/// assert_eq!(fuzzy_edit::protocol::numbered_line(42, "x = 1"), "    42\tx = 1");
/// ```
pub fn numbered_line(number: usize, line: &str) -> String {
    format!("{number:>6}\t{line}")
}

/// Lines `lines` (0-based) of the text, numbered as a read tool shows them.
pub(crate) fn numbered(text: &Text, lines: Range<usize>) -> String {
    lines
        .map(|i| numbered_line(i + 1, text.line(i)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `new` already stands, if it does and is substantial enough to be telling.
pub(crate) fn already_applied(text: &Text, needle: &Needle, budget: &Budget) -> Option<Location> {
    let new = needle.new_text();
    // (Feedback only, shown in a refusal: a `new` under three bytes, `}` or `x`, stands anywhere.)
    if new.trim().len() < 3 || holds_as_lines(needle.old_text(), new) {
        return None;
    }
    if let Some(span) = exact_spans(text, new).first() {
        return Some(location(text, text.lines_of_span(span), None));
    }
    let (lines, _) = crate::text::lines_of(new);
    let start = *find_windows(text, &lines, Level::InnerWhitespace, budget).first()?;
    Some(location(text, start..start + lines.len(), None))
}

/// Whether `old` holds `new`, lines ending where `new`'s do (a `new` of one line anywhere):
/// then `new` standing in the file may be `old` itself, and says nothing. A `new` of several
/// lines whose last ends inside a longer line of `old` (`expected` in `expected.clone(),`) is
/// not held: taking it for held hid where a deletion of `old`'s line but one was made already
/// (refuse generator: 1 of 1,000 already-applied cases edited a sibling block a second time).
fn holds_as_lines(old: &str, new: &str) -> bool {
    let ends_line = new.ends_with('\n') || !new.contains('\n');
    old.match_indices(new).any(|(at, _)| {
        let after = &old[at + new.len()..];
        ends_line || after.is_empty() || after.starts_with(['\n', '\r'])
    })
}

/// A hint for a recognizable cause of a miss.
pub(crate) fn hint(needle: &Needle) -> Option<String> {
    let old_markers = needle.lines().filter(|l| is_elision_marker(l)).count();
    if old_markers > 0 {
        let new_markers = crate::text::lines_of(needle.new_text())
            .0
            .iter()
            .filter(|l| is_elision_marker(l))
            .count();
        if new_markers != old_markers {
            return Some(format!(
                "old_string elides lines with {old_markers} marker(s) such as `...`, but new_string has {new_markers}: repeat each marker in new_string where the elided lines stay, or write those lines out."
            ));
        }
    }
    None
}

/// The fragment of `text` most similar to `old`, if any is at least
/// [`MIN_FRAGMENT_SIMILARITY`] alike.
pub(crate) fn closest(text: &Text, needle: &Needle) -> Option<Fragment> {
    let (score, lines) = closest_window(text, needle, None)?;
    if score < MIN_FRAGMENT_SIMILARITY {
        return None;
    }
    let old: Vec<&str> = needle.lines().take(MAX_FRAGMENT_LINES).collect();
    let fragment_lines: Vec<&str> = lines.clone().map(|i| text.line(i)).collect();
    let fragment = fragment_lines.join("\n");
    Some(Fragment {
        start_line: lines.start + 1,
        end_line: lines.end,
        similarity: round_to(score, 2),
        diff: compact_diff(&old, &fragment_lines),
        text: fragment,
    })
}

/// The similarity of `old` to the most similar window of `text` that does not overlap the
/// lines `apart` (0-based, end exclusive), and that window.
pub(crate) fn closest_apart(
    text: &Text,
    needle: &Needle,
    apart: Range<usize>,
) -> Option<(f64, Range<usize>)> {
    closest_window(text, needle, Some(apart))
}

/// The window of `text` (as many lines as `old`) most similar to `old`, among those voted
/// for, and its similarity; none overlapping `apart`.
fn closest_window(
    text: &Text,
    needle: &Needle,
    apart: Option<Range<usize>>,
) -> Option<(f64, Range<usize>)> {
    let old: Vec<&str> = needle.lines().take(MAX_FRAGMENT_LINES).collect();
    let non_blank: Vec<usize> = (0..old.len())
        .filter(|&i| !old[i].trim().is_empty())
        .collect();
    if non_blank.is_empty() {
        return None;
    }
    // Votes by window start, dense: a `}` votes in every function, and a map entry per start
    // cost more than the rest of a failed search on a 100k-line file. Every vote weighs more
    // than 0, so a start was voted for exactly when its sum is above 0; the starts voted for
    // are listed as they are first voted for, so no scan of every start looks for them.
    let (mut votes, mut voted) = line_votes(text, &old, &non_blank);
    // Lines that occur all over the file tie every window they start (unweighted, the
    // first windows of the file won the tie: a block at line 81,668 of a 100k-line file, its
    // signature and a local renamed, was shown as "closest" at line 818, and another at
    // line 15). Then the identifiers decide.
    if voted.iter().all(|&s| votes[s] < RARE_EVIDENCE) {
        for (start, v) in token_votes(text, &old) {
            if start >= votes.len() {
                votes.resize(start + 1, 0.0);
            }
            if votes[start] == 0.0 {
                voted.push(start);
            }
            votes[start] += v;
        }
    }
    // The order of `starts` does not matter: they are ranked by a total order below.
    let mut starts: Vec<(usize, f64)> = voted.into_iter().map(|s| (s, votes[s])).collect();
    if starts.is_empty() {
        starts = prefix_votes(text, &old).into_iter().collect();
    }
    let by_votes = |a: &(usize, f64), b: &(usize, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    // Score at most MAX_SCORED_LINES lines in all: fewer windows for a long `old`.
    let keep = (MAX_SCORED_LINES / old.len().max(1)).clamp(1, MAX_SCORED_WINDOWS);
    if starts.len() > keep {
        starts.select_nth_unstable_by(keep, by_votes);
        starts.truncate(keep);
    }
    starts.sort_by(by_votes);

    let len = old.len();
    let mut best: Option<(f64, Range<usize>)> = None;
    for (start, _) in starts {
        let end = (start + len).min(text.line_count());
        if apart
            .as_ref()
            .is_some_and(|a| start < a.end && a.start < end)
        {
            continue;
        }
        let window: Vec<&str> = (start..end).map(|i| text.line(i)).collect();
        let score = similarity(&old, &window).score;
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, start..end));
        }
    }
    best
}

/// Votes for each window start (dense, one per line of the file) by file lines loosely equal
/// to a line of `old`, each file line with weight 1 / (how many file lines equal it): a line
/// found once weighs 1. With them, the starts voted for, each once.
fn line_votes(text: &Text, old: &[&str], non_blank: &[usize]) -> (Vec<f64>, Vec<usize>) {
    // The distinct lines of `old` (by loose hash), each with the lines of `old` it is.
    let mut group_of: HashMap<u64, usize, HashIsKey> = HashMap::default();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in non_blank {
        let g = *group_of
            .entry(normalize::loose_hash(old[i]))
            .or_insert_with(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
        groups[g].push(i);
    }
    // One bit test rules out most lines of the file before a map lookup.
    let mut bits = HashBits::default();
    for &h in group_of.keys() {
        bits.insert(h);
    }
    let mut hits: Vec<(usize, usize)> = Vec::new();
    let mut occurrences = vec![0u32; groups.len()];
    for (j, h) in text.loose_hashes().iter().enumerate() {
        if !bits.may_hold(*h) {
            continue;
        }
        if let Some(&g) = group_of.get(h) {
            hits.push((j, g));
            occurrences[g] += 1;
        }
    }
    let mut votes = vec![0.0f64; text.line_count()];
    let mut voted = Vec::new();
    for (j, g) in hits {
        let weight = 1.0 / f64::from(occurrences[g]);
        for &i in groups[g].iter().take(4) {
            if let Some(start) = j.checked_sub(i) {
                // Every vote weighs more than 0: a start at 0 has none yet.
                if votes[start] == 0.0 {
                    voted.push(start);
                }
                votes[start] += weight;
            }
        }
    }
    (votes, voted)
}

/// Window starts voted for by occurrences of the longest identifiers of `old`, each occurrence
/// with weight 1 / (occurrences of its identifier). An identifier found more than
/// [`MAX_TOKEN_HITS`] times votes not at all: its first occurrences would only favour the top
/// of the file.
fn token_votes(text: &Text, old: &[&str]) -> HashMap<usize, f64> {
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    for (i, line) in old.iter().enumerate() {
        for t in line.split(|c: char| !normalize::is_word_char(c)) {
            // (Feedback only: identifiers of four bytes or more; `i`, `len`, `mut` vote for every window.)
            if t.len() >= 4 {
                tokens.push((i, t));
            }
        }
    }
    tokens.sort_by_key(|t| std::cmp::Reverse(t.1.len()));
    tokens.dedup_by(|a, b| a.1 == b.1);
    let mut votes: HashMap<usize, f64> = HashMap::new();
    for (i, token) in tokens.into_iter().take(MAX_TOKENS) {
        let hits: Vec<usize> =
            memchr::memmem::find_iter(text.as_str().as_bytes(), token.as_bytes())
                .take(MAX_TOKEN_HITS + 1)
                .collect();
        if hits.len() > MAX_TOKEN_HITS {
            continue;
        }
        let weight = 1.0 / hits.len() as f64;
        for hit in hits {
            if let Some(start) = text.line_of(hit).checked_sub(i) {
                *votes.entry(start).or_default() += weight;
            }
        }
    }
    votes
}

/// Window starts voted for by occurrences of the start of each line of `old` (for lines made
/// of short words, where no identifier is long enough to search for).
///
/// Each distinct start is searched once, and at most [`MAX_PREFIX_SEARCHES`] of them: every
/// search scans the text, and an `old` of many lines must not cost a scan per line.
fn prefix_votes(text: &Text, old: &[&str]) -> HashMap<usize, f64> {
    let mut by_prefix: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut order: Vec<&str> = Vec::new();
    for (i, line) in old.iter().enumerate() {
        let t = line.trim();
        let end = t.char_indices().nth(6).map_or(t.len(), |(b, _)| b);
        // (Feedback only: a start of under three chars, `}` or `)`, places nothing.)
        if t[..end].chars().count() < 3 {
            continue;
        }
        let lines = by_prefix.entry(&t[..end]).or_insert_with(|| {
            order.push(&t[..end]);
            Vec::new()
        });
        lines.push(i);
    }
    let mut votes: HashMap<usize, f64> = HashMap::new();
    for prefix in order.into_iter().take(MAX_PREFIX_SEARCHES) {
        let hits = memchr::memmem::find_iter(text.as_str().as_bytes(), prefix.as_bytes());
        for hit in hits.take(256) {
            let line = text.line_of(hit);
            for &i in by_prefix[prefix].iter().take(MAX_VOTES_PER_LINE) {
                if let Some(start) = line.checked_sub(i) {
                    *votes.entry(start).or_default() += 1.0;
                }
            }
        }
    }
    votes
}

/// A line diff of `old` against `file`: `-` for lines only in `old`, `+` for lines only in the
/// file, two spaces for lines they share (shown as the file has them). Lines are compared
/// loosely, so a block copied with other indentation shows only the lines that really differ.
pub(crate) fn compact_diff(old: &[&str], file: &[&str]) -> String {
    let mut rows: Vec<(char, &str)> = Vec::new();
    for op in loose_diff(old, file) {
        let (tag, o, f) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => rows.extend(file[f].iter().map(|l| (' ', *l))),
            _ => {
                rows.extend(old[o].iter().map(|l| ('-', *l)));
                rows.extend(file[f].iter().map(|l| ('+', *l)));
            }
        }
    }
    let mut out = String::new();
    for (shown, (sign, line)) in rows.into_iter().enumerate() {
        if shown == MAX_DIFF_LINES {
            out.push_str("  ...\n");
            break;
        }
        out.push(sign);
        out.push(' ');
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::applied::PREVIEW_CHARS;

    #[test]
    fn closest_fragment_finds_a_typo() {
        let text = Text::new("a = 1\nfn compute_total(x) {\n  return x\n}\nb = 2\n");
        let needle = Needle::new("fn compute_totl(x) {\n  return x\n}", "z");
        let f = closest(&text, &needle).unwrap();
        assert_eq!((f.start_line, f.end_line), (2, 4));
        assert!(f.similarity > 0.9);
        assert!(f.diff.contains("- fn compute_totl(x) {"));
        assert!(f.diff.contains("+ fn compute_total(x) {"));
    }

    #[test]
    fn single_line_typo_found_by_tokens() {
        let text = Text::new("x\nconst handler = makeHandler(config);\ny\n");
        let needle = Needle::new("const handlr = makeHandler(config);", "z");
        let f = closest(&text, &needle).unwrap();
        assert_eq!(f.start_line, 2);
    }

    #[test]
    fn new_is_held_by_old_only_where_a_line_of_old_ends_as_it_does() {
        assert!(holds_as_lines("a\nb\nc", "a\nb"));
        assert!(holds_as_lines("a\nb\n", "a\nb"));
        // A fragment of one line is held anywhere.
        assert!(holds_as_lines("let x = f(a);", "f(a)"));
        // `expected` ending where `old` has `expected.clone(),`: not held.
        assert!(!holds_as_lines(
            "(\n  x,\n  expected.clone(),\n  expected",
            "(\n  x,\n  expected"
        ));
    }

    /// Lines every function has (`}`, the loop header) tie every function: the identifiers
    /// decide, and the fragment shown is the block meant, not the first of the file.
    #[test]
    fn common_lines_do_not_pull_the_fragment_to_the_top_of_the_file() {
        let src: String = (0..3000)
            .map(|i| {
                format!("pub fn weighted_sum_{i}(values: &[u64], weight: u64) -> u64 {{\n    let mut acc_{i} = 0u64;\n    for (idx, v) in values.iter().enumerate() {{\n        acc_{i} += v * weight + {};\n    }}\n    acc_{i}\n}}\n\n", i % 7)
            })
            .collect();
        let text = Text::new(&src);
        // Function 2500 (line 20,001), its signature's types and its local renamed.
        let needle = Needle::new(
            "pub fn weighted_sum_2500(vals: &[u32], weight: u32) -> u32 {\n    let mut total_2500: u32 = 0;\n    for (idx, v) in values.iter().enumerate() {\n        total_2500 += v * weight + 1;\n    }\n    total_2500\n}",
            "z",
        );
        let f = closest(&text, &needle).unwrap();
        assert_eq!(f.start_line, 2500 * 8 + 1, "{f:?}");
    }

    #[test]
    fn unrelated_text_has_no_fragment() {
        let text = Text::new("alpha\nbeta\n");
        assert!(closest(&text, &Needle::new("zzzzzz qqqq", "y")).is_none());
    }

    #[test]
    fn previews_are_trimmed_and_short() {
        let src = format!("\n    {}\n", "x".repeat(200));
        let text = Text::new(&src);
        let loc = location(&text, 0..2, None);
        assert_eq!((loc.start_line, loc.end_line), (1, 2));
        assert_eq!(loc.preview.chars().count(), PREVIEW_CHARS);
    }
}
