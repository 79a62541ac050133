//! Words the model misspelled in `old` and wrote again in `new`, whole or as part of a word it
//! rewrote: spelled as the file spells them.
//!
//! The file has `impl JsonSchema for Value {`, the model remembered `JsonShcema` and renamed it
//! to `JsonShcemaImpl`. The merge sees a change to the very token the model misremembered and
//! can only keep the model's token, slip included; but the slip is the model's memory, not
//! its intent: it meant the file's `JsonSchema`, extended. So before the merge, the slip is
//! respelled in `old` and `new` alike, and the merge then sees a faithful `old` and the change
//! the model meant.
//!
//! Only a slip of the pen ([`crate::merge3::misspelling`]: one word for one word, a letter
//! off, on a line that differs from the file's in nothing else, or from the file's line with
//! its trailing comment left out), and only a misspelling the file never writes, anywhere: a
//! word the file has is a name of its own, which the model may mean.
//!
//! A slip `new` does not write again (the model wrote the file's word there, or rewrote the
//! line) is respelled in `old` alone, when `old` reads as the model's copy of the block: each
//! line it differs in a typing slip of the file's line ([`typing_slip`]: two letters swapped,
//! one dropped or doubled) or that line with its trailing comment left out, a blank line
//! missing or extra aside. `old` then holds the line as the file does, and `new`'s line is
//! the model's change of it, or the file's line kept. Left in `old`, the slip made a line the
//! model only spelled right again read as a change of a line the file does not hold; when the
//! file's differences and the model's changes covered different runs of lines (a slip fixed on
//! one line, a neighbour slipped and kept) the merge refused the edit (`changed_lines_match`).
//! A block with any other difference (a name changed, an argument added since it was read) is
//! not respelled so: its differences are the stale rules' to judge. On the stand-in corpus
//! (9,424 cases, outside the repository): exact 4,339 -> 4,434, wrong 9 -> 9 (the same cases);
//! `blank+typos+indent` 93 -> 137 of 200, `comment+typos` 73 -> 111, `emoji+typos` 120 -> 128,
//! five other typo kinds one case each; every must-refuse kind unchanged. Without the
//! copy condition, `comment+typos` 115 but two `stale_3_typo` blocks (three lines changed since,
//! two of them a letter off like slips) applied wrong.
//!
//! Two slips on one line (or on one line wrapped otherwise: `assertSmae(...,` / `$repsonse)`)
//! are respelled both when each is a typing slip of its word ([`typed_slips`]; at most
//! [`MAX_SLIPS_ON_A_LINE`]): a long line the model wrapped often carries two. Read as no slip,
//! a `new` that spelled one right again rewrote lines the file does not hold
//! (`changed_lines_match`). Attack benchmark: `wrap+typos` 143 -> 161 exact of 200, every
//! other kind unchanged, no case made wrong; held-out seeds (17,955 cases): 24 more exact, none
//! made wrong. Two words each another letter (`nome`, `Rapeat`) stay other names.
//!
//! A word `new` writes in place of the file's spelling on other lines is no slip but the
//! model's rename of the file's word ([`Renamed`]): the edit is refused, showing the file's
//! line.

use super::gaps;
use crate::align::{changed_regions, joined, loose_diff, wrap_groups};
use crate::merge3::misspellings;
use crate::needle::Needle;
use crate::normalize::{is_word_char, loose_equal, word_at};
use crate::strategy::{near_word, typing_slip, without_trailing_comment};
use crate::text::Text;
use crate::thresholds::MAX_SLIPS_ON_A_LINE;

/// `needle` with the words it misspelled (by the lines of `old` paired with `win`, the file's
/// lines) spelled as the file does, in `old` and `new`. `None` when there is none.
///
/// ```text
/// file `impl JsonSchema for Value {`, old `impl JsonShcema for Value {`,
/// new `impl JsonShcemaImpl for Value {`  ->  new `impl JsonSchemaImpl for Value {`
/// ```
pub(super) fn respelled(
    text: &Text,
    old: &[&str],
    win: &[&str],
    needle: &Needle,
) -> Result<Option<Needle<'static>>, Renamed> {
    let new = needle.new_text();
    let mut regions = changed_regions(loose_diff(old, win));
    gaps::slide_gaps(old, win, &mut regions);
    // Each misspelling with the first pair of lines (of `old`, of the window) it was read on.
    let mut words: Vec<(&str, &str)> = Vec::new();
    let mut read_on: Vec<(usize, usize)> = Vec::new();
    let file = text.as_str();
    let in_file = |w: &str| text.contains_word(w);
    let near = |w: &str| near_word(file, w);
    // Whether every line `old` differs from the file in is a typing slip of the file's line
    // or that line with its trailing comment left out (see `typed_copy`).
    let mut typed_copy = true;
    // Whether `new` writes a word on more lines than `old` does: on a line it adds.
    let old_text = old.join("\n");
    let adds_word = |word: &str| count_word(new, word) > count_word(&old_text, word);
    for (o, w) in regions {
        // A blank line missing or extra aside, the region's lines pair one for one.
        let o: Vec<usize> = o.filter(|&i| !old[i].trim().is_empty()).collect();
        let w: Vec<usize> = w.filter(|&j| !win[j].trim().is_empty()).collect();
        // A line wrapped otherwise than the file's (in two, or two joined) pairs as a group.
        let Some(pairs) = wrap_groups(old, win, &o, &w) else {
            typed_copy = false;
            continue;
        };
        for (o, w) in pairs {
            if let ([i], [j]) = (o, w) {
                let (i, j) = (*i, *j);
                let code = || without_trailing_comment(win[j]).map(str::trim);
                let slips = misspellings(old[i].trim(), win[j].trim(), MAX_SLIPS_ON_A_LINE)
                    .or_else(|| {
                        code()
                            .and_then(|code| misspellings(old[i].trim(), code, MAX_SLIPS_ON_A_LINE))
                    })
                    .unwrap_or_default();
                typed_copy = typed_copy
                    && (code().is_some_and(|code| loose_equal(code, old[i]))
                        || typing_slip(old[i], win[j], in_file, near).is_some()
                        || code().is_some_and(|code| {
                            typing_slip(old[i], code, in_file, near).is_some()
                        })
                        || typed_slips(&slips, in_file, near));
                // Two slips on a line are the model's only where both are typing slips, and
                // not where `new` writes one of the slipped words on a line it adds: respelled
                // there, `items.slice(0, cuont)` would become a second `items.splice(0, count)`.
                if slips.len() > 1
                    && (!typed_slips(&slips, in_file, near)
                        || slips.iter().any(|(was, _)| adds_word(was)))
                {
                    continue;
                }
                for (was, is) in slips {
                    if !words.contains(&(was, is)) {
                        words.push((was, is));
                        read_on.push((i, j));
                    }
                }
                continue;
            }
            let (mut slips, copy) = rewrapped_slips(old, win, o, w, in_file, near);
            if slips.len() > 1 && slips.iter().any(|(was, _)| adds_word(was)) {
                slips.clear();
            }
            typed_copy = typed_copy && copy;
            for pair in slips {
                if !words.contains(&pair) {
                    words.push(pair);
                    read_on.push((o[0], w[0]));
                }
            }
        }
    }
    // A word spelled two ways by the file is no single slip; one the file writes is its own.
    // Each kept word with whether `new` is respelled too: it writes the slip again.
    let old_text = needle.old_text();
    if let Some(at) = words
        .iter()
        .position(|&(was, is)| renames(old_text, new, was, is))
    {
        let (old_line, file_line) = read_on[at];
        return Err(Renamed {
            old_line,
            file_line,
        });
    }
    let words: Vec<(&str, &str, bool)> = words
        .iter()
        .filter(|(was, _)| words.iter().filter(|(w, _)| w == was).count() == 1)
        .map(|&(was, is)| (was, is, occurrences(new, was).next().is_some()))
        .filter(|&(was, _, in_new)| !text.contains_str(was) && (typed_copy || in_new))
        .collect();
    if words.is_empty() {
        return Ok(None);
    }
    let respell = |s: &str, all: bool| {
        words
            .iter()
            .filter(|w| all || w.2)
            .fold(s.to_string(), |s, &(was, is, _)| replace_word(&s, was, is))
    };
    Ok(Some(Needle::new(
        respell(old_text, true),
        respell(new, false),
    )))
}

/// A word `old` spelled unlike the file on one line that `new` writes in place of the file's
/// spelling elsewhere: the model renames the file's word (`recieve` -> `receive` on every
/// line, its `old` already writing `receive` on the first). Read as a slip, the rename was
/// undone in `new` and the edit refused as already applied, which it was not; merged as
/// written, the first line kept the file's word and the rename was half made. The edit is
/// refused as a line the file does not hold, showing the file's spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Renamed {
    /// The line of `old` (0-based) that spells the word unlike the file.
    pub(super) old_line: usize,
    /// The window's line (0-based) it was paired with.
    pub(super) file_line: usize,
}

/// Whether each of two or more slips on one line is a typing slip ([`typing_slip`], the words
/// compared alone): a line the model typed with two keystrokes wrong, not a line with two names
/// another letter off.
fn typed_slips(
    slips: &[(&str, &str)],
    in_file: impl Fn(&str) -> bool,
    near: impl Fn(&str) -> bool,
) -> bool {
    slips.len() > 1
        && slips
            .iter()
            .all(|(was, is)| typing_slip(was, is, &in_file, &near).is_some())
}

/// A region where `old`'s lines are the file's wrapped otherwise (a line in two, or two joined:
/// `f(a,` / `b)` for `f(a, b)`), read as one line on each side, joined by a space: the slips of
/// the pen on it ([`misspellings`], each word found on a line of its side; two only when both
/// are [`typed_slips`]) and whether the region reads as the model's copy (the joined lines
/// loosely equal, or typing slips of one another). Read line by line, a wrapped line with a
/// slip made the block no copy, and a slip the model only spelled right again in `new` read as
/// a change of lines the file does not hold (`changed_lines_match`).
fn rewrapped_slips<'o, 'w>(
    old: &[&'o str],
    win: &[&'w str],
    o: &[usize],
    w: &[usize],
    in_file: impl Fn(&str) -> bool,
    near: impl Fn(&str) -> bool,
) -> (Vec<(&'o str, &'w str)>, bool) {
    if o.is_empty() || w.is_empty() {
        return (Vec::new(), false);
    }
    let (mine, file) = (joined(old, o), joined(win, w));
    if loose_equal(&mine, &file) {
        return (Vec::new(), true);
    }
    let slips = misspellings(&mine, &file, MAX_SLIPS_ON_A_LINE).unwrap_or_default();
    let typed = typed_slips(&slips, &in_file, &near);
    let copy = typed || typing_slip(&mine, &file, &in_file, &near).is_some();
    if slips.len() > 1 && !typed {
        return (Vec::new(), copy);
    }
    let pairs: Option<Vec<_>> = slips
        .iter()
        .map(|&(was, is)| Some((word_on(old, o, was)?, word_on(win, w, is)?)))
        .collect();
    (pairs.unwrap_or_default(), copy)
}

/// `word` where it first stands on the lines `at` of `lines`, as a slice of that line.
fn word_on<'l>(lines: &[&'l str], at: &[usize], word: &str) -> Option<&'l str> {
    at.iter().find_map(|&k| {
        occurrences(lines[k], word)
            .next()
            .map(|p| &lines[k][p..p + word.len()])
    })
}

/// Whether `new` writes `was` in place of `is`: `old` writes `is` (the file's spelling) more
/// often than `new` does, and `was` less often (see [`Renamed`]); unless `was` is `is` with a
/// letter left out (`clent` for `client`, `fetch_usr`): a slip of the pen the model wrote again
/// on the lines it rewrote, where a rename of a misspelling restores a letter (`confg` ->
/// `config`) or puts two back in order (`recieve` -> `receive`). An adversarial review's hand
/// cases: 7 such slips spread into `new` refused -> 6 respelled as before
/// (a `serialise` written for `serialize` stays refused), every rename still refused.
fn renames(old: &str, new: &str, was: &str, is: &str) -> bool {
    let count = |s: &str, w: &str| occurrences(s, w).count();
    let dropped = was.chars().count() + 1 == is.chars().count();
    !dropped && count(new, is) < count(old, is) && count(new, was) > count(old, was)
}

/// Where `word` occurs in `s` as a word of its own or a sub-word of a name (`JsonShcema` in
/// `JsonShcemaImpl`, `PRAM_SHIFT` in `PRAM_SHIFT_BITS`), never inside a longer run of letters
/// (`form` is no slip inside `format` or `inform`). Replaced as a
/// substring, a slip `form` for `from` wrote `fromat` where the model wrote `format`: the
/// review's hand cases `g_sub_*`, `g_subc_*`, 18 wrong -> 0.
fn occurrences<'a>(s: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    let first = word.chars().next();
    let last = word.chars().next_back();
    s.match_indices(word).map(|(at, _)| at).filter(move |&at| {
        let before = s[..at].chars().next_back();
        let after = s[at + word.len()..].chars().next();
        let starts = match before {
            None => true,
            Some(b) if !is_word_char(b) || b == '_' => true,
            Some(b) => {
                (b.is_lowercase() || b.is_ascii_digit()) && first.is_some_and(char::is_uppercase)
            }
        };
        let ends = match after {
            None => true,
            Some(a) if !is_word_char(a) || a == '_' => true,
            Some(a) => {
                a.is_uppercase() && last.is_some_and(|l| l.is_lowercase() || l.is_ascii_digit())
            }
        };
        starts && ends
    })
}

/// `s` with `was` replaced by `is` where it occurs as a word or camel-case sub-word
/// ([`occurrences`]).
fn replace_word(s: &str, was: &str, is: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut from = 0;
    for at in occurrences(s, was).collect::<Vec<_>>() {
        out.push_str(&s[from..at]);
        out.push_str(is);
        from = at + was.len();
    }
    out.push_str(&s[from..]);
    out
}

/// How many times `word` stands in `text` as a whole word.
fn count_word(text: &str, word: &str) -> usize {
    text.match_indices(word)
        .filter(|&(at, _)| word_at(text, at, word.len()))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn respell(file: &str, old: &str, new: &str) -> Option<(String, String)> {
        respell_over(file, old, new, |_, old_lines| old_lines)
    }

    /// [`respell`] for an `old` of more lines than the file's block, the window being the
    /// file's lines.
    fn respell_lines(file: &str, old: &str, new: &str) -> Option<(String, String)> {
        respell_over(file, old, new, |text, _| text.line_count())
    }

    /// The respelling of `old` and `new` against the file's first `window(text, old's line
    /// count)` lines.
    fn respell_over(
        file: &str,
        old: &str,
        new: &str,
        window: impl Fn(&Text, usize) -> usize,
    ) -> Option<(String, String)> {
        let text = Text::new(file);
        let needle = Needle::new(old, new);
        let old_lines: Vec<&str> = needle.lines().collect();
        let win: Vec<&str> = (0..window(&text, old_lines.len()))
            .map(|i| text.line(i))
            .collect();
        respelled(&text, &old_lines, &win, &needle)
            .unwrap()
            .map(|n| (n.old_text().to_string(), n.new_text().to_string()))
    }

    #[test]
    fn a_slip_written_again_in_new_takes_the_files_spelling() {
        assert_eq!(
            respell("x = getItem(a)\n", "x = getItm(a)", "x = getItmAll(a)"),
            Some(("x = getItem(a)".into(), "x = getItemAll(a)".into()))
        );
        // Not written again: respelled in `old` alone.
        assert_eq!(
            respell("x = getItem(a)\n", "x = getItm(a)", "x = all(a)"),
            Some(("x = getItem(a)".into(), "x = all(a)".into()))
        );
        // A slip on a line whose trailing comment `old` left out.
        assert_eq!(
            respell(
                "x = getItem(a)  # why\n",
                "x = getItm(a)",
                "x = getItm(a) + 1"
            ),
            Some(("x = getItem(a)".into(), "x = getItem(a) + 1".into()))
        );
        // A word the file writes is a name of its own.
        assert_eq!(
            respell(
                "x = getItem(a)\ny = getItm\n",
                "x = getItm(a)",
                "x = getItmAll(a)"
            ),
            None
        );
        // A value is no misspelling.
        assert_eq!(respell("x = 2\n", "x = 1", "x = 1 + 1"), None);
    }

    #[test]
    fn a_slip_on_a_line_wrapped_otherwise_is_respelled_in_old() {
        let file = "f(alpha, gamma, delta)\ng(x)\n";
        // `new` writes the file's word: `old` alone is respelled.
        assert_eq!(
            respell_lines(
                file,
                "f(alpha,\n    gmama, delta)\ng(x)",
                "f(alpha,\n    gamma, delta)\ng(y)"
            ),
            Some((
                "f(alpha,\n    gamma, delta)\ng(x)".into(),
                "f(alpha,\n    gamma, delta)\ng(y)".into()
            ))
        );
        // An argument more is no slip.
        assert_eq!(
            respell_lines(
                file,
                "f(alpha,\n    gmama, delta, eta)\ng(x)",
                "f(alpha,\n    gamma, delta)\ng(y)"
            ),
            None
        );
    }

    #[test]
    fn two_typing_slips_on_a_line_are_respelled_both() {
        let file = "assertSame(body, (string) $response->getBody());\nnext();\n";
        // Two letters swapped twice, wrapped in two: both spelled as the file does.
        assert_eq!(
            respell_lines(
                file,
                "assertSmae(body,\n    (string) $repsonse->getBody());\nnext();",
                "assertSmae(body,\n    (string) $response->getBody());\nlast();"
            ),
            Some((
                "assertSame(body,\n    (string) $response->getBody());\nnext();".into(),
                "assertSame(body,\n    (string) $response->getBody());\nlast();".into()
            ))
        );
        // On one line too.
        assert_eq!(
            respell(
                "x = getItem(count)\n",
                "x = gteItem(cuont)",
                "x = gteItem(cuont) + 1"
            ),
            Some(("x = getItem(count)".into(), "x = getItem(count) + 1".into()))
        );
        // Two words each another letter (no keystroke slip): other names, not respelled.
        assert_eq!(
            respell(
                "x = getItem(count)\n",
                "x = getIdem(coint)",
                "x = getIdem(coint) + 1"
            ),
            None
        );
        // Three slips on a line: no copy of it.
        assert_eq!(
            respell(
                "x = getItem(count, total)\n",
                "x = gteItem(cuont, ottal)",
                "x = gteItem(cuont, ottal) + 1"
            ),
            None
        );
    }

    #[test]
    fn a_rename_of_the_files_word_is_no_slip() {
        let file = "data = recieve(sock)\nack = recieve_ack(sock)\nlog_recieve(ack)\n";
        let old = "data = receive(sock)\nack = recieve_ack(sock)\nlog_recieve(ack)";
        let new = "data = receive(sock)\nack = receive_ack(sock)\nlog_receive(ack)";
        let text = Text::new(file);
        let needle = Needle::new(old, new);
        let old_lines: Vec<&str> = needle.lines().collect();
        let win: Vec<&str> = (0..3).map(|i| text.line(i)).collect();
        assert_eq!(
            respelled(&text, &old_lines, &win, &needle).err(),
            Some(Renamed {
                old_line: 0,
                file_line: 0
            })
        );
        // The slip copied into `new` once more, on its own line only: still a slip.
        let new = "data = receive(sock)\nack = recieve_ack(sock)\nlog_recieve(ack, 1)";
        assert_eq!(
            respell(file, old, new),
            Some((
                file.trim_end().to_string(),
                "data = recieve(sock)\nack = recieve_ack(sock)\nlog_recieve(ack, 1)".into()
            ))
        );
    }
}
