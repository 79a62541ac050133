//! Words the model misspelled in `old` and wrote again in `new`, whole or as part of a word it
//! rewrote: spelled as the file spells them.
//!
//! The file has `impl JsonSchema for Value {`, the model remembered `JsonShcema` and renamed it
//! to `JsonShcemaImpl`. The merge sees a change to the very token the model misremembered and
//! can only keep the model's token, slip included; but the slip is the model's memory, not
//! its intent: it meant the file's `JsonSchema`, extended. So before the merge, the slip is
//! respelled in `old` and `new` alike, and the merge then sees a faithful `old` and the change
//! the model meant.
//!
//! Only a slip of the pen ([`crate::merge3::misspelling`]: one word for one word, a letter
//! off, on a line that differs from the file's in nothing else), and only a misspelling the
//! file never writes, anywhere: a word the file has is a name of its own, which the model may
//! mean.

use super::gaps;
use crate::align::{changed_regions, loose_diff};
use crate::merge3::misspelling;
use crate::needle::Needle;
use crate::text::Text;

/// `needle` with the words it misspelled (by the lines of `old` paired with `win`, the file's
/// lines) spelled as the file does, in `old` and `new`. `None` when `new` writes none of them.
///
/// ```text
/// file `impl JsonSchema for Value {`, old `impl JsonShcema for Value {`,
/// new `impl JsonShcemaImpl for Value {`  ->  new `impl JsonSchemaImpl for Value {`
/// ```
pub(super) fn respelled(
    text: &Text,
    old: &[&str],
    win: &[&str],
    needle: &Needle,
) -> Option<Needle<'static>> {
    let new = needle.new_text();
    let mut regions = changed_regions(loose_diff(old, win));
    gaps::slide_gaps(old, win, &mut regions);
    let mut words: Vec<(&str, &str)> = Vec::new();
    for (o, w) in regions {
        if o.len() != w.len() {
            continue;
        }
        for (i, j) in o.zip(w) {
            let Some((was, is)) = misspelling(old[i].trim(), win[j].trim()) else {
                continue;
            };
            if !words.contains(&(was, is)) {
                words.push((was, is));
            }
        }
    }
    // A word spelled two ways by the file is no single slip; one the file writes is its own.
    let file = text.as_str();
    let words: Vec<(&str, &str)> = words
        .iter()
        .filter(|(was, _)| words.iter().filter(|(w, _)| w == was).count() == 1)
        .filter(|(was, _)| new.contains(was) && !file.contains(was))
        .copied()
        .collect();
    if words.is_empty() {
        return None;
    }
    let respell = |s: &str| {
        words
            .iter()
            .fold(s.to_string(), |s, (was, is)| s.replace(was, is))
    };
    Some(Needle::new(respell(needle.old_text()), respell(new)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn respell(file: &str, old: &str, new: &str) -> Option<(String, String)> {
        let text = Text::new(file);
        let needle = Needle::new(old, new);
        let old_lines: Vec<&str> = needle.lines().collect();
        let win: Vec<&str> = (0..old_lines.len()).map(|i| text.line(i)).collect();
        respelled(&text, &old_lines, &win, &needle)
            .map(|n| (n.old_text().to_string(), n.new_text().to_string()))
    }

    #[test]
    fn a_slip_written_again_in_new_takes_the_files_spelling() {
        assert_eq!(
            respell("x = getItem(a)\n", "x = getItm(a)", "x = getItmAll(a)"),
            Some(("x = getItem(a)".into(), "x = getItemAll(a)".into()))
        );
        // Not written again: nothing to respell (the merge sees to the rest).
        assert_eq!(
            respell("x = getItem(a)\n", "x = getItm(a)", "x = all(a)"),
            None
        );
        // A word the file writes is a name of its own.
        assert_eq!(
            respell(
                "x = getItem(a)\ny = getItm\n",
                "x = getItm(a)",
                "x = getItmAll(a)"
            ),
            None
        );
        // A value is no misspelling.
        assert_eq!(respell("x = 2\n", "x = 1", "x = 1 + 1"), None);
    }
}
