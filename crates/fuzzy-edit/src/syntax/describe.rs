//! What an error looks like, in words a model can act on.
//!
//! The description is derived from the node kinds and the text, from the most specific sign
//! to the least, and says only what those show: a `MISSING ")"` is a missing `)`, an `ERROR`
//! that starts with a string opener is an unclosed string. When no sign is certain it only
//! says that the parser could not fit the text there.

use tree_sitter::Node;

use super::fault::{Fault, FaultKind};
use super::python;
use super::{Language, SyntaxProblem, SyntaxProblemKind};

/// Lines shown on each side of the error's line: enough to see the block's indentation and the
/// statements next to it, few enough that the error's line stands out.
const EXCERPT_RADIUS: usize = 2;

/// Longest quote of source text in a description, in characters; longer text is cut with `...`.
const QUOTE_CHARS: usize = 40;

/// Spaces in a row inside a line that suggest two lines were joined: code aligns with two or
/// three spaces at most (before a trailing comment, in aligned assignments), a lost line break
/// leaves the next line's whole indentation, four spaces or more.
const GLUE_GAP: usize = 4;

/// Typographic quotes, which no language here accepts as string delimiters.
const CURLY_QUOTES: [char; 4] = ['\u{201C}', '\u{201D}', '\u{2018}', '\u{2019}'];

/// Quote tokens that open and close a string, as the grammars name them.
const QUOTES: [&str; 5] = ["\"", "'", "`", "\"\"\"", "'''"];

/// The problem report for `fault`, an error of `text` the edit added (one of `count`).
///
/// The position reported is the token the description is about (the bracket left open, the
/// quote that opens the unclosed string), or else the start of the error: an `ERROR` node can
/// begin lines before its cause, at the statement the parser gave up on.
pub(crate) fn problem(
    text: &str,
    fault: Fault<'_>,
    language: Language,
    count: usize,
) -> SyntaxProblem {
    let (kind, description, focus) = describe(text, fault);
    let start = focus.start_byte();
    let line = focus.start_position().row;
    let line_start = start - focus.start_position().column;
    let column = text[line_start..start].chars().count();
    SyntaxProblem {
        language,
        line: line + 1,
        column: column + 1,
        kind,
        description,
        excerpt: excerpt(text, line),
        new_errors: count,
    }
}

/// The kind, the description, and the node to point at.
fn describe<'t>(text: &str, fault: Fault<'t>) -> (SyntaxProblemKind, String, Node<'t>) {
    let node = fault.node;
    let line_text = line_of(text, node.start_byte());
    match fault.kind {
        FaultKind::Indent => return (SyntaxProblemKind::Indentation, indent(text, node), node),
        FaultKind::EmptyBlock => {
            return (
                SyntaxProblemKind::Indentation,
                "the block this line opens has no indented statement after it: expected an indented block".to_string(),
                node,
            )
        }
        FaultKind::Missing => {
            let (kind, description) = missing(node.kind());
            return (kind, description, node);
        }
        FaultKind::Error => {}
    }
    let tokens = leaves(node);
    // A typographic quote the lexer could not read is an `ERROR` token of its own; one inside a
    // string or a comment is not, and is no sign.
    let curly = tokens
        .iter()
        .find(|t| t.kind == "ERROR" && text[t.node.byte_range()].contains(CURLY_QUOTES));
    if let Some(curly) = curly {
        return (
            SyntaxProblemKind::CurlyQuotes,
            "typographic quotes (“ ” ‘ ’) stand where the code needs straight quotes".to_string(),
            curly.node,
        );
    }
    if has_line_number_prefix(line_text)
        && node.start_byte() == first_non_blank(text, node.start_byte())
    {
        return (
            SyntaxProblemKind::LineNumberPrefix,
            {
                let rest = line_text.trim_start();
                let digits = rest.split(['\t', '→']).next().unwrap_or("");
                let separator = if rest[digits.len()..].starts_with('\t') {
                    "a tab"
                } else {
                    "`→`"
                };
                format!("the line starts with `{digits}` and {separator}, a read tool's line-number prefix")
            },
            node,
        );
    }
    if let Some(opener) = unclosed_string(&tokens) {
        return (
            SyntaxProblemKind::UnclosedString,
            format!(
                "the string opened here with `{}` is not closed",
                &text[opener.byte_range()]
            ),
            opener,
        );
    }
    match unbalanced_bracket(&tokens) {
        Some(Unbalanced::Stray(close)) => {
            return (
                SyntaxProblemKind::UnbalancedBracket,
                format!("`{}` closes a bracket that is not open", close.kind()),
                close,
            )
        }
        Some(Unbalanced::Unclosed(open)) => {
            return (
                SyntaxProblemKind::UnbalancedBracket,
                format!("the `{}` here is not closed", open.kind()),
                open,
            )
        }
        None => {}
    }
    let shown = text[node.byte_range()].lines().next().unwrap_or("").trim();
    let mut description = if shown.is_empty() {
        "the parser could not fit the code here".to_string()
    } else {
        format!(
            "the parser could not fit `{}` into the code around it",
            quote(shown)
        )
    };
    if looks_glued(line_text) {
        description.push_str("; the line may be two lines run together");
    }
    (SyntaxProblemKind::UnexpectedToken, description, node)
}

fn missing(token: &str) -> (SyntaxProblemKind, String) {
    let opener = match token {
        ")" => Some("("),
        "]" => Some("["),
        "}" => Some("{"),
        _ => None,
    };
    match opener {
        Some(open) => (
            SyntaxProblemKind::UnbalancedBracket,
            format!("a `{token}` is missing here: a `{open}` before it is not closed"),
        ),
        None if QUOTES.contains(&token) || token == "string_end" => (
            SyntaxProblemKind::UnclosedString,
            "a string is not closed".to_string(),
        ),
        None if token.chars().all(|c| c.is_ascii_lowercase() || c == '_') => (
            SyntaxProblemKind::MissingToken,
            format!("expected {} here", token.replace('_', " ")),
        ),
        None => (
            SyntaxProblemKind::MissingToken,
            format!("expected `{token}` here"),
        ),
    }
}

/// Python's indentation errors, in CPython's words where they apply.
fn indent(text: &str, node: Node<'_>) -> String {
    let own = python::indent_of(text, node.start_byte()).unwrap_or(0);
    let own_text = spaces(&text[node.start_byte() - own..node.start_byte()]);
    let Some(parent) = node.parent() else {
        return format!("this line is indented by {own_text}");
    };
    if !matches!(parent.kind(), "block" | "module") {
        // A clause out of line with its statement.
        let header = python::indent_of(text, parent.start_byte()).unwrap_or(0);
        return format!(
            "`{}` is indented by {own_text}, but the statement it continues (line {}) by {}",
            first_word(text, node),
            parent.start_position().row + 1,
            spaces(&text[parent.start_byte() - header..parent.start_byte()])
        );
    }
    if parent.kind() == "module" && python::statements(parent).first() == Some(&node) {
        return format!("unexpected indent: this top-level line is indented by {own_text}");
    }
    // The indentation levels open at this line: its enclosing blocks, the statement before it
    // and the blocks that statement ends with.
    let mut levels = vec![0];
    let mut up = parent;
    while let Some(p) = up.parent() {
        if up.kind() == "block" {
            if let Some(level) = python::statements(up)
                .first()
                .and_then(|s| python::indent_of(text, s.start_byte()))
            {
                levels.push(level);
            }
        }
        up = p;
    }
    let siblings = python::statements(parent);
    let previous = siblings.iter().take_while(|s| **s != node).last().copied();
    let mut before = previous;
    while let Some(statement) = before {
        if let Some(level) = python::indent_of(text, statement.start_byte()) {
            levels.push(level);
        }
        before = python::last_block(statement).and_then(|b| python::statements(b).last().copied());
    }
    let last = *levels.last().unwrap_or(&0);
    if own > last {
        format!("unexpected indent: this line is indented by {own_text}, more than the statement before it")
    } else if !levels.contains(&own) {
        let mut open: Vec<usize> = levels.clone();
        open.sort_unstable();
        open.dedup();
        let open: Vec<String> = open.iter().map(|n| n.to_string()).collect();
        format!(
            "this line is indented by {own_text}, which matches no enclosing block (those are at {}): unindent does not match any outer indentation level",
            open.join(", ")
        )
    } else {
        format!("this line is indented by {own_text}, unlike the other statements of its block")
    }
}

/// "4 spaces", "1 tab", "3 whitespace characters".
fn spaces(prefix: &str) -> String {
    let n = prefix.len();
    let plural = if n == 1 { "" } else { "s" };
    if prefix.bytes().all(|b| b == b' ') {
        format!("{n} space{plural}")
    } else if prefix.bytes().all(|b| b == b'\t') {
        format!("{n} tab{plural}")
    } else {
        format!("{n} whitespace character{plural}")
    }
}

fn first_word<'a>(text: &'a str, node: Node<'_>) -> &'a str {
    let rest = &text[node.start_byte()..node.end_byte()];
    rest.split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or(rest)
}

/// A token and its kind, looked up once (`Node::kind` measures and checks a C string).
#[derive(Clone, Copy)]
struct Token<'t> {
    node: Node<'t>,
    kind: &'t str,
}

/// The tokens of `node`, in order. An `ERROR` node can span the rest of the file, so this walks
/// with one cursor and no allocation per node.
fn leaves(node: Node<'_>) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    loop {
        if cursor.goto_first_child() {
            continue;
        }
        let node = cursor.node();
        out.push(Token {
            node,
            kind: node.kind(),
        });
        // Next sibling, or climb until one exists; the walk ends back at `node`.
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

/// The opening quote of a string among `tokens` that is not closed: the first `string_start`
/// without its `string_end` (Python), or the last of an odd number of the same quote token.
fn unclosed_string<'t>(tokens: &[Token<'t>]) -> Option<Node<'t>> {
    let mut starts: Vec<Node<'t>> = Vec::new();
    // Per quote of QUOTES: how many, and the last one.
    let mut quotes: [(usize, Option<Node<'t>>); QUOTES.len()] = [(0, None); QUOTES.len()];
    for token in tokens {
        match token.kind {
            "string_start" => starts.push(token.node),
            "string_end" => {
                starts.pop();
            }
            kind => {
                if let Some(q) = QUOTES.iter().position(|q| *q == kind) {
                    quotes[q] = (quotes[q].0 + 1, Some(token.node));
                }
            }
        }
    }
    starts.first().copied().or_else(|| {
        quotes
            .iter()
            .find(|(n, _)| n % 2 == 1)
            .and_then(|(_, last)| *last)
    })
}

enum Unbalanced<'t> {
    /// A closing bracket with no opening one before it.
    Stray(Node<'t>),
    /// An opening bracket that no later token closes.
    Unclosed(Node<'t>),
}

/// The first stray closing bracket among `tokens`, else the first unclosed opening one. Only
/// counts are compared, not kinds: a `(` closed by `]` is a parse error the grammar reports on
/// its own.
fn unbalanced_bracket<'t>(tokens: &[Token<'t>]) -> Option<Unbalanced<'t>> {
    let mut open: Vec<Node<'t>> = Vec::new();
    for token in tokens {
        if matches!(token.kind, "(" | "[" | "{") {
            open.push(token.node);
        } else if matches!(token.kind, ")" | "]" | "}") && open.pop().is_none() {
            return Some(Unbalanced::Stray(token.node));
        }
    }
    open.first().map(|n| Unbalanced::Unclosed(*n))
}

/// Whether `line` has a gap of [`GLUE_GAP`] or more spaces between two pieces of code, as when a
/// line break was lost and the next line's indentation stayed. A gap inside a string or before
/// a comment is not a sign, so a line with a quote or a comment marker before the gap is not
/// counted.
fn looks_glued(line: &str) -> bool {
    let code = line.trim();
    let gap = " ".repeat(GLUE_GAP);
    code.find(&gap).is_some_and(|at| {
        let (head, tail) = (&code[..at], code[at..].trim_start());
        !head.contains(['"', '\'', '#', '`'])
            && !head.contains("//")
            && !tail.starts_with(['#', '/'])
    })
}

/// Whether `line` starts with a read tool's line-number prefix: optional blanks, digits, then a
/// tab or an arrow (`    50\t`, `50→`). No language here starts a line with a number followed
/// by a tab, so in a line that does not parse this is the prefix.
fn has_line_number_prefix(line: &str) -> bool {
    let rest = line.trim_start_matches([' ', '\t']);
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    digits > 0 && (rest[digits..].starts_with('\t') || rest[digits..].starts_with('→'))
}

fn line_of(text: &str, at: usize) -> &str {
    let start = memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |nl| nl + 1);
    let end = memchr::memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |nl| at + nl);
    &text[start..end]
}

fn first_non_blank(text: &str, at: usize) -> usize {
    let start = memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |nl| nl + 1);
    let line = line_of(text, at);
    start + (line.len() - line.trim_start_matches([' ', '\t']).len())
}

fn quote(s: &str) -> String {
    if s.chars().count() <= QUOTE_CHARS {
        return s.to_string();
    }
    let mut out: String = s.chars().take(QUOTE_CHARS - 3).collect();
    out.push_str("...");
    out
}

/// Lines `row - EXCERPT_RADIUS ..= row + EXCERPT_RADIUS` (0-based `row`) of `text`, numbered
/// from 1 as read tools show them.
fn excerpt(text: &str, row: usize) -> String {
    let first = row.saturating_sub(EXCERPT_RADIUS);
    text.lines()
        .enumerate()
        .skip(first)
        .take(row + EXCERPT_RADIUS + 1 - first)
        .map(|(i, l)| format!("{:>6}\t{}\n", i + 1, l))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::faults::faults;
    use crate::syntax::parse::parse;

    /// The problem for the first error of `text`, as if an edit had added it.
    fn first(language: Language, text: &str) -> SyntaxProblem {
        let tree = parse(language, text, None);
        let found = faults(language, &tree, text, &(0..text.len()));
        problem(text, found[0], language, found.len())
    }

    #[test]
    fn missing_tokens() {
        assert_eq!(
            missing(")"),
            (
                SyntaxProblemKind::UnbalancedBracket,
                "a `)` is missing here: a `(` before it is not closed".to_string()
            )
        );
        assert_eq!(missing(";").1, "expected `;` here");
        assert_eq!(missing("identifier").1, "expected identifier here");
        assert_eq!(missing("string_end").0, SyntaxProblemKind::UnclosedString);
    }

    #[test]
    fn column_counts_characters() {
        let p = first(Language::Rust, "fn f() { let é = g(1; }\n");
        assert_eq!((p.line, p.column), (1, 21), "{p}");
    }

    #[test]
    fn curly_quotes_inside_a_string_are_no_sign() {
        let p = first(Language::Python, "y = f(x,\ns = \"the “best” way\"\n");
        assert_eq!(p.kind, SyntaxProblemKind::UnbalancedBracket, "{p}");
        let p = first(Language::Python, "s = “best”\n");
        assert_eq!(
            (p.kind, p.column),
            (SyntaxProblemKind::CurlyQuotes, 5),
            "{p}"
        );
    }

    #[test]
    fn stray_closing_bracket() {
        let p = first(Language::Python, "x = f(1))\n");
        assert_eq!(p.kind, SyntaxProblemKind::UnbalancedBracket, "{p}");
        assert!(
            p.description.contains("closes a bracket that is not open"),
            "{p}"
        );
    }

    #[test]
    fn misaligned_else_names_its_statement() {
        let p = first(
            Language::Python,
            "def f(x):\n    if x:\n        a = 1\n      else:\n        a = 2\n    return a\n",
        );
        assert_eq!((p.line, p.kind), (4, SyntaxProblemKind::Indentation), "{p}");
        assert!(p.description.starts_with("`else` is indented by 6 spaces, but the statement it continues (line 2) by 4 spaces"), "{p}");
    }

    #[test]
    fn empty_block() {
        let p = first(Language::Python, "def f():\nreturn 1\n");
        assert!(p.description.contains("expected an indented block"), "{p}");
    }

    #[test]
    fn glue_and_prefix_signs() {
        assert!(looks_glued("    result = list()    pat = 1"));
        assert!(!looks_glued("    x = 1  # aligned comment"));
        assert!(!looks_glued("    s = 'a    b'"));
        assert!(!looks_glued("    x = 1    # comment"));
        assert!(has_line_number_prefix("    50\t    y = 1"));
        assert!(has_line_number_prefix("12→x"));
        assert!(!has_line_number_prefix("    50 + x"));
    }

    #[test]
    fn excerpt_numbers_lines_like_a_read_tool() {
        assert_eq!(
            excerpt("a\nb\nc\nd\ne\nf\n", 0),
            "     1\ta\n     2\tb\n     3\tc\n"
        );
        assert_eq!(
            excerpt("a\r\nb\r\nc\r\n", 2),
            "     1\ta\n     2\tb\n     3\tc\n"
        );
    }

    #[test]
    fn indentation_words() {
        assert_eq!(spaces("    "), "4 spaces");
        assert_eq!(spaces("\t"), "1 tab");
        assert_eq!(spaces("\t "), "2 whitespace characters");
    }
}
