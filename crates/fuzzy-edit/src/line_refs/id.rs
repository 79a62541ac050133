//! The two-character ID of a line (`VK` in `12#VK`), as the hashline tools compute it (oh-my-pi,
//! oh-my-opencode's hashline-core): xxHash32 of the line without `\r` and trailing whitespace,
//! seeded with 0 when the line holds a letter or digit and with its 1-based number otherwise
//! (so `}` and blank lines differ by position), the hash's low byte written as two letters of
//! [`ALPHABET`], high nibble first.

use unicode_general_category::{get_general_category, GeneralCategory as C};
use xxhash_rust::xxh32::xxh32;

/// The sixteen letters a nibble is written as (no hex digits, vowels or look-alikes, so an ID is
/// never read as a number or a word).
pub(crate) const ALPHABET: &[u8; 16] = b"ZPMQVRWSNKTXJBYH";

/// The ID of `line` (without its line ending) at 1-based `number`.
pub(crate) fn line_id(number: usize, line: &str) -> [u8; 2] {
    let normalized = normalized(line);
    let seed = if normalized.chars().any(letter_or_digit) {
        0
    } else {
        // The reference seeds with the line number as a 32-bit integer.
        number as u32
    };
    let low = (xxh32(normalized.as_bytes(), seed) & 0xff) as usize;
    [ALPHABET[low >> 4], ALPHABET[low & 0xf]]
}

/// [`line_id`] as a string.
pub(crate) fn line_id_str(number: usize, line: &str) -> String {
    let id = line_id(number, line);
    String::from_utf8_lossy(&id).into_owned()
}

/// Whether `line` holds a letter or digit, so that its ID is the same at any position.
pub(crate) fn significant(line: &str) -> bool {
    normalized(line).chars().any(letter_or_digit)
}

/// `line` as it is hashed: every `\r` removed, then trailing whitespace trimmed as JavaScript's
/// `trimEnd` does ([`js_whitespace`]).
fn normalized(line: &str) -> std::borrow::Cow<'_, str> {
    if line.contains('\r') {
        let owned: String = line.chars().filter(|&c| c != '\r').collect();
        std::borrow::Cow::Owned(owned.trim_end_matches(js_whitespace).to_string())
    } else {
        std::borrow::Cow::Borrowed(line.trim_end_matches(js_whitespace))
    }
}

/// JavaScript's whitespace and line terminators (what `String.prototype.trimEnd` removes):
/// Rust's `char::is_whitespace` differs in two characters, U+0085 (Rust's only) and U+FEFF
/// (JavaScript's only), and the IDs must be the reference's byte for byte.
fn js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// Unicode `\p{L}` or `\p{N}` (Rust's `is_alphanumeric` also counts marks and other alphabetic
/// characters that are not letters).
fn letter_or_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    matches!(
        get_general_category(c),
        C::UppercaseLetter
            | C::LowercaseLetter
            | C::TitlecaseLetter
            | C::ModifierLetter
            | C::OtherLetter
            | C::DecimalNumber
            | C::LetterNumber
            | C::OtherNumber
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_hash_by_content_punctuation_by_position() {
        // The same code line has the same ID at any line; a `}` or a blank line does not.
        assert_eq!(line_id(3, "let x = 1;"), line_id(90, "let x = 1;"));
        let braces: std::collections::HashSet<_> = (1..=40).map(|n| line_id(n, "}")).collect();
        assert!(braces.len() > 20, "{braces:?}");
    }

    #[test]
    fn crs_and_trailing_whitespace_do_not_change_the_id_but_leading_does() {
        assert_eq!(line_id(1, "a = 1"), line_id(1, "a = 1 \t\r"));
        assert_eq!(line_id(1, "a = 1"), line_id(1, "a = 1\u{feff}"));
        assert_ne!(line_id(1, "a = 1"), line_id(1, "a = 1\u{85}"));
        assert_ne!(line_id(1, "a = 1"), line_id(1, "  a = 1"));
    }

    #[test]
    fn a_combining_mark_alone_is_not_a_letter() {
        // U+0345 is alphabetic to Rust but a mark (Mn) to `\p{L}`: seeded by position.
        assert!('\u{345}'.is_alphabetic() && !letter_or_digit('\u{345}'));
        assert!(letter_or_digit('é') && letter_or_digit('٣') && letter_or_digit('Ⅻ'));
    }
}
