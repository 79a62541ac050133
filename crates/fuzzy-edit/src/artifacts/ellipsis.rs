//! A bare `...` line in `new`: Python's `Ellipsis`, and the model's way of writing "the lines
//! of `old` I did not retype". Read as an elision where it is no stub: where `old` and the file
//! have no such line, and it is not the whole body of a block `new` opens (`def g():` then
//! `...` is a stub, after a docstring too). The whole body of a block `old` already has
//! (`def f():` then `...`, where `old` has the body) may be either: unclear, unless it stands
//! for nothing. A `new` that is `...` alone is code (`pass` becoming `...`).

use std::borrow::Cow;

use super::{resolve_elisions, Unclear};
use crate::needle::lines_of;
use crate::normalize::{indent_of, loose_equal};
use crate::text::Text;

/// What the elision comment put in place of a bare `...` reads as.
const MARKER: &str = "# ... existing code ...";

/// `new` with each bare `...` that stands for lines of `old` replaced by them. `None` when
/// there is none, or every one stands for nothing (it is code then, and stays).
pub(super) fn resolve_bare_ellipses(
    text: &Text,
    old: &str,
    new: &str,
) -> Result<Option<String>, Unclear> {
    let bare = |l: &str| l.trim() == "...";
    // (A `new` of nothing else keeps nothing: it writes `...`, as for `pass`.)
    let nothing_else = new.lines().all(|l| bare(l) || l.trim().is_empty());
    if !new.lines().any(bare)
        || nothing_else
        || old.lines().any(bare)
        || text.as_str().lines().any(bare)
    {
        return Ok(None);
    }
    let (lines, trailing) = lines_of(new);
    let (old_lines, _) = lines_of(old);
    let mut marked: Vec<Cow<str>> = lines.iter().map(|&l| Cow::Borrowed(l)).collect();
    let mut ambiguous = Vec::new();
    let mut markers = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if !bare(line) {
            continue;
        }
        let non_blank = |l: &&&str| !l.trim().is_empty();
        let prev = header_before(&lines[..k]);
        let next = lines[k + 1..].iter().find(non_blank);
        let opens_block = prev.is_some_and(|p| p.trim_end().ends_with(':'));
        let whole_body =
            opens_block && next.is_none_or(|n| indent_of(n).len() < indent_of(line).len());
        if whole_body {
            let olds_header = prev.is_some_and(|p| old_lines.iter().any(|o| loose_equal(o, p)));
            if !olds_header {
                // A stub the model writes.
                continue;
            }
            ambiguous.push(k);
        }
        markers.push(k);
        marked[k] = Cow::Owned(format!("{}{MARKER}", indent_of(line)));
    }
    if markers.is_empty() {
        return Ok(None);
    }
    let join = |lines: &mut dyn Iterator<Item = &str>| {
        let mut s = lines.collect::<Vec<_>>().join("\n");
        if trailing {
            s.push('\n');
        }
        s
    };
    let with_markers = join(&mut marked.iter().map(|l| l.as_ref()));
    let as_ellipsis = |mut u: Unclear| {
        if markers.contains(&(u.line - 1)) {
            u.marker = "...".into();
        }
        u
    };
    let Some(resolved) = resolve_elisions(text, old, &with_markers).map_err(as_ellipsis)? else {
        return Ok(None);
    };
    // Standing for nothing, a `...` is the program's.
    let without = join(
        &mut lines
            .iter()
            .enumerate()
            .filter(|(k, _)| !markers.contains(k))
            .map(|(_, l)| *l),
    );
    if resolved == without {
        // (Unless the next line is deeper: no statement is followed by a deeper line, so the
        // `...` is no code there, and what it stands for is unclear.)
        let deeper_after = markers.iter().find(|&&k| {
            let next = lines[k + 1..].iter().find(|l| !l.trim().is_empty());
            next.is_some_and(|n| indent_of(n).len() > indent_of(lines[k]).len())
        });
        return match deeper_after {
            Some(&k) => Err(Unclear {
                marker: "...".into(),
                line: k + 1,
            }),
            None => Ok(None),
        };
    }
    if let Some(&k) = ambiguous.first() {
        return Err(Unclear {
            marker: "...".into(),
            line: k + 1,
        });
    }
    Ok(Some(resolved))
}

/// The non-blank line before a `...` whose lines are `before`, skipping a docstring right
/// before it (`def f():`, `"""Doc."""`, `...` is a stub too).
fn header_before<'l>(before: &[&'l str]) -> Option<&'l str> {
    let mut lines = before.iter().rev().filter(|l| !l.trim().is_empty());
    let prev = *lines.next()?;
    let t = prev.trim();
    let Some(quote) = ["\"\"\"", "'''"].into_iter().find(|q| t.ends_with(q)) else {
        return Some(prev);
    };
    // The docstring's first line: this one when it opens and closes there.
    if t.len() >= 6 && t.starts_with(quote) {
        return lines.next().copied();
    }
    for l in lines.by_ref() {
        if l.trim().starts_with(quote) {
            return lines.next().copied();
        }
    }
    Some(prev)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(file: &str, old: &str, new: &str) -> Result<Option<String>, Unclear> {
        resolve_bare_ellipses(&Text::new(file), old, new)
    }

    const FILE: &str = "def f(x):\n    a = 1\n    b = 2\n    c = 3\n    return a\n";

    #[test]
    fn a_bare_ellipsis_for_lines_of_old_is_an_elision() {
        let old = "def f(x):\n    a = 1\n    b = 2\n    c = 3\n    return a";
        let new = "def f(x):\n    ...\n    c = 4\n    return a";
        assert_eq!(
            resolve(FILE, old, new).unwrap().as_deref(),
            Some("def f(x):\n    a = 1\n    b = 2\n    c = 4\n    return a")
        );
    }

    #[test]
    fn a_stub_is_code() {
        // A new function's body, a stub the file has, and a `...` standing for nothing.
        let old = "    return a";
        let new = "    return a\n\n\ndef g(y):\n    ...";
        assert_eq!(resolve(FILE, old, new).unwrap(), None);
        let stubs = "class P(Protocol):\n    def m(self) -> int:\n        ...\n";
        let new = "    def m(self) -> int:\n        ...\n    def n(self) -> str:\n        ...";
        assert_eq!(
            resolve(stubs, "    def m(self) -> int:\n        ...", new).unwrap(),
            None
        );
        assert_eq!(
            resolve(FILE, "    b = 2", "    b = 2\n    ...").unwrap(),
            None
        );
    }

    #[test]
    fn an_existing_block_whose_body_becomes_a_bare_ellipsis_is_unclear() {
        let old = "def f(x):\n    a = 1\n    b = 2\n    c = 3\n    return a";
        let err = resolve(FILE, old, "def f(x):\n    ...").unwrap_err();
        assert_eq!((err.marker.as_str(), err.line), ("...", 2));
        let err = resolve(FILE, old, "def f(x):\n    \"\"\"Doc.\"\"\"\n    ...").unwrap_err();
        assert_eq!((err.marker.as_str(), err.line), ("...", 3));
    }
}
