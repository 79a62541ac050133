//! Emoji variation selectors the model dropped, put back on the lines it writes.
//!
//! `✔️` is two characters, `✔` and the invisible U+FE0F that asks for its emoji form. Models
//! copy the base character and lose the selector, in `old` and in `new`; the match sees through
//! it (the loose key drops selectors), and the lines `new` keeps are written with the file's
//! bytes, but a line `new` rewrites would come out with `✔` alone: a change to the file the
//! model never meant. Where every `✔` of the matched text carries the same selector and `old`
//! writes it without, each bare `✔` of the replacement gets it back; a replacement that writes
//! selectors itself is left as written.

use std::collections::{HashMap, HashSet};

/// The variation selectors: U+FE0E (text form) and U+FE0F (emoji form).
fn is_selector(c: char) -> bool {
    matches!(c, '\u{FE0E}' | '\u{FE0F}')
}

/// `new` (the replacement for `file`, the matched text, found by `old`; written from the
/// model's `written`) with the selector the file puts after a character written after it
/// wherever `new` writes that character bare.
pub(super) fn as_file(file: &str, old: &str, written: &str, new: String) -> String {
    let model_writes = |s: &str| s.contains(is_selector);
    if !model_writes(file) || model_writes(old) || model_writes(written) {
        return new;
    }
    // Each non-ASCII character of the file with the selector after it: `Some` the same one
    // every time, `None` where it stands bare or with both once (a map, not a list: a hostile
    // file of thousands of distinct emoji is one pass over it).
    let mut seen: HashMap<char, Option<char>> = HashMap::new();
    let mut chars = file.chars().peekable();
    while let Some(c) = chars.next() {
        if is_selector(c) || c.is_ascii() {
            continue;
        }
        let after = chars.peek().copied().filter(|&s| is_selector(s));
        seen.entry(c)
            .and_modify(|was| *was = was.filter(|&t| Some(t) == after))
            .or_insert(after);
    }
    let in_old: HashSet<char> = old.chars().filter(|c| seen.contains_key(c)).collect();
    seen.retain(|c, s| s.is_some() && in_old.contains(c));
    if seen.is_empty() {
        return new;
    }
    let mut out = String::with_capacity(new.len() + 3 * seen.len());
    let mut chars = new.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        let bare = !chars.peek().is_some_and(|&n| is_selector(n));
        if let Some(&Some(s)) = seen.get(&c).filter(|_| bare) {
            out.push(s);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rewritten_line_gets_the_files_selector_back() {
        let file = "ok(\"\u{2714}\u{FE0F} Build passed\")\nwarn(\"\u{26A0}\u{FE0F} logs\")";
        let old = "ok(\"\u{2714} Build passed\")\nwarn(\"\u{26A0} logs\")";
        let written = "ok(\"\u{2714} Build passed!\")\nwarn(\"\u{26A0} logs\")";
        // The merge wrote the kept line with the file's bytes, selector and all.
        let merged = "ok(\"\u{2714} Build passed!\")\nwarn(\"\u{26A0}\u{FE0F} logs\")";
        assert_eq!(
            as_file(file, old, written, merged.to_string()),
            "ok(\"\u{2714}\u{FE0F} Build passed!\")\nwarn(\"\u{26A0}\u{FE0F} logs\")"
        );
    }

    #[test]
    fn a_character_the_file_writes_both_ways_or_new_marks_itself_stays() {
        // The file has `✔` with and without the selector: which one `new` means is open.
        let file = "a = \"\u{2714}\u{FE0F}\"\nb = \"\u{2714}\"";
        let (old, new) = ("a = \"\u{2714}\"\nb = \"\u{2714}\"", "a = \"\u{2714}!\"");
        assert_eq!(as_file(file, old, new, new.to_string()), new);
        // `new` writes a selector itself: as written.
        let file = "a = \"\u{2714}\u{FE0F}\"";
        let new = "a = \"\u{2714}\u{FE0E}!\"";
        assert_eq!(as_file(file, "a = \"\u{2714}\"", new, new.to_string()), new);
        // `old` kept the selector: whatever `new` writes is the model's.
        let new = "a = \"\u{2714}!\"";
        assert_eq!(as_file(file, file, new, new.to_string()), new);
    }

    proptest::proptest! {
        // Whatever text surrounds them, only the marked character gains the selector, and
        // removing every selector gives back `new` unchanged.
        #[test]
        fn only_selectors_are_added(pre in "[a-z \u{2714}\u{26A0}]{0,12}", post in "[a-z \u{2714}\u{26A0}]{0,12}") {
            let file = "x \u{2714}\u{FE0F} y";
            let new = format!("{pre}{post}");
            let out = as_file(file, "x \u{2714} y", &new, new.clone());
            let stripped: String = out.chars().filter(|&c| !is_selector(c)).collect();
            proptest::prop_assert_eq!(&stripped, &new);
            let bare_checks = out.chars().filter(|&c| c == '\u{2714}').count();
            proptest::prop_assert_eq!(out.matches("\u{2714}\u{FE0F}").count(), bare_checks);
            // `⚠` has no selector in the file: it gains none.
            let warned = out.contains("\u{26A0}\u{FE0F}");
            proptest::prop_assert!(!warned, "a selector after a character the file writes bare");
        }
    }
}
