//! A file as `read_file` shows it: `cat -n` numbering, a window of lines, and notes on what was
//! left out.
//!
//! Each line is the number right-aligned in six columns, a tab, and the line as in the file (its
//! `\r\n` or `\n` removed). Notes (more lines, truncated lines, empty file) come after the
//! listing in parentheses, never on a numbered line, so nothing copied from a numbered line is
//! anything but file content.

/// Lines shown when the caller gives no limit.
pub const DEFAULT_LIMIT: usize = 2000;

/// Longer lines are cut in the listing (a minified file would otherwise flood the context).
pub const MAX_LINE_CHARS: usize = 2000;

/// The numbered listing of `text` from line `offset` (1-based; 0 counts as 1), at most `limit`
/// lines. Refuses an offset past the end.
pub fn numbered(text: &str, offset: usize, limit: usize) -> Result<String, String> {
    let total = line_count(text);
    if total == 0 {
        return Ok("(the file is empty: 0 lines)".to_string());
    }
    let first = offset.max(1);
    if first > total {
        return Err(format!(
            "offset {first} is past the end of the file, which has {total} lines. Use an offset from 1 to {total}."
        ));
    }
    let limit = limit.max(1);
    let mut out = String::new();
    let mut cut = 0;
    let mut last = first - 1;
    for (i, line) in text.split('\n').enumerate().skip(first - 1).take(limit) {
        if i + 1 > total {
            break;
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        // Numbered exactly as the engine's line-number stripping expects.
        match line.char_indices().nth(MAX_LINE_CHARS) {
            Some((at, _)) => {
                cut += 1;
                out.push_str(&fuzzy_edit::protocol::numbered_line(i + 1, &line[..at]));
                out.push_str(&format!(
                    " [… line cut: {} more characters]",
                    line[at..].chars().count()
                ));
            }
            None => out.push_str(&fuzzy_edit::protocol::numbered_line(i + 1, line)),
        }
        out.push('\n');
        last = i + 1;
    }
    if cut > 0 {
        out.push_str(&format!(
            "\n({cut} line(s) longer than {MAX_LINE_CHARS} characters were cut; the \"[… line cut\" marker is not in the file, so keep it out of old_string.)\n"
        ));
    }
    if first > 1 || last < total {
        let more = if last < total {
            format!("; call read_file with offset={} to read on", last + 1)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "\n(showing lines {first}-{last} of {total}{more}.)\n"
        ));
    }
    Ok(out)
}

/// Lines in `text`: a final line without a newline counts, an empty text has none.
pub fn line_count(text: &str) -> usize {
    if text.is_empty() {
        0
    } else {
        text.matches('\n').count() + usize::from(!text.ends_with('\n'))
    }
}

/// The lines of `text` from `offset` (1-based; 0 counts as 1), at most `limit`, each as
/// `{line}#{ID}|{text}` ([`fuzzy_edit::line_refs::read_with_hashes`]), with a note in
/// parentheses when lines are left out; an error past the end.
pub fn with_hashes(text: &str, offset: usize, limit: usize) -> Result<String, String> {
    let total = fuzzy_edit::line_refs::count_lines(text);
    let first = offset.max(1);
    if total == 0 {
        return Ok("(the file is empty)\n".into());
    }
    if first > total {
        return Err(format!(
            "offset {first} is past the end: the file has {total} lines."
        ));
    }
    let last = first.saturating_add(limit.max(1) - 1).min(total);
    let mut out = fuzzy_edit::line_refs::read_with_hashes(text, Some((first, last)));
    if first > 1 || last < total {
        out.push_str(&format!(
            "(showing lines {first}-{last} of {total}; read others with offset and limit)\n"
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_like_cat_n() {
        let t = "fn main() {\r\n\tx();\r\n}";
        assert_eq!(
            numbered(t, 1, DEFAULT_LIMIT).unwrap(),
            "     1\tfn main() {\n     2\t\tx();\n     3\t}\n"
        );
        assert_eq!(line_count("a\nb\n"), 2);
        assert_eq!(line_count("a\nb"), 2);
        assert_eq!(line_count(""), 0);
        assert!(numbered("", 1, 10).unwrap().contains("empty"));
    }

    #[test]
    fn windows_and_notes() {
        let t: String = (1..=10).map(|i| format!("line {i}\n")).collect();
        let out = numbered(&t, 4, 3).unwrap();
        assert!(out.starts_with("     4\tline 4\n     5\tline 5\n     6\tline 6\n\n"));
        assert!(out.contains("showing lines 4-6 of 10; call read_file with offset=7"));
        let out = numbered(&t, 9, 100).unwrap();
        assert!(out.contains("showing lines 9-10 of 10.)"));
        assert!(numbered(&t, 11, 1).is_err());
        assert!(!numbered(&t, 0, 100).unwrap().contains("showing"));
    }

    #[test]
    fn cuts_long_lines_on_char_boundaries() {
        let t = "é".repeat(MAX_LINE_CHARS + 5);
        let out = numbered(&t, 1, 1).unwrap();
        assert!(out.contains("[… line cut: 5 more characters]"));
        assert!(out.contains("were cut"));
    }
}
