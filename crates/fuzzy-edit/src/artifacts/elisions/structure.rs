//! Whether a reading of the markers keeps the code's structure where the lines a marker keeps
//! meet the real lines the model wrote: a reading that cuts a block in two is a guess.
//!
//! The cheapest reading (see [`super::readings`]) weighs characters, not structure: a real line
//! written after a marker (`existing_action = ...`, for the `if` statement after
//! `if not path: raise ...`) may cost least read as replacing the body of the last line the
//! marker keeps, which leaves `if not path:` without its body; a group of real lines with
//! balanced brackets read as replacing `function f() {` leaves its `}` unopened. The model
//! elides whole lines of code: the lines a marker keeps come with what they open.

use crate::normalize::{indent_columns, indent_of, is_word_char, TAB_WIDTH};

/// Whether the seam after the last line a marker keeps (`kept`) is the file's: the real line
/// written after the marker (`real`) is deeper than `kept` exactly when the `old` line after
/// `kept` (`next`) is. Deeper after a line that opens nothing is a body without its header;
/// not deeper after a header (`if not path:`, `"key":` continued below) drops its body.
/// The lines are compared as written, which is only meaningful where `new` is written at
/// `old`'s depth.
pub(super) fn seam_kept(kept: &str, next: &str, real: &str) -> bool {
    let depth = |l: &str| indent_columns(indent_of(l), TAB_WIDTH);
    (depth(next) > depth(kept)) == (depth(real) > depth(kept))
}

/// Whether the `'` after `prev`, followed by `rest`, names a lifetime or label (`&'a str`,
/// `<'e>`, `'static`), not a quote: a name not closed by a `'` (`'a'` is a character), after
/// `&` or `<`, or with no `'` further on the line.
fn lifetime(prev: char, rest: impl Iterator<Item = char> + Clone) -> bool {
    let mut after = rest.clone().skip_while(|c| is_word_char(*c));
    let named = rest.clone().next().is_some_and(is_word_char);
    named
        && after.next() != Some('\'')
        && (matches!(prev, '&' | '<') || !rest.clone().any(|c| c == '\''))
}

/// How many brackets a line opens minus how many it closes, outside string literals and line
/// comments (as far as a scan of one line can tell them; an apostrophe in a word opens
/// nothing).
pub(crate) fn bracket_balance(line: &str) -> i64 {
    let mut balance = 0;
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match quote {
            Some(_) if c == '\\' => {
                chars.next();
            }
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                '"' | '`' => quote = Some(c),
                '\'' if !prev.is_alphanumeric() && !lifetime(prev, chars.clone()) => {
                    quote = Some(c)
                }
                '#' if prev.is_whitespace() && !matches!(chars.peek(), Some('[' | '!')) => break,
                '/' if chars.peek() == Some(&'/') => break,
                '(' | '[' | '{' => balance += 1,
                ')' | ']' | '}' => balance -= 1,
                _ => {}
            },
        }
        prev = c;
    }
    balance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seam_keeps_a_header_with_its_body() {
        // `if not path:` kept, its body replaced by a line at its own depth: cut.
        assert!(!seam_kept(
            "    if not path:",
            "        raise E()",
            "    x = 1"
        ));
        assert!(seam_kept(
            "    if not path:",
            "        raise E()",
            "        log()"
        ));
        // A body written after a line that opens nothing: cut too.
        assert!(!seam_kept("    # check", "    if a:", "        if b:"));
        assert!(seam_kept("    a = 1", "    b = 2", "    c = 3"));
        // Tabs and spaces compared by columns.
        assert!(seam_kept("\t};", "\tif x {", "    if y {"));
    }

    #[test]
    fn brackets_are_counted_outside_strings_and_comments() {
        assert_eq!(bracket_balance("function f(e: Error): R {"), 1);
        assert_eq!(bracket_balance("  return g({ m }, m);"), 0);
        assert_eq!(bracket_balance("s = \"(\" + ')'  # ("), 0);
        assert_eq!(bracket_balance("}) // {"), -2);
        assert_eq!(bracket_balance("it's {"), 1);
        assert_eq!(bracket_balance("#[derive(Debug)] struct S {"), 1);
        // Lifetimes open no string; characters and strings in `'` do.
        assert_eq!(bracket_balance("fn f<'a>(x: &'a str) -> &'a str {"), 1);
        assert_eq!(bracket_balance("pub struct S<'e> {"), 1);
        assert_eq!(bracket_balance("if c == '(' {"), 1);
        assert_eq!(bracket_balance("print('a (b') or f("), 1);
    }
}
