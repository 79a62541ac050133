//! A byte-order mark the model copies into `old` or `new`.
//!
//! A file's BOM is no content the model edits: [`crate::text::Text`] keeps it outside every
//! line, so a match never covers it. A model that read the file raw copies it at the start of
//! `old` (its first line) and often not into `new`; spliced as written, the edit would delete
//! the BOM (or, written in `new` only, plant one mid-file). So a leading BOM is dropped from
//! both sides before anything is located, and the file keeps the one it has.
//!
//! Unless the mark is all the edit changes: `old` opens with it and `new` is `old` without it
//! (or `old` is the mark alone). Dropped, that edit is a no-op that nobody sends, and refused
//! as "identical" it leaves the model no way to say it; read as written, it removes the BOM,
//! as a plain string replacement of the text the model read would (`old` must then match at
//! the start of the file, where the BOM is, or it is not found). Editors keep the BOM as the
//! file's encoding, so no other edit touches it.

const BOM: char = '\u{feff}';

/// `old` and `new` without a leading byte-order mark, when either starts with one; `None` when
/// neither does, or when `old` is nothing but the mark, or, in a file that has one
/// (`file_has_mark`), `new` is `old` without it (an edit of the mark itself).
pub(crate) fn without_byte_order_mark(
    old: &str,
    new: &str,
    file_has_mark: bool,
) -> Option<(String, String)> {
    let old_cut = old.strip_prefix(BOM);
    let new_cut = new.strip_prefix(BOM);
    if old_cut.is_none() && new_cut.is_none() {
        return None;
    }
    if old_cut
        .is_some_and(|o| o.trim().is_empty() || (file_has_mark && new_cut.is_none() && o == new))
    {
        return None;
    }
    Some((
        old_cut.unwrap_or(old).to_string(),
        new_cut.unwrap_or(new).to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_copied_into_old_alone_is_dropped_so_the_file_keeps_its_own() {
        assert_eq!(
            without_byte_order_mark("\u{feff}# a\n", "# b\n", true),
            Some(("# a\n".into(), "# b\n".into()))
        );
    }

    #[test]
    fn a_mark_in_new_alone_or_in_both_is_dropped_too() {
        assert_eq!(
            without_byte_order_mark("# a\n", "\u{feff}# b\n", true),
            Some(("# a\n".into(), "# b\n".into()))
        );
        assert_eq!(
            without_byte_order_mark("\u{feff}# a\n", "\u{feff}# b\n", true),
            Some(("# a\n".into(), "# b\n".into()))
        );
    }

    #[test]
    fn no_mark_or_an_edit_of_the_mark_itself_is_left_alone() {
        assert_eq!(without_byte_order_mark("# a\n", "# b\n", true), None);
        assert_eq!(without_byte_order_mark("\u{feff}", "", true), None);
        // The mark is all the edit changes: it is removed.
        assert_eq!(
            without_byte_order_mark("\u{feff}a = 1\n", "a = 1\n", true),
            None
        );
        // (In a file without one, it is a copying slip.)
        assert_eq!(
            without_byte_order_mark("\u{feff}a = 1\n", "a = 1\n", false),
            Some(("a = 1\n".into(), "a = 1\n".into()))
        );
        // A mark inside a line is no file's BOM.
        assert_eq!(without_byte_order_mark("a\u{feff}b", "ab", true), None);
    }
}
