//! Locating one edit: validation, the anchor, the strategy cascade, and the feedback when
//! nothing matches.

use std::ops::Range;

use crate::align::align;
use crate::decide::{decide, Decision, Rules};
use crate::edit::Edit;
use crate::error::EditError;
use crate::feedback::{self, location};
use crate::fit::{self, Mismatch};
use crate::needle::Needle;
use crate::normalize;
use crate::strategy::{cascade, exact_spans, Candidate, Context, Plan};
use crate::text::Text;

/// One replacement an edit will make: a span of the text and what goes there.
#[derive(Debug, Clone)]
pub struct Planned {
    /// Index of the edit in its request.
    pub edit: usize,
    /// The strategy that matched.
    pub strategy: &'static str,
    /// The candidate's score.
    pub score: f64,
    /// Bytes replaced.
    pub span: Range<usize>,
    /// Lines (0-based, end exclusive) replaced.
    pub lines: Range<usize>,
    /// What replaces them.
    pub replacement: String,
}

/// Locate `edit` in `text` and plan its replacements, or say why not.
pub fn plan(text: &Text, index: usize, edit: &Edit) -> Result<Vec<Planned>, EditError> {
    if edit.old.is_empty() {
        // The one place an empty `old` denotes without doubt: all of an empty text.
        if text.as_str().is_empty() && !edit.new.is_empty() {
            return Ok(vec![Planned {
                edit: index,
                strategy: "empty_file",
                score: 1.0,
                span: 0..0,
                lines: 0..1,
                replacement: edit.new.clone(),
            }]);
        }
        return Err(EditError::EmptyOld);
    }
    if edit.old == edit.new {
        return Err(EditError::NoChange);
    }
    let anchor = match edit.anchor.as_deref().filter(|a| !a.trim().is_empty()) {
        Some(a) => Some((a, resolve_anchor(text, a)?)),
        None => None,
    };
    let needle = Needle::new(edit.old.as_str(), edit.new.as_str());
    let cx = Context::new(text, &needle);
    let mut before_anchor: Vec<Candidate> = Vec::new();
    for strategy in cascade() {
        let candidates = strategy.candidates(&cx);
        if candidates.is_empty() {
            continue;
        }
        let rules = Rules {
            replace_all: edit.replace_all,
            anchor: anchor.map(|a| a.1),
            scored: strategy.scored(),
        };
        if let Some((_, at)) = anchor {
            if before_anchor.is_empty() && candidates.iter().all(|c| c.span.end <= at) {
                before_anchor = candidates.clone();
            }
        }
        match decide(text, strategy.name(), candidates, rules) {
            Decision::Apply(chosen) => {
                let planned = chosen
                    .into_iter()
                    .map(|c| {
                        let effective = effective_needle(&c, &needle);
                        if whitespace_edit_unclear(text, &c, effective) {
                            return Err(EditError::WhitespaceOnly {
                                strategy: strategy.name().to_string(),
                                location: location(text, c.lines.clone(), Some(c.score)),
                                file_text: numbered(text, c.lines.clone()),
                            });
                        }
                        let replacement = fit::replacement(text, &c, &needle)
                            .map_err(|m| mismatch_error(text, effective, &c, strategy.name(), m))?;
                        Ok(Planned {
                            edit: index,
                            strategy: strategy.name(),
                            score: c.score,
                            span: c.span,
                            lines: c.lines,
                            replacement,
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                // A merge can leave the text as it was: the file already says what `new` says
                // where `old` was (modulo what the match ignored).
                if planned
                    .iter()
                    .all(|p| p.replacement == text.as_str()[p.span.clone()])
                {
                    // Found as written, yet changing nothing: `new` differs from `old` only in
                    // what the file's form absorbs (line endings).
                    if strategy.name() == "exact" {
                        return Err(EditError::NoChange);
                    }
                    let first = &planned[0];
                    return Err(EditError::AlreadyApplied {
                        location: location(text, first.lines.clone(), None),
                    });
                }
                return Ok(planned);
            }
            Decision::Refuse(e) => return Err(e),
            Decision::Pass => {}
        }
    }
    if let Some((anchor, at)) = anchor {
        if !before_anchor.is_empty() {
            return Err(EditError::NotFoundAfterAnchor {
                anchor: anchor.to_string(),
                anchor_line: text.line_of(at) + 1,
                before: before_anchor
                    .iter()
                    .map(|c| location(text, c.lines.clone(), None))
                    .collect(),
            });
        }
    }
    // `new` already standing where `old` most nearly is suggests the edit was made before;
    // `new` standing somewhere else says nothing (it may be a common line).
    let closest = feedback::closest(text, &needle);
    if let Some(location) = feedback::already_applied(text, &needle) {
        let near_closest = closest.as_ref().is_none_or(|f| {
            location.start_line <= f.end_line + 1 && f.start_line <= location.end_line + 1
        });
        if near_closest {
            return Err(EditError::AlreadyApplied { location });
        }
    }
    Err(EditError::NotFound {
        closest,
        hint: feedback::hint(&needle),
    })
}

/// Byte offset where the anchor starts: exactly once, or on exactly one line loosely.
fn resolve_anchor(text: &Text, anchor: &str) -> Result<usize, EditError> {
    let spans = exact_spans(text, anchor);
    let starts: Vec<usize> = if spans.is_empty() && !anchor.contains('\n') {
        let key = normalize::loose_key(anchor);
        (0..text.line_count())
            .filter(|&i| normalize::loose_key(text.line(i)).contains(key.as_ref()))
            .map(|i| text.lines()[i].start)
            .collect()
    } else {
        spans.iter().map(|s| s.start).collect()
    };
    match starts.as_slice() {
        [one] => Ok(*one),
        [] => Err(EditError::AnchorNotFound {
            anchor: anchor.to_string(),
        }),
        many => Err(EditError::AnchorAmbiguous {
            anchor: anchor.to_string(),
            lines: many.iter().map(|&s| text.line_of(s) + 1).collect(),
        }),
    }
}

/// The needle a candidate was matched with: the request's, or the strategy's transformation.
fn effective_needle<'n>(candidate: &'n Candidate, base: &'n Needle<'n>) -> &'n Needle<'n> {
    match &candidate.plan {
        Plan::Lines(Some(n)) | Plan::Splice(Some(n)) => n,
        _ => base,
    }
}

/// Whether the edit only changes whitespace, in a way this match cannot carry out faithfully:
/// a change of indentation when the match ignored indentation (the model's idea of the
/// indentation is wrong, so which one it wants is unclear), or a change of trailing or inner
/// whitespace when the match ignored that.
fn whitespace_edit_unclear(text: &Text, candidate: &Candidate, needle: &Needle) -> bool {
    if !matches!(candidate.plan, Plan::Lines(_)) {
        return false;
    }
    let non_blank = |s: &str| -> Vec<String> {
        crate::needle::lines_of(s)
            .0
            .into_iter()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect()
    };
    let (old, new) = (non_blank(needle.old()), non_blank(needle.new_text()));
    let loose = |v: &[String]| -> Vec<String> {
        v.iter()
            .map(|l| normalize::loose_key(l).into_owned())
            .collect()
    };
    if old.len() != new.len() || loose(&old) != loose(&new) {
        return false;
    }
    let pairs = || old.iter().zip(&new);
    let changes_indent = pairs().any(|(o, n)| normalize::indent_of(o) != normalize::indent_of(n));
    let changes_inner = pairs().any(|(o, n)| inner_spacing(o) != inner_spacing(n));

    let window: Vec<&str> = candidate.lines.clone().map(|i| text.line(i)).collect();
    let old_lines: Vec<&str> = needle.lines().collect();
    let matched: Vec<(&str, &str)> = align(&old_lines, &window)
        .equal
        .iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| (old_lines[i], window[j])))
        .filter(|(o, _)| !o.trim().is_empty())
        .collect();
    let ignored_indent = matched
        .iter()
        .any(|(o, w)| normalize::indent_of(o) != normalize::indent_of(w));
    let ignored_inner = matched
        .iter()
        .any(|(o, w)| inner_spacing(o) != inner_spacing(w));
    let faithful = (changes_indent && !ignored_indent) || (changes_inner && !ignored_inner);
    !faithful
}

/// The whitespace runs inside a trimmed line (what [`Level::InnerWhitespace`] ignores).
///
/// [`Level::InnerWhitespace`]: crate::normalize::Level::InnerWhitespace
fn inner_spacing(line: &str) -> Vec<&str> {
    line.trim()
        .split(|c: char| !c.is_whitespace())
        .filter(|run| !run.is_empty())
        .collect()
}

/// Lines `lines` of the text, each prefixed with its 1-based number.
fn numbered(text: &Text, lines: Range<usize>) -> String {
    lines
        .map(|i| format!("{:>6}\t{}", i + 1, text.line(i)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn mismatch_error(
    text: &Text,
    needle: &Needle,
    candidate: &Candidate,
    strategy: &str,
    m: Mismatch,
) -> EditError {
    let old_text: Vec<&str> = m.old_lines.clone().map(|i| needle.line(i)).collect();
    EditError::ContentMismatch {
        strategy: strategy.to_string(),
        location: location(text, candidate.lines.clone(), Some(candidate.score)),
        old_text: old_text.join("\n"),
        // Where the model changes lines the file lacks, show the file around that place.
        file_text: if m.file_lines.is_empty() {
            numbered(
                text,
                m.file_lines.start.saturating_sub(1)
                    ..(m.file_lines.start + 1).min(text.line_count()),
            )
        } else {
            numbered(text, m.file_lines)
        },
    }
}
