//! `new`'s first line copied from after its indentation, where `old` alone does not show it
//! (see [`super::first_line_indented`]): a one-line `old`, or a first line the model adds.
//! (generated `insert` and `wrap` edits, flush or first line dedented: 83 -> 45 OTHER with
//! `stray_spaces` and
//! `one_unit`, 0 new OTHER; no gate case moved.)

use super::closes;
use crate::normalize::{indent_columns, indent_of, TAB_WIDTH};

/// Columns a block's first line may sit deeper than its header: one unit of 2, 4 or 8.
const BODY_STEP: std::ops::RangeInclusive<usize> = 1..=8;

/// The votes (first line alone, all of `new`) of `new`'s second line for a one-line `old`: read
/// against `old`'s line, it stands where the first line's reading puts it, at that line's
/// depth or, under a header that opens a block, one step in.
pub(super) fn votes_after_one_line(old: &str, first_new: &str, second_new: &str) -> (usize, usize) {
    let (o, n) = (
        indent_columns(old, TAB_WIDTH),
        indent_columns(second_new, TAB_WIDTH),
    );
    let body = opens(first_new) && !closes(second_new);
    // The second line's depth past the first's, were the first at `old`'s depth or at 0.
    let fits = |past: Option<usize>| match past {
        Some(d) if body => BODY_STEP.contains(&d),
        Some(d) => d == 0,
        None => false,
    };
    (
        usize::from(fits(n.checked_sub(o))),
        usize::from(fits(Some(n))),
    )
}

/// `new` opening with a line the model adds at column 0 (a wrapper: `if enabled`, `try {`),
/// then lines deeper than `old`'s first line, closed by a line it adds at that line's depth
/// (`end`, `}`): the block stands at `old`'s depth but its first line, which gets `old`'s first
/// line's indentation. (Read as written, the wrapper and its closer would sit at two depths.)
pub(super) fn wrapper_indented(old: &[&str], new: &[&str]) -> Option<Vec<String>> {
    let (first_old, first_new) = (*old.first()?, *new.first()?);
    let indent = indent_of(first_old);
    let cut = indent_columns(first_old, TAB_WIDTH);
    let added = |l: &str| !old.iter().any(|o| o.trim() == l.trim());
    if indent.is_empty()
        || first_new.trim().is_empty()
        || !indent_of(first_new).is_empty()
        || !added(first_new)
    {
        return None;
    }
    let width = |l: &&str| indent_columns(l, TAB_WIDTH);
    let mut rest = new[1..].iter().filter(|l| !l.trim().is_empty()).peekable();
    // At least one line inside the block, then the first line back at `cut` or shallower.
    rest.peek().filter(|l| width(l) > cut)?;
    let closer = rest.find(|l| width(l) <= cut)?;
    let closed = width(closer) == cut && closes(closer) && !old.contains(closer);
    closed.then(|| {
        let mut fixed: Vec<String> = new.iter().map(|l| l.to_string()).collect();
        fixed[0] = format!("{indent}{first_new}");
        fixed
    })
}

/// Whether a line opens a block on its own (`if (x) {`, `def f(self):`, `for x in xs do`).
pub(super) fn opens(line: &str) -> bool {
    let t = line.trim_end();
    [":", "{", "(", "[", "=>", " do", " then"]
        .iter()
        .any(|o| t.ends_with(o))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapper_closed_at_olds_depth_gets_olds_indentation() {
        let old = ["  def user_params"];
        let new = ["if enabled", "    def user_params", "  end"];
        assert_eq!(
            wrapper_indented(&old, &new).unwrap(),
            ["  if enabled", "    def user_params", "  end"]
        );
        // Closed at column 0: the wrapper is where the model means it, or `new` moved whole.
        let new = ["if enabled", "  def user_params", "end"];
        assert_eq!(wrapper_indented(&old, &new), None);
        // Its first line kept from `old`: not a wrapper.
        let old = ["    if (x) {", "        a();"];
        let new = ["if (x) {", "        b();", "    }"];
        assert_eq!(wrapper_indented(&old, &new), None);
    }

    #[test]
    fn a_second_line_votes_for_the_reading_that_puts_it_where_it_belongs() {
        let old = "                result.add(order);";
        let second = "                log.debug(\"checkpoint\");";
        assert_eq!(
            votes_after_one_line(old, "result.add(order);", second),
            (1, 0)
        );
        // Under a header: one step in from `old`'s line, or from column 0.
        let old = "            if (c) {";
        assert_eq!(
            votes_after_one_line(old, "if (c) {", "                f();"),
            (1, 0)
        );
        assert_eq!(votes_after_one_line(old, "if (c) {", "    f();"), (0, 1));
        assert_eq!(
            votes_after_one_line(old, "if (c) {", "            f();"),
            (0, 0)
        );
    }
}
