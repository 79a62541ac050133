//! The merged text: the file's lines outside the placements byte for byte, each placement's
//! lines in the file's indentation and line endings.

use super::place::{File, Line, Placement};
use super::{Merged, Piece};
use crate::indent::IndentStyle;
use crate::normalize::{indent_width, TAB_WIDTH};
use crate::text::Text;

/// The merged text: the file's lines outside the placements byte for byte, each placement's
/// lines in the file's indentation and line ending.
pub(super) fn assemble(
    bom: &str,
    indexed: &Text<'_>,
    file: &File<'_>,
    placed: &[(Placement, &Piece<'_>)],
    as_shown: bool,
) -> Merged {
    let body = indexed.as_str();
    let eol = indexed.eol().as_str();
    let habits = indexed.indent_habits();
    let tabs = habits.style == Some(IndentStyle::Tabs) || habits.tabs_only;
    let n = file.lines.len();
    let byte_at = |line: usize| {
        if line >= n {
            body.len()
        } else {
            indexed.span_of_lines(line..line + 1, true).start
        }
    };
    let mut out = String::with_capacity(body.len() + 256);
    out.push_str(bom);
    let mut changes = Vec::new();
    let mut at = 0;
    for (p, piece) in placed {
        out.push_str(&body[byte_at(at)..byte_at(p.start)]);
        // A kept line the snippet writes with other spacing between its words takes the
        // snippet's ([`respaced`]); with `as_shown`, its spacing after them too (not its
        // indentation). (Pairs are in file order.)
        let shown = |q: usize| {
            let k = p.pairs.binary_search_by_key(&q, |&(_, f)| f).ok()?;
            let l = piece.lines[p.pairs[k].0];
            let f = file.lines[q];
            if !as_shown {
                return respaced(l, f);
            }
            let spacing_only = l.split_whitespace().eq(f.split_whitespace());
            spacing_only
                .then(|| format!("{}{}", &f[..f.len() - f.trim_start().len()], l.trim_start()))
        };
        let rendered: Vec<String> = p
            .out
            .iter()
            .map(|line| match *line {
                Line::Kept(q) => shown(q).unwrap_or_else(|| file.lines[q].to_string()),
                Line::New(i) => reindent(piece.lines[i], p.shift, tabs),
            })
            .collect();
        at = p.end;
        let same = rendered.len() == p.end - p.start
            && rendered
                .iter()
                .zip(p.start..p.end)
                .all(|(r, q)| r == file.lines[q]);
        if same {
            out.push_str(&body[byte_at(p.start)..byte_at(p.end)]);
            continue;
        }
        if !out.is_empty() && out != bom && !out.ends_with('\n') {
            out.push_str(eol);
        }
        let mut replacement = String::new();
        for r in &rendered {
            replacement.push_str(r);
            replacement.push_str(eol);
        }
        let span = bom.len() + byte_at(p.start)..bom.len() + byte_at(p.end);
        out.push_str(&replacement);
        changes.push((p.start..p.end, span, replacement));
    }
    out.push_str(&body[byte_at(at)..]);
    // (The file's final newline, or its absence, stays.)
    if !body.is_empty() && !body.ends_with('\n') && out.ends_with('\n') && at >= n {
        let cut = out.len() - if out.ends_with("\r\n") { 2 } else { 1 };
        out.truncate(cut);
    }
    Merged { text: out, changes }
}

/// The file's line `file` with the spacing between its words that the snippet's line `shown`
/// gives it, when the two differ in that alone: its indentation and trailing spacing stay the
/// file's. A line the snippet shows re-spaced (`}  // namespace` for `} // namespace`, a
/// formatter's change between releases) is written as shown; a model copying a line it keeps
/// copies its spacing. `None` when nothing differs but indentation or trailing spacing.
pub(super) fn respaced(shown: &str, file: &str) -> Option<String> {
    if !respaces(shown, file) {
        return None;
    }
    let f = file.trim();
    let lead = &file[..file.len() - file.trim_start().len()];
    let tail = &file[lead.len() + f.len()..];
    Some(format!("{lead}{}{tail}", shown.trim()))
}

/// Whether [`respaced`] rewrites the file's line `file` (without building the line: the
/// placement's checks ask it of every pair).
pub(super) fn respaces(shown: &str, file: &str) -> bool {
    let (s, f) = (shown.trim(), file.trim());
    s != f && s.split_whitespace().eq(f.split_whitespace())
}

/// A new line at the file's depth (`shift` columns deeper than written), indented in the
/// file's characters; as written when it already is.
fn reindent(line: &str, shift: isize, tabs: bool) -> String {
    let code = line.trim();
    if code.is_empty() {
        return String::new();
    }
    let lead = &line[..line.len() - line.trim_start().len()];
    let own_chars = if tabs {
        !lead.contains(&" ".repeat(TAB_WIDTH))
    } else {
        !lead.contains('\t')
    };
    if shift == 0 && own_chars {
        return line.to_string();
    }
    let width = (indent_width(line) as isize + shift).max(0) as usize;
    let indent = if tabs {
        "\t".repeat(width / TAB_WIDTH) + &" ".repeat(width % TAB_WIDTH)
    } else {
        " ".repeat(width)
    };
    indent + line.trim_start().trim_end()
}
