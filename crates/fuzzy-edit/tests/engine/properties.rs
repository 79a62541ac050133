//! Properties every result of the engine must have, checked on random inputs.
//!
//! (a) An applied edit changes nothing outside its reported spans: the output is the input with
//!     each span replaced by something, and the reported lines are the span's lines.
//! (b) An `old` that occurs exactly once, byte for byte, is applied exactly like
//!     `str::replacen(old, new, 1)` by the "exact" strategy when `new` keeps `old`'s line
//!     structure (LF texts; CRLF texts get `new` with CRLF endings, and `old` may be written
//!     with LF endings).
//! (c) Nothing panics, on arbitrary unicode, empty strings, lone `\r` or `\n`.
//! (d) `replace_all` with an exact `old` replaces every non-overlapping occurrence, like
//!     `str::replace` (again when `new` keeps `old`'s line structure).
//! (e) No line is joined or split at the edges of a span, whatever newlines `old` and `new`
//!     carry: a replacement of whole lines ends with a line ending, one inside a line does not.
//! (f) Nothing the model copies into `new` — read-tool line numbers, elision comments, curly
//!     quotes in code — lands on a line of the result unless the file already had it; with
//!     `old` and `new` perturbed independently. (Typographic punctuation in a comment is prose
//!     the model may mean: real commits add dashes and quotes there.)
//! (g) `old` copied `k` columns too deep and `new` written at any base of its own (flush left,
//!     deeper, at `old`'s depth or the file's): `new` keeps its lines' relative indentation and
//!     lands at the file's depth, each side's mistake undone.
//! (h) An `old` numbered by a read tool or written with `\n` escapes, with one slip of memory
//!     besides, goes through the looser strategies decoded: applied, it still changes nothing
//!     outside its span, joins or splits no line, and writes no line number.

use fuzzy_edit::{apply, apply_edits, Applied, Edit, Mode};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

use crate::generate::{
    any_eol, code_lines, decoded_slip_plan, derive, edit_plan, join, lf_new, lf_text, nasty, Eol,
};

const CASES: u32 = 256;

/// Moderate case counts keep `cargo test` fast; failures are not persisted to a file (a failing
/// case is printed, shrunk, with the inputs to reproduce it). The seed is fixed so a run is
/// reproducible (CI sees the inputs a developer saw); explore new inputs with
/// `PROPTEST_RNG_SEED=<n> cargo test -p fuzzy-edit --test engine properties`.
pub(crate) fn config() -> ProptestConfig {
    let mut config = ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0x5eed_f00d);
    }
    config
}

// ---------------------------------------------------------------------------------------------
// Checks.

/// 1-based line of byte `offset` of `text` (a line ending belongs to the line it ends).
fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// The output is the input with each reported span replaced by something, the spans are sound,
/// and the reported lines are the spans' lines.
fn check_outside_spans_unchanged(input: &str, out: &Applied) -> Result<(), TestCaseError> {
    prop_assert!(!out.sequential);
    let mut spans: Vec<_> = out
        .matches
        .iter()
        .map(|m| (m.span.clone(), m.start_line, m.end_line))
        .collect();
    spans.sort_by_key(|(s, _, _)| (s.start, s.end));
    prop_assert!(!spans.is_empty(), "an applied edit reports its matches");
    let mut prev = 0;
    for (s, start_line, end_line) in &spans {
        prop_assert!(
            prev <= s.start && s.start <= s.end && s.end <= input.len(),
            "span {s:?} out of order or bounds"
        );
        prop_assert!(input.is_char_boundary(s.start) && input.is_char_boundary(s.end));
        prop_assert!(start_line <= end_line);
        prop_assert_eq!(
            *start_line,
            line_at(input, s.start),
            "start line of {:?}",
            s
        );
        if s.end > s.start {
            // The last line of a line match may be empty, its line ending outside the span: the
            // span then ends where that line starts.
            let empty_last_line = *end_line == line_at(input, s.end)
                && (input[s.end..].starts_with('\n')
                    || input[s.end..].starts_with("\r\n")
                    || s.end == input.len());
            prop_assert!(
                *end_line == line_at(input, s.end - 1) || empty_last_line,
                "end line {} of {:?}",
                end_line,
                s
            );
        }
        prev = s.end;
    }
    // Every byte outside the spans appears, in order, with something in place of each span.
    let first = &input[..spans[0].0.start];
    prop_assert!(
        out.text.starts_with(first),
        "text before the first span changed"
    );
    let mut pos = first.len();
    for w in spans.windows(2) {
        let gap = &input[w[0].0.end..w[1].0.start];
        match out.text[pos..].find(gap) {
            Some(at) => pos += at + gap.len(),
            None => prop_assert!(false, "text between spans {:?} changed", gap),
        }
    }
    let tail = &input[spans[spans.len() - 1].0.end..];
    prop_assert!(
        out.text.len() >= pos + tail.len() && out.text.ends_with(tail),
        "text after the last span changed"
    );
    Ok(())
}

/// (e): every replacement of whole lines ends with a line ending (unless it deletes them, or
/// the span reaches the end of the text); a replacement inside a line adds none at its end.
/// For an `old` of code: an `old` of (numbered) blank lines or of escaped newlines says nothing
/// about where the model's lines begin and end.
fn check_line_structure(input: &str, edit: &Edit, out: &Applied) -> Result<(), TestCaseError> {
    let content = |l: &str| {
        let t = l.trim_start_matches(' ');
        let digits = t.bytes().take_while(u8::is_ascii_digit).count();
        match t[digits..].strip_prefix('\t') {
            Some(rest) if digits > 0 => rest.to_string(),
            _ => l.to_string(),
        }
    };
    if edit.old.lines().all(|l| content(l).trim().is_empty()) || edit.old.contains("\\n") {
        return Ok(());
    }
    for m in &out.matches {
        if m.span.is_empty() || m.replacement.trim().is_empty() || m.span.end == input.len() {
            continue;
        }
        // (A line of spaces emptied is no split: trailing blanks do not count.)
        let ends_line = |s: &str| {
            s.trim_end_matches(|c: char| c.is_whitespace() && c != '\n')
                .ends_with('\n')
        };
        let ends_a_line = ends_line(&input[..m.span.end]);
        // Dropping the line ending before a blank line deletes that line; it joins nothing.
        let next_blank = input[m.span.end..]
            .split('\n')
            .next()
            .unwrap_or("")
            .trim()
            .is_empty();
        if ends_a_line && next_blank && !ends_line(&m.replacement) {
            continue;
        }
        prop_assert_eq!(
            ends_line(&m.replacement),
            ends_a_line,
            "span {:?} {:?} replaced by {:?}",
            m.span,
            &input[m.span.clone()],
            &m.replacement
        );
    }
    Ok(())
}

/// Whether a line starts like the line numbers the generator copies into `old` and `new`
/// (`7\t`, `8\t`, ...: it numbers from 7, since `1\t` is one of its code tokens).
fn numbered(line: &str) -> bool {
    let t = line.trim_start_matches(' ');
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with('\t') && t[..digits].parse::<u64>().is_ok_and(|n| n >= 7)
}

/// Whether a line has the shape of a read-tool number, whatever the number: the engine may
/// strip it.
fn looks_numbered(line: &str) -> bool {
    let t = line.trim_start_matches(' ');
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with('\t')
}

/// (f): no line of the result that the input lacks carries an artifact the input lacks.
fn check_no_artifacts(input: &str, edit: &Edit, out: &Applied) -> Result<(), TestCaseError> {
    let had: std::collections::HashSet<&str> = input.lines().collect();
    let file_numbered = input.lines().any(looks_numbered);
    // (A file line `//  ...` is one the model may copy as `// ...`: the same modulo spaces.)
    let spaced = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    let file_elides = input.lines().any(|l| spaced(l) == "// ...");
    for line in out.text.lines().filter(|l| !had.contains(l)) {
        prop_assert!(
            !numbered(line) || file_numbered,
            "line number written: {line:?} (old {:?}, new {:?}, result {:?})",
            edit.old,
            edit.new,
            out.text
        );
        prop_assert!(
            line.trim() != "// ..." || file_elides,
            "elision written: {line:?} (old {:?}, new {:?}, result {:?})",
            edit.old,
            edit.new,
            out.text
        );
        let code = line.split(['#', '/']).next().unwrap_or(line);
        prop_assert!(
            !code.contains('\u{201C}') || input.contains('\u{201C}'),
            "curly quote written: {line:?}"
        );
    }
    Ok(())
}

/// Whether `new` keeps `old`'s line structure and carries nothing the engine cleans up, so a
/// literal replacement is what the model meant: same leading and trailing newlines (or
/// `new` blank), plain ASCII, and no continuation lines for a one-line `old` after other text.
fn plain_replacement(text: &str, at: usize, old: &str, new: &str) -> bool {
    let starts_blank = |s: &str| {
        s.split_inclusive('\n')
            .next()
            .is_some_and(|l| l.ends_with('\n') && l.trim().is_empty())
    };
    fn trail(s: &str) -> &str {
        let t = &s[s.trim_end().len()..];
        if t.contains('\n') {
            t
        } else {
            ""
        }
    }
    let same_edges = new.trim().is_empty()
        || (!starts_blank(old) && !starts_blank(new) && trail(old) == trail(new));
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..at];
    // A line edit, re-based onto the line's indentation: `old` starts inside the indentation,
    // or after it while `new` starts with its own.
    let under_indented = !before.is_empty()
        && before.bytes().all(|b| b == b' ' || b == b'\t')
        && (old.starts_with([' ', '\t']) || new.starts_with([' ', '\t']));
    let continued = !old.contains('\n') && new.contains('\n') && !before.is_empty();
    // (A `new` with literal `\n`: decoded when it stands for `old`'s lines, or, on one line,
    // where it follows the end of a statement outside strings; see `artifacts`.)
    let escaped = (old.contains('\n') || !new.contains('\n')) && new.contains("\\n");
    // (Trailing blanks on a line of `new` that is not one of `old`'s: dropped where the file's
    // lines do not commonly carry them.)
    let added_blanks = new
        .lines()
        .any(|l| l.ends_with([' ', '\t']) && !old.lines().any(|o| o == l));
    // (A `new` indented with tabs in a text with no line indented by one, or with spaces where
    // `old` indents with tabs: written in the file's characters; see `new_indent_chars`.)
    let indented_with =
        |s: &str, c: char| s.lines().any(|l| l.starts_with(c) && !l.trim().is_empty());
    let other_chars = (indented_with(new, '\t') && !indented_with(text, '\t'))
        || (indented_with(new, ' ') && indented_with(old, '\t'));
    same_edges
        && !escaped
        && !added_blanks
        && !other_chars
        && new.chars().all(|c| c.is_ascii() || c.is_alphanumeric())
        && !under_indented
        && !continued
        && !new.contains("...")
        && !new.lines().any(looks_numbered)
}

/// Whether the match of `old` at `at` starts or ends inside a word of `text` where `new` does
/// not keep `old`'s piece of it: outside `replace_all`, grown to the whole word or refused
/// (see `decide/words.rs`), not a literal replacement.
fn cuts_a_word(text: &str, at: usize, old: &str, new: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let piece_end = &old[old.trim_end_matches(word).len()..];
    let piece_start = &old[..old.len() - old.trim_start_matches(word).len()];
    (text[at + old.len()..].starts_with(word) && !piece_end.is_empty() && !new.ends_with(piece_end))
        || (text[..at].ends_with(word) && !piece_start.is_empty() && !new.starts_with(piece_start))
}

/// Whether `old` (at `at`) ends or starts inside a line of `text` whose rest `new` writes
/// again, or `new` adds lines beyond that cut line: a whole-line edit, not a splice (see
/// `decide/cut_lines.rs`).
fn repeats_a_cut_line(text: &str, at: usize, old: &str, new: &str) -> bool {
    let end = at + old.len();
    let tail = &text[end..text[end..].find('\n').map_or(text.len(), |i| end + i)];
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let head = &text[line_start..at];
    let (old_lines, new_lines): (Vec<&str>, Vec<&str>) =
        (old.split('\n').collect(), new.split('\n').collect());
    let more = new_lines.len() > old_lines.len();
    let (old_last, new_last) = (
        old_lines[old_lines.len() - 1],
        new_lines[new_lines.len() - 1],
    );
    let cut_end = !tail.is_empty()
        && !tail.trim().is_empty()
        && !old.ends_with('\n')
        && old_last != new_last
        && (new_last.ends_with(tail)
            || (more
                && new_lines[..new_lines.len() - 1]
                    .iter()
                    .any(|l| *l == old_last || *l == format!("{old_last}{tail}"))));
    let (old_first, new_first) = (old_lines[0], new_lines[0]);
    let cut_start = !head.trim().is_empty()
        && old_first != new_first
        && (new_first.starts_with(head.trim_start())
            || (more && new_lines[1..].contains(&old_first)));
    cut_end || cut_start
}

/// `new` with `old`'s leading blank lines and trailing line endings in place of its own (when
/// `new` is not blank): the line structure (b) and (d) hold for.
fn keep_structure(old: &str, new: &str) -> String {
    if new.trim().is_empty() {
        return new.to_string();
    }
    let lead_len = old.len() - old.trim_start().len();
    let lead = &old[..old[..lead_len].rfind('\n').map_or(0, |i| i + 1)];
    let tail = &old[old.trim_end().len()..];
    let tail = tail.find('\n').map_or("", |i| &tail[i..]);
    let core = new.trim_start_matches(|c: char| c.is_whitespace() && c != ' ' && c != '\t');
    let core = core.trim_end_matches(['\n', '\r']);
    format!("{lead}{core}{tail}")
}

/// Byte offsets where `needle` starts in `hay`, overlapping occurrences included.
fn occurrences(hay: &str, needle: &str) -> Vec<usize> {
    (0..hay.len())
        .filter(|&i| hay.is_char_boundary(i) && hay[i..].starts_with(needle))
        .collect()
}

/// A substring of `text` between two char indices (clamped and ordered).
fn substring(text: &str, a: prop::sample::Index, b: prop::sample::Index) -> &str {
    let bounds: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect();
    let (x, y) = (a.index(bounds.len()), b.index(bounds.len()));
    &text[bounds[x.min(y)]..bounds[x.max(y)]]
}

/// A Python-like file indented by `unit`: `levels` nested `class` headers, then `n` methods at
/// their depth, each with a nested block; every name unique, so a block of it occurs once.
fn py_methods(levels: usize, unit: &str, n: usize) -> Vec<String> {
    let pad = |k: usize| unit.repeat(k);
    let mut lines: Vec<String> = (0..levels)
        .map(|l| format!("{}class Level{l}:", pad(l)))
        .collect();
    for i in 0..n {
        lines.push(format!("{}def step_{i}(self, x):", pad(levels)));
        lines.push(format!("{}total_{i} = x * {i}", pad(levels + 1)));
        lines.push(format!("{}if total_{i} > {i}:", pad(levels + 1)));
        lines.push(format!("{}total_{i} -= {i}", pad(levels + 2)));
        lines.push(format!("{}return total_{i}", pad(levels + 1)));
        lines.push(String::new());
    }
    lines
}

/// `lines`, which start with `from` (blank lines aside), starting with `to` instead.
fn rebased(lines: &[String], from: &str, to: &str) -> Vec<String> {
    lines
        .iter()
        .map(|l| match l.strip_prefix(from) {
            Some(rest) if !l.trim().is_empty() => format!("{to}{rest}"),
            _ => l.clone(),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Properties.

proptest! {
    #![proptest_config(config())]

    // (a) An applied edit (random, or a perturbed copy of a slice of the text) changes nothing
    // outside its reported spans, and reports the spans' lines.
    #[test]
    fn applied_edit_changes_nothing_outside_its_spans(
        lines in code_lines(),
        eol in any_eol(),
        final_newline in any::<bool>(),
        plan in edit_plan(),
    ) {
        let text = join(&lines, eol, final_newline);
        let edit = derive(&text, &plan);
        if let Ok(out) = apply(&text, &edit) {
            check_outside_spans_unchanged(&text, &out)?;
            check_line_structure(&text, &edit, &out)?;
            check_no_artifacts(&text, &edit, &out)?;
            prop_assert!(out.failures.is_empty());
            prop_assert!(out.matches.iter().all(|m| m.edit == 0));
        }
    }

    // (h) A decoded `old` with a slip: refused, or applied within its span only.
    #[test]
    fn decoded_old_with_a_slip_changes_nothing_outside_its_span(
        lines in code_lines(),
        final_newline in any::<bool>(),
        plan in decoded_slip_plan(),
    ) {
        let text = join(&lines, Eol::Lf, final_newline);
        let edit = derive(&text, &plan);
        if let Ok(out) = apply(&text, &edit) {
            check_outside_spans_unchanged(&text, &out)?;
            check_line_structure(&text, &edit, &out)?;
            check_no_artifacts(&text, &edit, &out)?;
        }
    }

    // (a) for several edits at once: when they are located in the original text (not applied
    // one after another), the same holds for all their spans together.
    #[test]
    fn applied_edit_list_changes_nothing_outside_its_spans(
        lines in code_lines(),
        eol in any_eol(),
        final_newline in any::<bool>(),
        plans in prop::collection::vec(edit_plan(), 1..4),
        partial in any::<bool>(),
    ) {
        let text = join(&lines, eol, final_newline);
        let edits: Vec<Edit> = plans.iter().map(|p| derive(&text, p)).collect();
        let mode = if partial { Mode::Partial } else { Mode::Atomic };
        if let Ok(out) = apply_edits(&text, &edits, mode) {
            if !out.sequential && !out.matches.is_empty() {
                check_outside_spans_unchanged(&text, &out)?;
            }
            if mode == Mode::Atomic {
                prop_assert!(out.failures.is_empty());
            }
        }
    }

    // (b) An old that occurs exactly once is applied exactly, by the exact strategy (LF text).
    #[test]
    fn unique_exact_old_applies_like_replacen(
        text in lf_text(),
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
        new in lf_new(),
    ) {
        let old = substring(&text, a, b);
        let new = keep_structure(old, &new);
        prop_assume!(!old.is_empty() && new != old);
        let at = occurrences(&text, old);
        prop_assume!(at.len() == 1 && plain_replacement(&text, at[0], old, &new) && !cuts_a_word(&text, at[0], old, &new) && !repeats_a_cut_line(&text, at[0], old, &new));
        let out = apply(&text, &Edit::new(old, new.clone()));
        prop_assert!(out.is_ok(), "refused: {:?}", out.err().map(|e| e.to_string()));
        let out = out.unwrap();
        prop_assert_eq!(&out.text, &text.replacen(old, &new, 1));
        prop_assert_eq!(out.matches.len(), 1);
        prop_assert_eq!(out.matches[0].strategy, "exact");
        prop_assert_eq!(out.matches[0].span.clone(), at[0]..at[0] + old.len());
        prop_assert_eq!(out.matches[0].start_line, line_at(&text, at[0]));
    }

    // (b) for CRLF text: an old occurring once (not splitting a CRLF) is applied exactly, with
    // new's line endings converted to CRLF; old written with LF endings finds the same place.
    #[test]
    fn unique_exact_old_in_crlf_text_applies_with_crlf_new(
        lines in prop::collection::vec("[ab \t{}()é=;]{0,12}", 2..10),
        final_newline in any::<bool>(),
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
        new in "[ab \n\t{}()é=;$]{0,30}",
        lf_old in any::<bool>(),
    ) {
        let text = join(&lines, Eol::CrLf, final_newline);
        let old = substring(&text, a, b);
        prop_assume!(!old.is_empty() && !old.starts_with('\n') && !old.ends_with('\r'));
        let new = keep_structure(&old.replace("\r\n", "\n"), &new);
        let at = occurrences(&text, old);
        let lf_text = text.replace("\r\n", "\n");
        let lf_at = lf_text.find(&old.replace("\r\n", "\n")).unwrap_or(0);
        prop_assume!(at.len() == 1 && plain_replacement(&lf_text, lf_at, &old.replace("\r\n", "\n"), &new) && !cuts_a_word(&lf_text, lf_at, &old.replace("\r\n", "\n"), &new) && !repeats_a_cut_line(&lf_text, lf_at, &old.replace("\r\n", "\n"), &new));
        let new_crlf = new.replace('\n', "\r\n");
        prop_assume!(new_crlf != old);
        let sent_old = if lf_old { old.replace("\r\n", "\n") } else { old.to_string() };
        prop_assume!(sent_old != new);
        let out = apply(&text, &Edit::new(sent_old, new.clone()));
        prop_assert!(out.is_ok(), "refused: {:?}", out.err().map(|e| e.to_string()));
        let out = out.unwrap();
        prop_assert_eq!(&out.text, &text.replacen(old, &new_crlf, 1));
        prop_assert_eq!(out.matches[0].strategy, "exact");
    }

    // (c) apply and apply_edits never panic, whatever the input; successes keep (a).
    #[test]
    fn apply_never_panics(
        text in nasty(),
        old in nasty(),
        new in nasty(),
        anchor in prop::option::of(nasty()),
        replace_all in any::<bool>(),
        more in prop::collection::vec((nasty(), nasty(), any::<bool>()), 0..3),
        partial in any::<bool>(),
    ) {
        let mut edit = Edit::new(old, new).replace_all(replace_all);
        if let Some(a) = anchor {
            edit = edit.anchor(a);
        }
        match apply(&text, &edit) {
            Ok(out) => check_outside_spans_unchanged(&text, &out)?,
            Err(e) => {
                let _ = (e.to_string(), e.locations(), e.kind());
            }
        }
        let mut edits = vec![edit];
        edits.extend(more.into_iter().map(|(o, n, all)| Edit::new(o, n).replace_all(all)));
        let mode = if partial { Mode::Partial } else { Mode::Atomic };
        match apply_edits(&text, &edits, mode) {
            Ok(out) if !out.sequential && !out.matches.is_empty() => {
                check_outside_spans_unchanged(&text, &out)?
            }
            Ok(_) => {}
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }

    // (d) replace_all with an old occurring exactly replaces every non-overlapping occurrence,
    // left to right, like str::replace.
    #[test]
    fn replace_all_exact_is_str_replace(
        text in lf_text(),
        a in any::<prop::sample::Index>(),
        b in any::<prop::sample::Index>(),
        new in lf_new(),
    ) {
        let old = substring(&text, a, b);
        let new = keep_structure(old, &new);
        prop_assume!(!old.is_empty() && new != old);
        prop_assume!(occurrences(&text, old).iter().all(|&at| plain_replacement(&text, at, old, &new)));
        let out = apply(&text, &Edit::new(old, new.clone()).replace_all(true));
        prop_assert!(out.is_ok(), "refused: {:?}", out.err().map(|e| e.to_string()));
        let out = out.unwrap();
        prop_assert_eq!(&out.text, &text.replace(old, &new));
        prop_assert_eq!(out.matches.len(), text.matches(old).count());
        prop_assert!(out.matches.iter().all(|m| m.strategy == "exact"));
    }

    // (g) `old` too deep by `k` columns, `new` at a base of its own: `new`'s lines keep their
    // relative depths and land at the file's depth.
    #[test]
    fn new_at_a_base_of_its_own_lands_at_the_files_depth(
        levels in 0usize..3,
        unit in prop::sample::select(vec!["  ", "    ", "\t"]),
        first in 0usize..3,
        count in 1usize..3,
        changed in 1usize..4,
        k in 1usize..5,
        base in 0usize..13,
    ) {
        let lines = py_methods(levels, unit, 4);
        let start = levels + 6 * first;
        // Whole methods, without the blank line after the last.
        let block = &lines[start..start + 6 * count - 1];
        let depth = unit.repeat(levels);
        // `k` spaces before each line, as a model that indents a copied block writes them.
        let old = rebased(block, "", &" ".repeat(k));
        let mut want = block.to_vec();
        want[changed].push_str(" + 1");
        let own = if unit == "\t" { "\t".repeat(base % 4) } else { " ".repeat(base) };
        let new = rebased(&want, &depth, &own);
        let text = lines.join("\n") + "\n";
        let expected = text.replacen(&block.join("\n"), &want.join("\n"), 1);
        let out = apply(&text, &Edit::new(old.join("\n"), new.join("\n")));
        prop_assert!(out.is_ok(), "refused: {:?}", out.err().map(|e| e.to_string()));
        prop_assert_eq!(out.unwrap().text, expected);
    }
}

// (d) with a small alphabet so that occurrences repeat and overlap ("aaa" in "aaaaa").
proptest! {
    #![proptest_config(config())]

    #[test]
    fn replace_all_exact_handles_overlapping_occurrences(
        text in "[ab\n]{1,30}",
        old in "[ab]{1,3}",
        new in "[abc\n]{0,4}",
    ) {
        prop_assume!(new != old && text.contains(old.as_str()));
        prop_assume!(occurrences(&text, &old).iter().all(|&at| plain_replacement(&text, at, &old, &new)));
        let out = apply(&text, &Edit::new(old.clone(), new.clone()).replace_all(true));
        prop_assert!(out.is_ok(), "refused: {:?}", out.err().map(|e| e.to_string()));
        prop_assert_eq!(out.unwrap().text, text.replace(old.as_str(), &new));
    }
}
