//! An edit that changes only blank lines and trailing whitespace (a commit stripping trailing
//! blanks, a blank line removed), carried out on the file's lines: the merge sees no change in
//! such an edit (it compares lines without their trailing blanks and keeps the file's bytes of
//! every line `new` keeps), so without this the edit would change nothing.
//!
//! Rule 3 ([`crate::rules`]) has already refused such an edit where it is unclear (blank lines
//! changed where the match ignored them, trailing blanks added where it ignored them): here every
//! non-blank line keeps the file's text and indentation and takes `new`'s trailing whitespace
//! where `new` changes `old`'s, and the blank lines stand as `new` puts them.

use crate::normalize;

/// `merged` (the merge's result, the file's lines unchanged) rewritten with the blank lines and
/// trailing whitespace `new` changes; `merged` itself when the edit is not of that kind or the
/// lines do not pair one for one. `file` is the matched lines, `old` and `new` the model's;
/// `crlf`: whether the file ends its lines with CRLF.
pub(super) fn as_new_writes(
    file: &[&str],
    old: &[&str],
    new: &[&str],
    merged: String,
    crlf: bool,
) -> String {
    rewritten(file, old, new, &merged, crlf).unwrap_or(merged)
}

fn rewritten(
    file: &[&str],
    old: &[&str],
    new: &[&str],
    merged: &str,
    crlf: bool,
) -> Option<String> {
    let bare = |l: &str| l.strip_suffix('\r').unwrap_or(l).to_string();
    let pieces: Vec<String> = merged.split('\n').map(bare).collect();
    let ends_with_break = merged.ends_with('\n');
    let body = &pieces[..pieces.len() - usize::from(ends_with_break)];
    // Only where the merge kept the file's lines as they are.
    if body.len() != file.len() || body.iter().zip(file).any(|(m, f)| m != f) || old == new {
        return None;
    }
    let non_blank =
        |v: &[&str]| -> Vec<usize> { (0..v.len()).filter(|&i| !v[i].trim().is_empty()).collect() };
    let (o, n, f) = (non_blank(old), non_blank(new), non_blank(file));
    if o.len() != n.len() || o.len() != f.len() {
        return None;
    }
    // Each non-blank line the same but for whitespace (indentation and inner whitespace only
    // where `new` writes them as the file does, checked by rule 3), or written by `new` as the
    // file has it (`old` alone was off there, and the merge changed nothing); a line whose
    // trailing whitespace changes is the file's line, not another, and loses it (trailing
    // whitespace added where `old`'s differs from the file's is unclear, as in rule 3).
    for ((&i, &j), &k) in o.iter().zip(&n).zip(&f) {
        let (ol, nl, fl) = (old[i], new[j], file[k]);
        let key = normalize::loose_key;
        let as_file = key(nl) == key(fl);
        if key(ol) != key(nl) && !as_file {
            return None;
        }
        let (to, tn) = (trailing(ol), trailing(nl));
        if to != tn && ((key(ol) != key(fl) && !as_file) || (!tn.is_empty() && to != trailing(fl)))
        {
            return None;
        }
    }
    let same_blanks = runs(old, &o) == runs(file, &f);
    let mut out: Vec<String> = Vec::with_capacity(new.len());
    // Blank lines before non-blank line `r` (and after the last, for `r == o.len()`).
    let blank_run = |v: &[&str], idx: &[usize], r: usize| -> Vec<String> {
        let start = if r == 0 { 0 } else { idx[r - 1] + 1 };
        let end = idx.get(r).copied().unwrap_or(v.len());
        v[start..end].iter().map(|l| l.to_string()).collect()
    };
    for r in 0..=o.len() {
        let (ob, nb, fb) = (
            blank_run(old, &o, r),
            blank_run(new, &n, r),
            blank_run(file, &f, r),
        );
        if ob == nb || !same_blanks {
            // Kept, or the match ignored where the blank lines stand: the file's.
            out.extend(fb);
        } else if ob.len() == nb.len() {
            // Same count: each blank line as the file has it unless `new` rewrites it.
            out.extend(
                ob.iter()
                    .zip(&nb)
                    .zip(fb)
                    .map(|((ol, nl), fl)| if ol == nl { fl } else { nl.clone() }),
            );
        } else {
            out.extend(nb);
        }
        if r < o.len() {
            let (ol, nl, fl) = (old[o[r]], new[n[r]], file[f[r]]);
            let line = if trailing(ol) == trailing(nl) {
                fl.to_string()
            } else {
                format!("{}{}", fl.trim_end(), trailing(nl))
            };
            out.push(line);
        }
    }
    // The merge's own line ending; the file's where it has no line break.
    let crlf = merged.contains("\r\n") || (!merged.contains('\n') && crlf);
    let ending = if crlf { "\r\n" } else { "\n" };
    let mut text = out.join(ending);
    if ends_with_break {
        text.push_str(ending);
    }
    Some(text)
}

/// How many blank lines stand before each non-blank line (indexes `idx`) and after the last.
fn runs(v: &[&str], idx: &[usize]) -> Vec<usize> {
    let mut prev = 0;
    let mut out: Vec<usize> = idx
        .iter()
        .map(|&i| {
            let n = i - prev;
            prev = i + 1;
            n
        })
        .collect();
    out.push(v.len() - prev);
    out
}

/// The whitespace a line ends with.
fn trailing(line: &str) -> &str {
    &line[line.trim_end().len()..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_blanks_stripped_where_new_strips_them() {
        let file = ["    a = 1  ", "    b = 2\t", "    c = 3 "];
        let old = ["  a = 1  ", "  b = 2", "  c = 3 "];
        let new = ["  a = 1", "  b = 2", "  c = 3"];
        let merged = file.join("\n");
        // `b`'s blanks are the file's: `old` and `new` agree on that line.
        assert_eq!(
            as_new_writes(&file, &old, &new, merged, false),
            "    a = 1\n    b = 2\t\n    c = 3"
        );
    }

    #[test]
    fn a_blank_line_removed_keeps_the_file_line_endings() {
        let file = ["a", "", "", "b"];
        let (old, new) = (["a", "", "", "b"], ["a", "", "b"]);
        let merged = format!("{}\r\n", file.join("\r\n"));
        assert_eq!(
            as_new_writes(&file, &old, &new, merged, true),
            "a\r\n\r\nb\r\n"
        );
    }

    proptest::proptest! {
        // Whatever trailing blanks the file's lines have and whichever `new` strips, the result
        // is the file's lines, each stripped where `new` strips it: no line's text changes.
        #[test]
        fn only_the_trailing_blanks_new_strips_go(
            lines in proptest::collection::vec(("[ \t]{0,2}[a-c]{1,3}", "[ \t]{0,2}", proptest::bool::ANY), 1..8)
        ) {
            let file: Vec<String> = lines.iter().map(|(t, b, _)| format!("{t}{b}")).collect();
            let new: Vec<String> = lines
                .iter()
                .map(|(t, b, strip)| if *strip { t.clone() } else { format!("{t}{b}") })
                .collect();
            let file: Vec<&str> = file.iter().map(String::as_str).collect();
            let new: Vec<&str> = new.iter().map(String::as_str).collect();
            let out = as_new_writes(&file, &file, &new, file.join("\n"), false);
            proptest::prop_assert_eq!(out, new.join("\n"));
        }
    }

    #[test]
    fn a_merge_that_changed_lines_is_left_alone() {
        let file = ["a ", "b"];
        let (old, new) = (["a ", "b"], ["a", "c"]);
        let merged = "a\nc".to_string();
        assert_eq!(
            as_new_writes(&file, &old, &new, merged.clone(), false),
            merged
        );
    }
}
