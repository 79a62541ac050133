//! The `lazy-snippet` set: each real commit hunk of `git-mined/` rendered as the lazy snippets
//! models write (`// ... existing code ...` around the changed lines, with context of several
//! widths, flush left, in a CRLF file, in other marker phrasings, under the enclosing scope's
//! first line), merged with `apply_snippet`; each file version's hunks together as one snippet
//! of several pieces; plus snippets that must be refused (a piece that fits twice, a stale
//! edge line, new lines between two markers).

use std::ops::Range;

use fuzzy_edit::{apply_snippet, Options};
use serde_json::{json, Value};

use crate::judge::{judge, Expect};

/// One hunk: the file, the exact `old`/`new` and where `old` starts.
pub struct Hunk<'a> {
    pub content: &'a str,
    pub old: &'a str,
    pub new: &'a str,
    pub offset: usize,
    pub comment: &'a str,
}

/// One case: its class, file, snippet, what it expects and the right lines.
pub struct Case {
    pub class: &'static str,
    pub content: String,
    pub snippet: String,
    pub expect: Expect,
}

/// The merge's answer: the result text, and a detail for the report.
pub fn run(case: &Case) -> (Option<String>, Value) {
    match apply_snippet(&case.content, &case.snippet, &Options::default()) {
        Ok(a) => (Some(a.text), json!({"strategy": "snippet"})),
        Err(e) => {
            let msg: String = e.to_string().chars().take(400).collect();
            (
                None,
                json!({"error": e.kind(), "rule": e.rule(), "message": msg}),
            )
        }
    }
}

/// Judge a case's answer.
pub fn outcome(case: &Case, result: Option<&str>, right: &Range<usize>) -> crate::judge::Outcome {
    judge(&case.content, result, &case.expect, right, false)
}

fn lines(s: &str) -> Vec<&str> {
    s.strip_suffix('\n').unwrap_or(s).split('\n').collect()
}

fn indent(l: &str) -> &str {
    &l[..l.len() - l.trim_start().len()]
}

/// How many lines at the start and at the end of a hunk its `old` and `new` share (the end's
/// count never overlapping the start's).
fn unchanged_ends(old: &[&str], new: &[&str]) -> (usize, usize) {
    let head = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let tail = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take_while(|(a, b)| a == b)
        .count()
        .min(old.len() - head)
        .min(new.len() - head);
    (head, tail)
}

/// Whether a line opens a definition a model would name as a snippet's scope: a function,
/// method, class or module (`def f(`, `impl Foo {`, `public void run() {`), not a statement.
fn defines(t: &str) -> bool {
    const WORDS: &[&str] = &[
        "def ",
        "class ",
        "fn ",
        "impl ",
        "impl<",
        "function ",
        "function(",
        "func ",
        "struct ",
        "enum ",
        "trait ",
        "interface ",
        "mod ",
        "module ",
        "object ",
        "namespace ",
    ];
    const STATEMENTS: &[&str] = &[
        "if", "for", "while", "switch", "catch", "else", "try", "do", "return", "match", "with",
        "foreach", "using", "lock", "unless", "until", "elif", "except", "finally", "case",
    ];
    let first = t
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or("");
    let words = WORDS.iter().any(|w| t.contains(w));
    let signature = t.ends_with('{') && t.contains('(') && !t.contains('=');
    (words || signature) && !STATEMENTS.contains(&first)
}

/// The cases of one hunk, and the lines it changes (0-based).
pub fn cases(h: &Hunk<'_>) -> (Vec<Case>, Range<usize>) {
    let start = h.content[..h.offset].matches('\n').count();
    let old = lines(h.old);
    let new = lines(h.new);
    let right = start..start + old.len();
    let mut out = Vec::new();
    let expected = format!(
        "{}{}{}",
        &h.content[..h.offset],
        h.new,
        &h.content[h.offset + h.old.len()..]
    );
    let file_lines = h.content.lines().count();
    let (head, tail) = unchanged_ends(&old, &new);
    let before_marker = start > 0;
    let after_marker = start + old.len() < file_lines;
    // (Context counted in lines of code: a blank line shows no place.)
    let code = |l: &&str| !l.trim().is_empty();
    // The first line of `new` shown above the change with `context` lines of code.
    let shown_from = |context: usize| {
        let mut from = head;
        let mut shown = 0;
        while from > 0 && shown < context {
            from -= 1;
            shown += usize::from(code(&new[from]));
        }
        from
    };
    let render = |context: usize, marker: &str, flush: bool| -> Option<String> {
        let from = shown_from(context);
        let mut to_new = new.len() - tail;
        let mut shown = 0;
        while to_new < new.len() && shown < context {
            shown += usize::from(code(&new[to_new]));
            to_new += 1;
        }
        let body: Vec<&str> = new[from..to_new].to_vec();
        if body.iter().all(|l| l.trim().is_empty()) {
            return None;
        }
        let least = body
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| indent(l).len())
            .min()
            .unwrap_or(0);
        let depth = if flush {
            ""
        } else {
            &body.iter().find(|l| !l.trim().is_empty())?[..least]
        };
        let mut s = String::new();
        if before_marker || from > 0 {
            s += &format!("{depth}{marker}\n");
        }
        for l in &body {
            if flush && !l.trim().is_empty() {
                s += &l[least..];
            } else {
                s += l;
            }
            s.push('\n');
        }
        if after_marker || to_new < new.len() {
            s += &format!("{depth}{marker}\n");
        }
        Some(s)
    };
    // The file lines of the enclosing scope's signature above the lines shown with `context`
    // (`class X:`, `impl Foo {`, `function f(` down to its `) {`), and the scope's closing
    // line at the signature's depth if the language closes scopes (`}`, `end`).
    let file: Vec<&str> = h.content.lines().collect();
    let scope = |context: usize| -> Option<(Range<usize>, Option<usize>)> {
        let from = shown_from(context);
        let first = start + from;
        let body_depth = new[from..]
            .iter()
            .chain(&old[from..])
            .filter(|l| !l.trim().is_empty())
            .map(|l| indent(l).len())
            .min()?;
        // (The nearest enclosing line that defines something: each line above that is
        // shallower than every line below it encloses them; a closing line (`)`, `}`) or a
        // comment encloses nothing.)
        let mut limit = body_depth;
        let mut header = None;
        for i in (0..first).rev() {
            let (l, t) = (file[i], file[i].trim());
            if t.is_empty() || indent(l).len() >= limit {
                continue;
            }
            if t.starts_with([')', '}', ']', '#', '/', '*', '@']) {
                continue;
            }
            if defines(t) {
                header = Some(i);
                break;
            }
            limit = indent(l).len();
        }
        let header = header?;
        let depth = indent(file[header]).len();
        let end = start + old.len();
        let closer = (end..file.len())
            .find(|&i| !file[i].trim().is_empty() && indent(file[i]).len() <= depth)
            .filter(|&i| {
                indent(file[i]).len() == depth
                    && (file[i].trim_start().starts_with('}') || file[i].trim() == "end")
            });
        // (A signature written over several lines is shown whole, as models copy it: down to
        // where its brackets close.)
        let mut open = 0isize;
        let opened = (header..first.min(header + 12)).find(|&i| {
            for ch in file[i].chars() {
                match ch {
                    '(' | '[' => open += 1,
                    ')' | ']' => open -= 1,
                    _ => {}
                }
            }
            open <= 0
        })?;
        Some((header..opened + 1, closer))
    };
    let c = h.comment;
    let standard = format!("{c} ... existing code ...");
    let phrasings = [
        format!("{c} ..."),
        format!("{c} ... rest of the code ..."),
        format!("{c} existing code"),
    ];
    let mut push = |class: &'static str, content: String, snippet: Option<String>, expect| {
        if let Some(snippet) = snippet {
            out.push(Case {
                class,
                content,
                snippet,
                expect,
            });
        }
    };
    let text = || Expect::Text(expected.clone());
    push(
        "context_3",
        h.content.to_string(),
        render(3, &standard, false),
        text(),
    );
    push(
        "context_1",
        h.content.to_string(),
        render(1, &standard, false),
        text(),
    );
    push(
        "flush_left",
        h.content.to_string(),
        render(3, &standard, true),
        text(),
    );
    // A scope anchor: the enclosing scope's first line, a marker, the change with one line of
    // context, a marker, and the scope's closing line where there is one.
    if let (Some((header, closer)), Some(body)) = (scope(1), render(1, &standard, false)) {
        let hdepth = indent(file[header.start]);
        let mut s = String::new();
        if header.start > 0 {
            s += &format!("{hdepth}{standard}\n");
        }
        for l in &file[header] {
            s += l;
            s.push('\n');
        }
        // (The body opens with a marker: there are lines above it. It closes with one
        // unless it reaches the end of the file, and then there is no closing line.)
        s += &body;
        if let Some(close) = closer {
            s += file[close];
            s.push('\n');
            if close + 1 < file.len() {
                s += &format!("{hdepth}{standard}\n");
            }
        }
        push("scope_anchor", h.content.to_string(), Some(s), text());
    }
    let phrasing = &phrasings[h.offset % phrasings.len()];
    push(
        "phrasing",
        h.content.to_string(),
        render(2, phrasing, false),
        text(),
    );
    if !h.content.contains('\r') {
        let crlf = |s: &str| s.replace('\n', "\r\n");
        push(
            "crlf",
            crlf(h.content),
            render(3, &standard, false),
            Expect::Text(crlf(&expected)),
        );
    }
    // Must refuse: the region twice in the file (the piece fits both).
    let region: String = h.content[h.offset..h.offset + h.old.len()].to_string();
    if region.lines().count() >= 2 {
        let twice = format!("{}\n{}", h.content.trim_end_matches('\n'), region);
        push(
            "refuse_ambiguous",
            format!("{}\n", twice.trim_end_matches('\n')),
            render(3, &standard, false),
            Expect::RefuseStrictly,
        );
    }
    // Must refuse: only the added lines, between two markers (where they go is open).
    let added: Vec<&str> = new[head..new.len() - tail].to_vec();
    let loose = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let added_new = added
        .iter()
        .all(|l| l.trim().is_empty() || !h.content.lines().any(|f| loose(f) == loose(l)));
    if before_marker && after_marker && added_new && !added.is_empty() {
        let depth = indent(added.iter().find(|l| !l.trim().is_empty()).unwrap_or(&""));
        let snippet = format!(
            "{depth}{standard}\n{}\n{depth}{standard}\n",
            added.join("\n")
        );
        push(
            "refuse_open",
            h.content.to_string(),
            Some(snippet),
            Expect::RefuseStrictly,
        );
    }
    // Must refuse: the first context line misremembered (a word changed), right beside the
    // file line it stands for.
    if head >= 3 && before_marker {
        if let Some(s) = render(3, &standard, false) {
            let first = new[head - 3];
            if let Some(word) = first
                .split(|ch: char| !ch.is_alphanumeric() && ch != '_')
                .find(|w| w.len() >= 4)
            {
                let stale_line = first.replacen(word, &format!("{word}X"), 1);
                let stale = s.replacen(first, &stale_line, 1);
                push(
                    "refuse_stale_edge",
                    h.content.to_string(),
                    Some(stale),
                    Expect::RefuseStrictly,
                );
            }
        }
    }
    // Must refuse: one context line stale (a word of it replaced by another word of the file,
    // as when the file changed after the model read it), anywhere in the piece.
    if let Some(stale) = render(3, &standard, false).and_then(|s| stale_context(h, &s)) {
        push(
            "refuse_stale_context",
            h.content.to_string(),
            Some(stale),
            Expect::RefuseStrictly,
        );
    }
    (out, right)
}

/// The snippet `s` of hunk `h` with one of its context lines made stale: a word of it (three
/// characters or more) replaced by another word of the file, the line and both words chosen
/// by the hunk's offset. `None` for a change of whitespace alone (the stale line would be the
/// snippet's only visible change: an edit), or when the stale line is one the file holds.
fn stale_context(h: &Hunk<'_>, s: &str) -> Option<String> {
    let squeeze = |t: &str| t.split_whitespace().collect::<String>();
    if squeeze(h.old) == squeeze(h.new) {
        return None;
    }
    let words = |l: &'_ str| -> Vec<String> {
        l.split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| w.len() >= 3 && w.starts_with(|c: char| c.is_alphabetic() || c == '_'))
            .map(str::to_string)
            .collect()
    };
    let (old, new) = (lines(h.old), lines(h.new));
    let (head, tail) = unchanged_ends(&old, &new);
    let after = new.len() - tail;
    let shown: Vec<&str> = s.lines().collect();
    let context: Vec<&str> = new[head.saturating_sub(3)..head]
        .iter()
        .chain(&new[after..(after + 3).min(new.len())])
        .copied()
        .filter(|l| !words(l).is_empty() && shown.iter().filter(|x| *x == l).count() == 1)
        .collect();
    let line = *context.get(h.offset % context.len().max(1))?;
    let mine = words(line);
    let word = &mine[(h.offset / 7) % mine.len()];
    let mut pool = words(h.content);
    pool.sort();
    pool.dedup();
    pool.retain(|w| !mine.contains(w));
    let other = pool.get((h.offset / 13) % pool.len().max(1))?;
    let at = line
        .match_indices(word.as_str())
        .map(|(i, _)| i)
        .find(|&i| {
            let before = line[..i].chars().next_back();
            let after = line[i + word.len()..].chars().next();
            let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            !part(before) && !part(after)
        })?;
    let stale = format!("{}{other}{}", &line[..at], &line[at + word.len()..]);
    if h.content.lines().any(|f| f.trim() == stale.trim()) {
        return None;
    }
    let mut out = String::new();
    for l in &shown {
        out += if *l == line { &stale } else { l };
        out.push('\n');
    }
    Some(out)
}

/// The lines of one hunk a piece shows: the file lines `from..to` it stands for and its lines,
/// the change with `context` lines of code on each side.
fn piece_of<'a>(h: &Hunk<'a>, context: usize) -> Option<(Range<usize>, Vec<&'a str>)> {
    let start = h.content[..h.offset].matches('\n').count();
    let (old, new) = (lines(h.old), lines(h.new));
    let (head, tail) = unchanged_ends(&old, &new);
    let code = |l: &&str| !l.trim().is_empty();
    let (mut from, mut shown) = (head, 0);
    while from > 0 && shown < context {
        from -= 1;
        shown += usize::from(code(&new[from]));
    }
    let (mut to, mut shown) = (new.len() - tail, 0);
    while to < new.len() && shown < context {
        shown += usize::from(code(&new[to]));
        to += 1;
    }
    let body = new[from..to].to_vec();
    body.iter().any(code).then_some(())?;
    Some((start + from..start + old.len() - (new.len() - to), body))
}

/// The `multi_piece` case of one file version's hunks (two or more): every hunk shown as a
/// piece, three lines of code of context each side, a marker before each piece (but a first
/// piece at the top of the file) and after the last (but at the file's end), each marker at
/// the depth of the piece's first line. `None` when two pieces touch or overlap, when a hunk
/// deletes the file's last lines (no marker can say the file ends there), or when a hunk's
/// `old` is empty.
pub fn several(hunks: &[&Hunk<'_>]) -> Option<(Case, Range<usize>)> {
    if hunks.len() < 2 {
        return None;
    }
    let mut hunks = hunks.to_vec();
    hunks.sort_by_key(|h| h.offset);
    let content = hunks[0].content;
    let file_lines = content.lines().count();
    let marker = format!("{} ... existing code ...", hunks[0].comment);
    let mut snippet = String::new();
    let mut reached = 0;
    for (k, h) in hunks.iter().enumerate() {
        if h.old.is_empty() || h.offset < reached {
            return None;
        }
        let (shown, body) = piece_of(h, 3)?;
        let old_end = h.content[..h.offset].matches('\n').count() + lines(h.old).len();
        if old_end >= file_lines && lines(h.new).len() < lines(h.old).len() {
            return None;
        }
        let depth = indent(body.iter().find(|l| !l.trim().is_empty())?);
        if k > 0 || shown.start > 0 {
            snippet += &format!("{depth}{marker}\n");
        }
        for l in &body {
            snippet += l;
            snippet.push('\n');
        }
        if k + 1 == hunks.len() && shown.end < file_lines {
            snippet += &format!("{depth}{marker}\n");
        }
        reached = h.offset + h.old.len();
        let next_start = hunks
            .get(k + 1)
            .map(|n| piece_of(n, 3).map(|(r, _)| r.start));
        if let Some(next) = next_start {
            // (A marker stands for at least one line between two pieces.)
            if next? <= shown.end {
                return None;
            }
        }
    }
    let mut expected = content.to_string();
    for h in hunks.iter().rev() {
        expected.replace_range(h.offset..h.offset + h.old.len(), h.new);
    }
    let line_of = |h: &Hunk<'_>| h.content[..h.offset].matches('\n').count();
    let last = hunks.last()?;
    let right = line_of(hunks[0])..line_of(last) + lines(last.old).len();
    Some((
        Case {
            class: "multi_piece",
            content: content.to_string(),
            snippet,
            expect: Expect::Text(expected),
        },
        right,
    ))
}
