//! The lines a marker keeps, at the depth `new` is written at.
//!
//! A model that copies `old` a level too deep (or too shallow) and writes `new` at the file's
//! depth, with a marker in it, leaves two depths in one `new` once the marker is replaced by
//! `old`'s lines: the kept lines at `old`'s, the real ones at `new`'s. The edit is then fitted
//! as a re-indent of those lines (`}` a level deeper than its `{`). Where every line `new`
//! keeps from `old` is off by the same indentation, the lines the markers keep are moved by it
//! too, before they are put in.

use std::collections::HashMap;

use crate::normalize::{indent_of, loose_key};

/// `old`'s lines moved to `new`'s depth, or `None` when they are there already or the depths
/// of the lines both hold (once each, with a word in them) do not differ by one indentation
/// alike. `marker` tells `new`'s markers, which are no lines of `old`.
pub(super) fn old_at_news_depth(
    old: &[&str],
    new: &[&str],
    marker: &dyn Fn(&str) -> bool,
) -> Option<Vec<String>> {
    let once = |lines: &mut dyn Iterator<Item = &str>| {
        let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
        for (i, l) in lines.enumerate() {
            if l.chars().filter(|c| c.is_alphanumeric()).count() < 2 {
                continue;
            }
            seen.entry(loose_key(l).into_owned()).or_insert((i, 0)).1 += 1;
        }
        seen
    };
    let in_old = once(&mut old.iter().copied());
    let in_new = once(&mut new.iter().copied().filter(|l| !marker(l)));
    let real: Vec<&str> = new.iter().copied().filter(|l| !marker(l)).collect();
    // (Each pair: `old`'s indentation, `new`'s.)
    let pairs: Vec<(&str, &str)> = in_old
        .iter()
        .filter(|(_, &(_, c))| c == 1)
        .filter_map(|(k, &(i, _))| {
            let &(j, c) = in_new.get(k)?;
            (c == 1).then(|| (indent_of(old[i]), indent_of(real[j])))
        })
        .collect();
    // (Two lines at least: one line alone may be the one the model re-indented.)
    if pairs.len() < 2 {
        return None;
    }
    let (o, n) = pairs[0];
    if o == n {
        return None;
    }
    if let Some(extra) = o.strip_prefix(n) {
        // `old` deeper by `extra`: every line of it must have that much to give.
        let agree = pairs.iter().all(|&(a, b)| a.strip_prefix(b) == Some(extra));
        let room = old
            .iter()
            .all(|l| l.trim().is_empty() || l.starts_with(extra));
        return (agree && room).then(|| {
            old.iter()
                .map(|l| l.strip_prefix(extra).unwrap_or(l).to_string())
                .collect()
        });
    }
    let extra = n.strip_prefix(o)?;
    let agree = pairs.iter().all(|&(a, b)| b.strip_prefix(a) == Some(extra));
    agree.then(|| {
        old.iter()
            .map(|l| {
                if l.trim().is_empty() {
                    l.to_string()
                } else {
                    format!("{extra}{l}")
                }
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marker(l: &str) -> bool {
        l.trim() == "// ... existing code ..."
    }

    #[test]
    fn old_copied_a_level_deep_is_moved_to_news_depth() {
        let old = [
            "        if a.ber.eq(&b.ber) {",
            "            return Some(x);",
            "        }",
            "",
            "        i += 1;",
        ];
        let new = [
            "    if a.new_ber.eq(&b.new_ber) {",
            "        return Some(x);",
            "    // ... existing code ...",
            "    i += 1;",
        ];
        assert_eq!(
            old_at_news_depth(&old, &new, &marker).unwrap(),
            [
                "    if a.ber.eq(&b.ber) {",
                "        return Some(x);",
                "    }",
                "",
                "    i += 1;"
            ]
        );
    }

    #[test]
    fn depths_that_differ_by_more_than_one_shift_are_left() {
        // The model wrapped two lines in a block: re-indented on purpose, not all alike.
        let old = ["a = 1", "b = 2", "c = 3"];
        let new = [
            "a = 1",
            "if x:",
            "    b = 2",
            "    // ... existing code ...",
        ];
        assert_eq!(old_at_news_depth(&old, &new, &marker), None);
        let same = ["a = 1", "b = 2"];
        assert_eq!(old_at_news_depth(&same, &same, &marker), None);
    }
}
