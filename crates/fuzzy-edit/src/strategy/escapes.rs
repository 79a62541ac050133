//! **Escapes**: `old` written with literal `\n`, `\t`, `\"`, `\'`, `\\` escapes, or the file
//! written with escapes the model decoded (`\n` in a string literal here, `\u2013` in
//! [`super::char_escapes`]).
//!
//! Weaker models encode a string twice, so `old` arrives as one line full of `\n` sequences
//! where the file has real newlines (9% of real failed replace calls). The escapes are undone
//! and the result matched by the equality strategies. `new`, written the same way, is undone
//! the same way. HTML entities (`&lt;` for `<`) are escapes too: see [`super::html_entities`].
//! Undone and found by no equality strategy (a line misremembered besides), `old` goes on
//! through the looser strategies (see `crate::pipeline`).
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "def f():\n    return \"a\"\n";
//! let out = apply(file, &Edit::new(r#"def f():\n    return \"a\""#, r#"def f():\n    return \"b\""#)).unwrap();
//! assert_eq!(out.text, "def f():\n    return \"b\"\n");
//! assert_eq!(out.matches[0].strategy, "escapes");
//! ```

use super::{char_escapes, equality_cascade, Context, Strategy};
use crate::artifacts::{decode_escaped_new, resolve_elisions};
use crate::candidate::{Candidate, StrategyId};
use crate::needle::Needle;
use crate::normalize::unescape;
use crate::text::exact_spans;

/// See the module docs.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Escapes;

impl Strategy for Escapes {
    fn id(&self) -> StrategyId {
        StrategyId::Escapes
    }

    fn candidates(&self, cx: &Context<'_>) -> Vec<Candidate> {
        if unescape(cx.needle.old_text()).is_none() {
            let found = escaped_in_file(cx);
            if !found.is_empty() {
                return found;
            }
            let found = char_escapes::candidates(cx);
            if !found.is_empty() {
                return found;
            }
            let found = super::html_entities::candidates(cx);
            if !found.is_empty() {
                return found;
            }
            return super::entities_in_file::candidates(cx);
        }
        let found = match decoded(cx) {
            Some(needle) => equality_cascade(cx.text, needle, cx.budget),
            None => Vec::new(),
        };
        // (A JSON string's `\"` is the file's text, its entities the model decoded.)
        if found.is_empty() {
            return super::entities_in_file::candidates(cx);
        }
        found
    }
}

/// The request with the escapes of `old` undone, and those of `new` written the same way;
/// `None` when `old` has none, or an elision comment the decoded `new` alone holds is unclear.
pub(super) fn decoded(cx: &Context<'_>) -> Option<Needle<'static>> {
    let old = unescape(cx.needle.old_text())?;
    // `new` was written the same way as `old`: undo its escapes too.
    let new = cx.needle.new_text();
    // (A `\$` before an amount is the author's, unless `old`'s amounts were escaped too.)
    let guarded = (!has_amount(&old, "$"))
        .then(|| guard_amounts(new))
        .flatten();
    let new = guarded.as_deref().unwrap_or(new);
    // (Whether `new` was escaped is judged on `new`, not on `old`.)
    let decoded = decode_escaped_new(cx.text, cx.needle.old_text(), new);
    let new = kept_lines_as_old(cx.needle.old_text(), &old, new, decoded);
    let new = breaks_as_old(&old, new);
    let mut new = dollars_as_old(cx.text.as_str(), cx.needle.old_text(), &old, new);
    if guarded.is_some() {
        new = new.replace(AMOUNT_GUARD, "\\$");
    }
    // An elision comment the decoded `new` alone holds stands for the lines of `old` it
    // covers, as in any `new`; where that is unclear, nothing is matched here.
    let new = match resolve_elisions(cx.text, &old, &new) {
        Ok(resolved) => resolved.unwrap_or(new),
        Err(_) => return None,
    };
    Some(Needle::owned(old, new))
}

/// `decoded` (`new` with its escapes undone) with each line that `new` writes exactly as a line
/// of `old` (`raw_old`) taken from `old` decoded: the model kept that line, and its escapes
/// (`\$` in a shell line) are undone as `old`'s were, whatever the decoding of code leaves.
/// Only where decoding kept the lines of both one for one. (Attack benchmark, seeds 1-3:
/// shell_dollar_both wrong 9 -> 6.)
fn kept_lines_as_old(raw_old: &str, old: &str, new: &str, decoded: String) -> String {
    let (raw_old, old_lines): (Vec<&str>, Vec<&str>) =
        (raw_old.split('\n').collect(), old.split('\n').collect());
    let (new_lines, mut out): (Vec<&str>, Vec<&str>) =
        (new.split('\n').collect(), decoded.split('\n').collect());
    if raw_old.len() != old_lines.len() || new_lines.len() != out.len() {
        return decoded;
    }
    let mut changed = false;
    for (j, line) in new_lines.iter().enumerate() {
        if let Some(i) = raw_old.iter().position(|o| o == line) {
            changed |= out[j] != old_lines[i];
            out[j] = old_lines[i];
        }
    }
    if changed {
        out.join("\n")
    } else {
        decoded
    }
}

/// `new` (decoded) with each line that keeps `\n` escapes inside a string literal split there,
/// where the literal opens on a line of `old` (decoded) and goes on with a later line of it:
/// `old`'s same escapes were line breaks of the file (a C# verbatim `@"..."` literal spans
/// lines), and `new` edits that literal, keeping, dropping or adding its lines. (Attack set: 3
/// cases applied with the breaks written as `\n` now exact, nothing else moved; held-out cases
/// and the gate unchanged. A literal `new` adds stays as written.)
fn breaks_as_old(old: &str, new: String) -> String {
    if !new.contains("\\n") {
        return new;
    }
    let old_lines: Vec<&str> = old.split('\n').collect();
    // Where `old`'s own lines hold `\n` as written, the file's text has it (a Windows path, a
    // JSON string or a `LIKE '%\n%'` inside the literal): which of `new`'s is a break is a guess.
    if old_lines.iter().any(|l| l.contains("\\n")) {
        return new;
    }
    let in_old = |pieces: &[&str]| {
        let opening = pieces[0];
        let Some(first) = old_lines
            .iter()
            .position(|l| !opening.trim().is_empty() && *l == opening)
        else {
            return false;
        };
        pieces[1..]
            .iter()
            .any(|p| !p.trim().is_empty() && old_lines[first + 1..].contains(p))
    };
    let mut changed = false;
    let lines: Vec<String> = new
        .split('\n')
        .map(|line| {
            let pieces: Vec<&str> = line.split("\\n").collect();
            if pieces.len() > 1 && in_old(&pieces) {
                changed = true;
                pieces.join("\n")
            } else {
                line.to_string()
            }
        })
        .collect();
    if changed {
        lines.join("\n")
    } else {
        new
    }
}

/// `new` with every `\$` written `$`, where `old` escaped each of its `$` so (a shell or
/// Makefile line quoted for a shell: `\$(MAKE)`, `\$\${VAR}`), its decoding undid them all,
/// and the file holds no `\$`: the lines `new` changes were escaped the same way, also inside
/// the quotes where decoding code keeps an escape. (Attack benchmark, seeds 1-3:
/// shell_dollar_both wrong 6 -> 0.) A `\$` before an amount (`\$100`, `\$5.00`) stays: no
/// shell reads `$100` as anything but `${1}00`, so the escape is the author's literal dollar.
/// (100 generated shell/Make/Docker edits adding `echo "Total: \$100"`, fe-m10 ->
/// fe-newleft-6: 0 -> 98 exact; attack shell_dollar_* unchanged.)
fn dollars_as_old(file: &str, raw_old: &str, old: &str, new: String) -> String {
    if !(raw_old.contains("\\$") && !old.contains("\\$") && !file.contains("\\$")) {
        return new;
    }
    let mut out = String::with_capacity(new.len());
    let mut rest = new.as_str();
    while let Some(i) = rest.find("\\$") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        if !before_an_amount(after) {
            out.push('$');
        } else {
            out.push_str("\\$");
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Stands for a `\$` before an amount while `new` is decoded: a private-use character.
const AMOUNT_GUARD: char = '\u{E000}';

/// `new` with each `\$` before an amount written [`AMOUNT_GUARD`], so that no decoding takes
/// its escape; `None` when it has none (or holds the guard character itself).
fn guard_amounts(new: &str) -> Option<String> {
    if new.contains(AMOUNT_GUARD) || !has_amount(new, "\\$") {
        return None;
    }
    let mut out = String::with_capacity(new.len());
    let mut rest = new;
    while let Some(i) = rest.find("\\$") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        if before_an_amount(after) {
            out.push(AMOUNT_GUARD);
        } else {
            out.push_str("\\$");
        }
        rest = after;
    }
    out.push_str(rest);
    Some(out)
}

/// Whether `s` holds `dollar` (`$` or `\$`) before an amount.
fn has_amount(s: &str, dollar: &str) -> bool {
    s.match_indices(dollar)
        .any(|(i, d)| before_an_amount(&s[i + d.len()..]))
}

/// Whether `s` (what follows a `$`) is an amount of money, not a parameter: two digits or
/// more (`$10` would be `${1}0`), or a digit then a decimal or thousands separator and a
/// digit (`$5.00`, `$1,000`).
fn before_an_amount(s: &str) -> bool {
    let b = s.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    digit(0) && (digit(1) || (matches!(b.get(1), Some(b'.' | b',')) && digit(2)))
}

/// The other direction: the file holds `\n` escapes inside a string literal and the model,
/// decoding once too often, wrote real newlines there. Only an exact match of `old` with its
/// newlines escaped counts, and `new` is escaped the same way.
fn escaped_in_file(cx: &Context<'_>) -> Vec<Candidate> {
    let old = cx.needle.old_text();
    if !old.contains('\n') {
        return Vec::new();
    }
    let escaped = old.replace('\n', "\\n");
    if exact_spans(cx.text, &escaped).is_empty() {
        return Vec::new();
    }
    let new = cx.needle.new_text();
    // Only an edit within the string: a `new` with more lines than `old` adds code, which must
    // not be glued into the string literal.
    if new.matches('\n').count() != old.matches('\n').count() {
        return Vec::new();
    }
    let new = new.replace('\n', "\\n");
    equality_cascade(cx.text, Needle::owned(escaped, new), cx.budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_line_loses_the_dollar_escapes_old_had_everywhere() {
        let raw_old = "\t@echo \"\\$(MAKE) test\"";
        let old = "\t@echo \"$(MAKE) test\"";
        let new = "\t@echo \"\\$(MAKE) check\"".to_string();
        let file = "all:\n\t@echo \"$(MAKE) test\"\n";
        assert_eq!(
            dollars_as_old(file, raw_old, old, new.clone()),
            "\t@echo \"$(MAKE) check\""
        );
        // A file that writes `\$` itself keeps the model's.
        let file = "all:\n\t@echo \"$(MAKE) test\" \\$HOME\n";
        assert_eq!(dollars_as_old(file, raw_old, old, new.clone()), new);
    }

    #[test]
    fn a_break_old_decoded_inside_a_literal_is_decoded_in_new() {
        let old = "{\n  s = @\"a\n  b\";\n  f(s);\n}";
        let new = "{\n  s = @\"a\\n  b\";\n  g(s);\n}".to_string();
        assert_eq!(breaks_as_old(old, new), "{\n  s = @\"a\n  b\";\n  g(s);\n}");
        // Lines dropped from the literal, or added to it.
        let new = "{\n  s = @\"a\\n  c\\n  b\";\n}".to_string();
        assert_eq!(breaks_as_old(old, new), "{\n  s = @\"a\n  c\n  b\";\n}");
        // A literal that does not go on with a line of `old`, or opens on a line `old` does not
        // hold, stays as written.
        let new = "{\n  s = @\"a\\n  c\";\n}".to_string();
        assert_eq!(breaks_as_old(old, new.clone()), new);
        let new = "{\n  t = @\"a\\n  b\";\n}".to_string();
        assert_eq!(breaks_as_old(old, new.clone()), new);
        // A literal of `old` that holds `\n` as written (`LIKE '%\n%'`) keeps `new`'s as written.
        let old = "{\n  s = @\"a\n  LIKE '%\\n%'\n  b\";\n}";
        let new = "{\n  s = @\"a\\n  LIKE '%\\n%'\\n  b\";\n  g(s);\n}".to_string();
        assert_eq!(breaks_as_old(old, new.clone()), new);
    }

    #[test]
    fn an_escaped_dollar_before_an_amount_is_the_authors() {
        let raw_old = "echo \"\\$1: \\$HOME\"";
        let old = "echo \"$1: $HOME\"";
        let file = "echo \"$1: $HOME\"\n";
        let new = "echo \"\\$2 costs \\$100, \\$5.00 or \\$1,000 at \\$HOME\"".to_string();
        assert_eq!(
            dollars_as_old(file, raw_old, old, new),
            "echo \"$2 costs \\$100, \\$5.00 or \\$1,000 at $HOME\""
        );
        assert!(!before_an_amount("1, $2"));
    }
}
