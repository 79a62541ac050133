//! Whether editing either of two candidates leaves the same text: what the choice among a
//! graded strategy's candidates asks of the fit stage (see [`crate::rules::settle`]).

use crate::budget::Budget;
use crate::candidate::Candidate;
use crate::needle::Needle;
use crate::text::Text;

use super::replacement;

/// For each pair in order, whether editing either candidate with `needle` leaves the same
/// text; the answers stop at the first pair that does not (the rest are not asked).
pub(crate) fn alike<'c>(
    text: &Text,
    needle: &Needle,
    budget: &Budget,
    pairs: impl IntoIterator<Item = (&'c Candidate, &'c Candidate)>,
) -> Vec<bool> {
    let mut answers = Vec::new();
    for (a, b) in pairs {
        let same = same_result(text, needle, budget, a, b);
        answers.push(same);
        if !same {
            break;
        }
    }
    answers
}

/// Whether editing candidate `a` or `b` (spans of `text`) with `needle` leaves the same text:
/// both fit `new` without a mismatch, and the spliced results agree over both spans.
fn same_result(
    text: &Text,
    needle: &Needle,
    budget: &Budget,
    a: &Candidate,
    b: &Candidate,
) -> bool {
    if !budget.charge(4 * (a.span.len() + b.span.len())) {
        return false;
    }
    let (Ok(ra), Ok(rb)) = (replacement(text, a, needle), replacement(text, b, needle)) else {
        return false;
    };
    let s = text.as_str();
    let lo = a.span.start.min(b.span.start);
    let hi = a.span.end.max(b.span.end);
    let around =
        |span: &std::ops::Range<usize>, r: &str| [&s[lo..span.start], r, &s[span.end..hi]].concat();
    around(&a.span, &ra) == around(&b.span, &rb)
}
