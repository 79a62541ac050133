//! What a model wraps around the text it means: a Markdown fence (```` ```yaml ```` above,
//! ```` ``` ```` below), a sentence of prose before or after it ("Here is the updated code:"),
//! or the body of a unified diff (` ` kept, `-` removed, `+` added lines). Each is taken off
//! only where the reading is unambiguous and the wrapper is not the file's own text: a fence
//! where the file has no fence line, prose where the file has no line of prose at the margin,
//! a diff body whose kept and removed lines are `old`'s.
//!
//! On the attack benchmark (seeds 1-3, 10,980 cases), these took the wrong edits of
//! fence_new/fence_nl_new 331 -> 14, prose_new/prose_after_new 324 -> 44 (the rest are HTML
//! and Markdown, where a sentence is content), diff_body_new 111 -> 0 and diff_body_both
//! 41 -> 0 (113 refused -> 0), fence_both 161 refused -> 8; no class lost an
//! exact case. In prose files (Markdown, HTML) see `markup_wrappers.rs`.

use super::markup_wrappers::{about_the_edit, unfenced_in_prose, without_edit_talk};
use super::wrapper_lines::{echoes, fence_close, fence_open};
use crate::text::Text;
use crate::thresholds::PROSE_WORDS;

/// `new` without the fence, prose or diff body the model wrapped around it, `old` being plain.
/// (`port: 80` in a YAML file, `new` ```` ```yaml ````, `port: 81`, ```` ``` ````: `port: 81`.)
pub(super) fn unwrap_new(text: &Text, old: &str, new: &str, prose: bool) -> Option<String> {
    let mut out: Option<String> = None;
    // (Prose may introduce a fence: "Here is the code:", blank line, fenced block.)
    for _ in 0..3 {
        let current = out.as_deref().unwrap_or(new);
        let next = unfenced(text, old, current, prose)
            .or_else(|| without_prose(text, old, current, prose))
            .or_else(|| {
                prose
                    .then(|| unfenced_in_prose(text, old, current))
                    .flatten()
            })
            .or_else(|| {
                prose
                    .then(|| without_edit_talk(text, old, current))
                    .flatten()
            })
            .or_else(|| diff_body_new(old, current));
        match next {
            Some(n) => out = Some(n),
            None => break,
        }
    }
    out
}

/// `old` and `new` both fenced, or both written as the two sides of a diff body: the pair
/// without them. `None` when neither is the reading.
pub(crate) fn unwrap_both(text: &Text, old: &str, new: &str) -> Option<(String, String)> {
    if let (Some(o), Some(n)) = (fenced_inner(old), fenced_inner(new)) {
        if !has_fence_line(text.as_str()) && !o.trim().is_empty() {
            return Some((o, n));
        }
    }
    diff_body_both(text, old, new)
}

fn has_fence_line(s: &str) -> bool {
    // (A fence line holds three backticks or tildes: the whole-text search for them is
    // memchr-fast, reading a 100k-line file line by line is not.)
    (s.contains("```") || s.contains("~~~")) && s.lines().any(crate::format::is_fence)
}

/// What a fence at the margin around the whole of `s` (blank lines aside) encloses, when no
/// other fence line is inside.
fn fenced_inner(s: &str) -> Option<String> {
    let lines: Vec<&str> = s.split('\n').collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    if last <= first || !fence_open(lines[first]) || !fence_close(lines[last]) {
        return None;
    }
    let inner = &lines[first + 1..last];
    if inner.iter().any(|l| crate::format::is_fence(l)) {
        return None;
    }
    let mut joined = inner.join("\n");
    if joined.ends_with('\r') {
        joined.pop();
    }
    Some(joined)
}

/// `new` fenced, `old` not, in a file without fence lines. In prose (Markdown, text) a fenced
/// block is content; it is taken for a wrapper only when it holds a line of `old`.
fn unfenced(text: &Text, old: &str, new: &str, prose: bool) -> Option<String> {
    // (`new` first: reading the file for fences costs more than the whole edit.)
    let inner = fenced_inner(new)?;
    // (In prose, a line of tildes over a heading, `~~~~<br>` in HTML, is no fence.)
    let fenced_file = if prose {
        let file = text.as_str();
        (file.contains("```") || file.contains("~~~"))
            && file.lines().any(|l| fence_open(l) || fence_close(l))
    } else {
        has_fence_line(text.as_str())
    };
    if has_fence_line(old) || fenced_file {
        return None;
    }
    // (Escaped as well, its lines echo `old` once decoded.)
    let decoded = || crate::notation::entities::decode(&inner);
    if prose && !echoes(&inner, old) && !echoes(&decoded(), old) {
        return None;
    }
    Some(inner)
}

/// A sentence of prose at the margin: a capital, at least [`PROSE_WORDS`] words, no code punctuation,
/// ending with `:` or `.` (or `!`).
pub(super) fn prose_sentence(line: &str) -> bool {
    let line = line.trim_end();
    if line.starts_with(char::is_whitespace) || !line.starts_with(|c: char| c.is_ascii_uppercase())
    {
        return false;
    }
    let Some(body) = line.strip_suffix([':', '.', '!']) else {
        return false;
    };
    body.split_whitespace().count() >= PROSE_WORDS
        && body
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | ',' | '\'' | '-'))
}

/// `new` without a sentence of prose before it (ending in `:`, then a blank line) or after it
/// (after a blank line), in a code file with no line of prose at the margin, `old` none.
/// In prose files a sentence is content: left alone.
fn without_prose(text: &Text, old: &str, new: &str, prose: bool) -> Option<String> {
    if prose || old.lines().any(prose_sentence) {
        return None;
    }
    let lines: Vec<&str> = new.split('\n').collect();
    let blank = |i: usize| lines.get(i).is_some_and(|l| l.trim().is_empty());
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    let range = if prose_sentence(lines[first]) && lines[first].trim_end().ends_with(':') {
        let body = (first + 1..lines.len()).find(|&i| !blank(i))?;
        (blank(first + 1) && body <= last).then_some(body..lines.len())
    } else if last > 0
        && prose_sentence(lines[last])
        && !lines[last].trim_end().ends_with(':')
        && blank(last - 1)
    {
        let end = (0..last).rfind(|&i| !blank(i))?;
        Some(0..end + 1)
    } else {
        None
    }?;
    // (A module docstring, a heredoc: the file's own prose at the margin. A sentence about the
    // edit itself, "Here is the updated code:", is the model's even then, unless the file has
    // it: a `description` string in a Cargo.toml is no reason to write it into the file.)
    let sentence = if range.start > 0 { first } else { last };
    let said = lines[sentence].trim();
    // (A line of `old` or of the file, however indented, is one the edit keeps: never prose.
    // A kept docstring sentence written flush left after a blank line.)
    let kept_line = |s: &str| s.lines().any(|l| l.trim() == said);
    if kept_line(old) || kept_line(text.as_str()) {
        return None;
    }
    let edit_talk = about_the_edit(said) && !text.as_str().lines().any(|l| l.trim() == said);
    if !edit_talk && text.as_str().lines().any(prose_sentence) {
        return None;
    }
    let mut kept = lines[range].join("\n");
    if kept.ends_with('\r') {
        kept.pop();
    }
    Some(kept)
}

/// Lines of a diff body: the marker (` `, `-`, `+`; an empty line is a kept blank line) and
/// the line after it. `None` when a line has no marker.
fn diff_lines(s: &str) -> Option<Vec<(char, &str)>> {
    s.split('\n')
        .map(|l| {
            let bare = l.trim_end_matches('\r');
            if bare.is_empty() {
                return Some((' ', l));
            }
            let m = bare.chars().next()?;
            matches!(m, ' ' | '-' | '+').then(|| (m, &l[1..]))
        })
        .collect()
}

/// `new` written as a diff body against a plain `old`: every line marked, at least one `+` or
/// `-`, and the kept and removed lines, markers off, are `old`'s lines in order (all of them,
/// or, where the model wrote only the new side, ` ` and `+`, some of them, one kept line at
/// least). A line of indented code carries its indentation, not `old`'s line after a space.
fn diff_body_new(old: &str, new: &str) -> Option<String> {
    let marked = diff_lines(new)?;
    if !changes(&marked) || diff_lines(old).is_some_and(|o| changes(&o)) {
        return None;
    }
    let was: Vec<&str> = marked
        .iter()
        .filter(|(m, _)| *m != '+')
        .map(|(_, l)| l.trim_end_matches('\r'))
        .collect();
    let old_lines: Vec<&str> = old.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let kept_line = marked
        .iter()
        .any(|(m, l)| *m == ' ' && !l.trim().is_empty());
    let whole = was == old_lines;
    let added = joined(&marked, '-');
    // Every line added, none kept: no line to check against `old`, so the lines must be
    // `old`'s rewritten, and no line of `old` may start with `+`.
    let rewritten =
        was.is_empty() && !old.lines().any(|l| l.starts_with('+')) && echoes(&added, old);
    if !(whole || rewritten || kept_line && subsequence(&was, &old_lines)) {
        return None;
    }
    Some(added)
}

/// Whether `part` is `all` with some lines left out.
fn subsequence(part: &[&str], all: &[&str]) -> bool {
    let mut rest = all.iter();
    part.iter().all(|p| rest.any(|a| a == p))
}

fn changes(marked: &[(char, &str)]) -> bool {
    marked.iter().any(|(m, _)| *m != ' ')
}

/// The lines of `marked` but those marked `drop`, markers off.
fn joined(marked: &[(char, &str)], drop: char) -> String {
    let kept: Vec<&str> = marked
        .iter()
        .filter(|(m, _)| *m != drop)
        .map(|(_, l)| *l)
        .collect();
    kept.join("\n")
}

/// `old` written as the ` `/`-` side of a diff body and `new` as the ` `/`+` side: both
/// without markers, when `old` so read is in the file and `old` as written is not, and both
/// sides keep the same lines.
fn diff_body_both(text: &Text, old: &str, new: &str) -> Option<(String, String)> {
    let (o, n) = (diff_lines(old)?, diff_lines(new)?);
    if o.iter().any(|(m, _)| *m == '+') || n.iter().any(|(m, _)| *m == '-') {
        return None;
    }
    if !changes(&o) && !changes(&n) {
        return None;
    }
    let kept = |s: &[(char, &'_ str)]| -> Vec<String> {
        s.iter()
            .filter(|(m, _)| *m == ' ')
            .map(|(_, l)| l.trim_end_matches('\r').to_string())
            .collect()
    };
    if kept(&o) != kept(&n) {
        return None;
    }
    let (old_bare, new_bare) = (joined(&o, '+'), joined(&n, '-'));
    let file = text.as_str();
    (!old_bare.trim().is_empty() && file.contains(&old_bare) && !file.contains(old))
        .then_some((old_bare, new_bare))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_only(file: &str, old: &str, new: &str) -> Option<String> {
        unwrap_new(&Text::new(file), old, new, false)
    }

    #[test]
    fn a_fence_around_new_goes_where_the_file_has_none() {
        let file = "name: app\nport: 80\n";
        assert_eq!(
            new_only(file, "port: 80", "```yaml\nport: 81\n```\n").as_deref(),
            Some("port: 81")
        );
        // Fences in the file, in `old`, or in the middle of `new` are content.
        let md = "text\n```\ncode\n```\n";
        assert_eq!(new_only(md, "text", "```\nx\n```"), None);
        assert_eq!(new_only(file, "a", "b\n```\nx\n```"), None);
        // In prose a fenced block is content unless it holds a line of `old`.
        let t = Text::new("Intro.\n");
        assert_eq!(unwrap_new(&t, "Intro.", "```sh\nnpm i\n```", true), None);
    }

    #[test]
    fn prose_around_new_goes_in_code_files() {
        let file = "[server]\nport = 80\n";
        assert_eq!(
            new_only(file, "port = 80", "Here is the updated code:\n\nport = 81").as_deref(),
            Some("port = 81")
        );
        assert_eq!(
            new_only(
                file,
                "port = 80",
                "port = 81\n\nThis keeps the rest unchanged."
            )
            .as_deref(),
            Some("port = 81")
        );
        // A file with prose at the margin (a module docstring) keeps it; so does Markdown.
        let doc = "Utilities for the parser.\n\nx = 1\n";
        assert_eq!(new_only(doc, "x = 1", "x = 2\n\nThis is now two."), None);
        // ...but a sentence about the edit itself is the model's even there.
        assert_eq!(
            new_only(doc, "x = 1", "Here is the updated code:\n\nx = 2").as_deref(),
            Some("x = 2")
        );
        let t = Text::new("a\n");
        assert_eq!(
            unwrap_new(&t, "a", "a\n\nA new paragraph here.", true),
            None
        );
    }

    #[test]
    fn a_diff_body_in_new_is_read_when_its_old_side_is_old() {
        let old = "  \"a\": 1,\n  \"b\": 2";
        let new = "   \"a\": 1,\n-  \"b\": 2\n+  \"b\": 3";
        assert_eq!(
            new_only("", old, new).as_deref(),
            Some("  \"a\": 1,\n  \"b\": 3")
        );
        // The new side alone: kept and added lines.
        let new = "   \"a\": 1,\n+  \"b\": 3";
        assert_eq!(
            new_only("", old, new).as_deref(),
            Some("  \"a\": 1,\n  \"b\": 3")
        );
        // Every line added: read when the lines are `old`'s rewritten.
        assert_eq!(
            new_only("", "VERSION = $(call v)", "+VERSION_v2 = $(call v)").as_deref(),
            Some("VERSION_v2 = $(call v)")
        );
        assert_eq!(new_only("", "A = 1", "+1"), None);
        // A YAML list is not a diff: its `-` lines are not `old`'s.
        assert_eq!(new_only("", "a:\n- x", "a:\n- x\n- y"), None);
    }

    #[test]
    fn both_sides_as_a_diff_body_are_read_when_old_so_read_is_in_the_file() {
        let file = "[lib]\nname = \"x\"\nautolib = false\n";
        let old = " name = \"x\"\n autolib = false";
        let new = " name = \"x\"\n autolib = false\n+autotests = false";
        let (o, n) = unwrap_both(&Text::new(file), old, new).unwrap();
        assert_eq!(o, "name = \"x\"\nautolib = false");
        assert_eq!(n, "name = \"x\"\nautolib = false\nautotests = false");
        // Indented code is no diff body when `old` is in the file as written.
        let py = "    a\n    b\n";
        assert_eq!(unwrap_both(&Text::new(py), "    a", "    a\n+   c"), None);
    }
}
