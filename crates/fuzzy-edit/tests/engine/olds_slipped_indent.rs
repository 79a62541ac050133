//! `old` with one line's indentation slipped (a space or two more or less than the file has):
//! the lines `new` adds keep the depth the model wrote them at, which is the file's, since the
//! other lines of `old` sit at the file's depth.

use fuzzy_edit::Edit;

use crate::support::{applied, strategy};

// One line of `old` a column too deep in a 4-space block: its steps of 5 and 1 columns read as
// the model's indent unit, and a unit of 1 against the file's 4 once scaled the added line from
// 12 columns to 24.
#[test]
fn a_line_one_column_off_does_not_rescale_the_added_line() {
    let file = "fn colour(s: Level) -> (Style, String) {\n    match s {\n        Level::Cut => (\n            Style::new().fg(Red),\n            \"cut\".to_owned(),\n        ),\n        Level::Keep => (\n            Style::new().fg(Green),\n            \"keep\".to_owned(),\n        ),\n    }\n}\n";
    let old = "        Level::Cut => (\n             Style::new().fg(Red),\n            \"cut\".to_owned(),\n        ),";
    let new = "        Level::Cut => (\n             Style::new().fg(Red),\n            \"cut\".to_owned(),\n            log_cut(),\n        ),";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "fn colour(s: Level) -> (Style, String) {\n    match s {\n        Level::Cut => (\n            Style::new().fg(Red),\n            \"cut\".to_owned(),\n            log_cut(),\n        ),\n        Level::Keep => (\n            Style::new().fg(Green),\n            \"keep\".to_owned(),\n        ),\n    }\n}\n"
    );
    assert_eq!(strategy(&out), "indentation");
}

// A line two columns too deep: as many pairs fit the 2-space unit it suggests as fit the file's
// own depths, and the depths the pairs show win; the added line once landed at column 0.
#[test]
fn a_line_two_columns_off_leaves_the_added_line_at_its_depth() {
    let file = "impl Reader {\n    fn close(&mut self) {\n        self.done = true;\n    }\n\n    pub fn apply(&mut self, parts: Parts) {\n        let all = self.all.as_mut();\n        all.extend(parts);\n    }\n}\n";
    let old = "    }\n\n      pub fn apply(&mut self, parts: Parts) {\n        let all = self.all.as_mut();";
    let new = "    }\n    log_close();\n\n      pub fn apply(&mut self, parts: Parts) {\n        let all = self.all.as_mut();";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "impl Reader {\n    fn close(&mut self) {\n        self.done = true;\n    }\n    log_close();\n\n    pub fn apply(&mut self, parts: Parts) {\n        let all = self.all.as_mut();\n        all.extend(parts);\n    }\n}\n"
    );
}

// In Python a depth is syntax: a line slipped a column out at the top of the block, and the
// added line stays under the `return` it follows.
#[test]
fn a_python_line_added_after_a_slipped_block_start_keeps_its_depth() {
    let file = "def check(self, version):\n    if version >= (2, 0):\n        if self.strict:\n            self.send_error(\n                HTTPStatus.HTTP_VERSION_NOT_SUPPORTED,\n                \"Invalid version (%s)\" % version)\n            return False\n    return True\n";
    let old = "                  HTTPStatus.HTTP_VERSION_NOT_SUPPORTED,\n                \"Invalid version (%s)\" % version)\n            return False";
    let new = "                  HTTPStatus.HTTP_VERSION_NOT_SUPPORTED,\n                \"Invalid version (%s)\" % version)\n            self.log_refusal()\n            return False";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "def check(self, version):\n    if version >= (2, 0):\n        if self.strict:\n            self.send_error(\n                HTTPStatus.HTTP_VERSION_NOT_SUPPORTED,\n                \"Invalid version (%s)\" % version)\n            self.log_refusal()\n            return False\n    return True\n"
    );
}

// `old`'s last line deleted, and the blank line before it kept as `new`'s final line break: the
// blank line stays, as it does where `old` has no slip and `new` is spliced as written. (The
// line merge read that break as a newline habit and took the blank line with the deleted line.)
#[test]
fn a_blank_line_kept_before_a_deleted_last_line_stays() {
    let file =
        "def load(path):\n    return read(path)\n\ndef save(path, data):\n    write(path, data)\n";
    let want = "def load(path):\n    return read(path)\n\n    write(path, data)\n";
    let spliced = applied(
        file,
        &Edit::new(
            "def load(path):\n    return read(path)\n\ndef save(path, data):",
            "def load(path):\n    return read(path)\n",
        ),
    );
    assert_eq!(spliced.text, want);
    let merged = applied(
        file,
        &Edit::new(
            "def load(path):\n      return read(path)\n\ndef save(path, data):",
            "def load(path):\n    return read(path)\n",
        ),
    );
    assert_eq!(merged.text, want);
    assert_eq!(strategy(&merged), "indentation");
}

// An elided `old` written two columns deeper than the file: the lines the marker covers, at
// the file's depth beside the model's pieces, read as a 2-column unit and nested the added
// `if` body 8 columns deeper instead of 4.
#[test]
fn an_elided_old_drifted_two_columns_keeps_the_added_lines_depth() {
    let file = "def budget(self, args):\n    value = args.strip()\n    model = self.model\n    if model:\n        model.set(value)\n    formatted = model.get()\n    self.io.tool_output(formatted)\n    self.io.tool_output()\n";
    let old = "      value = args.strip()\n      # ... existing code ...\n      formatted = model.get()\n      self.io.tool_output(formatted)";
    let new = "      value = args.strip()\n      # ... existing code ...\n      if value == \"0\":\n          self.io.tool_output(\"disabled\")\n      else:\n          formatted = model.get()\n          self.io.tool_output(formatted)";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "def budget(self, args):\n    value = args.strip()\n    model = self.model\n    if model:\n        model.set(value)\n    if value == \"0\":\n        self.io.tool_output(\"disabled\")\n    else:\n        formatted = model.get()\n        self.io.tool_output(formatted)\n    self.io.tool_output()\n"
    );
    assert_eq!(strategy(&out), "elision");
    // Tab-indented, the model's two spaces before the tabs.
    let tabbed = file.replace("    ", "\t");
    let tabbed_new = new
        .replace("          ", "  \t\t")
        .replace("      ", "  \t");
    let out = applied(
        &tabbed,
        &Edit::new(old.replace("      ", "  \t"), tabbed_new),
    );
    assert_eq!(out.text, "def budget(self, args):\n\tvalue = args.strip()\n\tmodel = self.model\n\tif model:\n\t\tmodel.set(value)\n\tif value == \"0\":\n\t\tself.io.tool_output(\"disabled\")\n\telse:\n\t\tformatted = model.get()\n\t\tself.io.tool_output(formatted)\n\tself.io.tool_output()\n");
}
