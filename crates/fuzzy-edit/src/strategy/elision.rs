//! **Elision**: `old` skips lines with a marker such as `...` or `// ... existing code ...`.
//!
//! Models abbreviate long blocks. The pieces of `old` between markers must match in order
//! (each piece loosely, the next piece at its nearest occurrence after the previous one at the
//! same depth); each marker covers the file lines between them, which must be at least as deep
//! as the marker, so an elision never reaches out of the block it abbreviates (unless the place
//! of the change does not hang on it: see `block_ends`). Markers in `new` stand for the
//! same lines, so `new` must carry as many markers as `old` has between pieces, or none at all
//! and hold the lines each marker covers, unchanged, in order (the model wrote out what it had
//! elided); otherwise the lines a marker covers would be deleted, and the edit is not matched
//! here.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "fn f() {\n    a();\n    b();\n    c();\n}\n";
//! let out = apply(file, &Edit::new("fn f() {\n    // ...\n}", "fn g() {\n    // ...\n}")).unwrap();
//! assert_eq!(out.text, "fn g() {\n    a();\n    b();\n    c();\n}\n");
//! assert_eq!(out.matches[0].strategy, "elision");
//! ```

use std::rc::Rc;

mod block_ends;
mod dropped_lines;
mod near_copies;
mod new_markers;
mod retyped_indent;
mod slipped_pieces;
use block_ends::{context_from, crossed_to, ends_blocks_only};
use dropped_lines::{drop_is_unclear, marker_moved_down};
pub(crate) use new_markers::resolve_against_file;
use new_markers::{marker_moved_up, shows_elided_lines};

use super::{Context, Strategy, LINE_COMPARE_UNITS};
use crate::candidate::{Candidate, Fit, StrategyId};
use crate::needle::Needle;
use crate::normalize::{indent_width, lines_equal, unescape, unescape_code, Level};
use crate::notation::is_elision_marker;
use crate::text::lines_of;
use crate::text::Text;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Elision;

/// More pieces than this is not an abbreviated block but noise.
const MAX_PIECES: usize = 32;
/// Starts of the first piece considered (a first piece such as `}` can occur everywhere).
const MAX_STARTS: usize = 4096;
/// Farther starts of the first piece, leading to the same later pieces as the nearest,
/// checked for a reading of `new`'s markers other than the nearest's.
const FARTHER_STARTS: usize = 8;

impl Strategy for Elision {
    fn id(&self) -> StrategyId {
        StrategyId::Elision
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let old: Vec<&str> = cx.needle.lines().collect();
        if !old.iter().any(|l| is_elision_marker(l)) {
            return escaped(cx);
        }
        // The pieces between markers, and for each gap the depth of its marker.
        let mut pieces: Vec<&[&str]> = Vec::new();
        let mut marker_depth: Vec<usize> = Vec::new();
        let mut pending: Option<usize> = None;
        let mut start = 0;
        for (i, line) in old.iter().enumerate().chain([(old.len(), &"")]) {
            let end_of_piece = i == old.len() || is_elision_marker(line);
            if !end_of_piece {
                continue;
            }
            let piece = &old[start..i];
            if piece.iter().any(|l| !l.trim().is_empty()) {
                if !pieces.is_empty() {
                    marker_depth.push(pending.unwrap_or(0));
                }
                pieces.push(piece);
                pending = None;
            }
            if i < old.len() {
                let d = indent_width(line);
                pending = Some(pending.map_or(d, |p| p.min(d)));
            }
            start = i + 1;
        }
        if pieces.is_empty() || pieces.len() > MAX_PIECES {
            return Vec::new();
        }
        let (new_lines, new_trailing) = lines_of(cx.needle.new_text());
        // `new` without markers writes every line out: then it must hold the lines each marker
        // covers (see `written_out`), and it replaces the whole block.
        let written_in_full = !new_lines.iter().any(|l| is_elision_marker(l));
        let new_segments = if written_in_full {
            vec![new_lines.clone()]
        } else {
            let Some(segments) = new_segments(&new_lines, pieces.len() - 1) else {
                return Vec::new();
            };
            segments
        };
        let text = cx.text;
        let (occurrences, slipped) = slipped_pieces::piece_windows(text, &pieces, cx.budget);
        // A piece found more often than the window search collects: the candidates are some
        // of the blocks, and `replace_all` must not replace just those (2,500 functions: 501
        // were replaced).
        if occurrences
            .iter()
            .any(|o| o.len() > crate::thresholds::MAX_WINDOWS)
        {
            cx.cut_short();
        }
        let context_from = context_from(&pieces, &new_segments, written_in_full, &occurrences);
        let crossed_to = crossed_to(
            &pieces,
            &new_segments,
            written_in_full,
            &occurrences,
            &slipped,
        );
        // The depth in the file of a piece's first non-blank line, placed at `at`.
        let first_depth = |piece: &[&str], at: usize| -> Option<isize> {
            let k = piece.iter().position(|l| !l.trim().is_empty())?;
            Some(indent_width(text.line(at + k)) as isize)
        };
        // The depth shift between the model's lines and the file's at a piece placed at `at`.
        let shift = |piece: &[&str], at: usize| -> Option<isize> {
            let k = piece.iter().position(|l| !l.trim().is_empty())?;
            Some(indent_width(text.line(at + k)) as isize - indent_width(piece[k]) as isize)
        };
        // Where each piece lands, for every start of the first piece. A later piece is the
        // nearest occurrence at the same depth shift as the first piece, and the lines a marker
        // covers must be at least as deep as the marker: `...` inside a function body never
        // stretches into the next function.
        let mut placements: Vec<Vec<(usize, usize)>> = Vec::new();
        'starts: for &first in occurrences[0].iter().take(MAX_STARTS) {
            if !cx.budget.charge(pieces.len() * LINE_COMPARE_UNITS) {
                break;
            }
            let Some(base) = shift(pieces[0], first) else {
                continue;
            };
            let mut bounds = vec![(first, first + pieces[0].len())];
            for (k, occ) in occurrences.iter().enumerate().skip(1) {
                let after = bounds[k - 1].1;
                let marker_floor = marker_depth[k - 1] as isize + base;
                // The shallowest line the marker would cover, grown as the candidate moves on.
                let mut gap_min = isize::MAX;
                let mut scanned = after;
                let mut placed = None;
                for &s in &occ[occ.partition_point(|&s| s < after)..] {
                    if !cx.budget.charge(4 * (s.saturating_sub(scanned) + 1)) {
                        break 'starts;
                    }
                    for i in scanned..s {
                        if !text.is_blank(i) {
                            gap_min = gap_min.min(indent_width(text.line(i)) as isize);
                        }
                    }
                    scanned = scanned.max(s);
                    if shift(pieces[k], s) != Some(base) {
                        continue;
                    }
                    // Covered lines may be shallower than the marker only as far as the piece
                    // that follows (a dedent inside the block), never shallower than both,
                    // unless what follows is mere context, or what comes before is and the
                    // change has one place (see `block_ends`).
                    let piece_depth = first_depth(pieces[k], s).unwrap_or(0);
                    if gap_min >= marker_floor.min(piece_depth)
                        || k >= context_from
                        || (k <= crossed_to
                            && ends_blocks_only(text, after..s, marker_floor.min(piece_depth))
                            && !near_copies::covers_look_alike(
                                text, pieces[k], after, s, cx.budget,
                            ))
                    {
                        placed = Some(s);
                    }
                    break;
                }
                let Some(s) = placed else {
                    continue 'starts;
                };
                bounds.push((s, s + pieces[k].len()));
            }
            placements.push(bounds);
        }
        // Several starts of the first piece can lead to the same later pieces: the nearest one
        // is meant (the marker covers the fewest lines). But where `new` is written out in
        // full, a farther one whose markers each stand for lines `new` holds (see
        // `written_out`) is meant over one where a marker stands for nothing: a first piece
        // that recurs inside the elided span (a `//----` rule above and below a heading) read
        // right before the next piece kept the span's lines beside `new`'s. Where only the
        // one standing for nothing holds, which is meant is unclear: nothing is matched.
        let end_of = |b: &Vec<(usize, usize)>| b.last().map_or(0, |l| l.1);
        let elides_nothing = |b: &Vec<(usize, usize)>| {
            b.windows(2)
                .any(|w| (w[0].1..w[1].0).all(|i| text.is_blank(i)))
        };
        placements.sort_by_key(|b| (end_of(b), std::cmp::Reverse(b[0].0)));
        // The file's lines each marker of `old` stands for, in a placement.
        let gaps_of = |b: &Vec<(usize, usize)>| -> Vec<Vec<&str>> {
            b.windows(2)
                .map(|w| (w[0].1..w[1].0).map(|i| text.line(i)).collect())
                .collect()
        };
        let mut chosen: Vec<Vec<(usize, usize)>> = Vec::new();
        for same_end in placements.chunk_by(|a, b| end_of(a) == end_of(b)) {
            if !written_in_full {
                // `new` showing beside its marker a line at the edge of the span a farther
                // start elides (the first line after `old`'s piece there, or the last before
                // the next), not of the nearest's: read from there it replaces that line,
                // from the nearest it is added; which is meant is unclear (generated:
                // `}`, `...`, a rewritten `if` of the span,
                // matched at a later `}` and written twice).
                let reads_span_edge = |b: &Vec<(usize, usize)>| {
                    let edges: Vec<Vec<&str>> = gaps_of(b)
                        .into_iter()
                        .map(|gap| {
                            let mut code = gap.into_iter().filter(|l| !l.trim().is_empty());
                            let first = code.next();
                            first.into_iter().chain(code.next_back()).collect()
                        })
                        .collect();
                    shows_elided_lines(&pieces, &new_segments, &edges)
                };
                let farther = &same_end[1..same_end.len().min(1 + FARTHER_STARTS)];
                if !farther.is_empty()
                    && !shows_elided_lines(&pieces, &new_segments, &gaps_of(&same_end[0]))
                    && farther.iter().any(reads_span_edge)
                {
                    continue;
                }
                chosen.push(same_end[0].clone());
                continue;
            }
            let holds = |b: &Vec<(usize, usize)>| written_out(text, b, &new_lines);
            match same_end.iter().find(|b| !elides_nothing(b) && holds(b)) {
                Some(b) => chosen.push(b.clone()),
                None if same_end.iter().any(|b| !elides_nothing(b))
                    && elides_nothing(&same_end[0]) => {}
                None => chosen.extend(same_end.first().filter(|b| holds(b)).cloned()),
            }
        }
        chosen.retain(|b| !slipped_pieces::slips_too_much(&slipped, b));
        // A marker past its next piece's block changed since: unclear (see `near_copies`).
        if chosen
            .iter()
            .any(|b| near_copies::covers_near_copy(text, &pieces[..context_from], b, cx.budget))
        {
            return Vec::new();
        }
        let placements = chosen;

        let trailing = cx.needle.trailing_newline();
        // Each placement is expanded into a needle as long as the lines it covers.
        placements
            .into_iter()
            .take_while(|b| {
                let (start, end) = (b[0].0, end_of(b));
                cx.budget
                    .charge(end - start + text.span_of_lines(start..end, false).len())
            })
            .filter_map(|bounds| {
                let (start, end) = (bounds[0].0, end_of(&bounds));
                let gaps = gaps_of(&bounds);
                // The lines markers cover, at the model's depth when its pieces all drifted
                // alike (see `at_models_depth`).
                let drift = uniform_drift(text, &pieces, &bounds);
                let moved: Option<Vec<Vec<String>>> =
                    gaps.iter().map(|g| at_models_depth(g, drift)).collect();
                // (Or in the model's characters: see `retyped_indent`.)
                let moved = moved.or_else(|| {
                    let model = retyped_indent::models_char(text, &pieces, &bounds)?;
                    Some(
                        gaps.iter()
                            .map(|g| retyped_indent::in_models_chars(g, model))
                            .collect(),
                    )
                });
                let gap = |k: usize| -> Vec<&str> {
                    match &moved {
                        Some(m) => m[k].iter().map(String::as_str).collect(),
                        None => gaps[k].clone(),
                    }
                };
                let (mut exp_old, mut moved_old, mut exp_new): (Vec<&str>, Vec<&str>, Vec<&str>) =
                    Default::default();
                for (k, piece) in pieces.iter().enumerate() {
                    if k > 0 {
                        exp_old.extend(gaps[k - 1].iter());
                        moved_old.extend(gap(k - 1));
                        exp_new.extend(gap(k - 1));
                    }
                    exp_old.extend(piece.iter());
                    moved_old.extend(piece.iter());
                    if !written_in_full {
                        exp_new.extend(new_segments[k].iter());
                    }
                }
                // `new`'s markers stand for the lines `old`'s stand for, unless `new` shows
                // some of those beside them, or its marker stands further down: then they
                // are read against the file (see `new_markers`, `dropped_lines`).
                let new = if written_in_full {
                    join(&new_lines, new_trailing && !new_lines.is_empty())
                } else if marker_moved_up(&pieces, &new_segments) {
                    return None;
                } else if !shows_elided_lines(&pieces, &new_segments, &gaps)
                    && !marker_moved_down(&pieces, &new_segments, &gaps)
                {
                    // (See `dropped_lines`.)
                    if drop_is_unclear(&pieces, &new_segments) {
                        return None;
                    }
                    join(&exp_new, new_trailing && !exp_new.is_empty())
                } else {
                    let resolved = resolve_against_file(text, &exp_old, &new_lines)?;
                    let trailing_newline = new_trailing && !resolved.is_empty();
                    let new = resolved + if trailing_newline { "\n" } else { "" };
                    // (Read against the file, `new` holds the file's lines as they stand.)
                    return Some(candidate(
                        text,
                        start..end,
                        trailing,
                        join(&exp_old, trailing),
                        new,
                    ));
                };
                Some(candidate(
                    text,
                    start..end,
                    trailing,
                    join(&moved_old, trailing),
                    new,
                ))
            })
            .collect()
    }
}

/// The candidate for file lines `lines`, `old` expanded to them and `new` to match.
fn candidate(
    text: &Text,
    lines: std::ops::Range<usize>,
    trailing: bool,
    old: String,
    new: String,
) -> Candidate {
    Candidate {
        span: text.span_of_lines(lines.clone(), trailing),
        lines,
        score: 1.0,
        fit: Fit::Lines(Some(Rc::new(Needle::owned(old, new)))),
    }
}

/// How many columns deeper (or shallower, below 0) than the file every non-blank line of
/// every piece is, placed at `bounds`; `None` when they are not all alike, or at the file's
/// depth.
fn uniform_drift(text: &Text, pieces: &[&[&str]], bounds: &[(usize, usize)]) -> Option<isize> {
    let mut drifts = pieces.iter().zip(bounds).flat_map(|(piece, &(at, _))| {
        piece
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(move |(i, l)| indent_width(l) as isize - indent_width(text.line(at + i)) as isize)
    });
    let first = drifts.next()?;
    (first != 0 && drifts.all(|d| d == first)).then_some(first)
}

/// The file's lines a marker covers, `drift` columns deeper (spaces added, or taken off when
/// below 0), so that the expanded `old` is at the model's depth throughout: written at the
/// file's depth among the model's pieces, they read to the indentation map as lines the
/// model nested at another unit (a block drifted 2 columns in a 4-column file came out
/// nested 8 deep). Spaces go before a tab (its width stays the file's); `None` without a
/// drift, or when a covered line has too few leading spaces to take the drift off.
fn at_models_depth(gap: &[&str], drift: Option<isize>) -> Option<Vec<String>> {
    let drift = drift?;
    gap.iter()
        .map(|l| {
            if l.trim().is_empty() {
                return Some(l.to_string());
            }
            let ind = l.len() - l.trim_start_matches(' ').len();
            let width = usize::try_from(ind as isize + drift).ok()?;
            Some(format!("{}{}", " ".repeat(width), &l[ind..]))
        })
        .collect()
}

/// Whether `new`, written without markers, holds the lines each marker of a placement covers
/// (`bounds`: the lines each piece of `old` lands on), unchanged and together, in order: the
/// model wrote out what it had elided and edits around it. A `new` lacking some of them would
/// delete lines the model never showed, so it is not matched here. (Generated: an elision in `old`
/// alone with `new` right: 65 of 99 refused before, 6 after, no wrong edit.)
fn written_out(text: &Text, bounds: &[(usize, usize)], new: &[&str]) -> bool {
    let new: Vec<&str> = new
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut from = 0;
    for pair in bounds.windows(2) {
        let gap: Vec<&str> = (pair[0].1..pair[1].0)
            .map(|i| text.line(i))
            .filter(|l| !l.trim().is_empty())
            .collect();
        if gap.is_empty() {
            continue;
        }
        let found = (from..new.len().saturating_sub(gap.len() - 1)).find(|&s| {
            gap.iter()
                .zip(&new[s..])
                .all(|(a, b)| lines_equal(a, b, Level::InnerWhitespace))
        });
        let Some(s) = found else { return false };
        from = s + gap.len();
    }
    true
}

/// An `old` written with `\n` escapes hides its markers on one line: they are resolved on the
/// lines it stands for, with `new` (written the same way) undone the same way.
fn escaped(cx: &Context<'_>) -> Vec<Candidate> {
    let Some(old) = unescape(cx.needle.old_text()) else {
        return Vec::new();
    };
    if !old.lines().any(is_elision_marker) {
        return Vec::new();
    }
    let new = cx.needle.new_text();
    let new = unescape_code(new, None).unwrap_or_else(|| new.to_string());
    let needle = Needle::owned(old, new);
    Elision.candidates(&Context::new(cx.text, &needle, cx.budget))
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
