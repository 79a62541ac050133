//! `old` with its slips undone, and `new` with the same slips undone where it repeats them.
//!
//! `old` repaired is the file's lines in the file's order (a copied line once, swapped lines
//! back in place, joined lines split where the file breaks them; a line left out stays out:
//! the merge keeps the file's line where the model did not touch it). `new` is read against
//! `old` line by line (a Myers diff): a slipped line `new` keeps as written (or rewrites one for
//! one) carries the slip into `new`, and is repaired the same way; a slipped line `new` drops
//! or rewrites in a longer change was written from the file's lines, and `new` stands as given.

use similar::{capture_diff_slices, Algorithm, DiffTag};

use super::alignment::Step;
use crate::align::line_similarity;
use crate::normalize::{indent_of, loose_equal, loose_key};
use crate::thresholds::REWRITTEN_LINE;

/// What became of a line of `old` in `new`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Image {
    /// Kept as line `k` of `new`.
    Kept(usize),
    /// Rewritten one for one as line `k` of `new`.
    Rewritten(usize),
    /// Dropped, or part of a change of another length.
    Unclear,
}

impl Image {
    fn line(self) -> Option<usize> {
        match self {
            Image::Kept(k) | Image::Rewritten(k) => Some(k),
            Image::Unclear => None,
        }
    }
}

/// The lines of `old` the alignment's steps name, by their index in `old` (with blank lines),
/// and the file's lines they stand for.
pub(super) struct Slipped<'a> {
    /// `old`'s lines.
    pub(super) old: &'a [&'a str],
    /// Index in `old` of each non-blank line.
    pub(super) non_blank: &'a [usize],
    /// The region's lines, as the file has them.
    pub(super) region: &'a [&'a str],
}

/// `(old, new)` repaired, as lines; `None` when `new` repeats a slip in a way that cannot be
/// undone (a line copied twice, the two copies rewritten differently; swapped lines both
/// rewritten, whose order is then unknown; a joined line rewritten on both sides of the join).
pub(super) fn repaired(
    slipped: &Slipped<'_>,
    steps: &[Step],
    new: &[&str],
) -> Option<(Vec<String>, Vec<String>)> {
    let old = slipped.old;
    let images = images(old, new);
    let swapped: Vec<usize> = steps
        .iter()
        .filter_map(|step| match *step {
            Step::Swapped { i, .. } => Some([slipped.non_blank[i], slipped.non_blank[i + 1]]),
            _ => None,
        })
        .flatten()
        .collect();
    if moves_a_line(old, new, &images, &swapped) || parts_a_swapped_pair(old, new, &swapped) {
        return None;
    }
    let mut old_out: Vec<Vec<String>> = old.iter().map(|l| vec![l.to_string()]).collect();
    let mut new_out: Vec<Vec<String>> = new.iter().map(|l| vec![l.to_string()]).collect();
    for &step in steps {
        match step {
            Step::Same { .. } | Step::Left { .. } => {}
            Step::Twice { i, .. } => {
                let (a, b) = (slipped.non_blank[i], slipped.non_blank[i + 1]);
                old_out[b].clear();
                let (x, y) = (images[a], images[b]);
                match (x.line(), y.line()) {
                    (Some(p), Some(q)) if new[p].trim_end() == new[q].trim_end() => {
                        // Both copies written alike: the line once; apart, which is meant
                        // is unknown.
                        if q != p + 1 {
                            return None;
                        }
                        new_out[q].clear();
                    }
                    _ if rewritten(x) && rewritten(y) => return None,
                    _ => {}
                }
            }
            Step::Swapped { i, .. } => {
                let (a, b) = (slipped.non_blank[i], slipped.non_blank[i + 1]);
                old_out.swap(a, b);
                if stand_in_order(new, old[b], old[a]) {
                    // Written in the file's order already.
                    continue;
                }
                let (x, y) = (
                    rewrite_of(images[a], old[a], old[b], new),
                    rewrite_of(images[b], old[b], old[a], new),
                );
                if rewritten(x) && rewritten(y) {
                    return None;
                }
                if next_to(x, y) {
                    // `new` keeps them in `old`'s order: put back in the file's.
                    new_out.swap(x.line()?, y.line()?);
                }
            }
            Step::Joined { i, j } => {
                let a = slipped.non_blank[i];
                let (first, second) = (slipped.region[j], slipped.region[j + 1]);
                let (left, right) = split_as(old[a], first, second)?;
                let second_indent = if indent_of(old[a]) == indent_of(first) {
                    indent_of(second)
                } else {
                    indent_of(old[a])
                };
                let right_line = format!("{second_indent}{right}");
                old_out[a] = vec![left.to_string(), right_line.clone()];
                match images[a] {
                    Image::Kept(k) => new_out[k] = vec![left.to_string(), right_line],
                    Image::Rewritten(k) => {
                        let line = new[k].trim_end();
                        if let Some(rest) = line.strip_prefix(left.trim_end()) {
                            let rest = rest.trim_start();
                            if rest.len() == line.len() - left.trim_end().len() || rest.is_empty() {
                                return None;
                            }
                            new_out[k] = vec![left.to_string(), format!("{second_indent}{rest}")];
                        } else if let Some(head) = line.strip_suffix(right.trim_end()) {
                            let head = head.trim_end();
                            if head.len() == line.len() - right.trim_end().len()
                                || head.trim().is_empty()
                            {
                                return None;
                            }
                            new_out[k] = vec![head.to_string(), right_line];
                        } else {
                            return None;
                        }
                    }
                    Image::Unclear => {}
                }
            }
            Step::Split { i, j } => {
                let (a, b) = (slipped.non_blank[i], slipped.non_blank[i + 1]);
                let line = slipped.region[j].trim();
                old_out[a] = vec![format!("{}{line}", indent_of(old[a]))];
                old_out[b].clear();
                let (x, y) = (images[a], images[b]);
                let (Some(p), Some(q)) = (x.line(), y.line()) else {
                    // Dropped or part of a longer change: `new` stands as written.
                    continue;
                };
                if q != p + 1 || (rewritten(x) && rewritten(y)) {
                    return None;
                }
                let joined = if rewritten(x) || rewritten(y) {
                    let gap = wrap_gap_in(line, old[a].trim(), old[b].trim());
                    format!("{}{gap}{}", new[p].trim(), new[q].trim())
                } else {
                    line.to_string()
                };
                new_out[p] = vec![format!("{}{joined}", indent_of(new[p]))];
                new_out[q].clear();
            }
        }
    }
    Some((
        old_out.into_iter().flatten().collect(),
        new_out.into_iter().flatten().collect(),
    ))
}

/// Whether `new` moves a line of `old` (other than the lines of a slipped swap, `except`): the
/// line is not kept where it was, yet `new` has it, loosely, where no line of `old` is kept.
/// A model that reorders lines on purpose reorders them against the order it believes the file
/// has, and which order it meant for the file's own is then unknown.
fn moves_a_line(old: &[&str], new: &[&str], images: &[Image], except: &[usize]) -> bool {
    let mut kept = vec![false; new.len()];
    for image in images {
        if let Image::Kept(k) = *image {
            kept[k] = true;
        }
    }
    (0..old.len()).any(|i| {
        !except.contains(&i)
            && !old[i].trim().is_empty()
            && matches!(images[i], Image::Unclear)
            && (0..new.len()).any(|k| !kept[k] && loose_equal(new[k], old[i]))
    })
}

/// Whether `new` has both lines of a swapped pair (`swapped` holds the pairs' indices in
/// `old`, two by two) but not next to each other: the model moved one of them on purpose.
fn parts_a_swapped_pair(old: &[&str], new: &[&str], swapped: &[usize]) -> bool {
    let at = |i: usize| new.iter().position(|l| loose_equal(l, old[i]));
    swapped
        .chunks(2)
        .any(|pair| matches!((at(pair[0]), at(pair[1])), (Some(x), Some(y)) if x.abs_diff(y) != 1))
}

/// Whether `new` has a line like `first` right before one like `second` (loosely).
fn stand_in_order(new: &[&str], first: &str, second: &str) -> bool {
    new.windows(2)
        .any(|w| loose_equal(w[0], first) && loose_equal(w[1], second))
}

/// `image` of `own` when it is a rewrite of it, more like it than like `other`, the line it was
/// swapped with; else [`Image::Unclear`]: a one-for-one replacement in the diff says which new
/// line stands opposite, not that it was written from that line.
fn rewrite_of(image: Image, own: &str, other: &str, new: &[&str]) -> Image {
    let Image::Rewritten(k) = image else {
        return image;
    };
    let (to_own, to_other) = (line_similarity(own, new[k]), line_similarity(other, new[k]));
    if to_own >= REWRITTEN_LINE && to_own > to_other {
        image
    } else {
        Image::Unclear
    }
}

/// Whether two lines of `old` became lines of `new` one right after the other.
fn next_to(x: Image, y: Image) -> bool {
    matches!((x.line(), y.line()), (Some(x), Some(y)) if y == x + 1)
}

fn rewritten(x: Image) -> bool {
    matches!(x, Image::Rewritten(_))
}

/// What became of each line of `old` in `new` (compared without trailing blanks).
fn images(old: &[&str], new: &[&str]) -> Vec<Image> {
    let otrim: Vec<&str> = old.iter().map(|l| l.trim_end()).collect();
    let ntrim: Vec<&str> = new.iter().map(|l| l.trim_end()).collect();
    let mut out = vec![Image::Unclear; old.len()];
    for op in capture_diff_slices(Algorithm::Myers, &otrim, &ntrim) {
        let (tag, o, n) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => o.zip(n).for_each(|(i, k)| out[i] = Image::Kept(k)),
            DiffTag::Replace if o.len() == n.len() => {
                o.zip(n).for_each(|(i, k)| out[i] = Image::Rewritten(k))
            }
            _ => {}
        }
    }
    out
}

/// What the file's `line` has between the parts `head` and `tail` of it as the model wrapped
/// it: the bytes between them when the line is the two with something between, else a space
/// when the parts (loosely) need one.
fn wrap_gap_in<'l>(line: &'l str, head: &str, tail: &str) -> &'l str {
    match line.strip_prefix(head).and_then(|r| r.strip_suffix(tail)) {
        Some(gap) if gap.trim().is_empty() => gap,
        _ if loose_key(line).len() > loose_key(head).len() + loose_key(tail).len() => " ",
        _ => "",
    }
}

/// `line` split into the part that is `first` and the part that is `second` (loosely), at a run
/// of whitespace: `(left with its indentation, right trimmed)`.
fn split_as<'l>(line: &'l str, first: &str, second: &str) -> Option<(&'l str, &'l str)> {
    let (want_left, want_right) = (loose_key(first), loose_key(second));
    let body_start = line.len() - line.trim_start().len();
    let bytes = line.as_bytes();
    (body_start..line.len())
        .filter(|&p| bytes[p].is_ascii_whitespace() && p > 0 && !bytes[p - 1].is_ascii_whitespace())
        .find_map(|p| {
            let (left, right) = (&line[..p], line[p..].trim());
            (loose_key(left) == want_left && loose_key(right) == want_right)
                .then_some((left, right))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repair(
        old: &[&str],
        region: &[&str],
        steps: &[Step],
        new: &[&str],
    ) -> Option<(Vec<String>, Vec<String>)> {
        let non_blank: Vec<usize> = (0..old.len())
            .filter(|&i| !old[i].trim().is_empty())
            .collect();
        let slipped = Slipped {
            old,
            non_blank: &non_blank,
            region,
        };
        repaired(&slipped, steps, new)
    }

    #[test]
    fn a_copied_line_is_written_once_where_new_copies_it_too() {
        let region = ["a", "b", "c"];
        let steps = [
            Step::Same { i: 0, j: 0 },
            Step::Twice { i: 1, j: 1 },
            Step::Same { i: 3, j: 2 },
        ];
        let old = ["a", "b", "b", "c"];
        // `new` copies it too: once.
        let (o, n) = repair(&old, &region, &steps, &["a", "b", "b", "C"]).unwrap();
        assert_eq!(
            (o, n),
            (
                vec!["a", "b", "c"].into_iter().map(String::from).collect(),
                vec!["a".to_string(), "b".into(), "C".into()]
            )
        );
        // `new` has it once (written from the file): as given.
        let (_, n) = repair(&old, &region, &steps, &["a", "b", "C"]).unwrap();
        assert_eq!(n, ["a", "b", "C"]);
        // `new` keeps one copy and rewrites the other: a line added beside the kept one.
        let (_, n) = repair(&old, &region, &steps, &["a", "b", "x", "c"]).unwrap();
        assert_eq!(n, ["a", "b", "x", "c"]);
        // Both copies rewritten differently: which is meant is unknown.
        assert!(repair(&old, &region, &steps, &["a", "x", "y", "c"]).is_none());
    }

    #[test]
    fn swapped_lines_go_back_in_the_files_order() {
        let region = ["a", "b", "c", "d"];
        let steps = [
            Step::Same { i: 0, j: 0 },
            Step::Swapped { i: 1, j: 1 },
            Step::Same { i: 3, j: 3 },
        ];
        let old = ["a", "c", "b", "d"];
        let (o, n) = repair(&old, &region, &steps, &["a", "c", "b", "D"]).unwrap();
        assert_eq!(o, ["a", "b", "c", "d"]);
        assert_eq!(n, ["a", "b", "c", "D"]);
        // `new` in the file's order already: as given.
        let (_, n) = repair(&old, &region, &steps, &["a", "b", "C", "d"]).unwrap();
        assert_eq!(n, ["a", "b", "C", "d"]);
        // `new` in the file's order with a line added, which the diff sets opposite one of them.
        let old2 = ["a", "weight: 1", "color: red", "d"];
        let region2 = ["a", "color: red", "weight: 1", "d"];
        let (_, n) = repair(
            &old2,
            &region2,
            &steps,
            &["a", "color: red", "weight: 1", "weight_extra: 1", "d"],
        )
        .unwrap();
        assert_eq!(n, ["a", "color: red", "weight: 1", "weight_extra: 1", "d"]);
        // One of them rewritten in `old`'s order: the rewritten line where it stands in the file.
        let old3 = ["a", "gamma = 3", "beta = 2", "d"];
        let region3 = ["a", "beta = 2", "gamma = 3", "d"];
        let new3 = ["a", "gamma = 30", "beta = 2", "d"];
        let (_, n) = repair(&old3, &region3, &steps, &new3).unwrap();
        assert_eq!(n, ["a", "beta = 2", "gamma = 30", "d"]);
    }

    #[test]
    fn a_joined_line_is_split_where_the_file_breaks_it() {
        let region = ["  one two", "  three four", "end"];
        let steps = [Step::Joined { i: 0, j: 0 }, Step::Same { i: 1, j: 2 }];
        let old = ["  one two three four", "end"];
        let (o, n) = repair(&old, &region, &steps, &["  one two three FOUR", "end"]).unwrap();
        assert_eq!(o, ["  one two", "  three four", "end"]);
        assert_eq!(n, ["  one two", "  three FOUR", "end"]);
        let (_, n) = repair(&old, &region, &steps, &["  one TWO three four", "end"]).unwrap();
        assert_eq!(n, ["  one TWO", "  three four", "end"]);
        // Rewritten across the join: where it breaks is unknown.
        assert!(repair(&old, &region, &steps, &["  one TWO three FOUR", "end"]).is_none());
        // Written as the file's two lines: as given.
        let (_, n) = repair(&old, &region, &steps, &["  one two", "  three FOUR", "end"]).unwrap();
        assert_eq!(n, ["  one two", "  three FOUR", "end"]);
    }

    #[test]
    fn a_wrapped_line_is_joined_as_the_file_has_it() {
        let region = ["  one two three four", "end"];
        let steps = [Step::Split { i: 0, j: 0 }, Step::Same { i: 2, j: 1 }];
        let old = ["  one two", "      three four", "end"];
        let (o, n) = repair(
            &old,
            &region,
            &steps,
            &["  one two", "      three four", "END"],
        )
        .unwrap();
        assert_eq!(o, ["  one two three four", "end"]);
        assert_eq!(n, ["  one two three four", "END"]);
        let (_, n) = repair(
            &old,
            &region,
            &steps,
            &["  one two", "      three FOUR", "end"],
        )
        .unwrap();
        assert_eq!(n, ["  one two three FOUR", "end"]);
        // Rewritten on both sides of the break, or the parts apart in `new`: unknown.
        assert!(repair(
            &old,
            &region,
            &steps,
            &["  one TWO", "      three FOUR", "end"]
        )
        .is_none());
        assert!(repair(
            &old,
            &region,
            &steps,
            &["  one two", "x", "      three four", "end"]
        )
        .is_none());
        // Dropped: `new` as written.
        let (_, n) = repair(&old, &region, &steps, &["  gone", "end"]).unwrap();
        assert_eq!(n, ["  gone", "end"]);
    }
}
