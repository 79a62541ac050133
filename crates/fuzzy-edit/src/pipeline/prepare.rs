//! The prepare stage: the request as the model meant it. What it wrapped around both sides
//! comes off (a byte-order mark, a fence, a diff body's markers), look-alike letters in `old`
//! become the file's Latin ones, elision markers behind the file's other comment leaders are
//! read as markers, `new` is cleaned of what the model copied into it, and the anchor is found.
//! A decoded `old` (read-tool prefixes stripped, escapes undone) is prepared here too, for the
//! pipeline's second run.

use std::borrow::Cow;

use crate::artifacts;
use crate::budget::Budget;
use crate::edit::{Edit, Options};
use crate::error::EditError;
use crate::fit;
use crate::needle::Needle;
use crate::normalize;
use crate::rules;
use crate::strategy::decoded_needle;
use crate::text::exact_spans;
use crate::text::Text;

/// `new` cleaned of what the model copied into it (an unclear elision marker refused, named as
/// the model wrote it in `written_new`), and a Makefile's recipe lines written flush left given
/// their tab (see `fit::recipes_tabbed`).
pub(super) fn cleaned_new<'e>(
    text: &Text,
    edit: &'e Edit,
    written_new: &str,
    options: &Options,
) -> Result<Cow<'e, str>, EditError> {
    let new = artifacts::clean_new(text, &edit.old, &edit.new, options).map_err(|mut u| {
        // (Named as the model wrote it, `;; ...` and not the `// ...` it was read as.)
        if let Some(written) = marker_as_written(written_new, &edit.new, &u.marker) {
            u.marker = written;
        }
        rules::unclear(u)
    })?;
    Ok(match options.conventions.is_makefile() {
        true => fit::recipes_tabbed(&edit.old, &new).map_or(new, Cow::Owned),
        false => new,
    })
}

/// The anchor's text and byte offset, when the edit has one (it must occur once).
pub(super) fn anchor<'e>(
    text: &Text,
    edit: &'e Edit,
) -> Result<Option<(&'e str, usize)>, EditError> {
    match edit.anchor.as_deref().filter(|a| !a.trim().is_empty()) {
        Some(a) => Ok(Some((
            a,
            rules::one_anchor(text, a, &anchor_starts(text, a))?,
        ))),
        None => Ok(None),
    }
}

/// `old` decoded (read-tool prefixes stripped, escapes undone), with `new` cleaned again
/// against it: cleaned against the encoded one (one line of `\n` escapes), its lines were
/// paired with none of `old`'s (curly quotes on a line it changes were kept). Unclear once
/// decoded, it is not matched.
pub(super) fn decoded(
    text: &Text,
    needle: &Needle,
    budget: &Budget,
    options: &Options,
) -> Option<Needle<'static>> {
    decoded_needle(text, needle, budget).and_then(|decoded| {
        let cleaned = artifacts::clean_new(text, decoded.old_text(), decoded.new_text(), options);
        let cleaned = cleaned.ok()?.into_owned();
        Some(Needle::new(decoded.old_text().to_string(), cleaned))
    })
}

/// `edit` with its elision markers written behind the file's other comment leaders (`;; ...`,
/// `% ...`) read as markers (see [`crate::notation::markers_behind_leaders`]); `None` when it
/// has none.
pub(super) fn markers_read(text: &Text, options: &Options, edit: &Edit) -> Option<Edit> {
    let read =
        |s: &str| crate::notation::markers_behind_leaders(text.as_str(), &options.conventions, s);
    let (old, new) = (read(&edit.old), read(&edit.new));
    if old.is_none() && new.is_none() {
        return None;
    }
    let mut e = edit.clone();
    if let Some(o) = old {
        e.old = o;
    }
    if let Some(n) = new {
        e.new = n;
    }
    Some(e)
}

/// The line of `written` (`new` as the model wrote it) that [`markers_read`] read as the
/// marker `read` (in `new` as read, line for line), if it rewrote one.
fn marker_as_written(written: &str, read: &str, marker: &str) -> Option<String> {
    written
        .split('\n')
        .zip(read.split('\n'))
        .find(|(w, r)| w != r && r.trim() == marker.trim())
        .map(|(w, _)| w.trim().to_string())
}

/// `edit` with what the model wrapped around both sides taken off (a byte-order mark, a fence, a
/// diff body's markers), and look-alike letters in `old` written as the Latin ones the file has.
pub(super) fn unwrapped<'e>(text: &Text, edit: &'e Edit) -> std::borrow::Cow<'e, Edit> {
    let has_mark = text.as_str().starts_with('\u{feff}');
    let unmarked = artifacts::without_byte_order_mark(&edit.old, &edit.new, has_mark);
    let (old_text, new_text) = match &unmarked {
        Some((o, n)) => (o.as_str(), n.as_str()),
        None => (edit.old.as_str(), edit.new.as_str()),
    };
    let (mut old, mut new) = match artifacts::unwrap_both(text, old_text, new_text) {
        Some((o, n)) => (Some(o), Some(n)),
        None => unmarked.map_or((None, None), |(o, n)| (Some(o), Some(n))),
    };
    if let Some(latin) =
        artifacts::latin_letters(text.as_str(), old.as_deref().unwrap_or(&edit.old))
    {
        old = Some(latin);
    }
    if old.is_none() && new.is_none() {
        return std::borrow::Cow::Borrowed(edit);
    }
    let mut e = edit.clone();
    if let Some(o) = old {
        e.old = o;
    }
    if let Some(n) = new.take() {
        e.new = n;
    }
    std::borrow::Cow::Owned(e)
}

/// Byte offsets where the anchor starts: every exact occurrence, or for a one-line anchor
/// that occurs nowhere exactly, the lines holding it loosely.
pub(super) fn anchor_starts(text: &Text, anchor: &str) -> Vec<usize> {
    let spans = exact_spans(text, anchor);
    if !spans.is_empty() || anchor.contains('\n') {
        return spans.iter().map(|s| s.start).collect();
    }
    let key = normalize::loose_key(anchor);
    // One searcher for every line: building one costs as much as the anchor is long.
    let finder = memchr::memmem::Finder::new(key.as_bytes());
    (0..text.line_count())
        .filter(|&i| {
            let line = normalize::loose_key(text.line(i));
            finder.find(line.as_bytes()).is_some()
        })
        .map(|i| text.lines()[i].start)
        .collect()
}
