//! A `\n` in the comment of a one-line `new`: text, unless what follows it is a line of code.
//!
//! `print("a\n")  # a\nb` may be the comment `# a\nb` (a comment names an escape as often
//! as code uses one) or the comment `# a` and a line `b` encoded twice. A break read out of a
//! comment must open a line that reads as one: code (an assignment, a call, a bracket, a
//! statement's end) or another comment (`a = 1  # one\nb = 2  # two`). A word or a string
//! alone (`# a\nb`, `# ,tail\n".*?"`) is more of the comment's text, and the whole `new` is
//! then left as written.

/// Whether `segment` (what a break in a comment would open, up to the next break) reads as a
/// line of its own: a comment, or code with an operator, bracket or statement end.
pub(super) fn opens_a_line(segment: &str) -> bool {
    let s = segment.trim_start();
    s.starts_with('#')
        || s.starts_with("//")
        || s.contains(['=', '(', ')', '{', '}', '[', ']', ';'])
}

/// Whether the end of `line` (a line of code, its strings followed) lies inside a line
/// comment: a `#` standing apart (not a Rust attribute `#[`, `#!`, nor a C directive at the
/// start of the line) or a `//` not after a URL's scheme, outside quotes.
pub(super) fn ends_in_comment(line: &str) -> bool {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '`') => quote = Some(c),
            // (An apostrophe inside a word opens nothing.)
            (None, '\'') if !prev.is_alphanumeric() => quote = Some(c),
            (None, '#') if prev.is_whitespace() => {
                let rest = &line[at + 1..];
                let directive = line[..at].trim().is_empty()
                    && rest.starts_with(|c: char| c.is_ascii_alphabetic());
                if !rest.starts_with(['[', '!']) && !directive {
                    return true;
                }
            }
            (None, '/') if prev == '/' && !line[..at - 1].ends_with(':') => return true,
            _ => {}
        }
        prev = c;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_break_in_a_comment_must_open_code_or_a_comment() {
        assert!(!opens_a_line("b"));
        assert!(!opens_a_line("\".*?\""));
        assert!(opens_a_line("b = 2  # two"));
        assert!(opens_a_line("  // more"));
        assert!(opens_a_line("f(x)"));
    }

    #[test]
    fn a_line_comment_is_found_outside_strings() {
        assert!(ends_in_comment("print(\"a\\n\")  # a"));
        assert!(ends_in_comment("    x = f(y); // note"));
        assert!(ends_in_comment("# a"));
        assert!(!ends_in_comment("s = \"# not a comment\""));
        assert!(!ends_in_comment("url = http://example.com"));
        assert!(!ends_in_comment("#[cfg(test)]"));
        assert!(!ends_in_comment("#include <x.h>"));
        assert!(ends_in_comment("x = 1  # don't"));
        assert!(!ends_in_comment("it's x"));
    }
}
