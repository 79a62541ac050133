//! A sentence of `old` that `new` keeps but writes flush left.
//!
//! Inside a docstring or an Elixir `@moduledoc`, a model that copies the text it keeps often
//! drops its indentation on the line after a blank one (an Elixir `@moduledoc`'s closing
//! sentence written at column 0 while the lines above it keep theirs). A sentence is text, never
//! code moved to the top level, so its depth is the one `old` gave it.

use super::wrappers::prose_sentence;

/// `new` with each line that is a sentence of prose at column 0, and one of `old`'s indented
/// lines once trimmed, written at that line's indentation; `None` when there is none.
pub(super) fn kept_sentences_indented(old: &str, new: &str) -> Option<String> {
    // Only where `new` keeps its other lines at `old`'s depth: a `new` shifted as a whole is
    // re-indented as a whole when it is fitted.
    let flush_sentence = |l: &str| !l.starts_with([' ', '\t']) && prose_sentence(l);
    let kept: Vec<bool> = new
        .lines()
        .filter(|l| !l.trim().is_empty() && !flush_sentence(l))
        .filter(|l| old.lines().any(|o| o.trim() == l.trim()))
        .map(|l| old.lines().any(|o| o == l))
        .collect();
    if kept.is_empty() || kept.contains(&false) {
        return None;
    }
    let mut changed = false;
    let lines: Vec<String> = new
        .split('\n')
        .map(|line| {
            let body = line.trim_end_matches('\r');
            if !prose_sentence(body) {
                return line.to_string();
            }
            let mut olds = old
                .lines()
                .filter(|o| o.trim() == body.trim())
                .map(|o| &o[..o.len() - o.trim_start().len()]);
            match (olds.next(), olds.next()) {
                (Some(indent), None) if !indent.is_empty() => {
                    changed = true;
                    format!("{indent}{line}")
                }
                _ => line.to_string(),
            }
        })
        .collect();
    changed.then(|| lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_sentence_written_flush_left_takes_olds_depth() {
        let old = "    * one\n\n  Then it is raised again.";
        assert_eq!(
            kept_sentences_indented(old, "    * one\n\nThen it is raised again.").as_deref(),
            Some("    * one\n\n  Then it is raised again.")
        );
        // Shifted as a whole: left to the fit.
        assert_eq!(
            kept_sentences_indented(old, "  * one\n\nThen it is raised again."),
            None
        );
        // Code moved to the top level is no sentence; a new sentence has no depth to take.
        assert_eq!(kept_sentences_indented("    x = 1", "x = 1"), None);
        assert_eq!(kept_sentences_indented(old, "Then it is not raised."), None);
    }
}
