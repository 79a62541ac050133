//! Helpers shared by the modules: apply-or-panic, refuse-or-panic (for edits and for lazy
//! snippets), and the Triton kernel text.

use fuzzy_edit::snippet::SnippetReason;
use fuzzy_edit::{apply, apply_snippet, Applied, Edit, EditError, Options};

/// Apply `edit`, panicking with the refusal if there is one.
pub(crate) fn applied(text: &str, edit: &Edit) -> Applied {
    match apply(text, edit) {
        Ok(out) => out,
        Err(e) => panic!("expected the edit to apply, got {}: {e}", e.kind()),
    }
}

/// Apply `edit`, panicking with the result if it was not refused.
pub(crate) fn refused(text: &str, edit: &Edit) -> EditError {
    match apply(text, edit) {
        Ok(out) => panic!(
            "expected a refusal, got text {:?} (strategy {:?})",
            out.text,
            out.matches.iter().map(|m| m.strategy).collect::<Vec<_>>()
        ),
        Err(e) => e,
    }
}

/// The kind of the refusal of `edit`, panicking if it was applied.
pub(crate) fn kind(text: &str, edit: &Edit) -> &'static str {
    refused(text, edit).kind()
}

/// (start_line, end_line) of every match, in text order.
pub(crate) fn lines(out: &Applied) -> Vec<(usize, usize)> {
    out.matches
        .iter()
        .map(|m| (m.start_line, m.end_line))
        .collect()
}

/// The strategy of the only match.
pub(crate) fn strategy(out: &Applied) -> &'static str {
    assert_eq!(out.matches.len(), 1, "{:?}", out.matches);
    out.matches[0].strategy.as_str()
}

/// Locations an error points at, sorted.
pub(crate) fn sorted_locations(e: &EditError) -> Vec<(usize, usize)> {
    let mut l = e.locations();
    l.sort_unstable();
    l
}

/// A small Triton kernel with three `tl.tanh` calls, one per function: the text of the
/// ambiguity, anchor and several-edits tests.
pub(crate) const KERNEL: &str = "\
import triton
import triton.language as tl

@triton.jit
def gelu(input):
    # TODO: fix this
    output = tl.tanh(input)
    return output

def backward(x, dx):
    grad = tl.tanh(x) * dx
    return grad

def forward(x):
    y = tl.tanh(x)
    return y
";

/// Merge the lazy `snippet` into `file`, panicking with the refusal if there is one.
pub(crate) fn merged(file: &str, snippet: &str) -> String {
    match apply_snippet(file, snippet, &Options::default()) {
        Ok(out) => out.text,
        Err(e) => panic!("refused: {e}"),
    }
}

/// Why the lazy `snippet` could not be placed in `file`, panicking on anything else.
pub(crate) fn reason(file: &str, snippet: &str) -> SnippetReason {
    match apply_snippet(file, snippet, &Options::default()) {
        Err(EditError::SnippetUnplaced { reason, .. }) => reason,
        other => panic!("not a placement refusal: {other:?}"),
    }
}
