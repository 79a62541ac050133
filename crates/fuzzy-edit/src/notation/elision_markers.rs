//! Elision markers: the lines a model writes for lines it left out (`...`,
//! `// ... existing code ...`, `# rest unchanged`), as the elision strategy reads them in `old`
//! and the artifact checks look for them in `new`.

use crate::conventions::{Conventions, Leader};
use crate::thresholds::OWN_COMMENTS;

/// An elision marker of `new` whose meaning is unclear (which lines it stands for): the edit
/// is refused with it (the cleaning of `new`, a lazy snippet over the span `old` names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unclear {
    /// The marker line, as written.
    pub(crate) marker: String,
    /// Its line in `new`, 1-based.
    pub(crate) line: usize,
}

/// Whether a line is an elision marker: `...`, `…`, or a comment holding one, optionally with
/// words (`# ... rest of the function`, `// ... existing code ...`, and in a comment without
/// the space: `// ...existing code...`), or a comment that only says so in words
/// ([`MARKER_PHRASES`]: `# rest unchanged`, `/* existing code */`, `# (unchanged)`). A line
/// of code that starts with `...` and a word is a spread (`...defaults`), not a marker.
pub(crate) fn is_elision_marker(line: &str) -> bool {
    let mut t = line.trim();
    let mut comment = false;
    for leader in ["//", "#", "/*", "<!--", "--", ";", "*"] {
        if let Some(r) = t.strip_prefix(leader) {
            t = r.trim();
            comment = true;
            break;
        }
    }
    for trailer in ["*/", "-->"] {
        if let Some(r) = t.strip_suffix(trailer) {
            t = r.trim();
        }
    }
    let Some(rest) = t.strip_prefix("...").or_else(|| t.strip_prefix('\u{2026}')) else {
        return comment && says_elided(t);
    };
    let words = rest
        .trim()
        .trim_end_matches("...")
        .trim_end_matches('\u{2026}')
        .trim();
    words.is_empty()
        || ((rest.starts_with(' ') || comment)
            && words
                .chars()
                .all(|c| c.is_alphanumeric() || c == ' ' || c == '-' || c == ','))
        // (`// ... (unchanged) ...`: words in brackets, in a comment only.)
        || comment && says_elided(words)
}

/// Whether `line` is an elision marker written as a JSX comment, `{/* ... existing code ... */}`,
/// as models write it between JSX elements (where `//` would be text).
pub(crate) fn is_jsx_elision_marker(line: &str) -> bool {
    line.trim()
        .strip_prefix('{')
        .and_then(|r| r.strip_suffix('}'))
        .is_some_and(|inner| inner.trim_start().starts_with("/*") && is_elision_marker(inner))
}

/// Comment leaders a file may use beyond those [`is_elision_marker`] reads, as the file's own
/// comments show them: at least [`OWN_COMMENTS`] lines opening with the leader, a space and a
/// letter (`% Compute the sum`, not `% 100` or `!important`).
const OWN_LEADERS: [Leader; 8] = [
    (";;", ""),
    ("%", ""),
    ("!", ""),
    ("'", ""),
    ("REM", ""),
    ("::", ""),
    ("{-", "-}"),
    ("(*", "*)"),
];

/// Whether `line` is an elision marker written behind one of `leaders` (`;; ...`, `% ...`,
/// `{- ... -}`) that [`is_elision_marker`] does not read.
#[cfg(test)]
fn marker_behind(line: &str, leaders: &[Leader]) -> Option<String> {
    let t = line.trim();
    leaders
        .iter()
        .find_map(|&leader| marker_behind_one(t, leader))
}

/// Whether `t` (a trimmed line) is an elision marker written behind `leader`, as a `//`
/// comment [`is_elision_marker`] reads.
fn marker_behind_one(t: &str, (open, close): Leader) -> Option<String> {
    let rest = t.strip_prefix(open)?;
    let first = open.chars().next()?;
    // (A leader written doubled or tripled: `%%`, `;;;`.)
    let rest = if open.chars().all(|c| c == first) {
        rest.trim_start_matches(first)
    } else {
        rest
    };
    let inner = if close.is_empty() {
        rest
    } else {
        rest.strip_suffix(close)?
    };
    // (`REM...` and `'...'` are no comments: a space follows the leader, or the marker.)
    let inner = inner.trim_end();
    let word = open.chars().any(char::is_alphabetic);
    let marker_next = inner.starts_with("...") || inner.starts_with('\u{2026}');
    if !(inner.starts_with(' ') || marker_next && !word) {
        return None;
    }
    let as_comment = format!("// {}", inner.trim());
    is_elision_marker(&as_comment).then_some(as_comment)
}

/// The comment leaders `text` shows it uses (see [`OWN_LEADERS`]).
#[cfg(test)]
fn own_leaders(text: &str) -> Vec<Leader> {
    OWN_LEADERS
        .iter()
        .copied()
        .filter(|&(open, _)| uses_leader(text, open))
        .collect()
}

/// Whether `text` has [`OWN_COMMENTS`] lines opening with the leader `open`, a space and a
/// letter. Stops counting there.
fn uses_leader(text: &str, open: &str) -> bool {
    let first = open.chars().next().unwrap_or(' ');
    text.lines()
        .filter(|l| {
            let rest = l.trim_start().strip_prefix(open);
            rest.map(|r| r.trim_start_matches(first))
                .and_then(|r| r.strip_prefix(' '))
                .and_then(|r| r.chars().next())
                .is_some_and(char::is_alphabetic)
        })
        .nth(OWN_COMMENTS - 1)
        .is_some()
}

/// `s` (an edit's `old` or `new`) with each elision marker written behind a comment leader
/// of the file's language (`conventions`) or of its own comments, that [`is_elision_marker`]
/// does not read, rewritten as a `//` comment it reads (`  ;; ...` becomes `  // ...`): the
/// strategies and artifact checks then see it as a marker. A line the file holds is its code
/// and stays. `None` when nothing is rewritten.
pub(crate) fn markers_behind_leaders(
    file: &str,
    conventions: &Conventions,
    s: &str,
) -> Option<String> {
    if !s
        .lines()
        .any(|l| l.contains("...") || l.contains('\u{2026}'))
    {
        return None;
    }
    let given = conventions.comment_leaders();
    // Whether the file uses each of [`OWN_LEADERS`], looked up when a line of `s` is a marker
    // behind it: scanning the file for all eight up front was 25 % of a snippet request on a
    // 100k-line file (256 M of 1,020 M instructions, callgrind).
    let mut uses_own = [None; OWN_LEADERS.len()];
    let mut leader_of = |t: &str| {
        given
            .iter()
            .find_map(|&leader| marker_behind_one(t, leader))
            .or_else(|| {
                OWN_LEADERS.iter().enumerate().find_map(|(k, &leader)| {
                    let comment = marker_behind_one(t, leader)?;
                    let used = *uses_own[k].get_or_insert_with(|| uses_leader(file, leader.0));
                    used.then_some(comment)
                })
            })
    };
    // The file's lines, trimmed, read once when the first line behind a leader needs them
    // (a search of the file per line of `s` cost 39 % of a snippet on a 100k-line file).
    let mut file_lines: Option<std::collections::HashSet<&str>> = None;
    let mut held = |l: &str| {
        file_lines
            .get_or_insert_with(|| file.lines().map(str::trim).collect())
            .contains(l.trim())
    };
    let mut changed = false;
    let out: Vec<String> = s
        .split('\n')
        .map(|line| {
            let body = line.strip_suffix('\r').unwrap_or(line);
            let cr = &line[body.len()..];
            if is_elision_marker(body) {
                return line.to_string();
            }
            // (A line the file holds is its code, whatever it looks like.)
            match leader_of(body.trim()) {
                Some(comment) if !held(body) && !held(&comment) => {
                    changed = true;
                    let indent = &body[..body.len() - body.trim_start().len()];
                    format!("{indent}{comment}{cr}")
                }
                _ => line.to_string(),
            }
        })
        .collect();
    changed.then(|| out.join("\n"))
}

/// What a comment says, in words alone, when it stands for lines left out. Only these whole
/// phrases (lower case, brackets and dots around them dropped), or one of [`ELIDED_SUBJECTS`]
/// followed by one of [`ELIDED_STATES`] (`rest of code remains the same`): a comment that
/// says more is the program's.
const MARKER_PHRASES: [&str; 9] = [
    "keep existing code",
    "unchanged",
    "unchanged code",
    "same as before",
    "snip",
    "snipped",
    "omitted",
    "code omitted",
    "no changes",
];

/// What a marker names as left out, in the phrasings models write (`existing code`, `rest of
/// the file`; `the` before it dropped), alone or before one of [`ELIDED_STATES`].
const ELIDED_SUBJECTS: [&str; 20] = [
    "existing code",
    "rest of code",
    "rest of the code",
    "rest of file",
    "rest of the file",
    "rest of function",
    "rest of the function",
    "rest of method",
    "rest of the method",
    "rest of class",
    "rest of the class",
    "rest of the implementation",
    "rest of the body",
    "rest of the module",
    "rest",
    "remaining code",
    "previous code",
    "original code",
    "other code",
    "code",
];

/// What a marker says of its subject (`... remains the same`), or nothing.
const ELIDED_STATES: [&str; 14] = [
    "",
    " here",
    " goes here",
    " unchanged",
    " remains unchanged",
    " remain unchanged",
    " is unchanged",
    " stays unchanged",
    " remains the same",
    " remain the same",
    " stays the same",
    " as before",
    " omitted",
    " omitted for brevity",
];

/// Whether the words of a comment are one of [`MARKER_PHRASES`], or a subject of
/// [`ELIDED_SUBJECTS`] and a state of [`ELIDED_STATES`]; brackets and dots alone (`[...]`,
/// `(...)`) say it too. (`code` alone is no marker: a comment that says only that is rare in
/// code, but the subject needs a state then.)
fn says_elided(words: &str) -> bool {
    let bare = |c: char| {
        matches!(
            c,
            '(' | ')' | '[' | ']' | '<' | '>' | '.' | '\u{2026}' | ' '
        )
    };
    if !words.is_empty() && words.chars().all(bare) {
        return words.contains("...") || words.contains('\u{2026}');
    }
    let t = words.trim_matches(bare).to_lowercase();
    let t = t.trim_end_matches([',', ';', ':']);
    if MARKER_PHRASES.contains(&t) {
        return true;
    }
    let t = t.strip_prefix("the ").unwrap_or(t);
    ELIDED_SUBJECTS.iter().any(|subject| {
        t.strip_prefix(subject).is_some_and(|state| {
            ELIDED_STATES.contains(&state) && !(state.is_empty() && *subject == "code")
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognizes_markers_not_code() {
        for m in [
            "...",
            "  // ...",
            "# ... existing code ...",
            "/* ... */",
            "\u{2026}",
            "// ... rest of the function",
            "# ...existing code...",
            "// \u{2026}Existing Code\u{2026}",
            "# rest unchanged",
            "  /* existing code */",
            "# (unchanged)",
            "// [snip]",
            "// ... (unchanged) ...",
            "// [...]",
            "# (...)",
            "// rest of code remains the same",
            "# The rest of the file stays the same",
            "// existing code goes here",
            "/* ... rest of the implementation unchanged ... */",
            "// Existing code unchanged.",
        ] {
            assert!(is_elision_marker(m), "{m}");
        }
        for code in [
            "...props,",
            "x = ...",
            "print('...')",
            "// see above",
            "...rest}",
            "...defaults",
            "# unchanged since 2019",
            "// the rest is unchanged when x is set",
            "// code",
            "# rest of code remains the same when cached",
            "// [x]",
            "// ()",
        ] {
            assert!(!is_elision_marker(code), "{code}");
        }
    }

    #[test]
    fn jsx_markers_are_comments_in_braces() {
        for m in [
            "{/* ... */}",
            "  {/* ... existing code ... */}",
            "{/* \u{2026} */}",
            "{/* existing code */}",
        ] {
            assert!(is_jsx_elision_marker(m), "{m}");
        }
        for code in [
            "{/* Sidebar */}",
            "{...props}",
            "{/* ... */ x}",
            "// ...",
            "{// ...}",
        ] {
            assert!(!is_jsx_elision_marker(code), "{code}");
        }
    }

    #[test]
    fn markers_behind_the_files_own_leaders() {
        let lisp = Conventions::from_path(std::path::Path::new("init.el"));
        let read = |file: &str, c: &Conventions, s: &str| markers_behind_leaders(file, c, s);
        assert_eq!(
            read("(a)\n", &lisp, "  (a 1)\n  ;; ...\n  (d 4)").unwrap(),
            "  (a 1)\n  // ...\n  (d 4)"
        );
        let tex = Conventions::from_path(std::path::Path::new("a.tex"));
        assert_eq!(read("", &tex, "% ... rest").unwrap(), "// ... rest");
        let hs = Conventions::from_path(std::path::Path::new("A.hs"));
        assert_eq!(read("", &hs, "  {- ... -}").unwrap(), "  // ...");
        // A file of no such language, whose own comments show the leader.
        let none = Conventions::default();
        let erl = "% Compute it\nf() -> 1.\n% Done here\n";
        assert_eq!(read(erl, &none, "    % ...").unwrap(), "    // ...");
        assert_eq!(read("f() -> 1.\n", &none, "    % ..."), None);
        // A line the file holds is its code.
        assert_eq!(read("% ...\n", &tex, "% ..."), None);
    }

    #[test]
    fn code_behind_other_leaders_is_no_marker() {
        let leaders = [("%", ""), ("!", ""), ("'", ""), ("REM", ""), ("(*", "*)")];
        for code in [
            "% 100",
            "x % 100",
            "!important",
            "'...'",
            "'...' + s",
            "REM...",
            "%d...",
            "! see above",
            "(* the rest is unchanged when x is set *)",
        ] {
            assert_eq!(marker_behind(code, &leaders), None, "{code}");
        }
        // Lines like `% 100` or `!important` show no leader the file comments with.
        assert!(own_leaders("x = (a\n  % 100)\ny = (b\n  % 7)\n").is_empty());
        assert!(own_leaders("a {\n  color: red !important;\n}\n!important\n").is_empty());
        assert!(own_leaders("s = '...'\nt = '...'\n").is_empty());
    }

    /// [`markers_behind_leaders`] as it read the file before the leaders were looked up
    /// lazily: every leader of the file's own comments first, then each line.
    fn read_all_leaders_first(file: &str, conventions: &Conventions, s: &str) -> Option<String> {
        if !s
            .lines()
            .any(|l| l.contains("...") || l.contains('\u{2026}'))
        {
            return None;
        }
        let mut leaders: Vec<Leader> = conventions.comment_leaders().to_vec();
        leaders.extend(own_leaders(file));
        let lines: std::collections::HashSet<&str> = file.lines().map(str::trim).collect();
        let mut changed = false;
        let out: Vec<String> = s
            .split('\n')
            .map(|line| {
                let body = line.strip_suffix('\r').unwrap_or(line);
                let cr = &line[body.len()..];
                if is_elision_marker(body) {
                    return line.to_string();
                }
                match marker_behind(body, &leaders) {
                    Some(c) if !lines.contains(body.trim()) && !lines.contains(c.trim()) => {
                        changed = true;
                        let indent = &body[..body.len() - body.trim_start().len()];
                        format!("{indent}{c}{cr}")
                    }
                    _ => line.to_string(),
                }
            })
            .collect();
        changed.then(|| out.join("\n"))
    }

    proptest::proptest! {
        #[test]
        fn leaders_looked_up_lazily_read_as_all_first(
            file in proptest::collection::vec(
                "( {0,2})(;;|%|!|'|REM|::|\\{-|\\(\\*|//|#)?( ?)(a|1|\\.\\.\\.|x y)( -\\}| \\*\\))?",
                0..12,
            ),
            s in proptest::collection::vec(
                "( {0,2})(;;|;;;|%|%%|!|'|REM|::|\\{-|\\(\\*|//|#)?( ?)(\\.\\.\\.|\u{2026}|a|\\.\\.\\. rest)( -\\}| \\*\\))?(\r?)",
                1..8,
            ),
            path in "(a\\.el|a\\.tex|A\\.hs|a\\.py|a\\.txt)",
        ) {
            let conventions = Conventions::from_path(std::path::Path::new(&path));
            let (file, s) = (file.join("\n"), s.join("\n"));
            proptest::prop_assert_eq!(
                markers_behind_leaders(&file, &conventions, &s),
                read_all_leaders_first(&file, &conventions, &s)
            );
        }
    }
}
