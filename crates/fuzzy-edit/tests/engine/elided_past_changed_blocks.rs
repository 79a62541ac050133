//! An elided `old` whose later piece's block changed since the read: the marker would stretch
//! past it to the next block that still has the piece as written, over the end of a function
//! and the start of another. Refused; the must-land twin, the block as read, lands there.

use fuzzy_edit::Edit;

use crate::support::{applied, refused, strategy};

/// Two tests of the same shape; `then` is the first one's assertion.
fn file(then: &str) -> String {
    format!(
        "func testReachable() {{
    let flags = [.reachable]

    // When
    let status = Status(flags)

    // Then
    {then}
}}

func testOnDemand() {{
    let flags = [.reachable, .onDemand]

    // When
    let status = Status(flags)

    // Then
    XCTAssertEqual(status, .reachable(.wifi))
}}
"
    )
}

const READ: &str = "XCTAssertEqual(status, .reachable(.wifi))";

/// The model's edit of the first test, abbreviated with a marker at the margin: it drops the
/// assertion.
fn edit() -> Edit {
    Edit::new(
        "    let flags = [.reachable]\n// ... existing code ...\n    // Then\n    XCTAssertEqual(status, .reachable(.wifi))\n}",
        "    let flags = [.reachable]\n// ... existing code ...\n    // Then\n}",
    )
}

#[test]
fn a_piece_whose_block_changed_since_is_not_looked_for_past_it() {
    // Since the read, the first test asserts another value: the piece stands as written only
    // in the second test, and a marker reaching there covers the first test's end.
    let file = file("XCTAssertEqual(status, .reachable(.cellular))");
    let e = refused(&file, &edit());
    assert_eq!(e.kind(), "not_found", "{e}");
}

#[test]
fn the_block_as_read_lands_where_its_pieces_stand() {
    let file = file(READ);
    let out = applied(&file, &edit());
    assert_eq!(strategy(&out), "elision");
    let expected = file.replacen(&format!("    {READ}\n"), "", 1);
    assert_eq!(out.text, expected);
    assert!(out.text.contains(&format!("    {READ}\n}}\n")));
}
