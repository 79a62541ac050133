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
/// piece shows, with no line of the same kind written between the same shown lines. Partners
/// are paired in one pass over the window (a partner outside it is no line the piece shows),
/// so the check costs what aligning the window did, whatever the conditionals' nesting.
fn split(file: &File<'_>, piece: &Piece<'_>, p: &Placement) -> Option<usize> {
    // The pair of shown lines around file line `q`, when `q` is deleted between them.
    let gap = |q: usize| {
        let k = p.pairs.partition_point(|&(_, g)| g < q);
        (k > 0 && k < p.pairs.len() && p.pairs[k].1 != q).then(|| (p.pairs[k - 1], p.pairs[k]))
    };
    let shown = |q: usize| p.pairs.binary_search_by_key(&q, |&(_, g)| g).is_ok();
    let split_at = |gone: usize, kept: usize, kind: Cond| {
        let ((x, _), (y, _)) = gap(gone)?;
        let replaced = (x + 1..y).any(|j| conditional(piece.lines[j]) == Some(kind));
        (shown(kept) && !replaced).then_some(gone)
    };
    let mut open: Vec<usize> = Vec::new();
    let mut first: Option<usize> = None;
    for q in p.start..p.end {
        match conditional(file.lines[q]) {
            Some(Cond::Open) => open.push(q),
            Some(Cond::Close) => {
                let Some(o) = open.pop() else { continue };
                let found = match (gap(o).is_some(), gap(q).is_some()) {
                    (true, false) => split_at(o, q, Cond::Open),
                    (false, true) => split_at(q, o, Cond::Close),
                    _ => None,
                };
                if let Some(g) = found {
                    first = Some(first.map_or(g, |f| f.min(g)));
                }
            }
            _ => {}
        }
    }
    first
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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::snippet::tests::merged_why as merged;

    /// A header whose `#ifdef _MSC_VER` block ends at line 5, and a `#ifdef __GNUC__` block
    /// with its own `#endif` further on.
    const HEADER: &str = "#ifdef _MSC_VER\n#define __attribute__(x)\ntypedef long long ssize_t;\n#define SSIZE_MAX (LLONG_MAX >> 1)\n#endif\n\nsds sdsnew(const char *init);\n#ifdef __GNUC__\nsds sdscatprintf(sds s, const char *fmt, ...)\n    __attribute__((format(printf, 2, 3)));\n#else\nsds sdscatprintf(sds s, const char *fmt, ...);\n#endif\n\nsds sdscatfmt(sds s, char const *fmt, ...);\n";

    #[test]
    fn a_place_that_keeps_an_endif_for_another_conditional_is_refused() {
        // The piece's second `#endif` fits the file's second one only by deleting the
        // `#ifdef __GNUC__` it closes. (Ending at the file's first `#endif` reads the piece
        // too, the new `#ifndef` block added there: that nearer window is a rival the farther
        // one does not explain better, and the piece is refused as ambiguous before the
        // split is weighed. Either refusal keeps the file.)
        let snippet = "// ...\n#ifdef _MSC_VER\ntypedef long long ssize_t;\n#define SSIZE_MAX (LLONG_MAX >> 1)\n#ifndef __clang__\n#define __attribute__(x)\n#endif\n#endif\n// ...\n";
        let refused = |file: &str| merged(file, snippet).unwrap_err();
        assert!(matches!(
            refused(HEADER),
            Why::SplitsConditional | Why::Ambiguous
        ));
        // The same in a CRLF file, the snippet written with LF.
        let crlf = HEADER.replace('\n', "\r\n");
        assert_eq!(refused(&crlf), refused(HEADER));
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
