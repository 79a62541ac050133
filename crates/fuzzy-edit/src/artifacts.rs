//! What a model copies into `new` that must never reach the file.
//!
//! The strategies see through the model's mistakes in `old`; this module sees through the same
//! mistakes in `new`, whether or not `old` made them too, before anything is located:
//! - **edge newlines**: `new`'s leading and trailing blank lines follow `old`'s, so an edit
//!   never joins two lines or splits one at the edges of its span, and adds or drops no blank
//!   line there unless that is all the edit changes;
//! - **read-tool line prefixes** (`    12\t`): on every line of `new`, or, when `old` has them,
//!   wherever `new` has them;
//! - **literal escapes**: a one-line `new` full of `\n` standing for the lines of a real
//!   multi-line `old` (`literal_breaks`);
//! - **elision comments** (`# ... existing code ...`) in `new` alone: each stands for the lines
//!   of `old` it covers, or the edit is refused as unclear ([`Unclear`]); so does a bare `...`
//!   line that is no stub (`ellipsis`);
//! - **typographic punctuation** (curly quotes, dashes, odd spaces) on lines the model wrote
//!   fresh, outside ASCII string literals, in a file that does not use that character (in
//!   prose, where the rest is the author's, only the odd spaces);
//! - **wrappers** (`wrappers`): a Markdown fence, a sentence of prose, a diff body around
//!   `new`, where the file has no such lines; in prose (`markup_wrappers`), a fence that
//!   would break the file's own fences or is tagged with its language, a sentence about the
//!   edit;
//! - **look-alikes** (`lookalikes`): a Cyrillic or Greek letter inside a Latin word, HTML
//!   entities on lines of `old` and outside strings, where the file uses neither, and in a
//!   `new` escaped whole, where the paired line of `old` has the raw character (`escaped_new`);
//! - **trailing blanks** on the lines the model wrote fresh, where the file's lines do not
//!   commonly carry them (a Markdown hard line break stays where the text uses them).
//!
//! Each is left alone where it is the file's own convention.

use std::borrow::Cow;

use crate::notation::{strip_line_prefixes, Unclear};
use crate::text::Text;
use crate::{Language, Options};

mod bare_elision;
mod byte_order_mark;
mod comment_breaks;
pub(crate) mod edges;
mod elisions;
pub(crate) use elisions::bracket_balance;
mod escaped_new;
mod escaped_whole;
mod kept_sentences;
mod literal_breaks;
mod lookalikes;
mod markup_wrappers;
mod numbering;
mod plain_new;
mod punctuation;
mod string_breaks;
mod trailing_blanks;
mod unicode_escapes;
mod wrapper_lines;
mod wrappers;
use bare_elision::resolve_bare_elisions;
pub(crate) use byte_order_mark::without_byte_order_mark;
use edges::keep_edges;
use edges::{beyond, without_split_line_ending};
pub(crate) use edges::{blank_edge_from_old, Edge};
pub(crate) use elisions::resolve_elisions;
use elisions::resolve_elisions_until;
use literal_breaks::undo_escapes;
use lookalikes::decoded_entities;
pub(crate) use lookalikes::latin_letters;
#[cfg(test)]
use numbering::counting_up;
use numbering::{mirrored_numbering, strip_numbers, tool_numbering};
pub(crate) use plain_new::decode_escaped_new;
use punctuation::{plain_prose, plain_punctuation};
use trailing_blanks::strip_trailing_blanks;
pub(crate) use wrappers::unwrap_both;

/// `new` as the model meant it. `Cow::Borrowed` when nothing was found to clean.
pub(crate) fn clean_new<'n>(
    text: &Text,
    old: &str,
    new: &'n str,
    options: &Options,
) -> Result<Cow<'n, str>, Unclear> {
    // `old` as the strategies see it once its own numbers are gone (every line numbered).
    let mut stripped_old = tool_numbering(text, old, "").and_then(|_| strip_line_prefixes(old));
    let old_view = stripped_old.as_deref().unwrap_or(old);
    let mut new = Cow::Borrowed(new);
    if let Some(unwrapped) = wrappers::unwrap_new(text, old_view, &new, options.prose) {
        new = Cow::Owned(unwrapped);
    }
    if let Some(indented) = kept_sentences::kept_sentences_indented(old_view, &new) {
        new = Cow::Owned(indented);
    }
    if let Some(latin) = latin_letters(text.as_str(), &new) {
        new = Cow::Owned(latin);
    }
    if let Some(decoded) = decoded_entities(text.as_str(), old_view, &new, options.prose) {
        new = Cow::Owned(decoded);
    }
    if let Some(decoded) = unicode_escapes::decoded_on_kept_lines(text, old_view, &new) {
        new = Cow::Owned(decoded);
    }
    if let Some(unescaped) = undo_escapes(text, old_view, &new, options) {
        new = Cow::Owned(unescaped);
    }
    // (Numbered alike on both sides, `old`'s numbers are the tool's too, whatever they are.)
    if let Some(numbering) = mirrored_numbering(text, old, &new) {
        new = Cow::Owned(strip_numbers(&new, numbering));
        stripped_old = stripped_old.or_else(|| strip_line_prefixes(old));
    } else if let Some(numbering) =
        tool_numbering(text, &new, old_view).filter(|n| n.around_old(text, old_view, &new))
    {
        new = Cow::Owned(strip_numbers(&new, numbering));
    }
    let old_view = stripped_old.as_deref().unwrap_or(old);
    // (`...` is text in prose, and ends a document in YAML.)
    let ellipses = !options.prose && options.language != Some(Language::Yaml);
    if ellipses {
        if let Some(resolved) = resolve_bare_elisions(text, old_view, &new)? {
            new = Cow::Owned(resolved);
        }
    }
    // A marker in `new` makes it a lazy snippet over the span `old` names, and the weighing
    // of readings alone may trade the lines a marker stands for against a new line that looks
    // like one of them (`class S:`, a marker, a new method: the last method replaced). Where
    // the snippet merge places every piece too, both must give the same text, or which is
    // meant is unclear. (Taking the merge alone: the gate's `elision_new_only` 616 -> 35
    // exact, 0 wrong, most refused as a new line beside a line the marker stands for.)
    if let Some(resolved) = resolve_elisions_until(text, old_view, &new, options.deadline)? {
        if let Some(Ok(merged)) = crate::snippet::over_span(text, old_view, &new, options) {
            // (Blank lines as `new` writes them or as the file has them, spaces and all, are
            // one reading: the merge keeps the file's.)
            fn blanks_emptied(t: &str) -> impl Iterator<Item = &str> {
                t.split('\n')
                    .map(|l| if l.trim().is_empty() { "" } else { l })
            }
            if !blanks_emptied(&merged).eq(blanks_emptied(&resolved)) {
                let (line, marker) = new
                    .lines()
                    .enumerate()
                    .find(|(_, l)| crate::notation::is_elision_marker(l))
                    .map_or((1, "..."), |(i, l)| (i + 1, l.trim()));
                return Err(Unclear {
                    marker: marker.to_string(),
                    line,
                });
            }
        }
        new = Cow::Owned(resolved);
    }
    // (In prose, typographic punctuation is the author's; odd spaces break its markup.)
    let plain = if options.prose {
        plain_prose(text, old_view, &new)
    } else {
        plain_punctuation(text, old_view, &new, options.language)
    };
    if let Some(plain) = plain {
        new = Cow::Owned(plain);
    }
    if let Some(stripped) = strip_trailing_blanks(text, old_view, &new, options.prose) {
        new = Cow::Owned(stripped);
    }
    // (An empty `old` has no line structure to keep: it fills an empty file.)
    if let Some(edged) =
        keep_edges(old_view, &new, || beyond(text, old_view)).filter(|_| !old.is_empty())
    {
        new = Cow::Owned(edged);
    }
    if let Some(ended) = without_split_line_ending(text, &new) {
        new = Cow::Owned(ended);
    }
    Ok(new)
}

#[cfg(test)]
mod tests {
    use super::edges::{blank_edge_from_old, Edge};
    use super::*;

    fn clean(file: &str, old: &str, new: &str) -> Result<String, Unclear> {
        clean_new(&Text::new(file), old, new, &Options::default()).map(Cow::into_owned)
    }

    #[test]
    fn new_takes_the_line_structure_of_old() {
        assert_eq!(
            clean("", "    a = []\n", "    a = b").unwrap(),
            "    a = b\n"
        );
        assert_eq!(clean("", "    a = []", "    a = b\n").unwrap(), "    a = b");
        assert_eq!(clean("", "\n\nx\n\n", "y").unwrap(), "\n\ny\n\n");
        // Blank lines new adds are kept; lines are never joined or split; an empty new
        // deletes; at the end of the text the final line ending may go.
        assert_eq!(
            clean("", "line2\n", "replaced\n\n").unwrap(),
            "replaced\n\n"
        );
        assert_eq!(clean("", "(a)\n", "(a)").unwrap(), "(a)\n");
        assert_eq!(clean("", "(a)", "(a)\n").unwrap(), "(a)");
        assert_eq!(clean("", "x\n", "").unwrap(), "");
        assert_eq!(clean("a\nx\n", "x\n", "x").unwrap(), "x");
        assert_eq!(clean("a\nx\n", "x\n", "y").unwrap(), "y\n");
        // Dropping a line ending next to a blank line deletes that blank line.
        assert_eq!(clean("a\n\nx\n", "\nx", "x").unwrap(), "x");
        assert_eq!(clean("a\nx\ny\n", "\nx", "x").unwrap(), "\nx");
    }

    #[test]
    fn blank_lines_at_an_edge_of_new_that_are_olds_own_are_kept() {
        // Deleting old's first or last line beside a blank line: the blank line stays.
        assert_eq!(clean("", "d\n\ns", "\ns").unwrap(), "\ns");
        assert_eq!(clean("", "p\n\nd", "p\n").unwrap(), "p\n");
        assert!(blank_edge_from_old("p\n\n\nd", "p\n\n", Edge::End));
        // Fewer than old has there, or beside a line new changed: a habit.
        assert_eq!(clean("", "p\n\n\nd", "p\n").unwrap(), "p");
        assert_eq!(clean("", "p\n\nd", "p\n\nD\n").unwrap(), "p\n\nD");
        assert!(!blank_edge_from_old("x\nd\ns", "\ns", Edge::Start));
    }

    #[test]
    fn a_blank_line_new_opens_with_is_asked_for_only_when_nothing_else_changes() {
        let file = "a\nb\nc\n";
        assert_eq!(clean(file, "b", "\nb").unwrap(), "\nb");
        assert_eq!(clean(file, "b", "\nB").unwrap(), "B");
        // Where old is not in the text as written, or starts after indentation.
        assert_eq!(clean(file, "q", "\nq").unwrap(), "q");
        assert_eq!(clean("  b\n", "b", "\nb").unwrap(), "b");
        assert!(beyond(&Text::new("a\nb\n"), "b").line_start);
        assert!(!beyond(&Text::new("a\nb\nxb\n"), "b").line_start);
    }

    #[test]
    fn a_cr_new_ends_with_goes_unless_the_text_has_lone_crs() {
        assert_eq!(clean("a\r\nb\r\n", "b\r", "c\r").unwrap(), "c");
        assert_eq!(clean("a\nb\n", "b\r", "c\r").unwrap(), "c");
        assert_eq!(clean("a\rb\r", "b\r", "c\r").unwrap(), "c\r");
    }

    #[test]
    fn prefixes_only_in_new_are_stripped_unless_the_file_has_them() {
        let new = "     2\t    a = 10\n     3\t    b = 2";
        assert_eq!(
            clean("", "    a = 1\n    b = 2", new).unwrap(),
            "    a = 10\n    b = 2"
        );
        let yaml = "1: a\n2: b\n";
        assert_eq!(clean(yaml, "1: a", "1: c\n2: d").unwrap(), "1: c\n2: d");
        // Added lines carry no number; a lone `12|` is code.
        let new = "     2\t    a = 10\n    c = 3";
        assert_eq!(
            clean("", "    a = 1", new).unwrap(),
            "    a = 10\n    c = 3"
        );
        assert_eq!(clean("", "x", "12|").unwrap(), "12|");
        // A code line that looks numbered in another style is left alone.
        let new = "     7\ta\n12|\n     9\tc";
        assert_eq!(clean("", "a\nb\nc", new).unwrap(), "a\n12|\nc");
    }

    #[test]
    fn numbers_that_could_be_code_must_be_the_files_line_numbers() {
        // A dict and data rows: not the file's lines 1 and 2.
        let file = "LEVELS = {\n}\n";
        let new = "LEVELS = {\n1: \"debug\",\n2: \"info\",\n}";
        assert_eq!(clean(file, "LEVELS = {\n}", new).unwrap(), new);
        let file = "rank\tname\n";
        let new = "rank\tname\n1\tAlice\n2\tBob";
        assert_eq!(clean(file, "rank\tname", new).unwrap(), new);
        // Copied from a read tool: line 2 of the file is `b = 2`.
        let file = "a = 1\nb = 2\nc = 3\n";
        assert_eq!(
            clean(file, "b = 2\nc = 3", "2:b = 2\n3:c = 4").unwrap(),
            "b = 2\nc = 4"
        );
    }

    #[test]
    fn numbered_lines_before_old_are_content() {
        // A fixture numbered from 1, added at line 2: no read tool numbered it.
        let file = "def t():\n    x = 1\n";
        let new = "    x = \"\"\"\n     1\tfoo\n     2\tbar\n\"\"\"";
        assert_eq!(clean(file, "    x = 1", new).unwrap(), new);
        // Numbered from where `old` stands (after a blank line of `old`): the tool's.
        let file = "a\n\nb = 1\nc\n";
        assert_eq!(
            clean(file, "\nb = 1", "     2\t\n     3\tb = 2").unwrap(),
            "\nb = 2"
        );
        // Content numbered like a read tool, copied with the tool's numbers: stripped once.
        let file = "x\n     1\tfoo\n";
        assert_eq!(
            clean(
                file,
                "     1\tfoo",
                "     2\t     1\tfoo\n     3\t     2\tbar"
            )
            .unwrap(),
            "     1\tfoo\n     2\tbar"
        );
    }

    #[test]
    fn numbers_count_up_one_by_one_around_added_lines_that_start_with_a_number() {
        let new = "     7\t\n  0\tfn\n     8\tfn\n     9\tx";
        assert_eq!(clean("", "\nfn\nx", new).unwrap(), "\n  0\tfn\nfn\nx");
        assert_eq!(counting_up(&[(0, 7), (1, 0), (2, 8), (3, 9)]), [0, 2, 3]);
        assert_eq!(counting_up(&[(0, 3), (1, 5), (2, 4)]), [0, 2]);
    }

    #[test]
    fn line_breaks_outside_strings_in_a_one_line_new_are_decoded() {
        let old = "  const [s, set] = useState(0);";
        let new = "  const {store} = useContext(S);\\n  const [s, set] = useState(0);";
        assert_eq!(
            clean("", old, new).unwrap(),
            "  const {store} = useContext(S);\n  const [s, set] = useState(0);"
        );
        // Inside a string it is the program's escape; in a regex too.
        let new = "  log(\"a\\nb\"); const [s, set] = useState(0);";
        assert_eq!(clean("", old, new).unwrap(), new);
        let new = "  const [s, set] = useState(x.split(/\\n/).length);";
        assert_eq!(clean("", old, new).unwrap(), new);
        let new = "  const [s, set] = useState(text.split(/;\\n/));";
        assert_eq!(clean("", old, new).unwrap(), new);
    }

    #[test]
    fn escaped_tabs_crlf_and_a_final_break_of_a_one_line_new_are_decoded() {
        let c = "int main() {\n\tint x = 0;\n\treturn x;\n}\n";
        let old = "\tint x = 0;";
        assert_eq!(
            clean(c, old, "\tint x = 1;\\n\\tint y = 2;\\n").unwrap(),
            "\tint x = 1;\n\tint y = 2;"
        );
        assert_eq!(
            clean(c, old, "\tint x = 1;\\r\\n\\tint y = 2;").unwrap(),
            "\tint x = 1;\n\tint y = 2;"
        );
        // Escaped tabs are indentation only where the file indents with tabs.
        let spaces = "int main() {\n    int x = 0;\n}\n";
        let new = "    int x = 1;\\n\\tint y = 2;";
        assert_eq!(clean(spaces, "    int x = 0;", new).unwrap(), new);
        // Escapes inside strings and characters are the program's.
        let new = "\tprintf(\"a\\n\");\\n\\tputchar('\\n');\\n\\ts = `x\\n${y}`;";
        assert_eq!(
            clean(c, old, new).unwrap(),
            "\tprintf(\"a\\n\");\n\tputchar('\\n');\n\ts = `x\\n${y}`;"
        );
    }

    #[test]
    fn a_literal_escape_in_prose_is_text_and_a_break_encoded_twice_is_a_line() {
        let prose = Options {
            prose: true,
            ..Options::default()
        };
        let clean_md = |file: &str, old: &str, new: &str| {
            clean_new(&Text::new(file), old, new, &prose).map(Cow::into_owned)
        };
        let file = "# Escapes\n\nThe parser reads escapes.\n";
        let old = "The parser reads escapes.";
        // `\n` named in the text, after a colon, or as an escaped backslash.
        for new in [
            "The parser reads escapes: \\n and \\t.",
            "The parser reads escapes, \\n included.",
            "The parser reads escapes: \\\\n and \\\\t.",
        ] {
            assert_eq!(clean_md(file, old, new).unwrap(), new);
        }
        // A paragraph added after `old`'s line, its breaks encoded twice.
        assert_eq!(
            clean_md(
                file,
                old,
                "The parser reads escapes.\\n\\nIt reads `\\n` too."
            )
            .unwrap(),
            "The parser reads escapes.\n\nIt reads `\\n` too."
        );
        // An apostrophe in the text opens no string.
        assert_eq!(
            clean_md(file, old, "The parser reads escapes.\\n\\nIt's fast.").unwrap(),
            "The parser reads escapes.\n\nIt's fast."
        );
        // Real line breaks the model wrote stay as they are.
        let new = "The parser reads escapes.\nIt reads `\\n` too.";
        assert_eq!(clean_md(file, old, new).unwrap(), new);
    }

    #[test]
    fn escaped_new_is_decoded_only_when_it_echoes_old() {
        let old = "def f():\n    return 0";
        assert_eq!(
            clean("", old, "def f():\\n    return 1").unwrap(),
            "def f():\n    return 1"
        );
        let old = "print('a')\nprint('b')";
        assert_eq!(clean("", old, "print('a\\nb')").unwrap(), "print('a\\nb')");
        // Quotes `old`'s other lines leave open (a docstring, an apostrophe) hide no escape.
        let old = "    \"\"\"\n    return join(c)  # it's\n    s = \"a\\n\"";
        assert_eq!(
            clean("", old, "    \"\"\"\\n    return join(d)").unwrap(),
            "    \"\"\"\n    return join(d)"
        );
    }

    #[test]
    fn an_elision_comment_in_new_stands_for_the_lines_it_covers() {
        let old = "def f():\n    \"\"\"Doc.\n    More.\n    \"\"\"\n    return 1";
        let new = "def f():\n    # ... existing code ...\n    return 2";
        assert_eq!(
            clean("", old, new).unwrap(),
            "def f():\n    \"\"\"Doc.\n    More.\n    \"\"\"\n    return 2"
        );
        // At the start of new, standing for nothing of old: dropped.
        let new = "    # ... existing code ...\n    a = 10\n    b = 2";
        assert_eq!(
            clean("", "    a = 1\n    b = 2", new).unwrap(),
            "    a = 10\n    b = 2"
        );
        // A bare `...` is Python code.
        assert_eq!(clean("", "    pass", "    ...").unwrap(), "    ...");
    }

    #[test]
    fn an_unclear_elision_comment_is_refused() {
        // New lines after a marker past the end of old: they belong after lines old omits.
        let e = clean("", "def f():", "def f():\n    # ...\n    g()").unwrap_err();
        assert_eq!(e.line, 2);
        // A marker inside `old` stands for at least one line: with two markers around a new
        // line and two lines between the lines they share, each keeps one.
        let old = "a()\nb()\nc()\nd()";
        assert_eq!(
            clean(
                "",
                old,
                "a()\n// ...\nzzz_totally_new_call(1, 2, 3)\n// ...\nd()"
            )
            .unwrap(),
            "a()\nb()\nzzz_totally_new_call(1, 2, 3)\nc()\nd()"
        );
        // With one line between them, no reading gives each marker a line.
        assert!(clean("", "a()\nb()\nd()", "a()\n// ...\nzzz()\n// ...\nd()").is_err());
    }

    #[test]
    fn typographic_punctuation_on_fresh_lines_becomes_ascii() {
        let file = "raise ValueError(\"No closing quotation\")\n";
        let old = "raise ValueError(\u{201c}No closing quotation\u{201d})";
        let new = "raise ValueError(\u{201c}No closing quotation!\u{201d})";
        assert_eq!(
            clean(file, old, new).unwrap(),
            "raise ValueError(\"No closing quotation!\")"
        );
        // Inside an ASCII string, or where the file uses the character, it stays.
        let new = "msg = \"\u{201c}Hi\u{201d}\"";
        assert_eq!(clean(file, "msg = 1", new).unwrap(), new);
        let new = "x = 1  # one \u{2014} the first";
        assert_eq!(clean(file, "x = 0", new).unwrap(), new);
        let curly = "s = \u{201c}x\u{201d}\n";
        assert_eq!(
            clean(curly, "s = 1", "s = \u{201c}y\u{201d}").unwrap(),
            "s = \u{201c}y\u{201d}"
        );
    }
}
