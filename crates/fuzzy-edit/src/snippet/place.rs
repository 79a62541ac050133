//! Where each piece of a lazy snippet stands in the file: its unchanged lines found in order,
//! after the previous piece, at one depth shift; every other place it could stand is a reason
//! to refuse.
//!
//! A piece is aligned with a window of the file that starts at its first line the file holds
//! and ends at its last one (a line diff by loose keys between them), so lines of the file
//! missing between two shown lines are deleted, and the piece's other lines are new. Its new
//! lines at an edge that meets a marker go right beside the unchanged line, unless they read
//! as an edited version of the file's line on the other side ([`EDITED_EDGE`]). A window that
//! holds another, deleting by omission what the smaller one keeps, gives way to it where
//! `nested` says so; a window that deletes a distinctive line the piece shows, to write it
//! again, gives way to one that keeps it (`keeping_distinctive`). Of several windows, the one
//! that pairs more of the piece's lines wins only when it changes less too (`best_explained`);
//! else, of windows nested around one line the file holds once, the nearest
//! (`nearest_pinned`). The one place left then meets the windows ending at nearer copies of
//! the piece's last line (`window::nearer`), and a copy of its region where the file holds
//! too few copies of that line to count a window (`Windows::twins`): a reading as good is a
//! reason to refuse. A first line that may be new rather than a later copy of
//! itself is refused (`first_line_clear`). A piece that fits only past the end of the block
//! the snippet was in stands there only on the conditions of `across`.

use std::borrow::Cow;
use std::collections::HashMap;

use super::{Piece, Refusal, Why};
use crate::normalize::{indent_width, loose_hash, loose_key, HashBits};

mod across;
mod at_depth;
mod attached;
mod closing;
mod conditionals;
mod edges;
mod explained;
mod nested;
mod numbered;
mod order;
mod pinned;
mod unique;
mod window;
use across::across;
use at_depth::one_at_depth;
use attached::attached_above;
use edges::{edges_clear, end_of_scope};
use explained::best_explained;
pub(super) use order::place_all;
use pinned::nearest_pinned;
use unique::{distinctive_only, keeping_distinctive};
use window::{candidates, first_line_clear, Windows};

pub(super) use crate::thresholds::EDITED_EDGE;

/// The file as the placement reads it.
pub(super) struct File<'a> {
    pub(super) lines: Vec<&'a str>,
    /// Where each loose key asked for stands, in order: the keys of the snippet's lines
    /// ([`File::for_snippet`]), or of every non-blank line ([`File::new`]). Keys borrow the
    /// line when it is its own key (most lines of code), and the hash is foldhash: with a copy
    /// of every key and SipHash, indexing a 100k-line file took 150 M instructions (callgrind).
    index: Index<'a>,
    /// The keys `index` was built for (`None`: every key); a key outside them is looked up in
    /// `every`, the index of every line, built the first time one is asked for.
    wanted: Option<std::collections::HashSet<Cow<'a, str>, foldhash::fast::RandomState>>,
    every: std::cell::OnceCell<Index<'a>>,
    /// Removal notes told from edited comments so far (`pieces::is_note`).
    note_scans: std::cell::Cell<usize>,
}

/// Removal notes told from edited comments, at most, for one snippet: a snippet holds one or
/// two notes; one with thousands of them is refused rather than read.
const NOTE_SCANS: usize = 16;

type Index<'a> = HashMap<Cow<'a, str>, Vec<usize>, foldhash::fast::RandomState>;

impl<'a> File<'a> {
    /// The file, every line's key indexed.
    #[cfg(test)]
    pub(super) fn new(lines: Vec<&'a str>) -> Self {
        let index = index_of(&lines);
        File {
            lines,
            index,
            wanted: None,
            every: std::cell::OnceCell::new(),
            note_scans: std::cell::Cell::new(0),
        }
    }

    /// The file, indexed for the lines of `snippet`, the only lines a merge looks up: a map of
    /// every line of a 100k-line file is 100,000 entries and as many vectors built for the
    /// ten or so a snippet asks for (46.6 M instructions of a 302 M snippet request, callgrind).
    /// A line's key is taken only when its hash may be one of theirs. Any other line is still
    /// answered (from an index of every line, built when first needed).
    pub(super) fn for_snippet(lines: Vec<&'a str>, snippet: &'a str) -> Self {
        let wanted: std::collections::HashSet<Cow<'a, str>, _> =
            snippet.lines().map(loose_key).collect();
        let mut hashes = HashBits::default();
        for l in snippet.lines() {
            hashes.insert(loose_hash(l));
        }
        let mut index = Index::with_capacity_and_hasher(wanted.len(), Default::default());
        for (i, &l) in lines.iter().enumerate() {
            if hashes.may_hold(loose_hash(l)) && !blank(l) {
                let key = loose_key(l);
                if wanted.contains(&key) {
                    index.entry(key).or_default().push(i);
                }
            }
        }
        File {
            lines,
            index,
            wanted: Some(wanted),
            every: std::cell::OnceCell::new(),
            note_scans: std::cell::Cell::new(0),
        }
    }

    /// The index that answers for `key`.
    fn index_for(&self, key: &str) -> &Index<'a> {
        match &self.wanted {
            Some(wanted) if !wanted.contains(key) => {
                self.every.get_or_init(|| index_of(&self.lines))
            }
            _ => &self.index,
        }
    }

    /// Where `line` stands, at or after `from`.
    pub(super) fn occurrences(&self, line: &str, from: usize) -> &[usize] {
        let key = loose_key(line);
        self.index_for(&key).get(key.as_ref()).map_or(&[], |v| {
            let at = v.partition_point(|&i| i < from);
            &v[at..]
        })
    }

    pub(super) fn holds(&self, line: &str) -> bool {
        let key = loose_key(line);
        self.index_for(&key).contains_key(key.as_ref())
    }

    pub(super) fn depth(&self, i: usize) -> isize {
        indent_width(self.lines[i]) as isize
    }

    /// Whether one more removal note may be told from an edited comment ([`NOTE_SCANS`]),
    /// counting it.
    pub(super) fn scan_for_note(&self) -> bool {
        let n = self.note_scans.get();
        self.note_scans.set(n + 1);
        n < NOTE_SCANS
    }

    pub(super) fn blank(&self, i: usize) -> bool {
        blank(self.lines[i])
    }
}

/// Where the key of each non-blank line of `lines` stands, in order.
fn index_of<'a>(lines: &[&'a str]) -> Index<'a> {
    let mut index = Index::with_capacity_and_hasher(lines.len(), Default::default());
    for (i, &l) in lines.iter().enumerate() {
        if !blank(l) {
            index.entry(loose_key(l)).or_default().push(i);
        }
    }
    index
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

impl Placement {
    /// Whether the placement pairs the piece's line `i` with a file line. (Pairs stand in the
    /// piece's order.)
    pub(super) fn pairs_line(&self, i: usize) -> bool {
        self.pairs.binary_search_by_key(&i, |&(j, _)| j).is_ok()
    }

    /// How many lines the placement changes: the piece's `shown` (non-blank) lines it writes
    /// new plus the file's lines of code in its window it deletes.
    pub(super) fn changed(&self, file: &File<'_>, shown: usize) -> usize {
        let code = (self.start..self.end).filter(|&i| !file.blank(i)).count();
        (shown + code).saturating_sub(2 * self.pairs.len())
    }

    /// Whether the placement changes the file: it writes a non-blank line of the piece
    /// (`lines`) that is new, or deletes a non-blank file line between two of its pairs.
    pub(super) fn changes(&self, file: &File<'_>, lines: &[&str]) -> bool {
        self.out
            .iter()
            .any(|l| matches!(l, Line::New(i) if !lines[*i].trim().is_empty()))
            || self
                .pairs
                .windows(2)
                .any(|w| (w[0].1 + 1..w[1].1).any(|i| !file.blank(i)))
    }

    /// Whether the first change the placement makes from its top (from its bottom with
    /// `from_end`), between two of its pairs, deletes lines of code and writes no new line of
    /// code there.
    pub(super) fn first_change_deletes(
        &self,
        file: &File<'_>,
        lines: &[&str],
        from_end: bool,
    ) -> bool {
        let gaps = self.pairs.len().saturating_sub(1);
        (0..gaps)
            .map(|k| if from_end { gaps - 1 - k } else { k })
            .find_map(|k| {
                let ((a, s), (b, t)) = (self.pairs[k], self.pairs[k + 1]);
                let new = (a + 1..b).any(|i| !lines[i].trim().is_empty());
                let gone = (s + 1..t).any(|i| !file.blank(i));
                (new || gone).then_some(gone && !new)
            })
            .unwrap_or(false)
    }
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
/// ([`order`]) that tries each costs a placement of every later piece per place.
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
    let Windows {
        valid,
        last,
        crossing,
        nearer: rivals,
        twins,
    } = candidates(file, piece, &held, from, scope);
    let (valid, last) = match across(file, piece, from, scope, (&valid, &crossing)) {
        Some((p, l)) => (vec![p], vec![l]),
        None => (valid, last),
    };
    let crossing: Vec<usize> = crossing.iter().map(|(p, _)| p.start).collect();
    // (Nested windows first: a far window that a nearer one prunes no longer keeps the
    // distinctive lines from deciding, as it did when it paired one of them past a deletion.
    // On the lazy-snippet set and the other-language corpus: 11 and 30 more merged, none wrong.)
    let (valid, last) = nested::standing(file, piece, f, (valid, last));
    let (valid, last) = keeping_distinctive(file, piece, (valid, last));
    let (valid, last) = distinctive_only(file, piece, &held, from, (valid, last));
    let mut valid: Vec<(Placement, usize)> = valid
        .into_iter()
        .zip(last)
        .map(|(p, (l, _))| (p, l))
        .collect();
    // Of several places, the first of these that names one: the place that explains the
    // piece best, the one beside its pin, the one at its depths.
    let best = {
        let places: Vec<&Placement> = valid.iter().map(|(p, _)| p).collect();
        best_explained(file, piece, &places)
            .or_else(|| nearest_pinned(file, piece, &places))
            .or_else(|| one_at_depth(file, lines, &places))
    };
    if let Some(best) = best {
        valid = vec![valid.swap_remove(best)];
    }
    // The one place left meets its nearer readings, rivals it must explain better: the one
    // that explains the piece best of them stands; none, and each is a place.
    if let [(p, _)] = &valid[..] {
        let (start, end) = (p.start, p.end);
        let near: Vec<(Placement, usize)> = rivals
            .into_iter()
            .filter(|(e, q, _)| q.start == start && *e == end)
            .map(|(_, q, (l, _))| (q, l))
            .collect();
        if !near.is_empty() {
            valid.extend(near);
            let places: Vec<&Placement> = valid.iter().map(|(p, _)| p).collect();
            if let Some(best) = best_explained(file, piece, &places) {
                valid = vec![valid.swap_remove(best)];
            }
        }
    }
    match valid.len() {
        0 if !crossing.is_empty() => Err(piece.refuse(Why::CrossesScope, f, crossing)),
        0 => Err(piece.refuse(Why::NotInFile, f, vec![])),
        1 if twinned(file, piece, &valid[0].0, &twins) => {
            let mut at: Vec<usize> = vec![valid[0].0.start];
            at.extend(twins.iter().map(|q| q.start));
            Err(piece.refuse(Why::Ambiguous, f, at))
        }
        1 => {
            let (p, l) = valid.pop().expect("one placement");
            finish(file, piece, &held, p, (f, l), (from, scope)).map(Places::One)
        }
        n => {
            // (Windows from one start to two copies of the last line are one place named;
            // when all start there, the places named are where each would end.)
            let mut starts: Vec<usize> = valid.iter().map(|(p, _)| p.start).collect();
            starts.dedup();
            if starts.len() == 1 {
                starts = valid.iter().map(|(p, _)| p.end - 1).collect();
            }
            let refusal = piece.refuse(Why::Ambiguous, f, starts);
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

/// Whether a window the piece does not fit by its count of last lines ([`Windows::twins`]),
/// apart from the place chosen, reads the piece as well: it pairs as many of its lines and
/// changes no more. (The piece then stands in two copies of one region.)
fn twinned(file: &File<'_>, piece: &Piece<'_>, p: &Placement, twins: &[Placement]) -> bool {
    let shown = piece.lines.iter().filter(|l| !l.trim().is_empty()).count();
    let cost = p.changed(file, shown);
    twins.iter().any(|q| {
        (q.end <= p.start || q.start >= p.end)
            && q.pairs.len() >= p.pairs.len()
            && q.changed(file, shown) <= cost
    })
}

/// Every window of `piece` at or after file line `from`, whatever block the marker before it
/// would cross (for [`order`] to ask whether the piece fits before the previous one).
pub(super) fn windows(file: &File<'_>, piece: &Piece<'_>, from: usize) -> Vec<Placement> {
    let lines = &piece.lines;
    let held: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].trim().is_empty() && !file.occurrences(lines[i], from).is_empty())
        .collect();
    let Windows {
        valid, crossing, ..
    } = candidates(file, piece, &held, from, None);
    valid
        .into_iter()
        .chain(crossing.into_iter().map(|(p, _)| p))
        .collect()
}

/// A place's checks on the lines around it: attached lines kept above another item
/// (`attached`), a first line that may be new, a preprocessor conditional split
/// (`conditionals`), new edge lines that may be edits of the file's neighbouring lines.
fn finish(
    file: &File<'_>,
    piece: &Piece<'_>,
    held: &[usize],
    mut p: Placement,
    (mut f, l): (usize, usize),
    (from, scope): (usize, Option<usize>),
) -> Result<Placement, Refusal> {
    if let Some((q, first)) = attached_above(file, piece, held, &p, (from, scope))? {
        (p, f) = (q, first);
    }
    first_line_clear(file, piece, held, &p, (from, scope))?;
    conditionals::kept_whole(file, piece, &p)?;
    edges_clear(file, piece, &mut p, (f, l), from)?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The index built for a snippet's lines answers every line, the snippet's and any
        /// other, as the index of every line does.
        #[test]
        fn the_snippet_index_answers_as_the_whole_one(
            file in proptest::collection::vec("[ \\t]{0,2}[ab=\u{3000}\u{2019}'-]{0,4}[ \\r]?", 0..12),
            snippet in proptest::collection::vec("[ \\t]{0,2}[ab=\u{3000}\u{2019}'-]{0,4}[ \\r]?", 0..5),
            other in "[ \\t]{0,2}[ab=\u{3000}\u{2019}'-]{0,4}",
            from in 0usize..12,
        ) {
            let lines: Vec<&str> = file.iter().map(String::as_str).collect();
            let snippet = snippet.join("\n");
            let whole = File::new(lines.clone());
            let indexed = File::for_snippet(lines, &snippet);
            for line in snippet.split('\n').chain([other.as_str()]) {
                proptest::prop_assert_eq!(indexed.holds(line), whole.holds(line));
                proptest::prop_assert_eq!(indexed.occurrences(line, from), whole.occurrences(line, from));
            }
        }

        #[test]
        fn blank_is_trim_empty(line in "[ \\t\\x0b\\x0c\\r\\u{a0}\\u{85}\\u{3000}\\u{1c}a;\u{e9}]{0,6}") {
            proptest::prop_assert_eq!(blank(&line), line.trim().is_empty());
        }
    }

    #[test]
    fn passes_for_removal_notes_stop_at_their_bound() {
        let file = File::new(vec!["a = 1"]);
        assert!((0..NOTE_SCANS).all(|_| file.scan_for_note()));
        assert!(!file.scan_for_note());
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
