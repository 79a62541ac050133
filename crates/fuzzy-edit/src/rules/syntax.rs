//! Rule 6 of [`super`]: the result. An edit that adds a parse error the text did not have is
//! refused or warned about, as the [`SyntaxPolicy`](crate::SyntaxPolicy) says, and refused
//! only when the engine's matching may be to blame.

use std::borrow::Cow;

use crate::applied::{Applied, Match};
use crate::candidate::StrategyId;
use crate::edit::{Edit, Options};
use crate::error::EditError;
use crate::normalize;
use crate::text::Text;
use crate::thresholds::SYNTAX_MAX_BYTES;

mod elision;

/// Rule 6: parse the text before and after; an edit that adds a syntax error is refused when
/// the policy refuses it for this kind of match (fuzzy under the default policy), else the
/// problem becomes a warning on the result. No language, `Off`, or a text over
/// [`SYNTAX_MAX_BYTES`]: not checked.
///
/// A fuzzy match is refused only when the error is the engine's doing: when the model's own
/// change, written in place as it wrote it ([`breaks_as_written`]), adds a parse error too,
/// the result is what the model asked for (one step of a change in several, or a construct
/// the grammar does not know) and, as after an exact match, it is applied with a warning.
/// (Measured on the accuracy benchmark with `--syntax`: refusing those after a match by
/// similarity turned 44 exactly right results into refusals, and no wrong one.)
pub(crate) fn check_syntax(
    before: &str,
    edits: &[Edit],
    applied: &mut Applied,
    options: &Options,
) -> Result<(), EditError> {
    let Some(language) = options.language else {
        return Ok(());
    };
    if !options.syntax.checks() || before.len().max(applied.text.len()) > SYNTAX_MAX_BYTES {
        return Ok(());
    }
    let Some(problem) = crate::syntax::added_error(language, before, &applied.text) else {
        return Ok(());
    };
    let is_exact = |m: &Match| matches!(m.strategy, StrategyId::Exact | StrategyId::EmptyFile);
    let fuzzy: Vec<&Match> = applied.matches.iter().filter(|m| !is_exact(m)).collect();
    // What the engine cleaned out of `new` (prefixes, escapes, markers, quotes) must not be
    // what breaks the text: where the model's `new` written literally parses, it is refused.
    // (One match per edit: each check writes and parses the whole text, and every match of
    // an edit got the same cleaned `new`.)
    let mut checked = vec![false; edits.len()];
    let cleaning_broke = !applied.sequential
        && applied.matches.iter().any(|m| {
            !std::mem::replace(&mut checked[m.edit], true)
                && cleaning_breaks(language, before, &edits[m.edit], m)
        });
    let as_asked = !cleaning_broke
        && (fuzzy.is_empty()
            || (!applied.sequential
                && fuzzy
                    .iter()
                    .any(|m| breaks_as_written(language, before, &edits[m.edit], m))));
    if options.syntax.refuses(as_asked) {
        return Err(EditError::Syntax { problem });
    }
    applied.warnings.push(problem);
    Ok(())
}

/// Whether the model's change itself adds a parse error: its (cleaned) `new` written in place
/// of the matched span without the engine's fitting, both as written and shifted by the
/// indentation `old` was off by. When both break the text, the model asked for a text that
/// does not parse; when either parses, the engine's fit is to blame for the error.
fn breaks_as_written(
    language: crate::syntax::Language,
    before: &str,
    edit: &Edit,
    m: &Match,
) -> bool {
    let options = crate::Options {
        language: Some(language),
        ..crate::Options::default()
    };
    let text = Text::new(before);
    let Ok(new) = crate::artifacts::clean_new(&text, &edit.old, &edit.new, &options) else {
        return false;
    };
    // Escapes undone in `old` are undone in `new` by the match itself, not by the cleaning:
    // by the escapes strategy, or by a looser one that matched the decoded `old` (see
    // `crate::pipeline`).
    let decoded = m.strategy == StrategyId::Escapes || crate::strategy::after_decoding(m.strategy);
    let new = match normalize::unescape(&edit.old) {
        Some(_) if decoded => normalize::unescape_code(&new, None)
            .map(Cow::Owned)
            .unwrap_or(new),
        _ => new,
    };
    let span = &before[m.span.clone()];
    let core = span.trim_start_matches(['\r', '\n']);
    let lead = &span[..span.len() - core.len()];
    let trail = &core[core.trim_end_matches(['\r', '\n']).len()..];
    let head = &before[..m.span.start];
    let tail = &before[m.span.end..];
    // Markers on both sides: the span without the lines `old`'s markers elide, against `new`
    // without its markers (see `elision`).
    let span_lines: Vec<&str> = core[..core.len() - trail.len()].lines().collect();
    let elided = (m.strategy == StrategyId::Elision)
        .then(|| elision::as_asked(&text, &span_lines, &edit.old, &new))
        .flatten();
    let (base, new) = match elided {
        Some(elision::AsAsked::Resolved(new)) => (Cow::Borrowed(before), Cow::Owned(new)),
        // (Unless the span without its elided lines does not parse: then no error can be
        // told added, and `new` is written with its markers as before.)
        Some(elision::AsAsked::Condensed(kept, condensed)) => {
            let base = format!("{head}{lead}{}{trail}{tail}", kept.join("\n"));
            if crate::syntax::added_error(language, before, &base).is_some() {
                (Cow::Borrowed(before), new)
            } else {
                (Cow::Owned(base), Cow::Owned(condensed))
            }
        }
        None => (Cow::Borrowed(before), new),
    };
    let breaks = |body: &str| {
        let body = body.trim_matches(['\r', '\n']);
        let written = format!("{head}{lead}{body}{trail}{tail}");
        crate::syntax::added_error(language, &base, &written).is_some()
    };
    let indent_of = |s: &str| {
        let line = s.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        line[..line.len() - line.trim_start().len()].to_string()
    };
    let at_line_start = m.span.start == 0 || before[..m.span.start].ends_with('\n');
    let (file_indent, old_indent) = (indent_of(core), indent_of(&edit.old));
    if !breaks(&new) {
        return false;
    }
    if !at_line_start || file_indent == old_indent {
        return true;
    }
    let shifted: Vec<String> = new
        .split('\n')
        .map(|l| match l.strip_prefix(old_indent.as_str()) {
            Some(rest) if !l.trim().is_empty() => format!("{file_indent}{rest}"),
            _ => l.to_string(),
        })
        .collect();
    breaks(&shifted.join("\n"))
}

/// Whether the engine's cleaning of `new` is what breaks the text: `new` was cleaned, and
/// written literally in place of the matched span it adds no parse error.
fn cleaning_breaks(
    language: crate::syntax::Language,
    before: &str,
    edit: &Edit,
    m: &Match,
) -> bool {
    if m.replacement == edit.new || edit.new.is_empty() {
        return false;
    }
    let options = crate::Options {
        language: Some(language),
        ..crate::Options::default()
    };
    let cleaned = crate::artifacts::clean_new(&Text::new(before), &edit.old, &edit.new, &options);
    if cleaned.as_deref().is_ok_and(|c| c == edit.new) {
        return false;
    }
    let written = format!(
        "{}{}{}",
        &before[..m.span.start],
        edit.new,
        &before[m.span.end..]
    );
    crate::syntax::added_error(language, before, &written).is_none()
}

#[cfg(all(test, feature = "syntax"))]
mod tests {
    use super::*;

    #[test]
    fn a_broken_result_is_blamed_on_the_fit_when_the_model_change_parses() {
        use crate::syntax::Language;
        let before = "def f(x):\n    if x:\n        return 1\n    return 0\n";
        let edits = [Edit::new("if x:\n  return 1", "if x:\n  return 2")];
        let span = 10..37;
        assert_eq!(&before[span.clone()], "    if x:\n        return 1\n");
        // A fit that indented the body less than its `if`: the engine's fault.
        let replacement = "    if x:\n   return 2\n".to_string();
        let text = format!(
            "{}{replacement}{}",
            &before[..span.start],
            &before[span.end..]
        );
        let found = Match::placed(0, StrategyId::Indentation, 1..3, span, replacement);
        let applied = |text: String| Applied {
            text,
            matches: vec![found.clone()],
            failures: Vec::new(),
            sequential: false,
            warnings: Vec::new(),
            followed: Vec::new(),
        };
        let options = Options {
            language: Some(Language::Python),
            ..Options::default()
        };
        let err = check_syntax(before, &edits, &mut applied(text), &options).unwrap_err();
        assert_eq!(err.kind(), "syntax");
        // The model's own change shifted to the file's depth parses; written as the model
        // wrote it (at column 0) it does not: both must break to excuse the result.
        let m = &applied(String::new()).matches[0];
        assert!(!breaks_as_written(Language::Python, before, &edits[0], m));
        let broken = [Edit::new("if x:\n  return 1", "if x:\n  return (2")];
        assert!(breaks_as_written(Language::Python, before, &broken[0], m));
    }
}
