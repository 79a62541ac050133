//! Typographic punctuation (curly quotes, dashes, odd spaces) on the lines the model wrote
//! fresh in `new`, mapped to ASCII where it is not the file's own.

use crate::normalize::push_punctuation;
use crate::text::Text;

/// Typographic punctuation in the lines of `new` that are not lines of `old`, outside ASCII
/// string literals (where it may be the program's text), mapped to ASCII where the file does
/// not use that character itself: in code it breaks the program, in a comment it is not the
/// file's style. A string that a mapped quote opens was written in the same habit: its
/// punctuation is mapped too, and the mapped quote that matches its opener closes it.
pub(super) fn plain_punctuation(
    text: &Text,
    old: &str,
    new: &str,
    bare_words: bool,
) -> Option<String> {
    if new.is_ascii() {
        return None;
    }
    let mut foreign = Foreign {
        file: text.as_str(),
        asked: Vec::new(),
        prose: false,
        in_code: false,
        bare_words,
    };
    let out = map_lines(&mut foreign, old, new);
    // Comments are mapped only where `new` shows the habit in its code too: a developer may
    // write a curly apostrophe in a comment on purpose (4 of the 1,108 real hunks of the
    // accuracy benchmark do, in files with none), a model's habit is everywhere.
    if !foreign.in_code {
        return (out != new).then_some(out);
    }
    foreign.prose = true;
    let out = map_lines(&mut foreign, old, new);
    (out != new).then_some(out)
}

fn map_lines(foreign: &mut Foreign<'_>, old: &str, new: &str) -> String {
    let old_lines: Vec<&str> = old.lines().collect();
    let mut out = String::with_capacity(new.len());
    for piece in new.split_inclusive('\n') {
        let body = piece.trim_end_matches(['\n', '\r']);
        let starts = body.trim_start();
        if body.is_ascii() || old_lines.contains(&body) {
            out.push_str(piece);
        } else if let Some(same) = old_lines.iter().find(|o| same_but_punctuation(o, body)) {
            // A line `old` has, but for its punctuation, is that line: written as `old` has it.
            // The model retyped the file's quotes: that is its habit, in comments too.
            foreign.in_code = true;
            out.push_str(same);
            out.push_str(&piece[body.len()..]);
        } else if ["*", "/*", "<!--"].iter().any(|c| starts.starts_with(c)) {
            foreign.map_prose(piece, &mut out);
        } else {
            foreign.map_code(body, &mut out);
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
    /// Whether comments are mapped.
    prose: bool,
    /// Whether a character in code was mapped.
    in_code: bool,
    /// Whether words stand unquoted in the language (shell, YAML).
    bare_words: bool,
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

    /// A comment: every character the file does not use is mapped, when comments are.
    fn map_prose(&mut self, s: &str, out: &mut String) {
        if !self.prose {
            out.push_str(s);
            return;
        }
        for c in s.chars() {
            match self.plain(c) {
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
            let line_comment = quote.is_none()
                && ((c == '#' && !directive(body, at))
                    || (c == '/' && prev == '/')
                    || (c == '-' && prev == '-'));
            if line_comment {
                self.map_prose(&body[at..], out);
                return;
            }
            let next = body[at + c.len_utf8()..].chars().next();
            let in_word =
                c == '\u{2019}' && prev.is_alphabetic() && next.is_some_and(char::is_alphabetic);
            if quote.is_none() && in_word && self.bare_words {
                // An apostrophe inside an unquoted word (`echo It’s`, a YAML plain scalar): as
                // ASCII it would open a string the line never closes.
                prev = c;
                out.push(c);
                continue;
            }
            let curly = matches!(c, '\u{201C}' | '\u{201D}' | '\u{2018}' | '\u{2019}');
            if curly && (in_character_class(body, at) || in_regex_literal(body, at)) {
                // `[“”]` quotes nothing: a regex class of the characters, which the program
                // means as written. (A bare `“”` is an empty string typed curly.)
                prev = c;
                out.push(c);
                continue;
            }
            prev = c;
            let mut plain = self.plain(c);
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

/// Whether two lines differ only in typographic punctuation.
fn same_but_punctuation(a: &str, b: &str) -> bool {
    let plain = |s: &str| {
        let mut out = String::with_capacity(s.len());
        s.chars().for_each(|c| push_punctuation(c, &mut out));
        out
    };
    a != b && plain(a) == plain(b)
}
