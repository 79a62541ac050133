//! Rule 3: a line of `old` that names something the file has nowhere, by a name of its own.
//!
//! A model that misremembers a line slips on a letter (`Duxation`), or reaches for a plain word
//! in place of the file's name (`value` for `ident`); the merge keeps the file's version of
//! such a line and applies the edit around it. A name of words joined by case
//! (`FromTypeParamOptions`, `QueuingStrategy`: how types and classes are named) that the file
//! has nowhere, and that is no slip of any name of the block it was found at, was not
//! misremembered: a model names a type as the file it read names it. It was read, in another file of the same shape (the derive options of
//! `from_type_param.rs` sent to `from_field.rs`, one web-sys dictionary's generated code sent
//! to another's) or in another version of the code. The block it was found at is a sibling
//! of the one the model read, and the edit is refused with the block to copy `old` from again.
//! Names joined by `_` are not weighed: `write_db();` for the file's `write_cache();` is how a
//! model misremembers a call (the engine's `misremembered_blocks` tests apply such edits;
//! counting `_` refused two of them).
//! ([`super::stale`]'s `foreign_name` asks the same of a name on two differing lines, of any
//! form.)

use crate::align::block_edits_within;
use crate::normalize::{contains_word, is_word_char};
use crate::thresholds::{MAX_SLIP_EDITS, MIN_FOREIGN_NAME_CHARS};

/// The first name joined by case ([`compound`]) of at least [`MIN_FOREIGN_NAME_CHARS`] characters on one of `differing`
/// (lines of `old` the block lacks) that stands nowhere in `text` (as a whole word) and is no
/// slip of a name on a line of `window` (the block).
pub(super) fn name_read_elsewhere<'a>(
    text: &str,
    window: &[&str],
    differing: &[&'a str],
) -> Option<&'a str> {
    let block_names: Vec<Vec<char>> = window
        .iter()
        .flat_map(|l| names(l))
        .map(|w| w.chars().collect())
        .collect();
    differing
        .iter()
        .flat_map(|l| names(l))
        .filter(|w| w.chars().count() >= MIN_FOREIGN_NAME_CHARS && compound(w))
        .filter(|w| !contains_word(text, w))
        .find(|w| {
            let w: Vec<char> = w.chars().collect();
            !block_names
                .iter()
                .any(|b| block_edits_within(&w, b, MAX_SLIP_EDITS).is_some())
        })
}

/// The names on `line`: runs of word characters that do not start with a digit.
pub(super) fn names(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !is_word_char(c))
        .filter(|w| w.starts_with(|c: char| !c.is_ascii_digit()) && !w.is_empty())
}

/// Whether `name` joins two words or more by case: a lower-case letter or digit followed by
/// an upper-case one (`fromField`, `UiEvent`).
fn compound(name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    chars
        .windows(2)
        .any(|p| (p[0].is_lowercase() || p[0].is_ascii_digit()) && p[1].is_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "impl ToTokens for FromFieldOptions {\n    fn to_tokens(&self) {}\n}\n";

    #[test]
    fn a_compound_name_the_file_has_nowhere_was_read_elsewhere() {
        let window = ["impl ToTokens for FromFieldOptions {"];
        let old = ["impl ToTokens for FromTypeParamOptions {"];
        assert_eq!(
            name_read_elsewhere(FILE, &window, &old),
            Some("FromTypeParamOptions")
        );
    }

    #[test]
    fn a_slip_a_plain_word_or_a_name_the_file_has_is_no_name_read_elsewhere() {
        let window = ["impl ToTokens for FromFieldOptions {"];
        // One letter off the block's name: misremembered.
        let old = ["impl ToTokens for FromFieldOptiona {"];
        assert_eq!(name_read_elsewhere(FILE, &window, &old), None);
        // A plain word in place of the name, or a call's name joined by `_`.
        let old = ["impl ToTokens for Options {"];
        assert_eq!(name_read_elsewhere(FILE, &window, &old), None);
        let old = ["    write_db_cache(self);"];
        assert_eq!(name_read_elsewhere(FILE, &window, &old), None);
        // A compound name the file has elsewhere.
        let text = format!("{FILE}struct FromTypeParamOptions;\n");
        let old = ["impl ToTokens for FromTypeParamOptions {"];
        assert_eq!(name_read_elsewhere(&text, &window, &old), None);
    }

    #[test]
    fn compound_names_join_words_by_case() {
        assert!(compound("FromField"));
        assert!(compound("utf8Decode"));
        assert!(!compound("mode_t"));
        assert!(!compound("Options"));
        assert!(!compound("__init__"));
        assert!(!compound("HTML"));
    }
}
