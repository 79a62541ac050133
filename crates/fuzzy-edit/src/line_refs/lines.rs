//! What an edit's `lines` carries, as the model meant it: the JSON shapes it comes in, and the
//! text models copy into it that the file must not get (a read's `12#VK|` prefixes, the line
//! just outside the range repeated).

use serde::Deserialize;

use crate::notation::strip_line_prefixes;

/// `lines` as an array of strings, one string (split at its line breaks; a final line break is
/// a copying habit and adds no empty line; `""` is no line), or `null` (no line).
pub(super) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Lines(Vec<String>),
        Text(String),
        // Anything else (numbers in the list, an object) gets the message below, not serde's
        // "did not match any variant".
        Other(serde::de::IgnoredAny),
    }
    Ok(match Option::<Raw>::deserialize(d)? {
        Some(Raw::Other(_)) => {
            return Err(serde::de::Error::custom(
                "\"lines\" is a list of strings (the new lines), one string, or null",
            ))
        }
        None => Vec::new(),
        Some(Raw::Lines(lines)) => lines,
        Some(Raw::Text(text)) => split(&text),
    })
}

/// One string's lines (see [`deserialize`]).
pub(crate) fn split(text: &str) -> Vec<String> {
    if text.is_empty() {
        return Vec::new();
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.split('\n').map(str::to_string).collect()
}

/// The lines to write: each without a `\r` or line break of its own (a string element holding
/// several lines is split), without read-tool prefixes when every non-blank line carries one
/// (`12#VK|`, `12|`, `  12\t`, numbers rising), and without a line copied from just
/// outside the edit: `above` is the file's line before the place written, `below` the one
/// after it, `inside` the file's lines the edit replaces.
pub(super) fn cleaned(
    lines: &[String],
    above: Option<&str>,
    below: Option<&str>,
    inside: &[&str],
) -> Vec<String> {
    if lines.is_empty() {
        return Vec::new();
    }
    let joined = lines.join("\n");
    let stripped = strip_line_prefixes(&joined).unwrap_or(joined);
    let mut out: Vec<String> = stripped
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
        .collect();
    // A line repeated from outside the range is a copying habit only when it is not also what
    // the edit replaces (a `}` closing the block may stand both inside and below) and it says
    // something (a blank line or a lone bracket may be meant).
    let echo = |line: &str, outside: Option<&str>, edge: Option<&&str>| {
        outside.is_some_and(|o| {
            o.trim() == line.trim()
                && o.chars().filter(|c| c.is_alphanumeric()).count() >= 2
                && edge.is_none_or(|e| e.trim() != line.trim())
        })
    };
    if out.len() > 1 && echo(&out[0], above, inside.first()) {
        out.remove(0);
    }
    if out.len() > 1 && echo(out.last().unwrap(), below, inside.last()) {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_string_splits_at_line_breaks_without_a_final_empty_line() {
        assert_eq!(split("a\nb\n"), ["a", "b"]);
        assert_eq!(split("a\n\n"), ["a", ""]);
        assert!(split("").is_empty());
    }

    #[test]
    fn read_prefixes_copied_into_every_line_are_stripped() {
        let lines = strings(&["12#VK|    x = 1", "13#QX|    y = 2"]);
        assert_eq!(cleaned(&lines, None, None, &[]), ["    x = 1", "    y = 2"]);
        // One line with something that only looks like a prefix stays.
        let code = strings(&["x = 1", "12|y"]);
        assert_eq!(cleaned(&code, None, None, &[]), ["x = 1", "12|y"]);
    }

    #[test]
    fn a_line_from_just_outside_the_range_is_not_written_twice() {
        let lines = strings(&["def total(items):", "    return sum(items)", "print(total)"]);
        let out = cleaned(
            &lines,
            Some("def total(items):"),
            Some("print(total)"),
            &["    return 0"],
        );
        assert_eq!(out, ["    return sum(items)"]);
        // A closing bracket both below and at the end of the range is the model's own.
        let block = strings(&["if x {", "    y();", "}"]);
        assert_eq!(cleaned(&block, None, Some("}"), &["if x {", "}"]), block);
    }
}
