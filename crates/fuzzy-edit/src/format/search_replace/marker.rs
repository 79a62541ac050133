//! The marker lines of a [SEARCH/REPLACE](super) block (`<<<<<<< SEARCH`, `=======`,
//! `>>>>>>> REPLACE` and their variants), and content lines escaping them.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Marker {
    Search,
    Divider,
    Replace,
}

/// Classify a marker line: a run of at least five marker characters, then (for SEARCH and
/// REPLACE) optional spaces and the keyword, optionally followed by `>`; trailing whitespace
/// is allowed.
pub(super) fn marker(line: &str) -> Option<Marker> {
    let line = line.trim_end();
    let first = *line.as_bytes().first()?;
    let run = line.bytes().take_while(|&b| b == first).count();
    // (The markers are seven characters long; a run of five or more is read as one, for a model that miscounts.)
    if run < 5 {
        return None;
    }
    let rest = line[run..].trim_start();
    let keyword = rest.strip_suffix('>').unwrap_or(rest);
    match (first, keyword) {
        (b'=', "") => Some(Marker::Divider),
        (b'<' | b'-', "SEARCH") => Some(Marker::Search),
        (b'>' | b'+', "REPLACE") => Some(Marker::Replace),
        _ => None,
    }
}

/// A content line escaping a marker (`\=======`) loses its backslash.
pub(super) fn unescape(line: &str) -> &str {
    match line.strip_prefix('\\') {
        Some(rest) if marker(rest).is_some() => rest,
        _ => line,
    }
}
