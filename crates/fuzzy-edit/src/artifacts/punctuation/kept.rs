//! The stretches of a rewritten line that the model copied from its line of `old`: written
//! with the file's characters. A model that retypes `// 'reasoning' type ...` as
//! `// ’reasoning’ type, now ...` changed the words after it, not the file's quotes.

use similar::{capture_diff_slices, Algorithm, DiffOp};

use super::apostrophes::{inside_word, APOSTROPHE};
use super::habit::{ascii_for, LONGEST_LINE};
use crate::align::line_similarity;
use crate::thresholds::REWRITTEN_LINE;

/// `line` (a line of `new` that is no line of `old`) with each typographic character that
/// stands, in a stretch it shares with its closest line of `old`, where that line has the
/// ASCII character it stands for, written as that ASCII character. `None` when there is none.
///
/// An apostrophe inside a word (`it’s` for `it's`) stays where `apostrophe` says the file
/// writes it so itself: the model asks for the file's character (see `super::apostrophes`).
pub(super) fn kept_stretches(old_lines: &[&str], line: &str, apostrophe: bool) -> Option<String> {
    if line.is_ascii() || line.len() > LONGEST_LINE {
        return None;
    }
    let closest = old_lines
        .iter()
        .filter(|o| o.len() <= LONGEST_LINE)
        .map(|o| (line_similarity(o, line), *o))
        .filter(|(s, _)| *s >= REWRITTEN_LINE)
        .max_by(|a, b| a.0.total_cmp(&b.0))?
        .1;
    // A typographic character the line of `old` has itself is compared as itself: the model
    // copied it (`"Press “OK” now"` rewritten `"Press “Continue” now"`), and read as ASCII
    // its `”` would pair with the string's closing `"`.
    let plain = |c: char| match ascii_for(c) {
        Some(a) if !closest.contains(c) => a,
        _ => c,
    };
    let o: Vec<char> = closest.chars().collect();
    let mut n: Vec<char> = line.chars().collect();
    let (op, np): (Vec<char>, Vec<char>) = (
        o.iter().map(|&c| plain(c)).collect(),
        n.iter().map(|&c| plain(c)).collect(),
    );
    let mut changed = false;
    for diff in capture_diff_slices(Algorithm::Myers, &op, &np) {
        if let DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = diff
        {
            for k in 0..len {
                let (was, is) = (o[old_index + k], n[new_index + k]);
                let asked = apostrophe && is == APOSTROPHE && inside_word(&n, new_index + k);
                if was != is && was.is_ascii() && !asked {
                    n[new_index + k] = was;
                    changed = true;
                }
            }
        }
    }
    changed.then(|| n.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_copied_from_the_rewritten_line_are_the_files() {
        let old = ["    // 'reasoning' type shows in the UI, but ant_thinking is sent back"];
        let new =
            "    // \u{2019}reasoning\u{2019} type shows in the UI, but the signature is sent back";
        assert_eq!(
            kept_stretches(&old, new, false).as_deref(),
            Some("    // 'reasoning' type shows in the UI, but the signature is sent back")
        );
        // Written where the line has nothing like it: the model's (its habit is decided
        // elsewhere).
        let new =
            "    // reasoning type, \u{201c}now\u{201d} shown in the UI, ant_thinking sent back";
        assert_eq!(kept_stretches(&old, new, false), None);
        // No line of old close enough.
        assert_eq!(
            kept_stretches(&["x = 1"], "say(\u{2018}hi\u{2019})", false),
            None
        );
        // An apostrophe inside a word, where the file writes it so itself: asked for.
        let old = ["    msg = \"it's done\""];
        let new = "    msg = \"it\u{2019}s finished\"";
        assert_eq!(kept_stretches(&old, new, true), None);
        assert_eq!(
            kept_stretches(&old, new, false).as_deref(),
            Some("    msg = \"it's finished\"")
        );
        // The line's own typographic quotes, inside its string, stay where the model keeps
        // them around a changed word.
        let old = ["    @msg = \"Press \u{201c}OK\u{201d} to continue\""];
        let new = "    @msg = \"Press \u{201c}Continue\u{201d} now\"";
        assert_eq!(kept_stretches(&old, new, false), None);
    }
}
