//! Of several places a piece fits, the one that explains it best: it pairs the most of the
//! piece's lines (or, tied, the most lines with words in them) and changes least, unless at
//! another place those lines are a copy of the block beside it.

use super::unique::names_code;
use super::{File, Line, Placement};
use crate::normalize::indent_width;
use crate::snippet::Piece;

/// Of several places a piece fits, the one that explains it best, if one does: it pairs
/// strictly more of the piece's lines with the file than every other place, and changes no
/// more lines (the piece's lines written as new plus the file's lines deleted) than any of
/// them. The lines one place pairs that another does not are lines the other writes as new
/// while the file holds them elsewhere (`def __str__` twice in a file, the piece's body lines
/// only under the second). When places pair as many lines, or the one that pairs more
/// changes more (a far `}` whose window holds another `}` the piece shows, deleting what lies
/// between), both readings stay open: `None`, and the piece is refused as ambiguous. Places
/// tied on lines paired are told apart by the lines with words among them: the one place
/// that pairs most of those and changes least wins over windows from `}` to `}` that pair as
/// many brackets (lazy-snippet set +6 exact, other languages +5, none wrong; without the
/// words, by least change alone, an added line beside `});` read as an insertion where the
/// model edited the line there: 5 wrong).
///
/// Nor does it win over a place where those lines are a copy of the block beside it: a model
/// that adds a variant of the function above writes that function's lines again, and the
/// other place (the function above, its header replaced) explains the piece better only by
/// counting them ([`NEAR_COPY`]); a place that pairs brackets alone is no such copy, nor
/// one that would write again a block's first line the file holds once, where this place
/// changes only lines inside that block ([`header_held_once`]; lazy-snippet set +51 exact
/// and +3 sound, other languages +123, none wrong).
pub(super) fn best_explained(
    file: &File<'_>,
    piece: &Piece<'_>,
    places: &[&Placement],
) -> Option<usize> {
    if places.len() < 2 {
        return None;
    }
    let lines = &piece.lines;
    let shown = lines.iter().filter(|l| !l.trim().is_empty()).count();
    let scored: Vec<(usize, usize)> = places
        .iter()
        .map(|p| (p.pairs.len(), p.changed(file, shown)))
        .collect();
    let most = scored.iter().map(|s| s.0).max()?;
    let cost = scored.iter().map(|s| s.1).min()?;
    let top: Vec<usize> = (0..scored.len()).filter(|&i| scored[i].0 == most).collect();
    // (The lines paired that have words in them, not brackets alone.)
    let words: Vec<usize> = places
        .iter()
        .map(|p| {
            p.pairs
                .iter()
                .filter(|&&(i, _)| lines[i].chars().any(char::is_alphanumeric))
                .count()
        })
        .collect();
    let most_words = words.iter().copied().max()?;
    let wtop: Vec<usize> = (0..scored.len())
        .filter(|&i| words[i] == most_words)
        .collect();
    let best = match (&top[..], &wtop[..]) {
        ([b], _) if scored[*b].1 == cost => *b,
        // (Tied on lines paired, the one place that pairs the most lines with words in them
        // and changes least: `fn f() {` .. `const fn g` against windows from `}` to `}`.)
        (_, [b]) if scored[*b].0 == most && scored[*b].1 == cost => *b,
        _ => return None,
    };
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
    let deeper = |n: usize, i: usize| indent_width(lines[n]) > indent_width(lines[i]);
    let deletes_at_an_edge =
        w.first_change_deletes(file, lines, true) || w.first_change_deletes(file, lines, false);
    let copies_near = |o: &Placement| {
        let extra: Vec<usize> = w
            .pairs
            .iter()
            .map(|&(i, _)| i)
            .filter(|&i| !o.pairs_line(i))
            .collect();
        // (The place pairs a block's first line the file holds once, which the other would
        // write again, and changes only lines inside that block: a model writing a variant
        // of the block above renames it, so the other place is no copy. A method's first
        // line under a new `impl` line is copied as it is. Not when the place's first or
        // last change deletes by omission: its edge line may be a farther copy of a generic
        // `}`, the block between deleted. A copy written with its first line unchanged reads
        // as that block edited: a duplicate definition in most languages.)
        if !deletes_at_an_edge
            && extra
                .iter()
                .any(|&i| header_held_once(file, lines[i]) && written.iter().all(|&n| deeper(n, i)))
        {
            return false;
        }
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
    // (A rival that pairs brackets and blank lines alone, `}` here and `}` there, is no
    // neighbouring block the piece was copied from: the lazy-snippet set and the other
    // languages' corpus, 14 and 12 more merged, none wrong.)
    let copied = places
        .iter()
        .enumerate()
        .any(|(k, o)| k != best && words[k] > 0 && copies_near(o));
    (!copied).then_some(best)
}

/// Whether `line` is a line of code the file holds once, long enough to name code
/// ([`names_code`]), that opens a block there (the file's next line of code is deeper): a
/// function's or a test's first line. A model that writes a variant of a block renames it.
pub(super) fn header_held_once(file: &File<'_>, line: &str) -> bool {
    let [at] = file.occurrences(line, 0) else {
        return false;
    };
    names_code(line)
        && (at + 1..file.lines.len())
            .find(|&i| !file.blank(i))
            .is_some_and(|i| file.depth(i) > file.depth(*at))
}

/// The share of a place's new lines (those another place pairs) that the file holds within a
/// piece's length of it for the place to read as a copy of its neighbouring block: half. (In
/// the stand-in corpus's copied blocks every such line is near; where the piece belongs
/// elsewhere, the near ones are generic lines such as `else:` or `}`.)
const NEAR_COPY: (usize, usize) = (1, 2);
