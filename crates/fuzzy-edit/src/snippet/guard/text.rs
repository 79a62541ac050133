//! The line reading the guard shares: a text's lines, its tokens, a line's head (what it calls,
//! assigns or declares) and whether a line is a comment or an elision marker.

use crate::notation::is_elision_marker;

/// Lines of `s` without line endings (a final newline gives no extra line): the guard's split,
/// which the indexed lines (`as_split`) and [`lines_beside`] give without splitting again.
/// Whether a line opens or closes a block or a bracket: ends with `:`, `{`, `(` or `[`,
/// starts with `)`, `}` or `]`, or is a shell or Ruby block's end (`end`, `fi`, `done`).
pub(super) fn opens_or_closes(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && (t.ends_with([':', '{', '(', '['])
            || t.starts_with([')', '}', ']'])
            || matches!(t, "end" | "fi" | "done" | "esac"))
}

#[cfg(test)]
pub(super) fn lines(s: &str) -> Vec<&str> {
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    let mut v = Vec::with_capacity(memchr::memchr_iter(b'\n', s.as_bytes()).count() + 1);
    push_lines(s, &mut v);
    v
}

/// Push the lines of `s` (a BOM read as text) as `lines` splits them.
fn push_lines<'a>(s: &'a str, v: &mut Vec<&'a str>) {
    // (Split at memchr's newlines: `str::split` found them byte by byte, 40 M instructions
    // for the two texts of a 100k-line file.)
    let mut start = 0;
    for at in memchr::memchr_iter(b'\n', s.as_bytes()).chain([s.len()]) {
        let l = &s[start..at];
        v.push(l.strip_suffix('\r').unwrap_or(l));
        start = at + 1;
    }
    if s.ends_with('\n') || s.is_empty() {
        v.pop();
    }
}

/// `lines(merged)`, where `split` is `lines(file)` and `merged` is `file` changed: the whole
/// lines the two texts share at either end are taken from `split`, and only the lines between
/// are split. Splitting the whole merged text was 13 M instructions of a snippet on a
/// 100k-line file (callgrind).
pub(super) fn lines_beside<'a>(file: &'a str, split: &[&'a str], merged: &'a str) -> Vec<&'a str> {
    let f = file.strip_prefix('\u{feff}').unwrap_or(file).as_bytes();
    let m = merged.strip_prefix('\u{feff}').unwrap_or(merged);
    let mb = m.as_bytes();
    // The shared lines ahead end at a newline both texts have; those behind start after one.
    let same = crate::diff::common_prefix(f, mb);
    let head_end = memchr::memrchr(b'\n', &mb[..same]).map_or(0, |at| at + 1);
    let head = memchr::memchr_iter(b'\n', &mb[..head_end]).count();
    let behind = crate::diff::common_suffix(&f[head_end..], &mb[head_end..]);
    let tail_start = match memchr::memchr(b'\n', &mb[mb.len() - behind..]) {
        Some(at) => mb.len() - behind + at + 1,
        None => mb.len(),
    };
    let tail_bytes = &mb[tail_start..];
    let tail = memchr::memchr_iter(b'\n', tail_bytes).count()
        + usize::from(!tail_bytes.is_empty() && !tail_bytes.ends_with(b"\n"));
    let mut v = Vec::with_capacity(split.len() + 8);
    v.extend_from_slice(&split[..head]);
    let middle = &m[head_end..tail_start];
    if !middle.is_empty() {
        // It ends in a newline where the tail follows, and its last line with the text.
        push_lines(middle, &mut v);
    }
    v.extend_from_slice(&split[split.len() - tail..]);
    v
}

/// Whether `line` is an elision marker, a JSX `{/* ... */}` one included.
pub(super) fn marker_like(line: &str) -> bool {
    let t = line.trim();
    let t = t
        .strip_prefix('{')
        .and_then(|r| r.strip_suffix('}'))
        .unwrap_or(t);
    if is_elision_marker(t) {
        return true;
    }
    let lower = t.to_lowercase();
    comment(t)
        && (loose_ellipsis(t) || lower.contains("existing code") || lower.contains("unchanged"))
}

/// Whether `t` holds an ellipsis (`...`, `…`) that stands on its own, as an elision does
/// (`// ... rest`, `# keep the code...`), not one inside a bracket or a list the comment
/// quotes (`Gson.fromJson(..., JsonElement.class)` in a Javadoc line, `f(...)`, `[a, ...]`).
/// On the stand-in corpus a Javadoc line with `(..., ` read as a marker written as code and
/// refused 1 merge; none of its must-refuse cases reads an ellipsis in brackets.
fn loose_ellipsis(t: &str) -> bool {
    let quoted = |before: Option<char>, after: Option<char>| {
        before.is_some_and(|c| "([{,".contains(c)) || after.is_some_and(|c| ")]},".contains(c))
    };
    ["...", "\u{2026}"].iter().any(|e| {
        t.match_indices(e).any(|(at, _)| {
            let before = t[..at].chars().next_back();
            let after = t[at + e.len()..].chars().next();
            !quoted(before, after)
        })
    })
}

/// Whether `t` (a trimmed line) is a comment, a JSX `{/* */}` one included.
pub(super) fn comment(t: &str) -> bool {
    comment_leader(t).is_some() || t.starts_with("{/*")
}

/// The words and single punctuation characters of `line`, in order.
pub(super) fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        let word = c.is_alphanumeric() || c == '_';
        match (word, start) {
            (true, None) => start = Some(i),
            (true, Some(_)) => {}
            (false, s) => {
                if let Some(s) = s {
                    out.push(&line[s..i]);
                }
                start = None;
                if !c.is_whitespace() {
                    out.push(&line[i..i + c.len_utf8()]);
                }
            }
        }
    }
    if let Some(s) = start {
        out.push(&line[s..]);
    }
    out
}

/// The tokens of `line` up to and including its first opening bracket, `=` or `:` (what the
/// line calls, assigns, declares or labels: `res.redirect(`, `export type $Branded<`,
/// `case kind::custom:`), when a word of three or more characters comes before it.
pub(super) fn head(line: &str) -> Option<Vec<&str>> {
    let t = tokens(line);
    let end = t
        .iter()
        .position(|x| matches!(*x, "(" | "=" | ":" | "{" | "<" | "["))?;
    let head = t[..=end].to_vec();
    head.iter()
        // A head names something: a word of three characters or more (`self.total =`, not `x =`).
        .any(|x| x.chars().count() >= 3 && x.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .then_some(head)
}

/// The comment leader `line` starts with, if it is a comment line.
pub(in crate::snippet) fn comment_leader(line: &str) -> Option<&'static str> {
    let t = line.trim_start();
    ["//", "#", "/*", "*", "<!--", "--"]
        .into_iter()
        .find(|l| t.starts_with(l))
}

/// The tokens of a line: words (letters, digits, `_`) and punctuation characters.
fn owned_tokens(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut word = String::new();
    for c in s.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// The one-token edit from `b` to `a` (the token of `b` replaced or dropped, the token of `a`
/// put there; either empty), if they are one token apart.
pub(super) fn word_edit(a: &str, b: &str) -> Option<(Vec<String>, Vec<String>)> {
    let (x, y) = (owned_tokens(a), owned_tokens(b));
    if x == y {
        return None;
    }
    let prefix = x.iter().zip(&y).take_while(|(p, q)| p == q).count();
    let room = x.len().min(y.len()) - prefix;
    let suffix = x
        .iter()
        .rev()
        .zip(y.iter().rev())
        .take(room)
        .take_while(|(p, q)| p == q)
        .count();
    let (xa, ya) = (x.len() - prefix - suffix, y.len() - prefix - suffix);
    if xa.max(ya) != 1 || xa.min(ya) > 1 {
        return None;
    }
    Some((
        y[prefix..y.len() - suffix].to_vec(),
        x[prefix..x.len() - suffix].to_vec(),
    ))
}

/// Whether two lines differ in one token replaced, added or dropped, a word or a number on
/// at least one side: a comma or semicolon added or dropped alone (`{ name: 'tj' },` written
/// `{ name: 'tj' }` in a list turned comma-first) is the model's own reformatting of the
/// lines it shows, not a stale copy (a line someone else changed says something else: a name,
/// a number). The main engine's stale check sees through punctuation alike
/// (`rules::not_stale`).
///
/// Measured on the lazy-snippet stand-in corpus (1,112 apply and 285 must-refuse cases,
/// outside the repository): 7 apply cases refused as `stale_line` over a comma (comma-first
/// `var` and list declarations, a dropped trailing comma) merge right; no must-refuse case
/// is applied and none goes wrong.
pub(in crate::snippet) fn one_word_apart(a: &str, b: &str) -> bool {
    let word = |t: &String| t.chars().any(|c| c.is_alphanumeric() || c == '_');
    word_edit(a, b).is_some_and(|(x, y)| x.iter().chain(&y).any(word))
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_ellipsis_in_brackets_is_quoted_code_not_a_marker() {
        assert!(!super::marker_like(
            "*   <li>{@link Gson#fromJson(java.io.Reader, Class) Gson.fromJson(..., JsonElement.class)}<br>"
        ));
        assert!(!super::marker_like("// call f(...) first"));
        assert!(super::marker_like("// ... keep the helpers"));
        assert!(super::marker_like("# rest of the code..."));
        assert!(super::marker_like("/* \u{2026} */"));
    }

    proptest::proptest! {
        #[test]
        fn lines_split_as_str_split_does(s in "(\u{feff})?[a\r\n ]{0,12}") {
            let t = s.strip_prefix('\u{feff}').unwrap_or(&s);
            let mut want: Vec<&str> =
                t.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
            if t.ends_with('\n') || t.is_empty() {
                want.pop();
            }
            proptest::prop_assert_eq!(super::lines(&s), want);
        }

        /// The merged text's lines taken partly from the file's split are its own split.
        #[test]
        fn lines_beside_are_the_merged_texts_lines(
            file in "\u{feff}?[ab\r\n]{0,24}",
            edits in proptest::collection::vec((0usize..26, "[ab\r\n\u{feff}]{0,3}", 0usize..4), 0..3),
        ) {
            let mut merged = file.clone();
            for (at, put, cut) in &edits {
                let mut at = (*at).min(merged.len());
                while !merged.is_char_boundary(at) {
                    at -= 1;
                }
                let mut end = (at + cut).min(merged.len());
                while !merged.is_char_boundary(end) {
                    end += 1;
                }
                merged.replace_range(at..end, put);
            }
            let split = super::lines(&file);
            proptest::prop_assert_eq!(
                super::lines_beside(&file, &split, &merged),
                super::lines(&merged)
            );
        }
    }
}
