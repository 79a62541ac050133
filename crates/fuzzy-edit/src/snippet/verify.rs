//! Verify a merge made elsewhere: a merged file (written by an apply model, say) checked
//! against the original and the lazy snippet it claims to apply. It holds when every line it
//! adds is a line the snippet shows, every line the snippet shows is there in the snippet's
//! order, every file line it drops lies between two lines one piece shows, new lines stand at
//! the depth their piece gives them, no marker or removal note is written as code, the line
//! endings, final newline and byte order mark are the file's, the merge's own guard finds nothing unexplained, and it parses
//! where the original parsed. Otherwise each rule broken is a [`Finding`] with its lines.
//!
//! The merge's output always verifies (a property test holds it to that). The place of a piece
//! the merge finds ambiguous, or of new lines the merge has no place for, is not checked: a
//! merge at any of the places verifies. Blank lines added or removed are not findings.

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;
use similar::{capture_diff_slices_deadline, Algorithm, DiffTag};

use super::place::File;
use super::{guard, is_marker, is_note, pieces, snippet_lines, take_notes, Piece, BOM};
use crate::edit::Options;
use crate::normalize::{indent_width, loose_key};
use crate::notation::{is_elision_marker, is_jsx_elision_marker, markers_behind_leaders};
use crate::text::Text;

/// Findings listed at most ([`Unverified::total`] counts them all), as other refusals list
/// candidates.
const MAX_FINDINGS: usize = crate::error::MAX_LISTED;

/// What a merged file does that the snippet does not account for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// A line the snippet shows is not in the merged file (in the snippet's order).
    Missing,
    /// The merged file adds a line the snippet does not show.
    Added,
    /// A piece's lines are all in the merged file, but not together: other lines stand between
    /// them (file lines the piece deletes by leaving them out, say).
    NotTogether,
    /// A file line is gone where no piece shows it deleted (not between two lines one piece
    /// shows, or under a marker).
    Deleted,
    /// A new line stands at another depth than its piece gives it (the depth of the piece's
    /// unchanged lines).
    Depth,
    /// An elision marker or a note that code was removed is written into the file as code.
    Marker,
    /// A line ending, the final newline or the byte order mark is not the file's.
    LineEndings,
    /// A change the merge's own guard refuses: a kept line re-indented, a new line beside an
    /// unshown file line it reads as an edited copy of, or indentation in the other character.
    Unexplained,
    /// The merged file has a syntax error the original did not have.
    Syntax,
    /// The snippet's lines stand elsewhere than where this crate's own merge places them
    /// (the first line that differs): a new method inside a string, say.
    Place,
}

/// One rule a merged file breaks, with the lines it is about (1-based; `None` where the
/// finding has no such line).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What does not hold.
    pub kind: FindingKind,
    /// The line of the merged file.
    pub merged_line: Option<usize>,
    /// The line of the original file.
    pub file_line: Option<usize>,
    /// The line of the snippet.
    pub snippet_line: Option<usize>,
    /// The line's text (trimmed), or what the finding is about.
    pub text: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |label: &str, n: Option<usize>| n.map(|n| format!(" {label} {n}"));
        let place: String = [
            at("merged line", self.merged_line),
            at("file line", self.file_line),
            at("snippet line", self.snippet_line),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(",");
        let what = match self.kind {
            FindingKind::Missing => "the snippet shows this line; the merged file does not have it (in the snippet's order)",
            FindingKind::Added => "the merged file adds this line; the snippet does not show it",
            FindingKind::NotTogether => "the snippet shows these lines together; the merged file has other lines between them",
            FindingKind::Deleted => "the merged file drops this file line; no piece of the snippet shows it deleted",
            FindingKind::Depth => "this new line stands at another depth than its piece gives it",
            FindingKind::Marker => "an elision marker or removal note is written into the file as code",
            FindingKind::LineEndings => "a line ending, the final newline or the byte order mark is not the file's",
            FindingKind::Unexplained => "a change the snippet does not account for",
            FindingKind::Syntax => "the merged file has a syntax error the original does not have",
            FindingKind::Place => "this line stands where fuzzy-edit's own merge of the snippet does not put it",
        };
        write!(f, "{what}:{place}: {}", self.text)
    }
}

/// Why a merged file does not verify: the first findings (at most [`crate::error::MAX_LISTED`]) and
/// how many there are in all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unverified {
    /// The findings, in the order of the checks and then of lines.
    pub findings: Vec<Finding>,
    /// How many findings there are, listed or not.
    pub total: usize,
}

impl fmt::Display for Unverified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the merged file does not follow the snippet ({} finding{}):",
            self.total,
            if self.total == 1 { "" } else { "s" }
        )?;
        for finding in &self.findings {
            write!(f, "\n- {finding}")?;
        }
        if self.total > self.findings.len() {
            write!(f, "\n- and {} more", self.total - self.findings.len())?;
        }
        Ok(())
    }
}

impl std::error::Error for Unverified {}

/// Check `merged`, a merge of the lazy `snippet` into `original` made elsewhere (by a model),
/// against both (see the module text). The syntax check runs when [`Options::language`] is
/// known and [`Options::syntax`] checks.
///
/// ```
/// use fuzzy_edit::snippet::{verify_snippet, FindingKind};
/// use fuzzy_edit::Options;
/// let file = "a = 1\nb = 2\nc = 3\nd = 4\n";
/// let snippet = "a = 1\nb = 20\nc = 3\n# ... existing code ...\n";
/// assert!(verify_snippet(file, snippet, "a = 1\nb = 20\nc = 3\nd = 4\n", &Options::default()).is_ok());
/// // The model also changed `d`, which the snippet leaves alone.
/// let wrong = verify_snippet(file, snippet, "a = 1\nb = 20\nc = 3\nd = 5\n", &Options::default()).unwrap_err();
/// assert_eq!(wrong.findings[0].kind, FindingKind::Added);
/// assert_eq!(wrong.findings[0].merged_line, Some(4));
/// ```
pub fn verify_snippet(
    original: &str,
    snippet: &str,
    merged: &str,
    options: &Options,
) -> Result<(), Unverified> {
    let mut findings = Vec::new();
    let given = snippet;
    let body = original.strip_prefix(BOM).unwrap_or(original);
    let merged_body = merged.strip_prefix(BOM).unwrap_or(merged);
    let indexed = Text::new(body);
    let snippet = snippet.strip_prefix(BOM).unwrap_or(snippet);
    let rewritten = markers_behind_leaders(body, &options.conventions, snippet);
    let snippet = rewritten.as_deref().unwrap_or(snippet);
    let file = File::for_snippet(
        (0..indexed.line_count()).map(|i| indexed.line(i)).collect(),
        snippet,
    );
    let lines = snippet_lines(&file, snippet);
    let marker = |i: usize| is_marker(&file, &lines, i);
    let (pieces, _) = pieces(&lines, &marker);
    let a = file.lines.clone();
    let merged_text = Text::new(merged_body);
    let b: Vec<&str> = (0..merged_text.line_count())
        .map(|i| merged_text.line(i))
        .collect();

    // (Past the deadline the diff is coarser: more lines read as changed, never fewer.)
    let ops = capture_diff_slices_deadline(Algorithm::Myers, &a, &b, options.deadline);
    let mut inserted = vec![false; b.len()];
    let mut kept = vec![false; a.len()];
    let mut reindented_from = vec![None; b.len()];
    let mut deleted_lines = Vec::new();
    // Where in the merged file lines were deleted.
    let mut cuts = Vec::new();
    for op in &ops {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            old.for_each(|i| kept[i] = true);
            continue;
        }
        let mut dels: Vec<usize> = old.collect();
        if !dels.is_empty() {
            cuts.push(new.start);
        }
        for j in new {
            inserted[j] = true;
            // The same text deleted in this hunk: a kept line written at another depth.
            if let Some(k) = dels
                .iter()
                .position(|&d| !b[j].trim().is_empty() && a[d].trim() == b[j].trim())
            {
                reindented_from[j] = Some(dels.remove(k));
            }
        }
        deleted_lines.extend(dels);
    }

    // Each piece where its lines stand in the merged file, one after another (blank lines
    // aside), pieces in order; a piece found nowhere has its shown lines looked up one by one.
    let same = |x: &str, y: &str| loose_key(x) == loose_key(y);
    let mut landed: Vec<Option<Landing>> = Vec::with_capacity(pieces.len());
    let mut at = 0;
    for p in &pieces {
        let shown: Vec<usize> = (0..p.lines.len())
            .filter(|&i| !p.lines[i].trim().is_empty() && !is_note(&file, &p.lines, i))
            .collect();
        match land(&b, at, p, &shown, &same, (&inserted, &cuts)) {
            Some(l) => {
                at = l.end;
                landed.push(Some(l));
            }
            None => {
                let mut from = at;
                let mut all = true;
                for &i in &shown {
                    match (from..b.len()).find(|&j| same(b[j], p.lines[i])) {
                        Some(j) => from = j + 1,
                        None => {
                            all = false;
                            findings.push(Finding {
                                kind: FindingKind::Missing,
                                merged_line: None,
                                file_line: None,
                                snippet_line: Some(p.first + i + 1),
                                text: p.lines[i].trim().to_string(),
                            });
                        }
                    }
                }
                if all {
                    let first = shown.first().map_or(0, |&i| i);
                    findings.push(Finding {
                        kind: FindingKind::NotTogether,
                        merged_line: None,
                        file_line: None,
                        snippet_line: Some(p.first + first + 1),
                        text: p.lines[first].trim().to_string(),
                    });
                }
                landed.push(None);
            }
        }
    }
    let in_piece = |j: usize| landed.iter().flatten().any(|l| l.start <= j && j < l.end);

    // Markers and removal notes written into the file (the notes as the merge reads them: a
    // comment that says "remove" above a new line is written); lines added outside the pieces.
    let notes: std::collections::HashSet<&str> = pieces
        .iter()
        .flat_map(|p| {
            (0..p.lines.len())
                .filter(|&i| is_note(&file, &p.lines, i))
                .map(|i| p.lines[i].trim())
        })
        .collect();
    for (j, l) in b.iter().enumerate() {
        if !inserted[j] || l.trim().is_empty() {
            continue;
        }
        let kind = if is_elision_marker(l) || is_jsx_elision_marker(l) || notes.contains(l.trim()) {
            FindingKind::Marker
        } else if !in_piece(j) {
            FindingKind::Added
        } else {
            continue;
        };
        findings.push(Finding {
            kind,
            merged_line: Some(j + 1),
            file_line: None,
            snippet_line: snippet_line_of(&pieces, l),
            text: l.trim().to_string(),
        });
    }

    // New lines at the depth of their piece's unchanged lines (of the piece before, for a
    // piece of new lines only, as the merge places one); the merge clamps a depth at 0.
    let mut prev_shifts: BTreeSet<isize> = BTreeSet::new();
    for (p, landing) in pieces.iter().zip(&landed) {
        let Some(landing) = landing else { continue };
        let depth = |i: usize| indent_width(p.lines[i]) as isize;
        let mut shifts: BTreeSet<isize> = landing
            .pairs
            .iter()
            .filter(|&&(_, j)| !inserted[j] || reindented_from[j].is_some())
            .map(|&(i, j)| indent_width(b[j]) as isize - depth(i))
            .collect();
        if shifts.is_empty() {
            shifts = prev_shifts.clone();
        }
        for &(i, j) in landing.pairs.iter().filter(|&&(_, j)| inserted[j]) {
            let want = |s: &isize| (depth(i) + s).max(0) == indent_width(b[j]) as isize;
            if !shifts.is_empty() && !shifts.iter().any(want) {
                findings.push(Finding {
                    kind: FindingKind::Depth,
                    merged_line: Some(j + 1),
                    file_line: None,
                    snippet_line: Some(p.first + i + 1),
                    text: b[j].trim().to_string(),
                });
            }
        }
        if !shifts.is_empty() {
            prev_shifts = shifts;
        }
    }

    // Deletion by omission: a file line gone from inside a piece's lines, where the piece shows
    // the kept lines on both sides of it.
    let mut to_result = vec![usize::MAX; a.len()];
    for op in &ops {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            old.zip(new).for_each(|(i, j)| to_result[i] = j);
        }
    }
    let prev_kept = |d: usize| (0..d).rev().find(|&q| kept[q] && !a[q].trim().is_empty());
    let next_kept = |d: usize| (d..a.len()).find(|&q| kept[q] && !a[q].trim().is_empty());
    for &d in &deleted_lines {
        if a[d].trim().is_empty() {
            continue;
        }
        let explained = match (prev_kept(d), next_kept(d)) {
            (Some(p), Some(n)) => landed.iter().flatten().any(|l| {
                let (jp, jn) = (to_result[p], to_result[n]);
                l.pairs.iter().any(|&(_, j)| j == jp) && l.pairs.iter().any(|&(_, j)| j == jn)
            }),
            _ => false,
        };
        if !explained {
            findings.push(Finding {
                kind: FindingKind::Deleted,
                merged_line: None,
                file_line: Some(d + 1),
                snippet_line: None,
                text: a[d].trim().to_string(),
            });
        }
    }

    findings.extend(framing((original, &indexed), (merged, &merged_text), &ops));

    if findings.is_empty() {
        // The pieces as the merge hands them to the guard: without their removal notes, which
        // stand for deleted lines and are never written.
        let shown: Vec<guard::Shown> = pieces
            .iter()
            .map(|p| {
                let mut p = p.clone();
                take_notes(&file, &mut p);
                guard::Shown {
                    first: p.first,
                    lines: p.lines.iter().map(|l| l.to_string()).collect(),
                }
            })
            .collect();
        if let Err(r) = guard::check_with(body, indexed.indent_habits(), merged_body, &shown, &[]) {
            let q = r.lines.first().copied();
            findings.push(Finding {
                kind: FindingKind::Unexplained,
                merged_line: None,
                file_line: q.map(|q| q + 1),
                snippet_line: Some(r.line),
                text: q
                    .and_then(|q| a.get(q))
                    .map_or(String::new(), |l| l.trim().to_string()),
            });
        }
    }

    if findings.is_empty() {
        // Where this crate's own merge places the snippet, a merge elsewhere must agree with
        // it (blank lines and trailing blanks aside): each rule above checks lines, not the
        // place a marker's extent gives them.
        if let Ok(own) = super::merge(original, given, options) {
            findings.extend(elsewhere(&own.text, merged));
        }
    }

    if let Some(language) = options.language {
        if options.syntax.checks() {
            if let Some(problem) = crate::syntax::added_error(language, body, merged_body) {
                findings.push(Finding {
                    kind: FindingKind::Syntax,
                    merged_line: Some(problem.line),
                    file_line: None,
                    snippet_line: None,
                    text: problem.to_string(),
                });
            }
        }
    }

    if findings.is_empty() {
        return Ok(());
    }
    let total = findings.len();
    findings.truncate(MAX_FINDINGS);
    Err(Unverified { findings, total })
}

/// The first line of `merged` that stands where `own` (this crate's merge) does not have it,
/// blank lines and trailing blanks aside.
fn elsewhere(own: &str, merged: &str) -> Option<Finding> {
    // Borrowed and compared in step: owned copies of both texts' lines took 40 M instructions
    // of a 100k-line verify (callgrind).
    fn code(t: &str) -> impl Iterator<Item = (usize, &str)> {
        t.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i, l.trim_end()))
    }
    let (mut own, mut merged) = (code(own), code(merged));
    let first = loop {
        match (own.next(), merged.next()) {
            (None, None) => return None,
            (o, m) if o.map(|o| o.1) == m.map(|m| m.1) => continue,
            (_, m) => break m,
        }
    };
    let (line, text) = first.map_or((None, String::new()), |(i, l)| {
        (Some(i + 1), l.trim().to_string())
    });
    Some(Finding {
        kind: FindingKind::Place,
        merged_line: line,
        file_line: None,
        snippet_line: None,
        text,
    })
}

/// The bytes the line-by-line comparison above does not see (it compares lines without their
/// endings): each line's ending (a kept line keeps its own; a new line takes one the file
/// uses), the final newline and the byte order mark. At most one finding, at the first line
/// that differs: one cause (a tool that rewrote the endings) makes them all differ.
fn framing(
    (original, a): (&str, &Text<'_>),
    (merged, b): (&str, &Text<'_>),
    ops: &[similar::DiffOp],
) -> Option<Finding> {
    fn ending<'t>(t: &Text<'t>, i: usize) -> &'t str {
        let l = t.lines()[i];
        &t.as_str()[l.content_end..l.end]
    }
    let uses = |e: &str| {
        (0..a.line_count()).any(|i| ending(a, i) == e)
            || a.line_count() <= 1 && e == a.eol().as_str()
    };
    let finding = |merged_line: Option<usize>, text: String| Finding {
        kind: FindingKind::LineEndings,
        merged_line,
        file_line: None,
        snippet_line: None,
        text,
    };
    let name = |e: &str| format!("{e:?}");
    let mut kept_from = vec![None; b.line_count()];
    for op in ops {
        let (tag, old, new) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            old.zip(new).for_each(|(i, j)| kept_from[j] = Some(i));
        }
    }
    for (j, from) in kept_from.iter().enumerate() {
        let e = ending(b, j);
        if e.is_empty() {
            continue;
        }
        let wrong = match *from {
            Some(i) => !ending(a, i).is_empty() && ending(a, i) != e,
            None => !uses(e),
        };
        if wrong {
            let want = from.map_or(a.eol().as_str(), |i| ending(a, i));
            return Some(finding(
                Some(j + 1),
                format!("the line ends in {}, the file's in {}", name(e), name(want)),
            ));
        }
    }
    let body = |s: &str| s.strip_prefix(BOM).unwrap_or(s).to_string();
    let (fa, fb) = (body(original), body(merged));
    if !fa.is_empty() && !fb.is_empty() && fa.ends_with('\n') != fb.ends_with('\n') {
        let (has, lacks) = if fa.ends_with('\n') {
            ("the file", "the merged file")
        } else {
            ("the merged file", "the file")
        };
        return Some(finding(
            Some(b.line_count()),
            format!("{has} ends with a newline, {lacks} does not"),
        ));
    }
    if original.starts_with(BOM) != merged.starts_with(BOM) {
        let (has, lacks) = if original.starts_with(BOM) {
            ("the file", "the merged file")
        } else {
            ("the merged file", "the file")
        };
        return Some(finding(
            Some(1),
            format!("{has} starts with a byte order mark, {lacks} does not"),
        ));
    }
    None
}

/// Where a piece stands in the merged file: its shown lines paired with merged lines
/// (`(piece line, merged line)`), and the merged lines `start..end` they span.
struct Landing {
    pairs: Vec<(usize, usize)>,
    start: usize,
    end: usize,
}

/// Where at or after `from` the piece's `shown` lines stand one after another in `b`, blank
/// lines aside: of several places, the one that holds the most of the changes (`changed`
/// lines of `b`, deletions at `cuts`), the first of those on a tie. (A piece of unchanged
/// context may also stand, unchanged, elsewhere in the file.)
fn land(
    b: &[&str],
    from: usize,
    piece: &Piece<'_>,
    shown: &[usize],
    same: &dyn Fn(&str, &str) -> bool,
    (changed, cuts): (&[bool], &[usize]),
) -> Option<Landing> {
    let &first = shown.first()?;
    let at = |start: usize| {
        let mut pairs = Vec::with_capacity(shown.len());
        let mut j = start;
        for &i in shown {
            while j < b.len() && b[j].trim().is_empty() {
                j += 1;
            }
            if j >= b.len() || !same(b[j], piece.lines[i]) {
                return None;
            }
            pairs.push((i, j));
            j += 1;
        }
        Some(Landing {
            pairs,
            start,
            end: j,
        })
    };
    let holds = |l: &Landing| {
        (l.start..l.end).filter(|&j| changed[j]).count()
            + cuts.iter().filter(|&&c| l.start < c && c < l.end).count()
    };
    let mut best: Option<(usize, Landing)> = None;
    for start in (from..b.len()).filter(|&j| same(b[j], piece.lines[first])) {
        if let Some(l) = at(start) {
            let score = holds(&l);
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, l));
            }
        }
    }
    best.map(|(_, l)| l)
}

/// The 1-based snippet line that shows `l` (trimmed), the first if several do.
fn snippet_line_of(pieces: &[Piece<'_>], l: &str) -> Option<usize> {
    pieces.iter().find_map(|p| {
        p.lines
            .iter()
            .position(|s| s.trim() == l.trim())
            .map(|i| p.first + i + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(file: &str, snippet: &str, merged: &str) -> Vec<FindingKind> {
        match verify_snippet(file, snippet, merged, &Options::default()) {
            Ok(()) => Vec::new(),
            Err(u) => u.findings.iter().map(|f| f.kind).collect(),
        }
    }

    const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";
    const SIZE: &str =
        "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n";

    #[test]
    fn the_merge_meant_verifies() {
        let merged = format!("{STACK}\n    def size(self):\n        return len(self.items)\n");
        assert_eq!(kinds(STACK, SIZE, &merged), vec![]);
    }

    #[test]
    fn a_method_lost_under_the_marker_is_a_deletion() {
        // The wrong merge of issue 27: `size` in place of `pop`.
        let merged = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def size(self):\n        return len(self.items)\n";
        let k = kinds(STACK, SIZE, merged);
        assert!(k.contains(&FindingKind::Deleted), "{k:?}");
    }

    #[test]
    fn a_line_the_snippet_does_not_show_is_added() {
        let merged = format!(
            "{STACK}\n    def size(self):\n        return len(self.items)\n\nDEBUG = True\n"
        );
        let u = verify_snippet(STACK, SIZE, &merged, &Options::default()).unwrap_err();
        assert_eq!(u.findings[0].kind, FindingKind::Added);
        assert_eq!(u.findings[0].merged_line, Some(11));
        assert_eq!(u.findings[0].text, "DEBUG = True");
    }

    #[test]
    fn a_shown_line_left_out_is_missing() {
        let merged = format!("{STACK}\n    def size(self):\n        pass\n");
        let u = verify_snippet(STACK, SIZE, &merged, &Options::default()).unwrap_err();
        let missing = u
            .findings
            .iter()
            .find(|f| f.kind == FindingKind::Missing)
            .unwrap();
        assert_eq!(missing.snippet_line, Some(5));
        assert_eq!(missing.text, "return len(self.items)");
    }

    #[test]
    fn new_lines_at_the_wrong_depth_and_markers_are_found() {
        let merged = format!("{STACK}\ndef size(self):\n    return len(self.items)\n");
        assert!(kinds(STACK, SIZE, &merged).contains(&FindingKind::Depth));
        let merged = format!("{STACK}    # ... existing code ...\n");
        assert!(kinds(STACK, SIZE, &merged).contains(&FindingKind::Marker));
    }

    #[test]
    fn deletion_between_shown_lines_verifies_and_other_line_endings_do_not() {
        let file = "a = 1\nb = 2\nc = 3\n";
        assert_eq!(kinds(file, "a = 1\nc = 3\n", "a = 1\nc = 3\n"), vec![]);
        assert_eq!(
            kinds(file, "a = 1\nc = 3\n", "a = 1\r\nc = 3\r\n"),
            vec![FindingKind::LineEndings]
        );
    }

    #[test]
    fn one_line_ending_changed_a_dropped_final_newline_or_bom_is_found() {
        let file = "a = 1\nb = 2\nc = 3\n";
        let snippet = "a = 1\nb = 20\nc = 3\n";
        let meant = "a = 1\nb = 20\nc = 3\n";
        assert_eq!(kinds(file, snippet, meant), vec![]);
        for wrong in [
            "a = 1\r\nb = 20\nc = 3\n",       // a kept line's ending
            "a = 1\nb = 20\r\nc = 3\n",       // a new line's ending the file never uses
            "a = 1\nb = 20\nc = 3",           // the final newline dropped
            "\u{feff}a = 1\nb = 20\nc = 3\n", // a byte order mark added
        ] {
            assert_eq!(
                kinds(file, snippet, wrong),
                vec![FindingKind::LineEndings],
                "{wrong:?}"
            );
        }
        let bom = format!("\u{feff}{file}");
        assert_eq!(kinds(&bom, snippet, &format!("\u{feff}{meant}")), vec![]);
        assert_eq!(kinds(&bom, snippet, meant), vec![FindingKind::LineEndings]);
        // A file without a final newline keeps that.
        let bare = "a = 1\nb = 2\nc = 3";
        assert_eq!(kinds(bare, snippet, "a = 1\nb = 20\nc = 3"), vec![]);
        assert_eq!(kinds(bare, snippet, meant), vec![FindingKind::LineEndings]);
    }

    #[test]
    fn the_merge_of_a_removal_note_verifies() {
        let file = "def f():\n    a = 1\n    b = 2\n    c = 3\n    return a\n";
        let snippet = "def f():\n    a = 1\n    # remove the b line\n    c = 3\n    return a\n";
        let merged = crate::snippet::apply_snippet(file, snippet, &Options::default())
            .unwrap()
            .text;
        assert_eq!(merged, "def f():\n    a = 1\n    c = 3\n    return a\n");
        assert_eq!(kinds(file, snippet, &merged), vec![]);
        // The note written into the file as code is still found.
        let written = "def f():\n    a = 1\n    # remove the b line\n    c = 3\n    return a\n";
        assert!(kinds(file, snippet, written).contains(&FindingKind::Marker));
    }

    #[test]
    fn a_merge_that_puts_the_lines_elsewhere_than_the_engine_does_is_found() {
        let file = "class Query:\n    SQL = \"\"\"\nselect 1\n\"\"\"\n\n    def run(self):\n        return 1\n";
        let snippet =
            "class Query:\n    # ... existing code ...\n\n    def close(self):\n        pass\n";
        let inside_the_string = "class Query:\n    SQL = \"\"\"\n\n    def close(self):\n        pass\nselect 1\n\"\"\"\n\n    def run(self):\n        return 1\n";
        let u = verify_snippet(file, snippet, inside_the_string, &Options::default()).unwrap_err();
        assert_eq!(u.findings[0].kind, FindingKind::Place);
        assert_eq!(u.findings[0].merged_line, Some(4));
        let right = format!("{file}\n    def close(self):\n        pass\n");
        assert_eq!(kinds(file, snippet, &right), vec![]);
    }

    #[test]
    fn a_comment_that_says_remove_above_a_new_line_verifies_as_merged() {
        let file = "def norm(p):\n    return p\n";
        let snippet = "def norm(p):\n    # Remove the trailing slash\n    p = p.rstrip(\"/\")\n    return p\n";
        let merged = crate::snippet::apply_snippet(file, snippet, &Options::default())
            .unwrap()
            .text;
        assert_eq!(kinds(file, snippet, &merged), vec![]);
    }

    #[test]
    fn findings_are_counted_beyond_those_listed() {
        let file: String = (0..30).map(|i| format!("x{i} = {i}\n")).collect();
        let merged: String = (0..30).map(|i| format!("x{i} = {}\n", i + 1)).collect();
        let u = verify_snippet(&file, "x0 = 1\n# ...\n", &merged, &Options::default()).unwrap_err();
        assert_eq!(u.findings.len(), MAX_FINDINGS);
        assert!(u.total > MAX_FINDINGS);
        assert!(u.to_string().contains("more"));
    }
}
