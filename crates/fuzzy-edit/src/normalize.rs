//! Line normalizations, from strict to loose, shared by the strategies.
//!
//! Each [`Level`] includes the ones before it, so a window that matches at a strict level also
//! matches at every looser one. That lets the engine find candidate windows once, at the loosest
//! level, and let each strategy keep the windows that still match at its own level.

use std::borrow::Cow;

use crate::thresholds::SHORT_LITERAL;
use crate::Language;

mod loose_hash;

pub(crate) use loose_hash::{loose_hash, HashBits};

/// How much of a line is ignored when two lines are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// Trailing whitespace ignored.
    TrailingWhitespace,
    /// Leading and trailing whitespace ignored (indentation, tabs vs spaces).
    Indentation,
    /// Also: curly quotes, unicode dashes, odd spaces and `…` read as their ASCII forms.
    UnicodePunctuation,
    /// Also: every run of inner whitespace read as one space.
    InnerWhitespace,
}

impl Level {
    /// Every level, strict to loose: the equality strategies after `exact`, in cascade order.
    pub(crate) const LINE_LEVELS: [Level; 4] = [
        Level::TrailingWhitespace,
        Level::Indentation,
        Level::UnicodePunctuation,
        Level::InnerWhitespace,
    ];
}

/// Whether two lines are equal at `level`.
pub(crate) fn lines_equal(a: &str, b: &str, level: Level) -> bool {
    if a == b {
        return true;
    }
    match level {
        Level::TrailingWhitespace => a.trim_end() == b.trim_end(),
        Level::Indentation => a.trim() == b.trim(),
        Level::UnicodePunctuation => key(a, level) == key(b, level),
        Level::InnerWhitespace => loose_equal(a, b),
    }
}

/// Whether two lines have the same loose key, compared without allocating.
pub(crate) fn loose_equal(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return a.split_ascii_whitespace().eq(b.split_ascii_whitespace());
    }
    let mut left: Vec<char> = Vec::new();
    for_each_loose_char(a, |c| left.push(c));
    let mut i = 0;
    let mut same = true;
    for_each_loose_char(b, |c| {
        same = same && left.get(i) == Some(&c);
        i += 1;
    });
    same && i == left.len()
}

/// The normalized form of a line at `level`.
pub(crate) fn key(line: &str, level: Level) -> Cow<'_, str> {
    match level {
        Level::TrailingWhitespace => Cow::Borrowed(line.trim_end()),
        Level::Indentation => Cow::Borrowed(line.trim()),
        Level::UnicodePunctuation => {
            let t = line.trim();
            if t.is_ascii() {
                return Cow::Borrowed(t);
            }
            let mut out = String::with_capacity(t.len());
            for c in t.chars() {
                push_punctuation(c, &mut out);
            }
            Cow::Owned(out.trim().to_string())
        }
        Level::InnerWhitespace => {
            if let Some(plain) = plain_key(line) {
                return Cow::Borrowed(plain);
            }
            let mut out = String::with_capacity(line.len());
            for_each_loose_char(line, |c| out.push(c));
            Cow::Owned(out)
        }
    }
}

/// The trimmed line when it is its own loose key, as most lines of code are: ASCII, no
/// whitespace inside it but single spaces. Keys are taken of every line of a file by the
/// loose strategies; this spares them an allocation each.
fn plain_key(line: &str) -> Option<&str> {
    let trimmed = trim_ascii_line(line);
    // Eight bytes at a time first: byte by byte, the keys of a 100k-line file's lines took
    // 54 M instructions of a snippet request (callgrind).
    if loose_hash::plain(trimmed.as_bytes()) {
        return Some(trimmed);
    }
    let mut previous_space = false;
    for &b in trimmed.as_bytes() {
        if b >= 0x80 || (ascii_space(b) && (b != b' ' || previous_space)) {
            return None;
        }
        previous_space = b == b' ';
    }
    Some(trimmed)
}

/// The whitespace `char::is_whitespace` has among ASCII: with the vertical tab.
fn ascii_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0b
}

/// How many spaces `bytes` starts with, counted eight at a time (most indentation is spaces;
/// callgrind, a 100k-line file through the pipe: the file's indentation habits
/// ([`crate::indent::IndentHabits::of`]) 11.3 M -> 9.3 M instructions, the loose hashes of its
/// lines 24.3 M -> 22.4 M).
pub(crate) fn leading_spaces(bytes: &[u8]) -> usize {
    const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
    let mut n = 0;
    while let Some(eight) = bytes.get(n..n + 8) {
        let other = u64::from_le_bytes(eight.try_into().expect("eight bytes")) ^ SPACES;
        if other != 0 {
            // The first byte that is not a space is the lowest non-zero one.
            return n + (other.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + bytes[n..].iter().take_while(|&&b| b == b' ').count()
}

/// The line with ASCII whitespace trimmed from both ends, by bytes: `line.trim()` for an ASCII
/// line, without decoding characters (`str::trim_ascii` leaves the vertical tab).
pub(crate) fn trim_ascii_line(line: &str) -> &str {
    let bytes = line.as_bytes();
    let spaces = leading_spaces(bytes);
    let Some(start) = bytes[spaces..]
        .iter()
        .position(|&b| !ascii_space(b))
        .map(|at| spaces + at)
    else {
        return "";
    };
    let end = bytes
        .iter()
        .rposition(|&b| !ascii_space(b))
        .map_or(start, |e| e + 1);
    &line[start..end]
}

/// `line.trim()`, by bytes when the line ends in ASCII on both sides once its ASCII whitespace
/// is off (most lines of code): decoding characters to trim them was most of the cost of
/// comparing every line of a large file with one line of `old`.
pub(crate) fn trim_line(line: &str) -> &str {
    let trimmed = trim_ascii_line(line);
    match (trimmed.as_bytes().first(), trimmed.as_bytes().last()) {
        (Some(&a), Some(&z)) if a >= 0x80 || z >= 0x80 => line.trim(),
        _ => trimmed,
    }
}

/// The loosest key of a line, as used by [`crate::text::Text::loose_hashes`].
pub(crate) fn loose_key(line: &str) -> Cow<'_, str> {
    key(line, Level::InnerWhitespace)
}

/// Feed the loose characters of `line` to `f`: trimmed, punctuation mapped to ASCII, inner
/// whitespace runs collapsed to one space.
fn for_each_loose_char(line: &str, mut f: impl FnMut(char)) {
    let mut mapped = String::with_capacity(4);
    let mut pending_space = false;
    let mut started = false;
    for c in line.chars() {
        mapped.clear();
        push_punctuation(c, &mut mapped);
        for m in mapped.chars() {
            if m.is_whitespace() {
                pending_space = started;
                continue;
            }
            if pending_space {
                f(' ');
                pending_space = false;
            }
            started = true;
            f(m);
        }
    }
}

/// A line's loose form without trimming (punctuation mapped, whitespace runs as one space),
/// with, for each char of it, the byte range of the source text it came from.
pub(crate) fn loose_with_offsets(line: &str) -> (Vec<char>, Vec<std::ops::Range<usize>>) {
    let mut chars = Vec::with_capacity(line.len());
    let mut spans: Vec<std::ops::Range<usize>> = Vec::with_capacity(line.len());
    let mut mapped = String::new();
    for (i, c) in line.char_indices() {
        let end = i + c.len_utf8();
        mapped.clear();
        push_punctuation(c, &mut mapped);
        for m in mapped.chars() {
            if m.is_whitespace() {
                if chars.last() == Some(&' ') {
                    if let Some(last) = spans.last_mut() {
                        last.end = end;
                    }
                    continue;
                }
                chars.push(' ');
            } else {
                chars.push(m);
            }
            spans.push(i..end);
        }
    }
    (chars, spans)
}

/// The line with its typographic punctuation as ASCII and its variation selectors dropped
/// ([`push_punctuation`]), nothing trimmed or collapsed: what a model retyping the line writes
/// (`⚠ don't` for `⚠️ don’t`), so that a slip on such a line is a slip on its ASCII form.
pub(crate) fn punctuation_as_typed(line: &str) -> Cow<'_, str> {
    if line.is_ascii() {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        push_punctuation(c, &mut out);
    }
    Cow::Owned(out)
}

/// Push `c`, or its ASCII stand-in when it is typographic punctuation or an odd space.
pub(crate) fn push_punctuation(c: char, out: &mut String) {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => out.push('\''),
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => out.push('"'),
        '\u{2010}'..='\u{2015}' | '\u{2212}' => out.push('-'),
        '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => {
            out.push(' ')
        }
        '\u{2026}' => out.push_str("..."),
        // Zero-width characters, and the variation selectors that ask for an emoji's text or
        // picture form (`⚠` and `⚠️`): a model retyping the line drops them unseen.
        '\u{200B}' | '\u{FEFF}' | '\u{FE0E}' | '\u{FE0F}' => {}
        c => out.push(c),
    }
}

/// Undo the escapes a model writes when it double-encodes a string: `\n`, `\t`, `\r`, `\"`,
/// `\'`, `` \` ``, `\$`, `\\`. Returns `None` when there is nothing to undo.
pub(crate) fn unescape(s: &str) -> Option<String> {
    unescape_where(s, None, false)
}

/// [`unescape`] for a `new` the model wrote: a `\n` inside a string literal it opened with a
/// plain `"` on the same line (`return x + "\n"`), or with a `'` where one opens a literal
/// ([`single_quoted`]: `lines.join('\n')`, C's `'\n'`), is that literal's escape, not a line
/// break, and is kept. (A `new` encoded twice writes its quotes as `\"`; a plain one is code.)
pub(crate) fn unescape_code(s: &str, language: Option<Language>) -> Option<String> {
    unescape_where(s, Some(quotes_strings(language)), false)
}

/// [`unescape_code`] for a `new` escaped as a whole (its backslashes doubled too): a `\\`
/// inside a `"` literal is decoded once as well (`"a\\n"` is the program's `"a\n"`).
pub(crate) fn unescape_code_whole(s: &str, language: Option<Language>) -> Option<String> {
    unescape_where(s, Some(quotes_strings(language)), true)
}

/// Whether `'` delimits strings of any length in `language`, not just character literals
/// (Rust, C, Java, Go) or nothing at all (an unknown language: short literals only).
fn quotes_strings(language: Option<Language>) -> bool {
    use Language::*;
    matches!(
        language,
        Some(Python | JavaScript | TypeScript | Tsx | Bash | Yaml | Toml)
    )
}

/// Whether `c` can be part of a name or a number (`total_sum`, `x2`, `é`): where a match that
/// starts or ends beside one cuts a word in two.
pub(crate) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `word` occurs in `text` as a whole word (no word character either side).
pub(crate) fn contains_word(text: &str, word: &str) -> bool {
    // memchr's vectorized search, not `str::match_indices` (a byte-at-a-time two-way search):
    // a word the file lacks is a scan of the whole file. Both give the same non-overlapping
    // starts; an occurrence skipped inside another starts after a word character anyway.
    !word.is_empty()
        && memchr::memmem::find_iter(text.as_bytes(), word.as_bytes())
            .any(|at| word_at(text, at, word.len()))
}

/// Whether the `len` bytes of `text` at `at` stand as a whole word: no word character either
/// side.
pub(crate) fn word_at(text: &str, at: usize, len: usize) -> bool {
    let before = text[..at].chars().next_back();
    let after = text[at + len..].chars().next();
    !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char)
}

/// Whether the `'` that `rest` follows, after the character `prev`, opens a literal: it is not
/// an apostrophe within a word (`don't`), and the next unescaped `'` on the line closes it
/// without running into a word (`&'a str, &'b` is two lifetimes), within [`SHORT_LITERAL`]
/// characters unless `any_length`.
fn single_quoted(prev: Option<char>, rest: &str, any_length: bool) -> bool {
    if prev.is_some_and(is_word_char) {
        return false;
    }
    let mut chars = rest.chars();
    let mut body = 0;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
                body += 2;
            }
            '\'' => return !chars.next().is_some_and(is_word_char),
            '\n' => return false,
            _ => body += 1,
        }
        if body > SHORT_LITERAL && !any_length {
            return false;
        }
    }
    false
}

/// [`unescape`], keeping each `\n` inside a quoted literal when `keep_in_strings` says how
/// `'` quotes (see [`unescape_code`]); `whole`: a `\\` inside a `"` literal is decoded too.
fn unescape_where(s: &str, keep_in_strings: Option<bool>, whole: bool) -> Option<String> {
    if !s.contains('\\') {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.char_indices().peekable();
    let mut changed = false;
    // The quote of the literal open since the last decoded line break: a plain `"` (not `"""`)
    // or a `'` that opens a literal.
    let mut quote: Option<char> = None;
    let mut prev: Option<char> = None;
    while let Some((at, c)) = chars.next() {
        if c != '\\' {
            match (keep_in_strings, quote, c) {
                (None, _, _) => {}
                (Some(_), Some(q), c) if c == q => quote = None,
                (Some(_), None, '"') => {
                    // `""` is an empty literal and `"""` a docstring's quotes: neither
                    // leaves a plain literal open.
                    let run = s[at..].bytes().take_while(|&b| b == b'"').count();
                    if run == 1 {
                        quote = Some('"');
                    } else {
                        for _ in 1..run {
                            chars.next();
                            out.push('"');
                        }
                    }
                }
                (Some(any_length), None, '\'') if single_quoted(prev, &s[at + 1..], any_length) => {
                    quote = Some('\'');
                }
                _ => {}
            }
            prev = Some(c);
            out.push(c);
            continue;
        }
        let next = chars.peek().map(|&(_, c)| c);
        // Inside a literal the model opened with a plain `"`, every escape is the literal's
        // own (`"a\"b"`): a text encoded twice would have written that quote `\"` too. A
        // `'` is not escaped by that encoding, so inside `'…'` only a line break is kept
        // (`'\n'`), and `'\\n'` is decoded once.
        let own = match quote {
            Some('"') => next.is_some() && !(whole && next == Some('\\')),
            Some(_) => next == Some('n'),
            None => false,
        };
        if let (true, Some(n)) = (own, next) {
            chars.next();
            out.push('\\');
            out.push(n);
            prev = Some(n);
            continue;
        }
        let replacement = match next {
            Some('n') => Some('\n'),
            Some('t') => Some('\t'),
            Some('r') => Some('\r'),
            Some('"') => Some('"'),
            Some('\'') => Some('\''),
            Some('`') => Some('`'),
            Some('$') => Some('$'),
            Some('\\') => Some('\\'),
            _ => None,
        };
        match replacement {
            Some(r) => {
                chars.next();
                changed = true;
                if r == '\n' {
                    quote = None;
                }
                if r != '\r' {
                    out.push(r);
                }
                prev = Some(r);
            }
            None => {
                out.push(c);
                prev = Some(c);
            }
        }
    }
    changed.then_some(out)
}

/// Leading-whitespace width of a line, a tab counting as [`TAB_WIDTH`] columns.
pub(crate) fn indent_width(line: &str) -> usize {
    indent_columns(line, TAB_WIDTH)
}

/// Leading-whitespace width of a line, a tab counting as `tab` columns.
pub(crate) fn indent_columns(line: &str, tab: usize) -> usize {
    line.chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .map(|c| if c == '\t' { tab } else { 1 })
        .sum()
}

/// The leading whitespace of a line.
pub(crate) fn indent_of(line: &str) -> &str {
    let n = line.len() - line.trim_start_matches([' ', '\t']).len();
    &line[..n]
}

/// Columns a tab stands for when indentation widths are compared.
pub(crate) const TAB_WIDTH: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_emoji_without_its_variation_selector_is_loosely_the_same() {
        let file = "# \u{26A0}\u{FE0F} Don\u{2019}t \u{201C}retry\u{201D} \u{2714}\u{FE0F}";
        let old = "# \u{26A0} Don't \"retry\" \u{2714}";
        assert_eq!(loose_key(file), loose_key(old));
        assert_eq!(loose_hash(file), loose_hash(old));
        assert!(lines_equal(file, old, Level::InnerWhitespace));
        // Another emoji is another line.
        assert_ne!(
            loose_key(file),
            loose_key("# \u{26A1} Don't \"retry\" \u{2714}")
        );
    }

    #[test]
    fn an_ascii_line_trims_by_bytes_as_trim_does() {
        let spaces = [" ", "\t", "\x0b", "\x0c", "\r", "\n", ""];
        for a in spaces {
            for b in spaces {
                for inner in ["", "x", "let  x = 1;", "a\x0bb"] {
                    let line = format!("{a}{b}{inner}{b}{a}");
                    assert_eq!(trim_ascii_line(&line), line.trim(), "{line:?}");
                }
            }
        }
    }

    #[test]
    fn levels_are_cumulative() {
        let a = "\tlet  x = \u{201C}a\u{201D};  ";
        let b = "    let x = \"a\";";
        assert!(!lines_equal(a, b, Level::Indentation));
        assert!(!lines_equal(a, b, Level::UnicodePunctuation));
        assert!(lines_equal(a, b, Level::InnerWhitespace));
        assert_eq!(loose_hash(a), loose_hash(b));
        assert_eq!(loose_key(a), "let x = \"a\";");
    }

    #[test]
    fn plain_keys_agree_with_the_loose_characters() {
        for line in [
            "",
            "   ",
            "\t",
            "x",
            "  let a = 1;  ",
            "a  b",
            "a\tb",
            "a\u{0b}b",
            "\u{0b}a\u{0b}",
            "\u{00A0}a",
            "\u{201C}x\u{201D}",
            " a b\r",
            "fn f() {",
        ] {
            let mut slow = String::new();
            for_each_loose_char(line, |c| slow.push(c));
            assert_eq!(loose_key(line), slow, "{line:?}");
            if let Some(plain) = plain_key(line) {
                assert_eq!(plain, slow, "{line:?}");
            }
        }
        // The common line takes the path without allocating.
        assert_eq!(plain_key("  let a = 1;  "), Some("let a = 1;"));
        assert_eq!(plain_key("a  b"), None);
    }

    #[test]
    fn loose_equal_agrees_with_keys() {
        for (a, b) in [
            ("a  b", " a b "),
            ("a b", "ab"),
            ("\u{201C}x\u{201D}", "\"x\""),
            ("x", "x y"),
            ("", "  "),
        ] {
            assert_eq!(
                loose_equal(a, b),
                loose_key(a) == loose_key(b),
                "{a:?} {b:?}"
            );
        }
    }

    #[test]
    fn ascii_and_unicode_hash_paths_agree() {
        let ascii = "  a   b\tc ";
        let uni = "\u{00A0} a \u{2003} b\tc ";
        assert_eq!(loose_hash(ascii), loose_hash(uni));
        assert_ne!(loose_hash("ab"), loose_hash("a b"));
    }

    #[test]
    fn offsets_map_back_to_the_source() {
        let (chars, spans) = loose_with_offsets("a  \u{201C}b");
        assert_eq!(chars.iter().collect::<String>(), "a \"b");
        assert_eq!(spans, [0..1, 1..3, 3..6, 6..7]);
    }

    #[test]
    fn unescape_handles_common_escapes() {
        assert_eq!(unescape(r#"a\nb\t\"c\"\\"#).unwrap(), "a\nb\t\"c\"\\");
        assert_eq!(unescape("plain"), None);
        assert_eq!(unescape(r"\d+"), None);
    }

    #[test]
    fn unescape_code_keeps_line_breaks_inside_literals() {
        // A `'` literal, short in any language, of any length where `'` quotes strings.
        let js = r"a();\n  return lines.join('\n');";
        assert_eq!(
            unescape_code(js, None).unwrap(),
            "a();\n  return lines.join('\\n');"
        );
        let py = r"x = 1\nreturn 'rows and more:\n' + y";
        assert_eq!(
            unescape_code(py, Some(Language::Python)).unwrap(),
            "x = 1\nreturn 'rows and more:\\n' + y"
        );
        assert_eq!(
            unescape_code(py, Some(Language::Rust)).unwrap(),
            "x = 1\nreturn 'rows and more:\n' + y"
        );
        // Apostrophes and lifetimes open nothing.
        let rust = r"fn f<'a>(x: &'a str) {\n    // don't\n    g(x)";
        assert_eq!(
            unescape_code(rust, None).unwrap(),
            "fn f<'a>(x: &'a str) {\n    // don't\n    g(x)"
        );
        // A `"` inside a `'` literal does not toggle strings.
        assert_eq!(
            unescape_code(r#"a('"\n')\nb()"#, None).unwrap(),
            "a('\"\\n')\nb()"
        );
    }

    #[test]
    fn single_quotes_open_a_literal_only_where_one_closes() {
        assert!(single_quoted(Some('('), r"\n')", false));
        assert!(!single_quoted(Some('n'), "t do it'", true));
        assert!(!single_quoted(Some('&'), "a str, y: &'b str", true));
        assert!(!single_quoted(Some(' '), "a long text here'", false));
        assert!(single_quoted(Some(' '), "a long text here'", true));
    }

    proptest::proptest! {
        /// Lines of ASCII and Unicode whitespace (the vertical tab, a no-break space, an
        /// ideographic space, NEL), letters and an accented one, at either end or inside.
        #[test]
        fn trim_line_is_str_trim(line in "[a \t\u{b}\u{c}\r\u{a0}\u{3000}\u{85}\u{e9}]{0,12}") {
            proptest::prop_assert_eq!(trim_line(&line), line.trim());
        }

        /// Spaces counted eight at a time are those a byte-by-byte count finds.
        #[test]
        fn leading_spaces_counts_bytes(line in "( {1,19}|[\t\u{e9}a]){0,4}") {
            let bytewise = line.bytes().take_while(|&b| b == b' ').count();
            proptest::prop_assert_eq!(leading_spaces(line.as_bytes()), bytewise);
        }

        /// A line is its own loose key exactly when the byte-by-byte test says so, whatever
        /// the word test decides first: control characters, doubled and edge spaces, Unicode,
        /// at every offset of a word.
        #[test]
        fn plain_key_tests_words_as_bytes(line in "[a \t\u{1}\u{b}\u{1f}\u{7f}\u{e9}]{0,20}") {
            let trimmed = trim_ascii_line(&line);
            let mut previous_space = false;
            let bytewise = trimmed.bytes().all(|b| {
                let plain = b < 0x80 && !(ascii_space(b) && (b != b' ' || previous_space));
                previous_space = b == b' ';
                plain
            });
            proptest::prop_assert_eq!(plain_key(&line), bytewise.then_some(trimmed));
        }

        /// A word is found as `str::match_indices` finds it, bounded by no word character.
        #[test]
        fn contains_word_finds_bounded_words(text in "[ab_ .\u{e9}]{0,24}", word in "[ab\u{e9}]{1,3}") {
            let bounded = text.match_indices(word.as_str()).any(|(at, _)| {
                !text[..at].chars().next_back().is_some_and(is_word_char)
                    && !text[at + word.len()..].chars().next().is_some_and(is_word_char)
            });
            proptest::prop_assert_eq!(contains_word(&text, &word), bounded);
        }
    }

    #[test]
    fn indent_width_counts_tabs() {
        assert_eq!(indent_width("\t  x"), 6);
        assert_eq!(indent_of("\t  x"), "\t  ");
    }
}
