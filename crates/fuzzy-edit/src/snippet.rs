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
use crate::notation::markers_behind_leaders;
use crate::text::Text;

mod assemble;
mod block_end;
mod depths;
mod guard;
mod over_span;
mod pieces;
mod place;
mod unchanged;
mod verify;
use assemble::assemble;
use depths::in_file_indent;
use guard::{
    blank_end_open, brackets_at_depth, end_open, ends_with_blank, first_line_slipped, notes_delete,
    stale_line, start_open, top_open, unshown_body, words_marker_elides,
};
pub(crate) use over_span::over_span;
use pieces::{is_marker, pieces, snippet_lines, take_notes};
use place::{File, Placement};
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
    merge_placed((text, bom, body), &indexed, snippet, &file, options)
}

/// [`merge`] from the point where the file is indexed (`indexed`, of `body`, `text` less its
/// `bom`) and its lines are held for the final `snippet` (`file`): rewritten by its markers
/// and its indentation as [`merge`] rewrites it. A verify has both built already.
fn merge_placed<'a>(
    (text, bom, body): (&str, &str, &str),
    indexed: &Text<'_>,
    snippet: &'a str,
    file: &File<'a>,
    options: &Options,
) -> Result<Merged, Stopped> {
    let late = || {
        options
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    };
    if late() {
        return Err(Stopped::Late);
    }
    let lines = snippet_lines(file, snippet);
    let blank_end = ends_with_blank(snippet);
    let marker = |i: usize| is_marker(file, &lines, i);
    let (mut pieces, open_end) = pieces(&lines, &marker);
    for piece in &mut pieces {
        take_notes(file, piece);
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
        notes_delete(file, piece, p)?;
        stale_line(file, piece, p)?;
        start_open(file, piece, p)?;
        first_line_slipped(file, piece, p)?;
        end_open(file, piece, p)?;
        unshown_body(file, piece, p)
    };
    let placed = place::place_all(file, &pieces, open_end, &check);
    if timed_out.get() || late() {
        return Err(Stopped::Late);
    }
    let mut placed: Vec<(Placement, &Piece<'_>)> = placed?.into_iter().zip(&pieces).collect();
    for w in placed.windows(2) {
        let [(prev, _), (p, piece)] = w else {
            continue;
        };
        brackets_at_depth(piece, p, prev)?;
        words_marker_elides(file, &lines, piece, p, prev)?;
    }
    if let Some((p, piece)) = placed.last().filter(|_| blank_end && !open_end) {
        blank_end_open(file, piece, p)?;
    }
    let mut merged = assemble(bom, indexed, file, &placed, false);
    // (The kept lines written with the snippet's spacing between their words: each one the
    // piece shows, no deletion there needs explaining.)
    let mut respaced: Vec<std::ops::Range<usize>> = placed
        .iter()
        .flat_map(|(p, piece)| {
            p.pairs
                .iter()
                .filter(|&&(i, q)| assemble::respaces(piece.lines[i], file.lines[q]))
                .map(|&(_, q)| q..q + 1)
        })
        .collect();
    if merged.text.len() == text.len() && merged.text == text {
        // The snippet shows its lines as the file has them but for spacing within or after
        // them (`#  include` for `# include`): that is its change (a model sends no snippet
        // that changes nothing). Before, trailing spacing only: 2 stand-in cases more now.
        merged = assemble(bom, indexed, file, &placed, true);
        // (Each line it rewrites is one it shows: no deletion there needs explaining.)
        respaced = merged.changes.iter().map(|c| c.0.clone()).collect();
    }
    if merged.text.len() == text.len() && merged.text == text {
        if let Some((p, piece)) = placed.first_mut() {
            if unchanged::opens_file(file, piece, p).map_err(Stopped::Refused)? {
                p.start = 0;
                merged = assemble(bom, indexed, file, &placed, false);
            }
        }
    }
    if merged.text != text {
        if let Some((p, piece)) = placed.first() {
            top_open(file, piece, p)?;
        }
    }
    if late() {
        return Err(Stopped::Late);
    }
    let shown: Vec<guard::Shown> = placed
        .iter()
        .map(|(at, p)| guard::Shown {
            first: p.first,
            lines: p.lines.iter().map(|l| l.to_string()).collect(),
            shift: at.shift,
        })
        .collect();
    // File lines that a place replaces in full: beyond a piece's first and last shown lines
    // (new edge lines rewrite them, or a shown blank line closes their removal), or respaced.
    let rewritten: Vec<std::ops::Range<usize>> = placed
        .iter()
        .flat_map(|(p, _)| {
            let (Some(&(_, first)), Some(&(_, last))) = (p.pairs.first(), p.pairs.last()) else {
                return vec![];
            };
            vec![p.start..first, last + 1..p.end]
        })
        .chain(respaced)
        .filter(|r| !r.is_empty())
        .collect();
    guard::check_lines(
        body,
        &file.lines,
        indexed.indent_habits(),
        &merged.text,
        &shown,
        &rewritten,
    )?;
    Ok(merged)
}

impl Piece<'_> {
    /// Whether any of its lines is in the file at or after `from`.
    fn shows_file_line(&self, file: &File<'_>, from: usize) -> bool {
        self.lines
            .iter()
            .any(|l| !l.trim().is_empty() && !file.occurrences(l, from).is_empty())
    }
}

pub(super) fn last_code(piece: &Piece<'_>) -> usize {
    (0..piece.lines.len())
        .rfind(|&i| !piece.lines[i].trim().is_empty())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests;
