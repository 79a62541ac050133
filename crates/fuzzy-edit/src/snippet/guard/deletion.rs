//! A second reading of a deletion the merge makes: the line that closes it may be new.

use super::Shown;
use crate::normalize::indent_width;

/// Whether the deletion (of two or more lines) between kept lines `p` and `n` has a second
/// reading: `n` is the last line of its piece (a marker or the snippet's end follows), new
/// lines stand before it, its text is a line the file repeats (`};`, `# endif`,
/// `var app = express();`), and the first deleted line is no deeper than it. Then `n` may as well be new, the closing line of the
/// lines added right after `p`, with the file's lines after `p` kept under the marker: a
/// replaced block and an added sibling read alike (a `macro_rules!` arm after another).
/// A function rewritten in full stays a deletion: its old body is deeper than its `}`.
pub(super) fn closer_could_be_new(
    a: &[&str],
    b: &[&str],
    pieces: &[Shown],
    (p, n): (usize, usize),
    to_result: &[usize],
    first_deleted: usize,
) -> bool {
    let written = b[to_result[p] + 1..to_result[n]]
        .iter()
        .any(|l| !l.trim().is_empty());
    let t = a[n].trim();
    let repeated = a.iter().filter(|l| l.trim() == t).count() >= 2;
    if !written || !repeated || indent_width(a[first_deleted]) > indent_width(a[n]) {
        return false;
    }
    pieces.iter().any(|piece| {
        let last = piece.lines.iter().rposition(|l| !l.trim().is_empty());
        last.is_some_and(|i| piece.lines[i].trim() == t)
    })
}
