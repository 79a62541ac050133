//! `new` written in indentation characters that are not the file's.
//!
//! A model that copies `old` right often writes `new` with its own habit: spaces where the
//! file indents with tabs (2, 4 or 8 per tab), or tabs in a file that never indents with one
//! (a tab per indent unit). Written as given, the changed lines stand out of the file's
//! convention (a Makefile recipe without its tab, a Go line `gofmt` rewrites, a tab in a
//! file of spaces). Such lines are rewritten in the file's characters, at the depth they
//! mean, when `old` and the file's lines show one convention and `new` the other:
//! - spaces in a block indented with tabs alone, in a file that mostly indents with tabs
//!   (`new` using no tab at all: a model that writes one knows the file's characters);
//! - tabs in a file with no line indented by a tab, `old` holding none.
//!
//! How many columns the model's tab stands for is read from the lines `new` keeps or rewrites
//! one for one (their depth is `old`'s); where it keeps none, from the reading that puts
//! `new`'s shallowest line at a depth `old` has. Where no reading fits, `new` stays as written:
//! the model re-indents on purpose.

use crate::align::{line_similarity, loose_diff};
use crate::indent::{IndentHabits, IndentStyle};
use crate::normalize::{indent_columns, indent_of, TAB_WIDTH};
use similar::{DiffOp, DiffTag};

use super::literals::{inside_literals, inside_literals_from, Open};
use super::tab_columns::TabColumns;
use crate::thresholds::REWRITTEN_LINE;

/// Columns of a tab in GNU-style files.
const GNU_TAB: usize = 8;

/// `new` with its lines in the file's indentation characters, or `None` when they are already
/// or no reading fits (see the module docs). `file_lines` are the file's lines `old` matched
/// (`old` itself for an exact match); `file` gives the whole file's habits, asked for only
/// when they decide (they take a pass over every line).
pub(super) fn new_in_files_chars(
    old: &[&str],
    new: &[&str],
    file_lines: &[&str],
    file: impl FnOnce() -> IndentHabits,
    open_before: impl FnOnce() -> Option<Open>,
) -> Option<Vec<String>> {
    let indents = |lines: &[&str]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('*'))
            .map(|l| indent_of(l).to_string())
            .filter(|i| !i.is_empty())
            .collect()
    };
    let (o, f, n) = (indents(old), indents(file_lines), indents(new));
    if n.is_empty() {
        return None;
    }
    // A `new` that only re-indents `old`, or the file's lines, means its characters (a file
    // converted hunk by hunk; gate: a real commit converting a file of spaces to tabs, its
    // `old` misspelled, was refused as already applied).
    let ops = loose_diff(old, new);
    let only_re_indents = |ops: &[DiffOp]| ops.iter().all(|op| op.tag() == DiffTag::Equal);
    if only_re_indents(&ops) || only_re_indents(&loose_diff(file_lines, new)) {
        return None;
    }
    let new_has_tabs = n.iter().any(|i| i.contains('\t'));
    let with_tabs = |is: &[String]| is.iter().any(|i| i.starts_with('\t'));
    // Spaces where `old` and the file's lines are indented without a tab either: nothing to
    // convert, whatever the rest of the file does.
    let unindented = o.is_empty() && f.is_empty();
    if !(new_has_tabs || unindented || with_tabs(&o) && with_tabs(&f)) {
        return None;
    }
    let file = file();
    // (Asked of the file only where `new` seems to hold a literal: a span starting inside the
    // file's docstring has its closing quotes, which read alone would open one.)
    let mut literal = inside_literals(new);
    if literal.contains(&true) {
        literal = inside_literals_from(new, open_before());
    }
    let pairs = pairs(old, new, &ops);
    let tabbed = |is: &[String]| !is.is_empty() && is.iter().all(|i| i.starts_with('\t'));
    // A block indented with tabs alone in a file that mostly indents with spaces: Makefile
    // recipe lines among continuation lines of spaces (attack make_spaces_new: nls-global.mk,
    // 18 lines indented with a tab, 22 with spaces).
    let tabbed_block = tabbed(&o) && tabbed(&f);
    if !new_has_tabs && (file.style != Some(IndentStyle::Spaces) || tabbed_block) {
        // Spaces where the file has tabs.
        let gnu = file.style == Some(IndentStyle::Mixed);
        // `old` written with the file's tabs (with spaces, it is the model's `old` the merge maps
        // to the file, `new` with it): `with_tabs`.
        let convention = if o.is_empty() && f.is_empty() {
            file.tabs_only
        } else if gnu {
            with_tabs(&o) && with_tabs(&f)
        } else {
            tabbed(&o) && tabbed(&f)
        };
        if !convention {
            return None;
        }
        // Tabs read as some columns and every line drifted besides: the lines `new` keeps
        // show both (see `tab_columns`).
        if let Some(drifted) = TabColumns::learn(&pairs).filter(|_| !gnu) {
            let lines: Option<Vec<String>> = new
                .iter()
                .zip(&literal)
                .map(|(l, &lit)| {
                    if lit {
                        Some(l.to_string())
                    } else {
                        drifted.to_tabs(l)
                    }
                })
                .collect();
            if lines.is_some() {
                return lines;
            }
        }
        // GNU style writes every 8 columns as a tab: the model's spaces are the columns.
        let readings: &[usize] = if gnu { &[GNU_TAB] } else { &[4, 8, 2] };
        let tab = if gnu { GNU_TAB } else { TAB_WIDTH };
        let convert = |line: &str, per_tab: usize| -> Option<String> {
            let indent = indent_of(line);
            if indent.is_empty() || indent.contains('\t') {
                return None;
            }
            let s = indent.len();
            let (tabs, rest) = if gnu {
                // Only what the file could not write with spaces alone.
                (s / GNU_TAB, s % GNU_TAB)
            } else {
                (s / per_tab, s % per_tab)
            };
            (tabs > 0).then(|| format!("{}{}{}", "\t".repeat(tabs), " ".repeat(rest), &line[s..]))
        };
        let step = IndentHabits::of(new.iter().copied()).unit;
        let per_tab = reading(
            Readings {
                per_tab: readings,
                model_step: step,
                by_old_depths: true,
            },
            old,
            new,
            &pairs,
            tab,
            &convert,
        )?;
        rewrite(new, &literal, |l| convert(l, per_tab))
    } else if file.no_tabs && o.iter().chain(&f).all(|i| !i.contains('\t')) {
        // Tabs in a file that never indents with one: a tab per indent unit.
        if !n.iter().any(|i| i.starts_with('\t')) {
            return None;
        }
        let unit = file.unit.unwrap_or(TAB_WIDTH);
        let mut readings = vec![unit];
        readings.extend([4, 2, 8].into_iter().filter(|r| *r != unit));
        let convert = |line: &str, per_tab: usize| -> Option<String> {
            let indent = indent_of(line);
            if !indent.starts_with('\t') {
                return None;
            }
            let width: usize = indent
                .bytes()
                .map(|b| if b == b'\t' { per_tab } else { 1 })
                .sum();
            Some(format!("{}{}", " ".repeat(width), &line[indent.len()..]))
        };
        // Nothing deciding, a tab is the file's unit: a depth `old` has under another reading
        // is no evidence where `old` itself is off the file's depth (a generated case: `old` a
        // unit too
        // deep read 8 columns to a tab).
        let per_tab = reading(
            Readings {
                per_tab: &readings,
                model_step: None,
                by_old_depths: false,
            },
            old,
            new,
            &pairs,
            TAB_WIDTH,
            &convert,
        )
        .unwrap_or(unit);
        rewrite(new, &literal, |l| convert(l, per_tab))
    } else {
        None
    }
}

/// The readings to choose from: columns per model tab, the likelier first; the step between
/// `new`'s own depths, where it is in spaces; whether a depth `old` has decides last.
struct Readings<'r> {
    per_tab: &'r [usize],
    model_step: Option<usize>,
    by_old_depths: bool,
}

/// The reading (columns per model tab, among `readings`, the likelier first) under which
/// `new`'s shallowest line lands at `old`'s shallowest depth: a change, an insertion, a wrap
/// (its wrapper) and an unwrap (the lines it frees) all keep it. Several such readings (`new`
/// at column 0), or none, are told apart by the pairs of lines `new` keeps or rewrites: the one
/// most of them fit (a line wrapped or unwrapped moved on purpose, and fits none). Failing
/// that, where `by_old_depths`, the reading that puts `new`'s shallowest line at a
/// depth `old` has (a deletion).
fn reading(
    readings: Readings,
    old: &[&str],
    new: &[&str],
    pairs: &[(&str, &str)],
    tab: usize,
    convert: &dyn Fn(&str, usize) -> Option<String>,
) -> Option<usize> {
    let Readings {
        per_tab: readings,
        model_step,
        by_old_depths,
    } = readings;
    let converted = |l: &str, r: usize| convert(l, r).unwrap_or_else(|| l.to_string());
    let depths: Vec<usize> = old
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent_columns(l, tab))
        .collect();
    let base = depths.iter().min().copied();
    let shallowest = |r: usize| {
        new.iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| indent_columns(&converted(l, r), tab))
            .min()
    };
    let at_base: Vec<usize> = readings
        .iter()
        .copied()
        .filter(|&r| shallowest(r).is_some() && shallowest(r) == base)
        .collect();
    if at_base.len() == 1 {
        return Some(at_base[0]);
    }
    // `new` at column 0 (every reading keeps it): the step between its own depths is the
    // model's tab (a generated case: a Go line wrapped in an `if` at 8 spaces per tab).
    if let Some(step) = model_step.filter(|s| at_base.contains(s)) {
        return Some(step);
    }
    let fitting = |r: usize| {
        pairs
            .iter()
            .filter(|(n, o)| !(indent_of(n).is_empty() && indent_of(o).is_empty()))
            .filter(|(n, o)| indent_of(&converted(n, r)) == indent_of(o))
            .count()
    };
    let candidates = if at_base.is_empty() {
        readings
    } else {
        &at_base[..]
    };
    // The first of the readings most pairs fit (`max_by_key` keeps the last of equals).
    let best = candidates
        .iter()
        .rev()
        .copied()
        .max_by_key(|&r| fitting(r))
        .filter(|&r| fitting(r) > 0);
    if best.is_some() || !by_old_depths {
        return best;
    }
    candidates
        .iter()
        .copied()
        .find(|&r| shallowest(r).is_some_and(|d| depths.contains(&d)))
}

/// `new` with `convert` applied to its lines outside multi-line literals; `None` when nothing
/// changes.
fn rewrite(
    new: &[&str],
    literal: &[bool],
    convert: impl Fn(&str) -> Option<String>,
) -> Option<Vec<String>> {
    let mut changed = false;
    let out = new
        .iter()
        .zip(literal)
        .map(
            |(l, &lit)| match convert(l).filter(|_| !lit && !l.trim().is_empty()) {
                Some(c) => {
                    changed = true;
                    c
                }
                None => l.to_string(),
            },
        )
        .collect();
    changed.then_some(out)
}

/// The pairs `(new line, old line)` at the same depth: lines `new` keeps, and lines it
/// rewrites one for one.
fn pairs<'a>(old: &[&'a str], new: &[&'a str], ops: &[DiffOp]) -> Vec<(&'a str, &'a str)> {
    let mut pairs = Vec::new();
    for op in ops {
        let (tag, o, n) = op.as_tag_tuple();
        let same_length = tag == DiffTag::Replace && o.len() == n.len();
        if tag != DiffTag::Equal && !same_length {
            continue;
        }
        for (i, k) in o.zip(n) {
            let blank = old[i].trim().is_empty() || new[k].trim().is_empty();
            if !blank
                && (tag == DiffTag::Equal || line_similarity(old[i], new[k]) >= REWRITTEN_LINE)
            {
                pairs.push((new[k], old[i]));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(file: &[&str], old: &[&str], new: &[&str]) -> Option<Vec<String>> {
        new_in_files_chars(
            old,
            new,
            old,
            || IndentHabits::of(file.iter().copied()),
            || None,
        )
    }

    #[test]
    fn spaces_in_a_tab_file_become_tabs_at_the_depth_they_mean() {
        let file = [
            "func f() {",
            "\tif err != nil {",
            "\t\tlog.Fatalln(err)",
            "\t}",
            "}",
        ];
        let old = ["\tif err != nil {", "\t\tlog.Fatalln(err)", "\t}"];
        // Unwrapped, 4 or 8 spaces per tab.
        assert_eq!(
            fixed(&file, &old, &["    log.Fatalln(err)"]).unwrap(),
            ["\tlog.Fatalln(err)"]
        );
        assert_eq!(
            fixed(&file, &old, &["        log.Fatalln(err)"]).unwrap(),
            ["\tlog.Fatalln(err)"]
        );
        // Wrapped at column 0: the step between `new`'s depths is the model's tab.
        let file = ["package main", "func f() {", "\tg()", "}"];
        assert_eq!(
            fixed(
                &file,
                &["package main"],
                &["if x {", "        package main", "}"]
            )
            .unwrap(),
            ["if x {", "\tpackage main", "}"]
        );
        // A kept line says how many spaces a tab is.
        let new = ["  if err != nil {", "    log.Fatal(err)", "  }"];
        assert_eq!(
            fixed(&file, &old, &new).unwrap(),
            ["\tif err != nil {", "\t\tlog.Fatal(err)", "\t}"]
        );
    }

    #[test]
    fn tabs_in_a_file_of_spaces_become_its_unit() {
        let file = ["class A", "  def user_params", "    x", "  end", "end"];
        let new = ["\tif enabled", "\t\tdef user_params", "\tend"];
        assert_eq!(
            fixed(&file, &["  def user_params"], &new).unwrap(),
            ["  if enabled", "    def user_params", "  end"]
        );
    }

    #[test]
    fn a_file_that_mixes_both_keeps_new_as_written() {
        let file = ["a:", "\tx", "    y"];
        assert_eq!(fixed(&file, &["    y"], &["\tz"]), None);
        // Spaces beside tabs in `old` itself.
        let file = ["\ta", "\tb", "\tc", "    d"];
        assert_eq!(fixed(&file, &["\tb", "    d"], &["    b", "    e"]), None);
    }

    #[test]
    fn recipe_lines_among_continuations_of_spaces_keep_their_tab() {
        // A Makefile: more lines indented with spaces (a variable's continuations, one as deep
        // as a tab: not GNU style) than with the tab of its recipes.
        let file = [
            "FLAGS = \\",
            "    -a \\",
            "    -b \\",
            "        -c",
            "install:",
            "\tfor l in $(L); do \\",
            "\t  cp $$l.mo $(D); \\",
            "\tdone",
        ];
        let old = ["\t  cp $$l.mo $(D); \\", "\tdone"];
        assert_eq!(
            fixed(&file, &old, &["      cp $$l.mo $(DEST); \\", "    done"]).unwrap(),
            ["\t  cp $$l.mo $(DEST); \\", "\tdone"]
        );
        // The continuation lines themselves stay in spaces.
        let old = ["    -a \\", "    -b \\"];
        assert_eq!(fixed(&file, &old, &["    -a \\", "    -x \\"]), None);
    }

    #[test]
    fn a_reading_no_kept_line_fits_is_a_re_indent() {
        let file = ["f:", "\ta", "\t\tb"];
        // `b` kept one level out of where it was, under any reading.
        assert_eq!(fixed(&file, &["\ta", "\t\tb"], &["   a", "   b"]), None);
    }

    #[test]
    fn gnu_style_spaces_are_the_columns() {
        let file = [
            "  if (x)",
            "    {",
            "      y ();",
            "\tz ();",
            "\t  w ();",
            "    }",
        ];
        let old = ["\tz ();", "\t  w ();"];
        assert_eq!(
            fixed(&file, &old, &["        z ();", "          v ();"]).unwrap(),
            ["\tz ();", "\t  v ();"]
        );
    }
}
