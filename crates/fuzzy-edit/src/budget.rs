//! A bound on the work one edit may cost, so that no request, however adversarial, holds its
//! caller for long.
//!
//! Strategies charge the comparisons their search loops make (lines or bytes compared) and stop
//! searching once [`Budget::charge`] says the budget is spent; [`crate::pipeline`] then refuses the
//! edit as [`EditError::TooComplex`](crate::EditError::TooComplex) before any decision is taken
//! on the partial candidates. The allowance is proportional to the input, so a request that
//! costs a few linear passes never meets it; an optional deadline
//! ([`Options::deadline`](crate::Options::deadline)) bounds the wall-clock time as well.

use std::cell::Cell;
use std::time::Instant;

/// Work units allowed per byte of input (the text plus `old`). A unit is about a nanosecond of
/// comparing here: a byte compared, with a few units more for each line or call. Normal edits
/// spend far less than a unit per byte of the text (the linear passes that index the text are
/// not charged); the budget is meant for searches that would revisit the text many times.
const UNITS_PER_BYTE: u64 = 32;
/// Work allowed whatever the size of the input, so small files never meet the bound.
const BASE_UNITS: u64 = 1 << 25;
/// The clock is read once per this many units charged (reading it costs more than a compare).
const UNITS_PER_CLOCK_READ: u64 = 1 << 16;
/// Bytes of text per candidate an edit may hold: a candidate and the match made of it take
/// about 200 bytes at the peak (a million replacements in a 10 MB file: 230 MB). One per 10
/// bytes still let `replace_all x` over 5M one-byte lines peak at 300-370 MB (the text's line
/// index takes 120 MB of it); one per 32 bytes allows 393k candidates on 10 MB, about 80 MB.
const BYTES_PER_CANDIDATE: u64 = 32;
/// Work units charged for fitting one match into the text (its indentation and line endings
/// taken from the file: a small line diff), besides [`UNITS_PER_FITTED_BYTE`]. Fitting
/// 1M one-word matches of a 10 MB file took 1.9 s of CPU on the loaded 2-core machine, about
/// 2 µs each; charged at 1,024 units, a `replace_all` of more than about 320k matches in a
/// 10 MB file is refused before the fitting starts, in line with [`BYTES_PER_CANDIDATE`].
const UNITS_PER_FIT: u64 = 1024;
/// Work units per byte of `old` and `new` charged for fitting one match.
const UNITS_PER_FITTED_BYTE: u64 = 8;
/// Candidates allowed whatever the size of the text.
const BASE_CANDIDATES: u64 = 1 << 16;

/// The work one edit may still do. Shared by reference between the strategies of one edit.
#[derive(Debug)]
pub(crate) struct Budget {
    limit: u64,
    spent: Cell<u64>,
    next_clock_read: Cell<u64>,
    deadline: Option<Instant>,
    exhausted: Cell<bool>,
    /// Candidates still allowed (see [`Budget::hold`]).
    candidates_left: Cell<u64>,
}

impl Budget {
    /// The budget for an edit of `old_bytes` on a text of `text_bytes`, ending at `deadline`.
    pub(crate) fn new(text_bytes: usize, old_bytes: usize, deadline: Option<Instant>) -> Self {
        let input = (text_bytes as u64).saturating_add(old_bytes as u64);
        Budget {
            limit: BASE_UNITS.saturating_add(input.saturating_mul(UNITS_PER_BYTE)),
            spent: Cell::new(0),
            next_clock_read: Cell::new(0),
            deadline,
            exhausted: Cell::new(deadline.is_some_and(|d| Instant::now() >= d)),
            candidates_left: Cell::new(BASE_CANDIDATES + text_bytes as u64 / BYTES_PER_CANDIDATE),
        }
    }

    /// A budget that is never spent (for unit tests of the search loops).
    #[cfg(test)]
    pub(crate) fn unlimited() -> Self {
        Budget {
            limit: u64::MAX,
            spent: Cell::new(0),
            next_clock_read: Cell::new(u64::MAX),
            deadline: None,
            exhausted: Cell::new(false),
            candidates_left: Cell::new(u64::MAX),
        }
    }

    /// Charge `units` of work about to be done. `false` once the budget or the deadline is
    /// spent, and from then on: the caller stops searching.
    pub(crate) fn charge(&self, units: usize) -> bool {
        if self.exhausted.get() {
            return false;
        }
        let spent = self.spent.get().saturating_add(units as u64);
        self.spent.set(spent);
        if spent > self.limit {
            self.exhausted.set(true);
            return false;
        }
        if spent >= self.next_clock_read.get() {
            self.next_clock_read
                .set(spent.saturating_add(UNITS_PER_CLOCK_READ));
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.exhausted.set(true);
                return false;
            }
        }
        true
    }

    /// Take one more candidate, which the edit holds (with the match made of it) until it is
    /// decided: `false` once more than the text's allowance are held, and the budget is spent
    /// (memory stays proportional to the text, however often `old` occurs).
    pub(crate) fn hold(&self) -> bool {
        match self.candidates_left.get().checked_sub(1) {
            Some(left) if !self.exhausted.get() => {
                self.candidates_left.set(left);
                true
            }
            _ => {
                self.exhausted.set(true);
                false
            }
        }
    }

    /// Charge fitting `matches` matches of an edit whose `old` and `new` have `needle_bytes`
    /// bytes, before the fitting starts: `false` when the budget cannot pay for all of them
    /// (and it is spent), so a `replace_all` too large to fit is refused at once.
    pub(crate) fn charge_fits(&self, matches: usize, needle_bytes: usize) -> bool {
        let each =
            UNITS_PER_FIT.saturating_add(UNITS_PER_FITTED_BYTE.saturating_mul(needle_bytes as u64));
        let units = each.saturating_mul(matches as u64);
        self.charge(usize::try_from(units).unwrap_or(usize::MAX))
    }

    /// How many more candidates [`Budget::hold`] allows.
    pub(crate) fn candidates_left(&self) -> u64 {
        self.candidates_left.get()
    }

    /// Whether a search stopped early because the budget or the deadline was spent: its
    /// candidates are then incomplete and must not be decided on.
    pub(crate) fn exhausted(&self) -> bool {
        self.exhausted.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_allowance_grows_with_the_input() {
        let b = Budget::new(1000, 10, None);
        assert!(b.charge(BASE_UNITS as usize));
        assert!(b.charge(1010 * UNITS_PER_BYTE as usize));
        assert!(!b.exhausted());
        assert!(!b.charge(1));
        assert!(b.exhausted());
        // Spent stays spent.
        assert!(!b.charge(0));
    }

    #[test]
    fn candidates_held_are_bounded_by_the_text() {
        let b = Budget::new(1000, 10, None);
        let allowed = BASE_CANDIDATES + 1000 / BYTES_PER_CANDIDATE;
        assert!((0..allowed).all(|_| b.hold()));
        assert!(!b.exhausted());
        assert!(!b.hold());
        assert!(b.exhausted());
    }

    #[test]
    fn fitting_is_paid_for_all_matches_at_once() {
        // A 10 MB text: about 320k one-word matches can be fitted, a million cannot.
        let text = 10_000_000;
        assert!(Budget::new(text, 5, None).charge_fits(300_000, 10));
        let b = Budget::new(text, 5, None);
        assert!(!b.charge_fits(1_000_000, 10));
        assert!(b.exhausted());
        // A single match of a huge edit never meets it.
        assert!(Budget::new(1000, 1000, None).charge_fits(1, 2000));
    }

    #[test]
    fn a_past_deadline_is_spent_at_once() {
        let past = Instant::now() - Duration::from_millis(1);
        let b = Budget::new(10, 1, Some(past));
        assert!(b.exhausted());
        assert!(!b.charge(1));
        let later = Instant::now() + Duration::from_secs(3600);
        assert!(Budget::new(10, 1, Some(later)).charge(1));
    }
}
