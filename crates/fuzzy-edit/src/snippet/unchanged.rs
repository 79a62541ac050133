//! A snippet whose merge leaves the file as it was. A model sends no snippet that changes
//! nothing, so its change is what its lines leave open, where one reading finds it: the lines
//! above its top removed ([`opens_file`]). Not the lines below a snippet's end that has no
//! marker after it: on the stand-in corpus that reading gained 1 merge and made 1 wrong (a
//! snippet that just stops is a fragment more often than a cut). Nor the code between a
//! piece's last line and a blank line it shows before its marker: a blank line added next to
//! a marker is a common slip, and read as a shown line it deleted the code down to the file's
//! next blank line (23 of an adversarial set's snippets whose only change was blank lines,
//! outside the repository: a loop deleted; no case of the snippet sets merged right by it).
//! Otherwise it is refused as changing nothing.

use super::place::{File, Placement};
use super::{Piece, Refusal, Why};

/// Whether the first piece, which changes nothing where it stands, shows the file's first
/// lines: the snippet opens with it (no marker before), every line it shows is the file's
/// line as it is, and code stands above it. A snippet that merges to the file unchanged means
/// a change all the same (a model sends none that changes nothing), and the one its lines
/// leave open is the lines above its first: it starts where the file starts, so they are
/// deleted (a licence header or an import dropped from the top of the file). On the stand-in
/// corpus: 8 merges gained (7 exact, 1 sound; all refused as `snippet_changes_something`
/// before), none wrong, no must-refuse case applied.
///
/// Refused as ambiguous when a line the piece shows after its first stands above it too: the
/// piece's first lines may then be new, written above that copy (`total += 1`, `for x in xs:`
/// over the file `for x in xs:`, `total += 1`, `for x in xs:` inserts a line at the top as
/// much as it deletes one).
pub(super) fn opens_file(
    file: &File<'_>,
    piece: &Piece<'_>,
    p: &Placement,
) -> Result<bool, Refusal> {
    let opens = piece.marker_before.is_none()
        && p.start > 0
        && p.pairs
            .iter()
            .all(|&(i, q)| piece.lines[i].trim() == file.lines[q].trim())
        && file.lines[..p.start].iter().any(|l| !l.trim().is_empty());
    if !opens {
        return Ok(false);
    }
    let above = p.pairs.iter().skip(1).find_map(|&(i, _)| {
        let q = *file.occurrences(piece.lines[i], 0).first()?;
        (q < p.start).then_some((i, q))
    });
    match above {
        Some((i, q)) => Err(piece.refuse(Why::Ambiguous, i, vec![p.start, q])),
        None => Ok(true),
    }
}

#[cfg(test)]
mod tests {
    use crate::snippet::{merge, Stopped};
    use crate::Options;

    fn merged(file: &str, snippet: &str) -> Option<String> {
        match merge(file, snippet, &Options::default()) {
            Ok(m) if m.text != file => Some(m.text),
            Ok(_) | Err(Stopped::Refused(_)) => None,
            Err(Stopped::Late) => panic!("late without a deadline"),
        }
    }

    #[test]
    fn a_shown_blank_line_before_a_marker_removes_nothing() {
        // (A blank line added next to a marker is a slip; the code down to the file's next
        // blank line stays, and the snippet changes nothing.)
        let file = "a = 1\nb = 2\n\nc = 3\nd = 4\n\ne = 5\n";
        let snippet = "# ... existing code ...\nc = 3\n\n# ... existing code ...\n";
        assert_eq!(merged(file, snippet), None);
        let snippet = "a = 1\n\n# ... existing code ...\nc = 3\n\n# ... existing code ...\n";
        assert_eq!(merged(file, snippet), None);
    }

    #[test]
    fn spacing_within_a_shown_line_is_the_change_when_nothing_else_differs() {
        let file = "a = 1\n#ifdef X\n# include <a>\n#endif\nb = 2\n";
        let snippet =
            "# ... existing code ...\n#ifdef X\n#  include <a>\n#endif\n# ... existing code ...\n";
        assert_eq!(
            merged(file, snippet).as_deref(),
            Some("a = 1\n#ifdef X\n#  include <a>\n#endif\nb = 2\n")
        );
        // Indented: the spacing after the indentation is the snippet's.
        let file = "def f():\n    x = g(1,  2)\n    return x\n";
        let snippet = "def f():\n    x = g(1, 2)\n    # ... existing code ...\n";
        assert_eq!(
            merged(file, snippet).as_deref(),
            Some("def f():\n    x = g(1, 2)\n    return x\n")
        );
    }
}
