//! Rewriting `new` to fit the matched text.
//!
//! For a line match this is a three-way merge, with `old` as the base, the file's matched lines
//! as one side and `new` as the other:
//! - a line `new` keeps from `old` is written with the file's exact bytes (indentation,
//!   trailing blanks, unicode, tabs), even when the model remembered it slightly differently;
//! - a line `new` adds or changes is re-indented by the [`IndentMap`](crate::indent::IndentMap) learned from `old` vs the
//!   file;
//! - where the model changes a line that is not what the file holds, the merge refuses
//!   ([`Mismatch`]): the model is wrong about the code there, and writing its version would
//!   silently drop what the file really says.
//!
//! Line endings follow the file (CRLF stays CRLF); the final-newline state of the span is kept.

mod blank_edit;
mod dangling_commas;
mod final_blank;
mod folded_chars;
mod frame;
mod gaps;
mod indent_chars;
mod inner_spacing;
mod merge;
mod recipe_tabs;
mod respell;
mod retyped_quotes;
mod same_result;
mod selectors;
mod shifted;
mod skipped_lines;
mod tab_columns;
#[cfg(feature = "syntax")]
mod yaml_depth;

use std::borrow::Cow;
use std::ops::Range;

use crate::align::loose_diff;
use crate::candidate::{Candidate, Fit};
use crate::needle::Needle;
use crate::text::{LineEnding, Text};
pub(crate) use final_blank::through_line_end;
use merge::merge;
pub(crate) use same_result::alike;

mod literals;
pub(crate) use recipe_tabs::recipes_tabbed;

/// The model changes lines that differ from the file: `old` lines `old_lines` were expected
/// where the file has lines `file_lines` (0-based, relative to the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Mismatch {
    /// Lines of `old` (0-based) the model changes but the file does not hold.
    pub(crate) old_lines: Range<usize>,
    /// Lines of the text (0-based) found there instead.
    pub(crate) file_lines: Range<usize>,
}

/// Repairs that need the whole result, because only the file's parse tells the model's slip from
/// its intent: a comma left before a closing bracket of a strict JSON file
/// ([`dangling_commas`]), a YAML `new` pasted a few columns off `old`'s depth ([`yaml_depth`]).
/// Each is kept only when the repaired result parses where the model's own did not; the syntax
/// guard then judges what is left.
#[cfg_attr(not(feature = "syntax"), allow(unused_variables))] // `edits`: the YAML repair's
pub(crate) fn fit_to_format(
    before: &str,
    edits: &[crate::edit::Edit],
    applied: &mut crate::applied::Applied,
    options: &crate::Options,
) {
    use crate::syntax::Language;
    match options.language {
        Some(Language::Json) => dangling_commas::drop_dangling_commas(before, applied),
        #[cfg(feature = "syntax")]
        Some(Language::Yaml) if options.syntax.checks() => {
            yaml_depth::yaml_at_olds_depth(before, edits, applied)
        }
        _ => {}
    }
}

/// `merged` with each line that is not one of `file_lines` (a line the edit rewrites or adds)
/// passed through `rewrite`, its line ending kept; `merged` itself when no line changes.
fn each_written_line(
    merged: String,
    file_lines: &[&str],
    mut rewrite: impl FnMut(&str) -> Option<String>,
) -> String {
    let mut changed = false;
    let lines: Vec<String> = merged
        .split('\n')
        .map(|line| {
            let bare = line.trim_end_matches('\r');
            match rewrite(bare).filter(|_| !file_lines.contains(&bare)) {
                Some(new) if new != bare => {
                    changed = true;
                    format!("{new}{}", &line[bare.len()..])
                }
                _ => line.to_string(),
            }
        })
        .collect();
    if changed {
        lines.join("\n")
    } else {
        merged
    }
}

/// `line`, written from `old` (a line of the file retyped one character for one), with the
/// file line's character wherever it keeps one of `old`'s, except where `keep_model` (given the
/// file's character and whether it stands at the edge of what the line keeps, beside a change)
/// says the model's stays. The characters the model changes or adds are its own.
fn kept_chars_as_file(
    file: &str,
    old: &str,
    line: &str,
    keep_model: impl Fn(char, bool) -> bool,
) -> String {
    let file: Vec<char> = file.chars().collect();
    let line_chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len() + 8);
    for op in similar::TextDiff::from_chars(old, line).ops() {
        match op.tag() {
            similar::DiffTag::Equal => {
                let (run, written) = (op.old_range(), op.new_range());
                let (first, last) = (run.start, run.end - 1);
                let at_change = |i: usize| {
                    (i == first && i > 0) || (i == last && written.end < line_chars.len())
                };
                for (i, j) in run.clone().zip(written.clone()) {
                    out.push(if keep_model(file[i], at_change(i)) {
                        line_chars[j]
                    } else {
                        file[i]
                    });
                }
            }
            similar::DiffTag::Delete => {}
            similar::DiffTag::Insert | similar::DiffTag::Replace => {
                out.extend(&line_chars[op.new_range()])
            }
        }
    }
    out
}

/// The text that replaces `candidate.span`.
pub(crate) fn replacement(
    text: &Text,
    candidate: &Candidate,
    base: &Needle,
) -> Result<String, Mismatch> {
    match &candidate.fit {
        Fit::Splice(needle) => {
            let needle = needle.as_deref().unwrap_or(base);
            let new = match new_at_olds_depth(text, &candidate.span, needle) {
                Some(moved) => Cow::Owned(moved),
                None => continue_at_line_depth(text, &candidate.span, needle),
            };
            let new = tabs_for_spaces(text, &candidate.span, needle.old_text(), new);
            let new = adapt_line_endings(
                &new,
                span_line_ending(text, &candidate.span),
                text.has_crlf(),
            )
            .into_owned();
            let span = &text.as_str()[candidate.span.clone()];
            Ok(selectors::as_file(
                span,
                base.old_text(),
                base.new_text(),
                new,
            ))
        }
        Fit::Lines(needle) => {
            let needle = needle.as_deref().unwrap_or(base);
            let merged = merge(text, candidate.lines.clone(), needle)?;
            let file: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
            let merged = blank_edit::as_new_writes(
                &file,
                &crate::text::lines_of(needle.old_text()).0,
                &crate::text::lines_of(needle.new_text()).0,
                merged,
                text.has_crlf(),
            );
            let old: Vec<&str> = needle.old_text().split('\n').collect();
            let merged = inner_spacing::spaced_as_file(&file, &old, merged);
            let merged = folded_chars::unfolded_as_file(&file, &old, merged);
            let merged = retyped_quotes::ascii_as_file(&file, &old, merged);
            let span = &text.as_str()[candidate.span.clone()];
            Ok(selectors::as_file(
                span,
                base.old_text(),
                base.new_text(),
                merged,
            ))
        }
    }
}

/// `new` moved to `old`'s depth, for an `old` copied from the start of whole lines and a `new`
/// the model wrote at a depth of its own (see [`shifted`]).
fn new_at_olds_depth(text: &Text, span: &Range<usize>, needle: &Needle) -> Option<String> {
    // From the start of a line, or from the line break before one (`old` opening with it).
    let line = text.lines()[text.line_of(span.start)];
    let after_break = span.start == line.content_end && needle.old_text().starts_with(['\n', '\r']);
    if line.start != span.start && !after_break {
        return None;
    }
    let old: Vec<&str> = needle.old_text().split('\n').collect();
    let new: Vec<&str> = needle.new_text().split('\n').collect();
    let stray = shifted::without_stray_spaces(&old, &new, || space_before_tab(text));
    let new: Vec<&str> = match &stray {
        Some(stripped) => stripped.iter().map(String::as_str).collect(),
        None => new,
    };
    let file: Vec<Option<&str>> = old.iter().copied().map(Some).collect();
    // In the file's indentation characters first, so that a depth of its own shows.
    let first = text.line_of(span.start);
    let open_before = || literals::open_after((0..first).map(|i| text.line(i)));
    let chars =
        indent_chars::new_in_files_chars(&old, &new, &old, || text.indent_habits(), open_before);
    let new = chars.as_deref().map_or(new, as_strs);
    let moved =
        shifted::new_at_old_depth(&old, &new, &file, || text.indent_habits()).or_else(|| {
            let around = || surroundings(text, span);
            shifted::blank_change::at_olds_depth(&old, &new, || text.indent_habits(), around)
        });
    match moved {
        Some(moved) => Some(moved.join("\n")),
        None => chars.or(stray).map(|lines| lines.join("\n")),
    }
}

/// The file's lines around the lines of `span` (see [`shifted::blank_change::Surroundings`]).
fn surroundings<'t>(
    text: &Text<'t>,
    span: &Range<usize>,
) -> shifted::blank_change::Surroundings<'t> {
    use crate::normalize::indent_columns;
    let lines = text.lines_of_span(span);
    // A span from a line break has the line it breaks before it.
    let first = lines.start + usize::from(text.lines()[lines.start].start != span.start);
    let tab = text.indent_habits().tab;
    let mut open: Vec<&str> = Vec::new();
    for line in (0..first)
        .rev()
        .filter(|&i| !text.is_blank(i))
        .map(|i| text.line(i))
    {
        let width = indent_columns(line, tab);
        if open.last().is_none_or(|l| width < indent_columns(l, tab)) {
            open.push(line);
        }
        if width == 0 {
            break;
        }
    }
    let after = (lines.end..text.lines().len()).find(|&i| !text.is_blank(i));
    shifted::blank_change::Surroundings {
        open,
        after: after.map(|i| text.line(i)),
    }
}

fn as_strs(lines: &[String]) -> Vec<&str> {
    lines.iter().map(String::as_str).collect()
}

/// Whether the file puts a space before a tab in some line's indentation.
fn space_before_tab(text: &Text) -> bool {
    shifted::space_before_tab((0..text.lines().len()).map(|i| text.line(i)))
}

/// `new` for a one-line `old` found after other text on its line (code, or all of the
/// line's indentation): several lines of `new` continue at that line's depth, unless the model
/// already wrote them there.
fn continue_at_line_depth<'n>(
    text: &Text,
    span: &Range<usize>,
    needle: &'n Needle,
) -> Cow<'n, str> {
    let new = needle.new_text();
    if needle.old_text().contains('\n') || !new.contains('\n') {
        return Cow::Borrowed(new);
    }
    let line = text.lines()[text.line_of(span.start)];
    let Some(before) = text.as_str().get(line.start..span.start) else {
        return Cow::Borrowed(new);
    };
    let indent = crate::normalize::indent_of(before);
    let continuation = || new.split('\n').skip(1).filter(|l| !l.trim().is_empty());
    if indent.is_empty()
        || (continuation().all(|l| l.starts_with(indent)) && !body_at_header(new, indent))
    {
        return Cow::Borrowed(new);
    }
    // A multi-line literal's lines are its value: they stay as written.
    let literal = literals::inside_literals(&new.split('\n').collect::<Vec<_>>());
    let mut out = String::with_capacity(new.len() + 8 * indent.len());
    for (k, piece) in new.split_inclusive('\n').enumerate() {
        if k > 0 && !piece.trim().is_empty() && !literal[k] {
            out.push_str(indent);
        }
        out.push_str(piece);
    }
    Cow::Owned(out)
}

/// Whether `new` opens a block on its first line (`def f(self):`, `if (x) {`) and, read as
/// written at the line's depth, puts the block's first line at the header's depth rather than
/// inside it: the model wrote its lines relative to its first line, which it copied from after
/// the indentation. (A line that closes the block, `}`, belongs at the header's depth.)
fn body_at_header(new: &str, indent: &str) -> bool {
    let mut lines = new.split('\n');
    let header = lines.next().unwrap_or("").trim_end();
    let opens = [":", "{", "(", "[", "=>", " do", " then"]
        .iter()
        .any(|o| header.ends_with(o));
    let Some(body) = lines.find(|l| !l.trim().is_empty()) else {
        return false;
    };
    let closes = body.trim_start().starts_with(['}', ')', ']']) || body.trim() == "end";
    opens && !closes && crate::normalize::indent_of(body) == indent
}

/// `new` spliced in a file indented with tabs alone, with the lines it adds indented with
/// spaces alone indented with tabs (see [`IndentHabits::tabs_for_spaces`](crate::indent::IndentHabits::tabs_for_spaces)): the model's habit,
/// which in a Makefile is a syntax error. (A line it rewrites keeps its spaces: an author may
/// mean them. Its first line only when the span starts a line: after other text, its leading
/// blanks are no indentation.)
fn tabs_for_spaces<'n>(
    text: &Text,
    span: &Range<usize>,
    old: &str,
    new: Cow<'n, str>,
) -> Cow<'n, str> {
    if !new.contains("\n ") && !new.starts_with(' ') {
        return new;
    }
    let old_lines: Vec<&str> = old.split('\n').collect();
    let pieces: Vec<&str> = new.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = pieces.iter().map(|p| p.trim_end_matches('\n')).collect();
    let at_line_start = span.start == text.lines()[text.line_of(span.start)].start;
    let mut added = vec![false; pieces.len()];
    for op in loose_diff(&old_lines, &new_lines) {
        if op.tag() == similar::DiffTag::Insert {
            op.new_range()
                .for_each(|k| added[k] = k > 0 || at_line_start);
        }
    }
    // The file's habits only for an added line indented by a space: learning them reads every
    // line of the file (`exact` at 100k lines, a line rewritten and none added: 9.2 M of 97.9 M
    // instructions, callgrind).
    let by_space = |(piece, added): (&&str, &bool)| *added && piece.starts_with(' ');
    if !pieces.iter().zip(&added).any(by_space) {
        return new;
    }
    let habits = text.indent_habits();
    if !habits.tabs_only {
        return new;
    }
    let mut changed = false;
    let mut out = String::with_capacity(new.len() + 8);
    for (piece, added) in pieces.iter().zip(added) {
        match habits.tabs_for_spaces(piece).filter(|_| added) {
            Some(line) => {
                changed = true;
                out.push_str(&line);
            }
            None => out.push_str(piece),
        }
    }
    if changed {
        Cow::Owned(out)
    } else {
        new
    }
}

/// The line ending of the replaced span: its own, else that of the line it is in (a file may
/// mix endings; the edit follows the place it lands).
fn span_line_ending(text: &Text, span: &Range<usize>) -> LineEnding {
    let s = &text.as_str()[span.clone()];
    if s.contains("\r\n") {
        return LineEnding::CrLf;
    }
    if s.contains('\n') {
        return LineEnding::Lf;
    }
    let line = text.lines()[text.line_of(span.start)];
    match line.end - line.content_end {
        2 => LineEnding::CrLf,
        1 => LineEnding::Lf,
        _ => text.eol(),
    }
}

/// Convert `new`'s line endings to the file's.
pub(crate) fn adapt_line_endings(new: &str, eol: LineEnding, file_has_crlf: bool) -> Cow<'_, str> {
    match eol {
        LineEnding::CrLf if new.contains('\n') => {
            Cow::Owned(new.replace("\r\n", "\n").replace('\n', "\r\n"))
        }
        LineEnding::Lf if new.contains("\r\n") && !file_has_crlf => {
            Cow::Owned(new.replace("\r\n", "\n"))
        }
        _ => Cow::Borrowed(new),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_adapts_line_endings() {
        assert_eq!(adapt_line_endings("a\nb", LineEnding::CrLf, true), "a\r\nb");
        assert_eq!(adapt_line_endings("a\r\nb", LineEnding::Lf, false), "a\nb");
    }

    /// [`tabs_for_spaces`] as it was, the file's habits learnt before the lines `new` adds
    /// are known: its oracle.
    fn tabs_for_spaces_habits_first<'n>(
        text: &Text,
        span: &Range<usize>,
        old: &str,
        new: Cow<'n, str>,
    ) -> Cow<'n, str> {
        if !new.contains("\n ") && !new.starts_with(' ') {
            return new;
        }
        let habits = text.indent_habits();
        if !habits.tabs_only {
            return new;
        }
        let old_lines: Vec<&str> = old.split('\n').collect();
        let pieces: Vec<&str> = new.split_inclusive('\n').collect();
        let new_lines: Vec<&str> = pieces.iter().map(|p| p.trim_end_matches('\n')).collect();
        let at_line_start = span.start == text.lines()[text.line_of(span.start)].start;
        let mut added = vec![false; pieces.len()];
        for op in loose_diff(&old_lines, &new_lines) {
            if op.tag() == similar::DiffTag::Insert {
                op.new_range()
                    .for_each(|k| added[k] = k > 0 || at_line_start);
            }
        }
        let mut changed = false;
        let mut out = String::with_capacity(new.len() + 8);
        for (piece, added) in pieces.iter().zip(added) {
            match habits.tabs_for_spaces(piece).filter(|_| added) {
                Some(line) => {
                    changed = true;
                    out.push_str(&line);
                }
                None => out.push_str(piece),
            }
        }
        if changed {
            Cow::Owned(out)
        } else {
            new
        }
    }

    use proptest::prelude::*;

    /// Lines indented with tabs, spaces, both or neither, some blank.
    fn lines() -> impl Strategy<Value = Vec<String>> {
        let indent = prop_oneof![
            Just(""),
            Just("\t"),
            Just("\t\t"),
            Just("    "),
            Just("  "),
            Just(" \t")
        ];
        let body = prop_oneof![
            Just("a"),
            Just("b()"),
            Just("x = 1"),
            Just("}"),
            Just("* c"),
            Just("")
        ];
        prop::collection::vec((indent, body).prop_map(|(i, b)| format!("{i}{b}")), 1..6)
    }

    proptest! {
        #[test]
        fn tabs_for_spaces_gives_what_it_gave_learning_the_habits_first(
            file in lines(),
            old in lines(),
            new in lines(),
            at in 0usize..6,
            from_line_start in any::<bool>(),
        ) {
            let file = file.join("\n");
            let text = Text::new(&file);
            let line = text.lines()[at.min(text.line_count() - 1)];
            let start = if from_line_start { line.start } else { line.content_end };
            let span = start..start;
            let (old, new) = (old.join("\n"), new.join("\n"));
            prop_assert_eq!(
                tabs_for_spaces(&text, &span, &old, Cow::Borrowed(&new)),
                tabs_for_spaces_habits_first(&text, &span, &old, Cow::Borrowed(&new))
            );
        }
    }
}
