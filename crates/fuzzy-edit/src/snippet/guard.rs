//! The last check on a lazy-snippet merge: the line diff between the file and the merged text
//! must be explained by the snippet, or the merge is refused as `unexplained_change`. A
//! deletion must lie between two lines one piece shows (deletion by omission, never beside or
//! under a marker); no inserted line may be a marker, a note that code was removed, an unclear
//! copy of a kept line beside it the snippet does not show, or indented in the other character
//! (tabs/spaces) than the file; a kept line may change its indentation only to the depth the
//! snippet writes it at.

use similar::{capture_diff_slices, Algorithm, DiffTag};

use super::place::EDITED_EDGE;
use super::{Refusal, Why};
use crate::align::line_similarity;
use crate::indent::{IndentHabits, IndentStyle};
use crate::normalize::indent_width;
use crate::notation::is_elision_marker;

/// Least character similarity for an inserted line to read as an edited copy of a kept file
/// line beside it. Below the placement's `edited_edge` (0.6): on the snippet benchmark, lines
/// added beside the line they replaced scored 0.59 (`click.echo(f"arg:{arg}")` against
/// `click.echo("arg:{}".format(arg))`, two wrong merges in Python).
const COPY_OF_KEPT: f64 = 0.5;

/// A piece of the snippet as the guard reads it: its 0-based first snippet line and its lines.
pub(super) struct Shown {
    pub(super) first: usize,
    pub(super) lines: Vec<String>,
}

/// Lines of `s` without line endings (a final newline gives no extra line).
fn lines(s: &str) -> Vec<&str> {
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
fn marker_like(line: &str) -> bool {
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
        && (lower.contains("...")
            || lower.contains('\u{2026}')
            || lower.contains("existing code")
            || lower.contains("unchanged"))
}

fn comment(t: &str) -> bool {
    ["//", "#", "/*", "*", "<!--", "--", "{/*"]
        .iter()
        .any(|l| t.starts_with(l))
}

/// The words and single punctuation characters of `line`, in order.
fn tokens(line: &str) -> Vec<&str> {
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
fn head(line: &str) -> Option<Vec<&str>> {
    let t = tokens(line);
    let end = t
        .iter()
        .position(|x| matches!(*x, "(" | "=" | ":" | "{" | "<" | "["))?;
    let head = t[..=end].to_vec();
    head.iter()
        .any(|x| x.chars().count() >= 3 && x.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .then_some(head)
}

/// The comment leader `line` starts with, if it is a comment line.
fn comment_leader(line: &str) -> Option<&'static str> {
    let t = line.trim_start();
    ["//", "#", "/*", "*", "<!--", "--"]
        .into_iter()
        .find(|l| t.starts_with(l))
}

/// Whether a new line `new` reads as an edited version of the file line `old` (so that writing
/// it beside `old`, with nothing shown between, leaves replace or add unclear): similar
/// characters ([`EDITED_EDGE`]), the same head (the same call, assignment, declaration or
/// label with other arguments: `res.redirect(req.get('Referrer') || '/')` beside
/// `res.redirect('back')`), or both comments (a reworded comment). A marker is never one.
///
/// Measured on the snippet stand-in corpus (outside the repository), over the pieces whose
/// change meets a marker with no context: similar characters alone flag 100 of 124 edge
/// replacements (the rest merged as insertions, 7 of them wrong) and 14 of 45 edge insertions;
/// with heads and comments, 112 and 23 (one insertion that merged right among the 23).
pub(super) fn resembles(new: &str, old: &str) -> bool {
    if marker_like(new) || marker_like(old) || new.trim().is_empty() || old.trim().is_empty() {
        return false;
    }
    if line_similarity(new, old) >= EDITED_EDGE {
        return true;
    }
    if let (Some(a), Some(b)) = (head(new), head(old)) {
        if a == b {
            return true;
        }
    }
    matches!((comment_leader(new), comment_leader(old)), (Some(a), Some(b)) if a == b)
}

/// The tokens' head of both lines, equal ([`head`]).
pub(super) fn same_head(a: &str, b: &str) -> bool {
    matches!((head(a), head(b)), (Some(x), Some(y)) if x == y)
}

/// Whether `new` rewrites `old` by adding to it: every token of `old` stands in `new`, in
/// order, and the brackets of both are balanced.
pub(super) fn rewrites(old: &str, new: &str) -> bool {
    let balanced = |s: &str| {
        let mut depth = 0i32;
        for c in s.chars() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth -= 1;
                    if depth < 0 {
                        return false;
                    }
                }
                _ => {}
            }
        }
        depth == 0
    };
    if !balanced(old) || !balanced(new) {
        return false;
    }
    let mut rest = tokens(new).into_iter();
    tokens(old).iter().all(|t| rest.any(|n| n == *t))
}

/// A comment line that says code was removed or deleted.
pub(super) fn removal_note(line: &str) -> bool {
    let t = line.trim();
    let lower = t.to_lowercase();
    comment(t)
        && ["remove", "delete", "deleting", "drop"]
            .iter()
            .any(|w| lower.contains(w))
}

/// Refuse the merge of `snippet` pieces into `file` giving `merged` unless every changed line is
/// explained (see the module text). `rewritten`: file lines a piece's new edge lines replace
/// in full beyond its marker (see `place::edge_rewrite`), deleted as meant.
pub(super) fn check(
    file: &str,
    merged: &str,
    pieces: &[Shown],
    rewritten: &[std::ops::Range<usize>],
) -> Result<(), Refusal> {
    let a = lines(file);
    let b = lines(merged);
    let ops = capture_diff_slices(Algorithm::Myers, &a, &b);
    let mut kept = vec![false; a.len()];
    // Where each kept file line stands in the result.
    let mut to_result = vec![usize::MAX; a.len()];
    // Deleted file lines and inserted result lines (with the file position they stand at),
    // each changed hunk on its own.
    let mut hunks: Vec<(Vec<usize>, Vec<usize>, usize)> = Vec::new();
    for op in &ops {
        let (tag, old, new) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => {
                for (i, j) in old.clone().zip(new.clone()) {
                    kept[i] = true;
                    to_result[i] = j;
                }
            }
            _ => hunks.push((old.clone().collect(), new.clone().collect(), old.start)),
        }
    }
    let refuse = |line: usize, lines: Vec<usize>| {
        Err(Refusal {
            piece: 1 + pieces.iter().rposition(|p| p.first <= line).unwrap_or(0),
            line: line + 1,
            why: Why::UnexplainedChange,
            lines,
        })
    };
    // Where the snippet shows a line (trimmed): piece and index in it.
    let shown_at = |l: &str| -> Vec<(usize, usize)> {
        let t = l.trim();
        let mut v = Vec::new();
        for (k, p) in pieces.iter().enumerate() {
            for (i, s) in p.lines.iter().enumerate() {
                if s.trim() == t {
                    v.push((k, i));
                }
            }
        }
        v
    };
    let snippet_line = |l: &str| shown_at(l).first().map_or(0, |&(k, i)| pieces[k].first + i);
    let habits = IndentHabits::of(a.iter().copied());
    let tabs = habits.style == Some(IndentStyle::Tabs);
    let spaces = habits.style == Some(IndentStyle::Spaces) && !habits.tabs_only;
    let prev_kept = |i: usize| (0..i).rev().find(|&q| kept[q] && !a[q].trim().is_empty());
    let next_kept = |i: usize| (i..a.len()).find(|&q| kept[q] && !a[q].trim().is_empty());
    for (del, ins, at) in &hunks {
        // A kept line written at another depth: the same text deleted and inserted.
        let mut reindented = Vec::new();
        let mut new_lines = Vec::new();
        for &j in ins {
            let same = del.iter().find(|&&d| {
                !reindented.contains(&d) && a[d].trim() == b[j].trim() && !b[j].trim().is_empty()
            });
            match same {
                Some(&d) => {
                    reindented.push(d);
                    let meant = shown_at(b[j])
                        .iter()
                        .any(|&(k, i)| indent_width(&pieces[k].lines[i]) == indent_width(b[j]));
                    if !meant {
                        return refuse(snippet_line(b[j]), vec![d]);
                    }
                }
                None => new_lines.push(j),
            }
        }
        for &j in &new_lines {
            let l = b[j];
            if l.trim().is_empty() {
                continue;
            }
            // A note that says "remove" above a new line is a comment on it, written as meant.
            let over_new_line = (j + 1..b.len())
                .find(|&q| !b[q].trim().is_empty())
                .is_some_and(|q| new_lines.contains(&q));
            if marker_like(l) || (removal_note(l) && !over_new_line) {
                return refuse(snippet_line(l), vec![*at]);
            }
            let lead = &l[..l.len() - l.trim_start().len()];
            if (tabs && lead.starts_with("  ")) || (spaces && lead.contains('\t')) {
                return refuse(snippet_line(l), vec![*at]);
            }
        }
        // An edited copy of the kept line right beside the inserted run (no blank line
        // between) that the snippet does not show: replace or add is unclear.
        let edges = [
            (ins.first(), at.checked_sub(1)),
            (ins.last(), Some(at + del.len())),
        ];
        for (j, q) in edges {
            let (Some(&j), Some(q)) = (j, q) else {
                continue;
            };
            if !new_lines.contains(&j) || q >= a.len() || !kept[q] || a[q].trim().is_empty() {
                continue;
            }
            if b[j].trim().is_empty() || !shown_at(a[q]).is_empty() {
                continue;
            }
            if line_similarity(b[j], a[q]) >= COPY_OF_KEPT {
                return refuse(snippet_line(b[j]), vec![q]);
            }
        }
        // Deletion by omission: between two lines one piece shows, in order, no marker between.
        let deleted: Vec<usize> = del
            .iter()
            .copied()
            .filter(|d| !reindented.contains(d) && !a[*d].trim().is_empty())
            .collect();
        let Some(&first) = deleted.first() else {
            continue;
        };
        if deleted
            .iter()
            .all(|d| rewritten.iter().any(|r| r.contains(d)))
        {
            continue;
        }
        let (p, n) = (prev_kept(first), next_kept(first));
        let explained = match (p, n) {
            (Some(p), Some(n)) => {
                // The piece shows `p`, then exactly the result's lines between the two, then `n`.
                let between = |l: &[String]| l.iter().filter(|l| !l.trim().is_empty()).count();
                let written = b[to_result[p] + 1..to_result[n]]
                    .iter()
                    .filter(|l| !l.trim().is_empty())
                    .count();
                let after_n = shown_at(a[n]);
                shown_at(a[p]).iter().any(|&(k, i)| {
                    after_n.iter().any(|&(k2, i2)| {
                        // A deleted line the piece shows there reads as kept: the diff paired
                        // the shown lines with other copies of them (a docstring quote far
                        // below, say).
                        k2 == k
                            && i2 > i
                            && between(&pieces[k].lines[i + 1..i2]) == written
                            && (p + 1..n).all(|d| {
                                kept[d]
                                    || !pieces[k].lines[i..=i2]
                                        .iter()
                                        .any(|s| s.trim() == a[d].trim())
                            })
                    })
                })
            }
            _ => false,
        };
        if !explained {
            return refuse(p.map_or(0, |p| snippet_line(a[p])), deleted);
        }
        if let (Some(p), Some(n)) = (p, n) {
            // (One deleted line is an edit of it: `let total` to `let count` above `step();`.)
            if deleted.len() >= 2 && closer_could_be_new(&a, &b, pieces, (p, n), &to_result, first)
            {
                return refuse(snippet_line(a[n]), vec![n]);
            }
        }
    }
    // A new line the file holds once, kept next to where it is added (at most one code line
    // between) and not shown there: the model moved it (its old place under a marker) or
    // copied it; unclear. (Farther copies are the file's own repetition: a sibling function's
    // `if rv is not None:` written again in a new one cost 18 right merges on the stand-in
    // corpus when any copy counted.)
    for (_, ins, at) in &hunks {
        for &j in ins {
            let t = b[j].trim();
            if t.is_empty() || !t.chars().any(char::is_alphanumeric) || shown_at(t).len() != 1 {
                continue;
            }
            let mut copies = (0..a.len()).filter(|&q| a[q].trim() == t);
            if let (Some(q), None) = (copies.next(), copies.next()) {
                let (lo, hi) = (q.min(*at), q.max(*at));
                let near = (lo..hi).filter(|&i| !a[i].trim().is_empty()).count() <= 2;
                if kept[q] && near {
                    return refuse(snippet_line(t), vec![q.min(*at)]);
                }
            }
        }
    }
    Ok(())
}

/// Whether the deletion (of two or more lines) between kept lines `p` and `n` has a second
/// reading: `n` is the last line of its piece (a marker or the snippet's end follows), new
/// lines stand before it, its text is a line the file repeats (`};`, `# endif`,
/// `var app = express();`), and the first deleted line is no deeper than it. Then `n` may as well be new, the closing line of the
/// lines added right after `p`, with the file's lines after `p` kept under the marker: a
/// replaced block and an added sibling read alike (a `macro_rules!` arm after another).
/// A function rewritten in full stays a deletion: its old body is deeper than its `}`.
fn closer_could_be_new(
    a: &[&str],
    b: &[&str],
    pieces: &[Shown],
    (p, n): (usize, usize),
    to_result: &[usize],
    first_deleted: usize,
) -> bool {
    let written = b[to_result[p] + 1..to_result[n]]
        .iter()
        .any(|l| !l.trim().is_empty());
    let t = a[n].trim();
    let repeated = a.iter().filter(|l| l.trim() == t).count() >= 2;
    if !written || !repeated || indent_width(a[first_deleted]) > indent_width(a[n]) {
        return false;
    }
    pieces.iter().any(|piece| {
        let last = piece.lines.iter().rposition(|l| !l.trim().is_empty());
        last.is_some_and(|i| piece.lines[i].trim() == t)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn shown(snippet: &str) -> Vec<Shown> {
        let mut out = vec![Shown {
            first: 0,
            lines: Vec::new(),
        }];
        for (i, l) in snippet.lines().enumerate() {
            if is_elision_marker(l) {
                out.push(Shown {
                    first: i + 1,
                    lines: Vec::new(),
                });
            } else {
                out.last_mut().unwrap().lines.push(l.to_string());
            }
        }
        out
    }

    fn guard(file: &str, merged: &str, snippet: &str) -> bool {
        check(file, merged, &shown(snippet), &[]).is_ok()
    }

    #[test]
    fn deletion_between_shown_lines_passes() {
        let file = "a = 1\nb = 2\nc = 3\nd = 4\n";
        assert!(guard(file, "a = 1\nd = 4\n", "a = 1\nd = 4\n"));
    }

    #[test]
    fn deletion_under_a_marker_is_refused() {
        let file = "def f():\n    x = 1\n    y = 2\n    z = 3\n";
        let snippet = "def f():\n    # ... existing code ...\n    z = 3\n";
        assert!(!guard(file, "def f():\n    z = 3\n", snippet));
    }

    #[test]
    fn deletion_beside_a_marker_is_refused() {
        let file = "a = 1\nb = 2\nc = 3\n";
        // `b` is next to the marker, not between two shown lines of one piece.
        assert!(!guard(file, "a = 1\nc = 3\n", "# ...\nc = 3\n"));
    }

    #[test]
    fn marker_or_removal_note_written_as_code_is_refused() {
        let file = "<div>\n  <A />\n</div>\n";
        let jsx = "<div>\n  {/* ... */}\n  <A />\n</div>\n";
        assert!(!guard(file, jsx, jsx));
        let file = "x = 1\ny = 2\n";
        let note = "x = 1\n# removed the old helper\ny = 2\n";
        assert!(!guard(file, note, note));
    }

    #[test]
    fn edited_copy_of_an_unshown_line_is_refused() {
        let file = "def cmd(arg):\n    click.echo(f\"arg:{arg}\")\n\nx = 1\n";
        let merged = "def cmd(arg):\n    click.echo(f\"arg:{arg}\")\n    click.echo(\"arg:{}\".format(arg))\n\nx = 1\n";
        let snippet = "def cmd(arg):\n    click.echo(\"arg:{}\".format(arg))\n# ...\n";
        assert!(!guard(file, merged, snippet));
        // Shown unchanged beside the new line: an addition, as meant.
        let snippet = "def cmd(arg):\n    click.echo(f\"arg:{arg}\")\n    click.echo(\"arg:{}\".format(arg))\n# ...\n";
        assert!(guard(file, merged, snippet));
    }

    #[test]
    fn reindent_only_where_the_snippet_writes_the_depth() {
        let file = "fn f() {\n\tg();\n}\n\nh();\n";
        let merged = "fn f() {\n\tg();\n  }\n\nh();\n";
        assert!(!guard(file, merged, "// ...\n\tg();\n}\n"));
        let file = "a();\nb();\n";
        let merged = "if x {\n    a();\n}\nb();\n";
        assert!(guard(file, merged, "if x {\n    a();\n}\nb();\n"));
    }

    #[test]
    fn edited_versions_resemble_their_line() {
        // The same call with other arguments, the same label of another case, a reworded
        // comment: a replacement as much as an addition.
        assert!(resembles(
            "  res.redirect(req.get('Referrer') || '/');",
            "  res.redirect('back');"
        ));
        assert!(resembles(
            "    case scan_type::none_type:",
            "    case scan_type::custom_type:"
        ));
        assert!(resembles(
            "    # to strip colors.  If we are on windows we either wrap",
            "    # through colorama) we want to do that."
        ));
        // Unrelated statements, and a marker, do not.
        assert!(!resembles("    total = compute(items)", "    return None"));
        assert!(!resembles("    # ... existing code ...", "    # a comment"));
        // A head needs a word of three characters: `x = 1` and `y = 2` alike are not enough.
        assert!(!resembles("x = compute_all(items, limit)", "y = 2"));
    }

    #[test]
    fn repeated_closing_line_after_new_lines_leaves_the_deletion_open() {
        // `# endif` closes the new lines as well as the file's block further down.
        let file = "#else\n# include <w.h>\n# define A 1\n# endif\nC\n# endif\n";
        let snippet = "#else\n# ifndef LEAN\n# endif\n";
        let merged = "#else\n# ifndef LEAN\n# endif\nC\n# endif\n";
        assert!(!guard(file, merged, snippet));
        // A function rewritten in full: its old body is deeper than its `}`.
        let file = "fn f() {\n    a();\n}\n\nfn g() {\n}\n";
        let merged = "fn f() {\n    b();\n}\n\nfn g() {\n}\n";
        assert!(guard(file, merged, "fn f() {\n    b();\n}\n"));
    }

    #[test]
    fn moved_line_whose_old_place_is_not_shown_is_refused() {
        let file = "package p;\n\nimport c.D;\nimport a.B;\n\nclass X {}\n";
        let snippet = "package p;\n\nimport a.B;\n\nimport c.D;\n// ...\n";
        let merged = "package p;\n\nimport a.B;\n\nimport c.D;\nimport a.B;\n\nclass X {}\n";
        assert!(!guard(file, merged, snippet));
        // Shown at its old place too: the model copies it on purpose.
        let snippet = "package p;\n\nimport a.B;\n\nimport c.D;\nimport a.B;\n// ...\n";
        assert!(guard(file, merged, snippet));
    }

    #[test]
    fn foreign_indent_characters_are_refused() {
        let file = "fn f() {\n\tg();\n}\n";
        let merged = "fn f() {\n\tg();\n    k();\n}\n";
        assert!(!guard(file, merged, "fn f() {\n\tg();\n    k();\n}\n"));
        let merged = "fn f() {\n\tg();\n\tk();\n}\n";
        assert!(guard(file, merged, "fn f() {\n\tg();\n    k();\n}\n"));
    }
}
