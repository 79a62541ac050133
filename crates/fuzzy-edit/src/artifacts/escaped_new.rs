//! HTML entities in a `new` the model escaped whole (not one raw `<` or `>` left, while
//! `old` has them): decoded where each entity stands where the line of `old` it pairs with
//! has the raw character, the change being elsewhere on the line. This holds in markup (HTML,
//! Markdown), where `&lt;` may be the author's, and inside the string literals of code, which
//! the decoding outside strings leaves alone. Escaping one tag on purpose
//! (`<p>Use &lt;b&gt;</p>`) leaves the others raw; escaping a whole line on purpose changes
//! nothing else: both stay. So does a tag the model names in running text on a line it
//! rewrites (`Use &lt;div&gt; for blocks!` for `Use <div> for blocks.`), where nothing else
//! in `new` shows the whole of it escaped (see [`mentions_tags_only`]).
//!
//! On the attack benchmark (seeds 1-3, fe-s9 -> fe-markup-5): entity_new WRONG 9 -> 0,
//! combo_entity_fence 11 -> 0 (with the fences of `markup_wrappers`); md_list, md_real_fence,
//! nonascii_control still all exact; adv and the gate unchanged. The named tag (fe-m10 ->
//! fe-newleft-6, 100 generated cases per reading): a tag
//! escaped on purpose on a rewritten line 7 -> 60 of 60 written as sent; a `new` escaped by
//! mistake 32 of 40 decoded before and after; attack, adv and the gate unchanged.

use similar::{ChangeTag, TextDiff};

use crate::align::line_similarity;
use crate::notation::entities::ENTITIES;
use crate::thresholds::ECHO;

/// Least similarity of a decoded line of `new` to the line of `old` it pairs with (the
/// artifacts' echo threshold).
const PAIRED: f64 = ECHO;

/// The line decoded, and the char offsets (in the decoded line) of the decoded characters.
fn decode_marking(line: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(line.len());
    let mut at = Vec::new();
    let mut chars = 0;
    let mut rest = line;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        chars += rest[..i].chars().count();
        rest = &rest[i..];
        match ENTITIES.iter().find(|(e, _)| rest.starts_with(e)) {
            Some((e, c)) => {
                out.push_str(c);
                at.push(chars);
                chars += 1;
                rest = &rest[e.len()..];
            }
            None => {
                out.push('&');
                chars += 1;
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    (out, at)
}

/// Whether every char offset of `at` in `decoded` is kept unchanged from `old_line`, and
/// where `old_line` writes an entity there (`&lt;`, escaped again as `&amp;lt;`), the whole
/// entity is kept: `&amp;` for `old`'s `&amp;` decodes to a bare `&`, which is no longer
/// `old`'s text.
fn kept_from(old_line: &str, decoded: &str, at: &[usize]) -> bool {
    let diff = TextDiff::from_chars(old_line, decoded);
    let old_chars: Vec<char> = old_line.chars().collect();
    let mut kept_old = vec![false; old_chars.len()];
    // For each char of `decoded`, the char of `old_line` it is kept from.
    let mut from: Vec<Option<usize>> = vec![None; decoded.chars().count()];
    let (mut i, mut o) = (0, 0);
    for change in diff.iter_all_changes() {
        let n = change.value().chars().count();
        match change.tag() {
            ChangeTag::Equal => {
                for k in 0..n {
                    from[i + k] = Some(o + k);
                    kept_old[o + k] = true;
                }
                i += n;
                o += n;
            }
            ChangeTag::Insert => i += n,
            ChangeTag::Delete => o += n,
        }
    }
    at.iter().all(|&a| {
        let Some(q) = from.get(a).copied().flatten() else {
            return false;
        };
        let rest: String = old_chars[q..].iter().take(8).collect();
        match ENTITIES.iter().find(|(e, _)| rest.starts_with(e)) {
            Some((e, _)) => kept_old[q..q + e.len()].iter().all(|&k| k),
            None => true,
        }
    })
}

/// `new` decoded where the model escaped all of it and `old` is raw.
/// (`old` `<p>the CLI</p>`, `new` `&lt;p&gt;a CLI&lt;/p&gt;`: `<p>a CLI</p>`.)
pub(super) fn decoded_where_escaped(old: &str, new: &str) -> Option<String> {
    if new.contains(['<', '>']) || !old.contains(['<', '>']) {
        return None;
    }
    let old_lines: Vec<&str> = old.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut out = Vec::new();
    // Whether every line with entities names tags in running text on a line it rewrites.
    let mut mentions_only = true;
    for line in new.split('\n') {
        let (decoded, at) = decode_marking(line);
        if at.is_empty() {
            out.push(decoded);
            continue;
        }
        let bare = decoded.trim_end_matches('\r');
        let paired = old_lines
            .iter()
            .filter(|o| line_similarity(o, bare) >= PAIRED)
            .max_by(|a, b| line_similarity(a, bare).total_cmp(&line_similarity(b, bare)))?;
        if !kept_from(paired, bare, &at) {
            return None;
        }
        mentions_only &= *paired != bare && mentions_tags_only(line);
        out.push(decoded);
    }
    if mentions_only {
        return None;
    }
    let decoded = out.join("\n");
    // (Decoded, `new` is `old`: the escaping is the edit.)
    (decoded.trim_end() != old.trim_end()).then_some(decoded)
}

/// HTML's element names: a tag documented in text names one of them (`&lt;div&gt;`), where
/// `<args>` or `<file>` is a placeholder of a command line, raw in code.
const ELEMENTS: &str = "\
    a abbr address area article aside audio b base bdi bdo blockquote body br button \
    canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl \
    dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header \
    hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta \
    meter nav noscript object ol optgroup option output p param picture pre progress q rp \
    rt ruby s samp script search section select slot small source span strong style sub \
    summary sup table tbody td template textarea tfoot th thead time title tr track u ul \
    var video wbr";

/// Whether every entity of `line` (as the model wrote it) belongs to a tag named in running
/// text: a bare `&lt;name&gt;` of an HTML element that neither starts the line's text (after
/// a comment's or a list's marks) nor stands in a code span, with no `&lt;/name&gt;` closing
/// it on the line. Such a line documents the tag, and its escaping
/// may be the edit (`Use &lt;div&gt; for blocks!`: raw, Markdown and HTML read an element).
/// A model that escapes by mistake escapes all of `new`: a line that starts with a tag, an
/// element closed on its line, an attribute, an escaped `&` or operator, an entity in a code
/// span (where it is never decoded), or a line it keeps whole says so.
fn mentions_tags_only(line: &str) -> bool {
    let mut rest = line;
    let mut seen = false;
    let mut offset = 0;
    while let Some(i) = rest.find('&') {
        let at = offset + i;
        let tail = &rest[i..];
        let Some(name_end) = tail.strip_prefix("&lt;").map(|t| {
            t.find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(t.len())
        }) else {
            // (A bare `&` that is no entity says nothing.)
            if ENTITIES.iter().any(|(e, _)| tail.starts_with(e)) {
                return false;
            }
            offset = at + 1;
            rest = &line[offset..];
            continue;
        };
        let name = &tail[4..4 + name_end];
        let closes = tail[4 + name_end..].starts_with("&gt;");
        let leads = !line[..at].chars().any(char::is_alphanumeric);
        let element = ELEMENTS
            .split_whitespace()
            .any(|e| e.eq_ignore_ascii_case(name));
        let in_code_span = line[..at].matches('`').count() % 2 == 1;
        let closed = line.contains(&format!("&lt;/{name}&gt;"));
        if !element || !closes || leads || in_code_span || closed {
            return false;
        }
        seen = true;
        offset = at + 4 + name_end + 4;
        rest = &line[offset..];
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_escaped_new_for_raw_markup_is_decoded() {
        let old = "<p>Scoped packages</p>\n<p>Use the CLI</p>";
        let new = "&lt;p&gt;Scoped packages&lt;/p&gt;\n&lt;p&gt;Use a CLI&lt;/p&gt;";
        assert_eq!(
            decoded_where_escaped(old, new).as_deref(),
            Some("<p>Scoped packages</p>\n<p>Use a CLI</p>")
        );
        // A copied line, renamed, pairs with the line it copies.
        let old = "<li>one</li>";
        let new = "&lt;li&gt;one&lt;/li&gt;\n&lt;li&gt;one_b&lt;/li&gt;";
        assert_eq!(
            decoded_where_escaped(old, new).as_deref(),
            Some("<li>one</li>\n<li>one_b</li>")
        );
    }

    #[test]
    fn a_tag_named_in_text_is_decoded_where_new_shows_it_escaped_whole() {
        // Another line of `new` starts with a tag: the model escaped everything.
        let old = "<p>Intro</p>\nUse <div> for blocks.";
        let new = "&lt;p&gt;Intro&lt;/p&gt;\nUse &lt;div&gt; for blocks!";
        assert_eq!(
            decoded_where_escaped(old, new).as_deref(),
            Some("<p>Intro</p>\nUse <div> for blocks!")
        );
        // A line it keeps, escaped, beside the one it rewrites.
        let old = "Use <b> here.\nUse <div> for blocks.";
        let new = "Use &lt;b&gt; here.\nUse &lt;div&gt; for blocks!";
        assert_eq!(
            decoded_where_escaped(old, new).as_deref(),
            Some("Use <b> here.\nUse <div> for blocks!")
        );
        // An element closed on its line, an attribute, an operator, a code span.
        for (old, new) in [
            ("Use <b>bold</b> text.", "Use &lt;b&gt;bold&lt;/b&gt; text!"),
            (
                "Run <a href=x>it</a> now.",
                "Run &lt;a href=x&gt;it&lt;/a&gt; later.",
            ),
            ("Write <T> & more.", "Write &lt;T&gt; &amp; more!"),
            ("Try `<div>` here.", "Try `&lt;div&gt;` there."),
            // A placeholder is no element; a doc comment's list item starts its text.
            ("npm help-search <text>", "npm help-search &lt;text&gt; now"),
            (
                "   * <li>'ttl': the time to",
                "   * &lt;li&gt;'ttl': the time to live",
            ),
        ] {
            assert!(decoded_where_escaped(old, new).is_some(), "{new}");
        }
    }

    #[test]
    fn a_mention_names_an_html_element_in_the_text() {
        for line in [
            "Use &lt;canvas&gt; or &lt;WBR&gt; here.",
            "Press &lt;kbd&gt; now",
        ] {
            assert!(mentions_tags_only(line), "{line}");
        }
        for line in [
            "npm run &lt;args&gt;",
            "&lt;div&gt; opens it",
            "- &lt;div&gt; opens it",
            "Use &lt;b&gt;x&lt;/b&gt;",
            "a &amp;&amp; &lt;div&gt;",
            "plain text",
        ] {
            assert!(!mentions_tags_only(line), "{line}");
        }
    }

    #[test]
    fn an_entity_of_old_escaped_again_is_old_s() {
        let old = "<p>Run <code>npm init &lt;spec&gt;</code> now</p>";
        let new =
            "&lt;p&gt;Run &lt;code&gt;npm init &amp;lt;spec&amp;gt;&lt;/code&gt; later&lt;/p&gt;";
        assert_eq!(
            decoded_where_escaped(old, new).as_deref(),
            Some("<p>Run <code>npm init &lt;spec&gt;</code> later</p>")
        );
    }

    #[test]
    fn entities_the_author_means_stay() {
        // One tag escaped on purpose, the others raw.
        assert_eq!(
            decoded_where_escaped("<p>Use the <b> tag</p>", "<p>Use the &lt;b&gt; tag</p>"),
            None
        );
        // A whole line escaped on purpose: decoded it is `old`.
        assert_eq!(
            decoded_where_escaped("<b>x</b>", "&lt;b&gt;x&lt;/b&gt;"),
            None
        );
        // New text written with an entity where `old` has no such character.
        assert_eq!(
            decoded_where_escaped("<p>a or b</p>", "&lt;p&gt;a &lt; b&lt;/p&gt;"),
            None
        );
        // A tag named in the text of a line the model rewrites.
        let old = "Use <div> for blocks.\nMore text.";
        let new = "Use &lt;div&gt; for blocks!\nMore text.";
        assert_eq!(decoded_where_escaped(old, new), None);
        // `old`'s own entity: `&amp;` in `new` stands for it, not for a bare `&`.
        assert_eq!(
            decoded_where_escaped("<p>a &amp; b</p>", "&lt;p&gt;a &amp; c&lt;/p&gt;"),
            None
        );
    }
}
