//! Lazy snippets pinned by a line the file holds once, whose other lines stand both right
//! beside it and again farther off (two assertion runs in one test, two doc comments over
//! `#[cfg(unix)]` and `#[cfg(not(unix))]` twins): merged beside the pin. Each beside a twin
//! that stays refused: no pin, nothing changed beside the pin, a new line beyond the repeated
//! ones, twin functions with a line omitted, a new line that edits a line by the farther
//! copy (a one-word change or tokens added, at its depth). (Only a `};` repeated before the pin stays
//! ambiguous too: `snippet::tests`, `a_nearer_place_without_the_deletion_leaves_the_place_open`.)

use fuzzy_edit::snippet::SnippetReason;
use fuzzy_edit::{apply_snippet, EditError, Options};

fn reason(file: &str, snippet: &str) -> SnippetReason {
    match apply_snippet(file, snippet, &Options::default()) {
        Err(EditError::SnippetUnplaced { reason, .. }) => reason,
        other => panic!("not a placement refusal: {other:?}"),
    }
}

/// Two runs of cookie assertions in one test, then the next test (flask `test_basic.py`).
const COOKIES_PY: &str = r#"def test_session_using_server_name(app, client):
    rv = client.get("/", "http://www.example.com:8080/test/")
    cookie = rv.headers["set-cookie"].lower()
    assert "path=/" in cookie
    assert "secure" in cookie
    assert "httponly" not in cookie
    assert "samesite" in cookie

    rv = client.get("/clear", "http://www.example.com:8080/test/")
    cookie = rv.headers["set-cookie"].lower()
    assert "session=;" in cookie
    assert "path=/" in cookie
    assert "secure" in cookie
    assert "samesite" in cookie


def test_session_using_samesite_attribute(app, client):
    pass
"#;

/// The assertions shown stand together right above the next test's header, held once; the
/// first run would need its `httponly` line and the whole second run deleted unshown.
#[test]
fn lines_beside_a_line_held_once_merge_there() {
    let snippet = r#"    # ...
    assert "path=/" in cookie
    assert "secure" in cookie
    assert "samesite" in cookie
    assert "partitioned" in cookie


def test_session_using_samesite_attribute(app, client):
    # ...
"#;
    let out = apply_snippet(COOKIES_PY, snippet, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        COOKIES_PY.replace(
            "    assert \"samesite\" in cookie\n\n\n",
            "    assert \"samesite\" in cookie\n    assert \"partitioned\" in cookie\n\n\n"
        )
    );
}

/// Without the header the piece has no pin: either run may be the one extended.
#[test]
fn the_same_lines_without_the_pin_stay_ambiguous() {
    let snippet = r#"    # ...
    assert "path=/" in cookie
    assert "secure" in cookie
    assert "samesite" in cookie
    assert "partitioned" in cookie
    # ...
"#;
    assert_eq!(reason(COOKIES_PY, snippet), SnippetReason::Ambiguous);
}

/// A piece that changes nothing beside the pin can only mean the farther window's deletion
/// (the first run kept, the rest down to the header gone): refused, not read as a no-op.
#[test]
fn a_pinned_piece_that_changes_nothing_beside_the_pin_stays_refused() {
    let snippet = r#"    # ...
    assert "path=/" in cookie
    assert "secure" in cookie
    assert "samesite" in cookie


def test_session_using_samesite_attribute(app, client):
    # ...
"#;
    assert!(apply_snippet(COOKIES_PY, snippet, &Options::default()).is_err());
}

/// Twin functions, the model's edit of the first omitting its `fh.seek(0)`: neither window
/// holds a line the file holds once, so the twin without the omission does not take it.
#[test]
fn an_edit_of_one_of_two_twins_with_a_line_omitted_stays_refused() {
    let file = "def load(path):
    with open(path) as fh:
        text = fh.read()
    text = text.decode(\"utf-8\")
    return parse(text)


def load_encoded(path, encoding):
    with open(path) as fh:
        fh.seek(0)
        text = fh.read()
    text = text.decode(\"utf-8\")
    return parse(text)
";
    let snippet = "# ... existing code ...
    with open(path) as fh:
        text = fh.read()
    text = text.decode(encoding)
    return parse(text)
";
    assert!(apply_snippet(file, snippet, &Options::default()).is_err());
}

/// A new first line above a repeated line the pin places: it reads as an edit of the line
/// above either copy (here the first, an edited `matches_case_insensitive` call) as well as
/// a line added above the second.
#[test]
fn a_new_line_beyond_the_repeated_ones_stays_refused() {
    let file = "fn matches(ext: &str) -> bool {
    let found = matches_case_insensitive(ext, &filter.extensions);
    return_value_checked(found);
    let relative = path.strip_prefix(root);
    return_value_checked(found);
    log_the_value_once(found);
}
";
    let snippet = "// ... existing code ...
    let found = matches_case_insensitive2(ext, &filter.extensions);
    return_value_checked(found);
    log_the_value_once(found);
// ... existing code ...
";
    assert_eq!(reason(file, snippet), SnippetReason::Ambiguous);
}

/// A repeated `log.debug(...)` line, the file's `index = Index(shards=4)` two lines past its
/// first copy, and the pin `return index.finish(docs)` after the second.
const INDEX_PY: &str = r#"def build_index(docs):
    log.debug("building the index now")
    settings = load_index_settings()
    index = Index(shards=4)
    index.optimize()
    log.debug("building the index now")
    return index.finish(docs)
"#;

/// A new line unlike any line near the first copy goes beside the pin.
#[test]
fn a_new_line_unlike_the_lines_by_the_farther_copy_merges_beside_the_pin() {
    let snippet = r#"# ... existing code ...
    log.debug("building the index now")
    metrics.increment("index.builds")
    return index.finish(docs)
# ... existing code ...
"#;
    let out = apply_snippet(INDEX_PY, snippet, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        INDEX_PY.replace(
            "    return index",
            "    metrics.increment(\"index.builds\")\n    return index"
        )
    );
}

/// `Index(shards=8)` edits the `Index(shards=4)` line two lines past the farther copy: beside
/// the pin it would stand as a second index, the old one kept. Refused.
#[test]
fn a_new_line_editing_a_line_by_the_farther_copy_stays_refused() {
    let snippet = r#"# ... existing code ...
    log.debug("building the index now")
    index = Index(shards=8)
    return index.finish(docs)
# ... existing code ...
"#;
    assert_eq!(reason(INDEX_PY, snippet), SnippetReason::Ambiguous);
}

/// Two `client.use(...)` copies, `client.setTimeout(5000)` between them.
const CLIENT_TS: &str = "export function createClient(options: ClientOptions): Client {
  const client = new Client(options.baseUrl);
  client.use(loggingMiddleware);
  client.setTimeout(5000);
  client.use(loggingMiddleware);
  client.setRetryPolicy(defaultRetryPolicy);
  return client;
}
";

/// The old line with tokens added (`options.timeout ?? 5000`) is an edit of it though the
/// characters differ much: refused. A call with the same head and other arguments alone
/// (`client.on(...)` is no edit of `client.setTimeout(...)`) goes beside the pin.
#[test]
fn a_line_rewritten_by_adding_to_it_is_an_edit_a_new_call_is_not() {
    let edit = "// ... existing code ...
  client.use(loggingMiddleware);
  client.setTimeout(options.timeout ?? 5000);
  client.setRetryPolicy(defaultRetryPolicy);
// ... existing code ...
";
    assert_eq!(reason(CLIENT_TS, edit), SnippetReason::Ambiguous);
    let added = "// ... existing code ...
  client.use(loggingMiddleware);
  client.on(\"error\", reportClientError);
  client.setRetryPolicy(defaultRetryPolicy);
// ... existing code ...
";
    let out = apply_snippet(CLIENT_TS, added, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        CLIENT_TS.replace(
            "  client.setRetryPolicy",
            "  client.on(\"error\", reportClientError);\n  client.setRetryPolicy"
        )
    );
}

/// `writer.writerow(FOOTER_FIELDS)` one word from the loop's `writer.writerow(row)` near the
/// farther copy, but a level deeper: no edit of it; the footer goes beside the pin.
#[test]
fn a_look_alike_at_another_depth_is_no_edit() {
    let file = "def export(rows):
    writer.writerow(HEADER_FIELDS)
    for row in rows:
        writer.writerow(row)
    writer.writerow(HEADER_FIELDS)
    stream.flush_to_disk()
";
    let snippet = "# ... existing code ...
    writer.writerow(HEADER_FIELDS)
    writer.writerow(FOOTER_FIELDS)
    stream.flush_to_disk()
# ... existing code ...
";
    let out = apply_snippet(file, snippet, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        file.replace(
            "    stream",
            "    writer.writerow(FOOTER_FIELDS)\n    stream"
        )
    );
}

/// The edited line farther from the farther copy, two lines above the nearer one: beside the
/// nearer copy the new index would stand three lines below the old one. Refused.
#[test]
fn a_new_line_editing_a_line_just_above_the_nearer_copy_stays_refused() {
    let file = r#"def build_index(docs):
    log.debug("building the index now")
    settings = load_index_settings()
    retries = settings.retries
    timeout = settings.timeout
    index = Index(shards=4)
    index.optimize()
    log.debug("building the index now")
    return index.finish(docs)
"#;
    let snippet = r#"# ... existing code ...
    log.debug("building the index now")
    index = Index(shards=8)
    return index.finish(docs)
# ... existing code ...
"#;
    assert_eq!(reason(file, snippet), SnippetReason::Ambiguous);
}

/// Two methods with doc comments, one without (ripgrep `matcher/src/lib.rs`): a bare `///`
/// stands in both doc comments.
const SEARCHER_RS: &str = r#"impl Searcher {
    /// Finds the first match.
    ///
    /// Returns its range.
    fn find(&self, haystack: &[u8]) -> Option<Match> {
        self.inner.find(haystack)
    }

    fn is_match(&self, haystack: &[u8]) -> bool {
        self.find(haystack).is_some()
    }

    /// Returns the end of the shortest match.
    ///
    /// By default, this method is implemented by calling `find`.
    fn shortest_match(&self, haystack: &[u8]) -> Option<usize> {
        self.find(haystack).map(|m| m.end())
    }
}
"#;

/// A short line repeated before the pin that ends no block (`///`) goes beside the pin: the
/// farther `///` would keep the first lines of `find`'s doc comment and delete the rest of it
/// with `find` and `is_match`, no omission a model makes.
#[test]
fn a_short_comment_line_repeated_before_the_pin_is_read_beside_it() {
    let snippet = r#"    // ... existing code ...
    ///
    /// By default, this method is implemented by calling `find`.
    #[inline]
    fn shortest_match(&self, haystack: &[u8]) -> Option<usize> {
    // ... existing code ...
"#;
    let out = apply_snippet(SEARCHER_RS, snippet, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        SEARCHER_RS.replace(
            "`find`.\n    fn shortest_match",
            "`find`.\n    #[inline]\n    fn shortest_match"
        )
    );
}

/// A `}` repeated before the pin ends a block: the farther window deletes `is_match`, a whole
/// sibling, which a model does by omission. Both places stay open.
#[test]
fn a_block_end_repeated_before_the_pin_stays_ambiguous() {
    let snippet = r#"    // ... existing code ...
    }

    /// Returns the end of the shortest match.
    ///
    /// By default, this method is implemented by calling `find`.
    #[inline]
    fn shortest_match(&self, haystack: &[u8]) -> Option<usize> {
    // ... existing code ...
"#;
    assert_eq!(reason(SEARCHER_RS, snippet), SnippetReason::Ambiguous);
}

/// The same `///` piece changing nothing beside the pin can only mean the farther window's
/// deletion: refused.
#[test]
fn a_short_comment_line_piece_that_changes_nothing_stays_refused() {
    let snippet = r#"    // ... existing code ...
    ///
    /// By default, this method is implemented by calling `find`.
    fn shortest_match(&self, haystack: &[u8]) -> Option<usize> {
    // ... existing code ...
"#;
    assert_eq!(reason(SEARCHER_RS, snippet), SnippetReason::Ambiguous);
}
