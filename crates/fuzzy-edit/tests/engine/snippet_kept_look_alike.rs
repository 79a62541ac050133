//! A new line written beside a line the file repeats, one word apart from the file's line
//! beside the other copy: an edit of that line paired at the wrong copy, or a line added?
//! Refused; the same addition with the look-alike shown, or with no look-alike, merges.

use fuzzy_edit::{apply_snippet, EditError, Options};

fn merged(file: &str, snippet: &str) -> Result<String, Box<EditError>> {
    apply_snippet(file, snippet, &Options::default())
        .map(|a| a.text)
        .map_err(Box::new)
}

const SESSION: &str = "def connect(url):
    session = make_session(url)
    session.headers.update(DEFAULT_HEADERS)
    session.mount(\"https://\", HTTPAdapter(max_retries=3))
    session.headers.update(DEFAULT_HEADERS)
    return session
";

// `max_retries=5` meant for the `3` line after the first `headers.update`: inserted before
// it, the `3` line kept, was the merge before this rule.
#[test]
fn an_edit_paired_at_the_other_copy_of_a_repeated_line_is_refused() {
    let snippet = "# ... existing code ...
    session = make_session(url)
    session.mount(\"https://\", HTTPAdapter(max_retries=5))
    session.headers.update(DEFAULT_HEADERS)
    # ... existing code ...
";
    let err = merged(SESSION, snippet).unwrap_err();
    assert_eq!(err.rule(), "snippet_edited_edge", "{err}");
    let text = err.to_string();
    assert!(
        text.contains("line 3 of the snippet") && text.contains("line 4"),
        "{text}"
    );
}

// The same place with a line that is no edit of the file's lines: added.
#[test]
fn a_new_line_unlike_the_kept_ones_is_added() {
    let snippet = "# ... existing code ...
    session = make_session(url)
    session.verify = False
    session.headers.update(DEFAULT_HEADERS)
    # ... existing code ...
";
    assert_eq!(
        merged(SESSION, snippet).unwrap(),
        SESSION.replace("(url)\n", "(url)\n    session.verify = False\n")
    );
}

const CONFIG: &str = "def configure(app):
    app.logger.info(\"configuring application\")
    app.config[\"SESSION_COOKIE_SECURE\"] = False
    app.logger.info(\"configuring application\")
    app.config[\"REMEMBER_COOKIE_SECURE\"] = False
    register_blueprints(app)
";

// `SESSION_COOKIE_SECURE = True` replacing the `REMEMBER` line after the second logger line
// kept `SESSION ... = False` after the first: refused. Shown, the look-alike is kept as
// meant and the new line replaces the line between the shown ones.
#[test]
fn a_replacement_beside_the_other_copy_of_its_look_alike_is_refused_unless_shown() {
    let snippet = "# ... existing code ...
    app.logger.info(\"configuring application\")
    app.config[\"SESSION_COOKIE_SECURE\"] = True
    register_blueprints(app)
# ... existing code ...
";
    let err = merged(CONFIG, snippet).unwrap_err();
    assert_eq!(err.rule(), "snippet_edited_edge", "{err}");
    let shown = "# ... existing code ...
    app.config[\"SESSION_COOKIE_SECURE\"] = False
    app.logger.info(\"configuring application\")
    app.config[\"REMEMBER_COOKIE_SECURE\"] = True
    register_blueprints(app)
# ... existing code ...
";
    assert_eq!(
        merged(CONFIG, shown).unwrap(),
        CONFIG.replace(
            "\"REMEMBER_COOKIE_SECURE\"] = False",
            "\"REMEMBER_COOKIE_SECURE\"] = True"
        )
    );
}

const INDEX: &str = "def build_index(docs):
    index = Index(shards=4)
    log.debug(\"building the index now\")
    index.optimize()
    log.debug(\"building the index now\")
    return index.finish(docs)
";

// `shards=8` written after the second `log.debug`, the `4` line standing before the first:
// an edit of that line remembered in the wrong order, or a second index? Refused.
#[test]
fn an_edit_whose_look_alike_stands_before_the_other_copy_is_refused() {
    let snippet = "# ... existing code ...
    log.debug(\"building the index now\")
    index = Index(shards=8)
    return index.finish(docs)
# ... existing code ...
";
    let err = merged(INDEX, snippet).unwrap_err();
    assert_eq!(err.rule(), "snippet_edited_edge", "{err}");
    assert!(err.to_string().contains("line 2"), "{err}");
}

// A new arm among sibling arms (`case X:` / `break;`): the line before the shown `break;` is a
// sibling of the new line as much as the one before the other copy is, so the arm is added.
#[test]
fn a_sibling_arm_after_a_repeated_line_is_added() {
    let file = "switch (kind) {
  case Kind.Pipeline:
    break;
  case Kind.Promise:
    break;
  default:
    fail(kind);
}
";
    let snippet = "// ... existing code ...
  case Kind.Promise:
    break;
  case Kind.Symbol:
    break;
  default:
// ... existing code ...
";
    assert_eq!(
        merged(file, snippet).unwrap(),
        file.replace("  default:", "  case Kind.Symbol:\n    break;\n  default:")
    );
}
