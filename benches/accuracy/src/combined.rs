//! Perturbation classes that combine two or three mistakes the way models make them together:
//! an elided `old` with a slip beside the marker and its indentation drifted; a tab file
//! retyped with spaces, CRLF and a blank line missing; a trailing comment dropped and a letter
//! off on another line; a wrapped line with its block's indentation drifted; emoji without
//! their selector plus straight quotes, indented; several lines a letter off, indented; tabs
//! retyped as spaces with a letter off. Each kind that can be made ambiguous or stale has a
//! twin class that must be refused (`*_twin`, `mixed_stale_indent`).

use crate::judge::Expect;
use crate::nearmiss::{
    appended, commentable, crlf, elision_slipped, splice, tabbed, typo_many, wrappable,
};
use crate::perturb::{
    calm_middle_line, drop_blank_lines, elide, indent, kept_at, kept_lines, slip, with_line,
    with_line_before, Hunk, Perturbed,
};
use fuzzy_edit::Edit;

/// Every combined case that applies to `h`, deterministically seeded by `seed`.
pub fn combined(h: &Hunk, seed: u64) -> Vec<Perturbed> {
    let mut rng = fastrand::Rng::with_seed(seed ^ 0x6d69_7865);
    let mut out = Vec::new();
    // Whole lines only, LF files only: the transforms below work line by line.
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
    let drift = |s: &str| indent(s, "  ");

    if let Some((o, n)) = elide(h.old, h.new, h.comment) {
        if let Some((so, sn)) = elision_slipped(&o, &n, &mut rng) {
            push(
                "mixed_elision_slip_indent",
                h.content.into(),
                drift(&so),
                drift(&sn),
                Expect::Text(expected.clone()),
            );
            // The block twice in the file: which copy the elided `old` means is unknowable.
            push(
                "mixed_elision_slip_indent_twin",
                appended(h.content, h.old),
                drift(&so),
                drift(&sn),
                Expect::RefuseStrictly,
            );
        }
    }

    // The lines the edit changes written from a stale picture (words reversed), indented.
    if let Some(o) = stale(h.old, &kept) {
        push(
            "mixed_stale_indent",
            h.content.into(),
            drift(&o),
            drift(h.new),
            Expect::Refuse,
        );
    }

    if let Some(t) = tabbed(h, &expected) {
        if t.old.contains("\n\n") {
            push(
                "mixed_tabs_crlf_blank",
                crlf(&t.content),
                drop_blank_lines(&t.old),
                drop_blank_lines(&t.new),
                Expect::Text(crlf(&t.expected)),
            );
        }
        let tk = kept_lines(&t.old, &t.new);
        if let Some((o, n)) = slip_kept(&t.old, &t.new, &tk, None, &mut rng) {
            push(
                "mixed_tabs_typo",
                t.content.clone(),
                o,
                n,
                Expect::Text(t.expected.clone()),
            );
        }
    }

    if let Some(i) = calm_middle_line(h.old, &kept, 5).filter(|&i| commentable(h, i)) {
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
            if let Some((o, n)) = slip_kept(h.old, h.new, &kept, Some(i), &mut rng) {
                push(
                    "mixed_comment_typo",
                    content.clone(),
                    o.clone(),
                    n.clone(),
                    Expect::Text(want),
                );
                // A twin of the block whose line has another comment: `old` is as far from both.
                let other = format!("{line}  {} see the note above", h.comment);
                push(
                    "mixed_comment_typo_twin",
                    appended(&content, &with_line(h.old, i, &other)),
                    o,
                    n,
                    Expect::RefuseStrictly,
                );
            }
        }
    }

    if let Some((i, wrapped)) = wrappable(h.old, &kept) {
        if let Some(k) = kept_at(h.old, h.new, i) {
            let (o, n) = (with_line(h.old, i, &wrapped), with_line(h.new, k, &wrapped));
            push(
                "mixed_wrapped_indent",
                h.content.into(),
                drift(&o),
                drift(&n),
                Expect::Text(expected.clone()),
            );
            push(
                "mixed_wrapped_indent_twin",
                appended(h.content, h.old),
                drift(&o),
                drift(&n),
                Expect::RefuseStrictly,
            );
        }
    }

    if let Some(i) = calm_middle_line(h.old, &kept, 4) {
        if let Some(k) = kept_at(h.old, h.new, i) {
            let line = h.old.split('\n').nth(i).unwrap_or_default();
            let ind = &line[..line.len() - line.trim_start().len()];
            let c = h.comment;
            let in_file = format!(
                "{ind}{c} \u{2705}\u{FE0F} \u{201C}cached\u{201D} on purpose \u{2764}\u{FE0F}"
            );
            let remembered = format!("{ind}{c} \u{2705} \"cached\" on purpose \u{2764}");
            let old_in_file = with_line_before(h.old, i, &in_file);
            let content = splice(h.content, h.offset, h.old.len(), &old_in_file);
            let want = splice(
                &content,
                h.offset,
                old_in_file.len(),
                &with_line_before(h.new, k, &in_file),
            );
            push(
                "mixed_emoji_indent",
                content,
                drift(&with_line_before(h.old, i, &remembered)),
                drift(&with_line_before(h.new, k, &remembered)),
                Expect::Text(want),
            );
        }
    }

    if let Some((old, new, twin, twin_old)) = typo_many(h.old, h.new, &kept, &mut rng) {
        push(
            "mixed_typo_many_indent",
            h.content.into(),
            drift(&old),
            drift(&new),
            Expect::Text(expected.clone()),
        );
        push(
            "mixed_typo_many_indent_twin",
            appended(h.content, &twin),
            drift(&twin_old),
            drift(h.new),
            Expect::RefuseStrictly,
        );
    }
    out
}

/// `old` and `new` with a letter off in one kept middle line of at least eight characters (not
/// line `avoid` nor its neighbours), repeated in `new` (the model copies its own memory).
fn slip_kept(
    old: &str,
    new: &str,
    kept: &[bool],
    avoid: Option<usize>,
    rng: &mut fastrand::Rng,
) -> Option<(String, String)> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < 3 {
        return None;
    }
    let far = |i: usize| avoid.is_none_or(|a| i.abs_diff(a) > 1);
    let choices: Vec<usize> = non_blank[1..non_blank.len() - 1]
        .iter()
        .copied()
        .filter(|&i| kept[i] && far(i) && o[i].trim().len() >= 8)
        .collect();
    if choices.is_empty() {
        return None;
    }
    let i = choices[rng.usize(..choices.len())];
    let s = slip(o[i], rng)?;
    let n = match kept_at(old, new, i) {
        Some(k) => with_line(new, k, &s),
        None => new.to_string(),
    };
    Some((with_line(old, i, &s), n))
}

/// `old` whose changed lines (of two words or more) have their words reversed: a stale
/// picture of the lines the edit changes. `None` when no such line.
fn stale(old: &str, kept: &[bool]) -> Option<String> {
    let mut any = false;
    let lines: Vec<String> = old
        .split('\n')
        .enumerate()
        .map(|(i, l)| {
            if kept[i] || l.split_whitespace().count() < 2 {
                return l.to_string();
            }
            any = true;
            let ind = &l[..l.len() - l.trim_start().len()];
            let words: Vec<&str> = l.split_whitespace().rev().collect();
            format!("{ind}{}", words.join(" "))
        })
        .collect();
    any.then(|| lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hunk<'a>(content: &'a str, old: &'a str, new: &'a str) -> Hunk<'a> {
        Hunk {
            content,
            old,
            new,
            offset: content.find(old).unwrap(),
            foreign: "",
            comment: "#",
        }
    }

    const CONTENT: &str = "import os\n\ndef run(items, limit):\n    total = compute_total(items)\n    count = len(items)\n    report = build_report(total, count)\n    send_report(report, limit)\n    log_result(report)\n    return report\n";

    #[test]
    fn classes_are_deterministic_and_answers_differ_from_the_file() {
        let old = "def run(items, limit):\n    total = compute_total(items)\n    count = len(items)\n    report = build_report(total, count)\n    send_report(report, limit)\n    log_result(report)\n    return report";
        let new = old.replace(
            "send_report(report, limit)",
            "send_report(report, limit=limit)",
        );
        let h = hunk(CONTENT, old, &new);
        let a = combined(&h, 7);
        let b = combined(&h, 7);
        assert!(!a.is_empty());
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!((x.class, &x.edit.old), (y.class, &y.edit.old));
            // Every case's `old` is not the file's text: each carries a mistake.
            assert!(!x.content.contains(x.edit.old.as_str()), "{}", x.class);
            if let Expect::Text(t) = &x.expect {
                assert_ne!(t, &x.content, "{}", x.class);
            }
        }
    }

    #[test]
    fn slip_kept_stays_off_the_avoided_line_and_repeats_in_new() {
        let old = "a\nfirst line here\nsecond line here\nthird line here\nfourth line here\nz";
        let new = old.replace("z", "y");
        let kept = kept_lines(old, &new);
        let mut rng = fastrand::Rng::with_seed(1);
        for _ in 0..20 {
            let (o, n) = slip_kept(old, &new, &kept, Some(2), &mut rng).unwrap();
            let changed: Vec<usize> = (0..6)
                .filter(|&i| o.split('\n').nth(i) != old.split('\n').nth(i))
                .collect();
            assert_eq!(changed.len(), 1);
            assert!(changed[0].abs_diff(2) > 1);
            assert_eq!(o.split('\n').nth(changed[0]), n.split('\n').nth(changed[0]));
        }
    }
}
