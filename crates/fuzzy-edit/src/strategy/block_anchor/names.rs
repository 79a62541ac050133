//! Whether a window speaks of the same things as `old`: a block of another function of the
//! same shape (`rgelt (struct NoErrors *set, …)` for `buffer_append (struct buffer *buf, …)`)
//! shares its braces, keywords and `return -1;` with `old`, enough lines to pass the
//! middle-line rule, yet none of its names.

use std::collections::HashSet;

use crate::normalize::is_word_char;
use crate::thresholds::MIN_NAMES_MISSING;
use crate::thresholds::MIN_NAME_CHARS;

/// The names (words of [`MIN_NAME_CHARS`] characters or more that start with a letter or `_`)
/// in `lines`.
fn names<'a>(lines: impl IntoIterator<Item = &'a str>) -> HashSet<&'a str> {
    lines
        .into_iter()
        .flat_map(|l| l.split(|c: char| !is_word_char(c)))
        .filter(|w| {
            w.chars().count() >= MIN_NAME_CHARS && !w.starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

/// Whether `window` lacks so many of `old`'s names (at least half of them, at least
/// [`MIN_NAMES_MISSING`], on at least two of `old`'s lines) that it is another block of the same
/// shape, not `old` misremembered: a slip of memory costs a name or two, a line the model
/// added or misremembered costs one line's names.
pub(super) fn names_another_block(old: &[&str], window: &[&str]) -> bool {
    let wanted = names(old.iter().copied());
    let present = names(window.iter().copied());
    let missing: HashSet<&str> = wanted.difference(&present).copied().collect();
    let lines_missing = old
        .iter()
        .filter(|l| names([**l]).iter().any(|n| missing.contains(n)))
        .count();
    missing.len() >= MIN_NAMES_MISSING && 2 * missing.len() >= wanted.len() && lines_missing >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_with_half_of_its_names_changed_is_another_block() {
        let window = [
            "  return 0;",
            "}",
            "int",
            "buffer_append (struct buffer *buf, const char *s, size_t n)",
            "{",
            "  if (buffer_grow (buf, n) != 0)",
            "    return -1;",
        ];
        let other = [
            "  return 0;",
            "}",
            "int",
            "rgelt (struct NoErrors *set, const char *s, take n)",
            "{",
            "  if (Variable (set, n) != 0)",
            "    return -1;",
        ];
        assert!(names_another_block(&other, &window));
        // One name misspelt, or one line misremembered: the same block.
        let typo = other.map(|l| {
            l.replace("rgelt", "buffer_append")
                .replace("NoErrors", "buffer")
        });
        let typo: Vec<&str> = typo.iter().map(|s| s.as_str()).collect();
        assert!(!names_another_block(&typo, &window));
        let one_line = [
            window[0],
            window[1],
            window[2],
            window[3],
            window[4],
            "  if (grow (b, n))",
            window[6],
        ];
        assert!(!names_another_block(&one_line, &window));
    }

    #[test]
    fn the_names_of_one_line_alone_are_a_line_misremembered() {
        let window = ["fn f() {", "    a();", "}"];
        let old = [
            "fn f() {",
            "    let value = compute(input);",
            "    a();",
            "}",
        ];
        assert!(!names_another_block(&old, &window));
    }

    #[test]
    fn a_short_block_needs_three_names_missing() {
        // Two names of two missing: a slip in a short block, not proof of another block.
        assert!(!names_another_block(
            &["a(1);", "betx(2);", "gamx(3);"],
            &["a(1);", "beta(2);", "gama(3);"]
        ));
    }
}
