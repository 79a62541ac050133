//! The lines an elision covers, in the indentation characters the model typed its pieces in.
//!
//! A model that writes the file's tabs as spaces (or its spaces as tabs) at the same widths
//! writes every piece so; the covered lines come from the file in its own characters. An
//! expanded `old` of both reads to the merge as lines nested in two habits, and a line `new`
//! rewrites beside the covered ones took a depth from the wrong habit (a C file of tabs, the
//! model's 8 spaces written back as one tab). Written in the model's characters too, the
//! expanded `old` is one habit throughout, as a block the model copied whole, and is mapped
//! to the file's as such.
//!
//! On the stand-in corpus (outside the repository): 3 elided `old`s typed with spaces for a file's
//! tabs or the reverse (2 of 9,424, 1 of the 17,955 held out) applied with a rewritten line in
//! the model's characters or a tab short -> exact; nothing else moved, the gate unchanged.

use crate::indent::{render, IndentStyle};
use crate::normalize::{indent_of, indent_width};
use crate::text::Text;

/// The character the model indents its pieces with (placed at `bounds`) where the file's
/// lines there are indented with the other one alone, at the same widths (lines indented
/// alike aside: 2 spaces both sides, a tab for 4); `None` when any line differs otherwise, or
/// none differs.
pub(super) fn models_char(
    text: &Text,
    pieces: &[&[&str]],
    bounds: &[(usize, usize)],
) -> Option<char> {
    let mut seen = None;
    for (piece, &(at, _)) in pieces.iter().zip(bounds) {
        for (i, mine) in piece
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let file = text.line(at + i);
            let (a, b) = (indent_of(mine), indent_of(file));
            if a == b {
                continue;
            }
            let only = |s: &str| match s.chars().next() {
                Some(c) if s.chars().all(|x| x == c) => Some(c),
                _ => None,
            };
            let pair = (only(a)?, only(b)?);
            if pair.0 == pair.1
                || indent_width(mine) != indent_width(file)
                || seen.is_some_and(|s| s != pair)
            {
                return None;
            }
            seen = Some(pair);
        }
    }
    seen.map(|(model, _)| model)
}

/// `gap`'s lines with their indentation in `model`'s character, at their width; a line
/// indented otherwise than with the other character alone stays as it is.
pub(super) fn in_models_chars(gap: &[&str], model: char) -> Vec<String> {
    gap.iter()
        .map(|l| {
            let ind = indent_of(l);
            if ind.is_empty() || ind.contains(model) {
                return l.to_string();
            }
            let style = match model {
                '\t' => IndentStyle::Tabs,
                _ => IndentStyle::Spaces,
            };
            format!("{}{}", render(indent_width(l), style), &l[ind.len()..])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_models_spaces_over_the_files_tabs_are_read_and_written() {
        let text = Text::new("\tif (x)\n\t\ty();\n\telse\n\t{\n\t\tz();\n\t}\n");
        let pieces: [&[&str]; 2] = [&["    if (x)"], &["    {", "        z();"]];
        assert_eq!(models_char(&text, &pieces, &[(0, 1), (3, 5)]), Some(' '));
        assert_eq!(
            in_models_chars(&["\t\ty();", "\telse", "x"], ' '),
            ["        y();", "    else", "x"]
        );
        // And the reverse: tabs for the file's spaces, a tab's columns short in spaces.
        assert_eq!(
            in_models_chars(&["        y();", "      z();"], '\t'),
            ["\t\ty();", "\t  z();"]
        );
        // Lines indented alike aside.
        let pieces: [&[&str]; 2] = [&["\tif (x)"], &["\t{", "        z();"]];
        assert_eq!(models_char(&text, &pieces, &[(0, 1), (3, 5)]), Some(' '));
        // The file's own characters throughout, or another width: nothing to retype.
        let pieces: [&[&str]; 2] = [&["\tif (x)"], &["\t{", "\t\tz();"]];
        assert_eq!(models_char(&text, &pieces, &[(0, 1), (3, 5)]), None);
        let pieces: [&[&str]; 2] = [&["  if (x)"], &["    {", "        z();"]];
        assert_eq!(models_char(&text, &pieces, &[(0, 1), (3, 5)]), None);
    }
}
