//! A bare `...` line in `new`: Python's `Ellipsis`, and the model's way of writing "the lines
//! of `old` I did not retype". Read as an elision where it is no stub: where `old` and the file
//! have no such line, and it is not the whole body of a block `new` opens (`def g():` then
//! `...` is a stub, after a docstring too). The whole body of a block `old` already has
//! (`def f():` then `...`, where `old` has the body) may be either: unclear, unless it stands
//! for nothing, or read as an elision the edit would change nothing (then it is the stub). A
//! `new` that is `...` alone is code (`pass` becoming `...`).

use std::borrow::Cow;

use super::resolve_elisions;
use crate::normalize::{indent_of, loose_equal};
use crate::notation::Unclear;
use crate::text::lines_of;
use crate::text::Text;

/// What the elision comment put in place of a bare `...` reads as.
const MARKER: &str = "# ... existing code ...";

/// `new` with each bare `...` that stands for lines of `old` replaced by them. `None` when
/// there is none, or every one stands for nothing (it is code then, and stays).
pub(super) fn resolve_bare_elisions(
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
    // `new` that is `old` with the whole body of some of its blocks written `...`: read as an
    // elision it would change nothing, and the model would not send that edit, so the `...` is
    // the stub it writes (`def f():` then `...`, for `def f():` and its body).
    if ambiguous.len() == markers.len() && only_bodies_stubbed(&old_lines, &lines, &markers) {
        return Ok(None);
    }
    if let Some(&k) = ambiguous.first() {
        return Err(Unclear {
            marker: "...".into(),
            line: k + 1,
        });
    }
    Ok(Some(resolved))
}

/// Whether `new`'s lines other than the `...` at `markers` are `old`'s, byte for byte, with
/// the body of each block whose header comes right before a `...` left out (its lines after
/// the header deeper than it, and the blank lines between them). (Checked on the lines
/// themselves, not on what the elision reading keeps: that reading may keep lines `new`
/// dropped, the model's change, as a measured case showed: an `if` after the body, deleted.
/// Byte for byte: a `new` that also changes whitespace, on a blank line too, changes something
/// read as an elision; compared modulo whitespace, 4 `ellipsis_new_only` cases of the accuracy
/// benchmark whose change was trailing blanks were written as stubs.)
fn only_bodies_stubbed(old: &[&str], new: &[&str], markers: &[usize]) -> bool {
    let blank = |l: &str| l.trim().is_empty();
    let depth = |l: &str| indent_of(l).len();
    let headers: Vec<&str> = markers
        .iter()
        .filter_map(|&k| new[..k].iter().rev().find(|l| !blank(l)).copied())
        .collect();
    let mut kept: Vec<&str> = Vec::with_capacity(old.len());
    // (The depth of the header whose body is being left out, and the blank lines met in it.)
    let mut body_of: Option<usize> = None;
    let mut blanks: Vec<&str> = Vec::new();
    let mut stubbed = 0;
    for &l in old {
        if let Some(d) = body_of {
            if blank(l) {
                blanks.push(l);
                continue;
            }
            if depth(l) > d {
                blanks.clear();
                continue;
            }
            body_of = None;
            kept.append(&mut blanks);
        }
        kept.push(l);
        if headers.iter().any(|h| loose_equal(h, l)) {
            body_of = Some(depth(l));
            stubbed += 1;
        }
    }
    kept.append(&mut blanks);
    let written: Vec<&str> = new
        .iter()
        .enumerate()
        .filter(|(k, _)| !markers.contains(k))
        .map(|(_, l)| *l)
        .collect();
    stubbed == markers.len() && kept == written
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
        resolve_bare_elisions(&Text::new(file), old, new)
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
        // (With a change elsewhere, both readings change something.)
        let old =
            "def f(x):\n    a = 1\n    b = 2\n    c = 3\n    return a\n\n\ndef g():\n    return 1";
        let file = format!("{old}\n");
        let err =
            resolve(&file, old, "def f(x):\n    ...\n\n\ndef g():\n    return 2").unwrap_err();
        assert_eq!((err.marker.as_str(), err.line), ("...", 2));
        let new = "def f(x):\n    \"\"\"Doc.\"\"\"\n    ...\n\n\ndef g():\n    return 2";
        let err = resolve(&file, old, new).unwrap_err();
        assert_eq!((err.marker.as_str(), err.line), ("...", 3));
    }

    #[test]
    fn a_body_becoming_a_bare_ellipsis_that_would_stand_for_itself_is_a_stub() {
        // Read as an elision it would change nothing: the model writes the stub.
        let old = "def f(x):\n    a = 1\n    b = 2\n    c = 3\n    return a";
        assert_eq!(resolve(FILE, old, "def f(x):\n    ...").unwrap(), None);
        // Lines after the body `new` drops: the `...` may stand for the body, and the model
        // delete them.
        let old = "    if a:\n        check(a)\n\n    if b:\n        listed(b)\n        return 0\n\n    if c:\n        go(c)";
        let file = format!("def f(a, b, c):\n{old}\n");
        let new = "    if a:\n        ...\n    if c:\n        go(c)";
        assert_eq!(resolve(&file, old, new).unwrap_err().line, 2);
    }
}
