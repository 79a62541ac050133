//! Unified diffs of a change, for people and for models.

use similar::TextDiff;

/// A unified diff (3 lines of context) from `before` to `after`, with `path` in the headers.
///
/// ```
/// let d = fuzzy_edit::unified_diff("a\nb\n", "a\nc\n", "f.txt");
/// assert!(d.contains("-b\n+c\n"));
/// assert!(d.starts_with("--- a/f.txt\n+++ b/f.txt\n"));
/// ```
pub fn unified_diff(before: &str, after: &str, path: &str) -> String {
    let diff = TextDiff::from_lines(before, after);
    let mut udiff = diff.unified_diff();
    udiff
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"));
    udiff.to_string()
}
