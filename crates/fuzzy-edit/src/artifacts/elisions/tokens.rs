//! How a line of `new` relates to a line of `old`, by the words they share.
//!
//! Between two lines of code most characters can be substituted for one another, so a
//! character distance makes siblings (`show("a")`, `show("b")`) look like rewrites of each
//! other; which words a line keeps, drops and adds tells a rewrite from a new line and from a
//! line that keeps only part of another.

use std::collections::HashSet;

use crate::normalize::{is_word_char, loose_key};
use crate::thresholds::WORD_SHARE;

/// How a line of `new` relates to a line of `old`.
///
/// Words are runs of letters, digits and `_`, compared without case or `_`, each weighing its
/// length; each word counts once per line. The quarters below are the figures measured in
/// [`super::readings`] (relations decided by `line_similarity` instead, a character measure,
/// cannot tell `json, cors,` for `json, auth, router,` from a rewrite: a review found 0.7
/// still took it, and 0.8 cost 194 exact results).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Relation {
    /// At most a quarter of the new line's words are the old line's: a line of its own.
    Unrelated,
    /// The new line keeps the old line's words but for at most a quarter of those it keeps:
    /// the old line, rewritten.
    Rewrite,
    /// Shares words with the old line and drops more of them: a sibling of it (another entry
    /// of the same list), or a part of it (`json, cors,` for `json, auth, router,`).
    Partial,
}

/// The words of a line, for [`Relation`].
pub(super) struct Words(HashSet<String>);

impl Words {
    pub(super) fn of(line: &str) -> Self {
        let key = loose_key(line);
        let words = key
            .split(|c: char| !is_word_char(c))
            .map(|w| {
                w.chars()
                    .filter(|c| c.is_alphanumeric())
                    .flat_map(char::to_lowercase)
                    .collect::<String>()
            })
            .filter(|w| !w.is_empty())
            .collect();
        Words(words)
    }

    /// Whether `new` keeps part of this line and drops more of its words than it adds: what
    /// it dropped may be what a marker after it stands for (`json, cors,` for
    /// `json, auth, router,`, not `fn g() {` for `fn f() {`).
    pub(super) fn keeps_part(&self, new: &Words) -> bool {
        let dropped = weight(self.0.difference(&new.0));
        let added = weight(new.0.difference(&self.0));
        self.relation(new) == Relation::Partial && dropped > added
    }

    /// How `new`, the words of a line of `new`, relates to this line of `old`.
    pub(super) fn relation(&self, new: &Words) -> Relation {
        let weight =
            |s: &mut dyn Iterator<Item = &String>| -> usize { s.map(|w| w.chars().count()).sum() };
        let shared = weight(&mut self.0.intersection(&new.0));
        let dropped = weight(&mut self.0.difference(&new.0));
        let own = weight(&mut new.0.iter());
        if own == 0 || shared * WORD_SHARE <= own {
            Relation::Unrelated
        } else if dropped * WORD_SHARE <= shared {
            Relation::Rewrite
        } else {
            Relation::Partial
        }
    }
}

/// The weight of some words: their length in characters.
fn weight<'w>(words: impl Iterator<Item = &'w String>) -> usize {
    words.map(|w| w.chars().count()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn relation(old: &str, new: &str) -> Relation {
        Words::of(old).relation(&Words::of(new))
    }

    #[test]
    fn a_line_is_new_rewritten_or_partly_kept() {
        use Relation::*;
        assert_eq!(relation("  json, auth, router,", "  json, cors,"), Partial);
        assert_eq!(relation("  auth,", "  cors,"), Unrelated);
        assert_eq!(
            relation("if need_to_add:", "if need_to_add and self.auto_commits:"),
            Rewrite
        );
        assert_eq!(
            relation(
                "return self.pattern.search(content)",
                "match = self.pattern.search(content)"
            ),
            Rewrite
        );
        assert_eq!(relation("}", "try:"), Unrelated);
        let keeps_part = |old: &str, new: &str| Words::of(old).keeps_part(&Words::of(new));
        assert!(keeps_part("  json, auth, router,", "  json, cors,"));
        assert!(!keeps_part("fn f() {", "fn g() {"));
        // Punctuation alone is no word.
        assert_eq!(relation("x = [", "};"), Unrelated);
        assert_eq!(
            relation("show(\"test_timeouts\")", "show(\"total_tests\")"),
            Partial
        );
    }
}
