//! The rules on the request itself, before any search: an empty `old` (`empty_old`), `old`
//! and `new` identical as sent (`identical`) or once `new` is cleaned (`still_changes`), an
//! elision marker in `new` alone (`unclear_elision`), an anchor that is not one place
//! (`one_anchor`).

use super::table::RuleId;
use crate::edit::Edit;
use crate::error::{EditError, MAX_LISTED};
use crate::notation::Unclear;
use crate::text::Text;

/// How a request is to be located, once admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Admitted {
    /// An empty `old` on an empty text: `new` fills it.
    FillEmpty,
    /// Search for `old`.
    Search,
}

/// Rule 1: whether the request can denote a place at all.
pub(crate) fn admit(text: &Text, edit: &Edit) -> Result<Admitted, EditError> {
    if edit.old.is_empty() {
        // The one place an empty `old` denotes without doubt: all of an empty text.
        if text.as_str().is_empty() && !edit.new.is_empty() {
            return Ok(Admitted::FillEmpty);
        }
        return Err(EditError::EmptyOld);
    }
    if edit.old == edit.new {
        return Err(EditError::NoChange {
            rule: RuleId::Identical.name(),
            only_edge_line_breaks: false,
            only_artifacts: false,
        });
    }
    Ok(Admitted::Search)
}

/// Rule 1: the anchor's byte offset, when it was found at exactly one of `starts`.
pub(crate) fn one_anchor(text: &Text, anchor: &str, starts: &[usize]) -> Result<usize, EditError> {
    match starts {
        [one] => Ok(*one),
        [] => Err(EditError::AnchorNotFound {
            anchor: anchor.to_string(),
        }),
        many => Err(EditError::AnchorAmbiguous {
            anchor: anchor.to_string(),
            lines: many
                .iter()
                .take(MAX_LISTED)
                .map(|&s| text.line_of(s) + 1)
                .collect(),
            lines_total: many.len(),
        }),
    }
}

/// Rule 1: `new`, once cleaned of what the model copied into it, must still differ from `old`.
/// Where the model's `new` (`sent`) differed only by line breaks at its edges, the refusal
/// says so: "identical" would be false.
pub(crate) fn check_still_changes(old: &str, sent: &str, new: &str) -> Result<(), EditError> {
    if new == old {
        let edges = |s: &str| s.trim_matches(['\n', '\r']).to_string();
        let only_edge_line_breaks = sent != old && edges(sent) == edges(old);
        return Err(EditError::NoChange {
            rule: RuleId::StillChanges.name(),
            only_edge_line_breaks,
            only_artifacts: sent != old && !only_edge_line_breaks,
        });
    }
    Ok(())
}

/// Rule 1: an elision comment in `new` alone whose lines are unclear.
pub(crate) fn unclear(u: Unclear) -> EditError {
    EditError::UnclearElision {
        marker: u.marker,
        line: u.line,
    }
}
