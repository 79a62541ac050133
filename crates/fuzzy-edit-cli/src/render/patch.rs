//! The change as a patch other tools read: a unified diff per file with git's `/dev/null`
//! headers for created and deleted files (what `--patch` prints, so `> x.patch` feeds
//! `git apply` or `patch -p1`), and the diffstat of `--stat`.

use std::fmt;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

use fuzzy_edit::protocol::UnifiedDiff;

use fuzzy_edit::fs::FileOutcome;

use super::Outcome;

/// Hand the file's unified diff to `each` a line at a time (each line with its newline), as it
/// is computed: the diff of a million changed lines is never held whole. A created file's old
/// side and a deleted file's new side are `/dev/null`, as git writes them.
pub fn each_line(f: &FileOutcome, each: impl FnMut(&str) -> io::Result<()>) -> io::Result<()> {
    let name = header_name(&f.path).0;
    let before = f.before.as_deref().unwrap_or("");
    let after = f.after.as_deref().unwrap_or("");
    let dev_null = match (&f.before, &f.after) {
        (None, Some(_)) => Some("--- a/"),
        (Some(_), None) => Some("+++ b/"),
        _ => None,
    };
    let mut lines = Lines {
        line: String::new(),
        index: 0,
        dev_null,
        each,
        error: None,
    };
    let written = fmt::write(
        &mut lines,
        format_args!("{}", UnifiedDiff::new(before, after, &name)),
    );
    if let Some(e) = lines.error.take() {
        return Err(e);
    }
    written.map_err(|_| io::Error::other("the diff could not be written"))?;
    lines.emit_partial()
}

/// The name `path` goes by in a patch's headers, and whether it lies outside the current
/// directory. `git apply` and `patch -p1` take paths relative to the directory they run in,
/// and refuse `..` and absolute ones: a path under the current directory is written relative
/// to it (`./x.py`, `/home/me/p/x.py` run in `/home/me/p`: `x.py`); one outside it, relative
/// to `/` (`/etc/x.conf`: `etc/x.conf`), for a patch applied from `/` (`git -C / apply`).
pub fn header_name(path: &Path) -> (String, bool) {
    let cwd = std::env::current_dir().unwrap_or_default();
    let whole = lexical(&cwd.join(path));
    match whole.strip_prefix(lexical(&cwd)) {
        Ok(inside) if !inside.as_os_str().is_empty() => (inside.to_string_lossy().into(), false),
        _ => {
            let from_root = whole.strip_prefix("/").unwrap_or(&whole);
            (from_root.to_string_lossy().into(), true)
        }
    }
}

/// `path` without `.` components and with each `..` taking off the component before it
/// (by name, as `git apply` reads a patch: a symlink on the way is not followed).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Collects the pieces the diff is written in into lines.
struct Lines<F> {
    /// The line so far.
    line: String,
    /// Lines handed on so far.
    index: usize,
    /// The header (`--- a/`, `+++ b/`) that names `/dev/null` instead.
    dev_null: Option<&'static str>,
    each: F,
    error: Option<io::Error>,
}

impl<F: FnMut(&str) -> io::Result<()>> Lines<F> {
    fn emit(&mut self) -> io::Result<()> {
        let header = self
            .dev_null
            .filter(|prefix| self.index < 2 && self.line.starts_with(prefix));
        let result = match header {
            Some(prefix) => (self.each)(&format!("{}/dev/null\n", &prefix[..4])),
            None => (self.each)(&self.line),
        };
        self.line.clear();
        self.index += 1;
        result
    }

    /// The last line, when the diff does not end with a newline.
    fn emit_partial(&mut self) -> io::Result<()> {
        if self.line.is_empty() {
            Ok(())
        } else {
            self.emit()
        }
    }
}

impl<F: FnMut(&str) -> io::Result<()>> fmt::Write for Lines<F> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for piece in s.split_inclusive('\n') {
            self.line.push_str(piece);
            if piece.ends_with('\n') {
                if let Err(e) = self.emit() {
                    self.error = Some(e);
                    return Err(fmt::Error);
                }
            }
        }
        Ok(())
    }
}

/// A diffstat: ` path | 3 ++-` per changed file, then the totals, as `git diff --stat` prints.
pub fn stat(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    const WIDTH: usize = 50;
    let counts: Vec<(String, usize, usize)> = outcome
        .files
        .iter()
        .map(|f| {
            let (mut index, mut added, mut removed) = (0, 0, 0);
            each_line(f, |line| {
                // After the two header lines.
                if index >= 2 {
                    if line.starts_with('+') {
                        added += 1;
                    } else if line.starts_with('-') {
                        removed += 1;
                    }
                }
                index += 1;
                Ok(())
            })?;
            Ok((f.path.display().to_string(), added, removed))
        })
        .filter(|c| c.as_ref().map_or(true, |&(_, a, r)| a + r > 0))
        .collect::<io::Result<_>>()?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use fuzzy_edit::fs::Action;

    fn file(before: Option<&str>, after: Option<&str>) -> FileOutcome {
        FileOutcome {
            path: "f.txt".into(),
            real: "f.txt".into(),
            aliases: Vec::new(),
            action: Action::Edit,
            before: before.map(str::to_string),
            after: after.map(str::to_string),
            applied: None,
            version: None,
        }
    }

    fn lines(f: &FileOutcome) -> Vec<String> {
        let mut out = Vec::new();
        each_line(f, |line| {
            out.push(line.to_string());
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn lines_of_the_diff_with_dev_null_for_a_missing_side() {
        let edited = file(Some("a\nb\nc"), Some("a\nB\nc"));
        assert_eq!(lines(&edited).concat(), edited.diff());
        assert!(lines(&edited).iter().all(|l| l.ends_with('\n')));
        let created = lines(&file(None, Some("n\n")));
        assert_eq!(
            created[..3],
            ["--- /dev/null\n", "+++ b/f.txt\n", "@@ -0,0 +1 @@\n"]
        );
        let deleted = lines(&file(Some("o\n"), None));
        assert_eq!(deleted[..2], ["--- a/f.txt\n", "+++ /dev/null\n"]);
    }

    #[test]
    fn a_failed_write_stops_the_diff() {
        let long = "x\n".repeat(100);
        let mut seen = 0;
        let result = each_line(&file(Some(&long), Some("")), |_| {
            seen += 1;
            Err(io::Error::other("closed"))
        });
        assert_eq!(result.unwrap_err().to_string(), "closed");
        assert_eq!(seen, 1);
    }
}
