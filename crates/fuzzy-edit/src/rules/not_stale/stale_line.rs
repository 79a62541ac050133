//! Rule 3: one line of the block changed since the model read it, in a way memory does not.
//!
//! A line of `old` that differs from its block's line by a slip (a letter, one name
//! misremembered as another) is `old`'s line as remembered: the merge keeps the file's version
//! and applies the edit around it. Some differences are no slip: one of the two lines is the
//! other with a stretch of code added at its end ([`extended`]), a name of one is a name of
//! the other with a word added to it ([`renamed`]), or the two share less than half of their
//! tokens ([`rewritten`]). A model does not invent code on a line it copies, nor write a name
//! longer by a word, nor another statement in place of one: the line changed in the file
//! since the model read it (or `old` was read in another version of the code). The edit was
//! made against text that is not there, and is refused as a stale block is
//! ([`super::check_not_stale`]), with the block to copy `old` from again.
//!
//! Measured (`refuse-bench/run.py BIN sN.jsonl`, 3 seeds of 1,000 cases per class, blocks of
//! other code beside a sibling of the same shape): `stale_half` applied 22 / 22 / 19 -> 7 / 9 /
//! 4 (merged at the block 15 / 15 / 15 -> 1 / 3 / 1); `legit_typo`, `legit_indent`,
//! `legit_token` exact unchanged (851 / 870 / 882, 931 / 946 / 956, 392). The gate: unchanged,
//! but for one real-patch edit that was wrong, now refused (wrong 12 -> 11). Without the
//! nearness limit ([`MAX_LINES_BETWEEN`]) harnesskit lost one exact edit, and without the
//! shifted-line check the gate's `line_extra` lost 3 (a made-up comment paired with a file
//! line one off); counting a decomposed accent as a word break lost 2 exact and 2 located
//! cases of the attack benchmark (`nfd_old`). The independent apply and attack benchmarks:
//! unchanged.

use similar::DiffTag;

use std::collections::HashSet;

use crate::align::loose_diff;
use crate::normalize::{is_word_char, loose_key};
use crate::thresholds::{
    MAX_LINES_BETWEEN, MAX_SLIP_EDITS, MIN_ADDED_CHARS, MIN_RENAMED_CHARS, MIN_REWRITTEN_TOKENS,
    MIN_SLIPPED_WORD, STALE_LINE_MAX_TOKENS,
};

/// The first line of `old` (an index) that the window's line opposite it shows
/// [`changed_since`], within [`MAX_LINES_BETWEEN`] of a line the edit (`old` -> `new`)
/// changes, deletes or inserts beside. Only lines opposite one another in a changed region of
/// as many lines on each side are compared (where the counts differ, lines were left out or
/// made up as well, and which stands for which is a guess), and neither line may stand on the
/// other side too (then the block was taken a line off around a line made up or left out).
/// `after` is the file's line after the window: a last line of `old` that is the window's
/// last line and `after` joined is two lines joined, not a line extended. A pair that is a
/// [`slip_of`] one another (compared as typed: the file's `⚠️ don’t “x”` for the model's
/// `⚠ don't "x"`, one word a letter off and nowhere in the file, `in_file`) is the model's
/// line misremembered, not changed since. (Only the pair as a whole is read as typed: a line
/// rewritten since under an emoji or curly-quoted comment, `total = 0  # don’t “touch”` to
/// `total = sum(prices)  # don’t “touch”`, shares the comment's words and read as no
/// rewrite when `changed_since` compared as typed: 5 wrong edits and 3 coin tosses of an
/// adversarial review's hand cases, 15 of 392 attack cases so mutated. As a slip, the attack
/// benchmark's `emoji+typos` gains stand: 58 of 200 refused `not_stale` before.)
pub(super) fn near_change_changed_since(
    old: &[&str],
    window: &[&str],
    after: Option<&str>,
    new: &[&str],
    in_file: &dyn Fn(&str) -> bool,
    slash_comments: &dyn Fn() -> bool,
) -> Option<usize> {
    let key = |l: &str| loose_key(l).into_owned();
    let old_keys: HashSet<String> = old.iter().map(|l| key(l)).collect();
    let window_keys: HashSet<String> = window.iter().map(|l| key(l)).collect();
    let near_change = near_change(old, new);
    loose_diff(old, window)
        .into_iter()
        .filter(|op| op.tag() == DiffTag::Replace && op.old_range().len() == op.new_range().len())
        .flat_map(|op| op.old_range().zip(op.new_range()))
        .filter(|&(i, _)| near_change[i])
        .filter(|&(i, j)| {
            !window_keys.contains(&key(old[i])) && !old_keys.contains(&key(window[j]))
        })
        .filter(|&(i, j)| !(j + 1 == window.len() && joins(old[i], window[j], after)))
        .filter(|&(i, j)| !slip_of(old[i], window[j], in_file))
        .find(|&(i, j)| changed_since(old[i], window[j], slash_comments))
        .map(|(i, _)| i)
}

/// Whether `line` is `first` and `second` joined into one line (tokens compared).
fn joins(line: &str, first: &str, second: Option<&str>) -> bool {
    second.is_some_and(|second| {
        let (joined, first) = (tokens(line), tokens(first));
        joined.strip_prefix(first.as_slice()) == Some(tokens(second).as_slice())
    })
}

/// For each line of `old`, whether at most [`MAX_LINES_BETWEEN`] lines stand between it and a
/// line the edit changes or deletes, or the place it inserts lines.
pub(super) fn near_change(old: &[&str], new: &[&str]) -> Vec<bool> {
    let mut near = vec![false; old.len()];
    let reach = MAX_LINES_BETWEEN + 1;
    for op in loose_diff(old, new) {
        if op.tag() == DiffTag::Equal {
            continue;
        }
        let r = op.old_range();
        // An insertion at `r.start` stands between lines `r.start - 1` and `r.start`.
        let (lo, hi) = if r.is_empty() {
            (r.start.saturating_sub(reach), r.start + reach)
        } else {
            (r.start.saturating_sub(reach), r.end + reach)
        };
        for flag in near.iter_mut().take(hi.min(old.len())).skip(lo) {
            *flag = true;
        }
    }
    near
}

/// Whether `c` belongs to a token of words: a word character, or any other letter or mark
/// outside ASCII (a combining accent of a decomposed `ó` is part of its word).
fn in_word(c: char) -> bool {
    is_word_char(c) || !c.is_ascii() && !c.is_whitespace()
}

/// The tokens of `line`: runs of word characters, and every other non-space character alone.
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        let len = if in_word(c) {
            rest.find(|c: char| !in_word(c)).unwrap_or(rest.len())
        } else {
            c.len_utf8()
        };
        if !c.is_whitespace() {
            out.push(&rest[..len]);
        }
        rest = &rest[len..];
    }
    out
}

/// Length of the longest common subsequence of `a` and `b`.
fn common(a: &[&str], b: &[&str]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if x == y {
                diagonal + 1
            } else {
                above.max(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Whether `old_line` (a line of `old`) and `file_line` (the block's line opposite it) differ
/// as a line changed since, not as a slip of memory: [`extended`], [`renamed`] or
/// [`rewritten`]. Compared token for token as written (a slip on a line typed plain is read
/// by [`slip_of`], before).
///
/// `slash_comments` says whether the file writes comments with `//` or `/*` (a line of it
/// starts so): where it does not, ` // ` on a line is code, Python's floor division
/// (`offset = bit_index // 8` changed since from `offset = bit_index`), and not a comment the
/// model left out. (Read as a comment, 7 wrong edits of an adversarial review's hand cases:
/// `offset //= 8` written under a line that divides already.)
pub(super) fn changed_since(
    old_line: &str,
    file_line: &str,
    slash_comments: &dyn Fn() -> bool,
) -> bool {
    // A trailing comment on one line only, left out as the line was copied, and the code as
    // many tokens on both: the code is compared alone, so that a slip besides reads as a slip.
    // (Compared whole, the comment's words made the line read as rewritten: the attack
    // benchmark's `comment+typos` refused `not_stale` where the slipped line was the one the
    // edit rewrote: 118 -> 144 exact of 200, every other kind unchanged. Code of other
    // lengths is compared whole, comment and all: a line extended since stays a change.)
    fn code<'a>(line: &'a str, slash_comments: &dyn Fn() -> bool) -> Option<Vec<&'a str>> {
        let code = crate::strategy::without_trailing_comment(line)?;
        let comment = line[code.len()..].trim_start();
        (!comment.starts_with("//") || slash_comments()).then(|| tokens(code))
    }
    let (a, b) = match (
        code(old_line, slash_comments),
        code(file_line, slash_comments),
    ) {
        (None, Some(file_code)) if file_code.len() == tokens(old_line).len() => {
            (tokens(old_line), file_code)
        }
        (Some(old_code), None) if old_code.len() == tokens(file_line).len() => {
            (old_code, tokens(file_line))
        }
        _ => (tokens(old_line), tokens(file_line)),
    };
    if a.len() > STALE_LINE_MAX_TOKENS || b.len() > STALE_LINE_MAX_TOKENS {
        return false;
    }
    if comment_left_out(&a, &b) || comment_left_out(&b, &a) {
        return false;
    }
    extended(&a, &b) || extended(&b, &a) || renamed(&a, &b) || rewritten(&a, &b)
}

/// Whether `file_line` is `old_line` with a trailing comment ([`comment_left_out`]).
pub(super) fn comment_left_out_of(old_line: &str, file_line: &str) -> bool {
    comment_left_out(&tokens(old_line), &tokens(file_line))
}

/// Whether `long` is `short` with a trailing comment (`x = f(y);  // why`): a model copying the
/// line leaves the comment out, and the code is the same. (A long comment would otherwise read
/// as the line [`rewritten`].)
fn comment_left_out(short: &[&str], long: &[&str]) -> bool {
    long.strip_prefix(short)
        .is_some_and(|added| !short.is_empty() && is_comment(added) && !is_comment(short))
}

/// Whether `old_line` is `file_line` with one word a slip of memory: the same tokens but one
/// word, at most [`MAX_SLIP_EDITS`] character edits from the file's, and standing nowhere in
/// the file (`in_file`): a misspelling no one wrote, not a name the file was changed to
/// since, nor a number or another name it has (`_ONCE 0` for the file's `_ONCE 1`). The lines
/// are compared as typed ([`crate::normalize::punctuation_as_typed`]: `⚠ don't` for the
/// file's `⚠️ don’t`), as the window's pairing compared them.
pub(super) fn slip_of(old_line: &str, file_line: &str, in_file: impl Fn(&str) -> bool) -> bool {
    let (old_line, file_line) = (
        crate::normalize::punctuation_as_typed(old_line),
        crate::normalize::punctuation_as_typed(file_line),
    );
    let (a, b) = (tokens(&old_line), tokens(&file_line));
    if a.len() != b.len() {
        return false;
    }
    let mut differing = a.iter().zip(&b).filter(|(x, y)| x != y);
    let (Some((x, y)), None) = (differing.next(), differing.next()) else {
        return false;
    };
    let word = |t: &str| t.starts_with(|c: char| c.is_alphabetic() || c == '_');
    let (xs, ys): (Vec<char>, Vec<char>) = (x.chars().collect(), y.chars().collect());
    word(x)
        && word(y)
        && xs.len().min(ys.len()) >= MIN_SLIPPED_WORD
        && crate::align::block_edits_within(&xs, &ys, MAX_SLIP_EDITS).is_some()
        && !in_file(x)
}

/// Whether `tokens` begin a comment (`//`, `/*`, `#`, `--`).
fn is_comment(tokens: &[&str]) -> bool {
    matches!(tokens, ["/", "/" | "*", ..] | ["#", ..] | ["-", "-", ..])
}

/// Whether `long` is `short` with code added at its end (`inc(1, Relaxed);` in `old`,
/// `inc(1, Relaxed); inc(2)` in the file; `3,` and `3, CSUM_TYPE`): a statement, a call or a
/// name written onto the line since. One token more that is no word (`;`, `,`, a `)`) is a
/// slip of memory; so is a trailing comment left out of a line of code (a model may leave it
/// out of the line it copies), but not a comment line that goes on (`/// Safety` and
/// `/// Safety: the caller ...`: a model does not cut a line short).
fn extended(short: &[&str], long: &[&str]) -> bool {
    let Some(added) = long.strip_prefix(short) else {
        return false;
    };
    let trailing_comment = is_comment(added) && !is_comment(short);
    let code = added.len() >= 2 || added.iter().any(|t| t.starts_with(is_word_char));
    !short.is_empty() && !added.is_empty() && code && !trailing_comment
}

/// Whether a name of one line lacking from the other is, in the other, a name with at least
/// [`MIN_ADDED_CHARS`] characters more that contains it (letter case aside):
/// `revisedCircle` for `Circle`, `node_children` for `children`. A name misremembered is
/// another name or the same one a letter off; a name with a word added is a rename made in the
/// file since.
fn renamed(a: &[&str], b: &[&str]) -> bool {
    let names = |line: &[&str], other: &[&str]| -> Vec<String> {
        line.iter()
            .filter(|t| t.starts_with(|c: char| c.is_alphabetic() || c == '_'))
            .filter(|t| !other.contains(t))
            .map(|t| t.to_lowercase())
            .collect()
    };
    let (only_a, only_b) = (names(a, b), names(b, a));
    let contains = |long: &String, short: &String| {
        short.chars().count() >= MIN_RENAMED_CHARS
            && long.chars().count() >= short.chars().count() + MIN_ADDED_CHARS
            && long.contains(short.as_str())
    };
    only_a
        .iter()
        .any(|x| only_b.iter().any(|y| contains(x, y) || contains(y, x)))
}

/// Whether the two lines share less than half of the longer one's tokens (in order), with at
/// least [`MIN_REWRITTEN_TOKENS`] of them differing: another statement in place of the one
/// `old` has.
fn rewritten(a: &[&str], b: &[&str]) -> bool {
    let longer = a.len().max(b.len());
    let shared = common(a, b);
    2 * shared < longer && longer - shared >= MIN_REWRITTEN_TOKENS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::changed_since`] in a file that writes `//` comments.
    fn changed_since(old_line: &str, file_line: &str) -> bool {
        super::changed_since(old_line, file_line, &|| true)
    }

    #[test]
    fn floor_division_is_code_where_the_file_writes_no_slash_comments() {
        let file = "    offset = bit_index // 8";
        assert!(super::changed_since("    offset = bit_indx", file, &|| {
            false
        }));
        assert!(!super::changed_since(
            "    offset = bit_indx",
            file,
            &|| true
        ));
    }

    #[test]
    fn code_written_onto_the_line_is_a_change_a_comment_is_not() {
        let old = "    counter.fetch_add(1, Relaxed);";
        assert!(changed_since(
            old,
            "    counter.fetch_add(1, Relaxed); counter.fetch_add"
        ));
        assert!(changed_since(
            "    counter.fetch_add(1, Relaxed); counter.fetch_add",
            old
        ));
        assert!(changed_since("KIND_B = 3, KIND_C", "KIND_B = 3,"));
        // A trailing comment left out, or one token more: memory.
        assert!(!changed_since(
            old,
            "    counter.fetch_add(1, Relaxed); // hot path"
        ));
        assert!(!changed_since("    counter.fetch_add(1, Relaxed)", old));
        // A comment line that goes on is no comment left out.
        assert!(changed_since(
            "/// # Safety",
            "/// # Safety: the caller checks"
        ));
    }

    #[test]
    fn a_trailing_comment_left_out_is_memory_however_long() {
        let file = "    if diffs_only:  # keeps the order stable for the report";
        assert!(!changed_since("    if diffs_only:", file));
        assert!(!changed_since(file, "    if diffs_only:"));
        // Code written onto the line before the comment is a change.
        assert!(changed_since(
            "    if diffs_only:",
            "    if diffs_only and not stats_only:  # keeps the order"
        ));
    }

    #[test]
    fn a_slip_on_a_line_typed_plain_or_without_its_comment_is_no_change() {
        // The file's emoji, curly quotes and trailing comment are habits; the slip is memory.
        let file = "  installed:  # \u{26a0}\u{fe0f} don\u{2019}t \u{201c}change\u{201d}";
        let window = ["x:", file, "  y: 1"];
        let old = ["x:", "  instaleld:  # \u{26a0} don't \"change\"", "  y: 1"];
        let new = ["x:", "  installed:  # \u{26a0} don't \"change\"", "  y: 2"];
        assert_eq!(
            near_change_changed_since(&old, &window, None, &new, &|_| false, &|| true),
            None
        );
        // A statement rewritten since under such a comment is a change still: its shared
        // comment words do not make it a slip.
        let file = "  total = sum(prices)  # don\u{2019}t \u{201c}touch\u{201d} \u{2014} see \u{201c}notes\u{201d}";
        let window = ["def f(prices):", file, "  return total"];
        let old = [
            "def f(prices):",
            "  total = 0  # don't \"touch\" - see \"notes\"",
            "  return total",
        ];
        let new = [
            "def f(prices):",
            old[1],
            "  for p in prices: total += p",
            "  return total",
        ];
        assert_eq!(
            near_change_changed_since(&old, &window, None, &new, &|_| false, &|| true),
            Some(1)
        );
        let file = "hamming_distance(PG_FUNCTION_ARGS)  // why: see above";
        assert!(!changed_since("hamming_distance(PG_FUNCTIO_NARGS)", file));
        // The code rewritten beside the comment is a change still.
        assert!(changed_since(
            "hamming_distance(FunctionCallInfo fcinfo, int flags)",
            file
        ));
        assert!(changed_since(
            "hamming_distance_in_bits(PG_FUNCTION_ARGS)",
            file
        ));
    }

    #[test]
    fn a_misspelt_word_is_a_slip_a_word_the_file_has_is_not() {
        let file = "    git_config_path = git_dir / config";
        let nowhere = |_: &str| false;
        assert!(slip_of(
            "    git_conxig_path = git_dir / config",
            file,
            nowhere
        ));
        // The word stands in the file: another name, maybe the file's change.
        assert!(!slip_of(
            "    git_conxig_path = git_dir / config",
            file,
            |w| { w == "git_conxig_path" }
        ));
        // A number, a short name, two words off, a word renamed longer: no slip.
        assert!(!slip_of("#define X_ONCE 0", "#define X_ONCE 1", nowhere));
        assert!(!slip_of("    n = f(x)", "    m = f(x)", nowhere));
        assert!(!slip_of(
            "    git_conxig_path = git_dxr / config",
            file,
            nowhere
        ));
        assert!(!slip_of("    git_config = git_dir / config", file, nowhere));
    }

    proptest::proptest! {
        /// One letter of a long word changed, the changed word nowhere in the file: a slip,
        /// whichever letter; a line with another token added never is.
        #[test]
        fn one_letter_off_is_a_slip(
            word in "[a-z]{4,12}",
            at in 0usize..12,
            letter in "[a-z]",
            extra in "[a-z]{1,6}",
        ) {
            let at = at % word.len();
            let slipped = format!("{}{letter}{}", &word[..at], &word[at + 1..]);
            let file = format!("    let {word} = compute(a, b);");
            let old = format!("    let {slipped} = compute(a, b);");
            let nowhere = |w: &str| w == word;
            proptest::prop_assert_eq!(slip_of(&old, &file, nowhere), slipped != word);
            let longer = format!("    let {slipped} = compute(a, b, {extra});");
            proptest::prop_assert!(!slip_of(&longer, &file, nowhere));
        }
    }

    #[test]
    fn a_name_with_a_word_added_is_a_rename() {
        assert!(changed_since(
            "draw(&revisedCircle::new((150, 100), 90, style));",
            "draw(&Circle::new((150, 100), 90, style));"
        ));
        // Another name, or one a letter or two off: misremembered.
        assert!(!changed_since(
            "draw(&value::new((150, 100), 90, style));",
            "draw(&Circle::new((150, 100), 90, style));"
        ));
        assert!(!changed_since("let items = f(x);", "let item = f(x);"));
        assert!(!changed_since("let xitem = f(x);", "let item = f(x);"));
    }

    #[test]
    fn another_statement_in_its_place_is_a_rewrite() {
        assert!(changed_since(
            "    let total = prices.iter().sum();",
            "    return Err(Error::Closed);"
        ));
        // One token of a short line misremembered: a slip.
        assert!(!changed_since("    return value;", "    return total;"));
        assert!(!changed_since("    value", "    total"));
        // A decomposed accent is part of its word, not a word split in two.
        assert!(!changed_since(
            "# Olszo\u{301}wka <olszowka@example.org>",
            "# Olszówka <olszowka@example.org>"
        ));
    }

    #[test]
    fn only_a_line_beside_the_edit_and_paired_one_for_one_counts() {
        let window = [
            "fn f() {",
            "    a();",
            "    b(); b2();",
            "    c();",
            "    d();",
            "}",
        ];
        let old = [
            "fn f() {", "    a();", "    b();", "    c();", "    d();", "}",
        ];
        let edit_at = |k: usize, to: &'static str| {
            let mut new: Vec<&str> = old.to_vec();
            new[k] = to;
            new
        };
        // `b();` extended since; the edit changes `c();` (beside it) or `d();` (one between).
        assert_eq!(
            near_change_changed_since(
                &old,
                &window,
                None,
                &edit_at(3, "    c(1);"),
                &|_| true,
                &|| true
            ),
            Some(2)
        );
        assert_eq!(
            near_change_changed_since(
                &old,
                &window,
                None,
                &edit_at(4, "    d(1);"),
                &|_| true,
                &|| true
            ),
            Some(2)
        );
        // Two lines between: merged as git merges it.
        assert_eq!(
            near_change_changed_since(
                &old,
                &window,
                None,
                &edit_at(5, "} // f"),
                &|_| true,
                &|| true
            ),
            None
        );
        // A line made up in `old` opposite a line `old` has too: the block taken a line off.
        let window = ["    a();", "    a();", "    c();"];
        let old = ["    a();", "    // keep this in sync", "    c();"];
        assert_eq!(
            near_change_changed_since(
                &old,
                &window,
                None,
                &["    a();", "    // keep this in sync", "    c(1);"],
                &|_| true,
                &|| true
            ),
            None
        );
    }

    #[test]
    fn a_last_line_joined_with_the_next_is_no_line_extended() {
        let window = ["<p>Use a file,", "then write to"];
        let old = ["<p>Use a file,", "then write to the temporary one.</p>"];
        let new = ["<p>Use the file,", "then write to the temporary one.</p>"];
        let next = Some("the temporary one.</p>");
        assert_eq!(
            near_change_changed_since(&old, &window, next, &new, &|_| true, &|| true),
            None
        );
        assert_eq!(
            near_change_changed_since(&old, &window, Some("<p>"), &new, &|_| true, &|| true),
            Some(1)
        );
    }
}
