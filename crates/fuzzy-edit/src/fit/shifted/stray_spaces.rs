//! Spaces typed before `new`'s tabs, in a file that never puts a space before a tab in its
//! indentation. Two slips write them:
//! - a model that pastes a tab-indented `new` one level deeper with spaces writes `    \t}`:
//!   the same run of spaces in front of every line, tabs after it. The file has no such depth;
//!   the spaces are the slip and go. (Measured with the readings of `first_line` and
//!   `one_unit`: the adversarial generator's OTHER 1304 -> 1141, 0 new OTHER; the gate moved
//!   only `indent_new_only`, +33 exact, real-patch/real-replace unchanged.)
//! - a model that types a line's first tab as spaces writes `\t\tx` as `    \tx`: the spaces
//!   stand for tabs, as the lines `new` keeps from `old` show (attack make_spaces_new s3:1673,
//!   a Makefile variable's continuation lines, once written with the spaces).

use crate::align::loose_diff;
use crate::normalize::{indent_columns, indent_of, TAB_WIDTH};
use similar::DiffTag;

/// `new` without the run of spaces that starts each of its lines, where some line has a tab
/// right after it, the file (`file_has_space_before_tab` says) never does, and the lines
/// without it start at `old`'s shallowest depth: `None` otherwise.
pub(in crate::fit) fn without_stray_spaces(
    old: &[&str],
    new: &[&str],
    file_has_space_before_tab: impl FnOnce() -> bool,
) -> Option<Vec<String>> {
    let read = shifted_by_spaces(old, new).or_else(|| spaces_for_tabs(old, new))?;
    (!file_has_space_before_tab()).then_some(read)
}

/// `new` without the run of spaces that starts each of its lines, where some line has a tab
/// right after it and the lines without it start at `old`'s shallowest depth.
fn shifted_by_spaces(old: &[&str], new: &[&str]) -> Option<Vec<String>> {
    let non_blank = || new.iter().filter(|l| !l.trim().is_empty());
    let spaces = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let run = non_blank().map(|l| spaces(l)).min()?;
    let tab_after = non_blank().any(|l| l[run..].starts_with('\t'));
    if run == 0 || !tab_after {
        return None;
    }
    let stripped: Vec<String> = new
        .iter()
        .map(|l| {
            if l.trim().is_empty() {
                l.to_string()
            } else {
                l[run..].to_string()
            }
        })
        .collect();
    let shallowest = |lines: &mut dyn Iterator<Item = &str>| {
        lines
            .filter(|l| !l.trim().is_empty())
            .map(|l| indent_columns(indent_of(l), TAB_WIDTH))
            .min()
    };
    let at_olds_depth = shallowest(&mut stripped.iter().map(String::as_str))
        == shallowest(&mut old.iter().copied());
    at_olds_depth.then_some(stripped)
}

/// How many spaces a model types for a tab, the usual first.
const SPACES_PER_TAB: [usize; 3] = [TAB_WIDTH, 8, 2];

/// `new` with the spaces that start each line written as the tabs they stand for, where some
/// line has a tab right after them and every line `new` keeps from `old` that starts with a
/// space (one at least) is then indented as `old` has it: `None` otherwise. (The slip types the
/// first tab of every line as spaces: a line indented by one tab comes with spaces alone, a
/// continuation aligned after the tab with more.)
fn spaces_for_tabs(old: &[&str], new: &[&str]) -> Option<Vec<String>> {
    let spaces = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let spaces_then_tab = |l: &str| spaces(l) > 0 && l[spaces(l)..].starts_with('\t');
    if !new.iter().any(|l| spaces_then_tab(l)) {
        return None;
    }
    let kept: Vec<(usize, usize)> = loose_diff(old, new)
        .iter()
        .filter(|op| op.tag() == DiffTag::Equal)
        .flat_map(|op| op.old_range().zip(op.new_range()))
        .filter(|&(_, j)| spaces(new[j]) > 0 && !new[j].trim().is_empty())
        .collect();
    if kept.is_empty() {
        return None;
    }
    SPACES_PER_TAB.iter().find_map(|&per_tab| {
        let read: Option<Vec<String>> = new
            .iter()
            .map(|l| {
                let run = spaces(l);
                if run == 0 || l.trim().is_empty() {
                    return Some(l.to_string());
                }
                // Spaces before a tab are whole tabs; after the last tab, alignment.
                let rest = run % per_tab;
                (rest == 0 || !spaces_then_tab(l)).then(|| {
                    format!(
                        "{}{}{}",
                        "\t".repeat(run / per_tab),
                        " ".repeat(rest),
                        &l[run..]
                    )
                })
            })
            .collect();
        let read = read?;
        kept.iter()
            .all(|&(i, j)| indent_of(&read[j]) == indent_of(old[i]))
            .then_some(read)
    })
}

/// Whether any of `lines` has a space before a tab in its indentation.
pub(in crate::fit) fn space_before_tab<'l>(mut lines: impl Iterator<Item = &'l str>) -> bool {
    lines.any(|l| indent_of(l).contains(" \t"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_before_every_line_of_a_tab_indented_new_go() {
        let old = ["\tif err != nil {", "\t\tlog.Fatalln(err)", "\t}"];
        assert_eq!(
            without_stray_spaces(&old, &["    \tlog.Fatalln(err)"], || false).unwrap(),
            ["\tlog.Fatalln(err)"]
        );
        // GNU style: tabs, and spaces alone for the shallower lines.
        let old = ["\t}", "", "      x = y;"];
        let new = ["  \t}", "", "        x = z;"];
        assert_eq!(
            without_stray_spaces(&old, &new, || false).unwrap(),
            ["\t}", "", "      x = z;"]
        );
    }

    #[test]
    fn spaces_typed_for_a_tab_are_the_tab() {
        // The first of two tabs typed as four spaces, on the lines kept and the line added.
        let old = ["LIST = \\", "\t\ta b \\", "\t\tc d \\", "\t\te"];
        let new = ["LIST = \\", "    \ta b \\", "    \tx y \\", "    \te"];
        assert_eq!(
            without_stray_spaces(&old, &new, || false).unwrap(),
            ["LIST = \\", "\t\ta b \\", "\t\tx y \\", "\t\te"]
        );
        // Every line's first tab: alone, or before alignment spaces.
        let recipe = ["all:", "\tcc a.c \\", "\t   b.c", "\t\t@echo"];
        let new = [
            "all:",
            "    cc a.c \\",
            "       b.c",
            "    \t@echo",
            "    \t@echo done",
        ];
        assert_eq!(
            without_stray_spaces(&recipe, &new, || false).unwrap(),
            [
                "all:",
                "\tcc a.c \\",
                "\t   b.c",
                "\t\t@echo",
                "\t\t@echo done"
            ]
        );
        // Two spaces for a tab.
        let new = ["LIST = \\", "  \ta b \\", "  \te"];
        assert_eq!(
            without_stray_spaces(&old, &new, || false).unwrap(),
            ["LIST = \\", "\t\ta b \\", "\t\te"]
        );
        // No kept line shows what the spaces stand for, or no reading puts them at `old`'s depth
        // (a line of `old` indented with spaces keeps them).
        assert_eq!(
            without_stray_spaces(&old, &["LIST = \\", "    \tz"], || false),
            None
        );
        assert_eq!(
            without_stray_spaces(&old, &["LIST = \\", "   \ta b \\", "\t\te"], || false),
            None
        );
        let old = ["x:", "    cc a.c", "\t\t@echo"];
        let new = ["x:", "    cc a.c", "    \t@echo", "    \t@echo done"];
        assert_eq!(without_stray_spaces(&old, &new, || false), None);
    }

    #[test]
    fn a_file_that_puts_spaces_before_tabs_keeps_them() {
        let old = ["\tx = 1;"];
        assert_eq!(without_stray_spaces(&old, &["  \tx = 2;"], || true), None);
        // No tab after the spaces, or a depth `old` does not have: not this slip.
        assert_eq!(without_stray_spaces(&old, &["  x = 2;"], || false), None);
        assert_eq!(
            without_stray_spaces(&old, &["  \t\tx = 2;"], || false),
            None
        );
    }
}
