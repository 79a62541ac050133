//! The paths a [unified diff](super) names: `---`/`+++` headers, `diff --git` lines, git's
//! `a/` and `b/` prefixes.

/// Strip git's `a/` and `b/` prefixes from a diff's two paths when both carry them (or the
/// other is /dev/null).
pub(super) fn strip_git_prefixes(old_path: &mut Option<String>, new_path: &mut Option<String>) {
    let has = |p: &Option<String>, pre: &str| {
        p.as_deref()
            .is_none_or(|p| p == "/dev/null" || p.starts_with(pre))
    };
    if has(old_path, "a/") && has(new_path, "b/") {
        for (p, pre) in [(old_path, "a/"), (new_path, "b/")] {
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
