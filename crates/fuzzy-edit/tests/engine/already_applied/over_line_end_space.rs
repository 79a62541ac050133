//! An edit made already and sent again, found loosely: the file reads as `new` there but for
//! space at the end of a line `new` writes without it. Nothing is changed; the edit is called
//! applied already, as where the file reads as `new` exactly.

use fuzzy_edit::Edit;

use crate::support::{applied, kind};

/// A map whose entries end in a space after the comma, as some generated JSON has them.
const ENDPOINTS: &str = "{\n  \"east-1\": {}, \n  \"east-2\": {}, \n  \"west-8\": {}, \n  \"west-2\": {}, \n  \"south-1\": {}\n}\n";

#[test]
fn an_edit_sent_again_over_lines_ending_in_space_is_already_applied() {
    // The file already reads `west-8`: `old` (with `west-1`) is the block before the edit.
    // Writing `new` again would only drop the space after one comma.
    let old = "  \"east-1\": {}, \n  \"east-2\": {}, \n  \"west-1\": {}, \n  \"west-2\": {}, ";
    let new = old.replace("west-1", "west-8");
    assert_eq!(kind(ENDPOINTS, &Edit::new(old, new)), "already_applied");
}

#[test]
fn an_edit_of_space_at_line_ends_alone_is_still_made() {
    // Taking the spaces off is the edit asked for: it is made, not called applied already.
    let old = "  \"east-1\": {}, \n  \"east-2\": {}, ";
    let new = "  \"east-1\": {},\n  \"east-2\": {},";
    let out = applied(ENDPOINTS, &Edit::new(old, new));
    assert_eq!(
        out.text,
        ENDPOINTS.replace(
            "\"east-1\": {}, \n  \"east-2\": {}, ",
            "\"east-1\": {},\n  \"east-2\": {},"
        )
    );
}
