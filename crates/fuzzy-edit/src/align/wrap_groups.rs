//! Lines wrapped otherwise on the two sides of a changed region: a line of one side that is
//! a run of lines of the other (a line in two, two lines joined), found by their letters.

/// The lines of a changed region (`o` of `old`, `w` of the window, blank lines left out) in
/// pairs of groups, one line on one side for one line or more on the other: one for one where
/// the counts agree, else each line taking the run of the other side's lines whose letters
/// (whitespace aside) come nearest its own in number, as a line wrapped in two has the letters
/// of the line. `None` when lines are left over on one side (lines made up or left out).
pub(crate) fn wrap_groups<'a>(
    old: &[&str],
    win: &[&str],
    o: &'a [usize],
    w: &'a [usize],
) -> Option<Vec<(&'a [usize], &'a [usize])>> {
    if o.len() == w.len() {
        return Some(o.chunks(1).zip(w.chunks(1)).collect());
    }
    let weight = |line: &str| line.chars().filter(|c| !c.is_whitespace()).count();
    let (mut i, mut j) = (0, 0);
    let mut pairs = Vec::new();
    while i < o.len() && j < w.len() {
        let (i0, j0) = (i, j);
        let (mut a, mut b) = (weight(old[o[i]]), weight(win[w[j]]));
        (i, j) = (i + 1, j + 1);
        // One side grows while a line more brings it nearer the other; only one side grows.
        while j == j0 + 1 && i < o.len() && a + weight(old[o[i]]) <= b + (b - a.min(b)) / 2 {
            a += weight(old[o[i]]);
            i += 1;
        }
        while i == i0 + 1 && j < w.len() && b + weight(win[w[j]]) <= a + (a - b.min(a)) / 2 {
            b += weight(win[w[j]]);
            j += 1;
        }
        pairs.push((&o[i0..i], &w[j0..j]));
    }
    (i == o.len() && j == w.len()).then_some(pairs)
}

/// The lines `at` of `lines`, trimmed and joined by a space: a wrapped line read as one.
pub(crate) fn joined(lines: &[&str], at: &[usize]) -> String {
    let parts: Vec<&str> = at.iter().map(|&k| lines[k].trim()).collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_wrapped_in_two_pairs_with_the_line() {
        let old = ["f(alpha,", "    beta)", "g(x)"];
        let win = ["f(alpha, beta)", "g(y)"];
        let groups = wrap_groups(&old, &win, &[0, 1, 2], &[0, 1]).unwrap();
        assert_eq!(groups, [(&[0, 1][..], &[0][..]), (&[2][..], &[1][..])]);
        assert_eq!(joined(&old, &[0, 1]), "f(alpha, beta)");
        // Joined the other way round.
        let groups = wrap_groups(&win, &old, &[0, 1], &[0, 1, 2]).unwrap();
        assert_eq!(groups, [(&[0][..], &[0, 1][..]), (&[1][..], &[2][..])]);
        // A line left over on one side: no pairing.
        let old = ["f(alpha, beta)", "g(x)", "h(z)"];
        assert_eq!(wrap_groups(&old, &win[..1], &[0, 1, 2], &[0]), None);
    }
}
