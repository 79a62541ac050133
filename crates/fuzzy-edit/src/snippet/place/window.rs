//! The windows of the file a piece fits: each starts at a place of its first line the file
//! holds and ends at its last one, the lines between aligned by a line diff; and a first line
//! that may be new rather than a far copy. (Which of several explains the piece best:
//! `explained.rs`.)

use similar::{capture_diff_slices, Algorithm, DiffTag};

use super::explained::header_held_once;
use super::numbered::Numbered;
use super::unique::names_code;
use super::{File, Line, Placement, EDITED_EDGE};
use crate::align::line_similarity_at_least;
use crate::normalize::{indent_width, loose_key};
use crate::snippet::{Piece, Refusal, Why};

/// Starts of a piece's first unchanged line considered (a line such as `}` occurs everywhere).
const MAX_STARTS: usize = 4096;

/// A window refused because the marker before the piece would stand for lines outside its
/// block: its placement, and the piece's last line paired with how many lines the file holds
/// up to it (as [`candidates`] gives them for the windows that fit).
pub(super) type Crossing = (Placement, (usize, usize));

/// A nearer reading of a window that fits ([`nearer`]): the end of that window, its own
/// placement, and the piece's last line paired with how many lines the file holds up to it.
/// A rival of that window only, never a place of its own: weighed against it when it
/// survives the choice between places.
pub(super) type Nearer = (usize, Placement, (usize, usize));

/// The windows of a piece that [`candidates`] finds.
#[derive(Default)]
pub(super) struct Windows {
    /// The windows where the piece fits.
    pub(super) valid: Vec<Placement>,
    /// For each of them, the piece's last line paired there with how many of its lines up to
    /// that one the file holds.
    pub(super) last: Vec<(usize, usize)>,
    /// The windows refused because the marker before the piece would stand for lines outside
    /// its block.
    pub(super) crossing: Vec<Crossing>,
    /// The nearer readings of the windows that fit.
    pub(super) nearer: Vec<Nearer>,
    /// Windows ending at the nearest copy of the piece's last line where the file holds fewer
    /// copies of it than the piece shows (and they cannot all be new): no place of their own,
    /// but one that reads the piece as well as the place chosen makes it ambiguous (the
    /// region a hunk changes, copied whole at the file's end).
    pub(super) twins: Vec<Placement>,
}

/// The windows where the piece fits when its first line the file holds (`held[0]`) starts
/// them, and the others a choice between them weighs ([`Windows`]).
pub(super) fn candidates(
    file: &File<'_>,
    piece: &Piece<'_>,
    held: &[usize],
    from: usize,
    scope: Option<usize>,
) -> Windows {
    let lines = &piece.lines;
    let mut found = Windows::default();
    let Windows {
        valid,
        last,
        crossing,
        nearer: rivals,
        twins,
    } = &mut found;
    let Some(&f) = held.first() else {
        return found;
    };
    let first_code = (0..lines.len())
        .find(|&i| !lines[i].trim().is_empty())
        .unwrap_or(f);
    let numbered = Numbered::new(file, lines, from);
    // The file's lines from `from` up to the start looked at: their least depth (of lines of
    // code), and whether one ends the block `scope` opens. (Starts come in file order: one
    // pass over the lines, not one per start.)
    let mut above = (from, isize::MAX, false);
    for &s in file.occurrences(lines[f], from).iter().take(MAX_STARTS) {
        let shift = file.depth(s) - indent_width(lines[f]) as isize;
        // A last line that the file holds only before this place is new here (a line added
        // after the change that equals one earlier in the file). More than one such line is
        // a block the file holds elsewhere (imports moved): the place stays unknown.
        let after = |i: usize| i == f || !file.occurrences(lines[i], s + 1).is_empty();
        let l = held.iter().rev().copied().find(|&i| after(i)).unwrap_or(f);
        if held.iter().filter(|&&i| i > l).count() > 1 {
            continue;
        }
        // (The window reaches at least as many copies of the last line as the piece shows:
        // `x`, `x` written last is not matched at the first `x` alone. Copies at the last
        // line's own depth only: the file's are counted at the depth it is found at, and a
        // class's closing `}` is not a third copy of the two method `}` lines above it.)
        let same = |i: usize, j: usize| {
            loose_key(lines[i]) == loose_key(lines[j])
                && indent_width(lines[i]) == indent_width(lines[j])
        };
        let end_at = |l: usize| {
            if l == f {
                return Some(s);
            }
            let copies = (f..l).filter(|&i| same(i, l)).count();
            copies_at(file, lines[l], s + 1, shift)
                .nth(copies.saturating_sub(usize::from(same(f, l))))
        };
        // When the file holds fewer copies of the last line after the place than the piece
        // shows (`});` closing the test shown, then two new tests each ending in `});`, at the
        // file's end), the later copies are new: the window ends at the last copy that fits,
        // provided no other line after it is one the file holds past the place (those would
        // be the file's, and the window could not tell).
        // (The copy taken is the one whose window reaches the file's last copy after the
        // place, found by counting: one pass, not a window per copy.)
        let fewer = || {
            let copies: Vec<usize> = (f..l).filter(|&k| same(k, l)).collect();
            let room = copies_at(file, lines[l], s + 1, shift).count() + usize::from(same(f, l));
            let k = *copies.get(room.checked_sub(1)?)?;
            let later_held = held
                .iter()
                .filter(|&&i| i > k && !same(i, l))
                .any(|&i| !file.occurrences(lines[i], s + 1).is_empty());
            (!later_held).then_some(())?;
            Some((k, end_at(k)?))
        };
        let (l, end) = match end_at(l) {
            Some(t) => (l, Some(t)),
            None => fewer().map_or((l, None), |(k, t)| (k, Some(t))),
        };
        // (How many lines up to the last the file holds: every held line is at or after `f`.)
        let up_to_l = held.iter().filter(|&&i| i <= l).count();
        let Some(t) = end else {
            // (Only a window at most twice the piece's length: a longer one deletes more lines
            // than the piece shows, and reads it no better than a place that pairs them. Every
            // start a `}` of the file, each aligned to one far copy, took 4 s for one piece.)
            let near = copies_at(file, lines[l], s + 1, shift)
                .next()
                .filter(|&u| u - s < 2 * lines.len());
            if let Some((u, mut q)) =
                near.and_then(|u| Some((u, align(file, piece, &numbered, (f, l), (s, u), shift)?)))
            {
                q.start = s;
                q.end = u + 1;
                twins.push(q);
            }
            continue;
        };
        let windows = ends(file, piece, &numbered, up_to_l, (f, l), (s, t), shift);
        let near = nearer(file, piece, &numbered, &windows, (f, l), (s, t), shift);
        let first_end = windows.first().map(|(t, _)| t + 1);
        let fits = valid.len();
        for (t, mut p) in windows {
            // The lines the marker before the piece stands for stay inside its block: none is
            // shallower than both the marker and the piece's first line (`...` in a function body
            // never stretches over the next function to a `return` there).
            // (A marker before the first piece stands for everything before it.)
            if let Some(marker) = piece.marker_before.filter(|_| piece.index > 0) {
                let floor = (marker as isize).min(indent_width(lines[first_code]) as isize) + shift;
                // (After a block's opening line the marker stands for lines of that block, at
                // whatever depth it is written: `class S:`, a marker in a method, a method's line.)
                // (After a piece that ends shallower than the marker and opens no block, the
                // marker's depth names no block the snippet shows: it is where the next lines
                // stand, and the marker stands for lines down to the previous piece's depth.)
                let before = || {
                    (0..from)
                        .rev()
                        .find(|&i| !file.blank(i))
                        .map(|i| file.depth(i))
                };
                let floor = match scope {
                    Some(o) => floor.min(file.depth(o) + 1),
                    None => before().map_or(floor, |d| floor.min(d)),
                };
                // (After a block's opening line, whatever the depth shift: the piece written
                // at another depth than its place does not lower the block's bound. A line at
                // the opener's depth or shallower ends the block; a `#` line at the margin, a
                // C directive or a comment, may stand inside it.)
                let ends_block = |i: usize| {
                    scope.is_some_and(|o| file.depth(i) <= file.depth(o))
                        && !file.lines[i].trim_start().starts_with('#')
                };
                let (scanned, least, ended) = &mut above;
                for i in *scanned..s {
                    if !file.blank(i) {
                        *least = (*least).min(file.depth(i));
                        *ended |= ends_block(i);
                    }
                }
                *scanned = (*scanned).max(s);
                if *least < floor || *ended {
                    p.start = s;
                    p.end = t + 1;
                    crossing.push((p, (l, up_to_l)));
                    continue;
                }
            }
            p.start = s;
            p.end = t + 1;
            valid.push(p);
            last.push((l, up_to_l));
        }
        // (The nearer readings stand with the window they are read from, when that one fits.)
        let first_fits = valid[fits..].iter().any(|p| Some(p.end) == first_end);
        if let (Some(end), true) = (first_end, first_fits) {
            for (u, mut q) in near {
                q.start = s;
                q.end = u + 1;
                rivals.push((end, q, (l, up_to_l)));
            }
        }
    }
    found
}

/// The windows from file line `s` to the piece's last line at `t` and at its next copies:
/// the nearest copy first, then each farther one that pairs more of the piece's lines and
/// changes no more than the nearest, while some line the file holds is still written new
/// (`return x`, `def f(x):`, `x = 1` shown over `return x`, `x = 1`, `def f(x):`, `x = 1`:
/// the nearest `x = 1` pairs two lines and writes `def f(x):` again, the next pairs all three
/// and deletes the first `x = 1`; which explains the piece better is `best_explained`'s to
/// say). A farther window that changes more is no rival: the nearest wins there, as it did
/// before farther ones were tried (on the stand-in corpus, counting them as rivals refused 20
/// pieces merged right, as `ambiguous`). At most [`FARTHER_ENDS`] copies. `held`: how many of
/// the piece's lines from `f` to `l` the file holds.
///
/// A new line that edits a line the window deletes counts as one change ([`edited`]): a
/// farther window that rewrites `req(...)`, `...).`, `forwarded_scheme.must_be_nil` as the
/// piece's `r = req(...)`, `...)`, `r.forwarded_scheme.must_be_nil` changes no more than the
/// nearest, which writes them beside the old ones. Counted as a deletion and a new line each,
/// the nearest stood alone: on the other-language corpus 8 merges were wrong that way (they
/// are refused now, as both readings stay open; 4 merged right were refused with them).
fn ends(
    file: &File<'_>,
    piece: &Piece<'_>,
    numbered: &Numbered,
    held: usize,
    (f, l): (usize, usize),
    (s, t): (usize, usize),
    shift: isize,
) -> Vec<(usize, Placement)> {
    let mut out: Vec<(usize, Placement)> = Vec::new();
    let Some(p) = align(file, piece, numbered, (f, l), (s, t), shift) else {
        return out;
    };
    // (Lines changed: the piece's shown lines not paired plus the window's not paired, as
    // `best_explained` counts them. A farther window deletes no more lines than the nearest
    // writes new: it pairs those lines where the nearest would write them again. One line
    // more, as a rival only, refused 5 merges right on the in-repository `lazy-snippet` set.)
    let shown = (f..=l)
        .filter(|&i| !piece.lines[i].trim().is_empty())
        .count();
    let deleted = |q: &Placement, u: usize| {
        let code = (s..=u).filter(|&i| !file.blank(i)).count();
        code.saturating_sub(q.pairs.len())
    };
    let mut most = p.pairs.len();
    let written = shown.saturating_sub(most);
    let least = (written + deleted(&p, t)).saturating_sub(edited(file, &piece.lines, &p));
    out.push((t, p));
    if l == f || most >= held {
        return out;
    }
    let farther = copies_at(file, piece.lines[l], t + 1, shift).take(FARTHER_ENDS);
    for u in farther {
        let Some(q) = align(file, piece, numbered, (f, l), (s, u), shift) else {
            continue;
        };
        let gone = deleted(&q, u);
        let changed = (shown - q.pairs.len() + gone).saturating_sub(edited(file, &piece.lines, &q));
        if q.pairs.len() > most && gone <= written && changed <= least {
            most = q.pairs.len();
            out.push((u, q));
            if most >= held {
                break;
            }
        }
    }
    out
}

/// The windows that end at nearer copies of the piece's last line than the window found, when
/// that one reaches a farther copy because the piece shows the line more than once (new tests
/// written before the one changed, each ending in the same `message = ...` line, or a new
/// function after the one shown, both ending in `}`): rivals, and `best_explained` weighs
/// them. A nearer window is one when it pairs as many of the piece's lines (the window found
/// paired the piece's last lines with the next test's copies and deleted what lay between),
/// or when the window found pairs nothing past it but lines too short to name code (it paired
/// the new function's brackets with the next function's and deleted its body). Not when it
/// would write again a block's first line the file holds once ([`header_held_once`]) that
/// the window found pairs: a test rewritten and shown with the next test's `#[test]` is no new
/// test added before that attribute. (A header both write again, a method moved, rules out
/// neither: the window found to the third `@Override` deleted the method between.) At most
/// [`FARTHER_ENDS`] and one copies.
fn nearer(
    file: &File<'_>,
    piece: &Piece<'_>,
    numbered: &Numbered,
    found: &[(usize, Placement)],
    (f, l): (usize, usize),
    (s, t): (usize, usize),
    shift: isize,
) -> Vec<(usize, Placement)> {
    let [(_, p), ..] = found else {
        return Vec::new();
    };
    let rival = |u: usize| {
        let q = align(file, piece, numbered, (f, l), (s, u), shift)?;
        let beyond_brackets = p
            .pairs
            .iter()
            .filter(|&&(_, j)| j > u)
            .all(|&(i, _)| !names_code(piece.lines[i]));
        let again = q.out.iter().any(|line| match *line {
            Line::New(i) => p.pairs_line(i) && header_held_once(file, piece.lines[i]),
            Line::Kept(_) => false,
        });
        ((q.pairs.len() >= p.pairs.len() || beyond_brackets) && !again).then_some((u, q))
    };
    copies_at(file, piece.lines[l], s + 1, shift)
        .take_while(|&u| u < t)
        .take(FARTHER_ENDS + 1)
        .filter_map(rival)
        .collect()
}

/// The file's copies of `line` at or after file line `from` that stand at its depth in the
/// piece moved by `shift`: the ends a window of the piece may have.
fn copies_at<'a, 'f>(
    file: &'a File<'f>,
    line: &'a str,
    from: usize,
    shift: isize,
) -> impl Iterator<Item = usize> + use<'a, 'f> {
    let depth = indent_width(line) as isize + shift;
    file.occurrences(line, from)
        .iter()
        .copied()
        .filter(move |&u| file.depth(u) == depth)
}

/// How many of the lines a placement writes new, between two of its pairs, read as edits of
/// lines it deletes there (character similarity at least [`EDITED_EDGE`], in order): each is
/// one change, not a deletion and a new line. At most [`EDIT_LOOK`] lines of code of each side
/// of a gap are compared (a far window's gap may be thousands of lines).
fn edited(file: &File<'_>, lines: &[&str], p: &Placement) -> usize {
    let mut n = 0;
    for w in p.pairs.windows(2) {
        let ((a, s), (b, t)) = (w[0], w[1]);
        let new = (a + 1..b)
            .filter(|&i| !lines[i].trim().is_empty())
            .take(EDIT_LOOK);
        let gone: Vec<&str> = (s + 1..t)
            .filter(|&i| !file.blank(i))
            .take(EDIT_LOOK)
            .map(|i| file.lines[i])
            .collect();
        let mut from = 0;
        for i in new {
            let like =
                |k: &usize| line_similarity_at_least(lines[i], gone[*k], EDITED_EDGE).is_some();
            if let Some(k) = (from..gone.len()).find(like) {
                n += 1;
                from = k + 1;
            }
        }
    }
    n
}

/// Lines of code of each side of a gap between two pairs that [`edited`] compares: 64 lines
/// are 4,096 comparisons a gap at most.
const EDIT_LOOK: usize = 64;

/// Farther copies of a piece's last line tried as its window's end when the nearest leaves a
/// line the file holds written new.
const FARTHER_ENDS: usize = 4;

/// The piece's first paired line, paired across deleted lines with the next one and nothing
/// new between them, reads as well as a new line that equals a file line: the rest of the
/// piece then stands where it first fits after `from`. When the rest fits as well before the
/// first line's place, the two readings put the change in different places and the piece is
/// refused as ambiguous (marker, `def f(x):` written new, `def f(x):` shown: the new line
/// pairs with a later copy of itself and the lines after that copy would be deleted). Places
/// of the rest inside the deleted lines are not counted: there the first line is the file's,
/// and it deletes up to the rest (on the stand-in corpus counting them or not made no
/// difference).
pub(super) fn first_line_clear(
    file: &File<'_>,
    piece: &Piece<'_>,
    held: &[usize],
    p: &Placement,
    (from, scope): (usize, Option<usize>),
) -> Result<(), Refusal> {
    let [(a, s), (b, u), ..] = p.pairs[..] else {
        return Ok(());
    };
    let lines = &piece.lines;
    let new_between = (a + 1..b).any(|i| !lines[i].trim().is_empty());
    let gone = (s + 1..u).any(|q| !file.blank(q));
    if new_between || !gone {
        return Ok(());
    }
    let rest: Vec<usize> = held.iter().copied().filter(|&i| i >= b).collect();
    let others = candidates(file, piece, &rest, from, scope).valid;
    // (A place that pairs fewer of the rest's lines is no reading as good as this one.)
    let earlier: Vec<usize> = others
        .iter()
        .filter(|q| q.pairs.len() + 1 >= p.pairs.len())
        .map(|q| q.start)
        .filter(|&t| t < s)
        .collect();
    if earlier.is_empty() {
        return Ok(());
    }
    Err(piece.refuse(
        Why::Ambiguous,
        a,
        std::iter::once(s).chain(earlier).collect(),
    ))
}

/// The piece's lines `f..=l` aligned with the file's `s..=t`, with its lines before `f` and
/// after `l` as new lines on either side; `None` when its first and last unchanged lines do
/// not pair with the window's edges.
fn align(
    file: &File<'_>,
    piece: &Piece<'_>,
    numbered: &Numbered,
    (f, l): (usize, usize),
    (s, t): (usize, usize),
    shift: isize,
) -> Option<Placement> {
    let lines = &piece.lines;
    let pn: Vec<usize> = (f..=l).filter(|&i| !lines[i].trim().is_empty()).collect();
    let fw: Vec<usize> = (s..=t).filter(|&i| !file.blank(i)).collect();
    let pl: Vec<u32> = pn.iter().map(|&i| numbered.piece[i]).collect();
    let fl: Vec<u32> = numbered.file(&fw);
    // The window's edges are the piece's first and last unchanged lines (found there by their
    // keys); the diff pairs the lines between. (Left to the diff, a last `)` pairs with the
    // first of two `)` lines closing there, and the window would not end where it was found.)
    let mut pairs: Vec<(usize, usize)> = vec![(f, s)];
    if l > f {
        // (`pl` and `fl` start at `f` and `s` and end at `l` and `t`.)
        let ops = capture_diff_slices(Algorithm::Myers, &pl[1..pl.len() - 1], &fl[1..fl.len() - 1]);
        for op in ops {
            let (tag, a, b) = op.as_tag_tuple();
            if tag == DiffTag::Equal {
                pairs.extend(a.zip(b).map(|(x, y)| (pn[x + 1], fw[y + 1])));
            }
        }
        pairs.push((l, t));
    }
    let first_nb = (0..lines.len()).find(|&i| !lines[i].trim().is_empty())?;
    let last_nb = (0..lines.len()).rfind(|&i| !lines[i].trim().is_empty())?;
    let mut out: Vec<Line> = (first_nb..f).map(Line::New).collect();
    let (mut pc, mut fc) = (f, s);
    for (k, &(p, q)) in pairs.iter().enumerate() {
        if k > 0 {
            let piece_between = (pc..p).any(|i| !lines[i].trim().is_empty());
            let file_between = (fc..q).any(|i| !file.blank(i));
            if piece_between || file_between {
                out.extend((pc..p).map(Line::New));
            } else {
                out.extend((fc..q).map(Line::Kept));
            }
        }
        // A line kept at another depth than the shift gives was re-indented by the model.
        // (Tabs in the file where the model wrote spaces, or the reverse, are the file's.)
        let tab = |l: &str| l[..l.len() - l.trim_start().len()].contains('\t');
        let at_depth = indent_width(lines[p]) as isize + shift == file.depth(q)
            || (tab(lines[p]) != tab(file.lines[q]) && lines[p].trim() == file.lines[q].trim());
        out.push(if at_depth {
            Line::Kept(q)
        } else {
            Line::New(p)
        });
        (pc, fc) = (p + 1, q + 1);
    }
    out.extend((l + 1..=last_nb).map(Line::New));
    Some(Placement {
        start: s,
        end: t + 1,
        out,
        shift,
        pairs,
    })
}
