//! The change as a patch other tools read: a unified diff per file with git's `/dev/null`
//! headers for created and deleted files (what `--patch` prints, so `> x.patch` feeds
//! `git apply` or `patch -p1`), and the diffstat of `--stat`.

use std::io::Write;

use crate::commands::apply::{FileOutcome, Outcome};

/// The file's unified diff; a created file's old side and a deleted file's new side are
/// `/dev/null`, as git writes them.
pub fn of(f: &FileOutcome) -> String {
    let diff = f.diff();
    let replace_header = |diff: String, prefix: &str| -> String {
        let mut out = String::with_capacity(diff.len());
        for (i, line) in diff.split_inclusive('\n').enumerate() {
            if i < 2 && line.starts_with(prefix) {
                out.push_str(&prefix[..4]);
                out.push_str("/dev/null\n");
            } else {
                out.push_str(line);
            }
        }
        out
    };
    match (&f.before, &f.after) {
        (None, Some(_)) => replace_header(diff, "--- a/"),
        (Some(_), None) => replace_header(diff, "+++ b/"),
        _ => diff,
    }
}

/// A diffstat: ` path | 3 ++-` per changed file, then the totals, as `git diff --stat` prints.
pub fn stat(out: &mut impl Write, outcome: &Outcome) -> std::io::Result<()> {
    const WIDTH: usize = 50;
    let counts: Vec<(String, usize, usize)> = outcome
        .files
        .iter()
        .map(|f| {
            let (mut added, mut removed) = (0, 0);
            for line in f.diff().lines().skip(2) {
                if line.starts_with('+') {
                    added += 1;
                } else if line.starts_with('-') {
                    removed += 1;
                }
            }
            (f.path.display().to_string(), added, removed)
        })
        .filter(|&(_, a, r)| a + r > 0)
        .collect();
    if counts.is_empty() {
        return Ok(()); // as git: no change, no summary
    }
    let name_width = counts
        .iter()
        .map(|c| c.0.chars().count())
        .max()
        .unwrap_or(0);
    let most = counts.iter().map(|c| c.1 + c.2).max().unwrap_or(0);
    let count_width = most.to_string().len();
    let (mut added, mut removed) = (0, 0);
    for (name, a, r) in &counts {
        // Scale the bar like git when the largest change would not fit.
        let scale = |n: usize| {
            if most <= WIDTH || n == 0 {
                n
            } else {
                (n * WIDTH / most).max(1)
            }
        };
        writeln!(
            out,
            " {name:<name_width$} | {:>count_width$} {}{}",
            a + r,
            "+".repeat(scale(*a)),
            "-".repeat(scale(*r))
        )?;
        added += a;
        removed += r;
    }
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    writeln!(
        out,
        " {} changed, {}(+), {}(-)",
        plural(counts.len(), "file", "files"),
        plural(added, "insertion", "insertions"),
        plural(removed, "deletion", "deletions"),
    )
}
