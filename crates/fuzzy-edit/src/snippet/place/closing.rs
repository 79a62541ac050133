//! A piece that ends with the closing lines of blocks the snippet opened (`}` after a marker,
//! the way models end nearly every brace-language snippet): those lines pair with the ends of
//! the open blocks, found from the file's indentation ([`block_end`]), and the piece's lines
//! before them are new code at the end of the innermost block.
//!
//! A line such as `}` occurs everywhere in a file, so searched for alone it fits every place;
//! after `impl Foo {` (or `function f(x) {` and a shown line), then a marker, the block that
//! line closes is the one still open there, and its end is one line.

use super::{edges::end_of_scope, File, Line, Placement, EDITED_EDGE};
use crate::align::line_similarity;
use crate::artifacts::bracket_balance;
use crate::normalize::{indent_width, loose_key};
use crate::snippet::block_end::{block_end, closes};
use crate::snippet::{Piece, Refusal, Why};

/// Where `piece` goes when it ends with closing lines (`}`, `};`, `)`) or is new code alone,
/// its first line of code is new and like no line of the block, and the previous pieces (`placed`, ending at
/// file line `from`) opened blocks still open there:
///
/// - its trailing closing lines that the lines before them leave unbalanced close those
///   blocks, innermost first: they pair with the blocks' closing lines (same text, same depth,
///   consecutive in the file), and the lines before them are new, written after the innermost
///   block's last line (`impl Foo {`, marker, a new `fn` with its own `}`, then `}`);
/// - with no such closing line, a piece that ends the snippet right after a block's opening
///   line and a marker goes at the end of that block ([`end_of_scope`]).
///
/// `None` when the piece is not of this shape (the search by shown lines decides it).
pub(super) fn closing_scope(
    file: &File<'_>,
    piece: &Piece<'_>,
    placed: &[Placement],
    from: usize,
    ends_snippet: bool,
) -> Option<Result<Placement, Refusal>> {
    let prev = placed.last()?;
    piece.marker_before?;
    let lines = &piece.lines;
    let code: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].trim().is_empty())
        .collect();
    let &first = code.first()?;
    let held = |i: usize| !file.occurrences(lines[i], from).is_empty();
    if closing_only(lines[first]) {
        return leading_closers(file, piece, placed, from, &code);
    }
    // The longest run of closing lines at the end whose lines before it balance their own
    // brackets (the new code's own `}` stays with it).
    let trailing = code
        .iter()
        .rev()
        .take_while(|&&i| closing_only(lines[i]))
        .count();
    let cut = (0..=trailing).rev().find_map(|k| {
        let prefix = &code[..code.len() - k];
        let mut balance = 0i64;
        for &i in prefix {
            balance += bracket_balance(lines[i]);
            if balance < 0 {
                return None;
            }
        }
        (balance == 0).then_some(code.len() - k)
    })?;
    let (new, closers) = code.split_at(cut);
    // The new code opens with a line of its own, like no line of the block it goes in (else
    // it may be an edited version of one: a method's signature changed, its body shown), and
    // holds no line of that block but closing ones (else that line may be the file's).
    let fresh = |opener: usize, end: usize| {
        let in_block = |i: usize| {
            file.occurrences(lines[i], opener + 1)
                .first()
                .is_some_and(|&q| q < end)
        };
        let like = |i: usize| {
            (opener + 1..end)
                .any(|q| !file.blank(q) && line_similarity(lines[i], file.lines[q]) >= EDITED_EDGE)
        };
        new.first().is_none_or(|&i| !held(i) && !like(i))
            && new.iter().all(|&i| closing_only(lines[i]) || !in_block(i))
    };
    if closers.is_empty() {
        let Some(&Line::Kept(opener)) = prev.out.last() else {
            return None;
        };
        let depth = file.depth(opener);
        let end = block_end(&file.lines, opener, depth, |l| indent_width(l) as isize)?;
        return (ends_snippet && fresh(opener, end))
            .then(|| end_of_scope(file, piece, opener, prev.shift));
    }
    let open = open_blocks(file, placed, from);
    // The innermost open block the first closing line can close, then each next closing line
    // on the file's next line of code.
    let depth = |i: usize| indent_width(lines[i]) as isize + prev.shift;
    let same = |i: usize, q: usize| {
        loose_key(lines[i]) == loose_key(file.lines[q]) && file.depth(q) == depth(i)
    };
    let &(opener, end) = open.iter().find(|&&(_, e)| same(closers[0], e))?;
    if !fresh(opener, end) {
        return None;
    }
    let mut ends = vec![end];
    for &i in &closers[1..] {
        let next = (ends[ends.len() - 1] + 1..file.lines.len()).find(|&q| !file.blank(q))?;
        if !same(i, next) || !open.iter().any(|&(_, e)| e == next) {
            return None;
        }
        ends.push(next);
    }
    let last_body = (opener + 1..end).rev().find(|&q| !file.blank(q));
    let (start, out) = match (new.last(), last_body) {
        (None, _) => (end, Vec::new()),
        (Some(_), None) => return Some(Err(piece.refuse(Why::OpenMarker, first, vec![opener]))),
        (Some(&last_new), Some(b)) => {
            if line_similarity(lines[first], file.lines[b]) >= EDITED_EDGE {
                return Some(Err(piece.refuse(Why::EditedEdge, first, vec![b])));
            }
            ((b + 1).max(from), (0..=last_new).map(Line::New).collect())
        }
    };
    let last_end = ends[ends.len() - 1];
    let mut out: Vec<Line> = out;
    out.extend((start..=last_end).map(Line::Kept));
    Some(Ok(Placement {
        start,
        end: last_end + 1,
        out,
        shift: prev.shift,
        pairs: closers.iter().copied().zip(ends).collect(),
    }))
}

/// Whether a line is closing brackets alone (`}`, `};`, `})`, `]),`).
fn closing_only(line: &str) -> bool {
    let t = line.trim();
    closes(t) && t.chars().all(|c| matches!(c, '}' | ')' | ']' | ';' | ','))
}

/// The blocks the placed pieces' file lines open that are still open at file line `from`:
/// (opening line, closing line), innermost first. Only blocks that end with a closing line at
/// their opening line's depth (brace languages). Only a kept line shallower than every kept
/// line after it can open a block still open at the end (one per depth: the scan of each
/// block's end stays within a few passes over the file).
fn open_blocks(file: &File<'_>, placed: &[Placement], from: usize) -> Vec<(usize, usize)> {
    let kept = placed
        .iter()
        .flat_map(|p| p.out.iter())
        .rev()
        .filter_map(|l| match *l {
            Line::Kept(q) if !file.blank(q) => Some(q),
            _ => None,
        });
    let mut floor = isize::MAX;
    let mut open = Vec::new();
    for q in kept {
        let depth = file.depth(q);
        if depth >= floor {
            continue;
        }
        floor = depth;
        let opens = (q + 1..file.lines.len())
            .find(|&i| !file.blank(i))
            .is_some_and(|n| file.depth(n) > depth);
        if !opens {
            continue;
        }
        let Some(end) = block_end(&file.lines, q, depth, |l| indent_width(l) as isize) else {
            continue;
        };
        if end >= from
            && end < file.lines.len()
            && file.depth(end) == depth
            && closes(file.lines[end])
        {
            open.push((q, end));
        }
    }
    open
}

/// The file lines a piece's leading closing lines (`}` right after a marker) pair with: the
/// closing lines of the blocks the previous pieces opened that are still open at `from`,
/// innermost first, on consecutive lines of the file (same text, same depth). Their count in
/// `code` (the piece's lines of code) and the file lines; `None` when the first does not
/// close such a block.
fn closed_blocks(
    file: &File<'_>,
    piece: &Piece<'_>,
    placed: &[Placement],
    from: usize,
    code: &[usize],
) -> Option<Vec<usize>> {
    let prev = placed.last()?;
    piece.marker_before?;
    let lines = &piece.lines;
    let same = |i: usize, q: usize| {
        loose_key(lines[i]) == loose_key(file.lines[q])
            && file.depth(q) == indent_width(lines[i]) as isize + prev.shift
    };
    let open = open_blocks(file, placed, from);
    let &first = code.first()?;
    let &(_, end) = open.iter().find(|&&(_, e)| same(first, e))?;
    let mut ends = vec![end];
    for &i in code[1..].iter().take_while(|&&i| closing_only(lines[i])) {
        let next = (ends[ends.len() - 1] + 1..file.lines.len()).find(|&q| !file.blank(q));
        match next {
            Some(q) if same(i, q) && open.iter().any(|&(_, e)| e == q) => ends.push(q),
            _ => break,
        }
    }
    Some(ends)
}

/// A piece that opens with closing lines of open blocks ([`closed_blocks`]) and goes on with
/// new code of balanced brackets (a function added after the one the snippet showed): the
/// closing lines pair with the file's, the new code follows them. `None` when the lines after
/// the closing ones start with a line the file holds (the search by shown lines places those:
/// anchoring it at the closed block's end merged one stand-in case whose expected file
/// deletes a line under the marker) or leave brackets open.
fn leading_closers(
    file: &File<'_>,
    piece: &Piece<'_>,
    placed: &[Placement],
    from: usize,
    code: &[usize],
) -> Option<Result<Placement, Refusal>> {
    let lines = &piece.lines;
    let ends = closed_blocks(file, piece, placed, from, code)?;
    let rest = &code[ends.len()..];
    if rest
        .first()
        .is_some_and(|&i| !file.occurrences(lines[i], from).is_empty())
    {
        return None;
    }
    let mut balance = 0i64;
    for &i in rest {
        balance += bracket_balance(lines[i]);
        if balance < 0 {
            return None;
        }
    }
    if balance != 0 {
        return None;
    }
    let (start, last_end) = (ends[0], ends[ends.len() - 1]);
    let mut out: Vec<Line> = (start..=last_end).map(Line::Kept).collect();
    if let Some(&last) = rest.last() {
        out.extend((code[ends.len() - 1] + 1..=last).map(Line::New));
    }
    Some(Ok(Placement {
        start,
        end: last_end + 1,
        out,
        shift: placed.last()?.shift,
        pairs: code.iter().copied().zip(ends).collect(),
    }))
}
