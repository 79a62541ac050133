//! Judging one outcome against the known right answer.

use std::ops::Range;

/// What the engine did with a case, judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// The result is the expected text, byte for byte.
    Exact,
    /// The result differs from the expected text only in trailing whitespace, blank lines or
    /// the final newline.
    Sound,
    /// Applied, not as expected, but the change is near the right place.
    Located,
    /// Refused.
    Refused,
    /// Real calls only: applied far from the task's line, at text that `old` names exactly
    /// or modulo whitespace: the model chose that place (the model's error, not the engine's).
    Elsewhere,
    /// Applied far from the right place, or applied where it must be refused.
    Wrong,
}

impl Outcome {
    pub const ALL: [Outcome; 6] = [
        Outcome::Exact,
        Outcome::Sound,
        Outcome::Located,
        Outcome::Refused,
        Outcome::Elsewhere,
        Outcome::Wrong,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Outcome::Exact => "exact",
            Outcome::Sound => "sound",
            Outcome::Located => "located",
            Outcome::Refused => "refused",
            Outcome::Elsewhere => "elsewhere",
            Outcome::Wrong => "wrong",
        }
    }
}

/// What a case expects.
#[derive(Debug, Clone)]
pub enum Expect {
    /// This text (a refusal is allowed but counts as refused).
    Text(String),
    /// A refusal; an edit near the right place is `Located`, elsewhere `Wrong`.
    Refuse,
    /// A refusal; any edit is `Wrong` (the engine cannot know which place is right).
    RefuseStrictly,
}

/// Lines within this distance of the right place count as near it.
pub const NEAR_LINES: usize = 5;

/// Judge an applied result (`result`) of a case whose text was `before`, whose right place is
/// lines `right` (0-based, end exclusive). `named` says the engine edited text that `old` names
/// exactly or modulo whitespace (only meaningful for real calls, where the model may pick the
/// wrong place itself).
pub fn judge(
    before: &str,
    result: Option<&str>,
    expect: &Expect,
    right: &Range<usize>,
    named: bool,
) -> Outcome {
    let Some(result) = result else {
        return Outcome::Refused;
    };
    match expect {
        Expect::Text(t) if t == result => return Outcome::Exact,
        Expect::Text(t) if sound_equal(t, result) => return Outcome::Sound,
        Expect::Text(t) if is_part_of(before, result, t) => return Outcome::Located,
        Expect::RefuseStrictly => return Outcome::Wrong,
        _ => {}
    }
    match changed_lines(before, result) {
        Some(changed) if near(&changed, right) => Outcome::Located,
        Some(_) if named => Outcome::Elsewhere,
        Some(_) => Outcome::Wrong,
        None => Outcome::Located,
    }
}

/// Whether every change from `before` to `result` is one of the changes from `before` to
/// `expected` (a correct step of a multi-part task).
pub fn is_part_of(before: &str, result: &str, expected: &str) -> bool {
    let b: Vec<&str> = before.split('\n').collect();
    let r: Vec<&str> = result.split('\n').collect();
    let e: Vec<&str> = expected.split('\n').collect();
    let hunks = |new: &[&str]| -> Vec<(Range<usize>, Range<usize>)> {
        similar::capture_diff_slices(similar::Algorithm::Myers, &b, new)
            .into_iter()
            .filter(|op| op.tag() != similar::DiffTag::Equal)
            .map(|op| (op.old_range(), op.new_range()))
            .collect()
    };
    let wanted = hunks(&e);
    let made = hunks(&r);
    !made.is_empty()
        && made.iter().all(|(old, new)| {
            wanted.iter().any(|(wold, wnew)| {
                wold.start <= old.start
                    && old.end <= wold.end
                    && e[wnew.clone()]
                        .windows(new.len().max(1))
                        .any(|w| new.is_empty() || w == &r[new.clone()])
            })
        })
}

/// Equal once trailing whitespace, blank lines and the final newline are ignored.
pub fn sound_equal(a: &str, b: &str) -> bool {
    let lines = |s: &str| {
        s.lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    lines(a) == lines(b)
}

/// Equal once every run of whitespace is ignored (indentation, spacing within lines, line
/// endings, blank lines).
pub fn code_equal(a: &str, b: &str) -> bool {
    let code = |s: &str| s.split_whitespace().collect::<String>();
    code(a) == code(b)
}

/// Lines of `before` (0-based, end exclusive) that differ in `after`, found by trimming the
/// common prefix and suffix of lines; `None` when nothing changed.
pub fn changed_lines(before: &str, after: &str) -> Option<Range<usize>> {
    let a: Vec<&str> = before.split('\n').collect();
    let b: Vec<&str> = after.split('\n').collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if prefix == a.len() && prefix == b.len() {
        return None;
    }
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    Some(prefix..(a.len() - suffix).max(prefix + 1))
}

fn near(changed: &Range<usize>, right: &Range<usize>) -> bool {
    changed.start < right.end + NEAR_LINES && right.start < changed.end + NEAR_LINES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies() {
        let before = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n";
        let exp = Expect::Text("a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n".into());
        let judge = |b, r, e, g| judge(b, r, e, g, false);
        assert_eq!(judge(before, None, &exp, &(1..2)), Outcome::Refused);
        assert_eq!(
            judge(
                before,
                Some("a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"),
                &exp,
                &(1..2)
            ),
            Outcome::Exact
        );
        assert_eq!(
            judge(
                before,
                Some("a\nB  \n\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl"),
                &exp,
                &(1..2)
            ),
            Outcome::Sound
        );
        assert_eq!(
            judge(
                before,
                Some("a\nX\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"),
                &exp,
                &(1..2)
            ),
            Outcome::Located
        );
        assert_eq!(
            judge(
                before,
                Some("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nX\n"),
                &exp,
                &(1..2)
            ),
            Outcome::Wrong
        );
        assert_eq!(
            judge(
                before,
                Some("a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"),
                &Expect::RefuseStrictly,
                &(1..2)
            ),
            Outcome::Wrong
        );
    }

    #[test]
    fn a_correct_step_of_a_larger_change_is_part_of_it() {
        assert!(is_part_of("a\nb\nc\nd", "A\nb\nc\nd", "A\nb\nc\nD"));
        assert!(!is_part_of("a\nb\nc\nd", "X\nb\nc\nd", "A\nb\nc\nD"));
        assert!(!is_part_of("a\nb", "a\nb", "A\nb"));
    }
}
