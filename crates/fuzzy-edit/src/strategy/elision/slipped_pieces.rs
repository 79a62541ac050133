//! Pieces of an elided `old` found with one line a slip of memory.
//!
//! A model that abbreviates a block misremembers the lines around its markers as often as any
//! other line: `xoder = main(` above `# ... existing code ...` for the file's `coder = main(`.
//! A piece not found as written is looked for with one of its lines a slip: at most
//! [`MAX_PIECE_SLIP_EDITS`] character edits from the file's line (loose keys), that line at
//! least [`MIN_SLIPPED_PIECE_LINE`] characters, every other line of the piece loosely equal.
//! The other pieces still pin the place (in order, at the same depth), the merge keeps the
//! file's version of the slipped line as for any block misremembered, and where the pieces fit
//! several places the elision has several candidates and is refused.
//!
//! Measured on the gate's `elision_slipped` (an elided block with a letter off in the line
//! before the marker or after it): 0 -> 624 exact of 691, nothing else moved (figures in
//! [`crate::thresholds::MIN_SLIPPED_PIECE_LINE`]).

use crate::align::block_edits_within;
use crate::normalize::{lines_equal, loose_hash, loose_key, Level};
use crate::text::Text;
use crate::thresholds::{MAX_PIECE_SLIP_EDITS, MIN_SLIPPED_PIECE_LINE};

/// Starts of the file a piece is looked at, at most: the search is a pass over the file's line
/// hashes, bounded here rather than charged to the request's budget (a piece not found is no
/// reason to refuse the request as too complex).
const MAX_STARTS_LOOKED_AT: usize = 1 << 20;

/// The starts (0-based lines) where `piece` stands with exactly one of its non-blank lines a
/// slip of the file's (see the module docs), at most `limit + 1` of them.
pub(super) fn slipped_windows(text: &Text, piece: &[&str], limit: usize) -> Vec<usize> {
    let hashes = text.loose_hashes();
    let n = piece.len();
    if n == 0 || n > hashes.len() || hashes.len() - n >= MAX_STARTS_LOOKED_AT {
        return Vec::new();
    }
    let wanted: Vec<u64> = piece.iter().map(|l| loose_hash(l)).collect();
    let keys: Vec<Vec<char>> = piece
        .iter()
        .map(|l| loose_key(l).chars().collect())
        .collect();
    let mut out = Vec::new();
    for s in 0..=hashes.len() - n {
        let mut off = (0..n).filter(|&k| hashes[s + k] != wanted[k]);
        let (Some(k), None) = (off.next(), off.next()) else {
            continue;
        };
        if keys[k].len() < MIN_SLIPPED_PIECE_LINE || piece[k].trim().is_empty() {
            continue;
        }
        let file: Vec<char> = loose_key(text.line(s + k)).chars().collect();
        let slipped = block_edits_within(&keys[k], &file, MAX_PIECE_SLIP_EDITS).is_some();
        // (Hashes equal by chance: the other lines compared again.)
        let rest_equal = (0..n)
            .filter(|&j| j != k)
            .all(|j| lines_equal(text.line(s + j), piece[j], Level::InnerWhitespace));
        if slipped && rest_equal {
            out.push(s);
            if out.len() > limit {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_a_letter_off_is_found_where_it_stands() {
        let file = "fn a() {\n    coder = main(\n        x,\n    )\n}\n";
        let text = Text::new(file);
        assert_eq!(slipped_windows(&text, &["    xoder = main("], 10), [1]);
        // Two lines off, or the slip in a short line: not found.
        assert!(slipped_windows(&text, &["    xoder = main(", "        y,"], 10).is_empty());
        assert!(slipped_windows(&text, &["    )", "}"], 10).is_empty());
        // Three letters off: another line.
        assert!(slipped_windows(&text, &["    xodxr = mxin("], 10).is_empty());
    }
}
