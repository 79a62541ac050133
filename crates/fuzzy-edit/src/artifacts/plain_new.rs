//! Which lines of a `new` are escaped, judged on `new` itself and on the file, not on `old`.
//!
//! A model that JSON-escapes `old` (`a\n    b \\ []`) may still write `new` plainly, with real
//! line breaks: then `new`'s backslashes are the program's (Elixir's `b \\ []`, Emacs Lisp's
//! `?\n`, a Perl regex's `\$\(`, Go's `'\\t'`), and decoding them as `old`'s corrupts a line
//! the edit keeps.

use std::collections::HashSet;

use crate::normalize::unescape_code;
use crate::text::Text;

/// `new` with the escapes it was written with undone, given that `raw_old` (as sent) was
/// escaped: a `new` with real line breaks beside an `old` that wrote its own as `\\n` was written plainly and
/// only a line that is no line of the file as written, but is one decoded, is decoded (a kept
/// line escaped by habit). Otherwise `new` is decoded as `old` was, except a line the file
/// has as written (the program's own backslashes).
pub(crate) fn decode_escaped_new(text: &Text, raw_old: &str, new: &str) -> String {
    let file_lines: HashSet<&str> = text.as_str().lines().map(str::trim).collect();
    let in_file = |l: &str| !l.trim().is_empty() && file_lines.contains(l.trim());
    // (An `old` that encoded its line breaks, beside a `new` that did not.)
    let plain = new.contains('\n') && !raw_old.contains('\n') && raw_old.contains("\\n");
    if !plain {
        let decoded = unescape_code(new, None).unwrap_or_else(|| new.to_string());
        let (raw, dec): (Vec<&str>, Vec<&str>) =
            (new.split('\n').collect(), decoded.split('\n').collect());
        if raw.len() != dec.len()
            || !raw
                .iter()
                .zip(&dec)
                .any(|(r, d)| r != d && in_file(r) && !in_file(d))
        {
            return decoded;
        }
        return raw
            .iter()
            .zip(&dec)
            .map(|(r, d)| if in_file(r) && !in_file(d) { *r } else { *d })
            .collect::<Vec<_>>()
            .join("\n");
    }
    new.split('\n')
        .map(|line| match unescape_code(line, None) {
            Some(d) if !d.contains('\n') && !in_file(line) && in_file(&d) => d,
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_new_beside_an_escaped_old_keeps_its_backslashes() {
        let file = "x = 1\n  def go(a, b \\\\ []) do\n    y = 2\n  end\n";
        let raw_old = "  def go(a, b \\\\\\\\ []) do\\n    y = 2";
        let new = "  def go(a, b \\\\ []) do\n    y = 3";
        assert_eq!(decode_escaped_new(&Text::new(file), raw_old, new), new);
        // A kept line escaped by habit in a plain new is the file's line.
        let new = "  def go(a, b \\\\\\\\ []) do\n    y = 3";
        assert_eq!(
            decode_escaped_new(&Text::new(file), raw_old, new),
            "  def go(a, b \\\\ []) do\n    y = 3"
        );
        // An escaped new is decoded as old was.
        let new = "  def go(a, b \\\\\\\\ []) do\\n    y = 3";
        assert_eq!(
            decode_escaped_new(&Text::new(file), raw_old, new),
            "  def go(a, b \\\\ []) do\n    y = 3"
        );
    }
}
