//! The stale-line rule: a line of a placed piece one word apart from the file's line at its
//! place, where that word reads as a stale copy (the file changed since the model read it)
//! rather than an edit.

use super::super::assemble::respaces;
use super::super::place::{File, Placement};
use super::super::{last_code, Piece, Refusal, Why};
use super::text::{one_word_apart, tokens, word_edit};

/// A line of the piece that reads as a stale copy of the file's line at its place (the file
/// changed since the model read it) as much as an edit of it, refused ([`Why::StaleLine`]):
/// - one line between unchanged ones, one word apart from the file's line there, in a piece
///   that changes the file in another place too (a model shows the lines around its change as
///   the file has them), unless every change of the piece is one line with the same one-word
///   edit (a rename made in each place: `fetchActiveBanners()` to `getActiveBanners()` in two
///   calls; the lazy-snippet set and the other-language corpus: 12 and 87 refusals now exact,
///   5 sound, none wrong; any other line of the piece making the same edit, even beside a
///   different change, gained 16 and 15 more, but a stale copy of a file renamed in two places
///   beside the model's own change would read as a rename);
/// - the first or last line of a change of several lines, one word apart from the file line it
///   replaces (the change's edge or a stale line beside it: unclear), unless another line of
///   the change makes the same one-word edit ([`repeated_edit`]: a rename across the lines)
///   or holds that file line whole ([`kept_whole`]: the line is kept there, extended);
/// - the piece's last shown line paired across deleted lines of which the nearest is one
///   word apart from it: the copy it was meant to match is that stale line, not a far one
///   with the lines between deleted, when two or more are (one deleted line next to it is a
///   deletion between shown lines: `from ._compat import get_filesystem_encoding` removed
///   above `from ._compat import open_stream`; on the stand-in corpus 3 apply cases merge
///   right with this, and the 3 must-refuse stale last lines this reading refuses stay
///   refused). (Character similarity instead, as for an edited edge, refused plain deletions
///   of short lines alike: `b = 2`, `d = 4` around `c = 3`.)
///
/// Measured on the lazy-snippet stand-in corpus (1,112 apply and 285 must-refuse cases, outside
/// the repository): with the three, all 37 stale lines in the middle of a piece are refused
/// (20 were merged as edits without them) and 3 more of the stale first or last lines; the
/// second costs 31 apply cases that merge right without it (a real change whose edge line
/// differs by one word from the line it replaces looks the same; 6 of them are won back by
/// [`repeated_edit`]) and keeps 16 must-refuse stale lines beside a change refused, the first
/// costs 7 and keeps 5. The same check on the piece's
/// first shown line kept no must-refuse case refused and cost 3 apply cases: dropped.
pub(in crate::snippet) fn stale_line(
    file: &File<'_>,
    piece: &Piece<'_>,
    p: &Placement,
) -> Result<(), Refusal> {
    let code = |i: usize| !piece.lines[i].trim().is_empty();
    let (Some(&(f, _)), Some(&(l, _))) = (p.pairs.first(), p.pairs.last()) else {
        return Ok(());
    };
    let stale = |n: usize, g: usize| Err(piece.refuse(Why::StaleLine, n, vec![g]));
    let mut runs =
        usize::from((0..f).any(code)) + usize::from((l + 1..piece.lines.len()).any(code));
    let mut single = Vec::new();
    let last = p.pairs.len().saturating_sub(2);
    for (k, w) in p.pairs.windows(2).enumerate() {
        let [(x, a), (y, b)] = [w[0], w[1]];
        let new: Vec<usize> = (x + 1..y).filter(|&i| code(i)).collect();
        let gone: Vec<usize> = (a + 1..b).filter(|&q| !file.blank(q)).collect();
        if new.is_empty() && gone.is_empty() {
            continue;
        }
        // A removal note there says the lines between are deleted: no stale reading.
        if new.is_empty() && piece.notes.iter().any(|&n| x < n && n <= y) {
            runs += 1;
            continue;
        }
        runs += 1;
        match (new.as_slice(), gone.as_slice()) {
            ([n], [g]) => single.push((*n, *g)),
            ([n0, ..], [g0, ..]) => {
                let (n1, g1) = (new[new.len() - 1], gone[gone.len() - 1]);
                // The run's other lines, paired by position from the same end (line for line
                // only: a run of 2 new lines over 27 file lines pairs nothing by position).
                let m = if new.len() == gone.len() {
                    new.len()
                } else {
                    0
                };
                let first_rest = (1..m).map(|t| (new[t], gone[t]));
                let last_rest = (1..m).map(|t| (new[m - 1 - t], gone[m - 1 - t]));
                if one_word_apart(piece.lines[*n0], file.lines[*g0])
                    && !repeated_edit(file, piece, (*n0, *g0), first_rest)
                    && !kept_whole(file.lines[*g0], *n0, &new, piece)
                {
                    return stale(*n0, *g0);
                }
                if one_word_apart(piece.lines[n1], file.lines[g1])
                    && !repeated_edit(file, piece, (n1, g1), last_rest)
                    && !kept_whole(file.lines[g1], n1, &new, piece)
                {
                    return stale(n1, g1);
                }
            }
            // (One deleted line is a deletion: its stale reading would have the file hold
            // the shown line twice in a row.)
            ([], [g0, _, ..])
                if k == last
                    && l == last_code(piece)
                    && one_word_apart(piece.lines[y], file.lines[*g0]) =>
            {
                return stale(y, *g0);
            }
            _ => {}
        }
    }
    // (Lines the piece shows re-spaced are changes of it too: a run each, or one for
    // several in a row.)
    let mut prev_respaced = false;
    for &(i, q) in &p.pairs {
        let now = respaces(piece.lines[i], file.lines[q]);
        runs += usize::from(now && !prev_respaced);
        prev_respaced = now;
    }
    if runs < 2 {
        return Ok(());
    }
    // (Every change of the piece one line with the same one-word edit: a rename made in
    // each place, no stale copy.)
    if single.len() == runs {
        let edit = |&(n, g): &(usize, usize)| word_edit(piece.lines[n], file.lines[g]);
        let first = edit(&single[0]);
        if first.is_some() && single[1..].iter().all(|s| edit(s) == first) {
            return Ok(());
        }
    }
    match single
        .iter()
        .copied()
        .find(|&(n, g)| one_word_apart(piece.lines[n], file.lines[g]))
    {
        Some((n, g)) => stale(n, g),
        None => Ok(()),
    }
}

/// Whether the one-word edit from file line `g` to piece line `n` is made again in another
/// line of the run (`rest`: piece line and the file line it replaces, paired by position): the
/// same word replaced by the same word, or the same word added or dropped (`internal` to
/// `detail`, `unsigned` to `int`, an `f` before each string). A model renaming or rewriting a
/// block edits its lines alike; a stale copy is one line, changed by someone else.
///
/// Measured on the lazy-snippet stand-in corpus (1,112 apply and 285 must-refuse cases,
/// outside the repository): of the 31 apply cases the change-edge reading refused that merge
/// right without it, 6 make their edge line's edit again in the run (a rename across the
/// lines, `f` added to each string); none of the 16 must-refuse stale lines beside a change
/// does. Other readings measured there cost must-refuse cases: the run's other lines also near
/// edits (similarity >= 0.5: 21 apply gained, 7 must-refuse applied), another line of the run
/// one word apart with any edit (12 gained, 2 applied; with runs of equal length 11 and 1),
/// runs of equal length alone (19 gained, 5 applied).
fn repeated_edit(
    file: &File<'_>,
    piece: &Piece<'_>,
    (n, g): (usize, usize),
    mut rest: impl Iterator<Item = (usize, usize)>,
) -> bool {
    let Some(edit) = word_edit(piece.lines[n], file.lines[g]) else {
        return false;
    };
    rest.any(|(n2, g2)| word_edit(piece.lines[n2], file.lines[g2]).as_ref() == Some(&edit))
}

/// Whether another new line of the run than `edge` is the file line `old` with a comma added
/// or dropped at its end, or holds it whole, its tokens
/// in a row with others around them (`} else if ("startsWith" in v) {` for
/// `if ("startsWith" in v) {`, `utils.isBlob(data) ||` for `utils.isBlob(data)`), and `old` has
/// [`KEPT_WORDS`] words or more: the file line is kept there, extended, so the model read it
/// as the file has it, and the edge line one word apart from it is a new line, not a stale
/// copy of it (that reading would keep the file line and write it again, extended, beside it).
///
/// Measured on the lazy-snippet stand-in corpus and its nine other draws (outside the
/// repository): 25 apply cases refused as `stale_line` merge exact (4 distinct changes drawn
/// again: an `if` turned into an `else if` below a new branch, a condition continued with
/// `||`, an `#include` wrapped in `#if`, a line copied with a comment), 0 wrong, 0 must-refuse
/// case applied; the gate unchanged case for case. (Every token of the file line in order,
/// gaps allowed, gained the same 25 but would also read `assert total == f(items)` as keeping
/// `total = f(items)`.)
fn kept_whole(old: &str, edge: usize, new: &[usize], piece: &Piece<'_>) -> bool {
    // (A line of a list kept with a comma added or dropped, items written after it: `FSTDEP024`
    // as `FSTDEP024,` above a new `FSTDEP025`, however short the line.)
    fn bare(l: &str) -> &str {
        l.trim().trim_end_matches(',').trim_end()
    }
    let old_bare = bare(old);
    let listed = new.iter().any(|&i| {
        i != edge && bare(piece.lines[i]) == old_bare && piece.lines[i].trim() != old.trim()
    });
    if listed {
        return true;
    }
    let old = tokens(old);
    let words = old
        .iter()
        .filter(|t| t.chars().any(|c| c.is_alphanumeric() || c == '_'))
        .count();
    words >= KEPT_WORDS
        && new.iter().any(|&i| {
            i != edge
                && tokens(piece.lines[i])
                    .windows(old.len())
                    .any(|w| w == old.as_slice())
        })
}

/// Fewest words of a file line for another line holding it to keep it ([`kept_whole`]): a
/// line of one or two (`return x;`, `i += 1;`) stands inside many lines that keep nothing of it.
const KEPT_WORDS: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_word_apart_counts_tokens() {
        assert!(one_word_apart("let a = f(x, 1);", "let a = f(x, 2);"));
        assert!(!one_word_apart("let a = f(x);", "let a = f(x, );"));
        assert!(!one_word_apart("let a = f(x);", "let a = f(x);"));
        assert!(!one_word_apart("let a = f(x, 1);", "let b = f(y, 1);"));
        assert!(one_word_apart("x", "y"));
        // A comma or semicolon alone is reformatting, not a stale copy.
        assert!(!one_word_apart("  { name: 'tj' }", "  { name: 'tj' },"));
        assert!(!one_word_apart(
            "var a = require('a')",
            "var a = require('a');"
        ));
        assert!(one_word_apart("  { name: 'tj' }", "  { name: 'tk' }"));
    }

    use crate::snippet::tests::merged_why as merged;

    #[test]
    fn commas_moved_to_the_front_of_each_line_are_an_edit() {
        let file = "var users = [
    { name: 'tj' },
    { name: 'al' },
    { name: 'bo' }
];

run(users);
";
        let snippet = "// ...
var users = [
    { name: 'tj' }
  , { name: 'al' }
  , { name: 'bo' }
];
// ...
";
        assert_eq!(
            merged(file, snippet).unwrap(),
            "var users = [
    { name: 'tj' }
  , { name: 'al' }
  , { name: 'bo' }
];

run(users);
"
        );
        // A semicolon dropped at a change's edge is reformatting; a number changed there
        // reads as a stale copy as much as an edit.
        let file = "a();\nb();\nlimit(1);\nc();\n";
        assert_eq!(
            merged(file, "a();\nb();\nlimit(1)\nadded();\nc();").unwrap(),
            "a();\nb();\nlimit(1)\nadded();\nc();\n"
        );
        let snippet = "a();\nb();\nlimit(2);\nadded();\nc();";
        assert_eq!(merged(file, snippet).unwrap_err(), Why::StaleLine);
    }

    #[test]
    fn one_deleted_line_beside_a_look_alike_is_a_deletion() {
        let file = "from .c import a
from .c import b
from .c import c
from .c import d

x = 1
";
        let snippet = "# ...
from .c import a
from .c import c
from .c import d
# ...
";
        assert_eq!(
            merged(file, snippet).unwrap(),
            "from .c import a
from .c import c
from .c import d

x = 1
"
        );
        // Two lines deleted, the nearest one word from the shown last line: stale reading.
        let file = "from .c import a
from .c import b
from .c import c2
x = 1
from .c import c
";
        let snippet = "# ...
from .c import a
from .c import c
# ...
";
        assert_eq!(merged(file, snippet).unwrap_err(), Why::StaleLine);
    }
}
