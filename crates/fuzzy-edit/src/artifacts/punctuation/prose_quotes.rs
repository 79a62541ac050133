//! Whether the file writes typographic quotes in its prose: then a comment the model writes
//! with them (`// it’s`, `// the “notes” section`) is in the file's style, whichever of the
//! four it uses, and is kept as the model wrote it, as it keeps an edit it asks for. Unless
//! `old` shows the model retyping the file's ASCII quotes (`#[doc(alias = “X”)]` for the
//! file's `"X"`): then its quotes are its habit in this edit, in comments too.

use crate::thresholds::SENTENCE_WORDS;

/// The typographic quotes: a file that writes one of them writes text, not only code.
const QUOTES: [char; 4] = ['\u{201C}', '\u{201D}', '\u{2018}', '\u{2019}'];

/// Whether the typographic quotes of a comment `new` writes are the file's style (see the
/// module docs).
pub(super) fn quotes_in_files_style(file: &str, old: &str) -> bool {
    file.contains(QUOTES) && !retypes_ascii_quotes(file, old)
}

/// Whether a line of `old` holds a typographic quote where the file's line has the ASCII one:
/// the line, quotes folded to ASCII, is in the file, and as written it is not. (A line with a
/// slip of its own is neither: no evidence either way.)
fn retypes_ascii_quotes(file: &str, old: &str) -> bool {
    old.lines()
        .map(str::trim)
        .filter(|l| l.contains(QUOTES))
        .any(|l| {
            let ascii: String = l
                .chars()
                .map(|c| match c {
                    '\u{201C}' | '\u{201D}' => '"',
                    '\u{2018}' | '\u{2019}' => '\'',
                    c => c,
                })
                .collect();
            !file.contains(l) && file.contains(&ascii)
        })
}

/// Whether `line` (its indentation off) reads as a sentence, not code: a capitalised word and
/// at least three more, words and punctuation only, no brackets, operators or statement end.
/// (`See the “notes” section; it’s important.` is a sentence; `Print(“hi”)`, `X = “a b c”`,
/// `Raise “a b c”;` are not.)
pub(super) fn a_sentence(line: &str) -> bool {
    let line = line.trim_end();
    let words = line.split_whitespace().count();
    let first = line.split_whitespace().next().unwrap_or("");
    let capitalised = first.chars().next().is_some_and(char::is_uppercase)
        && first
            .chars()
            .skip(1)
            .all(|c| c.is_lowercase() || QUOTES.contains(&c));
    let plain = line
        .chars()
        .all(|c| c.is_alphanumeric() || c == ' ' || QUOTES.contains(&c) || ",.;:!?-'".contains(c));
    words >= SENTENCE_WORDS && capitalised && plain && !line.ends_with([';', ':', ','])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_with_typographic_quotes_writes_its_comments_with_them() {
        assert!(quotes_in_files_style("// it\u{2019}s\nx = 1\n", "x = 1"));
        assert!(quotes_in_files_style("/// the \u{201c}x\u{201d}\n", "y"));
        assert!(!quotes_in_files_style("// it's \"x\" \u{2014} y\n", "y"));
    }

    #[test]
    fn a_sentence_is_words_and_punctuation_only() {
        assert!(a_sentence(
            "See the \u{201c}notes\u{201d} section; it\u{2019}s important."
        ));
        assert!(a_sentence("The \u{201c}fast\u{201d} path is the default"));
        assert!(!a_sentence("Print(\u{201c}hi there you\u{201d})"));
        assert!(!a_sentence("X = \u{201c}a b c\u{201d}"));
        assert!(!a_sentence("Raise \u{201c}a b c\u{201d};"));
        assert!(!a_sentence("return \u{201c}a b c\u{201d}"));
        assert!(!a_sentence("See \u{201c}notes\u{201d}."));
    }

    #[test]
    fn unless_old_retyped_the_files_ascii_quotes() {
        let file = "// it\u{2019}s\n#[doc(alias = \"X\")]\n";
        assert!(!quotes_in_files_style(
            file,
            "#[doc(alias = \u{201c}X\u{201d})]"
        ));
        // A slip on the line besides: no evidence.
        assert!(quotes_in_files_style(
            file,
            "#[dac(alias = \u{201c}X\u{201d})]"
        ));
    }
}
