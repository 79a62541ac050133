//! Wrappers around `new` in a prose file (Markdown, HTML), where a fence or a sentence may
//! be the author's content: each is taken off only on evidence that it is the model's.
//! - a **fence** whose lines would break the file's own fences: the span lies inside a fenced
//!   block the wrapper's closing line would end, or `old` holds a fence line that would end
//!   the wrapper's opening one; and the wrapped lines pair with `old`'s (its fence lines the
//!   same, in order);
//! - a **sentence about the edit** ("Here is the updated code:", "This keeps the rest of the
//!   file unchanged."), which the file does not hold, before or after the text that echoes
//!   `old`.
//!
//! On the attack benchmark (seeds 1-3, `./run.sh BIN 1 2 3`, fe-s9 -> fe-markup-5): WRONG
//! edits of fence_new 6 -> 0, fence_nl_new 8 -> 0, combo_fence_crlf 2 -> 0 (fences, also the
//! HTML ones of `wrappers.rs` no longer stopped by a `~~~~<br>` line), prose_new 22 -> 0,
//! prose_after_new 22 -> 0, combo_prose_trailnl 22 -> 1 (the one left is TOML); md_real_fence,
//! md_list and nonascii_control still all exact.

use super::wrapper_lines::{echoes, fence_close, fence_open};
use crate::align::line_similarity;
use crate::notation::entities::decode;
use crate::text::Text;
use crate::thresholds::LOOSELY;
use crate::thresholds::PROSE_WORDS;

/// A fence marker: its character (`` ` `` or `~`) and run length (CommonMark: at most three
/// spaces of indentation, a run of three or more; a backtick fence's info has no backtick).
fn marker(line: &str) -> Option<(u8, usize, &str)> {
    let line = line.trim_end();
    let body = line.trim_start_matches(' ');
    // (CommonMark's figures, not thresholds: up to three spaces, a run of three or more.)
    if line.len() - body.len() > 3 {
        return None;
    }
    let ch = *body.as_bytes().first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let run = body.bytes().take_while(|&b| b == ch).count();
    let info = body[run..].trim();
    // (CommonMark: a fence is a run of three or more.)
    (run >= 3 && !(ch == b'`' && info.contains('`'))).then_some((ch, run, info))
}

/// Whether `line` closes a block opened by `(ch, len)`.
fn closes(line: &str, (ch, len): (u8, usize)) -> bool {
    marker(line).is_some_and(|(c, l, info)| c == ch && l >= len && info.is_empty())
}

/// The fence open after `lines`, `open` being the one open before them.
fn fence_after<'a>(
    mut open: Option<(u8, usize)>,
    lines: impl Iterator<Item = &'a str>,
) -> Option<(u8, usize)> {
    for line in lines {
        match open {
            Some(f) if closes(line, f) => open = None,
            Some(_) => {}
            None => open = marker(line).map(|(c, l, _)| (c, l)),
        }
    }
    open
}

/// The fence open at the start of line `at` of `text`, if any.
fn open_fence_at(text: &Text, at: usize) -> Option<(u8, usize)> {
    fence_after(None, (0..at.min(text.line_count())).map(|i| text.line(i)))
}

/// The line where `old` starts in the file: its only exact place, or the only line equal
/// (trailing blanks aside) to its first non-blank line.
fn start_line(text: &Text, old: &str) -> Option<usize> {
    let file = text.as_str();
    if let Some(at) = file.find(old).filter(|_| !old.trim().is_empty()) {
        if file[at + 1..].find(old).is_none() {
            return Some(text.line_of(at));
        }
    }
    let first = old.lines().find(|l| !l.trim().is_empty())?.trim_end();
    let mut hits = (0..text.line_count()).filter(|&i| text.line(i).trim_end() == first);
    let hit = hits.next()?;
    hits.next().is_none().then_some(hit)
}

/// `new` without a fence at its margins that would break the fences of the Markdown file it
/// goes into: written as is, the block open after the span would not be the one open after
/// `old`, written without it, it would; and the wrapped lines pair with `old`'s. (Inside a
/// ```` ```rust ```` block, `new` ```` ```markdown ````, the block's lines, ```` ``` ````:
/// the block's lines.) A real block added outside any fence, or inside a longer fence, leaves
/// the fences after it as they were.
pub(super) fn unfenced_in_prose(text: &Text, old: &str, new: &str) -> Option<String> {
    let lines: Vec<&str> = new.split('\n').collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    if last <= first || !fence_open(lines[first]) || !fence_close(lines[last]) {
        return None;
    }
    let mut inner = lines[first + 1..last].join("\n");
    if inner.ends_with('\r') {
        inner.pop();
    }
    // Half of the wrapped lines that are no fence echo a line of `old` at least (decoded,
    // where the model escaped them too).
    let text_lines: Vec<&str> = inner
        .lines()
        .filter(|l| !l.trim().is_empty() && marker(l).is_none())
        .collect();
    let echoing = text_lines
        .iter()
        .filter(|l| echoes(l, old) || echoes(&decode(l), old))
        .count();
    if echoing == 0 || echoing * 2 < text_lines.len() {
        return None;
    }
    let before = open_fence_at(text, start_line(text, old)?);
    let after_old = fence_after(before, old.lines());
    if fence_after(before, inner.lines()) != after_old {
        return None;
    }
    // Written as is, a wrapped line would close the wrapper's block before its closing line,
    // or the block open after the span would not be `old`'s.
    let wrapped = fence_states(before, &lines[first..=last]);
    let closed_early = before.is_none()
        && wrapped[2..wrapped.len() - 1]
            .iter()
            .any(|s| *s != wrapped[1]);
    let broken = closed_early || wrapped.last() != Some(&after_old);
    (broken || before.is_none() && own_language(text, lines[first])).then_some(inner)
}

/// The fence open before each of `lines`, and after the last.
fn fence_states(mut open: Option<(u8, usize)>, lines: &[&str]) -> Vec<Option<(u8, usize)>> {
    let mut states = vec![open];
    for line in lines {
        open = fence_after(open, std::iter::once(*line));
        states.push(open);
    }
    states
}

/// Whether a fence opening line is tagged with the prose file's own language: ```` ```markdown
/// ```` (Markdown is the file's text itself, not a code block in it), ```` ```html ```` in a
/// file whose text opens with a tag. A model tags its answer so; a block of Markdown shown
/// as code is written around text that is not the file's own.
fn own_language(text: &Text, open: &str) -> bool {
    let tag = open
        .trim()
        .trim_start_matches(['`', '~'])
        .trim()
        .to_ascii_lowercase();
    match tag.as_str() {
        "markdown" | "md" => true,
        "html" | "htm" => text.as_str().trim_start().starts_with('<'),
        _ => false,
    }
}

/// Words that open a model's sentence about its own edit, and words such a sentence uses.
const LEAD_INS: &[&str] = &[
    "here is ",
    "here's ",
    "here are ",
    "below is ",
    "the following is ",
    "i've ",
    "i have ",
];
const EDIT_WORDS: &[&str] = &[
    "updated",
    "modified",
    "fixed",
    "corrected",
    "revised",
    "changed",
    "edited",
    "rest of the file",
    "rest of the code",
    "unchanged",
    "remains the same",
];

/// A sentence a model writes about its edit: "Here is the updated code:", "I've fixed the
/// typo.", "This keeps the rest of the file unchanged.".
pub(super) fn about_the_edit(line: &str) -> bool {
    let l = line.trim().to_lowercase();
    if !(l.ends_with(':') || l.ends_with('.')) || l.split_whitespace().count() < PROSE_WORDS {
        return false;
    }
    let lead = LEAD_INS.iter().any(|p| l.starts_with(p)) || l.starts_with("this ");
    lead && EDIT_WORDS.iter().any(|w| l.contains(w))
        && (!l.starts_with("this ") || l.contains("unchanged") || l.contains("rest of the"))
}

/// `new` without a sentence about the edit before it (then a blank line) or after it (after a
/// blank line), when the file holds no such sentence and the rest echoes `old`.
pub(super) fn without_edit_talk(text: &Text, old: &str, new: &str) -> Option<String> {
    let lines: Vec<&str> = new.split('\n').collect();
    let blank = |i: usize| lines.get(i).is_some_and(|l| l.trim().is_empty());
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    // Before the text, a lead-in ends with `:`; after it, a closing remark ends with `.` (a
    // sentence ending with `:` after the text introduces what the file has next: the author's).
    let lead_in = |l: &str| about_the_edit(l) && l.trim_end().ends_with(':');
    let remark = |l: &str| about_the_edit(l) && l.trim_end().ends_with('.');
    let range = if lead_in(lines[first]) && blank(first + 1) {
        let body = (first + 1..lines.len()).find(|&i| !blank(i))?;
        (body <= last).then_some(body..lines.len())?
    } else if last > 0 && remark(lines[last]) && blank(last - 1) {
        let end = (0..last).rfind(|&i| !blank(i))?;
        0..end + 1
    } else {
        return None;
    };
    let sentence = if range.start > 0 { first } else { last };
    let said = lines[sentence].trim();
    if old.lines().any(|l| l.trim() == said) || text.as_str().lines().any(about_the_edit) {
        return None;
    }
    let mut kept = lines[range].join("\n");
    if kept.ends_with('\r') {
        kept.pop();
    }
    // (A short line renamed, `</div>` to `</div_v2>`, echoes as part of the block: the
    // sentence is the evidence, the rest need only pair loosely with `old`.)
    (echoes(&kept, old) || line_similarity(&kept, old) >= LOOSELY).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    const README: &str =
        "# Demo\n\nRun it:\n\n```rust\nfn main() {\n    run();\n}\n```\n\nMore text.\n";

    #[test]
    fn a_fence_inside_a_fenced_block_is_the_models() {
        let t = Text::new(README);
        let new = "```markdown\n    run_all();\n}\n```";
        assert_eq!(
            unfenced_in_prose(&t, "    run();\n}", new).as_deref(),
            Some("    run_all();\n}")
        );
        // Around a fence line of `old`: the wrapper would be closed by it.
        let old = "    run();\n}\n```\n\nMore text.";
        let new = "```markdown\n    run();\n}\n```\n\nMore words.\n```";
        assert_eq!(
            unfenced_in_prose(&t, old, new).as_deref(),
            Some("    run();\n}\n```\n\nMore words.")
        );
    }

    #[test]
    fn a_fence_that_would_turn_the_files_blocks_inside_out_is_the_models() {
        // `old` ends opening a block: wrapped, its fence line would be the wrapper's content.
        let t = Text::new("## Synopsis\n\n```bash\nnpm x\n```\n");
        let new = "```markdown\n## Synopsis\n\n```sh\n```";
        assert_eq!(
            unfenced_in_prose(&t, "## Synopsis\n\n```bash", new).as_deref(),
            Some("## Synopsis\n\n```sh")
        );
    }

    #[test]
    fn a_fence_tagged_with_the_files_own_language_is_the_models() {
        let t = Text::new("# Title\n\nSome text here.\n\n```rust\nx\n```\n");
        let new = "```markdown\n# Title\n\nSome new text here.\n```\n";
        assert_eq!(
            unfenced_in_prose(&t, "# Title\n\nSome text here.", new).as_deref(),
            Some("# Title\n\nSome new text here.")
        );
        // A fence line of `old` opening a block: wrapped, the block's lines would be outside.
        let t = Text::new("Set:\n\n```\nage=7\nx=1\n```\n");
        let new = "```ini\n```\nage=7\nage=8\nx=1\n```";
        assert_eq!(
            unfenced_in_prose(&t, "```\nage=7\nx=1", new).as_deref(),
            Some("```\nage=7\nage=8\nx=1")
        );
    }

    #[test]
    fn a_real_fenced_block_in_markdown_stays() {
        let t = Text::new(README);
        // Outside any block, a paragraph turned into a code block is content.
        assert_eq!(
            unfenced_in_prose(&t, "More text.", "```text\nMore text.\n```"),
            None
        );
        // A new block that does not pair with `old`.
        assert_eq!(
            unfenced_in_prose(&t, "    run();", "```sh\ncargo run\n```"),
            None
        );
        // Inside a block opened by four backticks, a three-backtick block is its content.
        let t = Text::new("````markdown\nExample:\nsome text\n````\n");
        assert_eq!(
            unfenced_in_prose(&t, "some text", "```sh\nsome text\n```"),
            None
        );
    }

    #[test]
    fn a_sentence_about_the_edit_goes_a_sentence_of_the_document_stays() {
        let t = Text::new("<p>a</p>\n<p>b</p>\n");
        assert_eq!(
            without_edit_talk(&t, "<p>b</p>", "Here is the updated code:\n\n<p>c</p>").as_deref(),
            Some("<p>c</p>")
        );
        assert_eq!(
            without_edit_talk(
                &t,
                "<p>b</p>",
                "<p>c</p>\n\nThis keeps the rest of the file unchanged."
            )
            .as_deref(),
            Some("<p>c</p>")
        );
        // A real sentence of the document.
        let t = Text::new("# Usage\n\nRun the tool.\n");
        assert_eq!(
            without_edit_talk(&t, "Run the tool.", "Run the tool.\n\nIt reads stdin."),
            None
        );
        // A sentence ending with `:` after the text introduces what follows it in the file.
        let t = Text::new("# Upgrading\n\nIn v2 the format changed.\n\n```yaml\nport: 80\n```\n");
        let new = "In v2.1 the format changed.\n\nHere is the updated configuration:";
        assert_eq!(
            without_edit_talk(&t, "In v2 the format changed.", new),
            None
        );
        // A tutorial that talks like this itself keeps the sentence.
        let t = Text::new("Here is the updated code:\n\nx\n\ny\n");
        assert_eq!(
            without_edit_talk(&t, "y", "Here is the updated code:\n\nz"),
            None
        );
    }
}
