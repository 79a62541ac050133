//! A file line's code without its trailing comment (`x = f(y);  # why` -> `x = f(y);`): a
//! model copying a block leaves such comments out, so a middle line of `old` equal to a
//! window's line but for its comment counts as equal when windows are chosen; so does a first
//! or last line of `old` that stands nowhere as written, or that makes no window where it
//! stands as written (see [`commented_lines`]).

use crate::budget::Budget;
use crate::candidate::Candidate;
use crate::normalize;
use crate::text::Text;

/// Most lines [`commented_lines`] returns: an anchor line that common is no anchor.
const MAX_COMMENTED: usize = 64;

/// The lines of `text` whose code is `line` (loosely) but for a trailing comment: where an
/// anchor line of `old` that the file holds nowhere as written stands with the comment `old`
/// left out (`def can_serve(path)` for `def can_serve(path)  # why`). Found by the line's
/// trimmed text, one vectorised search of the file; more than [`MAX_COMMENTED`] is none. A
/// line whose comment is `old`'s `next` line is wrapped there, not left out (`x,` / `// why`
/// for `x,  // why`: `typed_wraps`' to pair).
///
/// On the stand-in corpus (9,424 cases), a comment left out of `old`'s first or last line was
/// most of the refusals of the comment kinds (a window needs both anchors): `comment` exact
/// 149 -> 168, with the indentation off 133 -> 173, with blank lines and tabs 95 -> 118; every
/// other kind and the 9 wrong unchanged (see `docs/design.md`). Looked for too where the line
/// stands as written elsewhere (`assertEquals(4, buffer.size)` in another test) but no window
/// was found from there (the search is paid only then): attack benchmark `comment+blank+tabs`
/// 140 -> 153 exact of 200, `comment` +2, `comment+indent` +2, every other kind unchanged, no
/// case made wrong; held-out seeds (17,955 cases) and seed 14 likewise, the gate unchanged.
pub(crate) fn commented_lines(
    text: &Text,
    line: &str,
    next: Option<&str>,
    budget: &Budget,
) -> Vec<usize> {
    let wanted = line.trim();
    if wanted.is_empty() || !budget.charge(text.as_str().len() / 16) {
        return Vec::new();
    }
    let finder = memchr::memmem::Finder::new(wanted.as_bytes());
    // A ` // ` opens a comment only in a file that writes `//` or `/*` comment lines, or
    // before words (`// why: see above`): in Python, `per = total // count` is `per = total`
    // divided (an adversarial review: an edit written for `per = total`, standing plain
    // elsewhere, divided twice). A pass over the file, once, when such a line is found.
    let slash = std::cell::OnceCell::new();
    let slash_comments = || *slash.get_or_init(|| writes_slash_comments(text));
    let mut out: Vec<usize> = Vec::new();
    for at in finder.find_iter(text.as_str().as_bytes()) {
        let i = text.line_of(at);
        if out.last() == Some(&i) {
            continue;
        }
        let full = text.line(i);
        let code = without_trailing_comment(full);
        let wrapped =
            |code: &str| next.is_some_and(|n| normalize::loose_equal(n, &full[code.len()..]));
        let slashed = |code: &str| {
            let tail = full[code.len()..].trim_start();
            tail.starts_with("//") && !words(&tail[2..]) && !slash_comments()
        };
        if code.is_some_and(|code| {
            normalize::loose_equal(code, line) && !wrapped(code) && !slashed(code)
        }) {
            if out.len() == MAX_COMMENTED {
                return Vec::new();
            }
            out.push(i);
        }
    }
    out
}

/// Whether the file writes a comment line opening with `//` or `/*`: where it does not, a
/// ` // ` inside a line may be an operator (Python's floor division).
pub(crate) fn writes_slash_comments(text: &Text) -> bool {
    (0..text.line_count()).any(|i| {
        let t = text.line(i).trim_start();
        t.starts_with("//") || t.starts_with("/*")
    })
}

/// `line` without a trailing comment the model may have left out of its copy, read as the file
/// writes comments: a ` // ` tail only before words or in a file that writes `//` or `/*`
/// comment lines (`slash_comments`; Python's `m = total // count` is code), a `#` only before a
/// blank, another `#` or the line's end (JavaScript's `static #instances` is code); the line
/// itself otherwise. (An adversarial review's hand cases: 3 Python floor divisions and a JS
/// private field read as comments left out made a twin `old` copies no better than another
/// look closest, and the edit was made there.)
pub(crate) fn uncommented<'a>(line: &'a str, slash_comments: &dyn Fn() -> bool) -> &'a str {
    let Some(code) = without_trailing_comment(line) else {
        return line;
    };
    let tail = line[code.len()..].trim_start();
    let slashed = tail.starts_with("//") && !words(&tail[2..]) && !slash_comments();
    let glued = tail
        .strip_prefix('#')
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| !c.is_whitespace() && c != '#');
    if slashed || glued {
        line
    } else {
        code
    }
}

/// Whether `text` reads as words: two or more of letters alone (`why: see above`), not an
/// operand (`count`, `self.count - 1`).
fn words(text: &str) -> bool {
    let word = |t: &&str| {
        let t = t.trim_end_matches([':', ',', '.', ';', '!', '?']);
        t.chars().count() >= 2 && t.chars().all(char::is_alphabetic)
    };
    text.split_whitespace().filter(word).count() >= 2
}

/// Windows whose code is the same once their trailing comments are cut are scored alike (the
/// best of them), so the margin refuses the choice: with `old`'s anchor lines written without
/// the comments both blocks have, the block with fewer comments left out only looked closer
/// (`Register` and `Deregister` locking alike, one more line commented). An adversarial
/// review's hand cases: 5 picked between such twins -> refused, 13 right
/// merges kept.
pub(crate) fn tie_twins(text: &Text, windows: &mut [Candidate]) {
    let code = |c: &Candidate| -> Vec<String> {
        c.lines
            .clone()
            .map(|i| text.line(i))
            .map(|l| normalize::loose_key(without_trailing_comment(l).unwrap_or(l)).into_owned())
            .collect()
    };
    let keys: Vec<Vec<String>> = windows.iter().map(code).collect();
    let best: Vec<f64> = keys
        .iter()
        .map(|k| {
            keys.iter()
                .zip(windows.iter())
                .filter(|(other, _)| *other == k)
                .map(|(_, c)| c.score)
                .fold(f64::MIN, f64::max)
        })
        .collect();
    for (c, b) in windows.iter_mut().zip(best) {
        c.score = b;
    }
}

/// `line` without a trailing comment (`#`, `//`, `--` before a blank, `/*` closing at the
/// line's end or not at all, after whitespace), trimmed at its end; `None` when it has none,
/// when the code before it is empty or a comment, or when a quote is open before the leader
/// (the leader may be inside a string: `"a # b"`). An adversarial review: `rsync -a src/ dst/
/// --delete` and `x := price /* cents */ * qty` read as `rsync -a src/ dst/` and `x := price`
/// with a comment, and an edit written for those lines (a plain copy of each stood elsewhere)
/// was applied beside them.
pub(crate) fn without_trailing_comment(line: &str) -> Option<&str> {
    let bytes = line.as_bytes();
    // Most lines hold no byte a leader starts with: one vectorised search rules them out (the
    // scan below over every line of a 100k-line file with a common anchor line was 67 M
    // instructions, callgrind).
    memchr::memchr3(b'#', b'/', b'-', bytes)?;
    let mut quote: Option<u8> = None;
    for (i, &b) in bytes.iter().enumerate() {
        match quote {
            Some(q) if b == q && (i == 0 || bytes[i - 1] != b'\\') => quote = None,
            Some(_) => {}
            None if matches!(b, b'"' | b'\'' | b'`') => quote = Some(b),
            None => {
                // Bytes, not `&line[i..]`: `i` may fall inside a character of several bytes.
                let rest = &bytes[i..];
                // (`--` before a word is a command's option, `--delete`; a `/* */` with code
                // after it is inline: `price /* cents */ * qty`.)
                let leader = rest.starts_with(b"#")
                    || rest.starts_with(b"//")
                    || rest.starts_with(b"--")
                        && rest.get(2).is_none_or(|b| b.is_ascii_whitespace())
                    || rest.starts_with(b"/*")
                        && memchr::memmem::find(&rest[2..], b"*/")
                            .is_none_or(|end| rest[2 + end + 2..].trim_ascii().is_empty());
                let after_space = i > 0 && bytes[i - 1].is_ascii_whitespace();
                if leader && after_space {
                    let code = line[..i].trim_end();
                    let is_code = !code.trim().is_empty() && !opens_comment(code);
                    return is_code.then_some(code);
                }
            }
        }
    }
    None
}

/// Whether `code` opens with a comment leader: `//`, `/*`, `*` (a doc comment's middle line),
/// `--`, or `#` before a blank, the line's end or another `#`. A `#` glued to a word is code
/// (`#include`, `#define`, `#if`, `#[test]`), as `fit::merge` reads it: read as a comment, a
/// C line `#include "pgstat.h"  // why` had no code to compare, and `old`'s `#include
/// "pgstat.h"` read as that line extended since (`not_stale`). Attack benchmark: `comment`
/// 168 -> 172 exact of 200, `comment+indent` 173 -> 175, `comment+typos` 144 -> 151, every
/// other kind unchanged, no case made wrong; held-out seeds (17,955 cases): 23 more exact.
pub(crate) fn opens_comment(code: &str) -> bool {
    let code = code.trim_start();
    let hash_comment = code
        .strip_prefix('#')
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '#']));
    hash_comment || ["//", "--", "/*", "*"].iter().any(|l| code.starts_with(l))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_comment_is_cut_off_the_code() {
        let cut = without_trailing_comment;
        assert_eq!(
            cut("    if diffs_only:  # keeps the order"),
            Some("    if diffs_only:")
        );
        assert_eq!(cut("let a = 1; // why"), Some("let a = 1;"));
        assert_eq!(cut("x = 1 -- sql"), Some("x = 1"));
        assert_eq!(cut("f(a) /* note */"), Some("f(a)"));
        // No comment, a comment line, a leader inside a string or glued to code: nothing cut.
        assert_eq!(cut("    if diffs_only:"), None);
        assert_eq!(cut("    # a comment line  # more"), None);
        assert_eq!(cut("s = \"a # b\""), None);
        assert_eq!(cut("url = http://x"), None);
        assert_eq!(cut("i--"), None);
        // A preprocessor line is code; a `#` comment line is none.
        assert_eq!(
            cut("#include \"pgstat.h\"  // why"),
            Some("#include \"pgstat.h\"")
        );
        assert_eq!(cut("#define N 4  /* why */"), Some("#define N 4"));
        assert_eq!(cut("# see x  // y"), None);
        assert_eq!(cut("#  # y"), None);
        // A command's option and an inline block comment with code after it are code.
        assert_eq!(cut("    rsync -a src/ dst/ --delete"), None);
        assert_eq!(cut("x := price /* cents */ * qty"), None);
        assert_eq!(cut("x := price /* cents */  "), Some("x := price"));
        assert_eq!(cut("x := price /* open"), Some("x := price"));
        assert_eq!(cut("x = 1 --"), Some("x = 1"));
    }

    #[test]
    fn a_slash_tail_before_words_reads_as_prose() {
        assert!(words(" why: see above"));
        assert!(!words(" count"));
        assert!(!words(" self.count - 1"));
        assert!(!words(" 8"));
    }

    proptest::proptest! {
        /// Any line, of any characters: no panic, and what is cut is a prefix of the line.
        #[test]
        fn any_line_cuts_to_a_prefix(line in "\\PC{0,40}") {
            if let Some(code) = without_trailing_comment(&line) {
                proptest::prop_assert!(line.starts_with(code));
            }
        }

        /// Code with a comment added after a space gives back the code, whatever the comment.
        #[test]
        fn cutting_an_added_comment_gives_back_the_code(
            code in "[a-z_][a-z_0-9]{0,8} = [a-z0-9_(), ]{1,20}",
            leader in proptest::sample::select(vec!["#", "//", "--"]),
            comment in "[ -~]{0,30}",
        ) {
            let line = format!("    {code}  {leader} {comment}");
            let want = format!("    {code}");
            proptest::prop_assert_eq!(without_trailing_comment(&line), Some(want.trim_end()));
        }
    }
}
