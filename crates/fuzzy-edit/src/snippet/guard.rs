//! The last check on a lazy-snippet merge: the line diff between the file and the merged text
//! must be explained by the snippet, or the merge is refused with the reading that fails. A
//! deletion must lie between two lines one piece shows (deletion by omission, never beside or
//! under a marker: `deleted_unshown`), and not be closed by a repeated line that may be new
//! (`repeated_closer`); no inserted line may be a marker or a note that code was removed
//! (`marker_as_code`), an unclear copy of a kept line beside it the snippet does not show
//! (`edited_edge`; or of a kept line beside another copy of a repeated line it stands by,
//! `kept`), a line the file holds right beside it (`moved_line`), or indented in the
//! other character (tabs/spaces) than the file; a kept line may change its indentation only
//! to the depth the snippet writes it at (those two `unexplained_change`).
//!
//! The rules on a placed piece before that check (`placed`: removal notes, bracket-only
//! pieces, open starts and ends, a first line off depth), the stale-line rule (`stale`) and
//! the edge a blank line closes (`closed`, asked by the placement) live beside it, with the
//! line reading they share (`text`, `resemble`).

use std::collections::HashMap;

use similar::{capture_diff_slices, Algorithm, DiffTag};

use super::{Refusal, Why};
use crate::align::line_similarity;
use crate::indent::{IndentHabits, IndentStyle};
use crate::normalize::indent_width;

mod closed;
mod deletion;
mod kept;
mod placed;
mod resemble;
mod stale;
mod text;
pub(super) use closed::blank_closed;
use deletion::closer_could_be_new;
pub(super) use placed::{
    blank_end_open, brackets_at_depth, end_open, ends_with_blank, first_line_slipped, notes_delete,
    start_open, top_open, unshown_body, words_marker_elides,
};
pub(super) use resemble::{removal_note, resembles, rewrites, same_head};
pub(super) use stale::stale_line;
pub(super) use text::comment_leader;
#[cfg(test)]
use text::lines;
pub(super) use text::one_word_apart;
use text::{lines_beside, marker_like, opens_or_closes};

/// Least character similarity for an inserted line to read as an edited copy of a kept file
/// line beside it. Below the placement's `edited_edge` (0.6): on the snippet benchmark, lines
/// added beside the line they replaced scored 0.59 (`click.echo(f"arg:{arg}")` against
/// `click.echo("arg:{}".format(arg))`, two wrong merges in Python).
const COPY_OF_KEPT: f64 = 0.5;

/// A piece of the snippet as the guard reads it: its 0-based first snippet line, its lines,
/// and the columns its place adds to the depths it writes (a snippet written flush left, or
/// at another depth than the file's; 0 where no place is known).
pub(super) struct Shown {
    pub(super) first: usize,
    pub(super) lines: Vec<String>,
    pub(super) shift: isize,
}

/// [`check_lines`], the file's lines split and its indentation habits learnt from them (what
/// the callers' indexed file knows already).
#[cfg(test)]
pub(super) fn check(
    file: &str,
    merged: &str,
    pieces: &[Shown],
    rewritten: &[std::ops::Range<usize>],
) -> Result<(), Refusal> {
    check_lines(
        file,
        &lines(file),
        IndentHabits::of(lines(file)),
        merged,
        pieces,
        rewritten,
    )
}

/// The lines `held` of the indexed text `file` as `lines` splits it: when `file` ends in a
/// `\r` without a `\n`, its last line without that `\r`; none when it is empty but for a BOM
/// (the index holds one empty line).
fn as_split<'a, 'b>(file: &str, held: &'b [&'a str]) -> std::borrow::Cow<'b, [&'a str]> {
    if file.strip_prefix('\u{feff}').unwrap_or(file).is_empty() {
        return Vec::new().into();
    }
    match held.split_last() {
        Some((last, rest)) if file.ends_with('\r') => rest
            .iter()
            .copied()
            .chain([last.strip_suffix('\r').unwrap_or(last)])
            .collect(),
        _ => held.into(),
    }
}

/// Refuse the merge of `snippet` pieces into `file` giving `merged` unless every changed line is
/// explained (see the module text). `rewritten`: file lines a piece's new edge lines replace
/// in full beyond its marker (see `place::edge_rewrite`), deleted as meant.
/// `habits` are the file's, as its indexed text has them ([`crate::text::Text::indent_habits`];
/// learnt again here from `file`'s lines, they were 7.4 M instructions of a snippet on a
/// 100k-line file). `held` are the file's lines as the placement holds them
/// ([`crate::text::Text::line`]: a final line without a newline keeps a `\r` the guard's own
/// split drops, so that one line is trimmed here). Splitting the file again was 13 M
/// instructions of a snippet on a 100k-line file (callgrind).
pub(super) fn check_lines(
    file: &str,
    held: &[&str],
    habits: IndentHabits,
    merged: &str,
    pieces: &[Shown],
    rewritten: &[std::ops::Range<usize>],
) -> Result<(), Refusal> {
    let a = as_split(file, held);
    let b = lines_beside(file, &a, merged);
    check_split(&a, habits, &b, pieces, rewritten)
}

/// [`check_lines`] on the merged text's lines too as an index holds them (`merged_held`, of
/// the merged text `merged`): a verify has both texts indexed, and splitting the merged one
/// again was 13 M instructions of a 100k-line verify (callgrind).
pub(super) fn check_indexed(
    (file, held): (&str, &[&str]),
    habits: IndentHabits,
    (merged, merged_held): (&str, &[&str]),
    pieces: &[Shown],
    rewritten: &[std::ops::Range<usize>],
) -> Result<(), Refusal> {
    check_split(
        &as_split(file, held),
        habits,
        &as_split(merged, merged_held),
        pieces,
        rewritten,
    )
}

/// [`check_lines`] on the file's lines `a` and the merged text's `b` as `lines` splits them.
fn check_split(
    a: &[&str],
    habits: IndentHabits,
    b: &[&str],
    pieces: &[Shown],
    rewritten: &[std::ops::Range<usize>],
) -> Result<(), Refusal> {
    let ops = capture_diff_slices(Algorithm::Myers, a, b);
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
    let refuse = |why: Why, line: usize, lines: Vec<usize>| {
        Err(Refusal {
            piece: 1 + pieces.iter().rposition(|p| p.first <= line).unwrap_or(0),
            line: line + 1,
            why,
            lines,
        })
    };
    // Where the snippet shows a line (trimmed): piece and index in it; and where the file has
    // it. (Looked up, not scanned: a scan per inserted line was quadratic, 7 s for 18,000.)
    let mut shown: HashMap<&str, Vec<(usize, usize)>> = HashMap::new();
    for (k, p) in pieces.iter().enumerate() {
        for (i, s) in p.lines.iter().enumerate() {
            shown.entry(s.trim()).or_default().push((k, i));
        }
    }
    let shown_at =
        |l: &str| -> &[(usize, usize)] { shown.get(l.trim()).map_or(&[], Vec::as_slice) };
    // Where the file has each inserted line, the only lines looked up in it (a map of every
    // line was 90 M instructions of a 302 M snippet request on a 100k-line file, callgrind).
    let inserted: std::collections::HashSet<&str> = hunks
        .iter()
        .flat_map(|(_, ins, _)| ins.iter().map(|&j| b[j].trim()))
        .collect();
    // (Their lengths first: most lines are ruled out without hashing them.)
    let mut length = vec![false; inserted.iter().map(|t| t.len() + 1).max().unwrap_or(0)];
    for t in &inserted {
        length[t.len()] = true;
    }
    let mut in_file: HashMap<&str, Vec<usize>> = HashMap::new();
    for (q, l) in a.iter().enumerate() {
        let t = crate::normalize::trim_line(l);
        if length.get(t.len()).copied().unwrap_or(false) && inserted.contains(t) {
            in_file.entry(t).or_default().push(q);
        }
    }
    let snippet_line = |l: &str| shown_at(l).first().map_or(0, |&(k, i)| pieces[k].first + i);
    let tabs = habits.style == Some(IndentStyle::Tabs);
    let spaces = habits.style == Some(IndentStyle::Spaces) && !habits.tabs_only;
    let prev_kept = |i: usize| (0..i).rev().find(|&q| kept[q] && !a[q].trim().is_empty());
    let next_kept = |i: usize| (i..a.len()).find(|&q| kept[q] && !a[q].trim().is_empty());
    for (del, ins, at) in &hunks {
        // A kept line written at another depth: the same text deleted and inserted.
        let mut reindented = std::collections::HashSet::new();
        let mut new_lines = Vec::new();
        // The deleted lines by text, each taken once, in file order.
        let mut deleted_text: HashMap<&str, std::collections::VecDeque<usize>> = HashMap::new();
        for &d in del {
            if !a[d].trim().is_empty() {
                deleted_text.entry(a[d].trim()).or_default().push_back(d);
            }
        }
        // A block or bracket opened or closed by the hunk's own new or deleted lines (`try:`,
        // a call's `(` on a line of its own) is what moves kept lines to another depth; without
        // one, a kept line at another depth is the snippet's slip, not its change (`w = 5`
        // written out of the `if` it stands in, beside an edit of the line above).
        // (Read only for a hunk that re-indents a line: most do not.)
        let restructured = std::cell::LazyCell::new(|| {
            let del_text: std::collections::HashSet<&str> =
                del.iter().map(|&d| a[d].trim()).collect();
            let ins_text: std::collections::HashSet<&str> =
                ins.iter().map(|&j| b[j].trim()).collect();
            ins.iter()
                .map(|&j| b[j])
                .filter(|l| !del_text.contains(l.trim()))
                .chain(
                    del.iter()
                        .map(|&d| a[d])
                        .filter(|l| !ins_text.contains(l.trim())),
                )
                .any(opens_or_closes)
        });
        for &j in ins {
            let same = deleted_text
                .get_mut(b[j].trim())
                .and_then(|q| q.pop_front());
            match same {
                Some(d) => {
                    reindented.insert(d);
                    // (At the depth the snippet writes it, as written or at its place.)
                    let meant = shown_at(b[j]).iter().any(|&(k, i)| {
                        let written = indent_width(&pieces[k].lines[i]) as isize;
                        let depth = indent_width(b[j]) as isize;
                        written == depth || (*restructured && written + pieces[k].shift == depth)
                    });
                    if !meant {
                        return refuse(Why::UnexplainedChange, snippet_line(b[j]), vec![d]);
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
                .is_some_and(|q| new_lines.binary_search(&q).is_ok());
            // (A bare `...` under a new `def` is its body: see `depths::stub_body`.)
            let stub = || {
                super::depths::stub_header(b, j)
                    .is_some_and(|h| new_lines.binary_search(&h).is_ok())
            };
            // (A comment that says "deleted" in place of a file line one word apart from it
            // is that line edited: `//!   markup, inserted, deleted` for `punctuation`.)
            let edits_deleted = || del.iter().any(|&d| one_word_apart(l, a[d]));
            if (marker_like(l) && !stub())
                || (removal_note(l) && !over_new_line && !edits_deleted())
            {
                return refuse(Why::MarkerAsCode, snippet_line(l), vec![*at]);
            }
            let lead = &l[..l.len() - l.trim_start().len()];
            if (tabs && lead.starts_with("  ")) || (spaces && lead.contains('\t')) {
                return refuse(Why::UnexplainedChange, snippet_line(l), vec![*at]);
            }
        }
        // A new line right under a kept line that opens a block or bracket, no deeper than it,
        // where the file's next line is deeper: the snippet lost its depths (written flat),
        // and where the new lines go inside the block is a guess.
        // (An adversarial set of 34,587 hostile snippets, outside the repository: 69 merges
        // written wrong refused, none right lost; 1 exact merge of the other languages' corpus
        // refused, a Go template's `{{- if .Viper }}` under `import (`.)
        if let Some(&j) = ins.iter().find(|&&j| !b[j].trim().is_empty()) {
            if let Some(p) = prev_kept(*at).filter(|_| new_lines.binary_search(&j).is_ok()) {
                let right_under = (to_result[p] + 1..j).all(|x| b[x].trim().is_empty());
                if right_under && flattened_under(a, p, b[j]) {
                    return refuse(Why::UnexplainedChange, snippet_line(b[j]), vec![p]);
                }
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
            if new_lines.binary_search(&j).is_err()
                || q >= a.len()
                || !kept[q]
                || a[q].trim().is_empty()
            {
                continue;
            }
            if b[j].trim().is_empty() || !shown_at(a[q]).is_empty() {
                continue;
            }
            if line_similarity(b[j], a[q]) >= COPY_OF_KEPT {
                return refuse(Why::EditedEdge, snippet_line(b[j]), vec![q]);
            }
        }
        let shown = |l: &str| !shown_at(l).is_empty();
        let held = |l: &str| in_file.contains_key(l.trim());
        if let Some((j, q)) =
            kept::edited_kept_near((a, b), &kept, &shown, &held, ins, (*at, del.len()))
        {
            return refuse(Why::EditedEdge, snippet_line(b[j]), vec![q]);
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
                // (A line the snippet writes again at another depth, where the hunk opens or
                // closes a block, stays: it is not deleted.)
                let mut stays = kept.clone();
                for &d in reindented.iter().filter(|_| *restructured) {
                    stays[d] = true;
                }
                let explained = |blank: bool| {
                    shown_at(a[p]).iter().any(|&(k, i)| {
                        after_n.iter().any(|&(k2, i2)| {
                            k2 == k
                                && i2 > i
                                && between(&pieces[k].lines[i + 1..i2]) == written
                                && deletion::deletes_no_shown_line(
                                    (a, b),
                                    &pieces[k].lines,
                                    (i, i2),
                                    (p, n),
                                    (&stays, &to_result),
                                    blank,
                                )
                        })
                    })
                };
                explained(false)
                    || (deletion::blank_reading(a, pieces, &deleted) && explained(true))
            }
            _ => false,
        };
        if !explained {
            return refuse(
                Why::DeletedUnshown,
                p.map_or(0, |p| snippet_line(a[p])),
                deleted,
            );
        }
        if let (Some(p), Some(n)) = (p, n) {
            if let Some(d) =
                deletion::leaves_block(a, &b[to_result[p] + 1..to_result[n]], (p, n), &deleted)
            {
                return refuse(Why::DeletedUnshown, snippet_line(a[p]), vec![d]);
            }
            // (One deleted line is an edit of it: `let total` to `let count` above `step();`.)
            if deleted.len() >= 2 && closer_could_be_new(a, b, pieces, (p, n), &to_result, first) {
                return refuse(Why::RepeatedCloser, snippet_line(a[n]), vec![n]);
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
            if let Some(&[q]) = in_file.get(t).map(Vec::as_slice) {
                let (lo, hi) = (q.min(*at), q.max(*at));
                let near = (lo..hi).filter(|&i| !a[i].trim().is_empty()).count() <= 2;
                if kept[q] && near {
                    return refuse(Why::MovedLine, snippet_line(t), vec![q.min(*at)]);
                }
            }
        }
    }
    Ok(())
}

/// Whether `new`, written right under the file's line `p`, stands no deeper than it where `p`
/// opens a block or bracket (ends with `(`, `[`, `{`, or `:` outside a comment) and the file's
/// next line of code after `p` is deeper: the file indents what `p` opens, the new line does
/// not (a snippet written flat, every line flush left).
fn flattened_under(a: &[&str], p: usize, new: &str) -> bool {
    let opener = a[p].trim();
    let opens = opener.ends_with(['(', '[', '{'])
        || (opener.ends_with(':') && text::comment_leader(opener).is_none());
    // (A closing line, a comment or a C directive (`#ifdef` at the margin) may stand there.)
    let free = |l: &str| l.starts_with([')', ']', '}']) || text::comment_leader(l).is_some();
    if !opens || free(new.trim_start()) {
        return false;
    }
    let depth = indent_width(a[p]);
    indent_width(new) <= depth
        && (p + 1..a.len())
            .find(|&q| !a[q].trim().is_empty())
            .is_some_and(|q| indent_width(a[q]) > depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::is_elision_marker;

    proptest::proptest! {
        /// The habits `check_lines` is given, the indexed file's, are those of the guard's own
        /// lines of it: the two readings differ only in a last line's `\r` without a `\n` and
        /// in an empty file, neither of which has indentation.
        #[test]
        fn indexed_habits_are_those_of_the_guards_lines(
            s in "\u{feff}?([ \t\r\na*]|        ){0,40}"
        ) {
            proptest::prop_assert_eq!(
                crate::text::Text::new(&s).indent_habits(),
                IndentHabits::of(lines(&s))
            );
        }

        /// The placement's lines of a file (the indexed text's), as `check_lines` reads them,
        /// are the guard's own split of it.
        #[test]
        fn indexed_lines_read_as_the_guards_split(s in "\u{feff}{0,2}[a \t\r\n]{0,30}") {
            let indexed = crate::text::Text::new(&s);
            let held: Vec<&str> = (0..indexed.line_count()).map(|i| indexed.line(i)).collect();
            proptest::prop_assert_eq!(as_split(&s, &held).into_owned(), lines(&s));
        }
    }

    /// The snippet's pieces, read at its markers (the first one empty when a marker opens it).
    pub(super) fn shown(snippet: &str) -> Vec<Shown> {
        let mut out = vec![Shown {
            first: 0,
            lines: Vec::new(),
            shift: 0,
        }];
        for (i, l) in snippet.lines().enumerate() {
            if is_elision_marker(l) {
                out.push(Shown {
                    first: i + 1,
                    lines: Vec::new(),
                    shift: 0,
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
}
