//! The syntax guard: an edit that adds a parse error to a file is caught before it is written.
//!
//! A fuzzy match that lands one line off, or a `new` pasted at the wrong indentation, usually
//! leaves code that no longer parses. `check` parses the file before and after the edit with
//! tree-sitter and reports the first parse error the edit *added* ([`SyntaxProblem`]); what the
//! engine then does is the [`SyntaxPolicy`]'s call. Which errors count as added is written down
//! in `novelty.rs`: every error, when the file parsed before; otherwise only errors near the
//! edit beyond those it replaced.
//!
//! Cost: the old text is parsed in full, then the result is parsed again reusing the old tree
//! (`tree_sitter::Tree::edit`), which skips the subtrees the edit did not touch. The full
//! parse dominates: tree-sitter parses 5-6 MB/s here, so about 0.6 s for a 100k-line file on
//! a shared 2-core machine (`benches/syntax.rs`), 4 ms for 1k lines; the re-parse is about a
//! tenth of that when the result is valid, and up to most of a full parse more when it is
//! broken (tree-sitter-python's error recovery can wrap the whole file, so little is reused). A caller that keeps the tree of a file between edits (a long-running server)
//! could skip the full parse; this API does not keep state. The incremental tree is trusted
//! as it is: a property test checks it equals a fresh parse on random, mostly breaking, edits.
//!
//! Python gets one more check, on the tree: tree-sitter-python accepts indentation CPython
//! rejects (see `python.rs`), which is exactly what a mis-indented `new` produces.
//!
//! [`Language`], [`SyntaxPolicy`] and [`SyntaxProblem`] exist with or without the `syntax`
//! feature, so options and answers that name them have the same shape in a lean build; only
//! `check` and the grammars need the feature.

mod language;
mod policy;
mod problem;

#[cfg(feature = "syntax")]
mod describe;
#[cfg(feature = "syntax")]
mod fault;
#[cfg(feature = "syntax")]
mod faults;
#[cfg(feature = "syntax")]
mod novelty;
#[cfg(feature = "syntax")]
mod parse;
#[cfg(feature = "syntax")]
mod python;
#[cfg(feature = "syntax")]
mod window;

#[cfg(feature = "syntax")]
pub(crate) use window::check_around;

pub use language::{Language, UnknownLanguage};
pub use policy::{SyntaxPolicy, UnknownSyntaxPolicy};
pub use problem::{SyntaxProblem, SyntaxProblemKind};

#[cfg(feature = "syntax")]
use std::ops::Range;

/// Whether the guard is built in (the default feature `syntax`); without it, nothing is
/// parsed and [`SyntaxPolicy`] has no effect.
pub const AVAILABLE: bool = cfg!(feature = "syntax");

/// The first syntax error the edit that turned `before` into `after` added, or `None` when it
/// added none.
///
/// `edited` is the byte range of `after` that the edit wrote; the text outside it must be the
/// same in both (the replaced bytes of `before` are what lies between the same prefix and
/// suffix). Several edits of one answer are checked at once by passing the range from the
/// first one's start to the last one's end. A range that does not fit is not trusted: the
/// smallest range covering every difference is used instead.
#[cfg(feature = "syntax")]
pub fn check(
    language: Language,
    before: &str,
    after: &str,
    edited: Range<usize>,
) -> Option<SyntaxProblem> {
    use std::collections::HashSet;

    use fault::FaultKind;
    use novelty::{window, Replacement};

    if language == Language::Yaml && (too_deep_for_yaml(before) || too_deep_for_yaml(after)) {
        return None;
    }
    let edit = Replacement::new(before, after, edited);
    let (near_before, near_after) = (window(before, &edit.old), window(after, &edit.new));
    let mut old_tree = parse::parse(language, before, None);
    let old_faults = marks(&faults::faults(language, &old_tree, before, &near_before));
    old_tree.edit(&parse::input_edit(before, after, &edit.old, &edit.new));
    let tree = parse::parse(language, after, Some(&old_tree));
    if !tree.root_node().has_error() && language != Language::Python {
        return None;
    }
    let new_faults = faults::faults(language, &tree, after, &near_after);
    let new_marks = marks(&new_faults);
    let mut added = novelty::added(&old_faults, &new_marks, &edit, &near_before, &near_after);
    // An error whose text the old file holds as an error too is the file's own construct
    // written again (`SPDLOG_API bool fsync(FILE *fp);` where every declaration of the header
    // starts with a macro the grammar cannot read), not the edit's.
    let own: HashSet<((FaultKind, u16), &str)> = old_faults
        .iter()
        .filter_map(|m| Some((m.what, named(before.get(m.range.clone())?)?)))
        .collect();
    added.retain(|&i| {
        let m = &new_marks[i];
        !after
            .get(m.range.clone())
            .and_then(named)
            .is_some_and(|t| own.contains(&(m.what, t)))
    });
    let first = new_faults[*added.first()?];
    Some(describe::problem(after, first, language, added.len()))
}

/// [`check`] over the span where `before` and `after` differ: the first parse error `after`
/// has that `before` did not, for callers that hold two whole texts rather than an edit
/// (always `None` without the `syntax` feature).
#[cfg(feature = "syntax")]
pub(crate) fn added_error(language: Language, before: &str, after: &str) -> Option<SyntaxProblem> {
    // Compared a block at a time: byte by byte, the two scans took 28 M instructions of a
    // 3.5 MB file's edit.
    let common = crate::diff::common_prefix(before.as_bytes(), after.as_bytes());
    // The common parts end where both texts agree on whole characters.
    let start = (0..=common)
        .rev()
        .find(|&i| before.is_char_boundary(i) && after.is_char_boundary(i))
        .unwrap_or(0);
    let tail = crate::diff::common_suffix(&before.as_bytes()[start..], &after.as_bytes()[start..]);
    let mut end = after.len() - tail;
    while !after.is_char_boundary(end) {
        end += 1;
    }
    check_around(language, before, after, start..end.max(start))
}

#[cfg(not(feature = "syntax"))]
pub(crate) fn added_error(
    _language: Language,
    _before: &str,
    _after: &str,
) -> Option<SyntaxProblem> {
    None
}

/// The text of a parse error when it names something: trimmed, on one line, with a word of
/// three letters or more (a stray `}` or `)` is no construct of the file's own).
#[cfg(feature = "syntax")]
fn named(text: &str) -> Option<&str> {
    let t = text.trim();
    let letters = |w: &str| w.chars().filter(|c| c.is_alphabetic()).count();
    let mut words = t.split(|c: char| !(c.is_alphanumeric() || c == '_'));
    // A word of three letters or more (`SPDLOG_API`, `bool`); `}` or `x)` names nothing.
    let word = words.any(|w| letters(w) >= 3);
    (word && !t.contains('\n')).then_some(t)
}

#[cfg(feature = "syntax")]
fn marks(faults: &[fault::Fault<'_>]) -> Vec<novelty::Mark> {
    faults
        .iter()
        .map(|f| novelty::Mark {
            range: f.range(),
            what: (f.kind, f.node.kind_id()),
        })
        .collect()
}

/// Nesting at which tree-sitter-yaml's scanner state outgrows the 1 KiB tree-sitter allows and
/// the process aborts (an assertion in the C library: about 256 levels). Texts that could
/// nest that deep are not parsed: leading indentation and `- ` markers, or flow brackets, this
/// deep on some line.
#[cfg(feature = "syntax")]
const YAML_MAX_DEPTH: usize = 200;

#[cfg(feature = "syntax")]
fn too_deep_for_yaml(text: &str) -> bool {
    text.lines().any(|line| {
        let lead = line.len() - line.trim_start_matches([' ', '\t', '-', '?', ':']).len();
        let mut depth = 0usize;
        let mut deepest = 0;
        for b in line.bytes() {
            match b {
                b'[' | b'{' => depth += 1,
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            deepest = deepest.max(depth);
        }
        lead > YAML_MAX_DEPTH || deepest > YAML_MAX_DEPTH
    })
}

#[cfg(all(test, feature = "syntax"))]
mod tests {
    use super::named;

    #[test]
    fn an_error_names_something_when_it_holds_a_word() {
        assert_eq!(named("  SPDLOG_API bool "), Some("SPDLOG_API bool"));
        assert_eq!(named("}"), None);
        assert_eq!(named(") ;"), None);
        assert_eq!(named("fn a(\n  b"), None);
    }
}
