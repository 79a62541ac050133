//! An elided `old` whose later piece's block changed since the read: the marker would stretch
//! past it to the next block that still has the piece as written, over the end of a function
//! and the start of another; or a first piece whose block changed since, found at an earlier
//! block with the marker stretching over the changed one. Refused; the must-land twin, the
//! block as read, lands there.

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

/// An install script that runs the same three commands in two sections; `tool` is the name the
/// first section calls.
fn script(tool: &str) -> String {
    format!(
        "./configure --prefix=foobar
make install
cd foobar
bin/{tool} --verbose
bin/{tool} --verbose install inspect
bin/{tool} --verbose show inspect
cd ..

./configure --prefix=fooboot
make bootstrap
cd fooboot
bin/luarocks --verbose
bin/luarocks --verbose install inspect
bin/luarocks --verbose show inspect
cd ..
"
    )
}

/// The model's edit of the first section: a line added after its commands.
fn script_edit() -> Edit {
    let piece = "bin/luarocks --verbose\nbin/luarocks --verbose install inspect\nbin/luarocks --verbose show inspect\n";
    Edit::new(
        format!("./configure --prefix=foobar\n# ... existing code ...\n{piece}cd .."),
        format!("./configure --prefix=foobar\n# ... existing code ...\n{piece}echo done\ncd .."),
    )
}

#[test]
fn a_piece_renamed_on_every_line_since_is_not_looked_for_past_it() {
    // Since the read, the first section calls the tool by another name on every line: fewer
    // than half its lines stand as written, and the piece is found only in the second section.
    let e = refused(&script("luarocksNext"), &script_edit());
    assert_eq!(e.kind(), "not_found", "{e}");
}

#[test]
fn the_section_as_read_lands_where_its_pieces_stand() {
    let file = script("luarocks");
    let out = applied(&file, &script_edit());
    assert_eq!(strategy(&out), "elision");
    let expected = file.replacen(
        "show inspect\ncd ..\n",
        "show inspect\necho done\ncd ..\n",
        1,
    );
    assert_eq!(out.text, expected);
}

/// Two request tests of one shape; `first` is how the first one names its response.
fn spec(first: &str) -> String {
    format!(
        "  it \"answers 304\" do
    {first} = Rack::MockRequest.new(app).
      get(\"/\", 'HTTP_IF_NONE_MATCH' => '1234')

    {first}.status.must_equal 304
  end

  it \"answers 200\" do
    response = Rack::MockRequest.new(app).
      get(\"/\", 'HTTP_IF_NONE_MATCH' => '1234')

    response.status.must_equal 200
  end

  it \"ignores a malformed header\" do
    bad = 'x'
  end
"
    )
}

/// The model's edit of the second test's request, abbreviated down to the next test.
fn spec_edit() -> Edit {
    let tail =
        "\n  # ... existing code ...\n\n  it \"ignores a malformed header\" do\n    bad = 'x'";
    Edit::new(
        format!("    response = Rack::MockRequest.new(app).\n      get(\"/\", 'HTTP_IF_NONE_MATCH' => '1234')\n{tail}"),
        format!("    response = Rack::MockRequest.new(app).\n      get(\"/\", 'HTTP_IF_NONE_MATCH' => '5678')\n{tail}"),
    )
}

#[test]
fn a_first_piece_changed_since_is_not_looked_for_before_it() {
    // Since the read, the second test names its response otherwise: the first piece stands as
    // written only in the first test, and a marker from there covers the second test's request.
    let file = spec("response").replacen(
        "    response = Rack::MockRequest.new(app).\n      get(\"/\", 'HTTP_IF_NONE_MATCH' => '1234')\n\n    response.status.must_equal 200",
        "    reply = Rack::MockRequest.new(app).\n      get(\"/\", 'HTTP_IF_NONE_MATCH' => '1234')\n\n    reply.status.must_equal 200",
        1,
    );
    let e = refused(&file, &spec_edit());
    assert_eq!(e.kind(), "not_found", "{e}");
}

#[test]
fn the_request_as_read_lands_in_the_test_before_the_next() {
    // The first test names its response otherwise: the first piece is the second test's.
    let file = spec("reply");
    let out = applied(&file, &spec_edit());
    assert_eq!(strategy(&out), "elision");
    let expected = file.replacen(
        "    response = Rack::MockRequest.new(app).\n      get(\"/\", 'HTTP_IF_NONE_MATCH' => '1234')",
        "    response = Rack::MockRequest.new(app).\n      get(\"/\", 'HTTP_IF_NONE_MATCH' => '5678')",
        1,
    );
    assert_eq!(out.text, expected);
}
