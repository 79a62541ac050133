//! Runs of blank lines the merge makes where neither side wrote them.

use std::borrow::Cow;

/// Where the model deleted a line between two of the file's blank lines (`a`, blank, `x`,
/// blank, `b` with `x` gone), the two blank lines meet: a run of blank lines longer than any
/// in the file's block or in `new` is the merge's doing, not something either side wrote, and
/// is cut to the longest run they have. (Runs at the ends of the block are left alone: they
/// meet lines outside it.)
pub(super) fn join_no_blank_runs(out: &mut Vec<Cow<str>>, win: &[&str], new: &[&str]) {
    let longest_run = |lines: &mut dyn Iterator<Item = &str>| {
        let (mut run, mut longest) = (0, 0);
        for l in lines {
            run = if l.trim().is_empty() { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        longest
    };
    let allowed = longest_run(&mut win.iter().copied()).max(longest_run(&mut new.iter().copied()));
    let blank = |l: &Cow<str>| l.trim().is_empty();
    let mut i = 0;
    let mut kept: Vec<Cow<str>> = Vec::with_capacity(out.len());
    let mut seen_content = false;
    while i < out.len() {
        if !blank(&out[i]) {
            seen_content = true;
            kept.push(std::mem::take(&mut out[i]));
            i += 1;
            continue;
        }
        let end = (i..out.len())
            .find(|&j| !blank(&out[j]))
            .unwrap_or(out.len());
        let interior = seen_content && end < out.len();
        let take = if interior {
            (end - i).min(allowed)
        } else {
            end - i
        };
        kept.extend(out[i..i + take].iter_mut().map(std::mem::take));
        i = end;
    }
    *out = kept;
}
