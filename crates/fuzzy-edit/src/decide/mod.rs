//! Every rule that accepts or refuses an edit, in the order the path of an edit meets them.
//!
//! [`crate::locate`] finds candidates and [`crate::fit`] builds replacements; neither refuses
//! anything on its own. The rules:
//! 1. **The request** ([`admit`]): an empty `old` only fills an empty text; `old == new`
//!    changes nothing, also once `new` is cleaned ([`check_still_changes`]); an elision comment
//!    in `new` alone must say which lines it keeps ([`unclear`]); an anchor must occur exactly
//!    once ([`one_anchor`]).
//! 2. **Choosing among one strategy's candidates** ([`choose`](fn@choose)):
//!    - with an `anchor`, only candidates at or after it count (a block containing the anchor
//!      counts as at it); of those the first is taken (equality strategies) or the best, if
//!      confident (graded strategies);
//!    - with `replace_all`, every candidate of an equality strategy is replaced (overlapping
//!      windows are skipped, left to right); graded strategies never replace more than one;
//!    - one candidate of an equality strategy applies; several are ambiguous;
//!    - a graded strategy applies its best candidate only when it scores at least its floor and
//!      leads the runner-up by its margin; below the floor the next strategy is tried; within
//!      the margin the edit is refused as low confidence (a block clearly closer to `old` by
//!      character edits than its near twins comes alone: the strategy leaves out windows a
//!      distance margin rules out, as `typo_line` does for lines); a runner-up over some of
//!      the best candidate's lines whose edit leaves the same text is no rival (it only takes
//!      the block to begin or end a line elsewhere);
//!    - a fuzzy candidate is refused where `new` already stands in the file
//!      ([`check_not_made_already`]);
//!    - any candidate lying inside a place where the file already reads as `new` is refused:
//!      the edit was made and is sent again ([`check_not_sent_again`]), also with blank lines
//!      ignored ([`check_not_sent_again_spaced`]); so is a loose match of a deletion whose
//!      `new` stands as written at an edge of the match ([`check_not_deleted_already`]), a
//!      one-line edit whose `new` stands word for word on another line
//!      ([`check_not_made_elsewhere`]), and an indented `old` found inside a line
//!      ([`check_starts_a_line`]). These run together in [`check_chosen`].
//! 3. **Fitting `new`**: a match spliced in as written that starts or ends inside a line, where
//!    `new` writes that line whole, is a whole-line edit, and is refused where what `new` means
//!    there is unclear ([`check_cut_lines`]); one that starts or ends inside a word of
//!    the file takes the whole word where `new` writes it whole (`old` cut short), and is
//!    refused where `new` would change a word it was not given whole ([`check_whole_words`]);
//!    a whitespace-only edit whose whitespace the match ignored is unclear
//!    ([`check_whitespace_edit`]); a change to a line the model misremembered is refused
//!    ([`mismatch`]), and so is a change to a line of a stale block (two lines of `old` or
//!    more differing from it, or a name on two of them the file has nowhere, or one line
//!    beside the edit changed in a way memory does not change a line, [`stale_line`]; a
//!    name joined by case on one of them the file has nowhere, [`name_read_elsewhere`]; two
//!    differing and the edit touching one, [`stale_touch`]: [`check_not_stale`]), and so is a block `old` skips lines of in a row, read elsewhere
//!    ([`check_not_left_out`]), and so is a block beside a twin as close to `old` that holds
//!    a line of `old` the block differs on ([`check_no_twin_copied`]); a fuzzy match whose
//!    `new` repeats the lines standing just past the block is refused
//!    ([`check_not_repeating_neighbours`]), and so is an elided `old` whose first line stands
//!    again just before the match, where `new` starts ([`check_elided_start`]): these run
//!    together in [`check_changing`]. A replacement that leaves the text as it was is no
//!    change or already applied ([`check_changes_something`]), as is a loose one that changes
//!    only space at line ends for an edit that changes more ([`check_not_there_already`]), or
//!    only moves whitespace for an edit that changes more ([`check_not_only_respaced`]):
//!    [`check_result`].
//! 4. **Nothing found** ([`not_found`]): found only before the anchor; `new` already standing
//!    where `old` most nearly is; else not found, with the closest fragment. A search stopped
//!    by the work budget or the deadline decides nothing: it is too complex ([`too_complex`]).
//! 5. **Several edits** ([`conflicts`]): two edits whose spans overlap.
//! 6. **The result** ([`check_syntax`]): an edit that adds a parse error the text did not have
//!    is refused or warned about, as the [`SyntaxPolicy`](crate::SyntaxPolicy) says.

use std::time::Instant;

mod already_there;
mod choose;
mod cut_lines;
mod deletion_made;
mod elided_start;
mod left_out;
mod line_made_elsewhere;
mod line_shaped;
mod made_already;
mod name_read_elsewhere;
mod neighbours;
mod reads_as_new;
mod stale;
mod stale_block;
mod stale_line;
mod stale_touch;
mod syntax;
mod twice;
mod twice_blank_lines;
mod twin_copy;
mod whitespace;
mod words;

use already_there::check_not_there_already;
use choose::listed;
pub(crate) use choose::{choose, Choice, Rules, SameResult};
pub(crate) use cut_lines::check_cut_lines;
use deletion_made::check_not_deleted_already;
use elided_start::check_elided_start;
use left_out::check_not_left_out;
use line_made_elsewhere::check_not_made_elsewhere;
use line_shaped::check_starts_a_line;
use made_already::check_not_made_already;
use neighbours::check_not_repeating_neighbours;
use reads_as_new::check_not_only_respaced;
use stale::check_not_stale;
use stale_block::check_not_drifted;
pub(crate) use syntax::check_syntax;
use twice::check_not_sent_again;
use twice_blank_lines::check_not_sent_again_spaced;
use twin_copy::check_no_twin_copied;
pub(crate) use whitespace::check_whitespace_edit;
pub(crate) use words::check_whole_words;

use crate::applied::{Failure, Match};
use crate::artifacts::Unclear;
use crate::budget::Budget;
use crate::edit::Edit;
use crate::error::{EditError, MAX_LISTED};
use crate::feedback::{self, location, numbered};
use crate::fit::Mismatch;
use crate::needle::Needle;
use crate::strategy::{Candidate, StrategyId};
use crate::text::Text;

/// Rule 2's last step, on the candidates a strategy chose, before any is fitted: an edit the
/// file already shows made is refused, wherever the match landed. `needle` is the edit the
/// strategy matched (decoded), `sent` the edit as cleaned.
pub(crate) fn check_chosen(
    text: &Text,
    strategy: StrategyId,
    chosen: &[Candidate],
    needle: &Needle,
    sent: &Needle,
    budget: &Budget,
) -> Result<(), EditError> {
    check_not_made_already(text, strategy, chosen, needle, sent, budget)?;
    check_not_sent_again(text, chosen, needle, budget)?;
    check_not_sent_again_spaced(text, chosen, needle)?;
    check_not_deleted_already(text, strategy, chosen, needle)?;
    check_not_made_elsewhere(text, strategy, chosen, needle)?;
    check_starts_a_line(text, strategy, chosen, needle)
}

/// Rule 3, on one fitted candidate whose `replacement` changes the file: a stale block, a
/// block read elsewhere, a twin's line, `new` repeating the block's neighbours, an elided
/// start that stands twice. `sent_old` is `old` as sent.
pub(crate) fn check_changing(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    needle: &Needle,
    sent_old: &str,
    replacement: &str,
) -> Result<(), EditError> {
    check_not_stale(text, strategy, candidate, needle)?;
    check_not_drifted(text, strategy, candidate, needle)?;
    check_not_left_out(text, strategy, candidate, needle)?;
    check_no_twin_copied(text, candidate, needle, sent_old)?;
    check_not_repeating_neighbours(text, strategy, candidate, replacement)?;
    check_elided_start(text, strategy, candidate, needle)
}

/// Rule 3's last step, on a strategy's replacements together: they must change the text, and
/// a loose match must change more than space for an edit that changes more. `decoded` is the
/// edit the strategy matched, `sent` the edit as cleaned.
pub(crate) fn check_result(
    text: &Text,
    matches: &[Match],
    strategy: StrategyId,
    sent: &Needle,
    decoded: &(String, String),
) -> Result<(), EditError> {
    check_changes_something(text, matches)?;
    check_not_there_already(text, matches, &decoded.0, &decoded.1)?;
    check_not_only_respaced(text, matches, strategy, sent, decoded)
}

/// How a request is to be located, once admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Admitted {
    /// An empty `old` on an empty text: `new` fills it.
    FillEmpty,
    /// Search for `old`.
    Search,
}

/// Rule 1: whether the request can denote a place at all.
pub(crate) fn admit(text: &Text, edit: &Edit) -> Result<Admitted, EditError> {
    if edit.old.is_empty() {
        // The one place an empty `old` denotes without doubt: all of an empty text.
        if text.as_str().is_empty() && !edit.new.is_empty() {
            return Ok(Admitted::FillEmpty);
        }
        return Err(EditError::EmptyOld);
    }
    if edit.old == edit.new {
        return Err(EditError::NoChange {
            only_edge_line_breaks: false,
            only_artifacts: false,
        });
    }
    Ok(Admitted::Search)
}

/// Rule 1: the anchor's byte offset, when it was found at exactly one of `starts`.
pub(crate) fn one_anchor(text: &Text, anchor: &str, starts: &[usize]) -> Result<usize, EditError> {
    match starts {
        [one] => Ok(*one),
        [] => Err(EditError::AnchorNotFound {
            anchor: anchor.to_string(),
        }),
        many => Err(EditError::AnchorAmbiguous {
            anchor: anchor.to_string(),
            lines: many
                .iter()
                .take(MAX_LISTED)
                .map(|&s| text.line_of(s) + 1)
                .collect(),
            lines_total: many.len(),
        }),
    }
}

/// Rule 1: `new`, once cleaned of what the model copied into it, must still differ from `old`.
/// Where the model's `new` (`sent`) differed only by line breaks at its edges, the refusal
/// says so: "identical" would be false.
pub(crate) fn check_still_changes(old: &str, sent: &str, new: &str) -> Result<(), EditError> {
    if new == old {
        let edges = |s: &str| s.trim_matches(['\n', '\r']).to_string();
        let only_edge_line_breaks = sent != old && edges(sent) == edges(old);
        return Err(EditError::NoChange {
            only_edge_line_breaks,
            only_artifacts: sent != old && !only_edge_line_breaks,
        });
    }
    Ok(())
}

/// Rule 1: an elision comment in `new` alone whose lines are unclear.
pub(crate) fn unclear(u: Unclear) -> EditError {
    EditError::UnclearElision {
        marker: u.marker,
        line: u.line,
    }
}

/// Rule 3: the refusal for a merge that found the model changing lines the file does not hold.
pub(crate) fn mismatch(
    text: &Text,
    strategy: StrategyId,
    candidate: &Candidate,
    needle: &Needle,
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

/// Rule 3: refuse replacements that leave the text as it was. Found as written yet changing
/// nothing means `new` differs from `old` only in what the file's form absorbs (line endings);
/// found loosely, the file already says what `new` says there.
pub(crate) fn check_changes_something(text: &Text, matches: &[Match]) -> Result<(), EditError> {
    if !matches
        .iter()
        .all(|m| m.replacement == text.as_str()[m.span.clone()])
    {
        return Ok(());
    }
    let first = &matches[0];
    if first.strategy == StrategyId::Exact {
        return Err(EditError::NoChange {
            only_edge_line_breaks: false,
            only_artifacts: false,
        });
    }
    Err(EditError::AlreadyApplied {
        location: location(text, first.start_line - 1..first.end_line, None),
        old_location: None,
    })
}

/// Rule 4: why nothing was found. `anchor` is the anchor text and offset; `before_anchor` the
/// first candidates that all stood before it.
pub(crate) fn not_found(
    text: &Text,
    needle: &Needle,
    anchor: Option<(&str, usize)>,
    before_anchor: Option<Vec<Candidate>>,
    budget: &Budget,
) -> EditError {
    if let (Some((anchor, at)), Some(before)) = (anchor, before_anchor) {
        return EditError::NotFoundAfterAnchor {
            anchor: anchor.to_string(),
            anchor_line: text.line_of(at) + 1,
            before: listed(text, &before),
            before_total: before.len(),
        };
    }
    // `new` already standing where `old` most nearly is suggests the edit was made before;
    // `new` standing somewhere else says nothing (it may be a common line).
    let closest = feedback::closest(text, needle);
    // (When the budget runs out here, the search for `new` is cut short: the answer is still a
    // refusal, only with less to say.)
    if let Some(location) = feedback::already_applied(text, needle, budget) {
        let near_closest = closest.as_ref().is_none_or(|f| {
            location.start_line <= f.end_line + 1 && f.start_line <= location.end_line + 1
        });
        if near_closest {
            return EditError::AlreadyApplied {
                location,
                old_location: None,
            };
        }
    }
    EditError::NotFound {
        closest,
        hint: feedback::hint(needle),
    }
}

/// Rule 4: the search was stopped by the work budget or the caller's deadline before it could
/// tell; nothing was decided on what it had seen.
pub(crate) fn too_complex(text: &Text, needle: &Needle, deadline: Option<Instant>) -> EditError {
    EditError::TooComplex {
        old_lines: needle.line_count(),
        text_lines: text.line_count(),
        timed_out: deadline.is_some_and(|d| Instant::now() >= d),
    }
}

/// Rule 5: drop the matches of every edit that overlaps an earlier edit's, reporting each
/// conflict once. Spans that overlap, or are the same insertion point, conflict.
pub(crate) fn conflicts(text: &Text, matches: &mut Vec<Match>) -> Vec<Failure> {
    matches.sort_by_key(|m| (m.span.start, m.span.end));
    let mut failures: Vec<Failure> = Vec::new();
    let mut bad: Vec<usize> = Vec::new();
    for w in 0..matches.len() {
        for v in w + 1..matches.len() {
            let (a, b) = (&matches[w], &matches[v]);
            if b.span.start >= a.span.end && b.span.start != a.span.start {
                break;
            }
            if a.edit == b.edit {
                continue;
            }
            let (first, second) = (a.edit.min(b.edit), a.edit.max(b.edit));
            if !bad.contains(&second) {
                bad.push(second);
                let overlap = b.span.start..a.span.end.min(b.span.end);
                let lines = text.lines_of_span(&overlap);
                failures.push(Failure {
                    edit: second,
                    error: EditError::Conflict {
                        first,
                        second,
                        start_line: lines.start + 1,
                        end_line: lines.end,
                    },
                });
            }
        }
    }
    matches.retain(|m| !bad.contains(&m.edit));
    failures
}

#[cfg(test)]
mod tests;
