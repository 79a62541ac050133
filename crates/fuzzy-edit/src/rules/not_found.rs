//! Why nothing was found: only before the anchor (`after_anchor`), `new` already standing
//! where `old` most nearly is (`new_near_closest`), not found (`not_found`), or a search
//! stopped by the work budget or the deadline (`too_complex`).

use std::time::Instant;

use super::choose::listed;
use super::table::RuleId;
use crate::budget::Budget;
use crate::candidate::Candidate;
use crate::error::EditError;
use crate::feedback;
use crate::needle::Needle;
use crate::text::Text;

/// Rule 4: why nothing was found. `anchor` is the anchor text and offset; `before_anchor` the
/// first candidates that all stood before it.
pub(crate) fn not_found(
    text: &Text,
    needle: &Needle,
    anchor: Option<(&str, usize)>,
    before_anchor: Option<Vec<Candidate>>,
    budget: &Budget,
) -> EditError {
    if let (Some((anchor, at)), Some(before)) = (anchor, before_anchor) {
        return EditError::NotFoundAfterAnchor {
            anchor: anchor.to_string(),
            anchor_line: text.line_of(at) + 1,
            before: listed(text, &before),
            before_total: before.len(),
        };
    }
    // `new` already standing where `old` most nearly is suggests the edit was made before;
    // `new` standing somewhere else says nothing (it may be a common line).
    let closest = feedback::closest(text, needle);
    // (When the budget runs out here, the search for `new` is cut short: the answer is still a
    // refusal, only with less to say.)
    if let Some(location) = feedback::already_applied(text, needle, budget) {
        let near_closest = closest.as_ref().is_none_or(|f| {
            location.start_line <= f.end_line + 1 && f.start_line <= location.end_line + 1
        });
        if near_closest {
            return EditError::AlreadyApplied {
                rule: RuleId::NewNearClosest.name(),
                location,
                old_location: None,
            };
        }
    }
    EditError::NotFound {
        closest,
        hint: feedback::hint(needle),
    }
}

/// Rule 4: the search was stopped by the work budget or the caller's deadline before it could
/// tell; nothing was decided on what it had seen.
pub(crate) fn too_complex(text: &Text, needle: &Needle, deadline: Option<Instant>) -> EditError {
    EditError::TooComplex {
        old_lines: needle.line_count(),
        text_lines: text.line_count(),
        timed_out: deadline.is_some_and(|d| Instant::now() >= d),
        occurrences: None,
        snippet: false,
    }
}
