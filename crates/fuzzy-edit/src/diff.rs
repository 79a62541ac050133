//! Unified diffs of a change, for people and for models.
//!
//! The diff is `similar`'s line diff, byte for byte. An edit changes a few lines of a file that
//! may have 100,000, so only a window around the changed lines is diffed: the common prefix
//! and suffix are found by comparing bytes, the window keeps [`MARGIN`] unchanged lines on
//! each side, and the hunk headers are shifted by the lines before the window. `similar`
//! would find the same middle (it trims the common prefix and suffix itself), but its
//! compaction may slide a change into the unchanged lines; when it does so inside the window,
//! the window may have cut the slide short, and the whole texts are diffed instead.

use std::fmt::{self, Write};

use similar::{ChangeTag, DiffOp, DiffTag, TextDiff};

/// Unchanged lines kept on each side of the changed ones. More than `similar`'s 100-line
/// threshold for its trimmed fast path, which a long file takes too.
const MARGIN: usize = 128;

/// Lines of context around each hunk.
const CONTEXT: usize = 3;

/// A unified diff (3 lines of context) from `before` to `after`, with `path` in the headers.
///
/// ```
/// let d = fuzzy_edit::unified_diff("a\nb\n", "a\nc\n", "f.txt");
/// assert!(d.contains("-b\n+c\n"));
/// assert!(d.starts_with("--- a/f.txt\n+++ b/f.txt\n"));
/// ```
pub fn unified_diff(before: &str, after: &str, path: &str) -> String {
    match window(before, after) {
        Window::Same => String::new(),
        Window::Part(part) => {
            let mut out = String::new();
            let _ = part.write(&mut out, path);
            out
        }
        Window::Whole => whole(before, after, path),
    }
}

/// `path` as the headers name it after `a/` and `b/`: without `.` components and repeated
/// slashes, which `git apply` and `patch -p1` refuse or misread (`a/./x.py`). A path that
/// climbs out (`..`) or is absolute is kept: only the caller knows where it stands (the CLI
/// makes such paths relative to its directory, this does not).
fn header_path(path: &str) -> std::borrow::Cow<'_, str> {
    let absolute = path.starts_with('/');
    let clean = path.split('/').all(|c| !c.is_empty() && c != ".");
    if clean || (absolute && path[1..].split('/').all(|c| !c.is_empty() && c != ".")) {
        return path.into();
    }
    let parts: Vec<&str> = path
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    let joined = parts.join("/");
    if absolute {
        format!("/{joined}").into()
    } else if joined.is_empty() {
        ".".into()
    } else {
        joined.into()
    }
}

/// The same diff as [`unified_diff`], written by `Display` as it is computed: a front end
/// printing the diff of a million changed lines need not hold its 20 MB first.
///
/// ```
/// let d = fuzzy_edit::protocol::UnifiedDiff::new("a\nb\n", "a\nc\n", "f.txt");
/// assert_eq!(d.to_string(), fuzzy_edit::unified_diff("a\nb\n", "a\nc\n", "f.txt"));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct UnifiedDiff<'a> {
    before: &'a str,
    after: &'a str,
    path: &'a str,
}

impl<'a> UnifiedDiff<'a> {
    /// The diff from `before` to `after`, with `path` in the headers.
    pub fn new(before: &'a str, after: &'a str, path: &'a str) -> Self {
        UnifiedDiff {
            before,
            after,
            path,
        }
    }
}

impl fmt::Display for UnifiedDiff<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match window(self.before, self.after) {
            Window::Same => Ok(()),
            Window::Part(part) => part.write(f, self.path),
            Window::Whole => {
                let diff = TextDiff::from_lines(self.before, self.after);
                write!(f, "{}", unified(&diff, self.path))
            }
        }
    }
}

/// `similar`'s unified diff of `diff`, with this module's context and `path` in the headers.
fn unified<'d>(
    diff: &'d TextDiff<'d, 'd, str>,
    path: &str,
) -> similar::udiff::UnifiedDiff<'d, 'd, 'd, str> {
    let mut udiff = diff.unified_diff();
    let path = header_path(path);
    udiff
        .context_radius(CONTEXT)
        .header(&format!("a/{path}"), &format!("b/{path}"));
    udiff
}

/// The diff of the whole texts.
fn whole(before: &str, after: &str, path: &str) -> String {
    let diff = TextDiff::from_lines(before, after);
    // Room for every line once with its prefix, reserved up front: a diff of a million changed
    // lines grown by doubling would leave as many megabytes of discarded buffers behind.
    let lines = diff.old_len() + diff.new_len();
    let mut out = String::with_capacity(before.len() + after.len() + lines + 2 * path.len() + 64);
    let _ = write!(out, "{}", unified(&diff, path));
    out
}

/// How much of the texts is diffed.
enum Window<'a> {
    /// They are the same: no diff.
    Same,
    /// A window around the changed lines.
    Part(Part<'a>),
    /// The whole texts (the window would be all of it, or could give another diff).
    Whole,
}

/// The diff of a window around the changed lines, `offset` lines into the texts.
struct Part<'a> {
    diff: TextDiff<'a, 'a, str>,
    offset: usize,
}

/// The window around the changed lines, when it can be shown to give what the diff of the
/// whole texts gives.
fn window<'a>(before: &'a str, after: &'a str) -> Window<'a> {
    let (old, new) = (before.as_bytes(), after.as_bytes());
    let prefix = common_prefix(old, new);
    if prefix == old.len() && prefix == new.len() {
        return Window::Same;
    }
    let suffix = common_suffix(&old[prefix..], &new[prefix..]);
    let start = line_start_before(old, prefix, MARGIN);
    let old_end = line_end_after(old, old.len() - suffix, MARGIN);
    let new_end = new.len() - (old.len() - old_end);
    if start == 0 && old_end == old.len() {
        return Window::Whole; // the window is the whole text
    }
    let diff = TextDiff::from_lines(&before[start..old_end], &after[start..new_end]);
    if !compaction_stayed_inside(&diff, start > 0, old_end < old.len()) {
        return Window::Whole;
    }
    let offset = count_lines(&old[..start]);
    Window::Part(Part { diff, offset })
}

impl Part<'_> {
    /// The window's hunks, after the headers when there is one.
    fn write(&self, out: &mut impl Write, path: &str) -> fmt::Result {
        let mut headed = false;
        for ops in self.diff.grouped_ops(CONTEXT) {
            if ops.is_empty() {
                continue;
            }
            if !headed {
                let path = header_path(path);
                write!(out, "--- a/{path}\n+++ b/{path}\n")?;
                headed = true;
            }
            write_hunk(out, &self.diff, &ops, self.offset)?;
        }
        Ok(())
    }
}

/// Whether `similar`'s compaction left the window's common prefix (when the window cut the
/// text's top) and suffix (when it cut the bottom) as they are: the first op is an `Equal`
/// over the whole common prefix, the last over the whole common suffix. Then every change sits
/// where a diff of the whole texts puts it.
fn compaction_stayed_inside(diff: &TextDiff<str>, cut_top: bool, cut_bottom: bool) -> bool {
    let (old_len, new_len) = (diff.old_len(), diff.new_len());
    let same = |i: usize, j: usize| diff.old_slice(i) == diff.new_slice(j);
    let prefix = (0..old_len.min(new_len))
        .take_while(|&i| same(i, i))
        .count();
    let room = (old_len - prefix).min(new_len - prefix);
    let suffix = (1..=room)
        .take_while(|&k| same(old_len - k, new_len - k))
        .count();
    let ops = diff.ops();
    let equal_len = |op: Option<&DiffOp>| match op {
        Some(op) if op.tag() == DiffTag::Equal => op.old_range().len(),
        _ => 0,
    };
    let top = !cut_top || (prefix > CONTEXT && equal_len(ops.first()) == prefix);
    let bottom = !cut_bottom || (suffix > CONTEXT && equal_len(ops.last()) == suffix);
    ops.len() > 1 && top && bottom
}

/// One hunk, as `similar` writes it, with line numbers shifted by `offset`.
fn write_hunk(
    out: &mut impl Write,
    diff: &TextDiff<str>,
    ops: &[DiffOp],
    offset: usize,
) -> fmt::Result {
    let (first, last) = (&ops[0], &ops[ops.len() - 1]);
    writeln!(
        out,
        "@@ -{} +{} @@",
        Range(
            offset + first.old_range().start,
            offset + last.old_range().end
        ),
        Range(
            offset + first.new_range().start,
            offset + last.new_range().end
        ),
    )?;
    for op in ops {
        for change in diff.iter_changes(op) {
            out.write_char(match change.tag() {
                ChangeTag::Equal => ' ',
                ChangeTag::Delete => '-',
                ChangeTag::Insert => '+',
            })?;
            out.write_str(change.value())?;
            if change.missing_newline() {
                out.write_str("\n\\ No newline at end of file\n")?;
            }
        }
    }
    Ok(())
}

/// A hunk header's range: `start,len`, `start` alone when one line, the line before when empty.
struct Range(usize, usize);

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let len = self.1.saturating_sub(self.0);
        match len {
            1 => write!(f, "{}", self.0 + 1),
            0 => write!(f, "{},0", self.0),
            _ => write!(f, "{},{}", self.0 + 1, len),
        }
    }
}

/// Length of the common prefix, compared a block at a time (`memcmp`).
pub(crate) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 256;
    let whole = a
        .chunks_exact(BLOCK)
        .zip(b.chunks_exact(BLOCK))
        .take_while(|(x, y)| x == y)
        .count()
        * BLOCK;
    whole
        + a[whole..]
            .iter()
            .zip(&b[whole..])
            .take_while(|(x, y)| x == y)
            .count()
}

/// Length of the common suffix, compared a block at a time.
pub(crate) fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 256;
    let whole = a
        .rchunks_exact(BLOCK)
        .zip(b.rchunks_exact(BLOCK))
        .take_while(|(x, y)| x == y)
        .count()
        * BLOCK;
    whole
        + a[..a.len() - whole]
            .iter()
            .rev()
            .zip(b[..b.len() - whole].iter().rev())
            .take_while(|(x, y)| x == y)
            .count()
}

// `similar` ends a line at `\n`, at `\r\n`, and at a `\r` not followed by `\n`. The window's
// edges are line starts in both texts: the bytes around them lie in the common prefix or
// suffix, except that a `\r` just before the first difference may or may not end a line
// (it depends on the next byte), so it is not taken for an edge.

/// The start of a line at least `lines` lines before the line holding byte `at`, where `at` is
/// the end of the texts' common prefix; 0 when the text is shorter.
fn line_start_before(text: &[u8], at: usize, lines: usize) -> usize {
    let mut found = 0;
    let mut pos = at;
    while let Some(t) = memchr::memrchr2(b'\n', b'\r', &text[..pos]) {
        pos = t;
        let ends_line = match text[t] {
            b'\n' => true,
            _ => t + 1 < at && text[t + 1] != b'\n',
        };
        if ends_line {
            found += 1;
            if found > lines {
                return t + 1;
            }
        }
    }
    0
}

/// The end of a line at least `lines` lines after the one holding byte `at`, where the bytes
/// from `at` on are the texts' common suffix; the text's end when it is shorter.
fn line_end_after(text: &[u8], at: usize, lines: usize) -> usize {
    let mut found = 0;
    let mut pos = at;
    while let Some(i) = memchr::memchr2(b'\n', b'\r', &text[pos..]) {
        let t = pos + i;
        pos = t + 1;
        if text[t] == b'\r' && text.get(t + 1) == Some(&b'\n') {
            continue; // the `\n` ends this line
        }
        found += 1;
        if found > lines {
            return t + 1;
        }
    }
    text.len()
}

/// How many lines `similar` sees in `text`, which ends at a line start.
fn count_lines(text: &[u8]) -> usize {
    // memchr counts a 2 MB prefix in about 0.3 M instructions; the byte filter took 9 M.
    let newlines = memchr::memchr_iter(b'\n', text).count();
    let lone_returns = memchr::memchr_iter(b'\r', text)
        .filter(|&t| text.get(t + 1) != Some(&b'\n'))
        .count();
    newlines + lone_returns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_paths_drop_dot_components_only() {
        assert_eq!(header_path("./src//x.py"), "src/x.py");
        assert_eq!(header_path("x.py"), "x.py");
        assert_eq!(header_path("../x.py"), "../x.py");
    }
    use proptest::prelude::*;

    /// The window's diff, or `None` when the whole texts are diffed.
    fn windowed(before: &str, after: &str, path: &str) -> Option<String> {
        match window(before, after) {
            Window::Part(part) => {
                let mut out = String::new();
                part.write(&mut out, path).unwrap();
                Some(out)
            }
            Window::Same => Some(String::new()),
            Window::Whole => None,
        }
    }

    fn lines(n: usize, f: impl Fn(usize) -> String) -> String {
        (0..n).map(f).collect()
    }

    #[test]
    fn a_change_in_a_long_file_is_diffed_in_a_window() {
        let before = lines(2000, |i| format!("line {i}\n"));
        let after = before.replace("line 1000\n", "line one thousand\n");
        let d = windowed(&before, &after, "f").expect("a window");
        assert_eq!(d, whole(&before, &after, "f"));
        assert!(d.contains("@@ -998,7 +998,7 @@\n"), "{d}");
    }

    #[test]
    fn edits_at_the_edges_of_a_long_file_are_diffed_in_a_window() {
        let before = lines(2000, |i| format!("line {i}\n"));
        for after in [
            before.replacen("line 0\n", "line zero\n", 1),
            format!("new first line\n{before}"),
            before.replacen("line 1999\n", "line 1999", 1),
            format!("{before}last"),
        ] {
            let d = windowed(&before, &after, "f").expect("a window");
            assert_eq!(d, whole(&before, &after, "f"));
        }
    }

    #[test]
    fn repeated_blocks_beyond_the_window() {
        // A repeated block deleted in the middle of 200 distinct lines each side: where
        // compaction puts the deletion depends on lines the window may not hold.
        let head = lines(200, |i| format!("h{i}\n"));
        let tail = lines(200, |i| format!("t{i}\n"));
        for block in ["a\n", "a\nb\n", "a\nb\nc\n"] {
            for copies in [2, 40, 150] {
                let before = format!("{head}{}{tail}", block.repeat(copies));
                let after = format!("{head}{}{tail}", block.repeat(copies - 1));
                assert_eq!(
                    unified_diff(&before, &after, "f"),
                    whole(&before, &after, "f")
                );
            }
        }
    }

    #[test]
    fn line_endings_at_the_edges() {
        for eol in ["\n", "\r\n", "\r"] {
            let before = lines(600, |i| format!("l{i}{eol}"));
            for (from, to) in [
                ("l300", "l300x"),
                ("l300\r", "l300"),
                ("l300", "l300\r"),
                ("l300\n", "l300"),
                ("l599", "l599x"),
                ("l0", "x"),
            ] {
                let after = before.replacen(from, to, 1);
                assert_eq!(
                    unified_diff(&before, &after, "f"),
                    whole(&before, &after, "f"),
                    "{eol:?} {from:?} {to:?}"
                );
            }
        }
    }

    #[test]
    fn common_prefix_and_suffix_by_blocks() {
        let a = vec![7u8; 1000];
        let mut b = a.clone();
        b[600] = 8;
        assert_eq!(common_prefix(&a, &b), 600);
        assert_eq!(common_suffix(&a, &b), 399);
        assert_eq!(common_prefix(&a, &a[..10]), 10);
        assert_eq!(common_suffix(&a, &a[..10]), 10);
    }

    /// A text of `n` lines drawn from a few kinds, so that lines repeat (what compaction
    /// slides over) and line endings vary.
    fn text(seed: &[u8]) -> String {
        let kinds = ["a\n", "b\n", "\n", "}\n", "c\r\n", "d\r", "    x = 1\n"];
        let mut s: String = seed
            .iter()
            .map(|&k| kinds[k as usize % kinds.len()])
            .collect();
        if seed.len().is_multiple_of(3) {
            s.pop();
        }
        s
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// The windowed diff is the whole texts' diff, on random edits of repetitive texts.
        #[test]
        fn windowed_equals_whole(
            base in proptest::collection::vec(0u8..7, 200..700),
            edits in proptest::collection::vec((0usize..700, 0usize..4, proptest::collection::vec(0u8..7, 0..5)), 1..3),
            unique in any::<bool>(),
        ) {
            let mut base = base;
            if unique {
                // Mostly distinct lines, as in code: the window path is taken.
                base.iter_mut().enumerate().for_each(|(i, k)| *k = (*k).wrapping_add(i as u8));
            }
            let before = if unique {
                base.iter().enumerate().map(|(i, k)| format!("line {i} {k}\n")).collect()
            } else {
                text(&base)
            };
            let mut old_lines: Vec<String> = before.split_inclusive('\n').map(String::from).collect();
            for (at, removed, inserted) in &edits {
                let at = (*at).min(old_lines.len());
                let end = (at + removed).min(old_lines.len());
                let new: Vec<String> = inserted.iter().map(|&k| text(&[k, 0])).collect();
                old_lines.splice(at..end, new);
            }
            let after: String = old_lines.concat();
            let expected = whole(&before, &after, "p");
            prop_assert_eq!(&unified_diff(&before, &after, "p"), &expected);
            prop_assert_eq!(&UnifiedDiff::new(&before, &after, "p").to_string(), &expected);
        }
    }
}
