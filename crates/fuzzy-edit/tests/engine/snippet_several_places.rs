//! Lazy snippets that change several places of a file, each piece shown with a few lines of
//! context and no enclosing function's first line: a marker then stands for the end of one
//! function and the start of the next. The file the model meant, or a refusal.

use fuzzy_edit::{apply_snippet, Options};

use super::support::merged;

fn refused(file: &str, snippet: &str) -> &'static str {
    match apply_snippet(file, snippet, &Options::default()) {
        Ok(out) => panic!("merged:\n{}", out.text),
        Err(e) => e.rule(),
    }
}

const TWO_FUNCTIONS: &str = "def load(path):\n    with open(path) as f:\n        data = f.read()\n    return json.loads(data)\n\n\ndef show_stats(dirnames, graphs):\n    table = []\n    for dirname in dirnames:\n        row = summarize(dirname)\n        table.append(row)\n    return render(table)\n\n\ndef main():\n    show_stats([\"a\"], False)\n";

/// A piece in the next function, shown with its context but not the function's first line,
/// after a marker written at its depth: the marker stands for the rest of the first function
/// and the next one's first lines (refused as `crosses_scope` before).
#[test]
fn a_piece_in_the_next_function_stands_there_when_it_fits_nowhere_else() {
    let snippet = "def load(path):\n    with open(path, encoding=\"utf-8\") as f:\n        data = f.read()\n    # ... existing code ...\n    for dirname in dirnames:\n        row = summarize(dirname, graphs)\n        table.append(row)\n    return render(table)\n# ... existing code ...\n";
    let want = TWO_FUNCTIONS
        .replace("open(path)", "open(path, encoding=\"utf-8\")")
        .replace("summarize(dirname)", "summarize(dirname, graphs)");
    assert_eq!(merged(TWO_FUNCTIONS, snippet), want);
}

/// The same piece past the block when the block ends with a line somewhat like one the piece
/// pairs (`return render_data(data)` beside `return render(table)`, two tokens apart): not
/// the stale copy of that line the piece might be meant for. It stands in the next function
/// (refused as `crosses_scope` while a look-alike was a line 0.6 alike).
#[test]
fn a_line_unlike_enough_inside_the_block_does_not_hold_the_piece_back() {
    let file = TWO_FUNCTIONS.replace("return json.loads(data)", "return render_data(data)");
    let snippet = "def load(path):\n    with open(path, encoding=\"utf-8\") as f:\n        data = f.read()\n    # ... existing code ...\n    for dirname in dirnames:\n        row = summarize(dirname, graphs)\n        table.append(row)\n    return render(table)\n# ... existing code ...\n";
    let want = file
        .replace("open(path)", "open(path, encoding=\"utf-8\")")
        .replace("summarize(dirname)", "summarize(dirname, graphs)");
    assert_eq!(merged(&file, snippet), want);
    // One token apart, it may be the line the piece is meant for, as the model remembers it.
    let file = TWO_FUNCTIONS.replace("return json.loads(data)", "return render(data)");
    assert_eq!(refused(&file, snippet), "snippet_crosses_scope");
}

/// The same piece opening with lines the file does not hold: whether the marker covers the
/// function's lines or the new lines replace them is open. Refused.
#[test]
fn a_piece_past_the_block_that_opens_with_new_lines_is_refused() {
    let snippet = "def load(path):\n    with open(path) as f:\n        # ... existing code ...\n        cached = cache.get(dirname)\n        row = cached or summarize(dirname)\n        table.append(row)\n    return render(table)\n# ... existing code ...\n";
    assert_eq!(refused(TWO_FUNCTIONS, snippet), "snippet_crosses_scope");
}

/// A piece of generic lines past the block (`return y` alone names nothing): the marker does
/// not stretch over the function's end to reach it. Refused.
#[test]
fn a_generic_piece_past_the_block_is_refused() {
    let file = "def a():\n    x = 1\n    return x\n\n\ndef b():\n    y = 2\n    return y\n";
    let snippet = "def a():\n    x = 10\n    # ... existing code ...\n    log(y)\n    return y\n";
    refused(file, snippet);
}

/// A piece past the block that writes new a line the block holds: the model may have copied
/// a later function's line into the block (`validate_schema(data)` from `save`, written into
/// `load` before its `return data`). Refused.
#[test]
fn a_piece_past_the_block_with_a_line_the_block_holds_is_refused() {
    let file = "def load(path):\n    text = read_text(path)\n    data = parse(text)\n    return data\n\n\ndef save(path, data):\n    text = dump(data)\n    validate_schema(data)\n    write_text(path, text)\n";
    let snippet = "def load(path):\n    text = read_text(path)\n    # ... existing code ...\n    validate_schema(data)\n    return data\n# ... existing code ...\n";
    refused(file, snippet);
}

/// A piece ending with a block's opening line, a marker at that line's depth, and a piece at
/// the same depth: the piece may be the block's last lines written a level too shallow as well
/// as the code after the block. The marker stands for lines of that block, and a piece that
/// fits only past it is refused (reading it as after the block merged 140 of an adversarial
/// review's generated cases wrong, and a real `acme.sh` change that merged right before).
#[test]
fn a_piece_at_an_openers_depth_past_its_block_is_refused() {
    let file = "def run(command, error_print=None):\n    try:\n        return execute(command)\n    except OSError as e:\n        message = f\"Error: {e}\"\n        if error_print is None:\n            print(message)\n        else:\n            error_print(message)\n        return None\n\n\ndef execute(command):\n    return command.run()\n";
    let snippet = "    except OSError as e:\n        message = f\"Error: {e}\"\n        if error_print is None:\n        # ... existing code ...\n        return None\n\n\ndef execute(command, cwd=None):\n    return command.run()\n";
    assert_eq!(refused(file, snippet), "snippet_crosses_scope");
}

/// A marker deeper than the opening line keeps the piece inside the block it opens: `class A:`,
/// a marker, `def f(self):` found only in class B is refused.
#[test]
fn a_deeper_marker_after_an_opener_still_keeps_the_piece_inside() {
    let file = "class A:\n    x = 1\n\nclass B:\n    def f(self):\n        return 1\n";
    let snippet = "class A:\n    # ...\n    def f(self):\n        return 2";
    assert_eq!(refused(file, snippet), "snippet_crosses_scope");
}

/// A piece past the block whose lines the functions the marker passes over whole hold too
/// (`table.append(row)` in `collect` as in `show_stats`): those copies are no stale look-alike
/// of the block's lines, which is looked for in the block alone. The piece stands where its
/// lines are (refused as `crosses_scope` while the functions between were searched as well:
/// a test file's `assert result.exit_code == 0` in every test).
#[test]
fn copies_in_the_functions_passed_over_do_not_hold_the_piece_back() {
    let file = TWO_FUNCTIONS.replace(
        "def show_stats",
        "def collect(rows):\n    table = []\n    for row in rows:\n        table.append(row)\n    return table\n\n\ndef show_stats",
    );
    let snippet = "def load(path):\n    with open(path, encoding=\"utf-8\") as f:\n        data = f.read()\n    # ... existing code ...\n    for dirname in dirnames:\n        row = summarize(dirname, graphs)\n        table.append(row)\n    return render(table)\n# ... existing code ...\n";
    let want = file
        .replace("open(path)", "open(path, encoding=\"utf-8\")")
        .replace("summarize(dirname)", "summarize(dirname, graphs)");
    assert_eq!(merged(&file, snippet), want);
}

/// A piece ending with a docstring's wrapped line (the next line deeper), a marker at the
/// deeper line's depth, and a piece at the function body's depth: the marker stands for the
/// rest of the docstring and the lines after it, not for the wrapped line's continuation
/// alone (refused as `crosses_scope` when the wrapped line was read as a block's opener).
#[test]
fn a_marker_after_a_wrapped_line_stands_for_the_lines_after_it_too() {
    let file = "def version_option(version=None):\n    \"\"\"Add a version option.\n\n    :param version: The version number to show. If not provided,\n        Click will try to detect it.\n    :param name: The name.\n    \"\"\"\n    kwargs = {}\n    kwargs[\"help\"] = \"Show the version.\"\n    return option(**kwargs)\n";
    let snippet = "def version_option(version=None):\n    \"\"\"Add a version option, frozen.\n\n    :param version: The version number to show. If not provided,\n        # ... rest of the code ...\n    kwargs = {}\n    kwargs[\"help\"] = \"Show the version and exit.\"\n    return option(**kwargs)\n";
    let want = file
        .replace("option.\n", "option, frozen.\n")
        .replace("version.\"", "version and exit.\"");
    assert_eq!(merged(file, snippet), want);
}

/// A piece whose last line (`@Override`) it shows three times, one of them new, ends at the
/// nearer copy when the farther one would delete the method between: the nearer window is a
/// rival though it writes again a method the file holds elsewhere, as the farther one does.
#[test]
fn a_nearer_end_is_a_rival_when_the_farther_writes_the_same_header_again() {
    let file = "class G {\n    @Override\n    public void set(int x) {\n        throw new E();\n    }\n\n    @Override\n    public boolean in(Date d) {\n        return false;\n    }\n\n    @Override\n    public String name() {\n        return id;\n    }\n\n    @Override\n    public int hash() {\n        return offset;\n    }\n\n    @Override\n    public boolean eq(Object o) {\n        return o == this;\n    }\n}\n";
    let snippet = "    // ... existing code ...\n    public boolean in(Date d) {\n        return false;\n    }\n\n    @Override\n    public void set(int x) {\n        throw new E();\n    }\n\n    @Override\n    public String name() {\n        return id;\n    }\n\n    @Override\n    // ... existing code ...\n";
    match apply_snippet(file, snippet, &Options::default()) {
        Ok(a) => assert!(a.text.contains("public int hash()"), "{}", a.text),
        Err(e) => assert_eq!(e.rule(), "snippet_ambiguous"),
    }
}
