//! Elision markers: the lines a model writes for lines it left out (`...`,
//! `// ... existing code ...`, `# rest unchanged`), as the elision strategy reads them in `old`
//! and the artifact checks look for them in `new`.

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
}

/// What a comment says, in words alone, when it stands for lines left out. Only these whole
/// phrases (lower case, brackets and dots around them dropped): a comment that says more is
/// the program's.
const MARKER_PHRASES: [&str; 24] = [
    "existing code",
    "existing code here",
    "existing code unchanged",
    "keep existing code",
    "rest of code",
    "rest of the code",
    "rest of the code unchanged",
    "rest of file",
    "rest of the file",
    "rest of function",
    "rest of the function",
    "rest of the method",
    "rest of the class",
    "rest unchanged",
    "unchanged",
    "unchanged code",
    "code unchanged",
    "remaining code",
    "remaining code unchanged",
    "same as before",
    "snip",
    "snipped",
    "omitted",
    "code omitted",
];

/// Whether the words of a comment are one of [`MARKER_PHRASES`].
fn says_elided(words: &str) -> bool {
    let t = words
        .trim_matches(|c: char| {
            matches!(
                c,
                '(' | ')' | '[' | ']' | '<' | '>' | '.' | '\u{2026}' | ' '
            )
        })
        .to_lowercase();
    MARKER_PHRASES.contains(&t.as_str())
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
        ] {
            assert!(!is_elision_marker(code), "{code}");
        }
    }
}
