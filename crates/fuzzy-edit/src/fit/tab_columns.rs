//! `new` in the model's columns over a file indented with tabs: each tab rendered as some
//! columns, and every line drifted by a few columns besides.
//!
//! A model that reads tabs as 4 spaces and pastes `new` 2 columns off writes `  def f(x):`
//! for the file's `def f(x):` and `      if x:` for its `\tif x:`. Read a tab per few
//! columns from column 0, the drift becomes extra tabs (a Python `IndentationError`, a
//! Makefile target indented into a recipe, a Perl heredoc terminator that no longer ends the
//! heredoc). The same drift in a file of spaces is one shift of every line; here the lines
//! `new` keeps (or rewrites one for one) show both the tab's columns and the drift: a line the
//! file has at `d` tabs stands at `d * tab + drift` columns in `new`. Every such pair must
//! agree on one reading, over at least two depths; a line the file has at column 0 then
//! stays there.

use crate::normalize::indent_of;

/// Columns a model renders a tab as, the likelier first.
const TAB_READINGS: [usize; 3] = [4, 8, 2];

/// How `new`'s columns map to the file's tabs: `tabs * per_tab + drift` columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TabColumns {
    pub(super) per_tab: usize,
    pub(super) drift: usize,
}

impl TabColumns {
    /// The reading the `pairs` (`new` line in spaces, file line in tabs) agree on, with a
    /// drift of some columns (no drift is the plain reading, not this one). `None` when the
    /// pairs span fewer than two depths, disagree, or more than one reading fits.
    pub(super) fn learn(pairs: &[(&str, &str)]) -> Option<TabColumns> {
        let measured: Vec<(usize, usize)> = pairs
            .iter()
            .filter(|(n, o)| !n.trim().is_empty() && !o.trim().is_empty())
            .map(|(n, o)| {
                let (ni, oi) = (indent_of(n), indent_of(o));
                let spaces = ni.bytes().all(|b| b == b' ');
                let tabs = oi.bytes().all(|b| b == b'\t');
                (spaces && tabs).then_some((ni.len(), oi.len()))
            })
            .collect::<Option<_>>()?;
        let depths = |i: usize| measured.iter().map(move |p| if i == 0 { p.0 } else { p.1 });
        let distinct = {
            let mut d: Vec<usize> = depths(1).collect();
            d.sort_unstable();
            d.dedup();
            d.len()
        };
        if distinct < 2 {
            return None;
        }
        let fitting: Vec<TabColumns> = TAB_READINGS
            .iter()
            .filter_map(|&per_tab| {
                let (cols, tabs) = measured[0];
                let drift = cols.checked_sub(tabs * per_tab)?;
                let agree = measured
                    .iter()
                    .all(|&(c, t)| c.checked_sub(t * per_tab) == Some(drift));
                (agree && drift > 0 && drift < per_tab).then_some(TabColumns { per_tab, drift })
            })
            .collect();
        match fitting[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// `line` (indented with spaces, or not at all) in the file's tabs; `None` when it stands
    /// left of the drift (no line the model wrote this way is there).
    pub(super) fn to_tabs(self, line: &str) -> Option<String> {
        let indent = indent_of(line);
        if line.trim().is_empty() {
            return Some(line.to_string());
        }
        if indent.contains('\t') {
            return None;
        }
        let columns = indent.len().checked_sub(self.drift)?;
        let (tabs, rest) = (columns / self.per_tab, columns % self.per_tab);
        Some(format!(
            "{}{}{}",
            "\t".repeat(tabs),
            " ".repeat(rest),
            &line[indent.len()..]
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_as_four_columns_and_two_of_drift() {
        let pairs = [
            ("  def f(x):", "def f(x):"),
            ("      if x:", "\tif x:"),
            ("      return 2", "\treturn 2"),
        ];
        let read = TabColumns::learn(&pairs).unwrap();
        assert_eq!(
            read,
            TabColumns {
                per_tab: 4,
                drift: 2
            }
        );
        assert_eq!(
            read.to_tabs("          return 10").unwrap(),
            "\t\treturn 10"
        );
        assert_eq!(read.to_tabs("  EOT").unwrap(), "EOT");
        // Left of the drift: not the model's rendering.
        assert_eq!(read.to_tabs("x = 1"), None);
    }

    #[test]
    fn one_depth_or_no_drift_is_not_this_reading() {
        // One depth: the tab's columns are not shown.
        assert_eq!(
            TabColumns::learn(&[("      a", "\ta"), ("      b", "\tb")]),
            None
        );
        // No drift: the plain reading's.
        assert_eq!(TabColumns::learn(&[("a", "a"), ("    b", "\tb")]), None);
        // Pairs that disagree: a re-indent.
        assert_eq!(
            TabColumns::learn(&[("  a", "a"), ("      b", "\tb"), ("       c", "\t\tc")]),
            None
        );
    }
}
