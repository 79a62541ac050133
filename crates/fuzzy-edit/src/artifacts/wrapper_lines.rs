//! The lines a wrapper is recognised by, shared by the readings of code files (`wrappers.rs`)
//! and of prose files (`markup_wrappers.rs`): a Markdown fence's opening and closing lines, and
//! text that echoes `old` (so a wrapped block is known to be the edit's).

use crate::align::line_similarity;
use crate::normalize::loose_equal;
use crate::thresholds::ECHO;

/// A fence line: ```` ``` ```` or `~~~`, optionally followed by a language tag.
pub(super) fn fence_open(line: &str) -> bool {
    let t = line.trim_end();
    let rest = t
        .strip_prefix("```")
        .or_else(|| t.strip_prefix("~~~"))
        .map(|r| r.trim_start_matches(['`', '~']));
    rest.is_some_and(|r| {
        r.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '#' | '.' | '-' | '_'))
    })
}

/// A closing fence line: three or more backticks or tildes alone.
pub(super) fn fence_close(line: &str) -> bool {
    let t = line.trim_end();
    // (CommonMark: a fence is a run of three or more.)
    t.len() >= 3 && (t.bytes().all(|b| b == b'`') || t.bytes().all(|b| b == b'~'))
}

/// Whether a non-blank line of `s` is one of `old`'s, retyped or rewritten.
pub(super) fn echoes(s: &str, old: &str) -> bool {
    s.lines().filter(|l| !l.trim().is_empty()).any(|l| {
        old.lines()
            .filter(|o| !o.trim().is_empty())
            .any(|o| loose_equal(l, o) || line_similarity(l, o) >= ECHO)
    })
}
