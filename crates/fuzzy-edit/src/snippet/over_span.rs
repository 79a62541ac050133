//! `new` of a search/replace edit read as a lazy snippet over the span `old` names: an
//! elision comment in `new` (`// ... existing code ...`) stands for the lines of the matched
//! text between the code around it, merged as a snippet would be, or the marker is unclear.

use super::{merge, Stopped};
use crate::edit::Options;
use crate::notation::is_elision_marker;
use crate::text::Text;

/// `new`, whose elision comments `old` has none of, read as a lazy snippet over the span `old`
/// names: the text it stands for there, or the refusal as the marker before the piece that
/// could not be placed. `None` when `new` has no such marker, or a bare `...` (code in
/// Python: the bare-ellipsis reading decides those), or `old` has markers of its own.
pub(crate) fn over_span(
    text: &Text<'_>,
    old: &str,
    new: &str,
    options: &Options,
) -> Option<Result<String, crate::notation::Unclear>> {
    let held = match markers_held(text.as_str(), new, options.deadline) {
        Ok(held) => held,
        Err(Some(unread)) => {
            let at = new.lines().position(|l| l.trim() == unread).unwrap_or(0);
            let marker = unread.to_string();
            return Some(Err(crate::notation::Unclear {
                marker,
                line: at + 1,
            }));
        }
        // (Past the deadline the search that follows is refused as too complex at once.)
        Err(None) => return None,
    };
    let files = |l: &str| held.contains(l.trim());
    let marker = |l: &&str| is_elision_marker(l) && !files(l);
    let bare = |l: &&str| matches!(l.trim(), "..." | "\u{2026}");
    if old.lines().any(is_elision_marker) || !new.lines().any(|l| marker(&l) && !bare(&l)) {
        return None;
    }
    if new.lines().any(|l| marker(&l) && bare(&l)) {
        return None;
    }
    let trailing = new.ends_with('\n');
    Some(match merge(old, new, options) {
        Ok(m) => {
            let mut text = m.text;
            if !trailing && text.ends_with('\n') {
                text.pop();
                if text.ends_with('\r') {
                    text.pop();
                }
            } else if trailing && !text.ends_with('\n') {
                text.push('\n');
            }
            Ok(text)
        }
        // (The search that follows is refused as too complex at once.)
        Err(Stopped::Late) => return None,
        Err(Stopped::Refused(r)) => {
            let lines: Vec<&str> = new.lines().collect();
            let at = (0..r.line.min(lines.len()))
                .rev()
                .find(|&i| marker(&lines[i]))
                .or_else(|| lines.iter().position(marker))
                .unwrap_or(0);
            Err(crate::notation::Unclear {
                marker: lines.get(at).map_or("", |l| l.trim()).to_string(),
                line: at + 1,
            })
        }
    })
}

/// Bytes of the file [`markers_held`] may scan per byte of it: eight distinct marker texts on
/// any file, more on small ones (see [`MARKER_SCAN_BASE`]). Models write one to three distinct
/// marker texts in a `new`; each costs a pass over the file (2 ms for 11 MB here).
const MARKER_SCANS_PER_BYTE: usize = 8;
/// Bytes [`markers_held`] may scan whatever the file's size: 16 MiB, a few milliseconds.
const MARKER_SCAN_BASE: usize = 1 << 24;

/// The distinct marker-like lines of `new` (trimmed) that `file` holds somewhere (a marker the
/// file holds is code). One pass over the file per distinct text, within
/// [`MARKER_SCANS_PER_BYTE`] and the deadline: a pass for each of 1,000 markers took 1.3 s on
/// an 11 MB file. `Err(Some(text))` with the first text left unread when the allowance is
/// spent, which makes the markers unclear (refused) rather than read on a guess; `Err(None)`
/// when the deadline has passed.
fn markers_held<'n>(
    file: &str,
    new: &'n str,
    deadline: Option<std::time::Instant>,
) -> Result<std::collections::HashSet<&'n str>, Option<&'n str>> {
    let mut seen = std::collections::HashSet::new();
    let mut held = std::collections::HashSet::new();
    let mut allowance =
        MARKER_SCAN_BASE.saturating_add(file.len().saturating_mul(MARKER_SCANS_PER_BYTE));
    for line in new.lines().filter(|l| is_elision_marker(l)).map(str::trim) {
        if !seen.insert(line) {
            continue;
        }
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err(None);
        }
        allowance = allowance.checked_sub(file.len()).ok_or(Some(line))?;
        if memchr::memmem::find(file.as_bytes(), line.as_bytes()).is_some() {
            held.insert(line);
        }
    }
    Ok(held)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_the_file_holds_are_code_and_each_text_is_searched_once() {
        let file = "x = 1  # ... rest of the setup ...\ny = 2\n";
        let new =
            "# ... rest of the setup ...\n# ... existing code ...\n# ... existing code ...\ny = 3\n";
        let held = markers_held(file, new, None).unwrap();
        assert!(held.contains("# ... rest of the setup ..."));
        assert!(!held.contains("# ... existing code ..."));
        assert_eq!(held.len(), 1);
    }

    #[test]
    fn distinct_markers_past_the_scan_allowance_are_unclear_not_guessed() {
        // 1 MiB of file: 16 MiB + 8 x 1 MiB of scanning is 24 distinct texts; the 25th is refused.
        let file = "a = 1\n"
            .repeat(1 << 20)
            .chars()
            .take(1 << 20)
            .collect::<String>();
        let new: String = (0..40)
            .map(|i| format!("# ... existing code {i} ...\n"))
            .collect();
        let allowed = (MARKER_SCAN_BASE + MARKER_SCANS_PER_BYTE * file.len()) / file.len();
        assert_eq!(allowed, 24);
        let unread = format!("# ... existing code {allowed} ...");
        assert_eq!(markers_held(&file, &new, None), Err(Some(unread.as_str())));
        // The same texts repeated cost nothing more.
        let repeated = "# ... existing code ...\n".repeat(1000);
        assert!(markers_held(&file, &repeated, None).unwrap().is_empty());
    }

    #[test]
    fn a_passed_deadline_stops_the_marker_search() {
        let past = std::time::Instant::now() - std::time::Duration::from_millis(1);
        assert_eq!(
            markers_held("a\n", "# ... existing code ...\n", Some(past)),
            Err(None)
        );
    }

    proptest::proptest! {
        /// Within the allowance, a marker text is held exactly when the file contains it.
        #[test]
        fn markers_held_agrees_with_a_search_per_line(
            file in "[a-c#. \n]{0,60}",
            words in proptest::collection::vec("[a-c]{0,2}", 1..6),
        ) {
            let new: String = words.iter().map(|w| format!("# ... {w} ...\n")).collect();
            let held = markers_held(&file, &new, None).unwrap();
            for line in new.lines().filter(|l| is_elision_marker(l)) {
                proptest::prop_assert_eq!(held.contains(line.trim()), file.contains(line.trim()));
            }
        }
    }
}
