//! Read tools' line numbers (`   12\tcode`, `12|code`, `L12: code`, `12:ab|code`,
//! `12#VK|code`): models copy
//! them into `old` and `new`. The line-prefixes strategy strips them from `old`, the artifact
//! checks from `new`.

/// A read tool's way of numbering lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Tab,
    Arrow,
    Pipe,
    Colon,
    HashLine,
    /// `12#VK|code` (or `12#VK:code`): a line ID of [`crate::line_refs`] after `#`.
    LineId,
}

/// Shortest and longest line hash of a hash-line prefix (`12:ab|`, `4:kcg|`).
const MIN_HASH: usize = 2;
const MAX_HASH: usize = 4;

/// Parse a read-tool prefix: its style, line number and byte length.
pub(crate) fn parse_prefix(line: &str) -> Option<(Style, u64, usize)> {
    let b = line.as_bytes();
    let mut i = b.iter().take_while(|c| **c == b' ').count();
    if b.get(i) == Some(&b'L') {
        i += 1;
    }
    let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    // (9 digits: a line number under a billion; more is a number in the code.)
    if digits == 0 || digits > 9 {
        return None;
    }
    let number: u64 = line[i..i + digits].parse().ok()?;
    i += digits;
    let rest = &line[i..];
    if let Some(len) = line_id_prefix(rest) {
        return Some((Style::LineId, number, i + len));
    }
    if let Some(r) = rest.strip_prefix('\t') {
        return Some((Style::Tab, number, line.len() - r.len()));
    }
    if let Some(r) = rest.strip_prefix('\u{2192}') {
        return Some((Style::Arrow, number, line.len() - r.len()));
    }
    if let Some(r) = rest.strip_prefix(" | ").or_else(|| rest.strip_prefix('|')) {
        return Some((Style::Pipe, number, line.len() - r.len()));
    }
    let r = rest.strip_prefix(':')?;
    // Hash-line tools write a short hash of the line (2 to 4 letters or digits) before `|`.
    let hash = r
        .bytes()
        .take(MAX_HASH + 1)
        .take_while(u8::is_ascii_alphanumeric)
        .count();
    if (MIN_HASH..=MAX_HASH).contains(&hash) && r.as_bytes().get(hash) == Some(&b'|') {
        return Some((Style::HashLine, number, line.len() - r.len() + hash + 1));
    }
    Some((Style::Colon, number, line.len() - r.len()))
}

/// The length of `#VK|` (or `#VK:`) at the start of `rest`: a line ID as a hashline read shows it.
fn line_id_prefix(rest: &str) -> Option<usize> {
    let b = rest.as_bytes();
    let letter = |i: usize| {
        b.get(i)
            .is_some_and(|c| crate::line_refs::ALPHABET.contains(c))
    };
    (b.first() == Some(&b'#') && letter(1) && letter(2) && matches!(b.get(3), Some(b'|' | b':')))
        .then_some(4)
}

/// Strip read-tool line prefixes from every line of `s`, or `None` unless every non-blank line
/// carries one, all of one style, with non-decreasing numbers.
pub(crate) fn strip_line_prefixes(s: &str) -> Option<String> {
    let mut style = None;
    let mut last = 0u64;
    let mut out = String::with_capacity(s.len());
    let mut any = false;
    for piece in s.split_inclusive('\n') {
        let (line, ending) = match piece.strip_suffix('\n') {
            Some(l) => {
                let line = l.strip_suffix('\r').unwrap_or(l);
                (line, &piece[line.len()..])
            }
            None => (piece, ""),
        };
        match parse_prefix(line) {
            Some((st, number, len)) => {
                if *style.get_or_insert(st) != st || number < last {
                    return None;
                }
                last = number;
                any = true;
                out.push_str(&line[len..]);
            }
            None if line.trim().is_empty() => out.push_str(line),
            None => return None,
        }
        out.push_str(ending);
    }
    any.then_some(out)
}

/// Strip read-tool prefixes from the lines of `s` that carry one; leave the others as written.
pub(crate) fn strip_where_present(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for piece in s.split_inclusive('\n') {
        let body = piece.trim_end_matches(['\n', '\r']);
        match parse_prefix(body) {
            Some((_, _, len)) => {
                out.push_str(&body[len..]);
                out.push_str(&piece[body.len()..]);
            }
            None => out.push_str(piece),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_each_style() {
        assert_eq!(
            strip_line_prefixes("  9\tx\n 10\t  y\n").unwrap(),
            "x\n  y\n"
        );
        assert_eq!(
            strip_line_prefixes("3\u{2192}a\n4\u{2192}b").unwrap(),
            "a\nb"
        );
        assert_eq!(strip_line_prefixes("3|a\n4|b").unwrap(), "a\nb");
        assert_eq!(strip_line_prefixes("L3:a\nL4:b").unwrap(), "a\nb");
        assert_eq!(strip_line_prefixes("309:rv|a\n310:k2|b").unwrap(), "a\nb");
        assert_eq!(strip_line_prefixes("4:kcg|a\n5:1qt9|b").unwrap(), "a\nb");
        // Five letters before `|` are no hash: `12:total|x` is not stripped as one.
        assert_eq!(parse_prefix("12:total|x").map(|p| p.0), Some(Style::Colon));
        assert_eq!(strip_line_prefixes("12 | a\n13 | b").unwrap(), "a\nb");
    }

    #[test]
    fn refuses_partial_or_mixed_prefixes() {
        assert_eq!(strip_line_prefixes("1\ta\nb"), None);
        assert_eq!(strip_line_prefixes("1\ta\n2|b"), None);
        assert_eq!(strip_line_prefixes("5\ta\n4\tb"), None);
        assert_eq!(strip_line_prefixes("x = 1"), None);
    }

    #[test]
    fn blank_lines_may_lack_a_prefix() {
        assert_eq!(strip_line_prefixes("1\ta\n\n3\tb").unwrap(), "a\n\nb");
        assert_eq!(strip_line_prefixes("1\ta\n2\t\n3\tb").unwrap(), "a\n\nb");
    }
}
