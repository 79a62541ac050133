//! Lazy snippets ("fast apply"): the part of a file the model changed, written out, with the
//! unchanged parts replaced by elision markers (`// ... existing code ...`), merged into the
//! file exactly, or refused with the piece that could not be placed and why.
//!
//! The snippet is cut at its markers into *pieces*. Each piece is placed where its unchanged
//! lines stand (see [`place`]), after the previous piece, at one depth shift; its lines the
//! file holds keep the file's bytes, its other lines are new and take the file's indentation
//! and line endings; file lines missing between two shown lines of a piece are deleted. A
//! marker stands for the file's lines between the pieces around it. A piece none of whose
//! lines is in the file is placed only where a marker after a block's opening line says where
//! (`class S:`, marker, a new method: at the end of the block). Everything else that leaves
//! the place open is refused ([`SnippetReason`]).
//!
//! ```
//! use fuzzy_edit::{apply_snippet, Options};
//! let file = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";
//! let snippet = "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n";
//! let out = apply_snippet(file, snippet, &Options::default()).unwrap();
//! assert!(out.text.ends_with("return self.items.pop()\n\n    def size(self):\n        return len(self.items)\n"));
//! ```

use crate::applied::{Applied, Match};
use crate::candidate::StrategyId;
use crate::edit::Options;
use crate::error::EditError;
pub use crate::error::SnippetReason;
use crate::indent::IndentStyle;
use crate::normalize::{indent_width, TAB_WIDTH};
use crate::notation::{is_elision_marker, is_jsx_elision_marker, markers_behind_leaders};
use crate::text::Text;

mod block_end;
mod depths;
mod guard;
mod place;
mod verify;
use depths::{in_file_indent, stub_body};
use guard::{
    blank_end_open, brackets_at_depth, end_open, ends_with_blank, notes_delete, stale_line,
    unshown_body,
};
use place::{File, Line, Placement};
pub use verify::{verify_snippet, Finding, FindingKind, Unverified};

const BOM: &str = "\u{feff}";

/// A piece that could not be placed (crate-internal form of
/// [`EditError::SnippetUnplaced`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// 1-based piece number.
    pub(crate) piece: usize,
    /// 1-based line of the snippet.
    pub(crate) line: usize,
    pub(crate) why: SnippetReason,
    /// 0-based file lines it names.
    pub(crate) lines: Vec<usize>,
}

impl Refusal {
    fn into_error(self, max_listed: usize) -> EditError {
        let total = self.lines.len();
        EditError::SnippetUnplaced {
            piece: self.piece,
            line: self.line,
            reason: self.why,
            file_lines: self.lines.iter().take(max_listed).map(|l| l + 1).collect(),
            file_lines_total: total,
        }
    }
}

use SnippetReason as Why;

/// The lines between two markers of a snippet.
#[derive(Debug, Clone)]
pub(crate) struct Piece<'s> {
    /// Its lines, blank lines after the marker before it included.
    lines: Vec<&'s str>,
    /// 0-based snippet line of `lines[0]`.
    first: usize,
    /// 0-based piece number.
    index: usize,
    /// The depth (model columns) of the marker right before it, if one is.
    marker_before: Option<usize>,
    /// Whether a marker follows it.
    marker_after: bool,
    /// Whether the snippet shows a blank line between its last line and the marker after it.
    blank_at_end: bool,
    /// Removal notes (`// remove the retry loop`, `# (deleted)`) taken out of `lines`: each the
    /// index in `lines` of the line that followed it.
    notes: Vec<usize>,
}

impl Piece<'_> {
    fn refuse(&self, why: Why, at: usize, lines: Vec<usize>) -> Refusal {
        Refusal {
            piece: self.index + 1,
            line: self.first + at + 1,
            why,
            lines,
        }
    }
}

/// The merged text, and for each piece that changed something the file lines it replaced
/// (0-based, end exclusive), the byte span and what was written there.
pub(crate) struct Merged {
    pub(crate) text: String,
    pub(crate) changes: Vec<(std::ops::Range<usize>, std::ops::Range<usize>, String)>,
}

/// Merge a lazy snippet into `text`: the file the model meant, with the file's indentation,
/// line endings, byte order mark and final newline, or an [`EditError::SnippetUnplaced`] that
/// names the piece and why (an unchanged result is [`EditError::NoChange`]). The syntax guard
/// checks the result when [`Options::language`] is known, as for any fuzzy edit.
///
/// ```
/// use fuzzy_edit::{apply_snippet, Options};
/// let file = "fn a() {\n    1\n}\n\nfn b() {\n    2\n}\n";
/// let out = apply_snippet(file, "// ... existing code ...\nfn b() {\n    3\n}", &Options::default()).unwrap();
/// assert_eq!(out.text, "fn a() {\n    1\n}\n\nfn b() {\n    3\n}\n");
/// assert_eq!(out.matches[0].strategy, "snippet");
/// ```
pub fn apply_snippet(text: &str, snippet: &str, options: &Options) -> Result<Applied, EditError> {
    let merged = merge(text, snippet, options).map_err(|stop| match stop {
        Stopped::Refused(r) => r.into_error(crate::error::MAX_LISTED),
        Stopped::Late => EditError::TooComplex {
            old_lines: crate::line_refs::count_lines(snippet),
            text_lines: crate::line_refs::count_lines(text),
            timed_out: true,
            occurrences: None,
            snippet: true,
        },
    })?;
    if merged.text == text {
        return Err(EditError::NoChange {
            rule: crate::rules::table::RuleId::SnippetChangesSomething.name(),
            only_edge_line_breaks: false,
            only_artifacts: false,
        });
    }
    if let Some(language) = options.language {
        if options.syntax.checks() {
            if let Some(problem) = crate::syntax::added_error(language, text, &merged.text) {
                return Err(EditError::Syntax { problem });
            }
        }
    }
    let matches = merged
        .changes
        .into_iter()
        .map(|(lines, span, replacement)| {
            Match::placed(0, StrategyId::Snippet, lines, span, replacement)
        })
        .collect();
    Ok(Applied {
        text: merged.text,
        matches,
        failures: Vec::new(),
        sequential: false,
        warnings: Vec::new(),
        followed: Vec::new(),
    })
}

/// Why a merge stopped without a result.
#[derive(Debug)]
pub(crate) enum Stopped {
    /// A piece could not be placed.
    Refused(Refusal),
    /// The caller's deadline ([`Options::deadline`]) passed: nothing was decided.
    Late,
}

impl From<Refusal> for Stopped {
    fn from(r: Refusal) -> Self {
        Stopped::Refused(r)
    }
}

/// [`apply_snippet`]'s merge, without the checks on the result; stopped between its steps
/// (and at each place it tries for a piece) once the deadline has passed, as the search for
/// an `old` is.
pub(crate) fn merge(text: &str, snippet: &str, options: &Options) -> Result<Merged, Stopped> {
    let late = || {
        options
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    };
    if late() {
        return Err(Stopped::Late);
    }
    let (bom, body) = match text.strip_prefix(BOM) {
        Some(rest) => (BOM, rest),
        None => ("", text),
    };
    if body.trim().is_empty() {
        return Err(Stopped::Refused(Refusal {
            piece: 1,
            line: 1,
            why: Why::EmptyFile,
            lines: Vec::new(),
        }));
    }
    let indexed = Text::new(body);
    let snippet = snippet.strip_prefix(BOM).unwrap_or(snippet);
    let rewritten = markers_behind_leaders(body, &options.conventions, snippet);
    let snippet = rewritten.as_deref().unwrap_or(snippet);
    let reindented = in_file_indent(&indexed, snippet);
    let snippet = reindented.as_deref().unwrap_or(snippet);
    let file = File::for_snippet(
        (0..indexed.line_count()).map(|i| indexed.line(i)).collect(),
        snippet,
    );
    if late() {
        return Err(Stopped::Late);
    }
    let lines = snippet_lines(&file, snippet);
    let blank_end = ends_with_blank(snippet);
    let marker = |i: usize| is_marker(&file, &lines, i);
    let (mut pieces, open_end) = pieces(&lines, &marker);
    for piece in &mut pieces {
        take_notes(&file, piece);
    }
    if late() {
        return Err(Stopped::Late);
    }
    let no_piece = || Refusal {
        piece: 1,
        line: 1,
        why: Why::NotInFile,
        lines: Vec::new(),
    };
    if pieces.is_empty() {
        return Err(no_piece().into());
    }
    // Past the deadline every place tried is refused, and the search ends as late.
    let timed_out = std::cell::Cell::new(false);
    let check = |piece: &Piece<'_>, p: &Placement| {
        if late() {
            timed_out.set(true);
            return Err(piece.refuse(Why::Ambiguous, 0, Vec::new()));
        }
        notes_delete(&file, piece, p)?;
        stale_line(&file, piece, p)?;
        end_open(&file, piece, p)?;
        unshown_body(&file, piece, p)
    };
    let placed = place::place_all(&file, &pieces, open_end, &check);
    if timed_out.get() || late() {
        return Err(Stopped::Late);
    }
    let mut placed: Vec<(Placement, &Piece<'_>)> = placed?.into_iter().zip(&pieces).collect();
    for w in placed.windows(2) {
        let [(prev, _), (p, piece)] = w else {
            continue;
        };
        brackets_at_depth(piece, p, prev)?;
    }
    if let Some((p, piece)) = placed.last().filter(|_| blank_end && !open_end) {
        blank_end_open(&file, piece, p)?;
    }
    let mut merged = assemble(bom, &indexed, &file, &placed, false);
    if merged.text.len() == text.len() && merged.text == text {
        // The snippet shows its lines as the file has them but for trailing whitespace: that
        // is its change (a model sends no snippet that changes nothing).
        merged = assemble(bom, &indexed, &file, &placed, true);
    }
    if merged.text.len() == text.len() && merged.text == text {
        if let Some((p, _)) = placed
            .first_mut()
            .filter(|(p, piece)| opens_file(&file, piece, p))
        {
            p.start = 0;
            merged = assemble(bom, &indexed, &file, &placed, false);
        }
    }
    if late() {
        return Err(Stopped::Late);
    }
    let shown: Vec<guard::Shown> = pieces
        .iter()
        .map(|p| guard::Shown {
            first: p.first,
            lines: p.lines.iter().map(|l| l.to_string()).collect(),
        })
        .collect();
    // File lines beyond a marker that a piece's new edge lines rewrite in full.
    let rewritten: Vec<std::ops::Range<usize>> = placed
        .iter()
        .flat_map(|(p, _)| {
            let (Some(&(_, first)), Some(&(_, last))) = (p.pairs.first(), p.pairs.last()) else {
                return vec![];
            };
            vec![p.start..first, last + 1..p.end]
        })
        .filter(|r| !r.is_empty())
        .collect();
    guard::check_with(
        body,
        indexed.indent_habits(),
        &merged.text,
        &shown,
        &rewritten,
    )?;
    Ok(merged)
}

/// Whether the first piece, which changes nothing where it stands, shows the file's first
/// lines: the snippet opens with it (no marker before), every line it shows is the file's
/// line as it is, and code stands above it. A snippet that merges to the file unchanged means
/// a change all the same (a model sends none that changes nothing), and the one its lines
/// leave open is the lines above its first: it starts where the file starts, so they are
/// deleted (a licence header or an import dropped from the top of the file). On the stand-in
/// corpus: 8 merges gained (7 exact, 1 sound; all refused as `snippet_changes_something`
/// before), none wrong, no must-refuse case applied.
fn opens_file(file: &File<'_>, piece: &Piece<'_>, p: &Placement) -> bool {
    piece.marker_before.is_none()
        && p.start > 0
        && p.pairs
            .iter()
            .all(|&(i, q)| piece.lines[i].trim() == file.lines[q].trim())
        && file.lines[..p.start].iter().any(|l| !l.trim().is_empty())
}

/// `new`, whose elision comments `old` has none of, read as a lazy snippet over the span `old`
/// names: the text it stands for there, or the refusal as the marker before the piece that
/// could not be placed. `None` when `new` has no such marker, or a bare `...` (code in
/// Python: the bare-ellipsis reading decides those), or `old` has markers of its own.
pub(crate) fn over_span(
    text: &Text<'_>,
    old: &str,
    new: &str,
    options: &Options,
) -> Option<Result<String, crate::notation::Unclear>> {
    let held = match markers_held(text.as_str(), new, options.deadline) {
        Ok(held) => held,
        Err(Some(unread)) => {
            let at = new.lines().position(|l| l.trim() == unread).unwrap_or(0);
            let marker = unread.to_string();
            return Some(Err(crate::notation::Unclear {
                marker,
                line: at + 1,
            }));
        }
        // (Past the deadline the search that follows is refused as too complex at once.)
        Err(None) => return None,
    };
    let files = |l: &str| held.contains(l.trim());
    let marker = |l: &&str| is_elision_marker(l) && !files(l);
    let bare = |l: &&str| matches!(l.trim(), "..." | "\u{2026}");
    if old.lines().any(is_elision_marker) || !new.lines().any(|l| marker(&l) && !bare(&l)) {
        return None;
    }
    if new.lines().any(|l| marker(&l) && bare(&l)) {
        return None;
    }
    let trailing = new.ends_with('\n');
    Some(match merge(old, new, options) {
        Ok(m) => {
            let mut text = m.text;
            if !trailing && text.ends_with('\n') {
                text.pop();
                if text.ends_with('\r') {
                    text.pop();
                }
            } else if trailing && !text.ends_with('\n') {
                text.push('\n');
            }
            Ok(text)
        }
        // (The search that follows is refused as too complex at once.)
        Err(Stopped::Late) => return None,
        Err(Stopped::Refused(r)) => {
            let lines: Vec<&str> = new.lines().collect();
            let at = (0..r.line.min(lines.len()))
                .rev()
                .find(|&i| marker(&lines[i]))
                .or_else(|| lines.iter().position(marker))
                .unwrap_or(0);
            Err(crate::notation::Unclear {
                marker: lines.get(at).map_or("", |l| l.trim()).to_string(),
                line: at + 1,
            })
        }
    })
}

/// Bytes of the file [`markers_held`] may scan per byte of it: eight distinct marker texts on
/// any file, more on small ones (see [`MARKER_SCAN_BASE`]). Models write one to three distinct
/// marker texts in a `new`; each costs a pass over the file (2 ms for 11 MB here).
const MARKER_SCANS_PER_BYTE: usize = 8;
/// Bytes [`markers_held`] may scan whatever the file's size: 16 MiB, a few milliseconds.
const MARKER_SCAN_BASE: usize = 1 << 24;

/// The distinct marker-like lines of `new` (trimmed) that `file` holds somewhere (a marker the
/// file holds is code). One pass over the file per distinct text, within
/// [`MARKER_SCANS_PER_BYTE`] and the deadline: a pass for each of 1,000 markers took 1.3 s on
/// an 11 MB file. `Err(Some(text))` with the first text left unread when the allowance is
/// spent, which makes the markers unclear (refused) rather than read on a guess; `Err(None)`
/// when the deadline has passed.
fn markers_held<'n>(
    file: &str,
    new: &'n str,
    deadline: Option<std::time::Instant>,
) -> Result<std::collections::HashSet<&'n str>, Option<&'n str>> {
    let mut seen = std::collections::HashSet::new();
    let mut held = std::collections::HashSet::new();
    let mut allowance =
        MARKER_SCAN_BASE.saturating_add(file.len().saturating_mul(MARKER_SCANS_PER_BYTE));
    for line in new.lines().filter(|l| is_elision_marker(l)).map(str::trim) {
        if !seen.insert(line) {
            continue;
        }
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err(None);
        }
        allowance = allowance.checked_sub(file.len()).ok_or(Some(line))?;
        if memchr::memmem::find(file.as_bytes(), line.as_bytes()).is_some() {
            held.insert(line);
        }
    }
    Ok(held)
}

impl Piece<'_> {
    /// Whether any of its lines is in the file at or after `from`.
    fn shows_file_line(&self, file: &File<'_>, from: usize) -> bool {
        self.lines
            .iter()
            .any(|l| !l.trim().is_empty() && !file.occurrences(l, from).is_empty())
    }
}

/// Take the removal notes out of a piece ([`is_note`]). The lines a note stands for are then
/// deleted by omission ([`notes_delete`] checks that some are).
fn take_notes(file: &File<'_>, piece: &mut Piece<'_>) {
    let mut notes = Vec::new();
    let lines = std::mem::take(&mut piece.lines);
    let mut kept = Vec::with_capacity(lines.len());
    for i in 0..lines.len() {
        if is_note(file, &lines, i) {
            notes.push(kept.len());
        } else {
            kept.push(lines[i]);
        }
    }
    piece.lines = kept;
    piece.notes = notes;
}

/// Whether line `i` of a piece's `lines` is a removal note: a comment that says code was
/// removed, which the file does not hold, between two lines the file holds. Above a new line
/// (`# Remove the trailing slash` over `p = p.rstrip("/")`) it is a comment on that line.
fn is_note(file: &File<'_>, lines: &[&str], i: usize) -> bool {
    let code = |l: &&&str| !l.trim().is_empty();
    let held = |l: Option<&&str>| l.is_some_and(|l| file.holds(l) || is_elision_marker(l));
    held(lines[..i].iter().rev().find(code))
        && held(lines[i + 1..].iter().find(code))
        && guard::removal_note(lines[i])
        && !file.holds(lines[i])
}

pub(super) fn last_code(piece: &Piece<'_>) -> usize {
    (0..piece.lines.len())
        .rfind(|&i| !piece.lines[i].trim().is_empty())
        .unwrap_or(0)
}

/// The snippet's lines without line endings, a Markdown fence around it (where the file has no
/// such line) and blank lines at its edges.
fn snippet_lines<'s>(file: &File<'_>, snippet: &'s str) -> Vec<&'s str> {
    let mut lines: Vec<&str> = snippet
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let blank = |l: &&str| l.trim().is_empty();
    while lines.last().is_some_and(blank) {
        lines.pop();
    }
    let start = lines.iter().position(|l| !blank(l)).unwrap_or(lines.len());
    lines.drain(..start);
    let fence = |l: &str| l.trim_start().starts_with("```") && !file.holds(l);
    if lines.len() >= 2 && fence(lines[0]) && lines.last().is_some_and(|l| l.trim() == "```") {
        lines.pop();
        lines.remove(0);
        return snippet_lines_trimmed(lines);
    }
    lines
}

fn snippet_lines_trimmed(mut lines: Vec<&str>) -> Vec<&str> {
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let start = lines
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(lines.len());
    lines.drain(..start);
    lines
}

/// Whether line `i` of the snippet's `lines` is a marker: an elision comment the file does not
/// hold, other than a bare `...` that is the whole body of a new `def` or `class` written just
/// above it (a stub, a `Protocol` method, an `@overload`: Python code, not elided lines; the
/// file has no lines of a function it does not hold for a marker to stand for).
fn is_marker(file: &File<'_>, lines: &[&str], i: usize) -> bool {
    (is_elision_marker(lines[i]) || is_jsx_elision_marker(lines[i]))
        && !file.holds(lines[i])
        && !stub_body(file, lines, i)
}

/// The pieces between the markers, and whether the snippet ends with a marker.
fn pieces<'s>(lines: &[&'s str], marker: &dyn Fn(usize) -> bool) -> (Vec<Piece<'s>>, bool) {
    let mut pieces: Vec<Piece<'s>> = Vec::new();
    let mut depth: Option<usize> = None;
    let mut start = 0;
    let mut open_end = false;
    for i in 0..=lines.len() {
        let is_marker = i < lines.len() && marker(i);
        if i < lines.len() && !is_marker {
            continue;
        }
        let body = &lines[start..i];
        if body.iter().any(|l| !l.trim().is_empty()) {
            let end = body
                .iter()
                .rposition(|l| !l.trim().is_empty())
                .map_or(0, |e| e + 1);
            // (Blank lines before a marker are the file's: the marker stands for them.)
            let trimmed = if is_marker { &body[..end] } else { body };
            pieces.push(Piece {
                lines: trimmed.to_vec(),
                first: start,
                index: pieces.len(),
                marker_before: depth.take(),
                marker_after: is_marker,
                blank_at_end: is_marker && end < body.len(),
                notes: Vec::new(),
            });
            open_end = false;
        }
        if is_marker {
            let d = indent_width(lines[i]);
            depth = Some(depth.map_or(d, |p: usize| p.min(d)));
            open_end = true;
        }
        start = i + 1;
    }
    (pieces, open_end)
}

/// The merged text: the file's lines outside the placements byte for byte, each placement's
/// lines in the file's indentation and line ending.
fn assemble(
    bom: &str,
    indexed: &Text<'_>,
    file: &File<'_>,
    placed: &[(Placement, &Piece<'_>)],
    trailing: bool,
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
        // With `trailing`, a kept line takes the trailing whitespace the snippet writes it with.
        // (Pairs are in file order.)
        let shown = |q: usize| {
            if !trailing {
                return None;
            }
            let k = p.pairs.binary_search_by_key(&q, |&(_, f)| f).ok()?;
            let l = piece.lines[p.pairs[k].0];
            Some(format!(
                "{}{}",
                file.lines[q].trim_end(),
                &l[l.trim_end().len()..]
            ))
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

#[cfg(test)]
mod tests;
