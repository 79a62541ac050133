//! Which typographic characters the model shows, in this edit, to write out of habit where the
//! file has ASCII: those are mapped on the lines it writes fresh even inside strings and
//! comments, where a typographic character may otherwise be the author's text.

use similar::{capture_diff_slices, Algorithm, DiffOp, DiffTag};

use crate::align::{line_similarity, loose_diff};
use crate::normalize::push_punctuation;
use crate::thresholds::REWRITTEN_LINE;

/// Lines longer than this are not compared character by character (a minified line).
pub(super) const LONGEST_LINE: usize = 2_000;

/// The typographic characters the file does not use that the model writes for ASCII in this
/// edit: those `old` carries (the file has none, so the match read them as ASCII), and those a
/// rewritten line of `new` puts where its line of `old` has the ASCII character.
pub(super) fn habits(file: &str, old: &str, new: &str) -> Vec<char> {
    let mut found: Vec<char> = Vec::new();
    // (A file that spells the character as an escape, `\u2013`, uses it: see
    // `strategy::char_escapes`.)
    let escaped = |c: char| {
        let hex = format!("{:x}", u32::from(c));
        file.contains(&hex) || file.contains(&hex.to_uppercase())
    };
    let mut add = |c: char| {
        if !found.contains(&c) && !file.contains(c) && !escaped(c) {
            found.push(c);
        }
    };
    old.chars()
        .filter(|&c| ascii_for(c).is_some())
        .for_each(&mut add);
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    let short = |l: &str| l.len() <= LONGEST_LINE && !l.is_ascii();
    for op in loose_diff(&old_lines, &new_lines) {
        let (tag, olds, news) = op.as_tag_tuple();
        if tag == DiffTag::Equal {
            // Loosely equal: the same line, perhaps moved to another depth.
            for (o, n) in olds.zip(news).map(|(i, j)| (old_lines[i], new_lines[j])) {
                if short(n) && o != n {
                    substituted(o.trim(), n.trim())
                        .into_iter()
                        .for_each(&mut add);
                }
            }
            continue;
        }
        for n in new_lines[news].iter().filter(|n| short(n)) {
            let best = old_lines[olds.clone()]
                .iter()
                .filter(|o| o.len() <= LONGEST_LINE)
                .map(|o| (line_similarity(o, n), *o))
                .filter(|(s, _)| *s >= REWRITTEN_LINE)
                .max_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((_, o)) = best {
                substituted(o, n).into_iter().for_each(&mut add);
            }
        }
    }
    found
}

/// The ASCII character a typographic one stands for, when it stands for exactly one.
pub(super) fn ascii_for(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    let mut plain = String::new();
    push_punctuation(c, &mut plain);
    let mut chars = plain.chars();
    match (chars.next(), chars.next()) {
        (Some(a), None) if a.is_ascii() => Some(a),
        _ => None,
    }
}

/// The typographic characters `new` writes in a changed stretch where `old` has the ASCII
/// character they stand for: `"make"` rewritten `“make”`, `"x"` rewritten `“updated x”`.
fn substituted(old: &str, new: &str) -> Vec<char> {
    let o: Vec<char> = old.chars().collect();
    let n: Vec<char> = new.chars().collect();
    let mut out = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, &o, &n) {
        if let DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        } = op
        {
            let gone = &o[old_index..old_index + old_len];
            for &c in &n[new_index..new_index + new_len] {
                if ascii_for(c).is_some_and(|a| gone.contains(&a)) && !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typographic_character_old_carries_or_new_substitutes_is_a_habit() {
        let file = "say(\"hi\")\n";
        assert_eq!(
            habits(file, "say(\u{201c}hi\u{201d})", "x"),
            ['\u{201c}', '\u{201d}']
        );
        // Written where the rewritten line has the ASCII quote.
        let new = "log(`build with \u{201c}make\u{201d} now`)";
        assert_eq!(
            habits(file, "log(`build with \"make\"`)", new),
            ['\u{201c}', '\u{201d}']
        );
        // Added without a counterpart, or the file's own: the author's.
        assert!(habits(file, "log(`build`)", "log(`build \u{201c}now\u{201d}`)").is_empty());
        let curly = "s = \u{201c}x\u{201d}\n";
        assert!(habits(curly, "s = \"x\"", "s = \u{201c}y\u{201d}").is_empty());
        // A line moved to another depth, retyped.
        let new = "if x {\n    f(\u{201c}a\u{201d})\n}";
        assert_eq!(habits(file, "f(\"a\")", new), ['\u{201c}', '\u{201d}']);
    }
}
