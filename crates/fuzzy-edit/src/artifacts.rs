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

use crate::align::{changed_regions, line_similarity, loose_diff};
use crate::needle::lines_of;
use crate::normalize::{loose_equal, push_punctuation, unescape};
use crate::strategy::{
    exact_spans, is_elision_marker, parse_prefix, strip_line_prefixes, strip_where_present, Style,
};
use crate::text::Text;

/// `new` holds an elision comment whose meaning is unclear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unclear {
    /// The marker line, as written.
    pub(crate) marker: String,
    /// Its line in `new`, 1-based.
    pub(crate) line: usize,
}

/// `new` as the model meant it. `Cow::Borrowed` when nothing was found to clean.
pub(crate) fn clean_new<'n>(text: &Text, old: &str, new: &'n str) -> Result<Cow<'n, str>, Unclear> {
    // `old` as the strategies see it once its own prefixes are gone (unless lines like that
    // are the file's own).
    let stripped_old = strip_line_prefixes(old).filter(|_| !numbered_like_the_file(text, old));
    let old_view = stripped_old.as_deref().unwrap_or(old);
    let mut new = Cow::Borrowed(new);
    if stripped_old.is_some() {
        // Models number the lines they copy but often not the lines they add.
        new = Cow::Owned(strip_where_present(&new));
    } else if let Some(stripped) = strip_prefixes(text, old, &new) {
        new = Cow::Owned(stripped);
    }
    if let Some(unescaped) = undo_escapes(old, &new) {
        new = Cow::Owned(unescaped);
    }
    if let Some(resolved) = resolve_elisions(text, old_view, &new)? {
        new = Cow::Owned(resolved);
    }
    if let Some(plain) = plain_punctuation(text, old_view, &new) {
        new = Cow::Owned(plain);
    }
    if let Some(edged) = keep_edges(old_view, &new) {
        new = Cow::Owned(edged);
    }
    Ok(new)
}

/// Every line of `new` numbered as a read tool numbers them, and `old` not: the numbers are
/// the tool's, not the file's (unless the file's own lines look like that: `1: a` in YAML).
fn strip_prefixes(text: &Text, old: &str, new: &str) -> Option<String> {
    if strip_line_prefixes(old).is_some() {
        return None;
    }
    let stripped = strip_line_prefixes(new)?;
    (!numbered_like_the_file(text, new)).then_some(stripped)
}

/// Whether the numbered lines of `s` look like the file's own lines: `1: a` in YAML, `| 1 |`
/// tables, or the very same line present in the file.
fn numbered_like_the_file(text: &Text, s: &str) -> bool {
    let Some(first) = s.lines().find(|l| !l.trim().is_empty()) else {
        return false;
    };
    match parse_prefix(first) {
        Some((style @ (Style::Colon | Style::Pipe), _, _)) => (0..text.line_count())
            .any(|i| parse_prefix(text.line(i)).is_some_and(|(s, _, _)| s == style)),
        Some(_) => !exact_spans(text, first).is_empty(),
        None => false,
    }
}

/// A one-line `new` written with `\n` escapes for the lines of a multi-line `old`: decoded
/// once too often. Only when a decoded line is one of `old`'s, so a string literal holding
/// `\n` is never split.
fn undo_escapes(old: &str, new: &str) -> Option<String> {
    if !old.trim().contains('\n') || new.contains('\n') || !new.contains("\\n") {
        return None;
    }
    let decoded = unescape(new)?;
    let echoes_old = decoded
        .lines()
        .filter(|l| !l.trim().is_empty())
        .any(|l| old.lines().any(|o| loose_equal(l, o)));
    echoes_old.then_some(decoded)
}

/// An elision comment (not a bare `...`, which is code in Python) in a `new` whose `old` has
/// none.
fn is_elision_comment(line: &str) -> bool {
    let t = line.trim();
    t != "..." && t != "\u{2026}" && is_elision_marker(line)
}

/// Replace each elision comment of `new` by the lines of `old` it stands for, or say it is
/// unclear. `None` when `new` has no marker to resolve.
fn resolve_elisions(text: &Text, old: &str, new: &str) -> Result<Option<String>, Unclear> {
    let (old_lines, _) = lines_of(old);
    let (new_lines, new_trailing) = lines_of(new);
    if old_lines.iter().any(|l| is_elision_marker(l))
        || !new_lines.iter().any(|l| is_elision_comment(l))
    {
        return Ok(None);
    }
    let unclear = |k: usize| Unclear {
        marker: new_lines[k].trim().to_string(),
        line: k + 1,
    };
    // A marker the file itself holds is code the model keeps, not an elision.
    if new_lines
        .iter()
        .any(|l| is_elision_comment(l) && !exact_spans(text, l.trim()).is_empty())
    {
        return Ok(None);
    }
    let mut out: Vec<&str> = Vec::with_capacity(new_lines.len() + old_lines.len());
    let mut pos_new = 0;
    for (o, n) in changed_regions(loose_diff(&old_lines, &new_lines)) {
        out.extend_from_slice(&new_lines[pos_new..n.start]);
        let side = &new_lines[n.clone()];
        let is_marker = |l: &&str| is_elision_comment(l);
        let markers: Vec<usize> = (0..side.len()).filter(|&t| is_marker(&side[t])).collect();
        if markers.is_empty() {
            out.extend_from_slice(side);
        } else {
            let real: Vec<usize> = (0..side.len())
                .filter(|&t| !is_marker(&side[t]) && !side[t].trim().is_empty())
                .collect();
            let covered = covered_lines(o.len(), &markers, &real)
                .filter(|c| replaced_alike(&old_lines[o.clone()], side, &real, *c))
                .ok_or_else(|| unclear(n.start + markers[0]))?;
            if o.is_empty() && !real.is_empty() {
                // An insertion around a marker at the end of `old` (or before its start): the
                // marker stands for lines outside `old_string`, so where the new lines go is
                // unclear.
                let at_end = o.start == old_lines.len() && markers[0] < real[0];
                let at_start = o.start == 0 && markers[markers.len() - 1] > real[real.len() - 1];
                if at_end || at_start {
                    return Err(unclear(n.start + markers[0]));
                }
            }
            let (lead, trail) = covered;
            out.extend_from_slice(&old_lines[o.start..o.start + lead]);
            out.extend(side.iter().filter(|l| !is_marker(l)));
            out.extend_from_slice(&old_lines[o.end - trail..o.end]);
        }
        pos_new = n.end;
    }
    out.extend_from_slice(&new_lines[pos_new..]);
    let mut s = out.join("\n");
    if new_trailing {
        s.push('\n');
    }
    Ok(Some(s))
}

/// In a changed region where `old` had `o` lines and `new` has markers at `markers` and real
/// lines at `real`, how many of `old`'s lines the markers keep: `(before, after)`
/// the real lines. Markers only at the start keep the first lines, only at the end the last;
/// markers on both sides or between real lines are unclear unless nothing is left to keep.
fn covered_lines(o: usize, markers: &[usize], real: &[usize]) -> Option<(usize, usize)> {
    let spare = o.saturating_sub(real.len());
    if real.is_empty() {
        return Some((o, 0));
    }
    let (first_real, last_real) = (real[0], real[real.len() - 1]);
    let before = markers.iter().any(|&m| m < first_real);
    let after = markers.iter().any(|&m| m > last_real);
    let between = markers.iter().any(|&m| m > first_real && m < last_real);
    match (before, between, after) {
        _ if spare == 0 => Some((0, 0)),
        (true, false, false) => Some((spare, 0)),
        (false, false, true) => Some((0, spare)),
        _ => None,
    }
}

/// The real lines of a region replace the `old` lines the markers do not keep: they must be
/// alike line for line (the model rewrote those lines), or which lines the marker keeps is a
/// guess.
fn replaced_alike(old: &[&str], side: &[&str], real: &[usize], (lead, trail): (usize, usize)) -> bool {
    if lead == 0 && trail == 0 {
        return true;
    }
    let replaced = &old[lead..old.len() - trail];
    replaced.len() == real.len()
        && replaced
            .iter()
            .zip(real)
            .all(|(o, &t)| line_similarity(o, side[t]) >= 0.5)
}

/// Typographic punctuation in the code of the lines of `new` that are not lines of `old` (not in
/// ASCII string literals, not in comments, where a dash or a curly apostrophe is prose), mapped
/// to ASCII where the file does not use that character itself.
fn plain_punctuation(text: &Text, old: &str, new: &str) -> Option<String> {
    if new.is_ascii() {
        return None;
    }
    let file = text.as_str();
    let foreign = |c: char| -> Option<String> {
        let mut plain = String::new();
        push_punctuation(c, &mut plain);
        let changes = plain.len() != c.len_utf8() || !plain.starts_with(c);
        (changes && !file.contains(c)).then_some(plain)
    };
    let old_lines: Vec<&str> = old.lines().collect();
    let mut changed = false;
    let mut out = String::with_capacity(new.len());
    for piece in new.split_inclusive('\n') {
        let body = piece.trim_end_matches(['\n', '\r']);
        let starts = body.trim_start();
        let block_comment = ["*", "/*", "<!--"].iter().any(|c| starts.starts_with(c));
        if body.is_ascii() || block_comment || old_lines.contains(&body) {
            out.push_str(piece);
            continue;
        }
        let mut quote: Option<char> = None;
        let mut escaped = false;
        let mut prev = ' ';
        for (at, c) in body.char_indices() {
            let line_comment = quote.is_none()
                && (c == '#' || (c == '/' && prev == '/') || (c == '-' && prev == '-'));
            if line_comment {
                out.push_str(&body[at..]);
                break;
            }
            prev = c;
            match quote {
                Some(q) => {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == q {
                        quote = None;
                    }
                    out.push(c);
                }
                None => match foreign(c) {
                    Some(plain) => {
                        changed = true;
                        out.push_str(&plain);
                    }
                    None => {
                        if matches!(c, '"' | '\'' | '`') {
                            quote = Some(c);
                        }
                        out.push(c);
                    }
                },
            }
        }
        out.push_str(&piece[body.len()..]);
    }
    changed.then_some(out)
}

/// `new` with `old`'s leading and trailing blank lines in place of its own, when the two
/// differ in more than those (an edit of the blank lines alone is taken as written, and an
/// empty `new` deletes).
fn keep_edges(old: &str, new: &str) -> Option<String> {
    let (old_lead, old_core, old_trail) = edges(old);
    let (new_lead, new_core, new_trail) = edges(new);
    if new_core.trim().is_empty() || new_core == old_core {
        return None;
    }
    if new_lead == old_lead && new_trail == old_trail {
        return None;
    }
    Some(format!("{old_lead}{new_core}{old_trail}"))
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
        clean_new(&Text::new(file), old, new).map(Cow::into_owned)
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
        assert_eq!(clean("", "    a = []\n", "    a = b").unwrap(), "    a = b\n");
        assert_eq!(clean("", "    a = []", "    a = b\n").unwrap(), "    a = b");
        assert_eq!(clean("", "\n\nx\n\n", "y").unwrap(), "\n\ny\n\n");
        // Only blank lines change: as written. An empty new deletes.
        assert_eq!(clean("", "x\n\n", "x\n").unwrap(), "x\n");
        assert_eq!(clean("", "x\n", "").unwrap(), "");
    }

    #[test]
    fn prefixes_only_in_new_are_stripped_unless_the_file_has_them() {
        let new = "     2\t    a = 10\n     3\t    b = 2";
        assert_eq!(clean("", "    a = 1\n    b = 2", new).unwrap(), "    a = 10\n    b = 2");
        let yaml = "1: a\n2: b\n";
        assert_eq!(clean(yaml, "1: a", "1: c\n2: d").unwrap(), "1: c\n2: d");
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
        assert_eq!(clean("", "    a = 1\n    b = 2", new).unwrap(), "    a = 10\n    b = 2");
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
        assert!(clean("", old, "a()\n// ...\nzzz_totally_new_call(1, 2, 3)\n// ...\nd()").is_err());
    }

    #[test]
    fn typographic_punctuation_on_fresh_lines_becomes_ascii() {
        let file = "raise ValueError(\"No closing quotation\")\n";
        let old = "raise ValueError(\u{201c}No closing quotation\u{201d})";
        let new = "raise ValueError(\u{201c}No closing quotation!\u{201d})";
        assert_eq!(clean(file, old, new).unwrap(), "raise ValueError(\"No closing quotation!\")");
        // Inside an ASCII string, or where the file uses the character, it stays.
        let new = "msg = \"\u{201c}Hi\u{201d}\"";
        assert_eq!(clean(file, "msg = 1", new).unwrap(), new);
        let new = "x = 1  # one \u{2014} the first";
        assert_eq!(clean(file, "x = 0", new).unwrap(), new);
        let curly = "s = \u{201c}x\u{201d}\n";
        assert_eq!(clean(curly, "s = 1", "s = \u{201c}y\u{201d}").unwrap(), "s = \u{201c}y\u{201d}");
    }
}
