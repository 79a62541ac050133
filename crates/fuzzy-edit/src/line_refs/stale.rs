//! References whose ID no longer matches their line: followed to where the lines went when that
//! is certain, else refused with the file's current lines around each one.

use super::id::line_id;
use super::{Followed, LineRef, StaleRef};
use crate::error::EditError;
use crate::text::Text;
use crate::thresholds::MIN_FOLLOWED_LINES;

/// Lines shown on each side of a stale reference in the refusal.
const CONTEXT: usize = 2;

/// Every reference of the request with the edit it belongs to.
pub(super) struct Refs<'a> {
    pub(super) all: Vec<(usize, &'a LineRef)>,
}

impl Refs<'_> {
    /// Whether `r` names a line of `text` whose ID is the one given (a plain number always
    /// does, when in range).
    fn holds(text: &Text, count: usize, r: &LineRef, offset: isize) -> bool {
        let Some(line) = r
            .line
            .checked_add_signed(offset)
            .filter(|&l| l >= 1 && l <= count)
        else {
            return false;
        };
        r.id.as_deref()
            .is_none_or(|id| line_id(line, text.line(line - 1)) == id.as_bytes())
    }

    /// The offset every line moved by (0 when no reference is stale), with the references it
    /// follows; or the refusal.
    pub(super) fn offset(
        &self,
        text: &Text,
        count: usize,
    ) -> Result<(isize, Vec<Followed>), EditError> {
        let stale: Vec<&(usize, &LineRef)> = self
            .all
            .iter()
            .filter(|(_, r)| !Self::holds(text, count, r, 0))
            .collect();
        if stale.is_empty() {
            return Ok((0, Vec::new()));
        }
        // A reference that still names its line says the lines did not move there: when others
        // are stale, lines changed among the references, and moving them all by one offset
        // would move that one too (its ID matching another line by chance).
        if stale.len() < self.all.len() {
            return Err(refusal(text, count, &stale));
        }
        if let Some(offset) = self.moved_by(text, count) {
            let followed = self
                .all
                .iter()
                .map(|(_, r)| Followed {
                    reference: r.to_string(),
                    line: r.line.saturating_add_signed(offset),
                })
                .collect();
            return Ok((offset, followed));
        }
        Err(refusal(text, count, &stale))
    }

    /// The one offset at which every reference names its line again, when every reference has
    /// an ID, each names a line with letters or digits (whose ID does not depend on its
    /// position) and at least [`MIN_FOLLOWED_LINES`] distinct IDs are named.
    fn moved_by(&self, text: &Text, count: usize) -> Option<isize> {
        let mut distinct: Vec<(usize, &str)> = Vec::new();
        for (_, r) in &self.all {
            let id = r.id.as_deref()?;
            if !distinct.contains(&(r.line, id)) {
                distinct.push((r.line, id));
            }
        }
        let mut ids: Vec<&str> = distinct.iter().map(|&(_, id)| id).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() < MIN_FOLLOWED_LINES {
            return None;
        }
        let (first_line, first_id) = distinct[0];
        let mut found = None;
        for line in 1..=count {
            let content = text.line(line - 1);
            if line_id(line, content) != first_id.as_bytes() || !super::id::significant(content) {
                continue;
            }
            let offset = line as isize - first_line as isize;
            let all_hold = distinct.iter().all(|&(l, _)| {
                l.checked_add_signed(offset)
                    .filter(|&at| at >= 1 && at <= count)
                    .is_some_and(|at| super::id::significant(text.line(at - 1)))
            }) && self
                .all
                .iter()
                .all(|(_, r)| Self::holds(text, count, r, offset));
            if offset != 0 && all_hold {
                if found.is_some() {
                    return None;
                }
                found = Some(offset);
            }
        }
        found
    }
}

/// The refusal for `stale` references: each with its current ID, and the file's lines around
/// each one with fresh references.
fn refusal(text: &Text, count: usize, stale: &[&(usize, &LineRef)]) -> EditError {
    let mut shown: Vec<std::ops::RangeInclusive<usize>> = Vec::new();
    for (_, r) in stale {
        let at = r.line.clamp(1, count.max(1));
        let range = at.saturating_sub(CONTEXT).max(1)..=(at + CONTEXT).min(count);
        match shown.last_mut() {
            Some(last) if *range.start() <= last.end() + 1 => {
                *last = *last.start()..=(*range.end()).max(*last.end())
            }
            _ => shown.push(range),
        }
    }
    shown.sort_by_key(|r| *r.start());
    let mut current = String::new();
    for (k, range) in shown.iter().enumerate() {
        if k > 0 {
            current.push_str("...\n");
        }
        if count > 0 {
            current.push_str(&super::read_with_hashes(
                text.as_str(),
                Some((*range.start(), *range.end())),
            ));
        }
    }
    EditError::StaleReference {
        references: stale
            .iter()
            .map(|(edit, r)| StaleRef {
                edit: *edit,
                reference: r.to_string(),
                current_id: (r.line >= 1 && r.line <= count)
                    .then(|| super::line_id(r.line, text.line(r.line - 1))),
            })
            .collect(),
        current,
    }
}
