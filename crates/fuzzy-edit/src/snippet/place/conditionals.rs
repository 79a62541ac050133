//! Windows that delete one line of a preprocessor conditional (`#if`, `#ifdef`, `#ifndef` or
//! `#endif`) and keep the other: the file's conditionals would no longer pair up.

use super::{File, Placement};
use crate::snippet::{Piece, Refusal, Why};

/// Refuse the place `p` of `piece` when it deletes one line of a conditional and keeps its
/// partner, a line the piece shows, unless the piece writes a line of the same kind in its
/// place ([`Why::SplitsConditional`]): the kept line would pair with another conditional (the
/// piece's `#endif`, `#endif` matched with the file's first `#endif` and one 200 lines on,
/// the `#ifdef __GNUC__` between deleted).
///
/// Only refused, never used to choose between places: as a tie-break, dropping such windows
/// left the piece's other windows to decide, and on the review's perturbed real snippets one
/// of those wrote an `#endif` anew at the file's end (a snippet that only deletes) where the
/// piece had been refused as ambiguous. Measured on the other languages' corpus: 1 merge
/// written wrong refused (hiredis's `sds.h`, 200 lines deleted), no other case changed; the
/// lazy-snippet set unchanged.
pub(super) fn kept_whole(file: &File<'_>, piece: &Piece<'_>, p: &Placement) -> Result<(), Refusal> {
    match split(file, piece, p) {
        Some(q) => Err(piece.refuse(Why::SplitsConditional, p.pairs[0].0, vec![q])),
        None => Ok(()),
    }
}

/// The first line of a conditional that `p` deletes while it keeps the partner, a line the
/// piece shows, with no line of the same kind written between the same shown lines.
fn split(file: &File<'_>, piece: &Piece<'_>, p: &Placement) -> Option<usize> {
    let shown = |q: usize| p.pairs.iter().any(|&(_, g)| g == q);
    p.pairs.windows(2).find_map(|w| {
        let ((x, a), (y, b)) = (w[0], w[1]);
        (a + 1..b).find(|&i| {
            let kind = conditional(file.lines[i]);
            let partner = match kind {
                Some(Cond::Open) => partner(file, i, 1),
                Some(Cond::Close) => partner(file, i, -1),
                _ => None,
            };
            partner.is_some_and(shown) && !(x + 1..y).any(|j| conditional(piece.lines[j]) == kind)
        })
    })
}

/// A line of a conditional: one that opens it, one of its other branches, or its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cond {
    Open,
    Branch,
    Close,
}

fn conditional(line: &str) -> Option<Cond> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let word = rest
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    match word {
        "if" | "ifdef" | "ifndef" => Some(Cond::Open),
        "else" | "elif" | "elifdef" | "elifndef" => Some(Cond::Branch),
        "endif" => Some(Cond::Close),
        _ => None,
    }
}

/// The line that closes (`step` 1) or opens (`step` -1) the conditional of line `i`.
fn partner(file: &File<'_>, i: usize, step: isize) -> Option<usize> {
    let mut depth = 0isize;
    let mut q = i;
    loop {
        q = q.checked_add_signed(step)?;
        match conditional(file.lines.get(q)?) {
            Some(Cond::Open) => depth += step,
            Some(Cond::Close) => depth -= step,
            _ => {}
        }
        if depth < 0 {
            return Some(q);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_partner_of_a_line_skips_nested_conditionals() {
        let lines = vec!["#ifdef A", "#if B", "x", "#endif", "#else", "y", "#endif"];
        let file = File::new(lines);
        assert_eq!(partner(&file, 0, 1), Some(6));
        assert_eq!(partner(&file, 6, -1), Some(0));
        assert_eq!(partner(&file, 1, 1), Some(3));
        assert_eq!(partner(&file, 3, -1), Some(1));
    }

    use crate::snippet::tests::merged_why as merged;

    /// A header whose `#ifdef _MSC_VER` block ends at line 5, and a `#ifdef __GNUC__` block
    /// with its own `#endif` further on.
    const HEADER: &str = "#ifdef _MSC_VER\n#define __attribute__(x)\ntypedef long long ssize_t;\n#define SSIZE_MAX (LLONG_MAX >> 1)\n#endif\n\nsds sdsnew(const char *init);\n#ifdef __GNUC__\nsds sdscatprintf(sds s, const char *fmt, ...)\n    __attribute__((format(printf, 2, 3)));\n#else\nsds sdscatprintf(sds s, const char *fmt, ...);\n#endif\n\nsds sdscatfmt(sds s, char const *fmt, ...);\n";

    #[test]
    fn a_place_that_keeps_an_endif_for_another_conditional_is_refused() {
        // The piece's second `#endif` fits the file's second one only by deleting the
        // `#ifdef __GNUC__` it closes.
        let snippet = "// ...\n#ifdef _MSC_VER\ntypedef long long ssize_t;\n#define SSIZE_MAX (LLONG_MAX >> 1)\n#ifndef __clang__\n#define __attribute__(x)\n#endif\n#endif\n// ...\n";
        assert_eq!(merged(HEADER, snippet).unwrap_err(), Why::SplitsConditional);
    }

    #[test]
    fn a_conditional_deleted_whole_or_rewritten_is_no_split() {
        let snippet = "// ...\nsds sdsnew(const char *init);\nsds sdscatfmt(sds s, char const *fmt, ...);\n// ...\n";
        let want = HEADER.replace("#ifdef __GNUC__\nsds sdscatprintf(sds s, const char *fmt, ...)\n    __attribute__((format(printf, 2, 3)));\n#else\nsds sdscatprintf(sds s, const char *fmt, ...);\n#endif\n\n", "");
        assert_eq!(merged(HEADER, snippet).unwrap(), want);
        let snippet = "// ...\n#endif\n\nsds sdsnew(const char *init);\n#if defined(__GNUC__)\nsds sdscatprintf(sds s, const char *fmt, ...)\n// ...\n";
        let want = HEADER.replace("#ifdef __GNUC__", "#if defined(__GNUC__)");
        assert_eq!(merged(HEADER, snippet).unwrap(), want);
    }

    #[test]
    fn directives_are_read_however_spaced() {
        assert_eq!(conditional("#if defined(A)"), Some(Cond::Open));
        assert_eq!(conditional("#  ifdef A"), Some(Cond::Open));
        assert_eq!(conditional("# endif"), Some(Cond::Close));
        assert_eq!(conditional("    #else"), Some(Cond::Branch));
        assert_eq!(conditional("#include <a.h>"), None);
        assert_eq!(conditional("// #if"), None);
    }
}
