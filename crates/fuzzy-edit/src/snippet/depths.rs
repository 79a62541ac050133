//! A snippet's indentation read in the file's characters (a model writes a tab file's levels
//! in spaces, or a space file's in tabs), and the one bare `...` that is code rather than a
//! marker: the body of a new Python `def` or `class`.

use super::place::File;
use crate::indent::{IndentHabits, IndentStyle};
use crate::normalize::indent_width;
use crate::text::Text;

/// The snippet in the file's indentation characters when it indents with the other ones
/// ([`in_tabs`], [`in_spaces`]); `None` when it needs no change.
pub(super) fn in_file_indent(file: &Text<'_>, snippet: &str) -> Option<String> {
    in_tabs(file, snippet).or_else(|| in_spaces(file, snippet))
}

/// The snippet with its indentation in tabs, when the file indents with tabs and the snippet
/// with spaces alone: one tab for each step of the snippet's own unit (a model writes a tab
/// file's levels as 2 or 4 spaces), so its depths compare with the file's. `None` otherwise.
fn in_tabs(file: &Text<'_>, snippet: &str) -> Option<String> {
    // The file's habits are learnt once, for this and for `assemble` (10 M instructions a time
    // at 100k lines).
    let habits = file.indent_habits();
    if habits.style != Some(IndentStyle::Tabs) {
        return None;
    }
    let lead = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let code = || snippet.lines().filter(|l| !l.trim().is_empty());
    if code().any(|l| l[..lead(l)].contains('\t')) || !code().any(|l| lead(l) > 0) {
        return None;
    }
    // (Only when every depth is whole steps: alignment spaces inside a docstring or after a
    // wrapped line have no tab reading.)
    let unit = IndentHabits::of(code()).unit.filter(|&u| u >= 2)?;
    if code().any(|l| lead(l) % unit != 0) {
        return None;
    }
    let mut out = String::with_capacity(snippet.len());
    for l in snippet.split_inclusive('\n') {
        let n = if l.trim().is_empty() { 0 } else { lead(l) };
        out.push_str(&"\t".repeat(n / unit));
        out.push_str(&" ".repeat(n % unit));
        out.push_str(&l[n..]);
    }
    Some(out)
}

/// Lines above a bare `...` searched for the `def` of a signature written over several lines.
const SIGNATURE_LINES: usize = 16;

/// Whether the bare `...` at snippet line `i` is the body of a new `def` or `class` (one the
/// file does not hold): code to write, not a marker.
pub(super) fn stub_body(file: &File<'_>, lines: &[&str], i: usize) -> bool {
    stub_header(lines, i).is_some_and(|h| !file.holds(lines[h]))
}

/// The `def` or `class` line that a bare `...` at line `i` is the whole body of, if it is
/// one: right under that line's signature, deeper than it.
pub(super) fn stub_header(lines: &[&str], i: usize) -> Option<usize> {
    if lines[i].trim() != "..." {
        return None;
    }
    let j = (0..i).rfind(|&j| !lines[j].trim().is_empty())?;
    if !lines[j].trim_end().ends_with(':') {
        return None;
    }
    let header = |l: &str| {
        let t = l.trim_start();
        ["def ", "async def ", "class "]
            .iter()
            .any(|k| t.starts_with(k))
    };
    let h = (j.saturating_sub(SIGNATURE_LINES)..=j)
        .rev()
        .find(|&h| header(lines[h]))?;
    // (A signature over several lines ends with its closing bracket: `) -> int:`.)
    if h != j && !lines[j].trim_start().starts_with(')') {
        return None;
    }
    (indent_width(lines[i]) > indent_width(lines[h])).then_some(h)
}

/// The snippet with its indentation in spaces, when the file indents with spaces and the
/// snippet with tabs: one step of the file's unit for each tab (a model writes a 2-space
/// file's levels as tabs, and a tab counts as [`crate::normalize::TAB_WIDTH`] columns, so
/// its depths would not compare with the file's). `None` otherwise.
fn in_spaces(file: &Text<'_>, snippet: &str) -> Option<String> {
    let habits = file.indent_habits();
    if habits.style != Some(IndentStyle::Spaces) || !habits.no_tabs {
        return None;
    }
    let unit = habits.unit.filter(|&u| u >= 1)?;
    let lead = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let code = || snippet.lines().filter(|l| !l.trim().is_empty());
    // (Tabs first, alignment spaces after them: a space before a tab has no step reading.)
    let tabs = |l: &str| l.len() - l.trim_start_matches('\t').len();
    if !code().any(|l| tabs(l) > 0) || code().any(|l| l[tabs(l)..lead(l)].contains('\t')) {
        return None;
    }
    let mut out = String::with_capacity(snippet.len() * 2);
    for l in snippet.split_inclusive('\n') {
        let n = tabs(l);
        out.push_str(&" ".repeat(n * unit));
        out.push_str(&l[n..]);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> File<'_> {
        File::new(text.lines().collect())
    }

    #[test]
    fn tabs_for_a_two_space_file_become_its_steps() {
        let text = "function f() {\n  if (x) {\n    y();\n  }\n}\n";
        let out =
            in_file_indent(&Text::new(text), "function f() {\n\tif (x) {\n\t\tz();\n").unwrap();
        assert_eq!(out, "function f() {\n  if (x) {\n    z();\n");
        // Spaces already, or a space before a tab: nothing to read.
        assert_eq!(in_file_indent(&Text::new(text), "  if (x) {\n"), None);
        assert_eq!(in_file_indent(&Text::new(text), " \tif (x) {\n"), None);
    }

    #[test]
    fn a_bare_ellipsis_under_a_new_def_is_code() {
        let f = file("class R:\n    def read(self):\n        return 1\n");
        let lines = ["class R:", "    def fileno(self) -> int:", "        ..."];
        assert!(stub_body(&f, &lines, 2));
        // Under a `def` the file holds, under a shallower line, or a signature over two lines.
        let held = ["    def read(self):", "        ..."];
        assert!(!stub_body(&f, &held, 1));
        let flat = ["def g():", "..."];
        assert!(!stub_body(&f, &flat, 1));
        let wrapped = [
            "    def g(",
            "        self,",
            "    ) -> int:",
            "        ...",
        ];
        assert!(stub_body(&f, &wrapped, 3));
        let call = ["    x = g(", "    ):", "        ..."];
        assert!(!stub_body(&f, &call, 2));
    }
}
