//! Re-indenting the lines an edit adds or changes, by the mapping learned from `old` vs the
//! matched lines.
//!
//! The mapping is affine on indentation widths: `file = scale × model + offset`. A uniform
//! drift is `scale = 1`; a block nested with 2 spaces written into a 4-space file is
//! `scale = 2`. The scale comes from the pairs of matched lines when they show two different
//! depths, otherwise from the ratio of the file's indent unit to the model's. The result is
//! rendered in the file's style (tabs or spaces).

use crate::normalize::{indent_columns, indent_of, leading_spaces, TAB_WIDTH};

/// Columns of a tab in GNU-style files, which indent by 2 and write every 8 columns as a tab.
const GNU_TAB_WIDTH: usize = 8;

/// Whether a file indents with tabs or spaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IndentStyle {
    /// Tabs (any remainder below a tab's width as spaces).
    Tabs,
    /// Spaces.
    Spaces,
    /// A tab for every [`GNU_TAB_WIDTH`] columns, spaces for the rest (GNU style: `\t  x` is
    /// 10 columns).
    Mixed,
}

/// The indentation habits of a block of lines: style and unit (the most common step between
/// consecutive indented lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct IndentHabits {
    /// Tabs or spaces, if any line is indented.
    pub(crate) style: Option<IndentStyle>,
    /// The usual indentation step in columns, if the lines show one.
    pub(crate) unit: Option<usize>,
    /// Columns a tab stands for: 8 in GNU-style lines, else [`TAB_WIDTH`].
    pub(crate) tab: usize,
    /// Every indented line (block comments' ` * ` lines aside) starts with a tab: a line the
    /// model indents with spaces alone is its habit, not the file's (see
    /// [`IndentHabits::tabs_for_spaces`]).
    pub(crate) tabs_only: bool,
    /// Some line is indented and none starts with a tab: a tab the model writes is its own
    /// habit, never the file's (see `fit::indent_chars`).
    pub(crate) no_tabs: bool,
}

impl IndentHabits {
    /// Learn the habits of `lines`.
    pub(crate) fn of<'a>(lines: impl IntoIterator<Item = &'a str>) -> Self {
        let mut tabs = 0usize;
        let mut spaces = 0usize;
        let mut steps = [0usize; 17];
        let mut prev: Option<usize> = None;
        // GNU style: tabs followed by two spaces or more, and lines indented by spaces alone
        // never as deep as a tab. (A block comment's ` * ` lines say nothing.)
        let (mut tab_then_space, mut deepest_spaces) = (false, 0);
        let mut space_code_lines = 0usize;
        for line in lines {
            // The indentation and its width in one pass: this loop reads every line of a file
            // (10-15 M instructions at 100k lines with a pass for each).
            let bytes = line.as_bytes();
            let mut n = leading_spaces(bytes);
            let mut w = n;
            while let Some(&b) = bytes.get(n) {
                match b {
                    b' ' => w += 1,
                    b'\t' => w += TAB_WIDTH,
                    _ => break,
                }
                n += 1;
            }
            let (ind, comment) = match bytes.get(n) {
                // The usual line (see `indent_and_comment`).
                Some(&b) if b.is_ascii() && !b.is_ascii_whitespace() && b != 0x0b => {
                    (&line[..n], b == b'*')
                }
                _ => match indent_and_comment(line) {
                    Some((ind, comment)) => {
                        w = ind
                            .bytes()
                            .map(|b| if b == b'\t' { TAB_WIDTH } else { 1 })
                            .sum();
                        (ind, comment)
                    }
                    None => continue,
                },
            };
            match ind.as_bytes().first() {
                Some(b'\t') => {
                    tabs += 1;
                    tab_then_space |= !comment && ind.trim_start_matches('\t').starts_with("  ");
                }
                Some(b' ') => {
                    spaces += 1;
                    if !comment {
                        deepest_spaces = deepest_spaces.max(ind.len());
                        space_code_lines += 1;
                    }
                }
                _ => {}
            }
            if let Some(p) = prev {
                let d = w.abs_diff(p);
                if (1..steps.len()).contains(&d) {
                    steps[d] += 1;
                }
            }
            prev = Some(w);
        }
        let gnu = tab_then_space && spaces > 0 && deepest_spaces < GNU_TAB_WIDTH;
        let style = match (tabs, spaces) {
            (0, 0) => None,
            _ if gnu => Some(IndentStyle::Mixed),
            (t, s) if t >= s => Some(IndentStyle::Tabs),
            _ => Some(IndentStyle::Spaces),
        };
        let unit = (1..steps.len())
            .filter(|&d| steps[d] > 0)
            .max_by_key(|&d| (steps[d], std::cmp::Reverse(d)));
        let tab = if gnu { GNU_TAB_WIDTH } else { TAB_WIDTH };
        IndentHabits {
            style,
            unit,
            tab,
            tabs_only: tabs > 0 && space_code_lines == 0,
            no_tabs: tabs == 0 && spaces > 0,
        }
    }

    /// `line` with its indentation rendered in tabs, when these are the habits of a file that
    /// indents with tabs only and `line` is indented with spaces alone: the model's habit of
    /// typing a tab as [`TAB_WIDTH`] spaces (a Makefile recipe line indented with spaces is a
    /// syntax error). `None` when the line stays as written.
    pub(crate) fn tabs_for_spaces(&self, line: &str) -> Option<String> {
        let indent = indent_of(line);
        if !self.tabs_only
            || !indent.starts_with(' ')
            || indent.contains('\t')
            || line.trim().is_empty()
        {
            return None;
        }
        let mut out = tabs_then_spaces(indent.len(), TAB_WIDTH);
        out.push_str(&line[indent.len()..]);
        Some(out)
    }
}

/// A non-blank line's indentation (leading spaces and tabs) and whether its text starts with
/// `*` (a block comment's line); `None` for a blank line. [`IndentHabits::of`] asks this of
/// every line of a file once a strategy needs the file's habits, so the usual line, whose
/// indentation ends at an ASCII character that is not whitespace, is read in one pass over its
/// indentation; any other line is trimmed as `str::trim` does (Unicode whitespace).
fn indent_and_comment(line: &str) -> Option<(&str, bool)> {
    let bytes = line.as_bytes();
    let n = bytes
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    match bytes.get(n) {
        Some(&b) if b.is_ascii() && !b.is_ascii_whitespace() && b != 0x0b => {
            Some((&line[..n], b == b'*'))
        }
        _ if line.trim().is_empty() => None,
        _ => Some((indent_of(line), line.trim_start().starts_with('*'))),
    }
}

/// How the model's indentation maps onto the file's.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum IndentMap {
    /// The model's indentation is the file's: write lines as given.
    Identity,
    /// `file width = scale × model width + offset`, rendered in `style`, a tab `tab` columns.
    Affine {
        /// Ratio of the file's indent unit to the model's.
        scale: f64,
        /// Columns added after scaling.
        offset: f64,
        /// The file's indentation characters.
        style: IndentStyle,
        /// Columns a tab stands for, in the file and the model's lines.
        tab: usize,
        /// The depths a line can be at, in the model's lines and the file's.
        grid: Grid,
    },
}

/// The indent units of the model's lines and the file's, when known: a line off its unit's
/// grid is hand-aligned (a continuation under an open bracket), and its depth says nothing
/// about how the model's indentation maps onto the file's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grid {
    model: Option<usize>,
    file: Option<usize>,
}

impl Grid {
    /// No unit known: every depth is on the grid.
    pub(crate) const ANY: Grid = Grid {
        model: None,
        file: None,
    };

    /// Whether a model line `m` columns deep and a file line `f` columns deep are both on it.
    fn holds(&self, m: f64, f: f64) -> bool {
        self.holds_model(m) && on_unit(f, self.file)
    }

    /// Whether a model line `m` columns deep is on it.
    fn holds_model(&self, m: f64) -> bool {
        on_unit(m, self.model)
    }
}

/// The indentation characters of the file's lines `pairs` matched, when every one of them
/// indented starts with a tab, or none has a tab: the block an edit lands in is written as it
/// is, whatever the rest of the file does (a Go file's tab-indented code beside a shell script
/// indented with spaces in a string; the file's commonest style alone wrote such a block's
/// new lines in spaces).
fn block_style(pairs: &[(&str, &str)]) -> Option<IndentStyle> {
    let (mut tabs, mut spaces) = (0, 0);
    for (_, f) in pairs {
        let indent = indent_of(f);
        match indent.as_bytes().first() {
            Some(b'\t') => tabs += 1,
            Some(b' ') if !indent.contains('\t') && !f.trim_start().starts_with('*') => spaces += 1,
            Some(_) => return None,
            None => {}
        }
    }
    match (tabs, spaces) {
        (0, 0) => None,
        (_, 0) => Some(IndentStyle::Tabs),
        (0, _) => Some(IndentStyle::Spaces),
        _ => None,
    }
}

fn on_unit(width: f64, unit: Option<usize>) -> bool {
    unit.is_none_or(|u| (width as usize).is_multiple_of(u))
}

impl IndentMap {
    /// Learn the map from pairs `(model line, file line)` known to be the same line, the
    /// model's habits (from `old` and `new`) and the file's.
    pub(crate) fn learn(
        pairs: &[(&str, &str)],
        model: IndentHabits,
        file: impl FnOnce() -> IndentHabits,
    ) -> Self {
        let pairs: Vec<(&str, &str)> = pairs
            .iter()
            .copied()
            .filter(|(m, f)| !m.trim().is_empty() && !f.trim().is_empty())
            .collect();
        if pairs.iter().all(|(m, f)| indent_of(m) == indent_of(f)) {
            return IndentMap::Identity;
        }
        let file = file();
        let style = match file.style {
            Some(IndentStyle::Mixed) => IndentStyle::Mixed,
            style => block_style(&pairs).or(style).unwrap_or(IndentStyle::Spaces),
        };
        let tab = file.tab;
        let widths: Vec<(f64, f64)> = pairs
            .iter()
            .map(|(m, f)| {
                let width = |l: &str| indent_columns(l, tab) as f64;
                (width(m), width(f))
            })
            .collect();
        let grid = Grid {
            model: model.unit,
            file: file.unit,
        };
        let unit_scale = match (model.unit, file.unit) {
            (Some(m), Some(f)) if m != f => f as f64 / m as f64,
            _ => 1.0,
        };
        // The scale two different depths show, if any.
        let (lo, hi) = widths
            .iter()
            .fold((f64::MAX, f64::MIN), |(lo, hi), &(m, _)| {
                (lo.min(m), hi.max(m))
            });
        let pair_scale = (hi > lo)
            .then(|| {
                let f_at = |w: f64| widths.iter().find(|p| p.0 == w).map_or(0.0, |p| p.1);
                (f_at(hi) - f_at(lo)) / (hi - lo)
            })
            .filter(|&s| s == 1.0 || takes_unit_to_units(s, model.unit, file.unit));
        let scales: Vec<f64> = pair_scale
            .into_iter()
            .chain([unit_scale, 1.0])
            .filter(|s| *s > 0.0)
            .collect();
        // The first scale under which every pair agrees on one offset.
        for &scale in &scales {
            let offset = widths[0].1 - scale * widths[0].0;
            if widths
                .iter()
                // (1e-9: float rounding, not a threshold.)
                .all(|&(m, f)| (f - scale * m - offset).abs() < 1e-9)
            {
                return IndentMap::Affine {
                    scale,
                    offset,
                    style,
                    tab,
                    grid,
                };
            }
        }
        // No single map fits (odd lines such as hand-aligned continuations, a line of `old` whose
        // indentation slipped, or a first line copied without its indentation): the scale and
        // offset most pairs agree on. A slipped line also skews the model's unit (8, 13, 12
        // reads as a unit of 1), so the unit's scale must win on the pairs, not by default.
        let (scale, offset, _) = scales
            .iter()
            .map(|&scale| {
                let (offset, count) = commonest_offset(&widths, scale);
                (scale, offset, count)
            })
            // The first of equals: the scale two depths show, then the units' ratio.
            .fold(None, |best: Option<(f64, f64, usize)>, c| match best {
                Some(b) if b.2 >= c.2 => Some(b),
                _ => Some(c),
            })
            .unwrap_or((unit_scale, 0.0, 0));
        IndentMap::Affine {
            scale,
            offset,
            style,
            tab,
            grid,
        }
    }

    /// Re-indent one line the model wrote, taking the offset from `near` — a line of the
    /// model's `old` and the file line it matched — when given: a line that replaces or
    /// follows a matched line keeps that line's depth even where the model's indentation was
    /// inconsistent.
    pub(crate) fn apply_near(&self, line: &str, near: Option<(&str, &str)>) -> String {
        match self {
            IndentMap::Identity => line.to_string(),
            _ if line.trim().is_empty() => String::new(),
            IndentMap::Affine {
                scale,
                offset,
                style,
                tab,
                grid,
            } => {
                let width = |l: &str| indent_columns(l, *tab) as f64;
                let offset = near
                    .filter(|(m, f)| !m.trim().is_empty() && !f.trim().is_empty())
                    // Under a change of unit, a hand-aligned line's own shift says nothing
                    // about a line on the grid written in its place, and the reverse (a line
                    // at the depth of the one it replaces takes that line's depth).
                    .filter(|(m, f)| {
                        *scale == 1.0
                            || width(m) == width(line)
                            || grid.holds(width(m), width(f)) == grid.holds_model(width(line))
                    })
                    .map_or(*offset, |(m, f)| width(f) - scale * width(m));
                let w = (scale * width(line) + offset).round().max(0.0) as usize;
                let mut out = render(w, *style);
                out.push_str(line.trim_start_matches([' ', '\t']));
                out
            }
        }
    }
}

/// The offset most pairs of `widths` (model, file) agree on under `scale`, preferring the first
/// line's, since the model writes `new` relative to where its block starts; with how many agree.
fn commonest_offset(widths: &[(f64, f64)], scale: f64) -> (f64, usize) {
    let offsets: Vec<f64> = widths.iter().map(|&(m, f)| f - scale * m).collect();
    // (1e-9: float rounding, not a threshold.)
    let count = |o: f64| offsets.iter().filter(|x| (*x - o).abs() < 1e-9).count();
    let best = offsets.iter().map(|&o| count(o)).max().unwrap_or(0);
    let offset = offsets
        .iter()
        .copied()
        .find(|&o| count(o) == best)
        .unwrap_or(0.0);
    (offset, best)
}

/// Whether `scale` takes the model's indent unit to a whole number of the file's. Two depths
/// fit some affine map whatever they are, so a scale they show is a change of unit only when
/// the units agree: a line the model misremembered by one level in a block of two depths
/// (8 → 6 beside 4 → 4 in a 2-space file) reads as scale ½, which writes every fresh line at an
/// odd column no line of the file has (a real failed call, React `patch-hunks` 921).
fn takes_unit_to_units(scale: f64, model: Option<usize>, file: Option<usize>) -> bool {
    let (Some(model), Some(file)) = (model, file) else {
        return true;
    };
    let units = scale * model as f64 / file as f64;
    // (1e-9: float rounding, not a threshold.)
    units >= 1.0 - 1e-9 && (units - units.round()).abs() < 1e-9
}

/// An indentation `width` columns wide written in `style`'s characters (tabs, then spaces for
/// the columns a tab does not fill).
pub(crate) fn render(width: usize, style: IndentStyle) -> String {
    match style {
        IndentStyle::Spaces => " ".repeat(width),
        IndentStyle::Tabs => tabs_then_spaces(width, TAB_WIDTH),
        IndentStyle::Mixed => tabs_then_spaces(width, GNU_TAB_WIDTH),
    }
}

fn tabs_then_spaces(width: usize, tab: usize) -> String {
    let mut s = "\t".repeat(width / tab);
    s.push_str(&" ".repeat(width % tab));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The one-pass reading of a line agrees with trimming it, whatever whitespace leads.
        #[test]
        fn indent_and_comment_agrees_with_trimming(line in "[ \t\u{b}\u{a0}\u{3000}*a\n]{0,8}") {
            let expected = (!line.trim().is_empty())
                .then(|| (indent_of(&line), line.trim_start().starts_with('*')));
            proptest::prop_assert_eq!(indent_and_comment(&line), expected);
        }

        /// The habits read in one pass per line are those of each line's indentation as
        /// `indent_and_comment` gives it, its width counted tab by tab.
        #[test]
        fn habits_agree_with_a_line_by_line_reading(
            // (Runs of eight spaces or more: counted a word at a time.)
            lines in proptest::collection::vec("( {8,17}|[ \t\u{b}\u{a0}*a]){0,10}", 0..12)
        ) {
            let got = IndentHabits::of(lines.iter().map(String::as_str));
            let read: Vec<(&str, bool)> =
                lines.iter().filter_map(|l| indent_and_comment(l)).collect();
            let width = |ind: &str| -> usize {
                ind.bytes().map(|b| if b == b'\t' { TAB_WIDTH } else { 1 }).sum()
            };
            let tabs = read.iter().filter(|(i, _)| i.starts_with('\t')).count();
            let spaces = read.iter().filter(|(i, _)| i.starts_with(' ')).count();
            let space_code = read.iter().filter(|(i, c)| i.starts_with(' ') && !c).count();
            proptest::prop_assert_eq!(got.tabs_only, tabs > 0 && space_code == 0);
            proptest::prop_assert_eq!(got.no_tabs, tabs == 0 && spaces > 0);
            let mut steps = [0usize; 17];
            for pair in read.windows(2) {
                let d = width(pair[1].0).abs_diff(width(pair[0].0));
                if (1..steps.len()).contains(&d) {
                    steps[d] += 1;
                }
            }
            let unit = (1..steps.len())
                .filter(|&d| steps[d] > 0)
                .max_by_key(|&d| (steps[d], std::cmp::Reverse(d)));
            proptest::prop_assert_eq!(got.unit, unit);
        }
    }

    fn habits(lines: &[&str]) -> IndentHabits {
        IndentHabits::of(lines.iter().copied())
    }

    #[test]
    fn identical_indentation_is_identity() {
        let m = IndentMap::learn(&[("  a", "  a")], habits(&[]), || habits(&[]));
        assert_eq!(m, IndentMap::Identity);
        assert_eq!(m.apply_near("   odd", None), "   odd");
    }

    #[test]
    fn uniform_offset() {
        let m = IndentMap::learn(
            &[("a", "    a"), ("  b", "      b")],
            habits(&["a", "  b"]),
            || habits(&["    a", "      b"]),
        );
        assert_eq!(m.apply_near("  c", None), "      c");
    }

    #[test]
    fn unit_change_from_two_depths() {
        // 2-space nesting in a 4-space file.
        let m = IndentMap::learn(
            &[("if x:", "    if x:"), ("  y()", "        y()")],
            habits(&["if x:", "  y()"]),
            || habits(&["    if x:", "        y()"]),
        );
        assert_eq!(m.apply_near("    z()", None), "            z()");
    }

    #[test]
    fn unit_change_from_habits() {
        let m = IndentMap::learn(&[("  a", "    a")], habits(&["a", "  b", "    c"]), || {
            habits(&["x", "    y", "        z"])
        });
        assert_eq!(m.apply_near("    c", None), "        c");
    }

    #[test]
    fn one_misremembered_line_is_not_a_change_of_unit() {
        // One line of `old` a level too deep, the rest at the file's depth: the fresh lines keep
        // the model's 2-space steps instead of being squeezed to one column each.
        let m = IndentMap::learn(
            &[
                ("        emit();", "      emit();"),
                ("    });", "    });"),
                ("    init();", "    init();"),
            ],
            habits(&[
                "        emit();",
                "      }",
                "    });",
                "    init();",
                "      if (b) {",
                "        z();",
            ]),
            || {
                habits(&[
                    "  on(() => {",
                    "    if (a) {",
                    "      b();",
                    "    }",
                    "  });",
                ])
            },
        );
        assert_eq!(m.apply_near("      if (b) {", None), "      if (b) {");
        assert_eq!(m.apply_near("        z();", None), "        z();");
    }

    #[test]
    fn a_slipped_line_does_not_change_the_unit() {
        // 13 columns where the file has 12: the model's steps (5, 1, 4) read as a unit of 1,
        // which against the file's 4 would scale every fresh line by 4; the pairs agree on the
        // file's own depths but for the slipped line.
        let old = [
            "        Cut => (",
            "             red(),",
            "            cut(),",
            "        ),",
        ];
        let file = [
            "        Cut => (",
            "            red(),",
            "            cut(),",
            "        ),",
        ];
        let pairs: Vec<(&str, &str)> = old.iter().copied().zip(file.iter().copied()).collect();
        let m = IndentMap::learn(&pairs, habits(&old), || {
            habits(&[
                "fn f() {",
                "    match s {",
                "        Cut => (",
                "            red(),",
            ])
        });
        assert_eq!(
            m.apply_near("            log(),", None),
            "            log(),"
        );
    }

    #[test]
    fn inconsistent_pairs_prefer_the_first_line() {
        let m = IndentMap::learn(
            &[("hello", "  hello"), ("world", "    world")],
            habits(&["hello", "world"]),
            || habits(&["  hello", "    world"]),
        );
        assert_eq!(m.apply_near("moon", None), "  moon");
    }

    #[test]
    fn gnu_style_counts_a_tab_as_eight_columns() {
        let file = [
            "  if (x)",
            "    {",
            "      y ();",
            "\tz ();",
            "\t  w ();",
            "    }",
        ];
        let habits_of_file = habits(&file);
        assert_eq!(habits_of_file.style, Some(IndentStyle::Mixed));
        assert_eq!(habits_of_file.tab, 8);
        // The model wrote 8 spaces where the file has a tab.
        let m = IndentMap::learn(
            &[("      y ();", "      y ();"), ("        z ();", "\tz ();")],
            habits(&["      y ();", "        z ();"]),
            || habits_of_file,
        );
        assert_eq!(m.apply_near("        v ();", None), "\tv ();");
        assert_eq!(m.apply_near("          u ();", None), "\t  u ();");
        assert_eq!(m.apply_near("    }", None), "    }");
        // A tab-indented file with a space-aligned line, or doc comments, is not GNU style.
        assert_eq!(habits(&["\tif x {", "\t\t  y", "\t}"]).tab, TAB_WIDTH);
        assert_eq!(
            habits(&["/**", " * a", " */", "\t/**", "\t *  b", "\tf();"]).tab,
            TAB_WIDTH
        );
    }

    #[test]
    fn spaces_to_tabs() {
        let m = IndentMap::learn(
            &[("if x {", "\tif x {"), ("    y();", "\t\ty();")],
            habits(&["if x {", "    y();"]),
            || habits(&["\tif x {", "\t\ty();"]),
        );
        assert_eq!(m.apply_near("    z();", None), "\t\tz();");
        assert_eq!(m.apply_near("   ", None), "");
    }
}
