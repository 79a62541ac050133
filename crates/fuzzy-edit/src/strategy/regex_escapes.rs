//! **Regex escapes**: `old` written as a regular expression for the text, every
//! metacharacter escaped (`if \(data\.items\.length > 1\) \{` for
//! `if (data.items.length > 1) {`).
//!
//! A model that searched with a regex tool, or thinks of `old` as a pattern, escapes
//! `\( \) \. \{ \} \[ \] \* \+ \? \| \^ \$ \/`. Those escapes are undone and the result is
//! matched by the equality strategies; it counts only where it matches exactly once and the
//! text it matches holds no such escape itself (in a file of regexes, a backslash in `old` may
//! be the file's own). `new` is undone the same way only when it shows the same escaping.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "function f(data) {\n  if (data.items.length > 1) {\n    return data.items[0];\n  }\n}\n";
//! let out = apply(file, &Edit::new(r"if \(data\.items\.length > 1\) \{", "if (data.items.length > 0) {")).unwrap();
//! assert!(out.text.contains("\n  if (data.items.length > 0) {\n"));
//! assert_eq!(out.matches[0].strategy, "regex_escapes");
//! ```

use super::{equality_cascade, Context, Strategy};
use crate::candidate::{Candidate, StrategyId};
use crate::needle::Needle;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct RegexEscapes;

/// The characters a regex escapes, as the model escaped them.
const METACHARACTERS: &[char] = &[
    '(', ')', '.', '{', '}', '[', ']', '*', '+', '?', '|', '^', '$', '/',
];

impl Strategy for RegexEscapes {
    fn id(&self) -> StrategyId {
        StrategyId::RegexEscapes
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        let old = cx.needle.old_text();
        let Some(plain_old) = unescape_regex(old) else {
            return Vec::new();
        };
        let new = cx.needle.new_text();
        let new = match unescape_regex(new) {
            Some(plain) if same_escaping(old, new) => plain,
            _ => new.to_string(),
        };
        // The file holding `old` with its backslashes doubled (`"user\\.name"` in a string
        // literal) holds the regex the model copied: the unescaped text elsewhere is not it.
        if cx.text.as_str().contains(&old.replace('\\', "\\\\")) {
            return Vec::new();
        }
        let found = equality_cascade(cx.text, Needle::owned(plain_old, new), cx.budget);
        let holds_escapes = |c: &Candidate| has_regex_escape(&cx.text.as_str()[c.span.clone()]);
        if found.len() != 1 || found.iter().any(holds_escapes) {
            return Vec::new();
        }
        found
    }
}

/// `s` with each escaped metacharacter unescaped (`\\` stays as it is); `None` when it has
/// none.
fn unescape_regex(s: &str) -> Option<String> {
    if !s.contains('\\') {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    let mut changed = false;
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(m) if METACHARACTERS.contains(&m) => {
                out.push(m);
                changed = true;
            }
            Some(other) => {
                out.push(c);
                out.push(other);
            }
            None => out.push(c),
        }
    }
    changed.then_some(out)
}

/// The escaped metacharacters of `s`, in order.
fn regex_escapes(s: &str) -> impl Iterator<Item = char> + '_ {
    let mut chars = s.chars();
    std::iter::from_fn(move || loop {
        match chars.next()? {
            '\\' => match chars.next()? {
                m if METACHARACTERS.contains(&m) => return Some(m),
                _ => continue,
            },
            _ => continue,
        }
    })
}

fn has_regex_escape(s: &str) -> bool {
    regex_escapes(s).next().is_some()
}

/// Whether `new` escapes metacharacters the way `old` does: it escapes some, and only ones
/// `old` escaped too (a `new` writing a regex of its own keeps it).
fn same_escaping(old: &str, new: &str) -> bool {
    let in_old: Vec<char> = regex_escapes(old).collect();
    has_regex_escape(new) && regex_escapes(new).all(|m| in_old.contains(&m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_holding_the_regex_in_a_string_literal_is_not_unescaped_elsewhere() {
        let file = "m = re.match(\"user\\\\.name\", s)\nv = get(\"user.name\")\n";
        let edit = crate::Edit::new("\"user\\.name\"", "\"user\\.email\"");
        assert!(crate::apply(file, &edit).is_err());
    }

    #[test]
    fn unescapes_metacharacters_only() {
        assert_eq!(
            unescape_regex(r"a\(b\)\.c\{\}").as_deref(),
            Some("a(b).c{}")
        );
        assert_eq!(
            unescape_regex(r#"x\.y("\n", "\\(")"#).as_deref(),
            Some(r#"x.y("\n", "\\(")"#)
        );
        assert_eq!(unescape_regex(r"\d+\n"), None);
        assert_eq!(unescape_regex("plain"), None);
    }

    #[test]
    fn new_is_unescaped_only_when_escaped_alike() {
        assert!(same_escaping(r"f\(x\)", r"g\(x\)"));
        assert!(!same_escaping(r"f\(x\)", "g(x)"));
        assert!(!same_escaping(r"f\(x\)", r"re = /\d+\.\d+/"));
    }
}
