//! Perturbations of a correct edit the way models get `old` and `new` wrong — the same mistake
//! in both, or in one side only — each with the answer a careful tool should give.

use fuzzy_edit::Edit;

use crate::judge::Expect;

/// A real hunk: the file, the exact `old`/`new`, and where `old` is.
pub struct Hunk<'a> {
    pub content: &'a str,
    pub old: &'a str,
    pub new: &'a str,
    pub offset: usize,
    /// Another hunk's `old`, from a different file: text that is absent here.
    pub foreign: &'a str,
    /// Comment leader for elision markers in this language.
    pub comment: &'a str,
}

/// One perturbed case.
pub struct Perturbed {
    pub class: &'static str,
    pub content: String,
    pub edit: Edit,
    pub expect: Expect,
}

/// Every perturbation that applies to `h`, deterministically seeded by `seed`.
pub fn perturb(h: &Hunk, seed: u64) -> Vec<Perturbed> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let expected = format!(
        "{}{}{}",
        &h.content[..h.offset],
        h.new,
        &h.content[h.offset + h.old.len()..]
    );
    let mut out = Vec::new();
    let mut push =
        |class: &'static str, content: Option<String>, old: String, new: String, expect: Expect| {
            if old != h.old || class == "exact" || content.is_some() {
                out.push(Perturbed {
                    class,
                    content: content.unwrap_or_else(|| h.content.to_string()),
                    edit: Edit::new(old, new),
                    expect,
                });
            }
        };
    let text = || Expect::Text(expected.clone());
    push("exact", None, h.old.into(), h.new.into(), text());

    let unit = if h.content.contains("\n\t") {
        "\t"
    } else {
        "    "
    };
    if let Some(min) = min_indent(h.old) {
        if min > 0 {
            push(
                "indent_less",
                None,
                dedent(h.old, min),
                dedent(h.new, min),
                text(),
            );
        }
    }
    push(
        "indent_more",
        None,
        indent(h.old, "  "),
        indent(h.new, "  "),
        text(),
    );
    // (Halved, a 2-space file's nesting reads as no unit at all: not the model's habit.)
    let halve =
        |s: &str| halve_unit(s, unit).filter(|_| unit == "\t" || four_space_file(h.content));
    if let (Some(o), Some(n)) = (halve(h.old), halve(h.new)) {
        push("indent_unit", None, o, n, text());
    }
    push(
        "tabs_spaces",
        None,
        swap_tabs(h.old, unit),
        swap_tabs(h.new, unit),
        text(),
    );
    push(
        "trailing_ws",
        None,
        trailing_ws(h.old),
        h.new.into(),
        text(),
    );
    push("unicode", None, typographic(h.old), h.new.into(), text());
    push(
        "inner_ws",
        None,
        double_first_space(h.old),
        h.new.into(),
        text(),
    );
    push("escaped", None, escape(h.old), escape(h.new), text());
    let first_line = h.content[..h.offset].matches('\n').count() + 1;
    push(
        "prefix_cat_n",
        None,
        prefix(h.old, first_line, |n| format!("{n:>6}\t")),
        h.new.into(),
        text(),
    );
    push(
        "prefix_arrow_both",
        None,
        prefix(h.old, first_line, |n| format!("{n:>5}\u{2192}")),
        prefix(h.new, first_line, |n| format!("{n:>5}\u{2192}")),
        text(),
    );
    push(
        "prefix_hashline",
        None,
        prefix(h.old, first_line, |n| format!("{n}:{}|", hash2(n))),
        h.new.into(),
        text(),
    );
    push(
        "blank_removed",
        None,
        drop_blank_lines(h.old),
        drop_blank_lines(h.new),
        text(),
    );
    push(
        "blank_padded",
        None,
        format!("\n{}\n", h.old),
        format!("\n{}\n", h.new),
        text(),
    );
    if let Some((o, n)) = elide(h.old, h.new, h.comment) {
        // The same elided block, encoded twice: the markers hide on one line.
        push("escaped_elision", None, escape(&o), escape(&n), text());
        push("elision", None, o, n, text());
    }
    let kept = kept_lines(h.old, h.new);
    let typo = typo_in(h.old, h.new, &kept, true, &mut rng);
    if let Some((o, n)) = typo.clone() {
        push("typo_context", None, o, n, text());
    }
    if let Some((o, n)) = typo_in(h.old, h.new, &kept, false, &mut rng) {
        push("typo_changed", None, o, n, text());
    }
    // (Without the line, `old` may be another block of the file as written: not this class.)
    if let Some((o, n)) =
        drop_context_line(h.old, h.new, &kept).filter(|(o, _)| !h.content.contains(o.as_str()))
    {
        push("line_missing", None, o, n, text());
    }
    if let Some((o, n)) = extra_context_line(h.old, h.new, &kept, h.comment) {
        push("line_extra", None, o, n, text());
    }
    if let Some(o) = stale_changed(h.old, &kept) {
        push("stale_changed", None, o, h.new.into(), Expect::Refuse);
    }
    if let Some(o) = stale_half(h.old) {
        push("stale_half", None, o, h.new.into(), Expect::Refuse);
    }
    if let Some(o) = slip_in_edge_line(h.old, &kept, &mut rng) {
        push("typo_edge", None, o, h.new.into(), text());
    }
    // The edit was applied already, and a near twin of the old block stands elsewhere: sending
    // it again must not edit the twin.
    if let Some((twin, _)) = twin_typo(h.old, &kept) {
        let applied_file = format!("{}\n{}\n", expected.trim_end_matches('\n'), twin);
        if !h.old.trim().is_empty() && h.new.trim().len() > 20 && !h.old.contains(h.new) {
            push(
                "applied_twice",
                Some(applied_file),
                h.old.into(),
                h.new.into(),
                Expect::RefuseStrictly,
            );
        }
    }
    if let Some((one, typo)) = single_line_change(h)
        .and_then(|one| Some((slip(one.old_line, &mut rng)?, one)).map(|(t, o)| (o, t)))
    {
        push(
            "typo_single_line",
            None,
            typo.clone(),
            one.new_line.into(),
            Expect::Text(one.expected.clone()),
        );
        // A near twin of the line elsewhere (another slip of it): which one is meant is unclear.
        let twin = slip(&typo, &mut rng).unwrap_or_default();
        let content = format!("{}\n{}\n", h.content.trim_end_matches('\n'), twin);
        if !twin.is_empty() && twin != one.old_line && !h.content.contains(twin.as_str()) {
            push(
                "twin_single_line",
                Some(content),
                typo,
                one.new_line.into(),
                Expect::RefuseStrictly,
            );
        }
    }
    push(
        "absent",
        None,
        h.foreign.into(),
        h.new.into(),
        Expect::RefuseStrictly,
    );
    let appended = |block: &str| Some(format!("{}\n{}\n", h.content.trim_end_matches('\n'), block));
    push(
        "duplicate",
        appended(h.old),
        h.old.into(),
        h.new.into(),
        Expect::RefuseStrictly,
    );
    if let Some((twin, o)) = twin_typo(h.old, &kept) {
        push(
            "twin_typo",
            appended(&twin),
            o,
            h.new.into(),
            Expect::RefuseStrictly,
        );
    }
    // A near twin of the block elsewhere (an identifier renamed in one or two lines) and
    // `old` one slip from the block: clearly closer to the block, which must be edited.
    if let Some(twin) = near_twin(h.old, &kept, &mut rng) {
        let base = h.content.trim_end_matches('\n');
        let content = format!("{base}\n{}\n", twin.block);
        let end = h.offset + h.old.len();
        if end <= base.len() && !h.content.contains(twin.block.as_str()) {
            let expected = format!("{}{}{}", &content[..h.offset], h.new, &content[end..]);
            let new = match kept_at(h.old, h.new, twin.slipped) {
                Some(k) => with_line(h.new, k, &twin.slip),
                None => h.new.to_string(),
            };
            push(
                "near_twin",
                Some(content),
                with_line(h.old, twin.slipped, &twin.slip),
                new,
                Expect::Text(expected),
            );
        }
    }
    if h.old.lines().filter(|l| !l.trim().is_empty()).count() >= 2 {
        push(
            "indent_twins",
            appended(&indent(h.old, "        ")),
            indent(h.old, "  "),
            indent(h.new, "  "),
            Expect::RefuseStrictly,
        );
    }
    // Mistakes in `new` alone, or in `old` alone where the model's `new` does not repeat them
    // (a model repeats its mistakes of `old` in `new` only sometimes).
    let mut asym: Vec<(&'static str, String, String)> = Vec::new();
    let with_nl = |s: &str| format!("{}\n", s.trim_end_matches('\n'));
    if !h.new.is_empty() {
        asym.push((
            "newline_old_only",
            with_nl(h.old),
            h.new.trim_end_matches('\n').into(),
        ));
        asym.push((
            "newline_new_only",
            h.old.trim_end_matches('\n').into(),
            with_nl(h.new),
        ));
    }
    asym.push((
        "padded_old_only",
        format!("\n\n{}\n\n", h.old),
        h.new.into(),
    ));
    asym.push((
        "prefix_new_only",
        h.old.into(),
        prefix(h.new, first_line, |n| format!("{n:>6}\t")),
    ));
    asym.push(("curly_new_only", h.old.into(), typographic(h.new)));
    asym.push(("trailing_ws_new_only", h.old.into(), trailing_ws(h.new)));
    if h.new.trim().contains('\n') {
        asym.push(("escaped_new_only", h.old.into(), escape(h.new)));
    }
    // A bare `...` (Python's Ellipsis) standing for lines of `old` the model did not retype.
    if h.comment == "#" {
        if let Some((_, n)) = elide(h.old, h.new, "") {
            asym.push((
                "ellipsis_new_only",
                h.old.into(),
                n.replace(" ... existing code ...", "..."),
            ));
        }
    }
    if let Some(n) = elide_new_only(h.old, h.new, h.comment) {
        asym.push(("elision_new_only", h.old.into(), n));
    }
    asym.push(("indent_old_only", indent(h.old, "  "), h.new.into()));
    // The model fixed its indentation in `new` only: `old` copied without its depth, or nested
    // in 2-space units, and `new` at the file's depth. (Lines such as `}` or `return x` at two
    // depths of the block are where a merge that pairs lines by their text goes wrong.)
    if let Some(min) = min_indent(h.old).filter(|&m| m > 0) {
        asym.push(("dedent_old_only", dedent(h.old, min), h.new.into()));
    }
    if let Some(o) = halve(h.old) {
        asym.push(("indent_unit_old_only", o, h.new.into()));
    }
    if let Some((o, _)) = typo {
        asym.push(("typo_old_only", o, h.new.into()));
    }
    // The model copied `old` right but wrote `new` at a depth of its own: flush left, two
    // spaces deeper, or nested in 2-space units; or each side with a mistake of its own.
    if let Some(min) = min_indent(h.new).filter(|&m| m > 0) {
        asym.push(("dedent_new_only", h.old.into(), dedent(h.new, min)));
        asym.push(("indent_each_own", indent(h.old, "  "), dedent(h.new, min)));
    }
    if !h.new.trim().is_empty() {
        asym.push(("indent_new_only", h.old.into(), indent(h.new, "  ")));
    }
    if let Some(n) = halve(h.new) {
        asym.push(("indent_unit_new_only", h.old.into(), n));
    }
    for (class, old, new) in asym {
        if old != h.old || new != h.new {
            out.push(Perturbed {
                class,
                content: h.content.to_string(),
                edit: Edit::new(old, new),
                expect: Expect::Text(expected.clone()),
            });
        }
    }
    out
}

/// `old` as it was before half of its middle lines were changed (the file changed since the
/// model read it): every other non-blank middle line extended with more code, so it is still
/// like the file's (about 0.6 alike) but not a slip of memory. Only for blocks with an even
/// number (at least four) of non-blank middle lines, so exactly half differ.
fn stale_half(old: &str) -> Option<String> {
    let lines: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].trim().is_empty())
        .collect();
    let middle = non_blank.get(1..non_blank.len().checked_sub(1)?)?;
    if middle.len() < 4 || middle.len() % 2 != 0 {
        return None;
    }
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    for &i in middle.iter().step_by(2) {
        let body = lines[i].trim_end();
        let extra: String = body
            .trim()
            .chars()
            .take(body.trim().chars().count() * 2 / 3)
            .collect();
        out[i] = format!("{body} {extra}");
    }
    Some(out.join("\n"))
}

/// `old` with a slip of memory in its first or last non-blank line, when `new` keeps that line
/// (so the intended result is the real hunk's).
fn slip_in_edge_line(old: &str, kept: &[bool], rng: &mut fastrand::Rng) -> Option<String> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < 3 {
        return None;
    }
    let edges = [non_blank[0], non_blank[non_blank.len() - 1]];
    let i = edges[rng.usize(..2)];
    if !kept.get(i).copied().unwrap_or(false) || o[i].trim().len() < 8 {
        return None;
    }
    let typo = slip(o[i], rng)?;
    let mut lines: Vec<String> = o.iter().map(|l| l.to_string()).collect();
    lines[i] = typo;
    Some(lines.join("\n"))
}

/// A hunk that changes exactly one line of at least 25 characters: that line, its
/// replacement, and the file with only that line replaced.
struct OneLine<'a> {
    old_line: &'a str,
    new_line: &'a str,
    expected: String,
}

fn single_line_change<'a>(h: &Hunk<'a>) -> Option<OneLine<'a>> {
    let o: Vec<&str> = h.old.split('\n').collect();
    let n: Vec<&str> = h.new.split('\n').collect();
    let changes: Vec<_> = similar::capture_diff_slices(similar::Algorithm::Myers, &o, &n)
        .into_iter()
        .filter(|op| op.tag() != similar::DiffTag::Equal)
        .collect();
    let [op] = changes.as_slice() else {
        return None;
    };
    let (_, old_range, new_range) = op.as_tag_tuple();
    if old_range.len() != 1 || new_range.len() != 1 {
        return None;
    }
    let (i, k) = (old_range.start, new_range.start);
    if o[i].trim().chars().count() < 25 {
        return None;
    }
    let start = h.offset + o[..i].iter().map(|l| l.len() + 1).sum::<usize>();
    let end = start + o[i].len();
    let expected = format!("{}{}{}", &h.content[..start], n[k], &h.content[end..]);
    Some(OneLine {
        old_line: o[i],
        new_line: n[k],
        expected,
    })
}

/// `line` with one ASCII letter replaced (`x`, or `y` for an `x`): a slip of memory. `None`
/// when it has no letter.
pub(crate) fn slip(line: &str, rng: &mut fastrand::Rng) -> Option<String> {
    let letters: Vec<usize> = line
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .map(|(p, _)| p)
        .collect();
    if letters.is_empty() {
        return None;
    }
    let p = letters[rng.usize(..letters.len())];
    let sub = if line.as_bytes()[p] == b'x' { 'y' } else { 'x' };
    Some(format!("{}{}{}", &line[..p], sub, &line[p + 1..]))
}

pub(crate) fn map_lines(s: &str, f: impl Fn(usize, &str) -> String) -> String {
    s.split('\n')
        .enumerate()
        .map(|(i, l)| f(i, l))
        .collect::<Vec<_>>()
        .join("\n")
}

pub(crate) fn min_indent(s: &str) -> Option<usize> {
    s.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
}

fn dedent(s: &str, n: usize) -> String {
    map_lines(s, |_, l| {
        let cut = (l.len() - l.trim_start().len()).min(n);
        l[cut..].to_string()
    })
}

pub(crate) fn indent(s: &str, by: &str) -> String {
    map_lines(s, |_, l| {
        if l.trim().is_empty() {
            l.to_string()
        } else {
            format!("{by}{l}")
        }
    })
}

/// Whether a file indented with spaces nests by 4: of its lines indented with spaces alone
/// (block comments' ` * ` lines aside), at most one in twenty is off a multiple of 4 (a
/// continuation aligned by hand). A 2-space file (Ruby, most JavaScript, shell) is not.
pub(crate) fn four_space_file(content: &str) -> bool {
    let (mut lines, mut off) = (0usize, 0usize);
    for l in content.lines() {
        let body = l.trim_start_matches(' ');
        let n = l.len() - body.len();
        if n == 0 || body.is_empty() || body.starts_with(['\t', '*']) {
            continue;
        }
        lines += 1;
        off += usize::from(n % 4 != 0);
    }
    lines > 0 && off * 20 <= lines
}

/// Re-nest with 2-space units where the file uses `unit` (a tab or 4 spaces).
fn halve_unit(s: &str, unit: &str) -> Option<String> {
    if !s.lines().any(|l| l.starts_with(unit)) {
        return None;
    }
    Some(map_lines(s, |_, l| {
        let mut rest = l;
        let mut depth = 0;
        while let Some(r) = rest.strip_prefix(unit) {
            rest = r;
            depth += 1;
        }
        format!("{}{}", "  ".repeat(depth), rest)
    }))
}

pub(crate) fn swap_tabs(s: &str, unit: &str) -> String {
    map_lines(s, |_, l| {
        let ind = &l[..l.len() - l.trim_start_matches([' ', '\t']).len()];
        let swapped = if unit == "\t" {
            ind.replace('\t', "    ")
        } else {
            ind.replace("    ", "\t")
        };
        format!("{swapped}{}", &l[ind.len()..])
    })
}

fn trailing_ws(s: &str) -> String {
    map_lines(s, |i, l| {
        if i % 2 == 0 {
            format!("{l}  ")
        } else {
            l.trim_end().to_string()
        }
    })
}

fn typographic(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut open = true;
    for c in s.chars() {
        match c {
            '"' => {
                out.push(if open { '\u{201C}' } else { '\u{201D}' });
                open = !open;
            }
            '\'' => out.push('\u{2019}'),
            _ => out.push(c),
        }
    }
    out.replace(" - ", " \u{2014} ")
}

fn double_first_space(s: &str) -> String {
    map_lines(s, |_, l| {
        let body_start = l.len() - l.trim_start().len();
        match l[body_start..].find(' ') {
            Some(p) => format!("{} {}", &l[..body_start + p], &l[body_start + p..]),
            None => l.to_string(),
        }
    })
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
}

fn prefix(s: &str, first: usize, f: impl Fn(usize) -> String) -> String {
    let trailing = s.ends_with('\n');
    let body = if trailing { &s[..s.len() - 1] } else { s };
    let mut out = map_lines(body, |i, l| format!("{}{l}", f(first + i)));
    if trailing {
        out.push('\n');
    }
    out
}

fn hash2(n: usize) -> String {
    const A: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let h = n.wrapping_mul(2654435761);
    format!("{}{}", A[h % 36] as char, A[(h / 36) % 36] as char)
}

pub(crate) fn drop_blank_lines(s: &str) -> String {
    let trailing = s.ends_with('\n');
    let mut out = s
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    if trailing {
        out.push('\n');
    }
    out
}

/// Elide old lines 1..3 (and the same lines of new) when they are unchanged context.
pub(crate) fn elide(old: &str, new: &str, comment: &str) -> Option<(String, String)> {
    let o: Vec<&str> = old.split('\n').collect();
    let n: Vec<&str> = new.split('\n').collect();
    if o.len() < 6 || n.len() < 4 || o[..3] != n[..3] || o[1..3].iter().all(|l| l.trim().is_empty())
    {
        return None;
    }
    let ind = &o[1][..o[1].len() - o[1].trim_start().len()];
    let marker = format!("{ind}{comment} ... existing code ...");
    let join = |v: &[&str]| format!("{}\n{marker}\n{}", v[0], v[3..].join("\n"));
    Some((join(&o), join(&n)))
}

/// [`elide`]'s `new`, for an `old` written out in full: only when what follows the marker shows
/// where the elided lines end. The first non-blank line after the marker must be the line of
/// `old` after the elided ones, or a line new to the block that is inserted before that line
/// (it is kept) or rewrites it. Not when it is a later line of `old` (the hunk deleted or moved
/// the lines between: the marker reads as standing for them too, and no reader can tell the
/// deletion from the lines it keeps), nor when it is unrelated to the line it replaced
/// (inserted after that line or written in its place: both readings are the model's text).
fn elide_new_only(old: &str, new: &str, comment: &str) -> Option<String> {
    let (_, elided) = elide(old, new, comment)?;
    let o: Vec<&str> = old.split('\n').collect();
    let n: Vec<&str> = new.split('\n').collect();
    let next = (3..o.len()).find(|&i| !o[i].trim().is_empty())?;
    let written = n[3..].iter().find(|l| !l.trim().is_empty())?.trim();
    if written == o[next].trim() {
        return Some(elided);
    }
    if o.iter().any(|l| l.trim() == written) {
        return None;
    }
    let kept = kept_lines(old, new)[next];
    let rewritten = similar::TextDiff::from_chars(o[next].trim(), written).ratio() >= 0.5;
    (kept || rewritten).then_some(elided)
}

/// The line of new that keeps line `i` of old, if new keeps it.
pub(crate) fn kept_at(old: &str, new: &str, i: usize) -> Option<usize> {
    let o: Vec<&str> = old.split('\n').collect();
    let n: Vec<&str> = new.split('\n').collect();
    similar::capture_diff_slices(similar::Algorithm::Myers, &o, &n)
        .into_iter()
        .find_map(|op| match op {
            similar::DiffOp::Equal {
                old_index,
                new_index,
                len,
            } if (old_index..old_index + len).contains(&i) => Some(new_index + i - old_index),
            _ => None,
        })
}

/// For each line of old: whether new keeps it (line diff).
pub(crate) fn kept_lines(old: &str, new: &str) -> Vec<bool> {
    let o: Vec<&str> = old.split('\n').collect();
    let n: Vec<&str> = new.split('\n').collect();
    let mut kept = vec![false; o.len()];
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &o, &n) {
        if let similar::DiffOp::Equal { old_index, len, .. } = op {
            kept[old_index..old_index + len].fill(true);
        }
    }
    kept
}

/// A one-letter typo in a middle line that new keeps (`in_context`) or changes; the typo is
/// repeated in new's copy of a kept line (the model copies its own memory).
fn typo_in(
    old: &str,
    new: &str,
    kept: &[bool],
    in_context: bool,
    rng: &mut fastrand::Rng,
) -> Option<(String, String)> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < 3 {
        return None;
    }
    let middle = &non_blank[1..non_blank.len() - 1];
    let choices: Vec<usize> = middle
        .iter()
        .copied()
        .filter(|&i| kept[i] == in_context && o[i].trim().len() >= 8)
        .collect();
    if choices.is_empty() {
        return None;
    }
    let i = choices[rng.usize(..choices.len())];
    let typo = slip(o[i], rng)?;
    let new_old = o
        .iter()
        .enumerate()
        .map(|(k, l)| if k == i { typo.as_str() } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let new_new = match kept_at(old, new, i).filter(|_| in_context) {
        Some(k) => new
            .split('\n')
            .enumerate()
            .map(|(j, l)| if j == k { typo.as_str() } else { l })
            .collect::<Vec<_>>()
            .join("\n"),
        None => new.to_string(),
    };
    Some((new_old, new_new))
}

/// A middle context line (kept by new) left out of both old and new, two lines away from any
/// change: the model forgot a line it did not mean to touch.
fn drop_context_line(old: &str, new: &str, kept: &[bool]) -> Option<(String, String)> {
    let i = calm_middle_line(old, kept, 5)?;
    let k = kept_at(old, new, i)?;
    Some((without_line(old, i), without_line(new, k)))
}

/// A made-up comment line added to both old and new next to a context line, away from any
/// change: the model remembered a line that is not there.
fn extra_context_line(
    old: &str,
    new: &str,
    kept: &[bool],
    comment: &str,
) -> Option<(String, String)> {
    let o: Vec<&str> = old.split('\n').collect();
    let i = calm_middle_line(old, kept, 4)?;
    let k = kept_at(old, new, i)?;
    let ind = &o[i][..o[i].len() - o[i].trim_start().len()];
    let extra = format!("{ind}{comment} keep this in sync");
    Some((
        with_line_before(old, i, &extra),
        with_line_before(new, k, &extra),
    ))
}

/// A middle non-blank line of `old` that `new` keeps, with its neighbours kept too (away from
/// any change), when `old` has at least `min_lines` non-blank lines.
pub(crate) fn calm_middle_line(old: &str, kept: &[bool], min_lines: usize) -> Option<usize> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < min_lines {
        return None;
    }
    let calm = |i: usize| (i.saturating_sub(1)..=(i + 1).min(o.len() - 1)).all(|k| kept[k]);
    non_blank[1..non_blank.len() - 1]
        .iter()
        .copied()
        .find(|&i| calm(i))
}

fn without_line(s: &str, i: usize) -> String {
    s.split('\n')
        .enumerate()
        .filter(|(k, _)| *k != i)
        .map(|(_, l)| l)
        .collect::<Vec<_>>()
        .join("\n")
}

pub(crate) fn with_line_before(s: &str, i: usize, line: &str) -> String {
    let mut v: Vec<&str> = s.split('\n').collect();
    v.insert(i, line);
    v.join("\n")
}

/// Old whose changed lines are rewritten (words reversed): a stale idea of those lines.
fn stale_changed(old: &str, kept: &[bool]) -> Option<String> {
    let o: Vec<&str> = old.split('\n').collect();
    let mut any = false;
    let out: Vec<String> = o
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if !kept[i] && l.split_whitespace().count() >= 2 {
                any = true;
                let ind = &l[..l.len() - l.trim_start().len()];
                let words: Vec<&str> = l.split_whitespace().rev().collect();
                format!("{ind}{}", words.join(" "))
            } else {
                l.to_string()
            }
        })
        .collect();
    any.then(|| out.join("\n"))
}

/// A twin block (one kept middle line changed one way) and an old with the same line changed
/// another way: equally close to both.
fn twin_typo(old: &str, kept: &[bool]) -> Option<(String, String)> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < 4 {
        return None;
    }
    let i = *non_blank[1..non_blank.len() - 1]
        .iter()
        .find(|&&i| kept[i] && o[i].trim().len() >= 8)?;
    let line = o[i];
    let p = line
        .char_indices()
        .find(|(_, c)| c.is_ascii_alphabetic())?
        .0;
    let with = |c: char| {
        let changed = format!("{}{}{}", &line[..p], c, &line[p + 1..]);
        o.iter()
            .enumerate()
            .map(|(k, l)| {
                if k == i {
                    changed.clone()
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let original = line.as_bytes()[p] as char;
    let mut other = ['Q', 'W', 'Z'].into_iter().filter(|&c| c != original);
    let (a, b) = (other.next()?, other.next()?);
    Some((with(a), with(b)))
}

/// A near twin of a block: the block with an identifier renamed (`name` → `name_alt`, 4 edits
/// per occurrence) in one or two kept lines, and a slip of memory in one kept line of the
/// block (`slip` at line `slipped`), for an `old` that is clearly closer to the block.
struct NearTwin {
    block: String,
    slipped: usize,
    slip: String,
}

fn near_twin(old: &str, kept: &[bool], rng: &mut fastrand::Rng) -> Option<NearTwin> {
    let o: Vec<&str> = old.split('\n').collect();
    let non_blank: Vec<usize> = (0..o.len()).filter(|&i| !o[i].trim().is_empty()).collect();
    if non_blank.len() < 4 {
        return None;
    }
    let is_kept = |i: usize| kept.get(i).copied().unwrap_or(false);
    let named: Vec<(usize, &str)> = non_blank
        .iter()
        .filter(|&&i| is_kept(i))
        .filter_map(|&i| identifier(o[i]).map(|w| (i, w)))
        .collect();
    if named.is_empty() {
        return None;
    }
    let (i, name) = named[rng.usize(..named.len())];
    let renamed = format!("{name}_alt");
    // The same name in one more kept line is renamed too, as a rename would.
    let also = non_blank
        .iter()
        .copied()
        .find(|&k| k != i && is_kept(k) && words(o[k]).any(|w| w == name));
    let mut twin: Vec<String> = o.iter().map(|l| l.to_string()).collect();
    for k in std::iter::once(i).chain(also) {
        twin[k] = rename(o[k], name, &renamed);
    }
    let slippable: Vec<usize> = non_blank
        .iter()
        .copied()
        .filter(|&k| is_kept(k) && o[k].trim().len() >= 8)
        .collect();
    if slippable.is_empty() {
        return None;
    }
    let slipped = slippable[rng.usize(..slippable.len())];
    Some(NearTwin {
        block: twin.join("\n"),
        slipped,
        slip: slip(o[slipped], rng)?,
    })
}

/// The words of `line` that can be identifiers (a letter or `_`, then letters, digits, `_`).
fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// The last identifier of `line` of at least three characters (the first is often a keyword).
fn identifier(line: &str) -> Option<&str> {
    words(line).filter(|w| w.len() >= 3).last()
}

/// `line` with every whole-word `name` replaced by `to`.
fn rename(line: &str, name: &str, to: &str) -> String {
    let mut out = String::with_capacity(line.len() + to.len());
    let mut word = String::new();
    for c in line.chars().chain(std::iter::once('\0')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        out.push_str(if word == name { to } else { &word });
        word.clear();
        if c != '\0' {
            out.push(c);
        }
    }
    out
}

/// `s` with line `i` replaced by `line`.
pub(crate) fn with_line(s: &str, i: usize, line: &str) -> String {
    s.split('\n')
        .enumerate()
        .map(|(k, l)| if k == i { line } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}
