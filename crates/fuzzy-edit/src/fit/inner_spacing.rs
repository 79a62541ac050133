//! Alignment inside lines the model collapsed to single spaces, on the lines it rewrites.
//!
//! Files align columns with tabs or runs of spaces inside lines (`typedef T \t\tname;`). A
//! model that copies such a block writes each run as one space, in `old` and in `new`; the
//! lines `new` keeps are written with the file's bytes by the merge, but a line it rewrites
//! (a token renamed) or adds as a copy of another (a member duplicated and renamed) loses the
//! file's alignment. Where the matched lines show that collapse (a file line equal to `old`'s
//! but for its inner whitespace, with a tab inside), a rewritten line written with single
//! spaces takes the inner whitespace of the file line it is a copy of: the same number of
//! tokens, all but one equal.

use crate::normalize::{indent_of, loose_equal};

/// `merged` (the replacement for `file_lines`, matched by `old`) with the file's inner
/// whitespace on each line it rewrites with single spaces; unchanged when `old` kept the
/// file's inner whitespace, or the file aligns with spaces alone (see [`tab_inside`]).
pub(super) fn spaced_as_file(file_lines: &[&str], old: &[&str], merged: String) -> String {
    let collapsed = file_lines.iter().zip(old).any(|(f, o)| {
        f.trim() != o.trim() && loose_equal(f, o) && single_spaced(o) && tab_inside(f)
    });
    if !collapsed {
        return merged;
    }
    super::each_written_line(merged, file_lines, |bare| {
        if !single_spaced(bare) {
            return None;
        }
        file_lines.iter().find_map(|f| respaced(bare, f))
    })
}

/// Whether every run of whitespace inside `line` (past its indentation) is one space.
fn single_spaced(line: &str) -> bool {
    let body = line.trim();
    let mut prev_space = false;
    for c in body.chars() {
        if c.is_whitespace() {
            if c != ' ' || prev_space {
                return false;
            }
            prev_space = true;
        } else {
            prev_space = false;
        }
    }
    true
}

/// Whether `line` has a tab past its indentation: alignment its author chose. (Runs of spaces
/// alone may be sloppiness a model's single spaces tidy: the peers' tests (opencode) expect
/// `new` as written there.)
fn tab_inside(line: &str) -> bool {
    line.trim().contains('\t')
}

/// `line` with the inner whitespace runs of `file_line`, when both have the same indentation
/// and tokens, all but one equal, and `file_line` has a run that is not one space.
fn respaced(line: &str, file_line: &str) -> Option<String> {
    let indent = indent_of(line);
    if indent != indent_of(file_line) || !tab_inside(file_line) {
        return None;
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let file_tokens: Vec<&str> = file_line.split_whitespace().collect();
    let differing = tokens
        .iter()
        .zip(&file_tokens)
        .filter(|(a, b)| a != b)
        .count();
    // (Three tokens at least, so that beside the one that differs two agree and place it.)
    if tokens.len() != file_tokens.len() || tokens.len() < 3 || differing != 1 {
        return None;
    }
    // The runs between the file line's tokens, in order.
    let body = file_line.trim();
    let mut runs: Vec<&str> = Vec::with_capacity(tokens.len());
    let mut rest = body;
    for token in &file_tokens {
        let at = rest.find(token)?;
        runs.push(&rest[..at]);
        rest = &rest[at + token.len()..];
    }
    let mut out = String::from(indent);
    for (k, token) in tokens.iter().enumerate() {
        if k > 0 {
            out.push_str(runs[k]);
        }
        out.push_str(token);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_renamed_line_and_a_copied_line_take_the_files_alignment() {
        let file = [
            "  typedef int \t\tsize_type;",
            "  typedef long \t\tdiff_type;",
        ];
        let old = ["  typedef int size_type;", "  typedef long diff_type;"];
        let merged = "  typedef int \t\tsize_type;\n  typedef long \t\tdiff_type;\n  typedef long diff_type_extra;\n".to_string();
        assert_eq!(
            spaced_as_file(&file, &old, merged),
            "  typedef int \t\tsize_type;\n  typedef long \t\tdiff_type;\n  typedef long \t\tdiff_type_extra;\n"
        );
    }

    #[test]
    fn alignment_the_model_wrote_or_a_line_unlike_any_stays() {
        let file = ["  typedef int \t\tsize_type;"];
        let old = ["  typedef int size_type;"];
        // The model's own alignment.
        let merged = "  typedef int  \tcount_type;".to_string();
        assert_eq!(spaced_as_file(&file, &old, merged.clone()), merged);
        // Two tokens changed: no copy of the file's line.
        let merged = "  using unsigned count_type;".to_string();
        assert_eq!(spaced_as_file(&file, &old, merged.clone()), merged);
        // Runs of spaces alone are no alignment kept.
        let spaced = ["  const   x   = 5;"];
        let merged = "  const x = 10;".to_string();
        assert_eq!(
            spaced_as_file(&spaced, &["  const x = 5;"], merged.clone()),
            merged
        );
        // `old` kept the file's spacing: nothing collapsed.
        let merged = "  typedef int size_type2;".to_string();
        assert_eq!(spaced_as_file(&file, &file, merged.clone()), merged);
    }
}
