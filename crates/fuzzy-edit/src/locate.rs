//! The path of one edit, top to bottom: admit the request, find the anchor, run the strategy
//! cascade, let [`crate::decide`] judge each strategy's candidates, [`crate::fit`] `new` to the
//! chosen ones, and hand back the [`Match`]es for splicing. Every refusal is decided in
//! [`crate::decide`]; this module only finds.

use crate::applied::Match;
use crate::artifacts;
use crate::budget::Budget;
use crate::decide::{self, Admitted, Choice, Rules, SameResult};
use crate::edit::{Edit, Options};
use crate::error::EditError;
use crate::fit;
use crate::needle::Needle;
use crate::normalize;
use crate::strategy::{
    cascade, decoded_needle, Candidate, Context, Fit, Strategy, StrategyId, FIRST_AFTER_DECODING,
};
use crate::text::exact_spans;
use crate::text::Text;

/// Locate `edit` (the `index`th of its request) in `text`, with the replacements it makes,
/// within the work [`Budget`] of its size and by the options' deadline.
pub(crate) fn locate(
    text: &Text,
    index: usize,
    edit: &Edit,
    options: &Options,
) -> Result<Vec<Match>, EditError> {
    let deadline = options.deadline;
    let unwrapped = unwrapped(text, edit);
    let marked = markers_read(text, options, unwrapped.as_ref());
    let edit = marked.as_ref().unwrap_or(unwrapped.as_ref());
    let admitted = decide::admit(text, edit)?;
    let new = artifacts::clean_new(text, &edit.old, &edit.new, options).map_err(|mut u| {
        // (Named as the model wrote it, `;; ...` and not the `// ...` it was read as.)
        if let Some(written) = marker_as_written(&unwrapped.new, &edit.new, &u.marker) {
            u.marker = written;
        }
        decide::unclear(u)
    })?;
    // (A Makefile's recipe lines written flush left get their tab: see `fit::recipes_tabbed`.)
    let new = match options.conventions.is_makefile() {
        true => fit::recipes_tabbed(&edit.old, &new).map_or(new, std::borrow::Cow::Owned),
        false => new,
    };
    if admitted == Admitted::FillEmpty {
        let whole = Candidate {
            span: 0..0,
            lines: 0..1,
            score: 1.0,
            fit: Fit::Splice(None),
        };
        let filled = Match::new(index, StrategyId::EmptyFile, whole, new.into_owned());
        return Ok(vec![filled]);
    }
    let anchor = match edit.anchor.as_deref().filter(|a| !a.trim().is_empty()) {
        Some(a) => Some((a, decide::one_anchor(text, a, &anchor_starts(text, a))?)),
        None => None,
    };
    // (An edit that sets the final newline may change only that.)
    if edit.final_newline.is_none() {
        decide::check_still_changes(&edit.old, &edit.new, &new)?;
    }
    let needle = Needle::new(edit.old.as_str(), new);
    let budget = Budget::new(text.as_str().len(), edit.old.len(), deadline);
    // A search that ran out of budget saw only some of the candidates: nothing is decided on it.
    let spent = || decide::too_complex(text, &needle, deadline);
    let mut before_anchor: Option<Vec<Candidate>> = None;
    let request = Request {
        text,
        index,
        edit,
        anchor,
        budget: &budget,
        spent: &spent,
    };
    if let Some(found) = request.run(&needle, cascade().iter().copied(), &mut before_anchor)? {
        return Ok(found);
    }
    // `old` decoded (read-tool prefixes stripped, escapes undone) and found by no equality
    // strategy may still carry a slip of memory besides: the decoded needle goes through the
    // looser strategies too, under the same rules as a plain `old`. (The decoded equality
    // matches were the decoding strategies' own, above.)
    let decoded = decoded_needle(text, &needle, &budget).and_then(|decoded| {
        // `new` is cleaned again against the decoded `old`: cleaned against the encoded one
        // (one line of `\n` escapes), its lines were paired with none of `old`'s (curly
        // quotes on a line it changes were kept). Unclear once decoded, it is not matched.
        let cleaned = artifacts::clean_new(text, decoded.old_text(), decoded.new_text(), options);
        let cleaned = cleaned.ok()?.into_owned();
        Some(Needle::new(decoded.old_text().to_string(), cleaned))
    });
    if let Some(decoded) = decoded {
        let looser = cascade()
            .iter()
            .copied()
            .skip_while(|s| s.id() != FIRST_AFTER_DECODING);
        if let Some(found) = request.run(&decoded, looser, &mut before_anchor)? {
            return Ok(found);
        }
    }
    Err(decide::not_found(
        text,
        &needle,
        anchor,
        before_anchor,
        &budget,
    ))
}

/// One edit's request, as every pass of the cascade over it sees it.
struct Request<'r, 'a> {
    text: &'r Text<'a>,
    index: usize,
    edit: &'r Edit,
    anchor: Option<(&'r str, usize)>,
    budget: &'r Budget,
    /// The refusal of a search that ran out of budget.
    spent: &'r dyn Fn() -> EditError,
}

impl Request<'_, '_> {
    /// Run `strategies` over `needle` in order: the replacements of the first that settles the
    /// edit, `None` when none does (candidates found only before the anchor are kept in
    /// `before_anchor` for the refusal).
    fn run(
        &self,
        needle: &Needle,
        strategies: impl IntoIterator<Item = &'static (dyn Strategy + Sync)>,
        before_anchor: &mut Option<Vec<Candidate>>,
    ) -> Result<Option<Vec<Match>>, EditError> {
        let (text, edit, budget) = (self.text, self.edit, self.budget);
        let cx = Context::new(text, needle, budget);
        for strategy in strategies {
            let candidates = strategy.candidates(&cx);
            if budget.exhausted() {
                return Err((self.spent)());
            }
            if candidates.is_empty() {
                continue;
            }
            let same_result =
                |a: &Candidate, b: &Candidate| same_result(text, needle, budget, a, b);
            let rules = Rules {
                replace_all: edit.replace_all,
                anchor: self.anchor.map(|(_, at)| at),
                near_line: edit.near_line,
                near_context: edit.near_context.as_deref(),
                grading: strategy.grading(),
                same_result: Some(SameResult(&same_result)),
            };
            let chosen = match decide::choose(text, strategy.id(), candidates, rules)? {
                Choice::Apply(chosen) => chosen,
                Choice::OnlyBeforeAnchor(before) => {
                    before_anchor.get_or_insert(before);
                    continue;
                }
                Choice::Pass => continue,
            };
            // (All or nothing: a `replace_all` over candidates a strategy stopped collecting
            // is refused as too complex, not applied to those found.)
            if edit.replace_all && cx.was_cut_short() {
                return Err((self.spent)());
            }
            let matched_with = chosen
                .first()
                .and_then(|c| c.fit.needle())
                .unwrap_or(needle);
            decide::check_chosen(text, strategy.id(), &chosen, matched_with, needle, budget)?;
            // (Owned: `chosen` is consumed below; the decoded edit is the one the check needs.)
            let decoded_edit = (
                matched_with.old_text().to_string(),
                matched_with.new_text().to_string(),
            );
            if budget.exhausted() {
                return Err((self.spent)());
            }
            // (Fitting is paid for before it starts: a million matches took 2.9 s.)
            let needle_bytes = needle.old_text().len() + needle.new_text().len();
            if !budget.charge_fits(chosen.len(), needle_bytes) {
                return Err((self.spent)());
            }
            // Sized once: collecting a million matches would grow the vector by doubling.
            let mut matches = Vec::with_capacity(chosen.len());
            for c in chosen {
                let mut c =
                    decide::check_cut_lines(text, strategy.id(), c, needle, edit.replace_all)?;
                let matched_with = c.fit.needle().unwrap_or(needle);
                c.span = decide::check_whole_words(
                    text,
                    strategy.id(),
                    &c,
                    matched_with,
                    edit.replace_all,
                )?;
                decide::check_whitespace_edit(text, strategy.id(), &c, matched_with)?;
                let replacement = fit::replacement(text, &c, needle)
                    .map_err(|m| decide::mismatch(text, strategy.id(), &c, matched_with, m))?;
                // (A replacement that changes nothing is refused as already applied below.)
                if replacement != text.as_str()[c.span.clone()] {
                    let id = strategy.id();
                    decide::check_changing(text, id, &c, matched_with, &edit.old, &replacement)?;
                }
                // (A final line break of `new` that keeps a blank line of `old`'s, merged.)
                let (c, replacement) = match fit::through_line_end(text, &c, needle)
                    .and_then(|t| Some((fit::replacement(text, &t, needle).ok()?, t)))
                {
                    Some((through, t)) => (t, through),
                    None => (c, replacement),
                };
                let replacement = end_text_as_asked(text, &c.span, replacement, edit.final_newline);
                matches.push(Match::new(self.index, strategy.id(), c, replacement));
            }
            decide::check_result(text, &matches, strategy.id(), needle, &decoded_edit)?;
            return Ok(Some(matches));
        }
        Ok(None)
    }
}

/// `edit` with its elision markers written behind the file's other comment leaders (`;; ...`,
/// `% ...`) read as markers (see [`crate::notation::markers_behind_leaders`]); `None` when it
/// has none.
fn markers_read(text: &Text, options: &Options, edit: &Edit) -> Option<Edit> {
    let read =
        |s: &str| crate::notation::markers_behind_leaders(text.as_str(), &options.conventions, s);
    let (old, new) = (read(&edit.old), read(&edit.new));
    if old.is_none() && new.is_none() {
        return None;
    }
    let mut e = edit.clone();
    if let Some(o) = old {
        e.old = o;
    }
    if let Some(n) = new {
        e.new = n;
    }
    Some(e)
}

/// The line of `written` (`new` as the model wrote it) that [`markers_read`] read as the
/// marker `read` (in `new` as read, line for line), if it rewrote one.
fn marker_as_written(written: &str, read: &str, marker: &str) -> Option<String> {
    written
        .split('\n')
        .zip(read.split('\n'))
        .find(|(w, r)| w != r && r.trim() == marker.trim())
        .map(|(w, _)| w.trim().to_string())
}

/// `edit` with what the model wrapped around both sides taken off (a byte-order mark, a fence, a
/// diff body's markers), and look-alike letters in `old` written as the Latin ones the file has.
fn unwrapped<'e>(text: &Text, edit: &'e Edit) -> std::borrow::Cow<'e, Edit> {
    let has_mark = text.as_str().starts_with('\u{feff}');
    let unmarked = artifacts::without_byte_order_mark(&edit.old, &edit.new, has_mark);
    let (old_text, new_text) = match &unmarked {
        Some((o, n)) => (o.as_str(), n.as_str()),
        None => (edit.old.as_str(), edit.new.as_str()),
    };
    let (mut old, mut new) = match artifacts::unwrap_both(text, old_text, new_text) {
        Some((o, n)) => (Some(o), Some(n)),
        None => unmarked.map_or((None, None), |(o, n)| (Some(o), Some(n))),
    };
    if let Some(latin) =
        artifacts::latin_letters(text.as_str(), old.as_deref().unwrap_or(&edit.old))
    {
        old = Some(latin);
    }
    if old.is_none() && new.is_none() {
        return std::borrow::Cow::Borrowed(edit);
    }
    let mut e = edit.clone();
    if let Some(o) = old {
        e.old = o;
    }
    if let Some(n) = new.take() {
        e.new = n;
    }
    std::borrow::Cow::Owned(e)
}

/// A replacement that reaches the end of the text, ending it with a line ending or without as
/// the caller said ([`Edit::final_newline`]).
fn end_text_as_asked(
    text: &Text,
    span: &std::ops::Range<usize>,
    mut replacement: String,
    final_newline: Option<bool>,
) -> String {
    let Some(wanted) = final_newline else {
        return replacement;
    };
    if span.end != text.as_str().len() || replacement.is_empty() {
        return replacement;
    }
    match (wanted, replacement.strip_suffix('\n')) {
        (true, None) => replacement.push_str(text.eol().as_str()),
        (false, Some(cut)) => {
            let cut = cut.strip_suffix('\r').unwrap_or(cut).len();
            replacement.truncate(cut);
        }
        _ => {}
    }
    replacement
}

/// Whether editing candidate `a` or `b` (spans of `text`) with `needle` leaves the same text:
/// both fit `new` without a mismatch, and the spliced results agree over both spans.
fn same_result(
    text: &Text,
    needle: &Needle,
    budget: &Budget,
    a: &Candidate,
    b: &Candidate,
) -> bool {
    if !budget.charge(4 * (a.span.len() + b.span.len())) {
        return false;
    }
    let (Ok(ra), Ok(rb)) = (
        fit::replacement(text, a, needle),
        fit::replacement(text, b, needle),
    ) else {
        return false;
    };
    let s = text.as_str();
    let lo = a.span.start.min(b.span.start);
    let hi = a.span.end.max(b.span.end);
    let around =
        |span: &std::ops::Range<usize>, r: &str| [&s[lo..span.start], r, &s[span.end..hi]].concat();
    around(&a.span, &ra) == around(&b.span, &rb)
}

/// Byte offsets where the anchor starts: every exact occurrence, or for a one-line anchor
/// that occurs nowhere exactly, the lines holding it loosely.
fn anchor_starts(text: &Text, anchor: &str) -> Vec<usize> {
    let spans = exact_spans(text, anchor);
    if !spans.is_empty() || anchor.contains('\n') {
        return spans.iter().map(|s| s.start).collect();
    }
    let key = normalize::loose_key(anchor);
    // One searcher for every line: building one costs as much as the anchor is long.
    let finder = memchr::memmem::Finder::new(key.as_bytes());
    (0..text.line_count())
        .filter(|&i| {
            let line = normalize::loose_key(text.line(i));
            finder.find(line.as_bytes()).is_some()
        })
        .map(|i| text.lines()[i].start)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn located(text: &str, edit: Edit) -> Result<Vec<Match>, EditError> {
        locate(&Text::new(text), 0, &edit, &Options::default())
    }

    #[test]
    fn the_strictest_strategy_that_finds_old_decides() {
        let m = located("a\n  b\nb\n", Edit::new("b", "c")).unwrap_err();
        // `b` occurs exactly twice (inside `  b` too): the exact strategy refuses, and the
        // looser ones, which would see the same two, are never asked.
        assert!(matches!(m, EditError::Ambiguous { ref strategy, .. } if strategy == "exact"));
        let m = located(
            "fn f() {\n\tx();\n}\n",
            Edit::new("fn f() {\n  x();\n}", "y"),
        )
        .unwrap();
        assert_eq!(m[0].strategy, StrategyId::Indentation);
    }

    #[test]
    fn an_empty_text_is_filled_by_an_empty_old() {
        let m = located("", Edit::new("", "hello\n")).unwrap();
        assert_eq!(
            (m[0].strategy, m[0].span.clone()),
            (StrategyId::EmptyFile, 0..0)
        );
        assert_eq!(m[0].replacement, "hello\n");
    }

    #[test]
    fn the_anchor_is_found_loosely_on_one_line() {
        let t = Text::new("fn a() {}\nfn  b() {}\n");
        assert_eq!(anchor_starts(&t, "fn b()"), [10]);
        assert_eq!(anchor_starts(&t, "fn"), [0, 10]);
    }

    #[test]
    fn found_only_before_the_anchor_says_so() {
        let e = located(
            "x = 1\nfn f() {}\n",
            Edit::new("x = 1", "x = 2").anchor("fn f"),
        )
        .unwrap_err();
        assert!(
            matches!(e, EditError::NotFoundAfterAnchor { anchor_line: 2, .. }),
            "{e:?}"
        );
    }

    #[test]
    fn a_miss_where_new_already_stands_is_already_applied() {
        let e = located("  a = 2\n", Edit::new("a = 1", "a = 2")).unwrap_err();
        assert!(matches!(e, EditError::AlreadyApplied { .. }), "{e:?}");
    }

    #[test]
    fn a_match_whose_replacement_changes_nothing_is_no_change() {
        // `new` differs from `old` only in line endings, which follow the file's.
        let e = located("a\r\nb\r\n", Edit::new("a\nb", "a\r\nb")).unwrap_err();
        assert_eq!(e.kind(), "no_change");
    }
}
