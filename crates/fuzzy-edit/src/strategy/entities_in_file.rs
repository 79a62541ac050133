//! The file writes HTML entities (`&lt;`, `&amp;`, `&nbsp;`) and the model decoded them in
//! `old` (and often in `new`): `old` is matched against the file's lines decoded, whole lines
//! and only at one place, and `new` is written back in the file's escaping: a character `new`
//! keeps from `old`'s line is written as the file writes it there, a character it adds as the
//! line it rewrites writes that character (raw or as its entity; where that line writes it
//! both ways, which one is meant is unclear and nothing is matched), and a line it adds fresh
//! as the model wrote it. The evidence is the line, not the block: a `&lt;` in a string says
//! nothing of a `<` the model adds to the code beside it (`return a < b`). Part of the
//! [`Escapes`](super::escapes::Escapes) strategy.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "<pre>npm explore &lt;pkg&gt;</pre>\n<p>x</p>\n";
//! let old = "<pre>npm explore <pkg></pre>";
//! let new = "<pre>npm explore <pkg> --yes</pre>";
//! let out = apply(file, &Edit::new(old, new)).unwrap();
//! assert_eq!(out.text, "<pre>npm explore &lt;pkg&gt; --yes</pre>\n<p>x</p>\n");
//! ```
//!
//! On the attack benchmark (seeds 1-3, fe-s9 -> fe-markup-5): html_decode_both exact 6 -> 34
//! of 39, html_decode_old 11 -> 40 of 41 (HTML and JSON), no wrong edit.

use std::ops::Range;

use similar::{ChangeTag, TextDiff};

use super::{equality_cascade, Context};
use crate::candidate::Candidate;
use crate::needle::Needle;
use crate::notation::entities::ENTITIES;
use crate::thresholds::REWRITTEN_LINE;

/// The entities read in the file: the code ones and the non-breaking space, read as `nbsp`
/// (U+00A0, or a plain space where the model wrote `&nbsp;` as one: `old` has no U+00A0).
fn entity_at(s: &str, nbsp: char) -> Option<(&'static str, char)> {
    ENTITIES
        .iter()
        .map(|&(e, c)| (e, c.chars().next().unwrap_or(' ')))
        .chain([("&nbsp;", nbsp)])
        .find(|(e, _)| s.starts_with(e))
}

/// `line` decoded, with the byte range in `line` that each decoded char comes from.
fn decode_mapped(line: &str, nbsp: char) -> (String, Vec<Range<usize>>) {
    let mut out = String::with_capacity(line.len());
    let mut from = Vec::with_capacity(line.len());
    let mut i = 0;
    while i < line.len() {
        let rest = &line[i..];
        let (c, len) = match entity_at(rest, nbsp) {
            Some((e, c)) => (c, e.len()),
            None => {
                let c = rest.chars().next().unwrap_or(' ');
                (c, c.len_utf8())
            }
        };
        out.push(c);
        from.push(i..i + len);
        i += len;
    }
    (out, from)
}

fn decode_line(line: &str, nbsp: char) -> String {
    decode_mapped(line, nbsp).0
}

/// How the block writes a character: raw, as an entity, or both ways (`None`).
fn written_as(block: &[&str], c: char, nbsp: char) -> Option<Option<&'static str>> {
    let mut raw = false;
    let mut entity = None;
    for line in block {
        let (decoded, from) = decode_mapped(line, nbsp);
        for (d, r) in decoded.chars().zip(from) {
            if d != c {
                continue;
            }
            match entity_at(&line[r.start..], nbsp).filter(|_| r.len() > 1) {
                Some((e, _)) => entity = Some(e),
                None => raw = true,
            }
        }
    }
    match (raw, entity) {
        (true, Some(_)) => None,
        (_, e) => Some(e),
    }
}

/// Characters an entity may stand for (a plain space, written raw, aside).
fn special(c: char) -> bool {
    matches!(c, '<' | '>' | '&' | '"' | '\'' | '\u{a0}')
}

/// `text` (added by the model) in the escaping of `lines`; `None` where that is unclear.
fn encoded(text: &str, lines: &[&str], nbsp: char) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !special(c) {
            out.push(c);
            continue;
        }
        match written_as(lines, c, nbsp)? {
            Some(e) => out.push_str(e),
            None => out.push(c),
        }
    }
    Some(out)
}

/// `new_line` in the escaping of `file_line`, the line of the file it rewrites.
fn rewritten(file_line: &str, new_line: &str, nbsp: char) -> Option<String> {
    let (decoded, from) = decode_mapped(file_line, nbsp);
    let diff = TextDiff::from_chars(decoded.as_str(), new_line);
    let mut out = String::with_capacity(new_line.len() + 16);
    let mut at = 0;
    for change in diff.iter_all_changes() {
        let n = change.value().chars().count();
        match change.tag() {
            ChangeTag::Equal => {
                for r in &from[at..at + n] {
                    out.push_str(&file_line[r.clone()]);
                }
                at += n;
            }
            ChangeTag::Delete => at += n,
            ChangeTag::Insert => out.push_str(&encoded(change.value(), &[file_line], nbsp)?),
        }
    }
    Some(out)
}

/// Candidates for `old` found among the file's lines decoded, with `new` in the file's
/// escaping; none when the file writes no entity, `old` has no character one stands for, or
/// `old` is not at exactly one place.
pub(super) fn candidates(cx: &Context<'_>) -> Vec<Candidate> {
    let file = cx.text.as_str();
    let old = cx.needle.old_text();
    let nbsp = if old.contains('\u{a0}') {
        '\u{a0}'
    } else {
        ' '
    };
    // (One memchr pass for `&`: a file that writes no entity is not read line by line.)
    if !old.contains(special) || !entity_at_any(file, nbsp) {
        return Vec::new();
    }
    let old_lines: Vec<&str> = old
        .trim_matches('\n')
        .split('\n')
        .map(|l| l.trim_end())
        .collect();
    if old_lines.iter().all(|l| l.is_empty()) {
        return Vec::new();
    }
    let decoded_eq = |i: usize, want: &str| {
        let line = cx.text.line(i);
        if line.contains('&') {
            decode_line(line, nbsp).trim_end() == want
        } else {
            line.trim_end() == want
        }
    };
    let k = old_lines.len();
    let mut found = (0..cx.text.line_count().saturating_sub(k - 1))
        .filter(|&s| (0..k).all(|j| decoded_eq(s + j, old_lines[j])));
    let Some(at) = found.next() else {
        return Vec::new();
    };
    if found.next().is_some() {
        return Vec::new();
    }
    let block: Vec<&str> = (at..at + k).map(|i| cx.text.line(i)).collect();
    if !block.iter().any(|l| entity_at_any(l, nbsp)) {
        return Vec::new();
    }
    // `new` read decoded, as `old` is (the model may have kept the file's entities in it).
    let new = cx.needle.new_text();
    let new_lines: Vec<String> = new
        .trim_matches('\n')
        .split('\n')
        .map(|l| decode_line(l.trim_end_matches('\r'), nbsp))
        .collect();
    let Some(new_block) = in_files_escaping(&old_lines, &block, &new_lines, nbsp) else {
        return Vec::new();
    };
    let lead = &new[..new.len() - new.trim_start_matches('\n').len()];
    let trail = &new[new.trim_end_matches('\n').len()..];
    let new = format!("{lead}{new_block}{trail}");
    equality_cascade(cx.text, Needle::owned(block.join("\n"), new), cx.budget)
}

fn entity_at_any(line: &str, nbsp: char) -> bool {
    // memchr's vectorized search: asked of the whole file, which `str::match_indices` read a
    // word at a time.
    memchr::memchr_iter(b'&', line.as_bytes()).any(|i| entity_at(&line[i..], nbsp).is_some())
}

/// `new`'s lines (decoded) written in the escaping of the block `old` (decoded) stands for: a
/// line kept is the file's, a line changed is rewritten over the line of the block it pairs
/// with (line by line where the diff replaces as many as it adds, else the most alike).
fn in_files_escaping(old: &[&str], block: &[&str], new: &[String], nbsp: char) -> Option<String> {
    let new_refs: Vec<&str> = new.iter().map(String::as_str).collect();
    let diff = TextDiff::configure().diff_slices(old, &new_refs);
    let mut out: Vec<String> = Vec::with_capacity(new.len());
    for op in diff.ops() {
        let (o, n) = (op.old_range(), op.new_range());
        for (j, line) in new[n.clone()].iter().enumerate() {
            let pair = if o.len() == n.len() {
                Some(o.start + j)
            } else {
                o.clone()
                    .chain(0..old.len())
                    .map(|i| (i, crate::align::line_similarity(old[i], line)))
                    .filter(|&(_, s)| s >= REWRITTEN_LINE)
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(i, _)| i)
            };
            let written = match pair {
                Some(i) if old[i] == line.as_str() => block[i].to_string(),
                Some(i) => rewritten(block[i], line, nbsp)?,
                None => line.clone(),
            };
            out.push(written);
        }
    }
    Some(out.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_is_written_in_the_files_escaping() {
        let block = ["<a href=\"x\">&lt;&lt;&nbsp;13.</a>"];
        let old = ["<a href=\"x\"><<\u{a0}13.</a>"];
        let new = ["<a hrefNext=\"x\"><<\u{a0}13.</a>".to_string()];
        assert_eq!(
            in_files_escaping(&old, &block, &new, '\u{a0}').as_deref(),
            Some("<a hrefNext=\"x\">&lt;&lt;&nbsp;13.</a>")
        );
        // An added `<` where the block writes it both raw and encoded is unclear.
        let new = ["<a href=\"x\"><<\u{a0}13.</a> <".to_string()];
        assert_eq!(in_files_escaping(&old, &block, &new, '\u{a0}'), None);
        // `&nbsp;` the model wrote as a plain space: the file's entity stays where it was.
        let block = ["a&nbsp;b &lt;c&gt;"];
        let new = ["a bb <c>".to_string()];
        assert_eq!(
            in_files_escaping(&["a b <c>"], &block, &new, ' ').as_deref(),
            Some("a&nbsp;bb &lt;c&gt;")
        );
        // A copied line pairs with the line it copies.
        let block = ["<p>a &amp; b</p>"];
        let old = ["<p>a & b</p>"];
        let new = ["<p>a & b</p>".to_string(), "<p>a & c</p>".to_string()];
        assert_eq!(
            in_files_escaping(&old, &block, &new, '\u{a0}').as_deref(),
            Some("<p>a &amp; b</p>\n<p>a &amp; c</p>")
        );
    }
}
