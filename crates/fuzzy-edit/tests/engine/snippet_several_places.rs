//! Lazy snippets that change several places of a file, each piece shown with a few lines of
//! context and no enclosing function's first line: a marker then stands for the end of one
//! function and the start of the next. The file the model meant, or a refusal.

use fuzzy_edit::{apply_snippet, Options};

fn merged(file: &str, snippet: &str) -> String {
    match apply_snippet(file, snippet, &Options::default()) {
        Ok(out) => out.text,
        Err(e) => panic!("refused: {e}"),
    }
}

const TWO_FUNCTIONS: &str = "def load(path):\n    with open(path) as f:\n        data = f.read()\n    return data\n\n\ndef show_stats(dirnames, graphs):\n    rows = []\n    for dirname in dirnames:\n        row = summarize(dirname)\n        rows.append(row)\n    return rows\n\n\ndef main():\n    show_stats([\"a\"], False)\n";

/// A piece in the next function, shown with its context but not the function's first line,
/// after a marker written at its depth: the marker stands for the rest of the first function
/// and the next one's first lines (refused as `crosses_scope` before).
#[test]
fn a_piece_in_the_next_function_stands_there_when_it_fits_nowhere_else() {
    let snippet = "def load(path):\n    with open(path, encoding=\"utf-8\") as f:\n        data = f.read()\n    # ... existing code ...\n    for dirname in dirnames:\n        row = summarize(dirname, graphs)\n        rows.append(row)\n    return rows\n# ... existing code ...\n";
    let want = TWO_FUNCTIONS
        .replace("open(path)", "open(path, encoding=\"utf-8\")")
        .replace("summarize(dirname)", "summarize(dirname, graphs)");
    assert_eq!(merged(TWO_FUNCTIONS, snippet), want);
}

/// The same piece opening with lines the file does not hold: whether the marker covers the
/// function's lines or the new lines replace them is open. Refused.
#[test]
fn a_piece_past_the_block_that_opens_with_new_lines_is_refused() {
    let snippet = "def load(path):\n    with open(path) as f:\n        # ... existing code ...\n        cached = cache.get(dirname)\n        row = cached or summarize(dirname)\n        rows.append(row)\n    return rows\n# ... existing code ...\n";
    let refused = apply_snippet(TWO_FUNCTIONS, snippet, &Options::default()).unwrap_err();
    assert_eq!(refused.rule(), "snippet_crosses_scope");
}

/// A piece of generic lines past the block (`return rows` alone names nothing the file holds
/// once): the marker does not stretch over the function's end to reach it. Refused.
#[test]
fn a_generic_piece_past_the_block_is_refused() {
    let file = "def a():\n    x = 1\n    return x\n\n\ndef b():\n    y = 2\n    return y\n";
    let snippet = "def a():\n    x = 10\n    # ... existing code ...\n    log(y)\n    return y\n";
    assert!(apply_snippet(file, snippet, &Options::default()).is_err());
}

/// A piece ending with a block's opening line, a marker at that line's depth, and a piece at
/// the same depth: the marker stands for the block's body, and the piece goes after it.
#[test]
fn a_marker_at_an_openers_depth_stands_for_its_body_and_what_follows() {
    let file = "def run(command, error_print=None):\n    try:\n        return execute(command)\n    except OSError as e:\n        message = f\"Error: {e}\"\n        if error_print is None:\n            print(message)\n        else:\n            error_print(message)\n        return None\n\n\ndef execute(command):\n    return command.run()\n";
    let snippet = "    except OSError as e:\n        message = f\"Error: {e}\"\n        if error_print is None:\n        # ... existing code ...\n        return None\n\n\ndef execute(command, cwd=None):\n    return command.run()\n";
    let want = file.replace("def execute(command):", "def execute(command, cwd=None):");
    assert_eq!(merged(file, snippet), want);
}

/// A marker deeper than the opening line keeps the piece inside the block it opens: `class A:`,
/// a marker, `def f(self):` found only in class B is refused.
#[test]
fn a_deeper_marker_after_an_opener_still_keeps_the_piece_inside() {
    let file = "class A:\n    x = 1\n\nclass B:\n    def f(self):\n        return 1\n";
    let snippet = "class A:\n    # ...\n    def f(self):\n        return 2";
    let refused = apply_snippet(file, snippet, &Options::default()).unwrap_err();
    assert_eq!(refused.rule(), "snippet_crosses_scope");
}
