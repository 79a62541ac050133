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

use similar::{capture_diff_slices_deadline, Algorithm, DiffTag};

use super::depths::in_file_indent;
use super::pieces::{is_marker, is_note, pieces, snippet_lines, take_notes};
use super::place::File;
use super::{guard, Piece, BOM};
use crate::edit::Options;
use crate::normalize::{indent_width, loose_key, trim_ascii_line};
use crate::notation::{is_elision_marker, is_jsx_elision_marker, markers_behind_leaders};
use crate::text::Text;

mod finding;
mod framing;
use finding::MAX_FINDINGS;
pub use finding::{Finding, FindingKind, Unverified};
use framing::framing;

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
    let mut landed: Vec<Option<Landing>> = Vec::with_capacity(pieces.len());
    let mut at = 0;
    for p in &pieces {
        let keys: Vec<_> = p.lines.iter().map(|l| loose_key(l)).collect();
        // Merged line `j` is piece line `i`, loosely.
        let same = |j: usize, i: usize| has_key(b[j], &keys[i]);
        let shown: Vec<usize> = (0..p.lines.len())
            .filter(|&i| !p.lines[i].trim().is_empty() && !is_note(&file, &p.lines, i))
            .collect();
        match land(&b, at, &shown, &same, (&inserted, &cuts)) {
            Some(l) => {
                at = l.end;
                landed.push(Some(l));
            }
            None => {
                let mut from = at;
                let mut all = true;
                for &i in &shown {
                    match (from..b.len()).find(|&j| same(j, i)) {
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
                    shift: 0,
                }
            })
            .collect();
        if let Err(r) = guard::check_indexed(
            (body, &file.lines),
            indexed.indent_habits(),
            (merged_body, &b),
            &shown,
            &[],
        ) {
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
        if let Ok(own) = own_merge(original, given, options, (&indexed, snippet, &file)) {
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

/// This crate's merge of `given` into `original`: from the text indexed, the snippet rewritten
/// by its markers and the file's lines held for it here, `built`, when the merge would build
/// the same (its snippet needs no indentation of the file's), else [`super::merge`] whole.
/// Building them again was 43 M instructions of a 100k-line verify (callgrind).
fn own_merge<'a>(
    original: &str,
    given: &str,
    options: &Options,
    (indexed, snippet, file): (&Text<'_>, &'a str, &File<'a>),
) -> Result<super::Merged, super::Stopped> {
    let bom = if original.starts_with(BOM) { BOM } else { "" };
    let body = &original[bom.len()..];
    let late = options
        .deadline
        .is_some_and(|d| std::time::Instant::now() >= d);
    if late || body.trim().is_empty() || in_file_indent(indexed, snippet).is_some() {
        return super::merge(original, given, options);
    }
    super::merge_placed((original, bom, body), indexed, snippet, file, options)
}

/// The first line of `merged` that stands where `own` (this crate's merge) does not have it,
/// blank lines and trailing blanks aside.
fn elsewhere(own: &str, merged: &str) -> Option<Finding> {
    // Borrowed and compared in step: owned copies of both texts' lines took 40 M instructions
    // of a 100k-line verify (callgrind). The lines of the texts' common prefix are the same
    // in both and pair up in step, so the walk starts at the line the first difference is
    // in: walking both whole took 61 M of the 100k-line verify.
    fn code(t: &str, skipped: usize) -> impl Iterator<Item = (usize, &str)> {
        t.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(move |(i, l)| (skipped + i, l.trim_end()))
    }
    if own == merged {
        return None;
    }
    let same = crate::diff::common_prefix(own.as_bytes(), merged.as_bytes());
    let start = memchr::memrchr(b'\n', &own.as_bytes()[..same]).map_or(0, |nl| nl + 1);
    let skipped = memchr::memchr_iter(b'\n', &own.as_bytes()[..start]).count();
    let (mut own, mut merged) = (
        code(&own[start..], skipped),
        code(&merged[start..], skipped),
    );
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
/// context may also stand, unchanged, elsewhere in the file.) `same(j, i)`: line `j` of `b`
/// is the piece's line `i`, loosely.
fn land(
    b: &[&str],
    from: usize,
    shown: &[usize],
    same: &dyn Fn(usize, usize) -> bool,
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
            if j >= b.len() || !same(j, i) {
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
    for start in (from..b.len()).filter(|&j| same(j, first)) {
        if let Some(l) = at(start) {
            let score = holds(&l);
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, l));
            }
        }
    }
    best.map(|(_, l)| l)
}

/// Whether `line`'s loose key is `key`. A line whose first byte past its indentation is ASCII
/// has a key that starts with that byte, so most lines are told apart by it before their key
/// is taken: keys taken of every merged line twice, to find where a piece lands, were 45.6 M
/// instructions of a 100k-line verify (callgrind).
fn has_key(line: &str, key: &str) -> bool {
    if let (Some(&first), Some(&want)) = (
        trim_ascii_line(line).as_bytes().first(),
        key.as_bytes().first(),
    ) {
        if first < 0x80 && first != want {
            return false;
        }
    }
    loose_key(line) == key
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
mod tests;
