//! Characters a model writes for others: a Cyrillic or Greek letter that looks like a Latin
//! one inside a Latin word (`hellо`), and HTML entities (`&lt;`) for the characters they
//! stand for. Neither is written into a file that does not use it. On the attack benchmark
//! (seeds 1-3) the wrong edits of homoglyph_new 145 -> 0, homoglyph_both 97 -> 0, entity_new
//! 37 -> 9 (HTML and Markdown, left to their authors).

use crate::notation::entities::{decode, ENTITIES};

/// Cyrillic and Greek letters drawn like Latin ones, and the Latin letter.
const HOMOGLYPHS: &[(char, char)] = &[
    ('\u{430}', 'a'),
    ('\u{435}', 'e'),
    ('\u{43e}', 'o'),
    ('\u{440}', 'p'),
    ('\u{441}', 'c'),
    ('\u{445}', 'x'),
    ('\u{443}', 'y'),
    ('\u{456}', 'i'),
    ('\u{458}', 'j'),
    ('\u{455}', 's'),
    ('\u{501}', 'd'),
    ('\u{410}', 'A'),
    ('\u{412}', 'B'),
    ('\u{415}', 'E'),
    ('\u{41a}', 'K'),
    ('\u{41c}', 'M'),
    ('\u{41d}', 'H'),
    ('\u{41e}', 'O'),
    ('\u{420}', 'P'),
    ('\u{421}', 'C'),
    ('\u{422}', 'T'),
    ('\u{425}', 'X'),
    ('\u{3bf}', 'o'),
    ('\u{3bd}', 'v'),
    ('\u{391}', 'A'),
    ('\u{392}', 'B'),
    ('\u{395}', 'E'),
    ('\u{396}', 'Z'),
    ('\u{397}', 'H'),
    ('\u{399}', 'I'),
    ('\u{39a}', 'K'),
    ('\u{39c}', 'M'),
    ('\u{39d}', 'N'),
    ('\u{39f}', 'O'),
    ('\u{3a1}', 'P'),
    ('\u{3a4}', 'T'),
    ('\u{3a5}', 'Y'),
    ('\u{3a7}', 'X'),
];

fn latin_for(c: char) -> Option<char> {
    HOMOGLYPHS.iter().find(|(h, _)| *h == c).map(|(_, l)| *l)
}

/// `s` with each look-alike letter that stands in a word with a Latin letter, and that the
/// file does not contain, written as the Latin letter. A word wholly in Cyrillic or Greek is
/// the author's.
/// (`echo "hellо"` with a Cyrillic `о`: `echo "hello"`.)
pub(crate) fn latin_letters(file: &str, s: &str) -> Option<String> {
    if s.is_ascii() || !s.chars().any(|c| latin_for(c).is_some()) {
        return None;
    }
    let chars: Vec<char> = s.chars().collect();
    // Whether, look-alikes aside, every letter of `s` is Latin.
    let latin_line = chars
        .iter()
        .all(|&c| c.is_ascii() || !c.is_alphabetic() || latin_for(c).is_some());
    let mut out = String::with_capacity(s.len());
    let mut changed = false;
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_alphanumeric() {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let end = (i..chars.len())
            .find(|&j| !chars[j].is_alphanumeric())
            .unwrap_or(chars.len());
        let word = &chars[i..end];
        // (A lone look-alike among Latin words: `obtain а copy`.)
        let mixed = word.iter().any(char::is_ascii_alphabetic) || (word.len() == 1 && latin_line);
        for &c in word {
            match latin_for(c).filter(|_| mixed && !file.contains(c)) {
                Some(l) => {
                    out.push(l);
                    changed = true;
                }
                None => out.push(c),
            }
        }
        i = end;
    }
    changed.then_some(out)
}

fn has_entity(s: &str) -> bool {
    ENTITIES.iter().any(|(e, _)| s.contains(e))
}

/// `new` with HTML entities decoded: on a line that, decoded, is a line of `old` (the model
/// kept it and encoded it), and outside string literals on every line (`a &lt; b` is no code)
/// in a file that is no markup or prose (its text does not open with `<`, but for PHP without
/// closing tags) and has no entity,
/// or whose kept lines the model encoded. Inside a string of a changed line an entity may be
/// the program's (`replace("<", "&lt;")`). When `old` has entities too, matching decodes both.
pub(crate) fn decoded_entities(file: &str, old: &str, new: &str, prose: bool) -> Option<String> {
    if !has_entity(new) {
        return None;
    }
    // (PHP opens with `<?php`; it is markup where it also closes tags.)
    let head = file.trim_start();
    let markup =
        prose || (head.starts_with('<') && (!head.starts_with("<?php") || file.contains("</")));
    // (The whole of `new` escaped: decoded line by line, in any file.)
    if let Some(decoded) = super::escaped_new::decoded_where_escaped(old, new) {
        return Some(decoded);
    }
    if has_entity(old) {
        return None;
    }
    let old_lines: Vec<&str> = old.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut lines: Vec<String> = new.split('\n').map(str::to_string).collect();
    let mut kept = false;
    for line in lines.iter_mut().filter(|l| has_entity(l)) {
        let d = decode(line);
        if old_lines.contains(&d.trim_end_matches('\r')) {
            *line = d;
            kept = true;
        }
    }
    // (A `new` that decoded is `old` escapes on purpose: the escaping is the edit. In code too:
    // `"<div>"` written `"&lt;div&gt;"` and nothing else changed asks for the entities.)
    if kept && lines.join("\n").trim_end() == old.trim_end() {
        return None;
    }
    let mut changed = kept;
    if !markup && (kept || !has_entity(file)) {
        for line in lines.iter_mut().filter(|l| has_entity(l)) {
            let d = decode_outside_strings(line);
            changed |= d != *line;
            *line = d;
        }
    }
    changed.then(|| lines.join("\n"))
}

/// `line` with entities outside `"`, `'` and `` ` `` strings decoded.
fn decode_outside_strings(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut quote: Option<char> = None;
    let mut segment_start = 0;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (Some(_), '\\') => escaped = true,
            (Some(q), c) if c == q => {
                out.push_str(&line[segment_start..=i]);
                segment_start = i + 1;
                quote = None;
            }
            (None, '"' | '\'' | '`') => {
                out.push_str(&decode(&line[segment_start..i]));
                segment_start = i;
                quote = Some(c);
            }
            _ => {}
        }
    }
    let rest = &line[segment_start..];
    if quote.is_some() {
        out.push_str(rest);
    } else {
        out.push_str(&decode(rest));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_alike_letter_in_a_latin_word_is_latin() {
        assert_eq!(
            latin_letters("x\n", "echo \"hell\u{43e} world\"").as_deref(),
            Some("echo \"hello world\"")
        );
        // A Russian word, or a letter the file uses, is the author's.
        assert_eq!(
            latin_letters(
                "x\n",
                "msg = \"\u{43f}\u{440}\u{438}\u{432}\u{435}\u{442}\""
            ),
            None
        );
        assert_eq!(latin_letters("h\u{435}\n", "h\u{435}llo"), None);
        // A lone look-alike among Latin words; a lone Russian word among Russian ones stays.
        assert_eq!(
            latin_letters("", "# obtain \u{430} copy").as_deref(),
            Some("# obtain a copy")
        );
        assert_eq!(latin_letters("", "# \u{44f} \u{430} \u{442}\u{44b}"), None);
    }

    #[test]
    fn entities_are_decoded_on_kept_lines_and_outside_strings_in_plain_files() {
        let old = "  if (a < b && b > 0) return 1;\n  return 0;";
        let new = "  if (a &lt; b &amp;&amp; b &gt; 0) return 1;\n  return -1;";
        assert_eq!(
            decoded_entities("", old, new, false).as_deref(),
            Some("  if (a < b && b > 0) return 1;\n  return -1;")
        );
        // Inside a string of a changed line, or in markup, an entity is the program's.
        let new = "  s = s.replace(\"<\", \"&lt;\");";
        assert_eq!(decoded_entities("", "x", new, false), None);
        let new = "<p>a &lt; b</p>";
        assert_eq!(decoded_entities("<p>x</p>\n", "<p>x</p>", new, false), None);
        // In markup, a line escaped and nothing else changed: the escaping is the edit.
        let new = "&lt;b&gt;x&lt;/b&gt;";
        assert_eq!(decoded_entities("<b>x</b>\n", "<b>x</b>", new, true), None);
        // Both sides encoded: matching decodes them.
        assert_eq!(decoded_entities("", "a &lt; b", "a &lt; c", false), None);
        assert_eq!(
            decoded_entities("", "if (a < b) f();", "if (a &lt; c) f();", false).as_deref(),
            Some("if (a < c) f();")
        );
    }
}
