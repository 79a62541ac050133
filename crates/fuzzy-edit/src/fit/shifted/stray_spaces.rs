//! Spaces typed before `new`'s tabs.
//!
//! A model that pastes a tab-indented `new` one level deeper with spaces writes `    \t}`:
//! the same run of spaces in front of every line, tabs after it. A file that never puts a
//! space before a tab in its indentation has no such depth; the spaces are the slip and go.
//! (Measured with the readings of `first_line` and `one_unit`: adv4 OTHER 1304 -> 1141, 0 new
//! OTHER; the gate moved only `indent_new_only`, +33 exact, real-patch/real-replace unchanged.)

use crate::normalize::{indent_columns, indent_of, TAB_WIDTH};

/// `new` without the run of spaces that starts each of its lines, where some line has a tab
/// right after it, the file (`file_has_space_before_tab` says) never does, and the lines
/// without it start at `old`'s shallowest depth: `None` otherwise.
pub(in crate::fit) fn without_stray_spaces(
    old: &[&str],
    new: &[&str],
    file_has_space_before_tab: impl FnOnce() -> bool,
) -> Option<Vec<String>> {
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
    (at_olds_depth && !file_has_space_before_tab()).then_some(stripped)
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
