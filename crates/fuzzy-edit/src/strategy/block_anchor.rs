//! **Block anchor**: first and last lines match, most middle lines match, a few differ.
//!
//! The model remembers a block approximately: a context line a few characters off, a line
//! missing or one too many. The first and last non-blank lines of `old` anchor candidate
//! windows (compared loosely; the window may be up to [`MAX_LINE_DELTA`] lines shorter or
//! longer than `old`); each window is scored by [`crate::align::similarity`].
//!
//! Unlike opencode's legacy anchor (any single candidate accepted, middle lines unchecked), a
//! window is a candidate only when at least half of the middle lines are equal, and it is
//! accepted only above [`BLOCK_ANCHOR_FLOOR`] and [`BLOCK_ANCHOR_MARGIN`] ahead of the
//! runner-up. A block copied line for line with typing slips on several lines (too few
//! middle lines equal, or both anchors off) is found too (see `typed_lines`). Even then,
//! lines the edit *changes* must match the file: the merge in
//! [`crate::fit`] refuses when a line the model rewrites is not the line in the file, because
//! then the model is wrong about the code, not just about where it is.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "fn total(items: &[u32]) -> u32 {\n    let mut sum = 0;\n    for i in items {\n        sum += i;\n    }\n    sum\n}\n";
//! // The model misremembers one context line (`for item in items`) and rewrites another.
//! let old = "fn total(items: &[u32]) -> u32 {\n    let mut sum = 0;\n    for item in items {\n        sum += i;\n    }\n    sum\n}";
//! let new = "fn total(items: &[u32]) -> u32 {\n    let mut sum = 0;\n    for item in items {\n        sum += i;\n    }\n    sum * 2\n}";
//! let out = apply(file, &Edit::new(old, new)).unwrap();
//! assert!(out.text.contains("    for i in items {\n")); // the file's own line is kept
//! assert!(out.text.contains("    sum * 2\n"));
//! assert_eq!(out.matches[0].strategy, "block_anchor");
//! ```
//!
//! A block with a **near twin** elsewhere scores almost as well against both (0.99 and 0.95:
//! within the margin), so windows that close are told apart by character edits: one slip
//! from a block is 1 edit from it and 5 from a twin with a renamed variable, and the block is
//! meant (see `closest_by_edits`). One slip from each of two twins is still refused, also when
//! one twin's slip is on its first or last line and only the other is a window (see `twins`).
//! A best window more than slips from `old` is refused beside a block that begins and ends as
//! `old` does and is about as alike: the block `old` was copied from, changed since (`stale`).
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let block = |sum: &str| format!("    let mut total = 0;\n    let mut n = 0;\n    for x in xs {{\n        {sum} += x;\n        n += 1;\n    }}\n    total / n\n");
//! let file = format!("fn a(xs: &[u32]) -> u32 {{\n{}}}\nfn b(xs: &[u32]) -> u32 {{\n{}}}\n", block("total"), block("total_alt"));
//! let old = block("total").replace("for x in", "for y in");
//! let new = old.replace("total / n", "total / n.max(1)");
//! let out = apply(&file, &Edit::new(old, new)).unwrap();
//! assert_eq!(out.matches[0].start_line, 2);
//! assert!(out.text.starts_with("fn a(xs: &[u32]) -> u32 {\n    let mut total = 0;\n"));
//! assert!(out.text.contains("    for x in xs {\n")); // the file's own line is kept
//! assert_eq!(out.text.matches("total / n.max(1)").count(), 1);
//! assert!(out.text.find("total / n.max(1)") < out.text.find("fn b"));
//! ```

use std::collections::HashMap;
use std::rc::Rc;

use super::{Context, HashIsKey, Strategy, LINE_COMPARE_UNITS};
use crate::align::{block_edits_within, block_key, similarity, LineLike};
use crate::candidate::{Candidate, Fit, Grading, StrategyId};
use crate::normalize::{self, Level};
use crate::thresholds::{
    BLOCK_ANCHOR_FLOOR, BLOCK_ANCHOR_MARGIN, MAX_LINE_DELTA, MIN_MIDDLE_EQUAL, SLIPPED_ANCHOR,
    SUBSEQUENCE_SPAN, TWIN_MAX_EDITS,
};

mod closest;
use closest::closest_by_edits;
mod comments;
pub(crate) use comments::{
    opens_comment, uncommented, without_trailing_comment, writes_slash_comments,
};
pub(crate) use typed_lines::{near_word, typing_slip};
mod names;
mod renames;
mod slips;
mod source_lines;
mod stale;
mod twins;
mod typed_lines;
mod typed_wraps;

/// Windows scored at most; beyond that the block is too common to choose among.
pub(crate) const MAX_SCORED_WINDOWS: usize = 256;
/// Lines examined by the cheap pre-filter at most, over all windows.
const MAX_EXAMINED_LINES: usize = 1 << 20;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BlockAnchor;

impl Strategy for BlockAnchor {
    fn id(&self) -> StrategyId {
        StrategyId::BlockAnchor
    }

    fn grading(&self) -> Option<Grading> {
        Some(Grading {
            floor: BLOCK_ANCHOR_FLOOR,
            margin: BLOCK_ANCHOR_MARGIN,
        })
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let text = cx.text;
        let old: Vec<&str> = cx.needle.lines().collect();
        let non_blank: Vec<usize> = (0..old.len())
            .filter(|&i| !old[i].trim().is_empty())
            .collect();
        // (Three: a first and a last line to anchor on, and a line between them to score.)
        if non_blank.len() < 3 {
            return Vec::new();
        }
        let (first, last) = (non_blank[0], non_blank[non_blank.len() - 1]);
        let body = &old[first..=last];
        let hashes = text.loose_hashes();
        let (hf, hl) = (
            normalize::loose_hash(old[first]),
            normalize::loose_hash(old[last]),
        );
        let anchor = |i: usize, k: usize| {
            normalize::lines_equal(text.line(i), old[k], Level::InnerWhitespace)
        };
        // Multiset of the middle lines' hashes, to drop windows that cannot have half their
        // middle lines equal before paying for an alignment.
        let mut middle: HashMap<u64, usize, HashIsKey> = HashMap::default();
        for &k in &non_blank[1..non_blank.len() - 1] {
            *middle.entry(normalize::loose_hash(old[k])).or_default() += 1;
        }
        let middle_count = non_blank.len() - 2;
        let needed = (MIN_MIDDLE_EQUAL * middle_count as f64).ceil() as usize;

        let span = last - first;
        // Windows run from `old`'s first non-blank line to its last: blank lines around them
        // are the model's padding, and are left out of `new` alike.
        let fit_needle = cx.needle.without_blank_edges().map(Rc::new);
        let trailing = fit_needle
            .as_ref()
            .map_or(cx.needle.trailing_newline(), |n| n.trailing_newline());
        let mut starts: Vec<usize> = (0..hashes.len())
            .filter(|&j| hashes[j] == hf && anchor(j, first))
            .collect();
        // An anchor line the file holds nowhere as written may stand with a trailing comment
        // `old` left out (see `comments`).
        // Once one end is so anchored, the other is too, wherever it stands as written: a
        // twin with the comment at that end is a window as well (see `comments::tie_twins`).
        let commented =
            |line: usize, next| comments::commented_lines(text, old[line], next, cx.budget);
        let mut commented_first = match starts.is_empty() {
            true => commented(first, old.get(first + 1).copied()),
            false => Vec::new(),
        };
        let mut commented_last = match hashes.contains(&hl) && commented_first.is_empty() {
            true => Vec::new(),
            false => commented(last, None),
        };
        if commented_first.is_empty() && !commented_last.is_empty() {
            commented_first = commented(first, old.get(first + 1).copied());
        }
        starts.extend(&commented_first);
        starts.sort_unstable();
        starts.dedup();
        // Each line's code without its trailing comment, hashed, worked out once when first
        // asked for: windows share their lines (a scan per window cost a 100k-line request
        // with a common anchor 70 M instructions, callgrind).
        let mut uncommented_hashes: Vec<Option<Option<u64>>> = Vec::new();
        let mut out = Vec::new();
        let mut scored = 0usize;
        let mut examined = 0usize;
        let mut truncated = false;
        let mut retried = false;
        loop {
            let last_anchor = |e: usize| {
                (hashes[e] == hl && anchor(e, last)) || commented_last.binary_search(&e).is_ok()
            };
            'starts: for &start in &starts {
                let lo = start + span.saturating_sub(MAX_LINE_DELTA).max(1);
                let hi = (start + span + MAX_LINE_DELTA).min(hashes.len() - 1);
                for end in (lo..=hi).filter(|&e| last_anchor(e)) {
                    // Bound the total work on files where the anchors are everywhere.
                    examined += end - start;
                    if examined > MAX_EXAMINED_LINES {
                        truncated = true;
                        break 'starts;
                    }
                    if !cx.budget.charge(middle.len() + end - start) {
                        break 'starts;
                    }
                    let mut budget = middle.clone();
                    let mut take = |h: u64| match budget.get_mut(&h) {
                        Some(c) if *c > 0 => {
                            *c -= 1;
                            true
                        }
                        _ => false,
                    };
                    let shared = (start + 1..end).filter(|&i| take(hashes[i])).count();
                    // Lines equal but for a trailing comment `old` left out (see `comments`):
                    // counted equal too, or a block with that and one slip besides has too few.
                    let uncommented = if shared < needed {
                        if uncommented_hashes.is_empty() {
                            uncommented_hashes = vec![None; hashes.len()];
                        }
                        (start + 1..end)
                            .filter(|&i| {
                                let hash = *uncommented_hashes[i].get_or_insert_with(|| {
                                    comments::without_trailing_comment(text.line(i))
                                        .map(normalize::loose_hash)
                                });
                                hash.is_some_and(&mut take)
                            })
                            .count()
                    } else {
                        0
                    };
                    if shared + uncommented < needed {
                        continue;
                    }
                    if scored == MAX_SCORED_WINDOWS {
                        truncated = true;
                        break 'starts;
                    }
                    scored += 1;
                    if !cx
                        .budget
                        .charge(alignment_cost(body.len(), end + 1 - start))
                    {
                        break 'starts;
                    }
                    let window: Vec<&str> = (start..=end).map(|i| text.line(i)).collect();
                    let sim = similarity(body, &window);
                    let commented = usize::from(commented_first.contains(&start))
                        + usize::from(commented_last.binary_search(&end).is_ok());
                    if sim.equal_lines + uncommented + commented < needed + 2 {
                        continue;
                    }
                    out.push(Candidate {
                        span: text.span_of_lines(start..end + 1, trailing),
                        lines: start..end + 1,
                        score: sim.score,
                        fit: Fit::Lines(fit_needle.clone()),
                    });
                }
            }
            // No window: an anchor line the file holds as written elsewhere may stand with its
            // comment left out at the block meant, looked for then (see `comments`).
            if !out.is_empty() || truncated || retried {
                break;
            }
            retried = true;
            let ends = (
                commented(first, old.get(first + 1).copied()),
                commented(last, None),
            );
            if ends.0 == commented_first && ends.1 == commented_last {
                break;
            }
            (commented_first, commented_last) = ends;
            starts.extend(&commented_first);
            starts.sort_unstable();
            starts.dedup();
        }
        if !commented_first.is_empty() || !commented_last.is_empty() {
            comments::tie_twins(text, &mut out);
        }
        if out.is_empty() && !truncated {
            out = slipped_anchor_windows(cx, &old, first, last, needed, Standing::NotSlipped);
            if out.is_empty() {
                out = typed_lines::typed_windows(cx, &old, first, last);
            }
            for c in &mut out {
                c.span = text.span_of_lines(c.lines.clone(), trailing);
                // (A window with a wrap undone keeps its needle, the halves joined.)
                if c.fit.needle().is_none() {
                    c.fit = Fit::Lines(fit_needle.clone());
                }
            }
        }
        // A window of another block of the same shape is no candidate, however many of its
        // braces and keywords it shares with `old` (see `names`); nor is a sibling whose names
        // `old` writes a letter off on several lines (see `renames`).
        let body_hashes: Vec<u64> = body.iter().map(|l| normalize::loose_hash(l)).collect();
        out.retain(|c| {
            let window: Vec<&str> = c.lines.clone().map(|i| text.line(i)).collect();
            let bytes: usize = body.iter().chain(&window).map(|l| l.len()).sum();
            // Out of budget, the search reports itself cut short; the window is left as it is.
            !cx.budget.charge(bytes)
                || !(names::names_another_block(body, &window)
                    || renames::renamed_block(
                        cx.budget,
                        (body, &body_hashes),
                        (&window, &hashes[c.lines.clone()]),
                    ))
        });
        let mut out = closest_by_edits(cx, body, out);
        let Some(best) = out.iter().map(|c| c.score).max_by(f64::total_cmp) else {
            return out;
        };
        // Rivals the windows above cannot see, scored as high as the best so the decision
        // refuses as low confidence: a block holding every line of `old` in order, but longer
        // than the window allows (the model left lines out), or more similar blocks than are
        // worth scoring.
        let wanted: Vec<u64> = (first..=last)
            .filter(|&k| !old[k].trim().is_empty())
            .map(|k| normalize::loose_hash(old[k]))
            .collect();
        let mut rivals: Vec<std::ops::Range<usize>> = Vec::new();
        for &start in starts.iter().take(MAX_SCORED_WINDOWS) {
            let limit = (start + SUBSEQUENCE_SPAN * (span + 1)).min(hashes.len());
            if !cx.budget.charge(limit - start) {
                break;
            }
            let mut k = 0;
            let mut end = None;
            for (i, h) in hashes.iter().enumerate().take(limit).skip(start) {
                if *h == wanted[k] {
                    k += 1;
                    if k == wanted.len() {
                        end = Some(i);
                        break;
                    }
                }
            }
            let Some(end) = end else { continue };
            let lines = start..end + 1;
            let near_a_candidate = out
                .iter()
                .any(|c| c.lines.start < lines.end && lines.start < c.lines.end);
            if !near_a_candidate {
                rivals.push(lines);
            }
        }
        if !truncated {
            // A best window `old` copies but for the model's typing is the block it read: no
            // twin a slip away and no block changed since rivals it (see `slips`).
            // A rival that `old` could as well be a typed copy of, read loosely, stays one.
            let typed = best_over_floor(&out).is_some_and(|c| slips::typed_copy(cx, body, c));
            let found = twins::slipped_twins(cx, &old, (first, last), needed, &out)
                .into_iter()
                .chain(stale::stale_rivals(cx, &old, (first, last), &out));
            rivals.extend(
                found.filter(|lines| !typed || slips::loosely_typed(cx, body, lines.clone())),
            );
            for lines in source_lines::source_rivals(cx, &old, (first, last), &out) {
                if !rivals.contains(&lines) {
                    rivals.push(lines);
                }
            }
        }
        if truncated && rivals.is_empty() {
            // The best window's own lines again: the decision reads them as unscored rivals.
            if let Some(c) = out.iter().find(|c| c.score == best) {
                rivals.push(c.lines.clone());
            }
        }
        for lines in rivals {
            out.push(Candidate {
                span: text.span_of_lines(lines.clone(), trailing),
                lines,
                score: best,
                fit: Fit::Lines(fit_needle.clone()),
            });
        }
        out
    }
}

/// Whether an anchor line of `old` that stands as written somewhere in the file may have
/// slipped elsewhere (see `slipped_anchor_windows`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// It was not misremembered: no window where it slipped is searched.
    NotSlipped,
    /// Windows where it slipped are searched too (as rivals only, see `twins`).
    MaySlip,
}

/// Windows where one anchor line is equal and the other is a slip of memory (at least
/// [`SLIPPED_ANCHOR`] alike): a model misremembers a block's first or last line as often as a
/// middle one. Tried only when no window has both anchors; each is graded like the others, so
/// the floor, the margin and the middle-line rule still decide.
fn slipped_anchor_windows(
    cx: &Context<'_>,
    old: &[&str],
    first: usize,
    last: usize,
    needed: usize,
    standing: Standing,
) -> Vec<Candidate> {
    let text = cx.text;
    let hashes = text.loose_hashes();
    let span = last - first;
    let body = &old[first..=last];
    // An ASCII line's loose key is never longer than the line trimmed: one shorter than the
    // share of the anchor's key that similarity needs is no slip of it, ruled out without
    // comparing. (A `…` is three characters in a key.)
    let like = [LineLike::new(old[first]), LineLike::new(old[last])];
    let like_anchor = |k: usize| &like[usize::from(k != first)];
    let shortest = |k: usize| SLIPPED_ANCHOR * like_anchor(k).key_chars() as f64;
    // Asked of lines near every `}` of the file: trimmed by bytes, as only ASCII lines are.
    let anchor_trimmed = [old[first].trim().len(), old[last].trim().len()];
    let too_short = |i: usize, k: usize| {
        let line = text.line(i);
        if !line.is_ascii() {
            return false;
        }
        if standing == Standing::NotSlipped && (line.len() as f64) < shortest(k) {
            // Trimmed, it is no longer.
            return true;
        }
        let trimmed = normalize::trim_ascii_line(line).len();
        let short_twin = standing == Standing::MaySlip
            && trimmed.abs_diff(anchor_trimmed[usize::from(k != first)]) <= TWIN_MAX_EDITS;
        (trimmed as f64) < shortest(k) && !short_twin
    };
    let (hf, hl) = (
        normalize::loose_hash(old[first]),
        normalize::loose_hash(old[last]),
    );
    // Slipped: alike but not equal (windows with both anchors equal were judged already).
    // Loosely equal lines have equal loose keys, so equal hashes (as `find_windows` relies on
    // too): a line of another hash is not equal, without comparing.
    let alike_now = |i: usize, k: usize| {
        let bytes = text.line(i).len() + old[k].len();
        let anchor_hash = if k == first { hf } else { hl };
        cx.budget.charge(bytes + LINE_COMPARE_UNITS)
            && (hashes[i] != anchor_hash
                || !normalize::lines_equal(text.line(i), old[k], Level::InnerWhitespace))
            && cx.budget.charge(4 * bytes + 8 * LINE_COMPARE_UNITS)
            && (like_anchor(k).at_least(text.line(i), SLIPPED_ANCHOR).is_some()
                // A rival may slip on a short line too (`elxe` for `else`: 0.75 alike); the
                // distance from `old` then judges it (see `twins`).
                // (Trimmed by bytes where that is the same: `str::trim` of every line near an
                // anchor was 8.2 M instructions of `typo_common` at 100k lines, callgrind.)
                || standing == Standing::MaySlip
                    && normalize::trim_line(text.line(i))
                        .len()
                        .abs_diff(anchor_trimmed[usize::from(k != first)])
                        <= TWIN_MAX_EDITS
                    && block_edits_within(
                        &block_key(&[text.line(i)]),
                        &block_key(&[old[k]]),
                        TWIN_MAX_EDITS,
                    )
                    .is_some())
    };
    // Code repeats its lines (`}`, `return x;`): each is compared with an anchor once, by its
    // loose key's hash. (A budget that ran out is not remembered as an answer.)
    // It holds at most an entry per line and anchor, sized for the file's lines up front (up
    // to 65,536 lines: about 2 MB): grown by doubling from empty, its 40,000 inserts near the
    // anchors of `typo_common` at 100k lines took 13.6 M instructions (callgrind).
    let mut seen: HashMap<(u64, bool), bool, HashIsKey> =
        HashMap::with_capacity_and_hasher(hashes.len().min(1 << 16), HashIsKey::default());
    let mut alike = |i: usize, k: usize| {
        if too_short(i, k) {
            return false;
        }
        let key = (hashes[i], k == first);
        if let Some(&known) = seen.get(&key) {
            return known && cx.budget.charge(1);
        }
        let answer = alike_now(i, k);
        if !cx.budget.exhausted() {
            seen.insert(key, answer);
        }
        answer
    };
    // An anchor line of `old` that stands as written somewhere in the file was not
    // misremembered: the block it begins or ends changed since the model read it, and a window
    // where that line "slipped" is a sibling sharing the rest of the boilerplate (`created.`
    // for `updated.` in the next method). Only a line found nowhere may have slipped.
    let (first_stands, last_stands) = match standing {
        Standing::NotSlipped => (hashes.contains(&hf), hashes.contains(&hl)),
        Standing::MaySlip => (false, false),
    };
    let mut windows: Vec<(usize, usize)> = Vec::new();
    for (j, h) in hashes.iter().enumerate() {
        // An equal first line and a slipped last line within reach; or the reverse.
        if *h == hf && !last_stands {
            let lo = j + span.saturating_sub(MAX_LINE_DELTA).max(1);
            let hi = (j + span + MAX_LINE_DELTA).min(hashes.len() - 1);
            windows.extend((lo..=hi).filter(|&e| alike(e, last)).map(|e| (j, e)));
        }
        if *h == hl && !first_stands {
            let lo = j.saturating_sub(span + MAX_LINE_DELTA);
            let hi = j.saturating_sub(span.saturating_sub(MAX_LINE_DELTA).max(1));
            windows.extend(
                (lo..=hi)
                    .filter(|&b| b < j && alike(b, first))
                    .map(|b| (b, j)),
            );
        }
        if windows.len() > MAX_SCORED_WINDOWS {
            break;
        }
    }
    windows.sort_unstable();
    windows.dedup();
    let trailing = cx.needle.trailing_newline();
    windows
        .into_iter()
        .take(MAX_SCORED_WINDOWS)
        .take_while(|(start, end)| {
            cx.budget
                .charge(alignment_cost(body.len(), end + 1 - start))
        })
        .filter_map(|(start, end)| {
            let window: Vec<&str> = (start..=end).map(|i| text.line(i)).collect();
            let sim = similarity(body, &window);
            // One anchor and at least the needed middle lines equal (the other anchor slipped).
            (sim.equal_lines > needed).then(|| Candidate {
                span: text.span_of_lines(start..end + 1, trailing),
                lines: start..end + 1,
                score: sim.score,
                fit: Fit::Lines(None),
            })
        })
        .collect()
}

/// What scoring a window of `window` lines against `old` lines may cost, as charged to the
/// budget: the line diff takes time proportional to the lines times the lines that differ,
/// and half of them may differ in a window this strategy scores.
fn alignment_cost(old: usize, window: usize) -> usize {
    (old + window).saturating_mul(8) + old.saturating_mul(window) / 2
}

/// The best of `out`, when it passes [`BLOCK_ANCHOR_FLOOR`]: the window whose rivals the
/// searches for other homes of `old` (`stale`, `source_lines`) look for.
fn best_over_floor(out: &[Candidate]) -> Option<&Candidate> {
    out.iter()
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .filter(|best| best.score >= BLOCK_ANCHOR_FLOOR)
}

#[cfg(test)]
mod tests;
