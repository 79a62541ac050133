//! Lazy-snippet shapes models write every day, each merged where its lines say, beside a near
//! twin whose lines leave the place open and that stays refused: a closing line after a
//! marker, a block's opening line as the anchor in brace languages, a first line the file
//! repeats (still refused: see docs/snippets.md), a Python stub body `...`, a tab-indented
//! snippet for a file indented with spaces, a marker deeper than the piece before it.

use fuzzy_edit::snippet::SnippetReason;
use fuzzy_edit::{apply_snippet, EditError, Options};

fn merged(file: &str, snippet: &str) -> Result<String, Box<EditError>> {
    apply_snippet(file, snippet, &Options::default())
        .map(|a| a.text)
        .map_err(Box::new)
}

fn reason(e: &EditError) -> SnippetReason {
    match e {
        EditError::SnippetUnplaced { reason, .. } => *reason,
        other => panic!("not a placement refusal: {other:?}"),
    }
}

const STATUS_JS: &str = "res.status = function status(code) {
  // Check if the status code is not an integer
  if (!Number.isInteger(code)) {
    throw new TypeError('not an integer');
  }

  this.statusCode = code;
  return this;
};

res.links = function(links) {
  var link = '';
  return this;
};

res.send = function send(body) {
  var chunk = body;
  return this;
};
";

#[test]
fn a_closing_line_after_a_marker_closes_the_block_the_snippet_opened() {
    let snippet = "res.status = function status(code) {
  if (code === undefined) {
    throw new TypeError('code is required');
  }
  // Check if the status code is not an integer
  // ... existing code ...
};
";
    let want = STATUS_JS.replace(
        "res.status = function status(code) {\n",
        "res.status = function status(code) {\n  if (code === undefined) {\n    throw new TypeError('code is required');\n  }\n",
    );
    assert_eq!(merged(STATUS_JS, snippet).unwrap(), want);
}

#[test]
fn a_closing_line_after_a_marker_with_no_block_opened_stays_ambiguous() {
    // The snippet never shows the line that opens the block `};` closes.
    let snippet = "  this.statusCode = code;
  this.emit('status', code);
  // ... existing code ...
};
";
    let err = merged(STATUS_JS, snippet).unwrap_err();
    assert_eq!(reason(&err), SnippetReason::Ambiguous);
}

const THEME_JS: &str = "class Theme {
  constructor(name) {
    this.name = name;
  }

  color(key) {
    return this.colors[key];
  }
}

class Other {
  run() {
    return 1;
  }
}
";

#[test]
fn a_class_line_then_a_marker_puts_a_new_method_at_the_end_of_that_class() {
    let want = THEME_JS.replace(
        "    return this.colors[key];\n  }\n}\n",
        "    return this.colors[key];\n  }\n\n  dark() {\n    return this.name + '-dark';\n  }\n}\n",
    );
    // With the class's closing line, and without it.
    let closed = "class Theme {\n  // ... existing code ...\n\n  dark() {\n    return this.name + '-dark';\n  }\n}\n";
    assert_eq!(merged(THEME_JS, closed).unwrap(), want);
    let open = "class Theme {\n  // ... existing code ...\n\n  dark() {\n    return this.name + '-dark';\n  }\n";
    assert_eq!(merged(THEME_JS, open).unwrap(), want);
}

#[test]
fn a_new_method_with_a_marker_after_it_is_an_open_extent() {
    // The marker after the method may stand for lines before or after it: where it goes is
    // open.
    let snippet = "class Theme {\n  // ... existing code ...\n\n  dark() {\n    return this.name + '-dark';\n  }\n  // ... existing code ...\n}\n";
    assert!(merged(THEME_JS, snippet).is_err());
}

const READ_RS: &str = "impl<'a> SliceRead<'a> {
    pub fn new(slice: &'a [u8]) -> Self {
        SliceRead { slice, index: 0 }
    }

    fn position_of_index(&self, i: usize) -> Position {
        Position { line: 1, column: i }
    }
}

impl<'a> StrRead<'a> {
    pub fn new(s: &'a str) -> Self {
        StrRead { s }
    }
}
";

#[test]
fn an_impl_line_then_a_marker_puts_a_new_fn_before_its_closing_brace() {
    let snippet = "impl<'a> SliceRead<'a> {
    // ... existing code ...

    pub fn remaining(&self) -> &'a [u8] {
        &self.slice[self.index..]
    }
}
";
    let want = READ_RS.replace(
        "        Position { line: 1, column: i }\n    }\n}\n",
        "        Position { line: 1, column: i }\n    }\n\n    pub fn remaining(&self) -> &'a [u8] {\n        &self.slice[self.index..]\n    }\n}\n",
    );
    assert_eq!(merged(READ_RS, snippet).unwrap(), want);
}

const INLINE_RS: &str = "impl IoRead {
    #[inline]
    fn peek(&mut self) -> u8 {
        self.ch
    }

    #[inline]
    fn next(&mut self) -> u8 {
        self.ch + 1
    }

    fn byte_offset(&self) -> usize {
        self.index
    }

    fn discard(&mut self) {
        self.ch = 0;
    }
}
";

#[test]
fn a_first_line_the_file_repeats_above_lines_it_repeats_stays_ambiguous() {
    // `self.ch = 0;` stands nowhere else, but `#[inline]` and the `fn` line after it give no
    // line held once before the change: each `#[inline]` reads as well.
    let file = INLINE_RS.replace(
        "    fn byte_offset(&self) -> usize {\n        self.index\n    }\n\n",
        "",
    );
    let snippet = "    // ... existing code ...
    #[inline]
    fn next(&mut self) -> u8 {
        self.ch + 2
    // ... existing code ...
";
    assert!(merged(&file, snippet).is_err());
}

const READER_PY: &str = "class Reader:
    def read(self) -> bytes:
        return self._f.read()


def open_reader(path):
    return Reader()
";

#[test]
fn a_bare_ellipsis_under_a_new_def_is_its_body() {
    let snippet = "class Reader:
    # ... existing code ...

    def fileno(self) -> int:
        ...
";
    let want = READER_PY.replace(
        "        return self._f.read()\n",
        "        return self._f.read()\n\n    def fileno(self) -> int:\n        ...\n",
    );
    assert_eq!(merged(READER_PY, snippet).unwrap(), want);
}

#[test]
fn a_bare_ellipsis_under_a_def_the_file_holds_stands_for_its_body() {
    let snippet = "class Reader:
    def read(self) -> bytes:
        ...

    def close(self) -> None:
        self._f.close()
";
    let want = READER_PY.replace(
        "        return self._f.read()\n",
        "        return self._f.read()\n\n    def close(self) -> None:\n        self._f.close()\n",
    );
    assert_eq!(merged(READER_PY, snippet).unwrap(), want);
}

const TWO_SPACES_JS: &str = "res.status = function status(code) {
  if (code === undefined) {
    throw new TypeError('code is required');
  }
  this.statusCode = code;
  return this;
};
";

#[test]
fn a_tab_indented_snippet_for_a_file_indented_with_spaces_takes_the_files_steps() {
    let snippet = "res.status = function status(code) {
\t// ... existing code ...
\tthis.statusCode = code;
\tthis.emit('status', code);
\treturn this;
};
";
    let want = TWO_SPACES_JS.replace(
        "  this.statusCode = code;\n",
        "  this.statusCode = code;\n  this.emit('status', code);\n",
    );
    assert_eq!(merged(TWO_SPACES_JS, snippet).unwrap(), want);
}

#[test]
fn a_tab_indented_snippet_whose_lines_the_file_lacks_stays_refused() {
    // Read at the file's steps, its lines still have to be the file's (`this.code = code;`
    // beside `this.statusCode = code;`: edited, or added?).
    let snippet = "res.status = function status(code) {
\t// ... existing code ...
\tthis.code = code;
\tthis.emit('status', code);
\treturn self;
};
";
    assert!(merged(TWO_SPACES_JS, snippet).is_err());
}

const COMPAT_PY: &str = "import os

PY2 = False


def a():
    return 1


def b(x):
    if x:
        return 2
    return 3
";

#[test]
fn a_marker_deeper_than_a_top_level_piece_before_it_passes_over_functions() {
    // The marker stands where the next piece's lines do; the piece before it opened no block.
    let snippet = "import os
import sys

PY2 = False
        # ... existing code
    if x:
        log(x)
        return 2
# ... existing code
";
    let want = COMPAT_PY
        .replace("import os\n", "import os\nimport sys\n")
        .replace("        return 2\n", "        log(x)\n        return 2\n");
    assert_eq!(merged(COMPAT_PY, snippet).unwrap(), want);
}

#[test]
fn a_marker_inside_a_function_body_still_stays_in_that_function() {
    let snippet = "def a():
    return 1
    # ... existing code
        return 2
        log(x)
# ... existing code
";
    let err = merged(COMPAT_PY, snippet).unwrap_err();
    assert_eq!(reason(&err), SnippetReason::CrossesScope);
}

#[test]
fn new_code_after_a_closing_line_that_follows_a_marker_goes_after_that_block() {
    let snippet = "res.status = function status(code) {
  // Check if the status code is not an integer
  // ... existing code ...
};

res.ok = function ok() {
  return this.status(200);
};
// ... existing code ...
";
    let want = STATUS_JS.replace(
        "  return this;\n};\n\nres.links",
        "  return this;\n};\n\nres.ok = function ok() {\n  return this.status(200);\n};\n\nres.links",
    );
    assert_eq!(merged(STATUS_JS, snippet).unwrap(), want);
}

#[test]
fn new_code_after_a_closing_line_whose_block_is_not_shown_stays_ambiguous() {
    let snippet = "  this.statusCode = code;
  // ... existing code ...
};

res.ok = function ok() {
  return this.status(200);
};
// ... existing code ...
";
    assert!(merged(STATUS_JS, snippet).is_err());
}
