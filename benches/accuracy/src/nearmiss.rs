//! The near misses of issue 30's item 3 as perturbation classes: a tab-indented file the model
//! retyped with spaces (CRLF, GNU tab-and-space, a blank line missing), a long block with
//! several lines each a letter off, `old` without a line's trailing comment, a line wrapped or
//! unwrapped differently from the file, emoji without their variation selector plus straight
//! quotes for curly ones, and elided blocks whose lines around the marker slipped or drifted.
//! Each kind that can be made ambiguous has a twin class that must be refused.

use crate::judge::Expect;
use crate::perturb::{
    calm_middle_line, drop_blank_lines, elide, four_space_file, indent, kept_at, kept_lines,
    map_lines, slip, swap_tabs, with_line, with_line_before, Hunk, Perturbed,
};
use fuzzy_edit::Edit;

/// Every near-miss case that applies to `h`, deterministically seeded by `seed`.
pub fn near_misses(h: &Hunk, seed: u64) -> Vec<Perturbed> {
    let mut rng = fastrand::Rng::with_seed(seed ^ 0x6e65_6172);
    let mut out = Vec::new();
    // Whole lines only: the content transforms below work line by line.
    let at_line_start = h.offset == 0 || h.content[..h.offset].ends_with('\n');
    if !at_line_start || h.content.contains('\r') || h.old.trim().is_empty() {
        return out;
    }
    let expected = splice(h.content, h.offset, h.old.len(), h.new);
    let mut push = |class: &'static str, content: String, old: String, new: String, e: Expect| {
        out.push(Perturbed {
            class,
            content,
            edit: Edit::new(old, new),
            expect: e,
        })
    };
    let kept = kept_lines(h.old, h.new);

    if let Some(t) = tabbed(h, &expected) {
        push(
            "tabs_crlf",
            crlf(&t.content),
            t.old.clone(),
            t.new.clone(),
            Expect::Text(crlf(&t.expected)),
        );
        if t.old.contains("\n\n") {
            push(
                "tabs_blank_missing",
                t.content.clone(),
                drop_blank_lines(&t.old),
                drop_blank_lines(&t.new),
                Expect::Text(t.expected.clone()),
            );
        }
    }
    let space_file = !h.content.contains("\n\t");
    if space_file && h.old.contains("\n        ") && h.new.contains("\n    ") {
        push(
            "tabs_gnu",
            gnu(h.content),
            h.old.into(),
            h.new.into(),
            Expect::Text(gnu(&expected)),
        );
    }

    if let Some((old, new, twin, twin_old)) = typo_many(h.old, h.new, &kept, &mut rng) {
        push(
            "typo_many",
            h.content.into(),
            old,
            new,
            Expect::Text(expected.clone()),
        );
        push(
            "typo_many_twin",
            appended(h.content, &twin),
            twin_old,
            h.new.into(),
            Expect::RefuseStrictly,
        );
    }

    if let Some(i) = calm_middle_line(h.old, &kept, 4).filter(|&i| commentable(h, i)) {
        if let Some(k) = kept_at(h.old, h.new, i) {
            let line = h.old.split('\n').nth(i).unwrap_or_default();
            let commented = format!("{line}  {} keeps the order stable", h.comment);
            let old_in_file = with_line(h.old, i, &commented);
            let content = splice(h.content, h.offset, h.old.len(), &old_in_file);
            let want = splice(
                &content,
                h.offset,
                old_in_file.len(),
                &with_line(h.new, k, &commented),
            );
            push(
                "comment_dropped",
                content.clone(),
                h.old.into(),
                h.new.into(),
                Expect::Text(want),
            );
            let other = format!("{line}  {} see the note above", h.comment);
            push(
                "comment_twin",
                appended(&content, &with_line(h.old, i, &other)),
                h.old.into(),
                h.new.into(),
                Expect::RefuseStrictly,
            );
        }
    }

    if let Some((i, wrapped)) = wrappable(h.old, &kept) {
        if let Some(k) = kept_at(h.old, h.new, i) {
            push(
                "wrapped_old",
                h.content.into(),
                with_line(h.old, i, &wrapped),
                with_line(h.new, k, &wrapped),
                Expect::Text(expected.clone()),
            );
            let old_in_file = with_line(h.old, i, &wrapped);
            let content = splice(h.content, h.offset, h.old.len(), &old_in_file);
            let want = splice(
                &content,
                h.offset,
                old_in_file.len(),
                &with_line(h.new, k, &wrapped),
            );
            push(
                "unwrapped_old",
                content,
                h.old.into(),
                h.new.into(),
                Expect::Text(want),
            );
            push(
                "wrapped_twin",
                appended(h.content, h.old),
                with_line(h.old, i, &wrapped),
                with_line(h.new, k, &wrapped),
                Expect::RefuseStrictly,
            );
        }
    }

    if let Some(i) = calm_middle_line(h.old, &kept, 4) {
        if let Some(k) = kept_at(h.old, h.new, i) {
            let line = h.old.split('\n').nth(i).unwrap_or_default();
            let ind = &line[..line.len() - line.trim_start().len()];
            let c = h.comment;
            let in_file = format!("{ind}{c} \u{26A0}\u{FE0F} Don\u{2019}t \u{201C}retry\u{201D} here \u{2714}\u{FE0F}");
            let remembered = format!("{ind}{c} \u{26A0} Don't \"retry\" here \u{2714}");
            let old_in_file = with_line_before(h.old, i, &in_file);
            let content = splice(h.content, h.offset, h.old.len(), &old_in_file);
            let want = splice(
                &content,
                h.offset,
                old_in_file.len(),
                &with_line_before(h.new, k, &in_file),
            );
            push(
                "emoji_quotes",
                content,
                with_line_before(h.old, i, &remembered),
                with_line_before(h.new, k, &remembered),
                Expect::Text(want),
            );
        }
    }

    if let Some((twin, old)) = equidistant_twin(h.old, &kept) {
        let new = match kept_at(h.old, h.new, twin.1) {
            Some(k) => with_line(h.new, k, old.split('\n').nth(twin.1).unwrap_or_default()),
            None => h.new.to_string(),
        };
        push(
            "twin_equidistant",
            appended(h.content, &twin.0),
            old,
            new,
            Expect::RefuseStrictly,
        );
    }

    if let Some((o, n)) = elide(h.old, h.new, h.comment) {
        if let Some((so, sn)) = elision_slipped(&o, &n, &mut rng) {
            push(
                "elision_slipped",
                h.content.into(),
                so,
                sn,
                Expect::Text(expected.clone()),
            );
        }
        push(
            "elision_indent",
            h.content.into(),
            indent(&o, "  "),
            indent(&n, "  "),
            Expect::Text(expected.clone()),
        );
    }
    // (After the last `push`: a `replace_all` edit is built here.)
    if let Some((content, want, edit)) = copies_crlf(h, &expected, &mut rng) {
        out.push(Perturbed {
            class: "replace_all_crlf",
            content,
            edit,
            expect: Expect::Text(want),
        });
    }

    out
}

pub(crate) fn splice(s: &str, at: usize, len: usize, with: &str) -> String {
    format!("{}{}{}", &s[..at], with, &s[at + len..])
}

pub(crate) fn appended(content: &str, block: &str) -> String {
    format!("{}\n{}\n", content.trim_end_matches('\n'), block)
}

pub(crate) fn crlf(s: &str) -> String {
    s.replace('\n', "\r\n")
}

/// A tab-indented file, its expected result, and `old`/`new` as the model retyped them with
/// four spaces per tab. A file indented with four spaces is re-indented with tabs for this.
pub(crate) struct Tabbed {
    pub content: String,
    pub expected: String,
    pub old: String,
    pub new: String,
}

pub(crate) fn tabbed(h: &Hunk, expected: &str) -> Option<Tabbed> {
    if h.content.contains("\n\t") {
        if !h.old.contains('\t') {
            return None;
        }
        return Some(Tabbed {
            content: h.content.into(),
            expected: expected.into(),
            old: swap_tabs(h.old, "\t"),
            new: swap_tabs(h.new, "\t"),
        });
    }
    if !h.old.contains("\n    ") && !h.old.starts_with("    ") || !four_space_file(h.content) {
        return None;
    }
    Some(Tabbed {
        content: reindent(h.content, |n| {
            format!("{}{}", "\t".repeat(n / 4), " ".repeat(n % 4))
        }),
        expected: reindent(expected, |n| {
            format!("{}{}", "\t".repeat(n / 4), " ".repeat(n % 4))
        }),
        old: h.old.into(),
        new: h.new.into(),
    })
}

/// GNU style: every eight columns of indentation a tab, the rest spaces.
fn gnu(s: &str) -> String {
    reindent(s, |n| {
        format!("{}{}", "\t".repeat(n / 8), " ".repeat(n % 8))
    })
}

/// `s` with each line's leading spaces (`n` of them) written as `to(n)`.
fn reindent(s: &str, to: impl Fn(usize) -> String) -> String {
    map_lines(s, |_, l| {
        let body = l.trim_start_matches(' ');
        let n = l.len() - body.len();
        if n == 0 {
            l.to_string()
        } else {
            format!("{}{body}", to(n))
        }
    })
}

/// `old` with three of its (at least ten) non-blank middle lines each a letter off, and `new`
/// repeating the slips in the lines it keeps; and a twin of the block with the same three
/// lines off another way, with an `old` equally far from the block and the twin.
pub(crate) fn typo_many(
    old: &str,
    new: &str,
    kept: &[bool],
    rng: &mut fastrand::Rng,
) -> Option<(String, String, String, String)> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < 10 {
        return None;
    }
    let choices: Vec<usize> = non_blank[1..non_blank.len() - 1]
        .iter()
        .copied()
        .filter(|&i| kept[i] && o[i].trim().len() >= 12)
        .collect();
    if choices.len() < 3 {
        return None;
    }
    let picked = [
        choices[choices.len() / 6],
        choices[choices.len() / 2],
        choices[choices.len() * 5 / 6],
    ];
    if picked[0] == picked[1] || picked[1] == picked[2] {
        return None;
    }
    let (mut so, mut sn) = (old.to_string(), new.to_string());
    for &i in &picked {
        let s = slip(o[i], rng)?;
        if let Some(k) = kept_at(old, new, i) {
            sn = with_line(&sn, k, &s);
        }
        so = with_line(&so, i, &s);
    }
    // The twin: the first letter of each picked line a `W`; the twin's `old`: a `Q` there.
    let letter = |c: char| {
        let mut b = old.to_string();
        for &i in &picked {
            let l = o[i];
            let p = l.char_indices().find(|(_, c)| c.is_ascii_alphabetic())?.0;
            if matches!(l.as_bytes()[p], b'Q' | b'W') {
                return None;
            }
            b = with_line(&b, i, &format!("{}{c}{}", &l[..p], &l[p + 1..]));
        }
        Some(b)
    };
    Some((so, sn, letter('W')?, letter('Q')?))
}

/// Whether line `i` of `old` can take a trailing comment: long enough, without a comment or a
/// line continuation already.
pub(crate) fn commentable(h: &Hunk, i: usize) -> bool {
    let line = h.old.split('\n').nth(i).unwrap_or_default().trim_end();
    line.trim().len() >= 8
        && !line.contains(h.comment)
        && !line.ends_with('\\')
        && !line.contains(['"', '\'', '`'])
}

/// A kept middle line of at least 40 characters with a `, ` past its first third, and the line
/// wrapped there (the rest one level deeper).
pub(crate) fn wrappable(old: &str, kept: &[bool]) -> Option<(usize, String)> {
    let o: Vec<&str> = old.split('\n').collect();
    (1..o.len().saturating_sub(1)).find_map(|i| {
        let l = o[i];
        if !kept[i] || l.trim().len() < 40 || l.contains(['"', '\'', '`']) {
            return None;
        }
        let ind = &l[..l.len() - l.trim_start().len()];
        let third = ind.len() + l.trim().len() / 3;
        let from = (third..l.len()).find(|&b| l.is_char_boundary(b))?;
        let p = from + l[from..].find(", ")?;
        Some((i, format!("{},\n{ind}    {}", &l[..p], &l[p + 2..])))
    })
}

/// An elided `old`/`new` (from [`elide`]) with a slip in the line before the marker, or in the
/// line after it when `new` keeps that line; the model repeats the slip in `new`.
pub(crate) fn elision_slipped(
    o: &str,
    n: &str,
    rng: &mut fastrand::Rng,
) -> Option<(String, String)> {
    let ol: Vec<&str> = o.split('\n').collect();
    let nl: Vec<&str> = n.split('\n').collect();
    let after_kept = ol.get(2).is_some_and(|l| nl.get(2) == Some(l));
    let i = if after_kept && rng.bool() { 2 } else { 0 };
    if ol[i].trim().len() < 8 || nl.get(i) != ol.get(i) {
        return None;
    }
    let s = slip(ol[i], rng)?;
    Some((with_line(o, i, &s), with_line(n, i, &s)))
}

/// A twin of the block two kept middle lines away (the first letter of each a `Q`), and an
/// `old` with the second of them as the twin has it: one line from the block, one line from the
/// twin, equally far from both. Returns `((twin, second line's index), old)`.
fn equidistant_twin(old: &str, kept: &[bool]) -> Option<((String, usize), String)> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < 4 {
        return None;
    }
    let lettered = |i: usize| -> Option<String> {
        let l = o[i];
        let p = l.char_indices().find(|(_, c)| c.is_ascii_alphabetic())?.0;
        (l.as_bytes()[p] != b'Q' && kept[i] && l.trim().len() >= 8)
            .then(|| format!("{}Q{}", &l[..p], &l[p + 1..]))
    };
    let mut picked = non_blank[1..non_blank.len() - 1]
        .iter()
        .filter_map(|&i| Some((i, lettered(i)?)));
    let ((a, la), (b, lb)) = (picked.next()?, picked.next()?);
    let twin = with_line(&with_line(old, a, &la), b, &lb);
    Some(((twin, b), with_line(old, b, &lb)))
}

/// A CRLF file holding `old` four times: as the hunk has it, again with trailing blanks on
/// its lines (which the model cannot see), again with one line a letter off (another block),
/// and once more as it is; and the file with every copy `old` names replaced by `new` (the
/// three but the one a letter off), and the edit (`replace_all`). `None` when `old` is one line
/// or stands in the file more than once, or `new` is empty.
fn copies_crlf(
    h: &Hunk,
    expected: &str,
    rng: &mut fastrand::Rng,
) -> Option<(String, String, Edit)> {
    let old = h.old.trim_end_matches('\n');
    let new = h.new.trim_end_matches('\n');
    let same_end = h.old.ends_with('\n') == h.new.ends_with('\n');
    if !same_end || new.is_empty() || !old.contains('\n') || h.content.matches(old).count() != 1 {
        return None;
    }
    let trailing = map_lines(old, |_, l| {
        if l.trim().is_empty() {
            l.to_string()
        } else {
            format!("{l}  ")
        }
    });
    let o: Vec<&str> = old.split('\n').collect();
    let i = (1..o.len()).find(|&i| o[i].trim().len() >= 8)?;
    let off = with_line(old, i, &slip(o[i], rng)?);
    let base = |s: &str| s.trim_end_matches('\n').to_string();
    let content = format!("{}\n{trailing}\n{off}\n{old}\n", base(h.content));
    let want = format!("{}\n{new}\n{off}\n{new}\n", base(expected));
    let edit = Edit::new(old, new).replace_all(true);
    (content.matches(old).count() == 2).then(|| (crlf(&content), crlf(&want), edit))
}
