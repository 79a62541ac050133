//! Which lines of a block lie inside a multi-line literal: a heredoc body (`<<EOF` … `EOF` in
//! shell, Ruby, PHP), a Python triple-quoted string, a JavaScript template literal or Go raw
//! string (backticks), a Rust raw string (`r#"` … `"#`). Their lines are data, not code: their
//! indentation is part of the value (and a heredoc's terminator must stay where it is), so the
//! fit does not re-indent them the way it re-indents code.
//!
//! The scan is lexical and line-local, without the language's grammar: a quote inside a
//! comment can mislead it. The fit only uses it where the file shows what such lines do (see
//! `fit::literal_fit`), so a misreading changes nothing where the file's lines agree with the
//! code's.

use crate::indent::IndentMap;
use crate::normalize::{indent_of, is_word_char};

/// Which lines of `new` inside multi-line literals are written as the model wrote them, not
/// re-indented as code.
pub(super) struct LiteralFit {
    /// For each line of `new`, whether it stays as written.
    stays: Vec<bool>,
}

impl LiteralFit {
    /// Learn from the pairs of `old` and file lines (`pairs`, by line of `old`) that lie
    /// inside literals whether the file's literal lines moved as the code's did (`code`).
    /// Where `old`'s literal lines all stand as the file's do, though the code moved, the
    /// literal was not where the model's indentation went wrong: `new`'s literal lines stay
    /// as written. Where they moved too (a docstring indented with its function), they are
    /// fitted as code.
    pub(super) fn learn(
        old: &[&str],
        new: &[&str],
        pairs: &[Option<(&str, &str)>],
        code: &IndentMap,
    ) -> Self {
        let inside = inside_literals(new);
        if *code == IndentMap::Identity || !inside.contains(&true) {
            return LiteralFit { stays: Vec::new() };
        }
        let in_old = inside_literals(old);
        let mut literal_pairs = pairs
            .iter()
            .zip(&in_old)
            .filter_map(|(p, &inside)| p.filter(|_| inside))
            .filter(|(o, f)| !o.trim().is_empty() && !f.trim().is_empty())
            .peekable();
        let stays = if literal_pairs.peek().is_none() {
            flush_left_literals(new, inside)
        } else if literal_pairs.all(|(o, f)| indent_of(o) == indent_of(f)) {
            inside
        } else {
            Vec::new()
        };
        LiteralFit { stays }
    }

    /// Whether line `k` of `new` stays as the model wrote it.
    pub(super) fn stays(&self, k: usize) -> bool {
        self.stays.get(k).copied().unwrap_or(false)
    }
}

/// Where the file shows no literal line: the literals of `new` (runs of lines `inside`) that
/// the model wrote with a line flush left (a heredoc body, a query in a string) stay as
/// written, all their lines; an indented one (a docstring) moves with the code.
fn flush_left_literals(new: &[&str], mut inside: Vec<bool>) -> Vec<bool> {
    let mut start = 0;
    while start < inside.len() {
        if !inside[start] {
            start += 1;
            continue;
        }
        let end = (start..inside.len())
            .find(|&k| !inside[k])
            .unwrap_or(inside.len());
        let flush = new[start..end]
            .iter()
            .any(|l| !l.trim().is_empty() && !l.starts_with([' ', '\t']));
        inside[start..end].iter_mut().for_each(|i| *i = flush);
        start = end;
    }
    inside
}

/// What is open at the end of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Open {
    /// A string closed by this delimiter: `"""`, `'''`, `` ` ``, or `"` and a run of `#`.
    Quote(String),
    /// A heredoc body, ended by a line holding only this word (indented or not: `<<-`, `<<~`
    /// and PHP 7.3 allow that, and a plain `<<` body cannot hold such a line anyway).
    Heredoc(String),
}

/// For each line, whether it lies inside a multi-line literal: after the line that opens it,
/// up to and including the line that closes it (the text before a closing delimiter on its
/// line is part of the value too). A literal still open at the end stays open.
pub(super) fn inside_literals(lines: &[&str]) -> Vec<bool> {
    let mut scan = Scan::default();
    lines
        .iter()
        .map(|line| {
            let inside = scan.open.is_some();
            scan.step(line);
            inside
        })
        .collect()
}

/// What is open at the end of `lines` (a file's lines before a span): the literal a span there
/// starts inside, if any.
pub(crate) fn open_after<'l>(lines: impl Iterator<Item = &'l str>) -> Option<Open> {
    let mut scan = Scan::default();
    lines.for_each(|line| scan.step(line));
    scan.open
}

/// Lines read one after another: the literal open after the last one read.
#[derive(Default)]
struct Scan {
    open: Option<Open>,
    /// Heredocs opened on a line start after it, in order.
    heredocs: Vec<String>,
}

impl Scan {
    fn step(&mut self, line: &str) {
        if let Some(Open::Heredoc(word)) = &self.open {
            if terminates(line, word) {
                self.open = self.heredocs.pop().map(Open::Heredoc);
            }
            return;
        }
        self.open = scan_line(line, self.open.take(), &mut self.heredocs);
        if self.open.is_none() && !self.heredocs.is_empty() {
            // (Several on one line open one after the other; the first is read first.)
            self.heredocs.reverse();
            self.open = self.heredocs.pop().map(Open::Heredoc);
        }
    }
}

/// [`inside_literals`] for lines that start inside the literal `open` (a span that starts in a
/// docstring): the line that closes it is found, and a delimiter there closes that literal
/// rather than opening one, so the code after it is code. The lines up to that one are the
/// file's literal, which `old` holds at the file's depth: they count as outside (the model's
/// indentation characters on them are its habit, as on the code). Where `new` never closes
/// it, as [`inside_literals`].
pub(super) fn inside_literals_from(lines: &[&str], open: Option<Open>) -> Vec<bool> {
    let Some(state) = open else {
        return inside_literals(lines);
    };
    let mut heredocs: Vec<String> = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let closed = match &state {
            Open::Heredoc(word) => terminates(line, word).then_some(None),
            Open::Quote(_) => match scan_line(line, Some(state.clone()), &mut heredocs) {
                Some(Open::Quote(close)) if Open::Quote(close.clone()) == state => None,
                after => Some(after),
            },
        };
        match closed {
            // (Closed, and nothing else left open on that line: the rest is scanned afresh.)
            Some(None) if heredocs.is_empty() => {
                let mut inside = vec![false; k + 1];
                inside.extend(inside_literals(&lines[k + 1..]));
                return inside;
            }
            Some(_) => return inside_literals(lines),
            None => {}
        }
    }
    inside_literals(lines)
}

/// Whether `line` ends a heredoc of `word`: the word alone, indented or not, or followed by
/// `;`, `,` or `)` as PHP allows.
fn terminates(line: &str, word: &str) -> bool {
    line.trim()
        .strip_prefix(word)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([';', ',', ')']))
}

/// Scan one line from the state `open` left by the lines before; heredoc words it opens are
/// pushed to `heredocs`. Returns what is open at its end.
fn scan_line(line: &str, mut open: Option<Open>, heredocs: &mut Vec<String>) -> Option<Open> {
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match &open {
            Some(Open::Quote(close)) => match line[i..].find(close.as_str()) {
                // (A backslash escapes a backtick in a template literal.)
                Some(at) if close == "`" && at > 0 && bytes[i + at - 1] == b'\\' => {
                    i += at + 1;
                }
                Some(at) => {
                    i += at + close.len();
                    open = None;
                }
                None => return open,
            },
            Some(Open::Heredoc(_)) => return open,
            None => {
                let rest = &line[i..];
                let prev = line[..i].chars().next_back();
                if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
                    open = Some(Open::Quote(rest[..3].to_string()));
                    i += 3;
                } else if let Some(fence) = rest.strip_prefix("```") {
                    // A Markdown fence, not a literal.
                    i += 3 + fence.bytes().take_while(|&b| b == b'`').count();
                } else if rest.starts_with('`') && prev != Some('\\') {
                    open = Some(Open::Quote("`".to_string()));
                    i += 1;
                } else if let Some(hashes) = raw_string_start(rest, prev) {
                    open = Some(Open::Quote(format!("\"{}", "#".repeat(hashes))));
                    i += 2 + hashes;
                } else if let Some((word, len)) = heredoc_start(rest) {
                    heredocs.push(word);
                    i += len;
                } else if rest.starts_with("//") || line_comment(rest, prev) {
                    // The rest of the line is a comment: its quotes open nothing.
                    return None;
                } else if rest.starts_with(['"', '\'']) {
                    // A one-line string: what it holds opens nothing.
                    i += one_line_string(rest);
                } else {
                    i += rest.chars().next().map_or(1, char::len_utf8);
                }
            }
        }
    }
    open
}

/// Whether a `#` comment starts at `rest` (shell, Python, Ruby): at the start of a line or
/// after a space, and not an attribute (`#[`, `#!`).
fn line_comment(rest: &str, prev: Option<char>) -> bool {
    rest.starts_with('#')
        && prev.is_none_or(char::is_whitespace)
        && !rest[1..].starts_with(['[', '!'])
}

/// The length of the one-line string `rest` starts with (its quotes included), or of the rest
/// of the line when it does not close there (an apostrophe in a comment).
fn one_line_string(rest: &str) -> usize {
    let quote = rest.as_bytes()[0];
    let bytes = rest.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    // Unclosed: an apostrophe, not a string; only the quote itself is passed.
    1
}

/// The number of `#` of a Rust raw string opening at the start of `rest` (`r"`, `r#"`,
/// `br##"`), not inside a word (`bar"`).
fn raw_string_start(rest: &str, prev: Option<char>) -> Option<usize> {
    if prev.is_some_and(|c| is_word_char(c) && c != 'b') || !rest.starts_with('r') {
        return None;
    }
    let hashes = rest[1..].bytes().take_while(|&b| b == b'#').count();
    rest[1 + hashes..].starts_with('"').then_some(hashes)
}

/// A heredoc opening at the start of `rest`: `<<WORD`, `<<-WORD`, `<<~WORD`, `<<'WORD'`,
/// `<<"WORD"`, `<<<WORD` (PHP), with an upper-case word as heredocs are written (a shift such
/// as `1 << n` or `x<<count` is not one). Returns the word and the opener's length.
fn heredoc_start(rest: &str) -> Option<(String, usize)> {
    let after = rest.strip_prefix("<<")?;
    let after = after.strip_prefix('<').unwrap_or(after);
    let after = after.strip_prefix(['-', '~']).unwrap_or(after);
    let quote = after.chars().next().filter(|c| matches!(c, '\'' | '"'));
    let after = &after[quote.map_or(0, char::len_utf8)..];
    let len = after
        .bytes()
        .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
        .count();
    let word = &after[..len];
    if !word.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let tail = &after[len..];
    if let Some(q) = quote {
        tail.strip_prefix(q)?;
    } else if tail.starts_with(is_word_char) {
        return None;
    }
    let used = rest.len() - tail.len() + quote.map_or(0, char::len_utf8);
    Some((word.to_string(), used))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inside(text: &str) -> Vec<bool> {
        inside_literals(&text.split('\n').collect::<Vec<_>>())
    }

    #[test]
    fn heredoc_bodies_and_their_terminators_are_inside() {
        let text = "f() {\n  cat <<EOF\nline one\n  two\nEOF\n  echo done\n}";
        assert_eq!(inside(text), [false, false, true, true, true, false, false]);
        let php = "$s = <<<'SQL'\n  SELECT 1\n  SQL;\nfoo();";
        assert_eq!(inside(php), [false, true, true, false]);
        let ruby = "x = <<~TEXT\n  hi\n  TEXT\ny = 1";
        assert_eq!(inside(ruby), [false, true, true, false]);
    }

    #[test]
    fn shifts_and_lowercase_words_open_no_heredoc() {
        assert_eq!(inside("x = 1 << n\ny = 2\nn"), [false, false, false]);
        assert_eq!(inside("cout <<endl;\n  y();\nendl"), [false, false, false]);
    }

    #[test]
    fn multi_line_strings_are_inside_up_to_their_closing_line() {
        let py = "def f():\n    sql = \"\"\"\nSELECT *\n  FROM t\n\"\"\"\n    return sql";
        assert_eq!(inside(py), [false, false, true, true, true, false]);
        // A one-line docstring opens nothing.
        assert_eq!(inside("    \"\"\"Doc.\"\"\"\n    x = 1"), [false, false]);
        let js = "const s = `\n  a ${b}\n`;\nf();";
        assert_eq!(inside(js), [false, true, true, false]);
        let rust = "let s = r#\"\n  \"quoted\"\n\"#;\nlet t = 1;";
        assert_eq!(inside(rust), [false, true, true, false]);
    }

    #[test]
    fn a_block_starting_inside_a_docstring_closes_it_first() {
        let file = "def f():\n    \"\"\"Doc.\n\n        x = 1";
        let open = open_after(file.split('\n'));
        assert_eq!(open, Some(Open::Quote("\"\"\"".into())));
        let new = ["        x = 2", "    \"\"\"", "    return x"];
        assert_eq!(inside_literals_from(&new, open.clone()), [false; 3]);
        // Read from nothing open, its closing quotes open a string.
        assert_eq!(inside_literals(&new), [false, false, true]);
        // Not closed in `new`: read as before.
        assert_eq!(inside_literals_from(&new[..1], open), [false]);
        assert_eq!(open_after("x = 1\ny = \"\"\"a\"\"\"".split('\n')), None);
    }

    #[test]
    fn quotes_in_one_line_strings_and_fences_open_nothing() {
        assert_eq!(inside("x = '\"\"\"'\ny = 1"), [false, false]);
        assert_eq!(inside("s = \"a `b\"\ny = 1"), [false, false]);
        assert_eq!(inside("```rust\nlet x = 1;\n```\ntext"), [false; 4]);
        // An apostrophe in a comment is no string.
        assert_eq!(inside("# it's `x`\ny = 1"), [false, false]);
    }
}
