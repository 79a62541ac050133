//! Typographic punctuation (curly quotes, dashes, odd spaces) on the lines the model wrote
//! fresh in `new`, mapped to ASCII where it is not the file's own.

use crate::normalize::push_punctuation;
use crate::text::Text;
use crate::Language;

mod apostrophes;
mod habit;
mod kept;
mod prose_quotes;
use apostrophes::{apostrophes_only, only_apostrophes_changed, APOSTROPHE};
use habit::{ascii_for, habits};
use kept::kept_stretches;
use prose_quotes::quotes_in_files_style;

/// Typographic punctuation in the lines of `new` that are not lines of `old`, outside ASCII
/// string literals (where it may be the program's text), mapped to ASCII where the file does
/// not use that character itself: in code it breaks the program, in a comment it is not the
/// file's style. A string that a mapped quote opens was written in the same habit: its
/// punctuation is mapped too, and the mapped quote that matches its opener closes it.
pub(super) fn plain_punctuation(
    text: &Text,
    old: &str,
    new: &str,
    language: Option<Language>,
) -> Option<String> {
    if new.is_ascii() || only_apostrophes_changed(old, new) {
        return None;
    }
    // Odd spaces first, strings and comments included (see `plain_spaces`).
    let spaced = plain_spaces(text, old, new);
    let new_view = spaced.as_deref().unwrap_or(new);
    let habit = habits(text.as_str(), old, new_view);
    let mut foreign = Foreign {
        file: text.as_str(),
        asked: Vec::new(),
        own_apostrophes: writes_apostrophes(text.as_str(), old, new_view, &habit),
        habit,
        prose_quotes: quotes_in_files_style(text.as_str(), old),
        prose: false,
        in_code: false,
        language,
    };
    let mut out = map_lines(&mut foreign, old, new_view);
    // Comments are mapped wholly (dashes too) only where `new` shows the habit in its code
    // too: a developer may write a dash in a comment on purpose (4 of the 1,108 real hunks of
    // the accuracy benchmark do, in files with none), a model's habit is everywhere. (Their
    // quotes always are: see `Foreign::map_prose`.)
    if foreign.in_code {
        foreign.prose = true;
        out = map_lines(&mut foreign, old, new_view);
    }
    (out != new).then_some(out)
}

/// In prose (Markdown, plain text, HTML), where curly quotes and dashes are the author's: the
/// odd spaces (see [`plain_spaces`]), a line `old` has but for its punctuation written as
/// `old` has it, and the characters the model shows as its habit in this edit (see
/// [`habits`]) mapped to ASCII on the lines it writes fresh.
pub(super) fn plain_prose(text: &Text, old: &str, new: &str) -> Option<String> {
    if new.is_ascii() || only_apostrophes_changed(old, new) {
        return None;
    }
    let spaced = plain_spaces(text, old, new);
    let new_view = spaced.as_deref().unwrap_or(new);
    let habit = habits(text.as_str(), old, new_view);
    let own_apostrophes = writes_apostrophes(text.as_str(), old, new_view, &habit);
    let old_lines: Vec<&str> = old.lines().collect();
    let mut out = String::with_capacity(new.len());
    for piece in new_view.split_inclusive('\n') {
        let body = piece.trim_end_matches(['\n', '\r']);
        let asked = own_apostrophes && old_lines.iter().any(|o| apostrophes_only(o, body));
        if body.is_ascii() || old_lines.contains(&body) || asked {
            out.push_str(piece);
        } else if let Some(same) = old_lines.iter().find(|o| same_but_punctuation(o, body)) {
            out.push_str(same);
            out.push_str(&piece[body.len()..]);
        } else {
            for c in piece.chars() {
                match ascii_for(c).filter(|_| habit.contains(&c)) {
                    Some(a) => out.push(a),
                    None => out.push(c),
                }
            }
        }
    }
    (out != new).then_some(out)
}

/// The odd spaces (no-break, thin, ideographic, zero-width) on the lines the model wrote
/// fresh, mapped to a plain space (zero-width ones dropped) where the file does not use that
/// character, in strings and comments too: no author types a no-break space where the rest of
/// the file has none, a model does (in Markdown it turns `-\u{a0}item` or an indentation of
/// them into text, not a list). Where the file uses one (French typography, `10\u{a0}km`) it
/// is the author's.
fn plain_spaces(text: &Text, old: &str, new: &str) -> Option<String> {
    if new.is_ascii() {
        return None;
    }
    let odd_space = |c: char| {
        let mut plain = String::new();
        push_punctuation(c, &mut plain);
        (c != ' ' && (plain == " " || plain.is_empty())).then_some(plain)
    };
    let old_lines: Vec<&str> = old.lines().collect();
    let mut out = String::with_capacity(new.len());
    for piece in new.split_inclusive('\n') {
        let body = piece.trim_end_matches(['\n', '\r']);
        if body.is_ascii() || old_lines.contains(&body) {
            out.push_str(piece);
            continue;
        }
        for c in piece.chars() {
            match odd_space(c).filter(|_| !text.as_str().contains(c)) {
                Some(plain) => out.push_str(&plain),
                None => out.push(c),
            }
        }
    }
    (out != new).then_some(out)
}

fn map_lines(foreign: &mut Foreign<'_>, old: &str, new: &str) -> String {
    let old_lines: Vec<&str> = old.lines().collect();
    let mut out = String::with_capacity(new.len());
    for piece in new.split_inclusive('\n') {
        let body = piece.trim_end_matches(['\n', '\r']);
        let starts = body.trim_start();
        let asked = foreign.own_apostrophes && old_lines.iter().any(|o| apostrophes_only(o, body));
        if body.is_ascii() || old_lines.contains(&body) || asked {
            out.push_str(piece);
        } else if let Some(same) = old_lines.iter().find(|o| same_but_punctuation(o, body)) {
            // A line `old` has, but for its punctuation, is that line: written as `old` has it.
            // The model retyped the file's quotes: that is its habit, in comments too.
            foreign.in_code = true;
            out.push_str(same);
            out.push_str(&piece[body.len()..]);
        } else {
            let mut mapped = String::with_capacity(body.len());
            // (A sentence on a line of its own, in a file that writes typographic quotes in its
            // prose, is prose: text in a multi-line string or a doc block.)
            let sentence = foreign.prose_quotes && prose_quotes::a_sentence(starts);
            if sentence || ["*", "/*", "<!--"].iter().any(|c| starts.starts_with(c)) {
                foreign.map_prose(body, &mut mapped);
            } else {
                foreign.map_code(body, &mut mapped);
            }
            // What is left typographic in the stretches it copied from its line of `old`
            // (in a comment, a string) keeps the file's characters. (Not in YAML and shell,
            // where a typographic quote may be the value's own text.)
            let text_quotes = matches!(foreign.language, Some(Language::Yaml | Language::Bash));
            let apostrophes = foreign.own_apostrophes;
            match kept_stretches(&old_lines, &mapped, apostrophes).filter(|_| !text_quotes) {
                Some(kept) => out.push_str(&kept),
                None => out.push_str(&mapped),
            }
            out.push_str(&piece[body.len()..]);
        }
    }
    out
}

/// Which typographic characters the file does not use, asked once per character (it scans
/// the file).
struct Foreign<'f> {
    file: &'f str,
    asked: Vec<(char, bool)>,
    /// The characters the model shows as its habit in this edit (see [`habits`]): mapped in
    /// strings and comments too.
    habit: Vec<char>,
    /// Whether apostrophes inside words are the file's own, asked for (see
    /// [`writes_apostrophes`]).
    own_apostrophes: bool,
    /// Whether the file writes typographic quotes (see `prose_quotes`): then its comments'
    /// are the author's style, unless the model shows them as its habit in this edit.
    prose_quotes: bool,
    /// Whether comments are mapped.
    prose: bool,
    /// Whether a character in code was mapped.
    in_code: bool,
    /// The file's language, where known: in shell and YAML words stand unquoted.
    language: Option<Language>,
}

impl Foreign<'_> {
    /// The ASCII for `c`, when `c` is typographic and not the file's own.
    fn plain(&mut self, c: char) -> Option<String> {
        let mut plain = String::new();
        push_punctuation(c, &mut plain);
        if plain.len() == c.len_utf8() && plain.starts_with(c) {
            return None;
        }
        let own = match self.asked.iter().find(|(k, _)| *k == c) {
            Some(&(_, own)) => own,
            None => {
                let own = self.file.contains(c);
                self.asked.push((c, own));
                own
            }
        };
        (!own).then_some(plain)
    }

    /// The ASCII for a typographic double quote outside any string of a JSON line, even where
    /// the file's strings hold that character: JSON's syntax has no other quote there, so it
    /// delimits a string the model typed curly (`“key”: “value”`).
    fn json_delimiter(&self, c: char, outside: bool) -> Option<String> {
        let json = self.language == Some(Language::Json);
        (json && outside && matches!(c, '\u{201C}' | '\u{201D}')).then(|| "\"".to_string())
    }

    /// The ASCII for `c` where it is one of the model's habits in this edit.
    fn habitual(&self, c: char) -> Option<char> {
        ascii_for(c).filter(|_| self.habit.contains(&c))
    }

    /// Whether a typographic quote outside any string, after `prev`, is the
    /// program's text in the file's language. YAML has no such quote in its syntax: `“Final”`
    /// is a plain scalar whose value holds the quotes. In shell, a quote inside an unquoted
    /// word (`It’s`, `s/“/\"/g`) is part of the word; as ASCII it would open a string the line
    /// never closes, where one opening a word (`echo “hi”`) is the model's habit.
    fn quote_is_text(&self, prev: char) -> bool {
        match self.language {
            Some(Language::Yaml) => true,
            // (After an operator or another quote, a word starts.)
            Some(Language::Bash) => {
                !prev.is_whitespace()
                    && !matches!(
                        prev,
                        '=' | '(' | ')' | ';' | '|' | '&' | '<' | '>' | '`' | '{' | '$'
                    )
                    && !matches!(prev, '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}')
            }
            _ => false,
        }
    }

    /// A comment: every character the file does not use is mapped, when comments are, and
    /// otherwise the quotes the file does not use and the characters the model shows as its
    /// habit in this edit. A typographic quote in a comment of a file that has none is the
    /// model's: mapping all of them in comments turned no real hunk of the accuracy benchmark
    /// from exact (and 6 of the 14 located of `curly_new_only` exact), whereas mapping dashes
    /// too turned 4 of its 1,108 real hunks located in every class: their developers wrote
    /// `—` and `–` in comments of files with none.
    fn map_prose(&mut self, s: &str, out: &mut String) {
        for c in s.chars() {
            let quote = matches!(ascii_for(c), Some('\'' | '"'));
            let styled = matches!(c, '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}')
                && self.prose_quotes
                && self.habitual(c).is_none();
            let plain = if self.prose || (quote && !styled) {
                self.plain(c)
            } else {
                self.habitual(c).map(String::from)
            };
            match plain {
                Some(plain) => out.push_str(&plain),
                None => out.push(c),
            }
        }
    }

    /// A line of code: mapped outside strings the model wrote with ASCII quotes; a line
    /// comment is prose.
    fn map_code(&mut self, body: &str, out: &mut String) {
        // The open string's quote, and whether a mapped quote opened it.
        let mut quote: Option<(char, bool)> = None;
        let mut escaped = false;
        let mut prev = ' ';
        for (at, c) in body.char_indices() {
            let line_comment = quote.is_none() && starts_line_comment(body, at, c, prev);
            if line_comment {
                self.map_prose(&body[at..], out);
                return;
            }
            let curly = matches!(c, '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}');
            if quote.is_none() && curly && self.quote_is_text(prev) {
                prev = c;
                out.push(c);
                continue;
            }
            if curly && (in_character_class(body, at) || in_regex_literal(body, at)) {
                // `[“”]` quotes nothing: a regex class of the characters, which the program
                // means as written. (A bare `“”` is an empty string typed curly.)
                prev = c;
                out.push(c);
                continue;
            }
            prev = c;
            let mut plain = self
                .plain(c)
                .or_else(|| self.json_delimiter(c, quote.is_none()));
            self.in_code |= plain.is_some();
            // The quote that closes a string a mapped quote opened is mapped, even where the
            // file has that character (in its prose): both ends of a string are read alike.
            if let Some((q, true)) = quote.filter(|_| plain.is_none() && !escaped) {
                let mut ascii = String::new();
                push_punctuation(c, &mut ascii);
                plain = (c != q && ascii.starts_with(q) && ascii.len() == 1).then_some(ascii);
            }
            let quote_char = |p: &String| p.starts_with(['"', '\'']);
            match (quote, plain) {
                // `\’` in a string: the escape says the model meant the quote.
                (Some(_), Some(plain)) if escaped && quote_char(&plain) => {
                    escaped = false;
                    out.push_str(&plain);
                }
                (Some((q, true)), Some(plain)) if !escaped => {
                    if plain.starts_with(q) {
                        quote = None;
                    }
                    out.push_str(&plain);
                }
                // A habit of the model's, in a string: mapped, unless it would close the string.
                (Some((q, _)), Some(_)) if !escaped && self.habitual(c).is_some_and(|a| a != q) => {
                    out.extend(self.habitual(c));
                }
                (Some((q, _)), _) => {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == q {
                        quote = None;
                    }
                    out.push(c);
                }
                (None, Some(plain)) => {
                    if let Some(q) = plain.chars().next().filter(|q| matches!(q, '"' | '\'')) {
                        quote = Some((q, true));
                    }
                    out.push_str(&plain);
                }
                (None, None) => {
                    if matches!(c, '"' | '\'' | '`') {
                        quote = Some((c, false));
                    }
                    out.push(c);
                }
            }
        }
    }
}

/// Whether the character `c` at `at` (after `prev`) starts a line comment: `#` (not a C
/// directive) and `--` where they stand apart, as a word of their own (`a#b`, `this.#x`,
/// `$#`, `--amend` are code), or the second `/` of `//` not after a URL's scheme (`http://`).
fn starts_line_comment(body: &str, at: usize, c: char, prev: char) -> bool {
    let apart_before = |from: usize| {
        body[..from]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace)
    };
    let apart_after = || {
        body[at + c.len_utf8()..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace)
    };
    match c {
        '#' => !directive(body, at) && apart_before(at),
        '/' => prev == '/' && !body[..at - 1].ends_with(':'),
        '-' => prev == '-' && apart_before(at - 1) && apart_after(),
        _ => false,
    }
}

/// Whether the character at `at` stands inside a regex literal, `/“|”/g`: between two slashes
/// with no space in between, the first after an operator or an opening bracket.
fn in_regex_literal(body: &str, at: usize) -> bool {
    // A regex literal is short: look no further than this either way (a minified line full of
    // quotes would otherwise be scanned once per quote).
    const REACH: usize = 256;
    let mut lo = at.saturating_sub(REACH);
    while !body.is_char_boundary(lo) {
        lo += 1;
    }
    let mut hi = (at + REACH).min(body.len());
    while !body.is_char_boundary(hi) {
        hi -= 1;
    }
    let (before, rest) = (&body[lo..at], &body[at..hi.max(at)]);
    let after = &rest[rest
        .chars()
        .next()
        .map_or(0, char::len_utf8)
        .min(rest.len())..];
    let (Some(open), Some(close)) = (before.rfind('/'), after.find('/')) else {
        return false;
    };
    let spaced = |s: &str| s.contains(char::is_whitespace);
    let lead = before[..open].trim_end();
    !spaced(&before[open..])
        && !spaced(&after[..close])
        && ((lead.is_empty() && lo == 0)
            || lead.ends_with(['(', '=', ',', ':', '[', '!', '&', '|', '?', '{', ';']))
}

/// Whether the character at `at` is one of a bracketed run of typographic quotes, `[“”]` or
/// `[‘’]`: a regex class, not a quotation.
fn in_character_class(body: &str, at: usize) -> bool {
    let curly = |c: char| matches!(c, '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}');
    let before = body[..at].chars().rev().find(|&c| !curly(c));
    let after = body[at..].chars().find(|&c| !curly(c));
    let run = body[..at].chars().rev().take_while(|&c| curly(c)).count()
        + body[at..].chars().take_while(|&c| curly(c)).count();
    run >= 2 && before == Some('[') && after == Some(']')
}

/// Whether the `#` at `at` starts code, not a comment: an attribute (`#[`, `#![`) or a C
/// preprocessor directive at the start of the line.
fn directive(body: &str, at: usize) -> bool {
    let rest = &body[at + 1..];
    if rest.starts_with(['[', '!']) {
        return true;
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    body[..at].trim().is_empty()
        && [
            "include", "import", "define", "undef", "if", "ifdef", "ifndef", "elif", "else",
            "endif", "pragma", "error", "warning", "line",
        ]
        .contains(&word.as_str())
}

/// Whether the typographic apostrophes `new` writes inside words are asked for, as the file's
/// own character: the file writes them itself, and the model shows no habit of retyping the
/// file's punctuation in this edit (no other character of its habit, no line of `old` retyped
/// but for its apostrophes). A model that writes `“x”` for the file's `"x"` retypes its `it's`
/// too (accuracy benchmark, `curly_new_only`: 1 of 1,108 hunks, in a file with `’` in prose).
fn writes_apostrophes(file: &str, old: &str, new: &str, habit: &[char]) -> bool {
    if !file.contains(APOSTROPHE) || !habit.is_empty() {
        return false;
    }
    let old_lines: Vec<&str> = old
        .lines()
        .filter(|l| !l.is_ascii() || l.contains(['\'', '"']))
        .collect();
    !new.lines().filter(|n| !n.is_ascii()).any(|n| {
        old_lines
            .iter()
            .any(|o| same_but_punctuation(o, n) && !apostrophes_only(o, n))
    })
}

/// Whether line `new` differs from line `old` only in typographic punctuation where `old`
/// has ASCII: the model retyped the line in its habit. A typographic character in place of
/// another one (`–` for `—`), or ASCII in place of one, is a change the model means.
fn same_but_punctuation(old: &str, new: &str) -> bool {
    let plain = |c: char| {
        let mut out = String::with_capacity(4);
        push_punctuation(c, &mut out);
        out
    };
    let plain_line = |s: &str| s.chars().map(plain).collect::<String>();
    if old == new || plain_line(old) != plain_line(new) {
        return false;
    }
    // Character for character where the lines have as many (else `…` stands for `...`).
    old.chars().count() != new.chars().count()
        || old
            .chars()
            .zip(new.chars())
            .all(|(o, n)| o == n || o.is_ascii())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(file: &str, old: &str, new: &str, language: Option<Language>) -> String {
        plain_punctuation(&Text::new(file), old, new, language).unwrap_or_else(|| new.into())
    }

    #[test]
    fn yaml_quotes_are_content() {
        let new = "title: \u{201C}Final\u{201D}";
        assert_eq!(plain("a: 1\n", "a: 1", new, Some(Language::Yaml)), new);
        // Elsewhere they are the model's habit.
        assert_eq!(plain("a = 1\n", "a = 1", new, None), "title: \"Final\"");
    }

    #[test]
    fn a_quote_inside_a_shell_word_is_data() {
        let bash = Some(Language::Bash);
        let new = "sed -i s/\u{201C}/\\\"/g f";
        assert_eq!(plain("x\n", "x", new, bash), new);
        assert_eq!(
            plain("x\n", "x", "echo It\u{2019}s", bash),
            "echo It\u{2019}s"
        );
        assert_eq!(
            plain(
                "x\n",
                "x",
                "X=\u{201C}a b\u{201D}; echo \u{201C}hi\u{201D}",
                bash
            ),
            "X=\"a b\"; echo \"hi\""
        );
    }

    #[test]
    fn a_typographic_character_changed_for_another_is_no_habit() {
        assert!(same_but_punctuation("x = \"a\"", "x = \u{201C}a\u{201D}"));
        assert!(!same_but_punctuation(
            "x = \u{201C}a\u{201D} \u{2013} b",
            "x = \u{201C}a\u{201D} - b"
        ));
        assert!(!same_but_punctuation("1\u{2013}2", "1\u{2014}2"));
        assert!(same_but_punctuation("wait...", "wait\u{2026}"));
    }

    #[test]
    fn odd_spaces_in_prose_are_mapped_unless_the_file_uses_them() {
        let spaces = |file: &str, old: &str, new: &str| {
            plain_spaces(&Text::new(file), old, new).unwrap_or_else(|| new.into())
        };
        let file = "# T\n\n- a\n";
        assert_eq!(spaces(file, "- a", "- a\n-\u{a0}b"), "- a\n- b");
        assert_eq!(
            spaces(file, "- a", "- a\n\u{a0}\u{a0}- b\u{200b}"),
            "- a\n  - b"
        );
        // Curly quotes and dashes are the author's in prose.
        let new = "\u{201c}Hi\u{201d} \u{2014} x";
        assert_eq!(spaces(file, "- a", new), new);
        // The file's own no-break space, and a line old has as is, stay.
        let french = "Il dit\u{a0}: oui\n";
        assert_eq!(spaces(french, "x", "Non\u{a0}!"), "Non\u{a0}!");
        assert_eq!(spaces(file, "a\u{a0}b", "a\u{a0}b\nc"), "a\u{a0}b\nc");
    }
}
