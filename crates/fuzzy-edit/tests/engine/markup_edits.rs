//! Markdown and HTML files, where a fence, a sentence or `&lt;` may be the author's: the
//! model's wrapper or escaping is taken off only on evidence (a fence that would break the
//! file's own fences or is tagged with the file's language, a sentence about the edit, an
//! entity where the paired line of `old` has the raw character), and the same text written as
//! content lands as written. A file that writes entities is matched with them decoded.

use fuzzy_edit::{apply_with, Edit, Options};

fn prose() -> Options {
    Options {
        prose: true,
        ..Options::default()
    }
}

fn result(file: &str, old: &str, new: &str) -> String {
    match apply_with(file, &[Edit::new(old, new)], &prose()) {
        Ok(out) => out.text,
        Err(e) => panic!("expected the edit to apply, got: {e}"),
    }
}

const README: &str = "# tool\n\nCount words:\n\n```rust\nfn main() {\n    let n = count();\n    println!(\"{}\", n);\n}\n```\n\nMore text.\n";

#[test]
fn a_fence_inside_a_code_block_of_the_readme_is_not_written() {
    let new = "```markdown\n    let n = count_words();\n    println!(\"{}\", n);\n```";
    let got = result(
        README,
        "    let n = count();\n    println!(\"{}\", n);",
        new,
    );
    assert_eq!(got, README.replace("count()", "count_words()"));
}

#[test]
fn a_fence_around_a_block_opening_line_of_old_is_not_written() {
    let file = "## Synopsis\n\n```bash\nnpm explore <pkg>\n```\n";
    let new = "```markdown\n## Synopsis\n\n```sh\n```";
    let got = result(file, "## Synopsis\n\n```bash", new);
    assert_eq!(got, "## Synopsis\n\n```sh\nnpm explore <pkg>\n```\n");
}

#[test]
fn a_markdown_fence_around_markdown_text_is_not_written() {
    let file = "# Title\n\nIntro line one.\nIntro line two.\n\n```sh\nmake\n```\n";
    let new = "```markdown\nIntro line one.\nIntro line 2.\n```\n";
    let got = result(file, "Intro line one.\nIntro line two.", new);
    assert_eq!(
        got,
        "# Title\n\nIntro line one.\nIntro line 2.\n\n```sh\nmake\n```\n"
    );
}

#[test]
fn a_real_code_block_added_to_markdown_lands() {
    // Outside any block, a paragraph followed by a new fenced example.
    let new = "More text.\n\n```sh\ncargo run\n```";
    let got = result(README, "More text.", new);
    assert_eq!(got, README.replace("More text.\n", &format!("{new}\n")));
    // Text turned into a code block of its own language.
    let file = "# A\n\nRun npm install here.\n\n```js\nx()\n```\n";
    let new = "```sh\nRun npm install here.\n```";
    let got = result(file, "Run npm install here.", new);
    assert_eq!(
        got,
        "# A\n\n```sh\nRun npm install here.\n```\n\n```js\nx()\n```\n"
    );
    // Inside a block opened by four backticks, a three-backtick block is its content.
    let file = "````markdown\nExample:\nsome text\n````\n";
    let got = result(file, "some text", "```sh\nsome text\n```");
    assert_eq!(got, "````markdown\nExample:\n```sh\nsome text\n```\n````\n");
}

#[test]
fn a_sentence_about_the_edit_is_not_written_into_html() {
    let file = "<div>\n<p>one</p>\n</div>\n</div>\n";
    let want = "<div>\n<p>one, two</p>\n</div>\n</div>\n";
    let new = "Here is the updated code:\n\n<p>one, two</p>\n</div>";
    assert_eq!(result(file, "<p>one</p>\n</div>", new), want);
    let new = "<p>one, two</p>\n</div>\n\nThis keeps the rest of the file unchanged.";
    assert_eq!(result(file, "<p>one</p>\n</div>", new), want);
}

#[test]
fn a_sentence_of_the_document_lands() {
    let file = "# Usage\n\nRun the tool.\n";
    let got = result(
        file,
        "Run the tool.",
        "Run the tool.\n\nIt reads standard input.",
    );
    assert_eq!(
        got,
        "# Usage\n\nRun the tool.\n\nIt reads standard input.\n"
    );
    // A tutorial that talks so itself keeps the sentence.
    let file = "Here is the updated code:\n\nx = 1\n\nEnd.\n";
    let got = result(file, "End.", "Here is the updated code:\n\ny = 2\n\nEnd.");
    assert_eq!(
        got,
        "Here is the updated code:\n\nx = 1\n\nHere is the updated code:\n\ny = 2\n\nEnd.\n"
    );
}

#[test]
fn an_html_escaped_new_for_raw_markup_is_decoded() {
    let file = "<ul>\n<li><a href=\"a.html\">a</a></li>\n</ul>\n";
    let old = "<li><a href=\"a.html\">a</a></li>";
    let new = "&lt;li&gt;&lt;a href=\"b.html\"&gt;a&lt;/a&gt;&lt;/li&gt;";
    assert_eq!(
        result(file, old, new),
        "<ul>\n<li><a href=\"b.html\">a</a></li>\n</ul>\n"
    );
    // Fenced and escaped at once.
    let new = format!("```html\n{new}\n```");
    assert_eq!(
        result(file, old, &new),
        "<ul>\n<li><a href=\"b.html\">a</a></li>\n</ul>\n"
    );
}

#[test]
fn an_entity_the_author_writes_lands() {
    let file = "<p>Use the tag.</p>\n";
    let got = result(file, "<p>Use the tag.</p>", "<p>Use the &lt;b&gt; tag.</p>");
    assert_eq!(got, "<p>Use the &lt;b&gt; tag.</p>\n");
    // A whole line escaped on purpose.
    let file = "<b>x</b>\n";
    assert_eq!(
        result(file, "<b>x</b>", "&lt;b&gt;x&lt;/b&gt;"),
        "&lt;b&gt;x&lt;/b&gt;\n"
    );
    // Markdown text comparing two numbers.
    let file = "# Notes\n\nIt holds when a is small.\n";
    let got = result(file, "It holds when a is small.", "It holds when a &lt; b.");
    assert_eq!(got, "# Notes\n\nIt holds when a &lt; b.\n");
}

#[test]
fn a_file_that_writes_entities_is_matched_decoded_and_keeps_them() {
    let file = "<pre>npm explore &lt;pkg&gt; [ -- &lt;cmd&gt;]</pre>\n<p>Next&nbsp;&gt;&gt;</p>\n";
    // `old` decoded, `new` decoded.
    let got = result(
        file,
        "<pre>npm explore <pkg> [ -- <cmd>]</pre>\n<p>Next\u{a0}>></p>",
        "<pre>npm explore <pkg> [ -- <cmd>] --yes</pre>\n<p>Next\u{a0}>></p>",
    );
    assert_eq!(
        got,
        "<pre>npm explore &lt;pkg&gt; [ -- &lt;cmd&gt;] --yes</pre>\n<p>Next&nbsp;&gt;&gt;</p>\n"
    );
    // `old` decoded, `new` in the file's escaping.
    let got = result(
        file,
        "<pre>npm explore <pkg> [ -- <cmd>]</pre>",
        "<pre class=\"x\">npm explore &lt;pkg&gt; [ -- &lt;cmd&gt;]</pre>",
    );
    assert_eq!(
        got,
        "<pre class=\"x\">npm explore &lt;pkg&gt; [ -- &lt;cmd&gt;]</pre>\n<p>Next&nbsp;&gt;&gt;</p>\n"
    );
}

#[test]
fn an_html_comment_elision_marker_stands_for_the_lines_it_covers() {
    let file = "<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n</ul>\n";
    let old = "<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>";
    let new = "<ul>\n<li>a</li>\n<!-- ... existing items ... -->\n<li>c</li>\n<li>d</li>";
    assert_eq!(
        result(file, old, new),
        "<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n<li>d</li>\n</ul>\n"
    );
}

#[test]
fn an_unclear_html_comment_marker_is_named_whole_in_the_refusal() {
    // Does `<li>z</li>` replace `<li>c</li>` or follow it? The marker's lines are unclear.
    let file = "<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n</ul>\n";
    let old = "<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n</ul>";
    let new = "<ul>\n<li>a2</li>\n<!-- ... existing content ... -->\n<li>z</li>\n</ul>";
    let err = apply_with(file, &[Edit::new(old, new)], &prose()).unwrap_err();
    assert!(
        err.to_string()
            .contains("`<!-- ... existing content ... -->`"),
        "{err}"
    );
}

#[test]
fn an_html_comment_marker_closing_new_stands_for_the_rest_of_old() {
    let file = "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n";
    let new = "<ul>\n<li>a2</li>\n<!-- ... existing content ... -->";
    assert_eq!(
        result(file, "<ul>\n<li>a</li>\n<li>b</li>\n</ul>", new),
        "<ul>\n<li>a2</li>\n<li>b</li>\n</ul>\n"
    );
}

// A file that writes an entity in one string: the `<` or `&&` the model adds to the code
// beside it is code, not text, and is written as the model wrote it.
#[test]
fn operators_added_beside_an_escaped_string_stay_raw() {
    let file = "LABEL = \"&lt;none&gt;\"\ndef f(a, b):\n    return a\n";
    let old = "LABEL = \"<none>\"\ndef f(a, b):\n    return a";
    let new = "LABEL = \"<none>\"\ndef f(a, b):\n    return a < b and a && b";
    let out = apply_with(file, &[Edit::new(old, new)], &Options::default()).unwrap();
    assert_eq!(
        out.text,
        "LABEL = \"&lt;none&gt;\"\ndef f(a, b):\n    return a < b and a && b\n"
    );
    // A line added fresh is the model's too.
    let new = "LABEL = \"<none>\"\ndef f(a, b):\n    return a\nURL = \"x?a=1&b=2\"";
    let out = apply_with(file, &[Edit::new(old, new)], &Options::default()).unwrap();
    assert!(
        out.text.ends_with("    return a\nURL = \"x?a=1&b=2\"\n"),
        "{}",
        out.text
    );
}
