//! Literal `\n` escapes in a `new` the model encoded once too often: a one-line `new` whose
//! escaped breaks stand for the lines of `old` (see [`undo_escapes`]).

use std::cell::Cell;

use crate::align::line_similarity;
use crate::normalize::{indent_of, loose_equal, unescape_code};
use crate::notation::strip_where_present;
use crate::text::Text;
use crate::Options;

use super::{comment_breaks, escaped_whole, string_breaks};
use crate::thresholds::ECHO;

/// A one-line `new` written with `\n` escapes for the lines of a multi-line `old`: decoded
/// once too often. Only when the decoded lines are several and one of them is one of `old`'s,
/// so a string literal holding `\n` is never split. In prose only a decoded line that echoes
/// `old`'s counts: after a colon or a comma, a `\n` is text (`Escapes: \n and \t.`).
pub(super) fn undo_escapes(text: &Text, old: &str, new: &str, options: &Options) -> Option<String> {
    // (`old` written with escapes too is the escapes strategy's; a `'\n'` in its strings is
    // the program's.)
    if bare_escapes(old) || new.contains('\n') {
        return None;
    }
    if !old.trim().contains('\n') {
        let line = old.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        // (`old`'s line with its indentation off stands for the file's: the decision is the
        // same whichever strategy finds it.)
        let line = escaped_whole::as_in_file(text, line);
        let tabs = text.as_str().lines().any(|l| l.starts_with('\t'));
        let decoded = lines_echoing(new, line, tabs, options.prose).or_else(|| {
            (!options.prose)
                .then(|| breaks_outside_strings(new, indent_of(line), tabs))
                .flatten()
        });
        return match decoded {
            Some(decoded) => Some(escaped_whole::decoded_consistently(
                new,
                line,
                options.language,
                decoded,
            )),
            None => (!options.prose)
                .then(|| escaped_whole::quotes_escaped_whole(new, line, options.language))
                .flatten(),
        };
    }
    let decoded = unescape_code(new, options.language)?;
    let decoded = escaped_whole::decoded_consistently(new, old, options.language, decoded);
    let decoded = string_breaks::split_at_olds_lines(&decoded, old, ECHO).unwrap_or(decoded);
    // (Its lines may be numbered too: compare what follows the numbers.)
    let unnumbered = strip_where_present(&decoded);
    let lines: Vec<&str> = unnumbered
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    // A line of `old` retyped, or rewritten (a rename on every line).
    let echoes_old = lines.iter().any(|l| {
        old.lines()
            .any(|o| loose_equal(l, o) || line_similarity(l, o) >= ECHO)
    });
    (lines.len() >= 2 && echoes_old).then_some(decoded)
}

/// Whether `s` holds a `\n` escape that is not inside a string literal of its line (`'\n'`,
/// `"a\n"`): any escape outside strings and line comments, or a line with one whose strings
/// the scan cannot follow, counts. (A line without one, `"""` or `# we're`, says nothing.)
fn bare_escapes(s: &str) -> bool {
    if !s.contains("\\n") {
        return false;
    }
    s.lines().filter(|l| l.contains("\\n")).any(|l| {
        let mut quote: Option<char> = None;
        let mut chars = l.chars().peekable();
        let mut prev = ' ';
        while let Some(c) = chars.next() {
            match (quote, c) {
                (Some(_), '\\') => {
                    chars.next();
                }
                (Some(q), c) if c == q => quote = None,
                // (A line comment's apostrophes open nothing, `# it's`; an escape in it may end
                // it, as in a one-line escaped `old`.)
                (None, '#') if prev.is_whitespace() => return chars.any(|c| c == '\\'),
                (None, '/') if chars.peek() == Some(&'/') => return chars.any(|c| c == '\\'),
                (None, '"' | '\'' | '`') => quote = Some(c),
                (None, '\\') => return true,
                _ => {}
            }
            prev = c;
        }
        quote.is_some()
    })
}

/// A one-line `new` whose `\n` escapes outside strings, all decoded, give lines one of which
/// is `old`'s line (retyped or rewritten) more closely than the undecoded `new` is: the
/// model wrote its lines around `old`'s (`if x\n    f()\nend`, `a = 1\nb = 2`) and encoded
/// the breaks twice. A `\n` a comment mentions (`# strip the \n`) leaves its line less like
/// `old`'s, not more. In prose a `\n` with a blank before it is a word of the text
/// (`Escapes: \n and \t.`): a break encoded twice follows the text of its line. After a
/// backslash, `\\n` is an escaped backslash and an `n`.
fn lines_echoing(new: &str, line: &str, tabs: bool, prose: bool) -> Option<String> {
    // (A line opened by another escape, `\\n\\t` in a file indented with spaces, is no line
    // of the file's.)
    // (A break inside a comment must open a line: `comment_breaks`.)
    let comment_text = Cell::new(false);
    let decoded = decode_breaks(new, tabs, prose, |out, line_start, next| {
        let opens_line =
            !line_start.is_empty() || !next.starts_with('\\') || line_break(next, tabs).is_some();
        let named = out.ends_with('\\') || (prose && out.ends_with([' ', '\t']));
        let take = opens_line && !named;
        let line = &out[out.rfind('\n').map_or(0, |i| i + 1)..];
        if take && comment_breaks::ends_in_comment(line) {
            let segment = next.split("\\n").next().unwrap_or("");
            comment_text.set(comment_text.get() || !comment_breaks::opens_a_line(segment));
        }
        take
    })?;
    if comment_text.get() {
        return None;
    }
    if !decoded.starts_with(indent_of(line)) || decoded.trim().lines().count() < 2 {
        return None;
    }
    let best = decoded
        .lines()
        .map(|l| line_similarity(l, line))
        .fold(0.0, f64::max);
    (best >= ECHO && best > line_similarity(new, line)).then_some(decoded)
}

/// A one-line `new` with literal `\n` between statements (`a();\n  b();`), outside any
/// string literal: there it is no escape of the language but a line break the model encoded
/// twice, and written as is it breaks the line. Those are decoded: after the end of a statement
/// or clause, or before the indentation of `old`'s line (`indent`, not empty) and a name, as
/// languages without semicolons write the next statement (`x = 0\n    y = 1`). A `\r\n` is one
/// break; `\t` escapes that indent the next line are tabs where the file indents with tabs
/// (`tabs`); a break that ends `new` after a statement ends its line. A `\n` inside quotes is
/// the program's.
fn breaks_outside_strings(new: &str, indent: &str, tabs: bool) -> Option<String> {
    decode_breaks(new, tabs, false, |out, line_start, next| {
        let ends_clause = out
            .trim_end_matches([' ', '\t'])
            .ends_with([';', '{', '}', ')', ',', ':']);
        // After the end of a statement or clause, or before the line's own
        // indentation: `/\n/` is a regex.
        (ends_clause && (starts_a_line(next.chars().next()) || next.is_empty()))
            || next_line_at(line_start.chars().chain(next.chars()), indent)
    })
}

/// `new` with the escaped line breaks outside string literals that `accept` takes decoded
/// (given what precedes the break, the indentation it opens and what follows); `None` when none
/// is, or when the scan loses track of the strings. In `prose` a `'` after a letter is an
/// apostrophe (`upstream's`), which opens no string.
fn decode_breaks(
    new: &str,
    tabs: bool,
    prose: bool,
    accept: impl Fn(&str, &str, &str) -> bool,
) -> Option<String> {
    if !new.contains("\\n") {
        return None;
    }
    let mut out = String::with_capacity(new.len());
    let mut quote: Option<char> = None;
    let mut rest = new;
    let mut changed = false;
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        match (quote, c) {
            (Some(_), '\\') => {
                out.push(c);
                let escaped = after.chars().next().map_or(0, char::len_utf8);
                out.push_str(&after[..escaped]);
                rest = &after[escaped..];
                continue;
            }
            (Some(q), c) if c == q => quote = None,
            (None, '\'') if prose && out.ends_with(char::is_alphanumeric) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '\\') => {
                if let Some((line_start, next)) = line_break(rest, tabs) {
                    if accept(&out, &line_start, next) {
                        out.push('\n');
                        out.push_str(&line_start);
                        rest = next;
                        changed = true;
                        continue;
                    }
                }
            }
            _ => {}
        }
        out.push(c);
        rest = after;
    }
    // An unclosed quote means the scan lost track of the strings: leave `new` alone.
    (changed && quote.is_none()).then_some(out)
}

/// An escaped line break at the start of `s` (`\n` or `\r\n`): the indentation it opens (`\t`
/// escapes decoded, where the file indents with `tabs`) and what follows.
fn line_break(s: &str, tabs: bool) -> Option<(String, &str)> {
    let mut rest = s.strip_prefix("\\r\\n").or_else(|| s.strip_prefix("\\n"))?;
    let mut line_start = String::new();
    while let Some(r) = rest.strip_prefix("\\t").filter(|_| tabs) {
        line_start.push('\t');
        rest = r;
    }
    Some((line_start, rest))
}

/// Whether `rest` (what follows a `\n`) is a line at `indent`, not empty: exactly that
/// indentation, then a name.
fn next_line_at(mut rest: impl Iterator<Item = char>, indent: &str) -> bool {
    !indent.is_empty()
        && indent.chars().all(|c| rest.next() == Some(c))
        && rest.next().is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Whether what follows a `\n` begins a line of code (indentation, a name, a closing brace),
/// not more of a regex or a string (`/;\n/`).
fn starts_a_line(next: Option<char>) -> bool {
    next.is_some_and(|c| matches!(c, ' ' | '\t' | '_' | '}') || c.is_alphabetic())
}
