//! One [SEARCH/REPLACE](super) block: its SEARCH and REPLACE lines, read from its markers.

use super::marker::{marker, unescape, Marker};
use super::F;
use crate::format::{is_fence, Builder, ParseError};

pub(super) struct Block<'a> {
    pub(super) search: Vec<&'a str>,
    pub(super) replace: Vec<&'a str>,
    /// The line after the block.
    pub(super) next: usize,
}

/// Read the block whose SEARCH marker is at `start`.
pub(super) fn read_block<'a>(
    lines: &[&'a str],
    start: usize,
    out: &mut Builder,
) -> Result<Block<'a>, ParseError> {
    let mut dividers = Vec::new();
    let mut end = None;
    for (j, line) in lines.iter().enumerate().skip(start + 1) {
        match marker(line) {
            Some(Marker::Divider) => dividers.push(j),
            Some(Marker::Replace) => {
                end = Some(j);
                break;
            }
            Some(Marker::Search) => {
                let what = if dividers.is_empty() {
                    "its `=======` divider and `>>>>>>> REPLACE`"
                } else {
                    "its `>>>>>>> REPLACE`"
                };
                return Err(ParseError::at(
                    F,
                    start + 1,
                    format!(
                        "the SEARCH block starting here is missing {what}: line {} starts another block first. End each block with `>>>>>>> REPLACE` before the next `<<<<<<< SEARCH`.",
                        j + 1
                    ),
                ));
            }
            None => {}
        }
    }
    let stop = end.unwrap_or(lines.len());
    let divider = match dividers.as_slice() {
        [] => {
            let message = match end {
                Some(e) => format!(
                    "the block starting here has no `=======` line between the text to find and its replacement (its `>>>>>>> REPLACE` is at line {}). Put `=======` on its own line after the SEARCH lines.",
                    e + 1
                ),
                None => "the SEARCH block starting here never ends: it has no `=======` divider and no `>>>>>>> REPLACE`. Finish it with `=======`, the new lines, and `>>>>>>> REPLACE`.".to_string(),
            };
            return Err(ParseError::at(F, start + 1, message));
        }
        [d] => *d,
        many => {
            // Several divider lines: content holds one. Only the canonical 7-character
            // divider, if it is the only one, is taken as the real one.
            let canonical: Vec<usize> = many
                .iter()
                .copied()
                .filter(|&d| lines[d].trim_end() == "=======")
                .collect();
            match canonical.as_slice() {
                [d] => {
                    out.note(format!(
                        "block at line {}: took line {} as the divider; the other `=` lines are content",
                        start + 1,
                        d + 1
                    ));
                    *d
                }
                _ => {
                    let at: Vec<String> = many.iter().map(|d| (d + 1).to_string()).collect();
                    return Err(ParseError::at(
                        F,
                        start + 1,
                        format!(
                            "the block starting here has several `=======` divider lines (lines {}), so it is unclear where the replacement starts. Use exactly one divider; escape a content line that looks like one as `\\=======`.",
                            at.join(", ")
                        ),
                    ));
                }
            }
        }
    };
    let mut search: Vec<&str> = lines[start + 1..divider].to_vec();
    strip_roo_metadata(&mut search, start, out);
    let mut replace: Vec<&str> = lines[divider + 1..stop].to_vec();
    if end.is_none() {
        // Missing only the final REPLACE marker: the input's end closes the block. A closing
        // fence and blank lines there are not replacement text.
        while replace
            .last()
            .is_some_and(|l| l.trim().is_empty() || is_fence(l))
        {
            replace.pop();
        }
        out.repaired(format!(
            "the block starting at line {} has no `>>>>>>> REPLACE`; the end of the input was taken as its end",
            start + 1
        ));
    }
    Ok(Block {
        search: search.into_iter().map(unescape).collect(),
        replace: replace.into_iter().map(unescape).collect(),
        next: end.map_or(lines.len(), |e| e + 1),
    })
}

/// Roo's `:start_line:N` / `:end_line:N` lines and their `-------` separator at the top of a
/// SEARCH section: dropped, with a note.
pub(super) fn strip_roo_metadata(search: &mut Vec<&str>, start: usize, out: &mut Builder) {
    let meta = search
        .iter()
        .take_while(|l| {
            let t = l.trim();
            [":start_line:", ":end_line:"].iter().any(|p| {
                t.strip_prefix(p).is_some_and(|n| {
                    !n.trim().is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit())
                })
            })
        })
        .count();
    if meta == 0 {
        return;
    }
    let mut drop = meta;
    if search.get(meta).is_some_and(|l| {
        let t = l.trim_end();
        // (A Markdown rule line: three dashes or more.)
        t.len() >= 3 && t.bytes().all(|b| b == b'-')
    }) {
        drop += 1;
    }
    let what: Vec<&str> = search[..meta].iter().map(|l| l.trim()).collect();
    out.note(format!(
        "block at line {}: ignored {} (edits are located by content)",
        start + 1,
        what.join(" ")
    ));
    search.drain(..drop);
}
