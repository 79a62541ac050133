//! Elision comments (`# ... existing code ...`) in `new` where `old` has none: each stands for
//! the lines of `old` it covers, or the edit is refused as [`Unclear`].
//!
//! `old` and `new` are compared by their non-blank lines: a blank line is no landmark (a
//! model that writes `a`, a marker, `c'` for `a`, blank, comment, `c` means the blank line and
//! the comment, and a line diff that pairs the blank line with another blank line further down
//! would read the marker as standing for nothing). Within each changed region, which lines the
//! markers keep is weighed in [`readings`]; a marker written after code on one line is split
//! off after a whole line of `old` and unclear otherwise ([`trailing_marker`]).

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::align::{changed_regions, loose_diff};
use crate::normalize::{indent_of, loose_equal, loose_hash, loose_key};
use crate::notation::is_elision_marker;
use crate::notation::Unclear;
use crate::text::lines_of;
use crate::text::Text;

mod depth;
mod readings;
mod structure;
mod tokens;
use readings::Region;
pub(crate) use structure::bracket_balance;

/// An elision comment (not a bare `...`, which is code in Python) in a `new` whose `old` has
/// none.
fn is_elision_comment(line: &str) -> bool {
    let t = line.trim();
    t != "..." && t != "\u{2026}" && is_elision_marker(line)
}

/// A line of code ending in an elision comment (`json, cors, // ... existing code ...`): the
/// code (without the spaces before the comment) and the comment.
fn trailing_marker(line: &str) -> Option<(&str, &str)> {
    // (A whole marker line is no code: `<!-- ... -->` is not `<!` then `-- ... -->`.)
    if is_elision_comment(line) {
        return None;
    }
    let leaders = ["//", "#", "/*", "<!--", "--"];
    line.char_indices().find_map(|(i, _)| {
        let rest = &line[i..];
        let code = line[..i].trim_end();
        (!code.trim().is_empty()
            && leaders.iter().any(|l| rest.starts_with(l))
            && is_elision_comment(rest))
        .then_some((code, rest))
    })
}

/// Replace each elision comment of `new` by the lines of `old` it stands for, or say it is
/// unclear. `None` when `new` has no marker to resolve.
pub(crate) fn resolve_elisions(
    text: &Text,
    old: &str,
    new: &str,
) -> Result<Option<String>, Unclear> {
    resolve_elisions_until(text, old, new, None)
}

/// [`resolve_elisions`], giving up (`None`, markers left as written) once `deadline` has
/// passed: the search that follows is then refused as too complex at once. The regions are
/// the loop that grows with the input (each region's readings are bounded by their own work
/// limit): 1,000 markers on an 11 MB file ran 90 ms past a 200 ms limit before the search
/// looked at the clock.
pub(crate) fn resolve_elisions_until(
    text: &Text,
    old: &str,
    new: &str,
    deadline: Option<std::time::Instant>,
) -> Result<Option<String>, Unclear> {
    let late = || deadline.is_some_and(|d| std::time::Instant::now() >= d);
    let (old_lines, _) = lines_of(old);
    let (written, new_trailing) = lines_of(new);
    // (Compared modulo whitespace, as the line diff below compares lines.)
    // (The file's lines indexed once by their loose hash, on the first marker-like line: a
    // walk over the file for each of a thousand markers took 31 s on an 11 MB file.)
    let index = std::cell::OnceCell::new();
    let files_line = |l: &str| {
        let index: &Vec<(u64, usize)> = index.get_or_init(|| {
            // (Lines [`loose_equal`] calls equal have one loose key, so one hash.)
            let mut v: Vec<(u64, usize)> = text.loose_hashes().iter().copied().zip(0..).collect();
            v.sort_unstable();
            v
        });
        let h = loose_hash(l);
        let from = index.partition_point(|&(k, _)| k < h);
        index[from..]
            .iter()
            .take_while(|&&(k, _)| k == h)
            .any(|&(_, i)| loose_equal(text.line(i), l))
    };
    // (A marker-like line the file holds is code, in `old` as in `new`: a line like any other.)
    let marker = |l: &str| is_elision_comment(l) && !files_line(l);
    if old_lines.iter().any(|l| marker(l)) {
        return Ok(None);
    }
    // A marker written after code on a line of `new`: split off onto a line of its own when
    // the code is a whole line of `old` (the marker stands for the lines after it); otherwise
    // it stands for part of that line, and which part is unclear.
    let mut new_lines: Vec<&str> = Vec::with_capacity(written.len());
    let mut numbers: Vec<usize> = Vec::with_capacity(written.len());
    for (k, line) in written.iter().enumerate() {
        match trailing_marker(line).filter(|&(_, m)| !text.as_str().contains(m)) {
            Some((code, m)) if !files_line(line) => {
                if !old_lines.iter().any(|l| loose_equal(l, code)) {
                    return Err(Unclear {
                        marker: m.trim().to_string(),
                        line: k + 1,
                    });
                }
                new_lines.extend([code, m]);
                numbers.extend([k, k]);
            }
            _ => {
                new_lines.push(line);
                numbers.push(k);
            }
        }
    }
    if !new_lines.iter().any(|l| marker(l)) {
        return Ok(None);
    }
    let shifted = depth::old_at_news_depth(&old_lines, &new_lines, &marker);
    let old_lines: Vec<&str> = match &shifted {
        Some(lines) => lines.iter().map(String::as_str).collect(),
        None => old_lines,
    };
    let unclear = |k: usize| Unclear {
        marker: new_lines[k].trim().to_string(),
        line: numbers[k] + 1,
    };
    let mut out: Vec<&str> = Vec::with_capacity(new_lines.len() + old_lines.len());
    let mut pos_new = 0;
    let regions = regions_between_non_blank_lines(&old_lines, &new_lines);
    let moved_keys = moved_lines(text, &old_lines, &new_lines, &marker);
    let moved = |l: &str| moved_keys.contains(loose_key(l).as_ref());
    let has_marker = |n: &Range<usize>| new_lines[n.clone()].iter().any(|l| marker(l));
    let regions = merge_beside_twins(&old_lines, &new_lines, regions, has_marker);
    // (The balance `new`'s real lines leave to the kept lines, known where one region has
    // markers: the model's own changes elsewhere count.)
    let kept_balance = (regions.iter().filter(|(_, n)| has_marker(n)).count() == 1).then(|| {
        let balance = |lines: &mut dyn Iterator<Item = &&str>| -> i64 {
            lines.map(|l| bracket_balance(l)).sum()
        };
        balance(&mut old_lines.iter()) - balance(&mut new_lines.iter().filter(|l| !marker(l)))
    });
    for (o, n) in regions {
        if late() {
            return Ok(None);
        }
        out.extend_from_slice(&new_lines[pos_new..n.start]);
        pos_new = n.end;
        let side = &new_lines[n.clone()];
        let markers: Vec<usize> = (0..side.len()).filter(|&t| marker(side[t])).collect();
        if markers.is_empty() {
            out.extend_from_slice(side);
            continue;
        }
        let region = Region {
            old: &old_lines[o.clone()],
            side,
            markers: &markers,
            at_start: o.start == 0,
            at_end: o.end == old_lines.len(),
            same_depth: written_at_olds_depth(&old_lines, &new_lines, &o, &n),
            after: (o.end < old_lines.len() && n.end < new_lines.len())
                .then(|| (old_lines[o.end], new_lines[n.end])),
            moved: &moved,
            kept_balance,
        };
        let resolved = region
            .resolve()
            .ok_or_else(|| unclear(n.start + markers[0]))?;
        out.extend(resolved);
    }
    out.extend_from_slice(&new_lines[pos_new..]);
    let mut s = out.join("\n");
    if new_trailing {
        s.push('\n');
    }
    Ok(Some(s))
}

/// Whether the line `old` and `new` share right before a changed region (`o`, `n`), or right
/// after it at the start of `new`, is written at the same indentation: then the depth of a real
/// line in the region can be compared with that of a line of `old`. (The line after it may be
/// one the model re-indented: its change.)
fn written_at_olds_depth(old: &[&str], new: &[&str], o: &Range<usize>, n: &Range<usize>) -> bool {
    let before = (o.start > 0 && n.start > 0).then(|| (old[o.start - 1], new[n.start - 1]));
    let after = || (o.end < old.len() && n.end < new.len()).then(|| (old[o.end], new[n.end]));
    before
        .or_else(after)
        .is_some_and(|(a, b)| indent_of(a) == indent_of(b))
}

/// The loose keys of the lines `old`, the file and `new`'s real lines each hold exactly once,
/// lines with a word in them: where a marker would keep such a line, `new` has also written it
/// elsewhere (the model moved it).
fn moved_lines(
    text: &Text,
    old: &[&str],
    new: &[&str],
    marker: &dyn Fn(&str) -> bool,
) -> HashSet<String> {
    let counts = |lines: &mut dyn Iterator<Item = &str>| {
        let mut count: HashMap<String, usize> = HashMap::new();
        for l in lines.filter(|l| l.chars().any(char::is_alphanumeric)) {
            *count.entry(loose_key(l).into_owned()).or_default() += 1;
        }
        count
    };
    let in_old = counts(&mut old.iter().copied());
    let in_new = counts(&mut new.iter().copied().filter(|l| !marker(l)));
    let mut once: HashMap<String, usize> = in_old
        .into_iter()
        .filter(|(k, c)| *c == 1 && in_new.get(k) == Some(&1))
        .map(|(k, _)| (k, 0))
        .collect();
    if once.is_empty() {
        return HashSet::new();
    }
    for i in 0..text.line_count() {
        if let Some(c) = once.get_mut(loose_key(text.line(i)).as_ref()) {
            *c += 1;
        }
    }
    once.into_iter()
        .filter(|&(_, c)| c == 1)
        .map(|(k, _)| k)
        .collect()
}

/// The regions with markers, each merged with the changed region before it (after it) when
/// every line between them is a line `old` or `new` holds more than once: the line diff may
/// have paired such a line (`"""`, `<li>`, a `}` closing a block `new` adds) with the wrong one
/// of its twins, and taken the lines between as deleted, or as what the marker stands for.
/// Which lines the markers keep is then weighed over the whole.
fn merge_beside_twins(
    old: &[&str],
    new: &[&str],
    mut regions: Vec<(Range<usize>, Range<usize>)>,
    has_marker: impl Fn(&Range<usize>) -> bool,
) -> Vec<(Range<usize>, Range<usize>)> {
    let counts = |lines: &[&str]| {
        let mut count: HashMap<String, usize> = HashMap::new();
        for l in lines {
            *count.entry(loose_key(l).into_owned()).or_default() += 1;
        }
        count
    };
    let (in_old, in_new) = (counts(old), counts(new));
    let twins = |between: Range<usize>| {
        let mut lines = old[between].iter().filter(|l| !l.trim().is_empty());
        lines.all(|l| {
            let key = loose_key(l);
            let more =
                |count: &HashMap<String, usize>| count.get(key.as_ref()).is_some_and(|&c| c > 1);
            more(&in_old) || more(&in_new)
        })
    };
    let mut i = 0;
    while i < regions.len() {
        let (o, n) = regions[i].clone();
        if !has_marker(&n) {
            i += 1;
            continue;
        }
        if i > 0 && twins(regions[i - 1].0.end..o.start) {
            let (po, pn) = regions.remove(i - 1);
            regions[i - 1] = (po.start..o.end, pn.start..n.end);
            i -= 1;
        } else if i + 1 < regions.len() && twins(o.end..regions[i + 1].0.start) {
            let (no, nn) = regions.remove(i + 1);
            regions[i] = (o.start..no.end, n.start..nn.end);
        } else {
            i += 1;
        }
    }
    regions
}

/// The changed regions of a line diff of `old` and `new` by their non-blank lines, in line
/// numbers of the whole texts: each region takes in the blank lines around it, up to the equal
/// lines on either side.
fn regions_between_non_blank_lines(
    old: &[&str],
    new: &[&str],
) -> Vec<(Range<usize>, Range<usize>)> {
    let non_blank =
        |v: &[&str]| -> Vec<usize> { (0..v.len()).filter(|&i| !v[i].trim().is_empty()).collect() };
    let (oi, ni) = (non_blank(old), non_blank(new));
    let pick = |v: &[&str], idx: &[usize]| -> Vec<String> {
        idx.iter().map(|&i| v[i].to_string()).collect()
    };
    let (o, n) = (pick(old, &oi), pick(new, &ni));
    let (o, n): (Vec<&str>, Vec<&str>) = (
        o.iter().map(String::as_str).collect(),
        n.iter().map(String::as_str).collect(),
    );
    let whole = |idx: &[usize], len: usize, r: Range<usize>| {
        let start = if r.start == 0 {
            0
        } else {
            idx[r.start - 1] + 1
        };
        let end = idx.get(r.end).copied().unwrap_or(len);
        start..end
    };
    changed_regions(loose_diff(&o, &n))
        .into_iter()
        .map(|(a, b)| (whole(&oi, old.len(), a), whole(&ni, new.len(), b)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(old: &str, new: &str) -> Result<Option<String>, Unclear> {
        resolve_elisions(&Text::new(old), old, new)
    }

    #[test]
    fn a_passed_deadline_leaves_the_markers_unresolved() {
        let old = "fn f() {\n    a();\n    b();\n}";
        let new = "fn f() {\n    // ... existing code ...\n    b(2);\n}";
        let text = Text::new(old);
        let later = std::time::Instant::now() + std::time::Duration::from_secs(3600);
        let resolved = resolve_elisions_until(&text, old, new, Some(later)).unwrap();
        assert_eq!(
            resolved.as_deref(),
            Some("fn f() {\n    a();\n    b(2);\n}")
        );
        let past = std::time::Instant::now() - std::time::Duration::from_millis(1);
        assert_eq!(
            resolve_elisions_until(&text, old, new, Some(past)),
            Ok(None)
        );
    }

    #[test]
    fn a_marker_after_code_is_split_off_when_the_code_is_a_line_of_old() {
        assert_eq!(
            trailing_marker("  json, cors, // ... existing code ..."),
            Some(("  json, cors,", "// ... existing code ..."))
        );
        assert_eq!(trailing_marker("  // ... existing code ..."), None);
        assert_eq!(
            trailing_marker("    <!-- ... existing content ... -->"),
            None
        );
        assert_eq!(
            trailing_marker("<p>a</p> <!-- ... -->"),
            Some(("<p>a</p>", "<!-- ... -->"))
        );
        assert_eq!(trailing_marker("let url = \"http://...\";"), None);
        assert_eq!(trailing_marker("x = 1  # a comment"), None);
        let old = "fn f() {\n    a();\n    b();\n}";
        assert_eq!(
            resolve(old, "fn f() { // ... existing code ...\n    b(2);\n}").unwrap(),
            Some("fn f() {\n    a();\n    b(2);\n}".to_string())
        );
    }

    #[test]
    fn a_marker_finishing_a_changed_line_is_unclear() {
        let old = "import {\n  json, auth, router,\n} from \"x\";";
        let e = resolve(
            old,
            "import {\n  json, cors, // ... existing code ...\n} from \"x\";",
        )
        .unwrap_err();
        assert_eq!((e.marker.as_str(), e.line), ("// ... existing code ...", 2));
        // On a line of its own after the changed line: the same question.
        let new = "import {\n  json, cors,\n  // ... existing code ...\n} from \"x\";";
        assert_eq!(resolve(old, new).unwrap_err().line, 3);
        // A comment the file holds after code is the file's.
        let old = "x = 1  # ... and more\ny = 2";
        assert_eq!(resolve(old, "x = 1  # ... and more\ny = 3").unwrap(), None);
    }

    #[test]
    fn a_marker_keeps_the_lines_before_the_line_the_model_rewrote() {
        let old = "    # a\n    # b\n    # c\n    if need_to_add:\n        add(path)";
        let new = "    # a\n    # ... existing code ...\n    if need_to_add and self.auto_commits:\n        add(path)";
        assert_eq!(
            resolve(old, new).unwrap().unwrap(),
            "    # a\n    # b\n    # c\n    if need_to_add and self.auto_commits:\n        add(path)"
        );
    }

    #[test]
    fn a_new_line_beside_a_sibling_it_may_replace_is_unclear() {
        // `cors,` may be added before `auth,` or replace it: both read well, and differ.
        let old = "import {\n  json,\n  auth,\n  router,\n} from \"x\";";
        let new = "import {\n  json,\n  cors,\n  // ... existing code ...\n} from \"x\";";
        assert!(resolve(old, new).is_err());
        // A kept line the real line after the marker is a rewrite of: the marker would keep
        // the old version beside the new one.
        let old = "def f():\n    a = 1\n    total = compute(a)\n    return total";
        let new = "def f():\n    # ... existing code ...\n    total = compute(a, 2)\n    log(total)\n    return total";
        assert_eq!(
            resolve(old, new).unwrap().unwrap(),
            "def f():\n    a = 1\n    total = compute(a, 2)\n    log(total)\n    return total"
        );
    }

    #[test]
    fn a_marker_keeps_the_blank_lines_at_the_edges_of_the_lines_it_stands_for() {
        // A marker alone between two kept lines: the blank lines it covers are the file's.
        let old = "import tempfile\n\nfrom a import b\nfrom c import d\n\n\ndef f():";
        let new = "import tempfile\n# ... existing code ...\n\n\ndef f():";
        assert_eq!(resolve(old, new).unwrap().unwrap(), old);
        // After a rewritten line, the blank line before the next paragraph stays.
        let old =
            "def f(a):\n    x = a + 1\n    y = x * 2\n\n    z = y - 3\n    w = z + x\n    return w";
        let new =
            "def f(a):\n    x = a + 2\n    y = x * 2\n    # ... existing code ...\n    return w";
        assert_eq!(
            resolve(old, new).unwrap().unwrap(),
            old.replace("a + 1", "a + 2")
        );
    }

    #[test]
    fn blank_lines_written_beside_a_marker_are_the_files_first_ones() {
        // The model wrote one of the file's two blank lines: not doubled, the other kept.
        let old = "class A:\n    x = 1\n\n\nclass B:\n    y = 2\n\n\nclass C:\n    z = 3";
        let new = "class A:\n    x = 10\n\n# ... existing code ...\n\nclass C:\n    z = 3";
        assert_eq!(
            resolve(old, new).unwrap().unwrap(),
            old.replace("x = 1\n", "x = 10\n")
        );
        // Blank lines the model wrote where the file has none stay its own.
        let old = "def f():\n    a = 1\n    b = 2\n    return a";
        let new = "def f():\n    a = 10\n\n    # ... existing code ...\n    return a";
        assert_eq!(
            resolve(old, new).unwrap().unwrap(),
            "def f():\n    a = 10\n\n    b = 2\n    return a"
        );
    }

    #[test]
    fn a_line_old_holds_twice_before_a_marker_is_paired_with_the_nearer_twin() {
        // `"""` after the rewritten line ends its docstring, not the last one of `old`:
        // the marker stands for the methods between, which stay.
        let doc = |name: &str, what: &str| {
            format!(
                "    def {name}(self, records):\n        \"\"\"\n        {what}\n        \"\"\"\n"
            )
        };
        let old = [
            doc(
                "header",
                "Return the header string for the specified records.",
            ),
            "        return \"\"\n\n".into(),
            doc("footer", "Nothing goes after the page."),
            "        return \"\"\n\n".into(),
            doc("format", "Join every record into one text."),
            "        rv = \"\"".into(),
        ]
        .concat();
        let rewritten = "Return the page header string for the specified records.";
        let new = [
            doc("header", rewritten),
            "        # ... existing code ...\n        rv = \"\"".into(),
        ]
        .concat();
        let want = old.replace(
            "Return the header string for the specified records.",
            rewritten,
        );
        assert_eq!(resolve(&old, &new).unwrap().unwrap(), want);
    }

    #[test]
    fn a_real_line_rewriting_another_line_does_not_rewrite_the_line_beside_the_marker() {
        // `record[0] = t / SPEEDUP` rewrites `record[0] = t`, not `last_timestamp = t` beside
        // the marker: read as replacing both, with the comment, it deleted that line.
        let old = "        # Ensure timestamps never go backward\n        adjusted_timestamp = max(adjusted_timestamp, last_timestamp)\n        last_timestamp = adjusted_timestamp\n        record[0] = adjusted_timestamp\n        outfile.write(json.dumps(record))";
        let new = "        # Ensure timestamps never go backward\n        # ... existing code ...\n        # Apply speedup factor to the timestamp\n        record[0] = adjusted_timestamp / SPEEDUP\n        outfile.write(json.dumps(record))";
        assert!(resolve(old, new).is_err());
    }
}
