//! What a model copies into `new` that must never reach the file.
//!
//! The strategies see through the model's mistakes in `old`; this module sees through the same
//! mistakes in `new`, whether or not `old` made them too, before anything is located:
//! - **edge newlines**: `new`'s leading and trailing blank lines follow `old`'s, so an edit
//!   never joins two lines or splits one at the edges of its span, and adds or drops no blank
//!   line there unless that is all the edit changes;
//! - **read-tool line prefixes** (`    12\t`): on every line of `new`, or, when `old` has them,
//!   wherever `new` has them;
//! - **literal escapes**: a one-line `new` full of `\n` standing for the lines of a real
//!   multi-line `old`;
//! - **elision comments** (`# ... existing code ...`) in `new` alone: each stands for the lines
//!   of `old` it covers, or the edit is refused as unclear ([`Unclear`]);
//! - **typographic punctuation** (curly quotes, dashes, odd spaces) on lines the model wrote
//!   fresh, outside ASCII string literals, in a file that does not use that character.
//!
//! Each is left alone where it is the file's own convention.

use std::borrow::Cow;

use crate::normalize::{loose_equal, push_punctuation, unescape_code};
use crate::strategy::{exact_spans, parse_prefix, strip_line_prefixes, strip_where_present, Style};
use crate::text::Text;
use crate::{Language, Options};

mod elisions;
pub(crate) use elisions::resolve_elisions;

/// `new` holds an elision comment whose meaning is unclear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unclear {
    /// The marker line, as written.
    pub(crate) marker: String,
    /// Its line in `new`, 1-based.
    pub(crate) line: usize,
}

/// `new` as the model meant it. `Cow::Borrowed` when nothing was found to clean.
pub(crate) fn clean_new<'n>(
    text: &Text,
    old: &str,
    new: &'n str,
    options: &Options,
) -> Result<Cow<'n, str>, Unclear> {
    // `old` as the strategies see it once its own numbers are gone (every line numbered).
    let stripped_old = tool_numbering(text, old).and_then(|_| strip_line_prefixes(old));
    let old_view = stripped_old.as_deref().unwrap_or(old);
    let mut new = Cow::Borrowed(new);
    if let Some(unescaped) = undo_escapes(old_view, &new) {
        new = Cow::Owned(unescaped);
    }
    if let Some(numbering) = tool_numbering(text, &new) {
        new = Cow::Owned(strip_numbers(&new, numbering));
    }
    if let Some(resolved) = resolve_elisions(text, old_view, &new)? {
        new = Cow::Owned(resolved);
    }
    // (In prose, typographic punctuation is the author's.)
    // (Shell and YAML words need no quotes: an apostrophe inside one is text.)
    let bare_words = matches!(options.language, Some(Language::Bash | Language::Yaml));
    if let Some(plain) =
        plain_punctuation(text, old_view, &new, bare_words).filter(|_| !options.prose)
    {
        new = Cow::Owned(plain);
    }
    // (An empty `old` has no line structure to keep: it fills an empty file.)
    let beyond = || blank_beyond(text, old_view);
    if let Some(edged) = keep_edges(old_view, &new, beyond).filter(|_| !old.is_empty()) {
        new = Cow::Owned(edged);
    }
    Ok(new)
}

/// The style in which a read tool numbered the lines of `s`, if it did: the numbered lines
/// count up in one style; one numbered line alone must be right-aligned as read tools write
/// it (`     1\t`), in a style that is never code (not `12: x` or `12|`); and the file must not
/// number its own lines that way (`1: a` in YAML). Models number the lines they copy but often
/// not the lines they add, so not every line need carry a number.
fn tool_numbering(text: &Text, s: &str) -> Option<Numbering> {
    let all: Vec<_> = s
        .split('\n')
        .enumerate()
        .filter_map(|(i, l)| parse_prefix(l).map(|p| (i, p, l.starts_with(' '))))
        .collect();
    // Read tools right-align their numbers: where some are, an unaligned one is the model's.
    let padded = all.iter().any(|(_, _, p)| *p);
    // ... and to one width (`     7\t`): a narrower `  1\t` is code that starts with a number.
    let width = all
        .iter()
        .filter(|(_, _, p)| *p)
        .map(|(_, (_, _, len), _)| *len)
        .max();
    let numbered: Vec<_> = all
        .into_iter()
        .filter(|(_, (_, _, len), p)| !padded || (*p && Some(*len) == width))
        .collect();
    let ambiguous = |style: Style| matches!(style, Style::Colon | Style::Pipe);
    let style = numbered
        .iter()
        .find(|(_, (style, _, _), _)| !ambiguous(*style))
        .or(numbered.first())?
        .1
         .0;
    let of_style: Vec<(usize, u64)> = numbered
        .iter()
        .filter(|(_, (s, _, _), _)| *s == style)
        .map(|(i, (_, n, _), _)| (*i, *n))
        .collect();
    // The numbers count up, but for lines the model added whose code starts like a number
    // (`  0\tfn`): those are the lines outside the longest counting-up run, and fewer.
    let lines = counting_up(&of_style);
    let enough = lines.len() >= 2 || (padded && !ambiguous(style)) || style == Style::HashLine;
    // Where code could start that way (`1: "debug",` in a dict, `1\tAlice` in data), the
    // numbers must be the file's: a numbered line the model copied is that line of the file.
    let code_like = ambiguous(style) || (style == Style::Tab && !padded);
    let the_files = || {
        let pieces: Vec<&str> = s.split('\n').collect();
        of_style
            .iter()
            .filter(|(i, _)| lines.contains(i))
            .any(|&(i, n)| {
                let body = parse_prefix(pieces[i]).map_or("", |(_, _, len)| &pieces[i][len..]);
                let at = usize::try_from(n).ok().and_then(|n| n.checked_sub(1));
                at.is_some_and(|at| at < text.line_count() && loose_equal(text.line(at), body))
                    && !body.trim().is_empty()
            })
    };
    (enough
        && lines.len() * 2 > of_style.len()
        && !numbered_like_the_file(text, style)
        && (!code_like || the_files()))
    .then_some(Numbering { style, lines })
}

/// The lines of the longest subsequence of `numbered` (line, number) whose numbers increase;
/// among equally long ones, the one with the fewest numbers skipped (a read tool numbers lines
/// one by one: `7`, `0`, `8` is `7`, `8` and a line that starts with `0`). Texts with more
/// numbered lines than [`MAX_SCORED_NUMBERS`] take the first longest run found.
fn counting_up(numbered: &[(usize, u64)]) -> Vec<usize> {
    if numbered.len() > MAX_SCORED_NUMBERS {
        return patience(numbered);
    }
    // best[k]: (length, numbers skipped, previous) of the best run ending at entry k.
    let mut best: Vec<(usize, u64, Option<usize>)> = Vec::with_capacity(numbered.len());
    for &(_, n) in numbered {
        let mut here = (1, 0, None);
        for (j, &(len, skipped, _)) in best.iter().enumerate() {
            let m = numbered[j].1;
            if m < n {
                let cand = (len + 1, skipped + (n - m - 1), Some(j));
                if cand.0 > here.0 || (cand.0 == here.0 && cand.1 < here.1) {
                    here = cand;
                }
            }
        }
        best.push(here);
    }
    let mut end = None;
    for (k, &(len, skipped, _)) in best.iter().enumerate() {
        let better = end.is_none_or(|e: usize| {
            let (l, s, _) = best[e];
            len > l || (len == l && skipped < s)
        });
        if better {
            end = Some(k);
        }
    }
    let mut lines = Vec::new();
    while let Some(k) = end {
        lines.push(numbered[k].0);
        end = best[k].2;
    }
    lines.reverse();
    lines
}

/// Most numbered lines [`counting_up`] compares pairwise.
const MAX_SCORED_NUMBERS: usize = 2000;

/// [`counting_up`] in `n log n`: the first longest increasing run (patience sorting).
fn patience(numbered: &[(usize, u64)]) -> Vec<usize> {
    let mut tails: Vec<usize> = Vec::new();
    let mut before: Vec<Option<usize>> = vec![None; numbered.len()];
    for (k, &(_, n)) in numbered.iter().enumerate() {
        let at = tails.partition_point(|&t| numbered[t].1 < n);
        before[k] = at.checked_sub(1).map(|p| tails[p]);
        if at == tails.len() {
            tails.push(k);
        } else {
            tails[at] = k;
        }
    }
    let mut lines = Vec::with_capacity(tails.len());
    let mut k = tails.last().copied();
    while let Some(i) = k {
        lines.push(numbered[i].0);
        k = before[i];
    }
    lines.reverse();
    lines
}

/// How a read tool numbered the lines of a text: which of its lines (0-based) carry a number.
struct Numbering {
    style: Style,
    lines: Vec<usize>,
}

/// `s` without the numbers of the lines `numbering` found numbered.
fn strip_numbers(s: &str, numbering: Numbering) -> String {
    let mut out = String::with_capacity(s.len());
    let mut numbered = numbering.lines.iter().peekable();
    for (i, piece) in s.split_inclusive('\n').enumerate() {
        let body = piece.trim_end_matches(['\n', '\r']);
        let this = numbered.next_if(|&&k| k == i).is_some();
        match parse_prefix(body) {
            Some((st, _, len)) if this && st == numbering.style => out.push_str(&piece[len..]),
            _ => out.push_str(piece),
        }
    }
    out
}

/// Whether the file numbers its own lines in `style` (`1: a` in YAML, `1\tx` in
/// tab-separated data).
fn numbered_like_the_file(text: &Text, style: Style) -> bool {
    (0..text.line_count()).any(|i| parse_prefix(text.line(i)).is_some_and(|(s, _, _)| s == style))
}

/// A one-line `new` written with `\n` escapes for the lines of a multi-line `old`: decoded
/// once too often. Only when the decoded lines are several and one of them is one of `old`'s,
/// so a string literal holding `\n` is never split.
fn undo_escapes(old: &str, new: &str) -> Option<String> {
    if old.contains("\\n") || new.contains('\n') {
        return None;
    }
    if !old.trim().contains('\n') {
        return breaks_outside_strings(new);
    }
    let decoded = unescape_code(new)?;
    // (Its lines may be numbered too: compare what follows the numbers.)
    let unnumbered = strip_where_present(&decoded);
    let lines: Vec<&str> = unnumbered
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let echoes_old = lines.iter().any(|l| old.lines().any(|o| loose_equal(l, o)));
    (lines.len() >= 2 && echoes_old).then_some(decoded)
}

/// A one-line `new` with literal `\n` between statements (`a();\n  b();`), outside any
/// string literal: there it is no escape of the language but a line break the model encoded
/// twice, and written as is it breaks the line. Those are decoded; a `\n` inside quotes is the
/// program's.
fn breaks_outside_strings(new: &str) -> Option<String> {
    if !new.contains("\\n") {
        return None;
    }
    let mut out = String::with_capacity(new.len());
    let mut quote: Option<char> = None;
    let mut chars = new.chars().peekable();
    let mut changed = false;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                out.push(c);
                out.extend(chars.next());
            }
            (Some(q), c) if c == q => {
                quote = None;
                out.push(c);
            }
            (None, '"' | '\'' | '`') => {
                quote = Some(c);
                out.push(c);
            }
            // After the end of a statement or clause only: `/\n/` is a regex.
            (None, '\\')
                if chars.peek() == Some(&'n')
                    && out
                        .trim_end_matches([' ', '\t'])
                        .ends_with([';', '{', '}', ')', ',', ':'])
                    && starts_a_line(chars.clone().nth(1)) =>
            {
                chars.next();
                out.push('\n');
                changed = true;
            }
            _ => out.push(c),
        }
    }
    // An unclosed quote means the scan lost track of the strings: leave `new` alone.
    (changed && quote.is_none()).then_some(out)
}

/// Whether what follows a `\n` begins a line of code (indentation, a name, a closing brace),
/// not more of a regex or a string (`/;\n/`).
fn starts_a_line(next: Option<char>) -> bool {
    next.is_some_and(|c| matches!(c, ' ' | '\t' | '_' | '}') || c.is_alphabetic())
}

/// Typographic punctuation in the lines of `new` that are not lines of `old`, outside ASCII
/// string literals (where it may be the program's text), mapped to ASCII where the file does
/// not use that character itself: in code it breaks the program, in a comment it is not the
/// file's style. A string that a mapped quote opens was written in the same habit: its
/// punctuation is mapped too, and the mapped quote that matches its opener closes it.
fn plain_punctuation(text: &Text, old: &str, new: &str, bare_words: bool) -> Option<String> {
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
            if in_character_class(body, at) || in_regex_literal(body, at) {
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
    let (before, rest) = body.split_at(at);
    let after = &rest[rest.chars().next().map_or(0, char::len_utf8)..];
    let (Some(open), Some(close)) = (before.rfind('/'), after.find('/')) else {
        return false;
    };
    let spaced = |s: &str| s.contains(char::is_whitespace);
    let lead = before[..open].trim_end();
    !spaced(&before[open..])
        && !spaced(&after[..close])
        && (lead.is_empty()
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

/// `new` with the line structure of `old` at both edges: where `old` has no line break at an
/// edge, `new` adds none (a model ends its text with a newline out of habit); where `old` has
/// one, `new` keeps it (dropping it would join two lines); where both have some, the longer
/// run (blank lines `new` adds are asked for; blank lines only `old` pads with stay, as
/// padding is how models copy). A blank `old` has no structure to keep, and a blank `new`
/// deletes. When only the blank lines at the edges change, a line ending may go where the
/// file's line beyond it is blank or absent (`blank_beyond`: before, after; asked only then,
/// as it searches the text): that deletes a blank line and joins nothing.
pub(crate) fn keep_edges(
    old: &str,
    new: &str,
    blank_beyond: impl FnOnce() -> (bool, bool),
) -> Option<String> {
    let (old_lead, old_core, old_trail) = edges(old);
    let (new_lead, new_core, new_trail) = edges(new);
    if old_core.trim().is_empty() || new_core.trim().is_empty() {
        return None;
    }
    let breaks = |s: &str| s.matches('\n').count();
    let edge = |old: &str, new: &str| -> String {
        if old.is_empty() {
            String::new()
        } else if new.is_empty() || breaks(new) < breaks(old) {
            old.to_string()
        } else {
            new.to_string()
        }
    };
    let fewer = |old: &str, new: &str| breaks(new) < breaks(old);
    let drops_lead = fewer(old_lead, new_lead);
    let drops_trail = fewer(old_trail, new_trail);
    let (blank_before, blank_after) = if new_core == old_core && (drops_lead || drops_trail) {
        blank_beyond()
    } else {
        (false, false)
    };
    let lead = if drops_lead && blank_before {
        new_lead.to_string()
    } else {
        edge(old_lead, new_lead)
    };
    let trail = if drops_trail && blank_after {
        new_trail.to_string()
    } else {
        edge(old_trail, new_trail)
    };
    (lead != new_lead || trail != new_trail).then(|| format!("{lead}{new_core}{trail}"))
}

/// Whether the line before and the line after every exact occurrence of `old` are blank or
/// absent (every one: with `replace_all`, each is replaced).
fn blank_beyond(text: &Text, old: &str) -> (bool, bool) {
    let spans = exact_spans(text, old);
    if spans.is_empty() {
        return (false, false);
    }
    let src = text.as_str();
    // A leading line ending of `old` ends the line the span starts in; a trailing one, the
    // line the text after the span continues.
    let blank_before = |at: usize| {
        src[..at]
            .rsplit('\n')
            .next()
            .unwrap_or("")
            .trim()
            .is_empty()
    };
    let blank_after = |at: usize| src[at..].split('\n').next().unwrap_or("").trim().is_empty();
    (
        spans.iter().all(|s| blank_before(s.start)),
        spans.iter().all(|s| blank_after(s.end)),
    )
}

/// Split text into its leading blank lines (each with its newline), the rest, and its
/// trailing line ending with any blank lines after it.
fn edges(s: &str) -> (&str, &str, &str) {
    let mut lead = 0;
    while let Some(nl) = s[lead..].find('\n') {
        if !s[lead..lead + nl].trim().is_empty() {
            break;
        }
        lead += nl + 1;
    }
    let body = &s[lead..];
    let Some(last) = body.rfind(|c: char| !c.is_whitespace()) else {
        return (&s[..lead], body, "");
    };
    let after = last + body[last..].chars().next().map_or(1, char::len_utf8);
    let trail = match body[after..].find('\n') {
        // The trailing part starts at the line ending of the last non-blank line (a `\r`
        // before it belongs to the ending).
        Some(nl) => {
            let at = after + nl;
            if at > after && body.as_bytes()[at - 1] == b'\r' {
                at - 1
            } else {
                at
            }
        }
        None => body.len(),
    };
    (&s[..lead], &body[..trail], &body[trail..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(file: &str, old: &str, new: &str) -> Result<String, Unclear> {
        clean_new(&Text::new(file), old, new, &Options::default()).map(Cow::into_owned)
    }

    #[test]
    fn edges_split_blank_lines_from_the_rest() {
        assert_eq!(edges("\n\n  x\n  y\n\n"), ("\n\n", "  x\n  y", "\n\n"));
        assert_eq!(edges("x"), ("", "x", ""));
        assert_eq!(edges("x\r\n"), ("", "x", "\r\n"));
        assert_eq!(edges("  \nx  \n \n"), ("  \n", "x  ", "\n \n"));
    }

    #[test]
    fn new_takes_the_line_structure_of_old() {
        assert_eq!(
            clean("", "    a = []\n", "    a = b").unwrap(),
            "    a = b\n"
        );
        assert_eq!(clean("", "    a = []", "    a = b\n").unwrap(), "    a = b");
        assert_eq!(clean("", "\n\nx\n\n", "y").unwrap(), "\n\ny\n\n");
        // Blank lines new adds are kept; lines are never joined or split; an empty new
        // deletes; at the end of the text the final line ending may go.
        assert_eq!(
            clean("", "line2\n", "replaced\n\n").unwrap(),
            "replaced\n\n"
        );
        assert_eq!(clean("", "(a)\n", "(a)").unwrap(), "(a)\n");
        assert_eq!(clean("", "(a)", "(a)\n").unwrap(), "(a)");
        assert_eq!(clean("", "x\n", "").unwrap(), "");
        assert_eq!(clean("a\nx\n", "x\n", "x").unwrap(), "x");
        assert_eq!(clean("a\nx\n", "x\n", "y").unwrap(), "y\n");
        // Dropping a line ending next to a blank line deletes that blank line.
        assert_eq!(clean("a\n\nx\n", "\nx", "x").unwrap(), "x");
        assert_eq!(clean("a\nx\ny\n", "\nx", "x").unwrap(), "\nx");
    }

    #[test]
    fn prefixes_only_in_new_are_stripped_unless_the_file_has_them() {
        let new = "     2\t    a = 10\n     3\t    b = 2";
        assert_eq!(
            clean("", "    a = 1\n    b = 2", new).unwrap(),
            "    a = 10\n    b = 2"
        );
        let yaml = "1: a\n2: b\n";
        assert_eq!(clean(yaml, "1: a", "1: c\n2: d").unwrap(), "1: c\n2: d");
        // Added lines carry no number; a lone `12|` is code.
        let new = "     2\t    a = 10\n    c = 3";
        assert_eq!(
            clean("", "    a = 1", new).unwrap(),
            "    a = 10\n    c = 3"
        );
        assert_eq!(clean("", "x", "12|").unwrap(), "12|");
        // A code line that looks numbered in another style is left alone.
        let new = "     7\ta\n12|\n     9\tc";
        assert_eq!(clean("", "a\nb\nc", new).unwrap(), "a\n12|\nc");
    }

    #[test]
    fn numbers_that_could_be_code_must_be_the_files_line_numbers() {
        // A dict and data rows: not the file's lines 1 and 2.
        let file = "LEVELS = {\n}\n";
        let new = "LEVELS = {\n1: \"debug\",\n2: \"info\",\n}";
        assert_eq!(clean(file, "LEVELS = {\n}", new).unwrap(), new);
        let file = "rank\tname\n";
        let new = "rank\tname\n1\tAlice\n2\tBob";
        assert_eq!(clean(file, "rank\tname", new).unwrap(), new);
        // Copied from a read tool: line 2 of the file is `b = 2`.
        let file = "a = 1\nb = 2\nc = 3\n";
        assert_eq!(
            clean(file, "b = 2\nc = 3", "2:b = 2\n3:c = 4").unwrap(),
            "b = 2\nc = 4"
        );
    }

    #[test]
    fn numbers_count_up_one_by_one_around_added_lines_that_start_with_a_number() {
        let new = "     7\t\n  0\tfn\n     8\tfn\n     9\tx";
        assert_eq!(clean("", "\nfn\nx", new).unwrap(), "\n  0\tfn\nfn\nx");
        assert_eq!(counting_up(&[(0, 7), (1, 0), (2, 8), (3, 9)]), [0, 2, 3]);
        assert_eq!(counting_up(&[(0, 3), (1, 5), (2, 4)]), [0, 2]);
    }

    #[test]
    fn line_breaks_outside_strings_in_a_one_line_new_are_decoded() {
        let old = "  const [s, set] = useState(0);";
        let new = "  const {store} = useContext(S);\\n  const [s, set] = useState(0);";
        assert_eq!(
            clean("", old, new).unwrap(),
            "  const {store} = useContext(S);\n  const [s, set] = useState(0);"
        );
        // Inside a string it is the program's escape; in a regex too.
        let new = "  log(\"a\\nb\"); const [s, set] = useState(0);";
        assert_eq!(clean("", old, new).unwrap(), new);
        let new = "  const [s, set] = useState(x.split(/\\n/).length);";
        assert_eq!(clean("", old, new).unwrap(), new);
        let new = "  const [s, set] = useState(text.split(/;\\n/));";
        assert_eq!(clean("", old, new).unwrap(), new);
    }

    #[test]
    fn escaped_new_is_decoded_only_when_it_echoes_old() {
        let old = "def f():\n    return 0";
        assert_eq!(
            clean("", old, "def f():\\n    return 1").unwrap(),
            "def f():\n    return 1"
        );
        let old = "print('a')\nprint('b')";
        assert_eq!(clean("", old, "print('a\\nb')").unwrap(), "print('a\\nb')");
    }

    #[test]
    fn an_elision_comment_in_new_stands_for_the_lines_it_covers() {
        let old = "def f():\n    \"\"\"Doc.\n    More.\n    \"\"\"\n    return 1";
        let new = "def f():\n    # ... existing code ...\n    return 2";
        assert_eq!(
            clean("", old, new).unwrap(),
            "def f():\n    \"\"\"Doc.\n    More.\n    \"\"\"\n    return 2"
        );
        // At the start of new, standing for nothing of old: dropped.
        let new = "    # ... existing code ...\n    a = 10\n    b = 2";
        assert_eq!(
            clean("", "    a = 1\n    b = 2", new).unwrap(),
            "    a = 10\n    b = 2"
        );
        // A bare `...` is Python code.
        assert_eq!(clean("", "    pass", "    ...").unwrap(), "    ...");
    }

    #[test]
    fn an_unclear_elision_comment_is_refused() {
        // New lines after a marker past the end of old: they belong after lines old omits.
        let e = clean("", "def f():", "def f():\n    # ...\n    g()").unwrap_err();
        assert_eq!(e.line, 2);
        // Markers around rewritten lines that are not like the lines they would replace.
        let old = "a()\nb()\nc()\nd()";
        assert!(clean(
            "",
            old,
            "a()\n// ...\nzzz_totally_new_call(1, 2, 3)\n// ...\nd()"
        )
        .is_err());
    }

    #[test]
    fn typographic_punctuation_on_fresh_lines_becomes_ascii() {
        let file = "raise ValueError(\"No closing quotation\")\n";
        let old = "raise ValueError(\u{201c}No closing quotation\u{201d})";
        let new = "raise ValueError(\u{201c}No closing quotation!\u{201d})";
        assert_eq!(
            clean(file, old, new).unwrap(),
            "raise ValueError(\"No closing quotation!\")"
        );
        // Inside an ASCII string, or where the file uses the character, it stays.
        let new = "msg = \"\u{201c}Hi\u{201d}\"";
        assert_eq!(clean(file, "msg = 1", new).unwrap(), new);
        let new = "x = 1  # one \u{2014} the first";
        assert_eq!(clean(file, "x = 0", new).unwrap(), new);
        let curly = "s = \u{201c}x\u{201d}\n";
        assert_eq!(
            clean(curly, "s = 1", "s = \u{201c}y\u{201d}").unwrap(),
            "s = \u{201c}y\u{201d}"
        );
    }
}
