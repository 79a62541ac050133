//! The depth `new` is written at, when `old`'s indentation is not the file's.
//!
//! Models often repeat in `new` the indentation mistake they made in `old`, and often write
//! `new` at the file's depth instead (they fixed the indentation in `new` only). The merge must
//! compare `old` with `new` at one depth: a line diff of a dedented `old` against a `new` at the
//! file's depth pairs lines by their text across depths (a `}`, a `return x` or a
//! `sink.flush()` that occurs at two depths), and the file's bytes of the kept line are then
//! written at the other line's depth, moving it into another block.

use std::borrow::Cow;

use similar::{capture_diff_slices, Algorithm, DiffTag};

use crate::align::{line_similarity, loose_diff};
use crate::indent::{IndentHabits, IndentMap};
use crate::normalize::{indent_of, indent_width};
use crate::thresholds::REWRITTEN_LINE;

/// The depth `new` is written at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Depth {
    /// `old`'s: the model repeated its indentation in both (or `old`'s is the file's).
    Old,
    /// The file's, though `old` was not at it.
    File,
    /// Each reading finds as many of the lines `new` keeps, or more, than the one the votes
    /// chose: the merge tries both, and which lines `new` keeps is a guess where they differ.
    Contested,
}

/// The depth `new` is at. Each line `new` keeps from `old` (modulo whitespace) where `old`'s
/// indentation differs from the file's votes: at the file line's indentation in `new`, or at
/// `old`'s (a kept line at a third depth was re-indented on purpose and says nothing). The first
/// and last votes decide when they agree (a model re-indents the lines inside a block, rarely
/// its edges); where they differ, the depth is [`Depth::Contested`]. Where no kept line votes,
/// the characters `new` indents with may tell (tabs like the file's, `old` in spaces); else the
/// lines `new` rewrites one for one vote alike (a one-line change under a line at column 0,
/// which `old` and the file indent alike, is all there is to go by); where none does either,
/// the first lines say it.
///
/// The votes pair `old` with `new` ignoring indentation, which is a guess where a line such as
/// `}` occurs at two depths. So the choice is checked: compared with `new` line for line,
/// indentation included, `old` as it is (`old`) and at the file's depth (`old_at_file`) each
/// keep some of the lines whose depth is in question; where the other reading keeps as many,
/// the depth is [`Depth::Contested`]. (Only where `map`, learned from the pairs, fits every
/// one of them: the model's indentation is off throughout. A pair off the map, such as the
/// `}` ending a window one line short paired with the `}` of the block inside, is no mistake
/// of indentation but a guess of the window's, and the votes stand.)
pub(super) fn new_depth(
    old: &[&str],
    old_at_file: &[&str],
    new: &[&str],
    win: &[&str],
    eq_w: &[Option<usize>],
    map: &IndentMap,
) -> Depth {
    let misplaced = misplaced(old, win, eq_w);
    if !misplaced.contains(&true) {
        return Depth::Old;
    }
    let systematic = old.iter().zip(eq_w).all(|(line, paired)| {
        paired.is_none_or(|j| {
            line.trim().is_empty()
                || indent_width(&map.apply_near(line, None)) == indent_width(win[j])
        })
    });
    let Some(chosen) = voted_depth(old, new, win, eq_w, &misplaced) else {
        return Depth::Contested;
    };
    if !systematic {
        return chosen;
    }
    let ntrim: Vec<&str> = new.iter().map(|l| l.trim_end()).collect();
    let kept = |reading: &[&str]| {
        let otrim: Vec<&str> = reading.iter().map(|l| l.trim_end()).collect();
        capture_diff_slices(Algorithm::Myers, &otrim, &ntrim)
            .iter()
            .filter(|op| op.tag() == DiffTag::Equal)
            .flat_map(|op| op.old_range())
            .filter(|&i| misplaced[i])
            .count()
    };
    let (at_old, at_file) = (kept(old), kept(old_at_file));
    let (mine, other) = match chosen {
        Depth::File => (at_file, at_old),
        _ => (at_old, at_file),
    };
    if other > 0 && other >= mine {
        return Depth::Contested;
    }
    chosen
}

/// For each line of `old`, whether it is paired with a file line at another indentation.
fn misplaced(old: &[&str], win: &[&str], eq_w: &[Option<usize>]) -> Vec<bool> {
    old.iter()
        .zip(eq_w)
        .map(|(line, paired)| {
            paired.is_some_and(|j| !line.trim().is_empty() && indent_of(line) != indent_of(win[j]))
        })
        .collect()
}

/// The depth the votes of [`new_depth`] choose; `None` when they are split.
fn voted_depth(
    old: &[&str],
    new: &[&str],
    win: &[&str],
    eq_w: &[Option<usize>],
    misplaced: &[bool],
) -> Option<Depth> {
    let (mut kept, mut rewritten) = (Vec::new(), Vec::new());
    for op in loose_diff(old, new) {
        let (tag, o, n) = op.as_tag_tuple();
        let votes = match tag {
            DiffTag::Equal => &mut kept,
            DiffTag::Replace if o.len() == n.len() => &mut rewritten,
            _ => continue,
        };
        for (i, k) in o.zip(n) {
            let Some(j) = eq_w[i].filter(|_| misplaced[i]) else {
                continue;
            };
            if tag != DiffTag::Equal && line_similarity(old[i], new[k]) < REWRITTEN_LINE {
                continue;
            }
            votes.extend(vote(old[i], win[j], new[k]));
        }
    }
    let depth = |at_file: bool| if at_file { Depth::File } else { Depth::Old };
    if kept.is_empty() {
        if let Some(at_file) = style_vote(old, new, win) {
            return Some(depth(at_file));
        }
    }
    let votes = if kept.is_empty() { rewritten } else { kept };
    match (votes.first(), votes.last()) {
        (Some(first), Some(last)) if first == last => Some(depth(*first)),
        // The edges at both depths: `new` is at neither throughout (an elision comment's
        // lines copied from `old` beside lines the model wrote at the file's depth, say).
        (Some(_), Some(_)) => None,
        _ => {
            fn first<'a>(lines: &[&'a str]) -> Option<&'a str> {
                let line = lines.iter().find(|l| !l.trim().is_empty())?;
                Some(indent_of(line))
            }
            let at_file = match (first(old), first(new), first(win)) {
                (Some(o), Some(n), Some(f)) => o != f && n == f,
                _ => false,
            };
            Some(depth(at_file))
        }
    }
}

/// Where `old` indents with spaces and the file with tabs (or the reverse), the characters
/// `new` indents with say whose lines it is written at: `Some(true)` the file's, `Some(false)`
/// `old`'s, `None` when they do not tell.
fn style_vote(old: &[&str], new: &[&str], win: &[&str]) -> Option<bool> {
    // (tabs, spaces): whether some indented line starts with each.
    let style = |lines: &[&str]| {
        lines
            .iter()
            .filter(|l| !l.trim().is_empty())
            .fold((false, false), |(t, s), l| {
                (t || l.starts_with('\t'), s || l.starts_with(' '))
            })
    };
    let (o, n, f) = (style(old), style(new), style(win));
    let one = |s: (bool, bool)| s.0 != s.1;
    if !one(o) || !one(n) || !one(f) || o == f {
        return None;
    }
    Some(n == f)
}

/// A line's vote: `Some(true)` when `new` writes it at the file's indentation, `Some(false)` at
/// `old`'s, `None` when those agree or `new` has it at a third depth.
fn vote(old: &str, file: &str, new: &str) -> Option<bool> {
    let (file, was) = (indent_of(file), indent_of(old));
    if old.trim().is_empty() || was == file {
        return None;
    }
    match indent_of(new) {
        now if now == file => Some(true),
        now if now == was => Some(false),
        _ => None,
    }
}

/// `old` moved to the file's depth, for comparing it with a `new` written there: each line
/// paired with a file line (`eq_w`) at that line's indentation, the others by `map` (learned
/// from the pairs).
pub(super) fn old_at_file_depth<'o>(
    old: &[&'o str],
    win: &[&str],
    eq_w: &[Option<usize>],
    map: &IndentMap,
) -> Vec<Cow<'o, str>> {
    old.iter()
        .zip(eq_w)
        .map(|(line, paired)| match paired {
            Some(j) if indent_of(line) == indent_of(win[*j]) => Cow::Borrowed(*line),
            Some(j) => Cow::Owned(format!(
                "{}{}",
                indent_of(win[*j]),
                line.trim_start_matches([' ', '\t'])
            )),
            None => Cow::Owned(map.apply_near(line, None)),
        })
        .collect()
}

/// `new` moved to the file's depth, for an `old` whose indentation is off the file's and a
/// `new` the model wrote at a depth of its own, neither `old`'s nor the file's: each side with
/// a mistake of its own (`old` two spaces deep, `new` pasted flush left). Read against `old`,
/// such a `new` shows no slip where `old`'s depth is no depth the file has (spaces before a
/// tab file's tabs), and the merge then maps its lines by `old`'s offset from the file, which
/// is not `new`'s. So `new` is read against `old` moved to the file's depth, where it shows the
/// slip as under an `old` copied right ([`super::shifted`]). `old` as the model wrote it is
/// passed as the depth `new` may already be at: a `new` whose edges stand there repeats
/// `old`'s mistake, and the merge's map takes it. (Measured on the gate: `indent_each_own`
/// 254 -> 595 exact, 351 -> 11 located; nothing else moved.)
pub(super) fn new_at_files_depth(
    old: &[&str],
    win: &[&str],
    eq_w: &[Option<usize>],
    new: &[&str],
    file: impl Fn() -> IndentHabits,
) -> Option<Vec<String>> {
    if !misplaced(old, win, eq_w).contains(&true) {
        return None;
    }
    let pairs: Vec<(&str, &str)> = eq_w
        .iter()
        .enumerate()
        .filter_map(|(i, j)| j.map(|j| (old[i], win[j])))
        .collect();
    let map = IndentMap::learn(&pairs, IndentHabits::of(old.iter().copied()), &file);
    let at_file = old_at_file_depth(old, win, eq_w, &map);
    let at_file: Vec<&str> = at_file.iter().map(|l| l.as_ref()).collect();
    let olds: Vec<Option<&str>> = old.iter().copied().map(Some).collect();
    super::shifted::new_at_old_depth(&at_file, new, &olds, file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(old: &[&str], new: &[&str], win: &[&str]) -> Depth {
        let eq_w: Vec<Option<usize>> = (0..old.len()).map(Some).collect();
        let moved: Vec<Cow<str>> = old
            .iter()
            .zip(win)
            .map(|(o, w)| Cow::Owned(format!("{}{}", indent_of(w), o.trim_start())))
            .collect();
        let moved: Vec<&str> = moved.iter().map(|l| l.as_ref()).collect();
        let pairs: Vec<(&str, &str)> = old.iter().copied().zip(win.iter().copied()).collect();
        let map = IndentMap::learn(&pairs, IndentHabits::of(old.iter().copied()), || {
            IndentHabits::of(win.iter().copied())
        });
        new_depth(old, &moved, new, win, &eq_w, &map)
    }

    #[test]
    fn kept_lines_at_the_files_indentation_put_new_at_its_depth() {
        // The same line at two depths: compared as `old` has it, the inner `sink.flush()`
        // pairs with `new`'s outer one by chance; at the file's depth, every line pairs.
        let old = ["for x in xs:", "    f(x)", "    g()", "g()"];
        let win = ["    for x in xs:", "        f(x)", "        g()", "    g()"];
        let at_file = [
            "    for x in xs:",
            "        f(x, 1)",
            "        g()",
            "    g()",
        ];
        let at_old = ["for x in xs:", "    f(x, 1)", "    g()", "g()"];
        assert_eq!(depth(&old, &at_file, &win), Depth::File);
        assert_eq!(depth(&old, &at_old, &win), Depth::Old);
        // `old` at the file's depth: no question.
        assert_eq!(depth(&win, &at_old, &win), Depth::Old);
    }

    #[test]
    fn lines_at_two_depths_that_fit_either_reading_are_contested() {
        // Three `}` remembered at 4, 2 and 0, the file's at 8, 4 and 0, and `new` keeps two:
        // the first two of `old`'s, or its last two at the file's depth.
        let old = ["    }", "  }", "}"];
        let win = ["        }", "    }", "}"];
        assert_eq!(depth(&old, &["    }", "}"], &win), Depth::Contested);
    }

    #[test]
    fn a_pair_off_the_map_leaves_the_votes_standing() {
        // Two lines at `old`'s depth, one paired with a deeper `}`: no map of depths fits all
        // three, so the odd pair is the window's guess, not the model's indentation.
        let old = ["a()", "  }", "}"];
        let win = ["a()", "  }", "    }"];
        assert_eq!(depth(&old, &["a(1)", "    }", "}"], &win), Depth::Old);
        // The same lines with `old` off by a map throughout: either reading fits.
        let win = ["a()", "    }", "  }"];
        let old = ["a()", "  }", " }"];
        assert_eq!(depth(&old, &["a(1)", "  }", "  }"], &win), Depth::Contested);
    }

    #[test]
    fn the_indentation_characters_of_new_vote_where_no_kept_line_does() {
        // A function's body nested in 2 spaces, the file's in tabs, and `new` rewrites it.
        let old = ["fn f() {", "  a()", "}"];
        let win = ["fn f() {", "\ta()", "}"];
        let in_tabs = ["fn f() {", "\tif x {", "\t\tb()", "\t}", "}"];
        assert_eq!(depth(&old, &in_tabs, &win), Depth::File);
        let in_spaces = ["fn f() {", "  if x {", "    b()", "  }", "}"];
        assert_eq!(depth(&old, &in_spaces, &win), Depth::Old);
    }

    #[test]
    fn a_rewritten_line_votes_where_no_kept_line_does() {
        // `old` and the file agree on the lines at column 0; only the changed line tells.
        let old = ["log() {", "  echo a", "}"];
        let win = ["log() {", "    echo a", "}"];
        let at_file = ["log() {", "    echo b", "}"];
        assert_eq!(depth(&old, &at_file, &win), Depth::File);
        assert_eq!(depth(&old, &["log() {", "  echo b", "}"], &win), Depth::Old);
    }

    #[test]
    fn old_moves_to_the_files_depth_line_by_line() {
        let old = ["if x:", "  y()", "z()"];
        let win = ["    if x:", "        y()", "    w()"];
        let eq_w = [Some(0), Some(1), None];
        let map = IndentMap::Affine {
            scale: 2.0,
            offset: 4.0,
            style: crate::indent::IndentStyle::Spaces,
            tab: 4,
            grid: crate::indent::Grid::ANY,
        };
        assert_eq!(
            old_at_file_depth(&old, &win, &eq_w, &map),
            ["    if x:", "        y()", "    z()"]
        );
    }

    #[test]
    fn new_at_a_depth_of_its_own_under_a_misplaced_old_moves_to_the_files() {
        // A tab-indented body, `old` with two spaces before its tabs, `new` flush left.
        let win = [
            "\t\tsum = 0",
            "\t\tfor x in xs:",
            "\t\t\tsum += x",
            "\t\treturn sum",
        ];
        let old = [
            "  \t\tsum = 0",
            "  \t\tfor x in xs:",
            "  \t\t\tsum += x",
            "  \t\treturn sum",
        ];
        let new = ["sum = 0", "for x in xs:", "\tsum += 2 * x", "return sum"];
        let eq_w: Vec<Option<usize>> = (0..old.len()).map(Some).collect();
        let habits = || IndentHabits::of(win.iter().copied());
        assert_eq!(
            new_at_files_depth(&old, &win, &eq_w, &new, habits).unwrap(),
            [
                "\t\tsum = 0",
                "\t\tfor x in xs:",
                "\t\t\tsum += 2 * x",
                "\t\treturn sum"
            ]
        );
        // At `old`'s depth (the merge's map moves it), at the file's, or `old` at the file's
        // depth (nothing misplaced): not this function's.
        let at_old: Vec<String> = new.iter().map(|l| format!("  \t\t{l}")).collect();
        let at_old: Vec<&str> = at_old.iter().map(String::as_str).collect();
        assert_eq!(new_at_files_depth(&old, &win, &eq_w, &at_old, habits), None);
        let at_file: Vec<String> = new.iter().map(|l| format!("\t\t{l}")).collect();
        let at_file: Vec<&str> = at_file.iter().map(String::as_str).collect();
        assert_eq!(
            new_at_files_depth(&old, &win, &eq_w, &at_file, habits),
            None
        );
        assert_eq!(new_at_files_depth(&win, &win, &eq_w, &new, habits), None);
    }
}
