//! Where each piece of a lazy snippet stands in the file: its unchanged lines found in order,
//! after the previous piece, at one depth shift; every other place it could stand is a reason
//! to refuse.
//!
//! A piece is aligned with a window of the file that starts at its first line the file holds
//! and ends at its last one (a line diff by loose keys between them), so lines of the file
//! missing between two shown lines are deleted, and the piece's other lines are new. Its new
//! lines at an edge that meets a marker go right beside the unchanged line, unless they read
//! as an edited version of the file's line on the other side ([`EDITED_EDGE`]). Of several
//! windows, the one that pairs more of the piece's lines wins only when it changes less too
//! (`best_explained`); a first line that may be new rather than a later copy of itself is
//! refused (`first_line_clear`).

use std::borrow::Cow;
use std::collections::HashMap;

use similar::DiffTag;

use super::guard::{resembles, rewrites, same_head};
use super::{Piece, Refusal, Why};
use crate::align::{line_similarity, loose_diff};
use crate::normalize::{indent_width, loose_key};

mod order;
pub(super) use order::place_all;

/// Least character similarity (loose keys) for a new line at a piece's edge to read as an
/// edited version of the file's neighbouring line (replace or insert: unclear). The figure the
/// elision strategy measured for a line `new` writes beside its marker to count as a rewrite
/// of an elided line (`strategy::elision::new_markers::REWRITE_OF_ELIDED`,
/// `elide_edit_inside_*`: rewritten lines 0.5-0.7 like their line in 15 of 135 checks).
pub(super) const EDITED_EDGE: f64 = 0.6;
/// Starts of a piece's first unchanged line considered (a line such as `}` occurs everywhere).
const MAX_STARTS: usize = 4096;

/// The file as the placement reads it.
pub(super) struct File<'a> {
    pub(super) lines: Vec<&'a str>,
    /// Where each loose key of a non-blank line stands, in order. Keys borrow the line when it
    /// is its own key (most lines of code), and the hash is foldhash: with a copy of every key
    /// and SipHash, indexing a 100k-line file took 150 M instructions (callgrind).
    index: HashMap<Cow<'a, str>, Vec<usize>, foldhash::fast::RandomState>,
}

impl<'a> File<'a> {
    pub(super) fn new(lines: Vec<&'a str>) -> Self {
        let mut index: HashMap<Cow<'a, str>, Vec<usize>, _> =
            HashMap::with_capacity_and_hasher(lines.len(), Default::default());
        for (i, &l) in lines.iter().enumerate() {
            if !blank(l) {
                index.entry(loose_key(l)).or_default().push(i);
            }
        }
        File { lines, index }
    }

    /// Where `line` stands, at or after `from`.
    pub(super) fn occurrences(&self, line: &str, from: usize) -> &[usize] {
        self.index.get(loose_key(line).as_ref()).map_or(&[], |v| {
            let at = v.partition_point(|&i| i < from);
            &v[at..]
        })
    }

    pub(super) fn holds(&self, line: &str) -> bool {
        self.index.contains_key(loose_key(line).as_ref())
    }

    fn depth(&self, i: usize) -> isize {
        indent_width(self.lines[i]) as isize
    }

    pub(super) fn blank(&self, i: usize) -> bool {
        self.lines[i].trim().is_empty()
    }
}

/// Whether `line` is blank (`line.trim()` is empty), without decoding it when its first byte
/// past ASCII whitespace is ASCII, as in almost every line of code.
fn blank(line: &str) -> bool {
    match line
        .bytes()
        .find(|b| !b.is_ascii_whitespace() && *b != 0x0b)
    {
        None => true,
        Some(b) if b.is_ascii() => false,
        Some(_) => line.trim().is_empty(),
    }
}

/// A piece placed: the file lines `start..end` it replaces, and what it writes there, as the
/// model wrote each line (`Line::New`) or as the file has it (`Line::Kept`).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Placement {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) out: Vec<Line>,
    /// Model columns to file columns.
    pub(super) shift: isize,
    /// The piece's lines the file holds there: (piece line, file line), in order.
    pub(super) pairs: Vec<(usize, usize)>,
}

/// One line a placement writes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Line {
    /// The file's line, byte for byte.
    Kept(usize),
    /// The piece's line (its index in the piece), re-indented by the shift.
    New(usize),
}

/// Where a piece may stand: the one place, or every place it fits (each with its edge checks'
/// answer), for the pieces after it to decide between.
pub(super) enum Places {
    One(Placement),
    Several(Vec<Result<Placement, Refusal>>, Refusal),
}

/// Pieces with more places than this are refused as ambiguous at once rather than tried with
/// the pieces after them: a line such as `}` fits hundreds of places, and the search
/// ([`super::order`]) that tries each costs a placement of every later piece per place.
const MAX_TRIED: usize = 16;

/// Place `piece` at or after file line `from`; `scope` is the file line that opens the block
/// the previous piece ended with (`class S:`, `impl Foo {`), if it did: the marker before the
/// piece then stands for lines inside that block.
pub(super) fn place(
    file: &File<'_>,
    piece: &Piece<'_>,
    from: usize,
    scope: Option<usize>,
) -> Result<Places, Refusal> {
    let lines = &piece.lines;
    let nb: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].trim().is_empty())
        .collect();
    let held: Vec<usize> = nb
        .iter()
        .copied()
        .filter(|&i| !file.occurrences(lines[i], from).is_empty())
        .collect();
    let Some(&f) = held.first() else {
        return Err(piece.refuse(Why::NotInFile, nb.first().copied().unwrap_or(0), vec![]));
    };
    let (valid, last, crossing) = candidates(file, piece, &held, from, scope);
    // A window that holds another valid window is not where the piece stands when the smaller
    // one keeps every line of the piece the file holds and changes something there: the
    // larger would delete the lines between by omission (`x`, `y` shown, the file
    // `x ... x z y`: the second `x`, deleting `z`). When the smaller window changes nothing
    // (the piece deletes a copy of its own lines) or leaves a line the file holds as new, the
    // places stay open and the piece is refused as ambiguous.
    let whole = |q: &Placement, held: usize| {
        let paired = q.pairs.len() == held;
        let changes = q
            .out
            .iter()
            .any(|l| matches!(l, Line::New(i) if !lines[*i].trim().is_empty()))
            || q.pairs
                .windows(2)
                .any(|w| (w[0].1 + 1..w[1].1).any(|i| !file.blank(i)));
        paired && changes
    };
    // And only when the smaller one deletes lines on the side where the two differ: both
    // then read "delete between these lines", the nearer extent wins. When the piece's lines
    // stand together at the smaller place, it cannot tell a deletion meant at the larger one
    // from none. Measured on the stand-in corpus: pruning without this condition merged 2 of
    // its cases wrong; with it, those are refused along with 19 it had merged right.
    let deletes = |q: &Placement, k: usize| {
        q.pairs.len() >= 2 && (q.pairs[k].1 + 1..q.pairs[k + 1].1).any(|i| !file.blank(i))
    };
    let inner = |p: &Placement, (q, held): (&Placement, usize)| {
        p.start <= q.start
            && q.end <= p.end
            && (q.start, q.end) != (p.start, p.end)
            && whole(q, held)
            && (p.start == q.start || deletes(q, 0) || rejoins(file, p.start, q.start))
            && (p.end == q.end
                || deletes(q, q.pairs.len().saturating_sub(2))
                || rejoins(file, q.end - 1, p.end - 1))
    };
    let nested: Vec<bool> = valid
        .iter()
        .map(|p| {
            valid
                .iter()
                .zip(&last)
                .any(|(q, &(_, held))| inner(p, (q, held)))
        })
        .collect();
    let mut valid: Vec<(Placement, usize)> = valid
        .into_iter()
        .zip(last)
        .zip(nested)
        .filter(|(_, nested)| !nested)
        .map(|((p, (l, _)), _)| (p, l))
        .collect();
    let best = best_explained(
        file,
        piece,
        &valid.iter().map(|(p, _)| p).collect::<Vec<_>>(),
    );
    if let Some(best) = best {
        valid = vec![valid.swap_remove(best)];
    }
    match valid.len() {
        0 if !crossing.is_empty() => Err(piece.refuse(Why::CrossesScope, f, crossing)),
        0 => Err(piece.refuse(Why::NotInFile, f, vec![])),
        1 => {
            let (p, l) = valid.pop().expect("one placement");
            finish(file, piece, &held, p, (f, l), (from, scope)).map(Places::One)
        }
        n => {
            let refusal = piece.refuse(
                Why::Ambiguous,
                f,
                valid.iter().map(|(p, _)| p.start).collect(),
            );
            if n > MAX_TRIED {
                return Err(refusal);
            }
            let each = valid
                .into_iter()
                .map(|(p, l)| finish(file, piece, &held, p, (f, l), (from, scope)))
                .collect();
            Ok(Places::Several(each, refusal))
        }
    }
}

/// A place's checks on the lines around it: a first line that may be new, new edge lines
/// that may be edits of the file's neighbouring lines.
fn finish(
    file: &File<'_>,
    piece: &Piece<'_>,
    held: &[usize],
    mut p: Placement,
    (f, l): (usize, usize),
    (from, scope): (usize, Option<usize>),
) -> Result<Placement, Refusal> {
    first_line_clear(file, piece, held, &p, (from, scope))?;
    edges_clear(file, piece, &mut p, (f, l), from)?;
    Ok(p)
}

/// Whether the file's lines strictly between lines `a` and `b` hold one shallower than both:
/// a window reaching from `a` to `b` would delete the end of one block and the start of the
/// next, joining two blocks into one. A copy of a piece's edge line in another block (a
/// second `def __str__(self):` a class earlier) is not where the piece stands when a place
/// without that far reach fits it: a model deletes whole blocks by omission, not the seam
/// between two.
fn rejoins(file: &File<'_>, a: usize, b: usize) -> bool {
    let floor = file.depth(a).min(file.depth(b));
    (a + 1..b).any(|i| !file.blank(i) && file.depth(i) < floor)
}

/// The windows where the piece fits when its first line the file holds (`held[0]`) starts
/// them: each window's placement, the piece's last line paired there with how many of its
/// lines up to that one the file holds, and the starts refused because the
/// marker before the piece would stand for lines outside its block.
#[allow(clippy::type_complexity)]
fn candidates(
    file: &File<'_>,
    piece: &Piece<'_>,
    held: &[usize],
    from: usize,
    scope: Option<usize>,
) -> (Vec<Placement>, Vec<(usize, usize)>, Vec<usize>) {
    let lines = &piece.lines;
    let mut valid: Vec<Placement> = Vec::new();
    let mut last: Vec<(usize, usize)> = Vec::new();
    let mut crossing: Vec<usize> = Vec::new();
    let Some(&f) = held.first() else {
        return (valid, last, crossing);
    };
    let first_code = (0..lines.len())
        .find(|&i| !lines[i].trim().is_empty())
        .unwrap_or(f);
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
        let copies = (f..l)
            .filter(|&i| {
                loose_key(lines[i]) == loose_key(lines[l])
                    && indent_width(lines[i]) == indent_width(lines[l])
            })
            .count();
        let same_as_first = loose_key(lines[f]) == loose_key(lines[l])
            && indent_width(lines[f]) == indent_width(lines[l]);
        let end = if l == f {
            Some(s)
        } else {
            file.occurrences(lines[l], s + 1)
                .iter()
                .copied()
                .filter(|&t| file.depth(t) - indent_width(lines[l]) as isize == shift)
                .nth(copies.saturating_sub(usize::from(same_as_first)))
        };
        let Some(t) = end else { continue };
        let Some(mut p) = align(file, piece, (f, l), (s, t), shift) else {
            continue;
        };
        // The lines the marker before the piece stands for stay inside its block: none is
        // shallower than both the marker and the piece's first line (`...` in a function body
        // never stretches over the next function to a `return` there).
        // (A marker before the first piece stands for everything before it.)
        if let Some(marker) = piece.marker_before.filter(|_| piece.index > 0) {
            let floor = (marker as isize).min(indent_width(lines[first_code]) as isize) + shift;
            // (After a block's opening line the marker stands for lines of that block, at
            // whatever depth it is written: `class S:`, a marker in a method, a method's line.)
            let floor = scope.map_or(floor, |o| floor.min(file.depth(o) + 1));
            if (from..s).any(|i| !file.blank(i) && file.depth(i) < floor) {
                crossing.push(s);
                continue;
            }
        }
        p.start = s;
        p.end = t + 1;
        valid.push(p);
        last.push((l, held.iter().filter(|&&i| i <= l).count()));
    }
    (valid, last, crossing)
}

/// The piece's first paired line, paired across deleted lines with the next one and nothing
/// new between them, reads as well as a new line that equals a file line: the rest of the
/// piece then stands where it first fits after `from`. When the rest fits as well before the
/// first line's place, the two readings put the change in different places and the piece is
/// refused as ambiguous (marker, `def f(x):` written new, `def f(x):` shown: the new line
/// pairs with a later copy of itself and the lines after that copy would be deleted). Places
/// of the rest inside the deleted lines are not counted: there the first line is the file's,
/// and it deletes up to the rest (on the stand-in corpus counting them or not made no
/// difference).
fn first_line_clear(
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
    let (others, _, _) = candidates(file, piece, &rest, from, scope);
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

/// Of several places a piece fits, the one that explains it best, if one does: it pairs
/// strictly more of the piece's lines with the file than every other place, and changes no
/// more lines (the piece's lines written as new plus the file's lines deleted) than any of
/// them. The lines one place pairs that another does not are lines the other writes as new
/// while the file holds them elsewhere (`def __str__` twice in a file, the piece's body lines
/// only under the second). When places pair as many lines, or the one that pairs more
/// changes more (a far `}` whose window holds another `}` the piece shows, deleting what lies
/// between), both readings stay open: `None`, and the piece is refused as ambiguous.
///
/// Nor does it win over a place where those lines are a copy of the block beside it: a model
/// that adds a variant of the function above writes that function's lines again, and the
/// other place (the function above, its header replaced) explains the piece better only by
/// counting them ([`NEAR_COPY`]).
fn best_explained(file: &File<'_>, piece: &Piece<'_>, places: &[&Placement]) -> Option<usize> {
    if places.len() < 2 {
        return None;
    }
    let lines = &piece.lines;
    let shown = lines.iter().filter(|l| !l.trim().is_empty()).count();
    let scored: Vec<(usize, usize)> = places
        .iter()
        .map(|p| {
            let code = (p.start..p.end).filter(|&i| !file.blank(i)).count();
            let paired = p.pairs.len();
            (paired, (shown + code).saturating_sub(2 * paired))
        })
        .collect();
    let most = scored.iter().map(|s| s.0).max()?;
    let mut top = (0..scored.len()).filter(|&i| scored[i].0 == most);
    let best = top.next()?;
    if top.next().is_some() {
        return None;
    }
    let cost = scored[best].1;
    if scored.iter().any(|s| s.1 < cost) {
        return None;
    }
    let w = places[best];
    // Its change must be new code, or a deletion: new lines that are all copies of lines the
    // file holds are what a stale piece at a look-alike place writes (`"code": "too_big"`
    // matched in another test's block, its `"origin"` line written again).
    let written: Vec<usize> = w
        .out
        .iter()
        .filter_map(|l| match *l {
            Line::New(i) if !lines[i].trim().is_empty() => Some(i),
            _ => None,
        })
        .collect();
    if !written.is_empty() && written.iter().all(|&i| file.holds(lines[i])) {
        return None;
    }
    let copies_near = |o: &Placement| {
        let extra: Vec<usize> = w
            .pairs
            .iter()
            .map(|&(i, _)| i)
            .filter(|i| !o.pairs.iter().any(|(j, _)| j == i))
            .collect();
        let (lo, hi) = (o.start.saturating_sub(shown), o.end + shown);
        let near = extra
            .iter()
            .filter(|&&i| {
                file.occurrences(lines[i], lo)
                    .first()
                    .is_some_and(|&q| q < hi)
            })
            .count();
        near * NEAR_COPY.1 >= extra.len() * NEAR_COPY.0
    };
    let copied = places
        .iter()
        .enumerate()
        .any(|(k, o)| k != best && copies_near(o));
    (!copied).then_some(best)
}

/// The share of a place's new lines (those another place pairs) that the file holds within a
/// piece's length of it for the place to read as a copy of its neighbouring block: half. (In
/// the stand-in corpus's copied blocks every such line is near; where the piece belongs
/// elsewhere, the near ones are generic lines such as `else:` or `}`.)
const NEAR_COPY: (usize, usize) = (1, 2);

/// The piece's lines `f..=l` aligned with the file's `s..=t`, with its lines before `f` and
/// after `l` as new lines on either side; `None` when its first and last unchanged lines do
/// not pair with the window's edges.
fn align(
    file: &File<'_>,
    piece: &Piece<'_>,
    (f, l): (usize, usize),
    (s, t): (usize, usize),
    shift: isize,
) -> Option<Placement> {
    let lines = &piece.lines;
    let pn: Vec<usize> = (f..=l).filter(|&i| !lines[i].trim().is_empty()).collect();
    let fw: Vec<usize> = (s..=t).filter(|&i| !file.blank(i)).collect();
    let pl: Vec<&str> = pn.iter().map(|&i| lines[i]).collect();
    let fl: Vec<&str> = fw.iter().map(|&i| file.lines[i]).collect();
    // The window's edges are the piece's first and last unchanged lines (found there by their
    // keys); the diff pairs the lines between. (Left to the diff, a last `)` pairs with the
    // first of two `)` lines closing there, and the window would not end where it was found.)
    let mut pairs: Vec<(usize, usize)> = vec![(f, s)];
    if l > f {
        // (`pl` and `fl` start at `f` and `s` and end at `l` and `t`.)
        for op in loose_diff(&pl[1..pl.len() - 1], &fl[1..fl.len() - 1]) {
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

/// The piece's new lines at an edge that meets a marker (or the snippet's end) must not read
/// as an edited version of the file's line beyond that edge: replace or insert is unclear,
/// unless they rewrite the file's lines beyond the marker in full ([`edge_rewrite`]): then
/// the placement reaches over those lines and replaces them.
fn edges_clear(
    file: &File<'_>,
    piece: &Piece<'_>,
    p: &mut Placement,
    (f, l): (usize, usize),
    from: usize,
) -> Result<(), Refusal> {
    let lines = &piece.lines;
    let code = |r: std::ops::Range<usize>| -> Vec<usize> {
        r.filter(|&i| !lines[i].trim().is_empty()).collect()
    };
    let (leading, trailing) = (code(0..f), code(l + 1..lines.len()));
    // (One more of the file's lines beyond the edge than the piece has new lines there: the
    // model rewriting the last two lines a marker stands for writes two, and a rewritten line
    // may follow one it left out.)
    let before: Vec<usize> = (from..p.start)
        .rev()
        .filter(|&i| !file.blank(i))
        .take(leading.len() + usize::from(!leading.is_empty()))
        .collect();
    let after: Vec<usize> = (p.end..file.lines.len())
        .filter(|&i| !file.blank(i))
        .take(trailing.len() + usize::from(!trailing.is_empty()))
        .collect();
    let at_marker = [piece.marker_before.is_some(), piece.marker_after];
    for (side, (new, beyond)) in [(leading, before), (trailing, after)]
        .into_iter()
        .enumerate()
    {
        let like = new.iter().find_map(|&i| {
            beyond
                .iter()
                .find(|&&n| {
                    resembles(lines[i], file.lines[n]) || carries_words(lines[i], file.lines[n])
                })
                .map(|&n| (i, n))
        });
        let Some((i, n)) = like else { continue };
        let range = if side == 0 {
            from..p.start
        } else {
            p.end..file.lines.len()
        };
        let texts: Vec<&str> = new.iter().map(|&i| lines[i]).collect();
        match edge_rewrite(file, &texts, range, side == 0).filter(|_| at_marker[side]) {
            Some(q) if side == 0 => p.start = q,
            Some(q) => p.end = q + 1,
            None => return Err(piece.refuse(Why::EditedEdge, i, vec![n])),
        }
    }
    Ok(())
}

/// Whether `new` holds every word of `old`, in order, and `old` has at least
/// [`CARRIED_WORDS`] of them: `inst._def = def;` rewritten as
/// `Object.defineProperty(inst, "_def", { value: def });` beside it (replace or insert?).
fn carries_words(new: &str, old: &str) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let (n, o) = (words(new), words(old));
    if o.len() < CARRIED_WORDS || n == o {
        return false;
    }
    let mut rest = n.iter();
    o.iter().all(|w| rest.any(|x| x == w))
}

/// Fewest words of a file line for [`carries_words`]: with one or two (`return x`, `end`)
/// almost any new line carries them.
const CARRIED_WORDS: usize = 3;

/// Where the file's lines that the piece's new edge lines `new` rewrite in full begin (`before`:
/// the lines right before the piece) or end (after it): the most lines `k` next to the piece
/// whose tokens all stand, in order, in the new lines (the model extended them: arguments
/// added, a statement wrapped), the farthest of which has the same head (call, assignment,
/// declaration) as the first new line, both sides with balanced brackets, while the file's
/// next line beyond resembles none of the new lines (else how far the rewrite reaches is
/// open). `None` when no such run exists: the edge stays a refusal.
///
/// Measured on the snippet stand-in corpus (outside the repository), over every change that
/// meets a marker with no context (124 replacements, 45 insertions): this rewrites 18 of the
/// replacements exactly as meant (11 after the marker, 7 before it), and no insertion or other
/// replacement. Without the next line's check it took 5 replacements wrong (it stopped short
/// of their last lines), without balanced brackets 1 (a call wrapped over 4 lines, rewritten
/// on 2). An added twin (`case X:` beside `case Y:`, an overload beside its original) does not
/// qualify: a twin replaces words rather than adding them.
fn edge_rewrite(
    file: &File<'_>,
    new: &[&str],
    range: std::ops::Range<usize>,
    before: bool,
) -> Option<usize> {
    let beyond: Vec<usize> = if before {
        range.rev().filter(|&i| !file.blank(i)).collect()
    } else {
        range.filter(|&i| !file.blank(i)).collect()
    };
    let joined = new.join(" ");
    let mut best = None;
    for k in 1..=beyond.len().min(new.len() + 2) {
        let mut run: Vec<usize> = beyond[..k].to_vec();
        if before {
            run.reverse();
        }
        let old = run
            .iter()
            .map(|&q| file.lines[q])
            .collect::<Vec<_>>()
            .join(" ");
        if rewrites(&old, &joined) && same_head(new[0], file.lines[run[0]]) {
            best = Some(k);
        }
    }
    let k = best?;
    let next = *beyond.get(k)?;
    if new.iter().any(|l| resembles(l, file.lines[next])) {
        return None;
    }
    Some(beyond[k - 1])
}

/// Where a piece none of whose lines the file holds goes, when it follows a marker right after
/// a line that opens a block (`class S:`, `impl Foo {`) and ends the snippet: at the end of
/// that block, after the code the marker stands for (or after the block's closing line when
/// the piece is written at the block's own depth).
pub(super) fn end_of_scope(
    file: &File<'_>,
    piece: &Piece<'_>,
    opener: usize,
    shift: isize,
) -> Result<Placement, Refusal> {
    let lines = &piece.lines;
    let first = (0..lines.len())
        .find(|&i| !lines[i].trim().is_empty())
        .unwrap_or(0);
    let last = (0..lines.len())
        .rfind(|&i| !lines[i].trim().is_empty())
        .unwrap_or(0);
    let open = || piece.refuse(Why::OpenMarker, first, vec![opener]);
    let depth = file.depth(opener);
    let n = file.lines.len();
    let marker = piece.marker_before.ok_or_else(open)? as isize + shift;
    let body = (opener + 1..n).find(|&i| !file.blank(i));
    if marker <= depth || body.is_none_or(|b| file.depth(b) <= depth) {
        return Err(open());
    }
    let close = (opener + 1..n)
        .find(|&i| !file.blank(i) && file.depth(i) <= depth)
        .unwrap_or(n);
    let last_body = (opener + 1..close)
        .rev()
        .find(|&i| !file.blank(i))
        .ok_or_else(open)?;
    let closer = close < n && {
        let t = file.lines[close].trim_start();
        file.depth(close) == depth
            && (t.starts_with(['}', ')', ']']) || t == "end" || t.starts_with("end "))
    };
    let outside = indent_width(lines[first]) as isize + shift <= depth;
    let at = if outside && closer {
        close + 1
    } else {
        last_body + 1
    };
    let neighbour = at - 1;
    if line_similarity(lines[first], file.lines[neighbour]) >= EDITED_EDGE {
        return Err(piece.refuse(Why::EditedEdge, first, vec![neighbour]));
    }
    Ok(Placement {
        start: at,
        end: at,
        out: (0..=last).map(Line::New).collect(),
        shift,
        pairs: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn blank_is_trim_empty(line in "[ \\t\\x0b\\x0c\\r\\u{a0}\\u{85}\\u{3000}\\u{1c}a;\u{e9}]{0,6}") {
            proptest::prop_assert_eq!(blank(&line), line.trim().is_empty());
        }
    }

    #[test]
    fn the_index_finds_each_line_by_its_loose_key() {
        let lines = vec!["a  =  1", "", "  \u{3000}", "b = 2", "a = 1", "x\u{a0}y"];
        let file = File::new(lines);
        assert_eq!(file.occurrences("a = 1", 0), &[0, 4]);
        assert_eq!(file.occurrences("a = 1", 1), &[4]);
        assert!(file.holds("  b = 2"));
        assert!(!file.holds(""));
        assert!(file.blank(2) && !file.blank(5));
    }
}
