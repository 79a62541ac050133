//! The paths a [unified diff](super) names: `---`/`+++` headers, `diff --git` lines, git's
//! `a/` and `b/` prefixes.

use super::file_diff::FileDiff;

/// Strip git's `a/` and `b/` prefixes when both sides carry them (or the other is /dev/null).
pub(super) fn strip_git_prefixes(f: &mut FileDiff) {
    let has = |p: &Option<String>, pre: &str| {
        p.as_deref()
            .is_none_or(|p| p == "/dev/null" || p.starts_with(pre))
    };
    if has(&f.old_path, "a/") && has(&f.new_path, "b/") {
        for (p, pre) in [(&mut f.old_path, "a/"), (&mut f.new_path, "b/")] {
            if let Some(s) = p.as_mut().filter(|s| s.starts_with(pre)) {
                s.drain(..2);
            }
        }
    }
}

/// The path of a `---`/`+++` header: without a tab-separated timestamp, unquoted.
pub(super) fn header_path(s: &str) -> String {
    unquote(s.split('\t').next().unwrap_or(s).trim())
}

pub(super) fn unquote(s: &str) -> String {
    let s = s.trim();
    s.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .unwrap_or(s)
        .to_string()
}

/// The two paths of `diff --git a/x b/y`.
pub(super) fn git_paths(rest: &str) -> (Option<String>, Option<String>) {
    let rest = rest.trim();
    if let Some(i) = rest.find(" b/").filter(|_| rest.starts_with("a/")) {
        return (Some(rest[..i].to_string()), Some(rest[i + 1..].to_string()));
    }
    match rest.split_once(' ') {
        Some((a, b)) => (Some(unquote(a)), Some(unquote(b))),
        None => (Some(rest.to_string()), None),
    }
}
