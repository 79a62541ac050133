//! A typographic apostrophe the model asks for: `it's` changed to `it’s` on purpose.
//!
//! Inside a word (a letter on each side) `’` is text, never a quote that opens or closes a
//! string, so writing it breaks no program. A model that retypes a line in its habit changes its
//! quotes too and keeps its words; one that changes nothing but a word's `'` to `’` asks for that
//! character, and so does one that writes it in a file that uses it already.

/// The typographic apostrophe.
pub(super) const APOSTROPHE: char = '\u{2019}';

/// Whether `new` is `old` with one or more apostrophes inside words (`it's`) written
/// typographic (`it’s`), and nothing else changed: then that is the edit.
pub(super) fn only_apostrophes_changed(old: &str, new: &str) -> bool {
    let (old_lines, new_lines): (Vec<&str>, Vec<&str>) =
        (old.lines().collect(), new.lines().collect());
    old_lines.len() == new_lines.len()
        && old != new
        && old_lines
            .iter()
            .zip(&new_lines)
            .all(|(o, n)| o == n || apostrophes_only(o, n))
}

/// Whether line `new` is line `old` with apostrophes inside words written typographic, and at
/// least one is.
pub(super) fn apostrophes_only(old: &str, new: &str) -> bool {
    let (o, n): (Vec<char>, Vec<char>) = (old.chars().collect(), new.chars().collect());
    if o.len() != n.len() || o == n {
        return false;
    }
    (0..o.len()).all(|i| o[i] == n[i] || (o[i] == '\'' && n[i] == APOSTROPHE && inside_word(&n, i)))
}

/// Whether the character at `at` of `line` has a letter on each side.
pub(super) fn inside_word(line: &[char], at: usize) -> bool {
    at > 0 && line[at - 1].is_alphabetic() && line.get(at + 1).is_some_and(|c| c.is_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_apostrophe_inside_a_word_made_typographic_is_the_edit() {
        assert!(only_apostrophes_changed(
            "x = 1\nmsg = \"it's done\"",
            "x = 1\nmsg = \"it\u{2019}s done\""
        ));
        // A quote that delimits a string, or another change besides: not that edit alone.
        assert!(!only_apostrophes_changed(
            "s = 'a'",
            "s = \u{2019}a\u{2019}"
        ));
        assert!(!only_apostrophes_changed(
            "msg = \"it's done\"",
            "msg = \"it\u{2019}s over\""
        ));
        assert!(!only_apostrophes_changed("a", "a"));
        assert!(apostrophes_only("don't", "don\u{2019}t"));
        assert!(!apostrophes_only("'x'", "\u{2019}x\u{2019}"));
    }
}
