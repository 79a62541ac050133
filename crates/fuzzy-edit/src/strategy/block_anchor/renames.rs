//! Whether a window is a sibling block under other names: `old` writes `StatBatch`, `statOne`
//! and `flushStat` where the window has `LstatBatch`, `lstatOne` and `flushLstat`. The model
//! copied a block the file does not hold (a sibling elsewhere, or one since renamed), and the
//! window only shares its shape; editing it is a wrong edit, not an edit of a mistyped block.
//!
//! A typing slip repeats by chance: a block mistyped on a few lines slips the same way twice
//! often enough (`valeu` for `value` on two lines), so a sub-word written one way on two
//! lines is no rename by itself (as a rule, it refused 37 of the stand-in corpus's 4,308
//! exact applies and 5 of the gate's perturbed 45,903). Two kinds of it are: a letter added
//! or dropped at a sub-word's start or end, not one of a doubled pair (`stat` for `lstat`,
//! `user` for `users`, `read` for `ready`: how names differ, and no slip the corpora make),
//! on two lines or more; and any one-letter change of a sub-word in different words on
//! [`MIN_RENAMED_LINES`] lines or more (`TrailBatch`, `trailOne`, `flushTrail` for
//! `Trial…`). A letter substituted is left out of the first kind: the gate's slips
//! substitute (`conxig` twice), and counted, it cost those 5 perturbed cases.
//!
//! Measured on 109 hand-made cases of sibling and renamed blocks: the 14 applied to a sibling
//! one letter off (`go_sib_*`, `py_read_ready_sibling`, `ruby_admin_admins`,
//! `stale_user_users_added_line_uses_user`) refused, and two more with a renamed block
//! (`set_enable` for `set_enabled`, `user` for `users` on the line edited); the rest
//! unchanged. The stand-in corpus (9,424 cases): 4,308 exact, 9 wrong, unchanged; the gate:
//! unchanged (perturbed 45,903 exact, 0 wrong).

use std::collections::HashSet;

use super::typed_lines::{differing_subwords, subword_end};
use crate::budget::Budget;
use crate::merge3::misspelling;

/// Lines, at least, on which `old` writes a sub-word of the window one letter off in
/// different words for the window to be a sibling renamed (`TrailBatch`, `trailOne`,
/// `flushTrail` for `Trial…`). With two lines, the stand-in corpus's chance repeats of a
/// slip across words (`_recodr_string`, `_build_recodr_string`) were refused too: exact
/// 4,308 -> 4,300; with the window's first line slipped as the second sign, 4,305 (and a
/// consistent misspelling of the file's old spelling, `recieve`, refused).
const MIN_RENAMED_LINES: usize = 3;

/// One line of `old` that is a line of the window one sub-word off.
struct Slip {
    /// The written sub-word and the file's, in lower case (`Stat` and `stat` are one name).
    written: String,
    in_file: String,
    /// The written word the sub-word stands in, in lower case.
    word: String,
    /// A letter added or dropped at a sub-word's start or end, not of a doubled pair.
    at_edge: bool,
}

/// Whether `old` writes a sub-word of `window` another way on lines enough to make it a
/// sibling renamed (see the module docs); each line comes with its loose hash
/// ([`crate::normalize::loose_hash`]). Out of budget, the window is left as it is.
pub(super) fn renamed_block(
    budget: &Budget,
    (old, old_hashes): (&[&str], &[u64]),
    (window, window_hashes): (&[&str], &[u64]),
) -> bool {
    // Only lines that differ can slip: each side's lines the other lacks (loosely).
    let (old_set, window_set): (HashSet<u64>, HashSet<u64>) = (
        old_hashes.iter().copied().collect(),
        window_hashes.iter().copied().collect(),
    );
    let (mine_lone, theirs_lone) = (
        lone(old, old_hashes, &window_set),
        lone(window, window_hashes, &old_set),
    );
    if mine_lone.len() < 2 {
        return false;
    }
    let mut slips: Vec<Slip> = Vec::new();
    for mine in mine_lone {
        let near = theirs_lone
            .iter()
            // One letter apart: at most a character's bytes (4 in UTF-8) apart in length.
            .filter(|l| l.len().abs_diff(mine.len()) <= 4);
        for theirs in near {
            if !budget.charge(mine.len() + theirs.len()) {
                return false;
            }
            if let Some((was, is)) = slip(mine, theirs) {
                let (a, b) = differing_subwords(was, is);
                slips.push(Slip {
                    written: a.to_lowercase(),
                    in_file: b.to_lowercase(),
                    word: was.to_lowercase(),
                    at_edge: edge_letter(was, is),
                });
                break;
            }
        }
    }
    slips.iter().any(|s| {
        let same: Vec<&Slip> = slips
            .iter()
            .filter(|t| t.written == s.written && t.in_file == s.in_file)
            .collect();
        let at_edge = same.len() >= 2 && same.iter().any(|t| t.at_edge);
        let across_words = same.len() >= MIN_RENAMED_LINES && same.iter().any(|t| t.word != s.word);
        at_edge || across_words
    })
}

/// The non-blank lines of `lines` (loose hashes `hashes`), trimmed, that `other` lacks.
fn lone<'a>(lines: &[&'a str], hashes: &[u64], other: &HashSet<u64>) -> Vec<&'a str> {
    lines
        .iter()
        .zip(hashes)
        .filter(|(l, h)| !l.trim().is_empty() && !other.contains(h))
        .map(|(l, _)| l.trim())
        .collect()
}

/// Whether one of `was` and `is` is the other with a letter added at a sub-word's start or
/// end that is not one of a doubled pair (`ready` and `read`, `lstat` and `stat`; not
/// `access` and `acces`).
fn edge_letter(was: &str, is: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (was.chars().collect(), is.chars().collect());
    let (short, long) = match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Less => (a, b),
        std::cmp::Ordering::Greater => (b, a),
        std::cmp::Ordering::Equal => return false,
    };
    let at = (0..short.len())
        .find(|&i| !short[i].eq_ignore_ascii_case(&long[i]))
        .unwrap_or(short.len());
    let doubled = (at > 0 && long[at - 1] == long[at]) || long.get(at + 1) == Some(&long[at]);
    !doubled && subword_end(&long, at)
}

/// The word of `mine` that `theirs` spells another way (see [`misspelling`]), a letter's case
/// aside (`StatBatch` for `LstatBatch` is `Stat` for `Lstat`), and the word of `theirs`.
fn slip<'a, 'f>(mine: &'a str, theirs: &'f str) -> Option<(&'a str, &'f str)> {
    if !mine.is_ascii() || !theirs.is_ascii() {
        return misspelling(mine, theirs);
    }
    let (a, b) = (mine.to_ascii_lowercase(), theirs.to_ascii_lowercase());
    let (was, is) = misspelling(&a, &b)?;
    // Lower-casing ASCII keeps every byte where it was.
    let at = |whole: &str, part: &str| part.as_ptr() as usize - whole.as_ptr() as usize;
    let (i, j) = (at(&a, was), at(&b, is));
    Some((&mine[i..i + was.len()], &theirs[j..j + is.len()]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize;

    fn renamed(old: &[&str], window: &[&str]) -> bool {
        let hashes = |lines: &[&str]| -> Vec<u64> {
            lines.iter().map(|l| normalize::loose_hash(l)).collect()
        };
        renamed_block(
            &Budget::unlimited(),
            (old, &hashes(old)),
            (window, &hashes(window)),
        )
    }

    #[test]
    fn a_letter_added_at_a_sub_words_end_on_two_lines_is_a_rename() {
        let window = [
            "def read(self):",
            "    buf = peek()",
            "    return parse_read(buf)",
        ];
        let old = [
            "def ready(self):",
            "    buf = peek()",
            "    return parse_ready(buf)",
        ];
        assert!(renamed(&old, &window));
        // On one line only: a slip (or one name misremembered).
        let old = [
            "def ready(self):",
            "    buf = peek()",
            "    return parse_read(buf)",
        ];
        assert!(!renamed(&old, &window));
    }

    #[test]
    fn a_swap_repeated_is_a_rename_only_across_three_words() {
        let window = [
            "func TrialBatch(xs []Item) error {",
            "    if err := trialOne(x); err != nil {",
            "    return flushTrial()",
        ];
        let three = window.map(|l| l.replace("Trial", "Trail").replace("trial", "trail"));
        let three: Vec<&str> = three.iter().map(|s| s.as_str()).collect();
        assert!(renamed(&three, &window));
        // The same swap on two lines (`valeu` twice): typing slips.
        let two = [three[0], three[1], window[2]];
        assert!(!renamed(&two, &window));
    }

    #[test]
    fn edge_letters_are_added_or_dropped_at_a_sub_words_ends_not_from_doubled_pairs() {
        for (was, is) in [
            ("Read", "Ready"),
            ("stat", "lstat"),
            ("users", "user"),
            ("Stat", "Lstat"),
        ] {
            assert!(edge_letter(was, is), "{was}");
        }
        for (was, is) in [
            ("acces", "access"),
            ("confg", "config"),
            ("trail", "trial"),
            ("valeu", "value"),
        ] {
            assert!(!edge_letter(was, is), "{was}");
        }
    }

    #[test]
    fn a_case_changed_with_the_letter_is_the_same_slip() {
        assert_eq!(
            slip("func StatBatch() {", "func LstatBatch() {"),
            Some(("StatBatch", "LstatBatch"))
        );
    }
}
