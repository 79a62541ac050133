//! The line reading the guard shares: a text's lines, its tokens, a line's head (what it calls,
//! assigns or declares) and whether a line is a comment or an elision marker.

use crate::notation::is_elision_marker;

/// Lines of `s` without line endings (a final newline gives no extra line).
pub(super) fn lines(s: &str) -> Vec<&str> {
    let s = s.strip_prefix('\u{feff}').unwrap_or(s);
    // (Split at memchr's newlines: `str::split` found them byte by byte, 40 M instructions
    // for the two texts of a 100k-line file.)
    let mut v = Vec::with_capacity(memchr::memchr_iter(b'\n', s.as_bytes()).count() + 1);
    let mut start = 0;
    for at in memchr::memchr_iter(b'\n', s.as_bytes()).chain([s.len()]) {
        let l = &s[start..at];
        v.push(l.strip_suffix('\r').unwrap_or(l));
        start = at + 1;
    }
    if s.ends_with('\n') || s.is_empty() {
        v.pop();
    }
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
    }
}
