//! `new`'s edges: the line breaks and blank lines at its start and end follow `old`'s and the
//! file's, so an edit never joins two lines or splits one at the edges of its span, and adds or
//! drops a blank line there only where the model asked for it.

use crate::text::exact_spans;
use crate::text::Text;

/// `new` with the line structure of `old` at both edges: where `old` has no line break at an
/// edge, `new` adds none (a model ends its text with a newline out of habit); where `old` has
/// one, `new` keeps it (dropping it would join two lines); where both have some, the longer
/// run (blank lines `new` adds are asked for; blank lines only `old` pads with stay, as
/// padding is how models copy). A blank `old` has no structure to keep, and a blank `new`
/// deletes. Blank lines at an edge of `new` that are `old`'s own, beside the lines it deletes
/// there ([`blank_edge_from_old`]), are kept. When only the blank lines at the edges change, a
/// line ending may go where the file's line beyond it is blank or absent, and blank lines
/// `new` opens with come where `old` starts a line: that deletes or adds a blank line and
/// joins nothing. (Blank lines `new` ends with where `old` has none are a newline habit even
/// then.)
///
/// A line break `new` adds where `old` begins or ends inside a line of the file (code on the
/// line beyond it, at every exact occurrence) where it takes the place of the spaces `old`
/// began or ended with is the model splitting that line, not habit: `" LDFLAGS=-lm"` →
/// `"\nLDFLAGS=-lm"`, `"a=1; "` → `"a=1\n"`. A break added beside text that `old` begins or
/// ends with, as it does (`"compute(a, b)"` → `"\ncompute(b, a)"` after `return `,
/// `"a=1;"` → `"a=1;\n"`), is read as habit: splitting there would change the code.
///
/// `beyond` says what the file has beyond `old`; it searches the text, so it is asked only
/// when needed, and at most once.
pub(crate) fn keep_edges(old: &str, new: &str, beyond: impl FnOnce() -> Beyond) -> Option<String> {
    let (old_lead, old_core, old_trail) = edges(old);
    let (new_lead, new_core, new_trail) = edges(new);
    if old_core.trim().is_empty() || new_core.trim().is_empty() {
        return None;
    }
    let mut beyond = Some(beyond);
    let mut known: Option<Beyond> = None;
    let mut ask =
        move || *known.get_or_insert_with(|| beyond.take().map(|f| f()).unwrap_or_default());
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
    let only_edges_change = new_core == old_core;
    let drops_lead = fewer(old_lead, new_lead) && only_edges_change;
    let drops_trail = fewer(old_trail, new_trail) && only_edges_change;
    let adds_lead = old_lead.is_empty() && !new_lead.is_empty();
    let adds_trail = old_trail.is_empty() && !new_trail.is_empty();
    // The break takes the place of the spaces `old` began or ended with (a split, not habit).
    let blank = [' ', '\t'];
    let splits_lead = adds_lead && old.starts_with(blank) && !new_core.starts_with(blank);
    let splits_trail = adds_trail && old.ends_with(blank) && !new_core.ends_with(blank);
    // Blank lines `new` has at an edge where `old` has none that are `old`'s own.
    let olds_lead = adds_lead && blank_edge_from_old(old, new, Edge::Start);
    let olds_trail = adds_trail && blank_edge_from_old(old, new, Edge::End);
    // All the edit changes is blank lines before a line `old` starts: asked for (a model's
    // newline habit is at the end of its text; blank lines around a changed `new` are padding).
    let asks_lead = || adds_lead && only_edges_change;
    let lead = if olds_lead
        || (drops_lead && ask().blank_before)
        || (splits_lead && ask().midline_before)
        || (asks_lead() && ask().line_start)
    {
        new_lead.to_string()
    } else {
        edge(old_lead, new_lead)
    };
    let trail = if olds_trail
        || (drops_trail && ask().blank_after)
        || (splits_trail && ask().midline_after)
    {
        new_trail.to_string()
    } else {
        edge(old_trail, new_trail)
    };
    (lead != new_lead || trail != new_trail).then(|| format!("{lead}{new_core}{trail}"))
}

/// An edge of `old` and `new`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edge {
    Start,
    End,
}

/// Whether the blank lines at `new`'s `edge` are `old`'s own: the line of `new` they border is
/// paired (by a line diff) with a line of `old` bordered by as many blank lines on that side.
/// The model deleted lines at that edge of `old` and kept the blank lines next to them (`a`,
/// blank, `b` becoming blank, `b`), which a newline habit never does.
pub(crate) fn blank_edge_from_old(old: &str, new: &str, edge: Edge) -> bool {
    let old: Vec<&str> = old.split('\n').collect();
    let new: Vec<&str> = new.split('\n').collect();
    let blank = |l: &&str| l.trim().is_empty();
    let (border, count) = match edge {
        Edge::Start => match new.iter().position(|l| !blank(l)) {
            Some(k) => (k, k),
            None => return false,
        },
        Edge::End => match new.iter().rposition(|l| !blank(l)) {
            Some(k) => (k, new.len() - 1 - k),
            None => return false,
        },
    };
    let paired = crate::align::loose_diff(&old, &new)
        .into_iter()
        .filter(|op| op.tag() == similar::DiffTag::Equal)
        .find_map(|op| {
            let (_, o, n) = op.as_tag_tuple();
            n.contains(&border).then(|| o.start + (border - n.start))
        });
    let Some(j) = paired else {
        return false;
    };
    // The whole run of blank lines there: one line ending less is a newline habit (`a`, two
    // blank lines, `b` becoming `a` and a line ending means `a` ends the text).
    let run = match edge {
        Edge::Start => old[..j].iter().rev().take_while(|l| blank(l)).count(),
        Edge::End => old[j + 1..].iter().take_while(|l| blank(l)).count(),
    };
    count > 0 && run == count
}

/// `new` without the carriage return it ends with, in a text that has no carriage return
/// outside a CRLF: a caller that split a CRLF text on `\n` left it there, and the line ending
/// after the edit is the file's (written as is, it would double the CR: `b = 3\r\r\n`).
pub(super) fn without_split_line_ending(text: &Text, new: &str) -> Option<String> {
    let cut = new.strip_suffix('\r')?;
    let src = text.as_str().as_bytes();
    let lone_cr = memchr::memchr_iter(b'\r', src).any(|i| src.get(i + 1) != Some(&b'\n'));
    (!lone_cr).then(|| cut.to_string())
}

/// What the file has on each side of every exact occurrence of `old` (with `replace_all`,
/// each is replaced); all false when there is none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Beyond {
    /// The rest of the line before the span is blank (or, when `old` begins with a line
    /// ending, the line before it is).
    pub(crate) blank_before: bool,
    /// The same, after the span.
    pub(crate) blank_after: bool,
    /// Code goes on before the span on its first line.
    pub(crate) midline_before: bool,
    /// Code goes on after the span on its last line.
    pub(crate) midline_after: bool,
    /// The span starts at the start of a line.
    pub(crate) line_start: bool,
}

/// [`Beyond`] for `old` in `text`.
pub(super) fn beyond(text: &Text, old: &str) -> Beyond {
    let spans = exact_spans(text, old);
    if spans.is_empty() {
        return Beyond::default();
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
    Beyond {
        blank_before: spans.iter().all(|s| blank_before(s.start)),
        blank_after: spans.iter().all(|s| blank_after(s.end)),
        midline_before: spans.iter().all(|s| !blank_before(s.start)),
        midline_after: spans.iter().all(|s| !blank_after(s.end)),
        line_start: spans
            .iter()
            .all(|s| s.start == 0 || src[..s.start].ends_with('\n')),
    }
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

    #[test]
    fn edges_split_blank_lines_from_the_rest() {
        assert_eq!(edges("\n\n  x\n  y\n\n"), ("\n\n", "  x\n  y", "\n\n"));
        assert_eq!(edges("x"), ("", "x", ""));
        assert_eq!(edges("x\r\n"), ("", "x", "\r\n"));
        assert_eq!(edges("  \nx  \n \n"), ("  \n", "x  ", "\n \n"));
    }
}
