//! A piece's lines and the file's, numbered once per piece for the line diffs of its windows.

use std::borrow::Cow;
use std::collections::HashMap;

use super::File;
use crate::normalize::loose_key;

/// The piece's lines and the file's lines from `from` on, numbered for the line diff: equal
/// numbers across the two sides where the lines' loose keys are equal, and one number no line
/// of the piece has ([`Numbered::OTHER`]) for every file line that holds none of its keys.
/// The diff (and its compaction) compares lines across the two sides only, so its answer is
/// the diff of the keys; but a window's lines are looked up, not keyed again per window: a
/// `}` the file holds 1,000 times opens as many windows of up to 2,000 lines (with the blank
/// test by bytes, `File::blank`, 1.33 G instructions before, 0.95 G after; callgrind). Only
/// the file lines holding a piece's key are listed: a number for every line would cost a
/// pass over the file for each piece tried.
pub(super) struct Numbered {
    pub(super) piece: Vec<u32>,
    /// The file lines from `from` on that hold one of the piece's keys, in order, with its
    /// number.
    held: Vec<(usize, u32)>,
}

impl Numbered {
    const OTHER: u32 = u32::MAX;

    pub(super) fn new(file: &File<'_>, lines: &[&str], from: usize) -> Self {
        let mut ids: HashMap<Cow<'_, str>, u32, foldhash::fast::RandomState> = HashMap::default();
        let mut held = Vec::new();
        let mut piece = Vec::with_capacity(lines.len());
        for &line in lines {
            let key = loose_key(line);
            let id = match ids.get(&key) {
                Some(&id) => id,
                None => {
                    let id = ids.len() as u32;
                    held.extend(file.occurrences(line, from).iter().map(|&q| (q, id)));
                    ids.insert(key, id);
                    id
                }
            };
            piece.push(id);
        }
        held.sort_unstable();
        Numbered { piece, held }
    }

    /// The numbers of the file lines `lines` (in file order, at or after `from`).
    pub(super) fn file(&self, lines: &[usize]) -> Vec<u32> {
        let mut at = lines
            .first()
            .map_or(0, |&q| self.held.partition_point(|&(h, _)| h < q));
        lines
            .iter()
            .map(|&q| {
                while self.held.get(at).is_some_and(|&(h, _)| h < q) {
                    at += 1;
                }
                match self.held.get(at) {
                    Some(&(h, id)) if h == q => id,
                    _ => Self::OTHER,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The numbers are equal across the two sides exactly where the loose keys are: the
        /// diff of the numbers is the diff of the keys.
        #[test]
        fn numbers_are_equal_where_the_keys_are(
            file in proptest::collection::vec("[ \\t]{0,2}(x|y|}|x y|x  y)[ \\t]{0,2}|", 0..24),
            piece in proptest::collection::vec("[ \\t]{0,2}(x|y|z|}|x y)[ \\t]{0,1}|", 1..6),
            from in 0usize..24,
        ) {
            let file_lines: Vec<&str> = file.iter().map(String::as_str).collect();
            let piece_lines: Vec<&str> = piece.iter().map(String::as_str).collect();
            let f = File::new(file_lines.clone());
            let numbered = Numbered::new(&f, &piece_lines, from);
            let window: Vec<usize> = (from..file_lines.len()).filter(|&q| !f.blank(q)).collect();
            let numbers = numbered.file(&window);
            for (i, p) in piece_lines.iter().enumerate() {
                for (k, &q) in window.iter().enumerate() {
                    let same_key = loose_key(p) == loose_key(file_lines[q]);
                    proptest::prop_assert_eq!(numbered.piece[i] == numbers[k], same_key);
                }
            }
        }
    }
}
