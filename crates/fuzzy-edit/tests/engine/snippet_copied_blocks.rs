//! Lazy snippets that show a block's first line the file holds once (a test's `it("...")`,
//! a function's signature) among lines its neighbouring blocks repeat: the block edited there,
//! not a copy of it written beside its neighbour. A block whose first line is new, its other
//! lines a neighbour's, stays ambiguous: a variant added, or the neighbour edited?

use fuzzy_edit::{apply_snippet, Options};

use super::support::merged;

const CLI_TS: &str = "describe(\"cli\", () => {
\tit(\"prints help output\", () => {
\t\tconst result = runCli([\"--help\"], { env: createIsolatedEnv() });
\t\texpect(result.status).toBe(0);
\t\texpect(asText(result.stdout)).toContain(\"USAGE\");
\t});

\tit(\"returns an error when session flag is provided without an id\", () => {
\t\tconst result = runCli([\"--session\"], { env: process.env });
\t\texpect(result.status).toBe(1);
\t\texpect(asText(result.stderr)).toContain(\"--session requires <id>\");
\t});

\tit(\"returns an error for an unknown command\", () => {
\t\tconst result = runCli([\"bogus\"], { env: createIsolatedEnv() });
\t\texpect(result.status).toBe(1);
\t\texpect(asText(result.stderr)).toContain(\"unknown command\");
\t});
});
";

const EDIT: &str = "\t// ... existing code ...
\t});

\tit(\"returns an error when session flag is provided without an id\", () => {
\t\tconst result = runCli([\"--session\"], { env: createIsolatedEnv() });
\t\texpect(result.status).toBe(1);
\t\texpect(asText(result.stderr)).toContain(\"--session requires <id>\");
\t});
\t// ... existing code ...
";

/// The test's first line stands once in the file; its other lines in every test: the one
/// changed line is an edit of that test, not a copy of it written after another one.
#[test]
fn a_block_whose_first_line_the_file_holds_once_is_edited_there() {
    let want = CLI_TS.replace(
        "runCli([\"--session\"], { env: process.env })",
        "runCli([\"--session\"], { env: createIsolatedEnv() })",
    );
    assert_eq!(merged(CLI_TS, EDIT), want);
}

/// The same lines under a new first line: a new test beside its neighbours, or a neighbour
/// renamed and edited? Refused.
#[test]
fn a_block_under_a_new_first_line_stays_ambiguous() {
    let snippet = EDIT.replace("provided without an id", "empty").replace(
        "[\"--session\"], { env: createIsolatedEnv() }",
        "[\"--session\", \"\"], { env: createIsolatedEnv() }",
    );
    let err = apply_snippet(CLI_TS, &snippet, &Options::default()).expect_err("two readings");
    assert_eq!(err.rule(), "snippet_ambiguous", "{err}");
}

const SPEC_SCALA: &str = "object Spec {
  val intParser1 = new Parser(\"scopt\") {
    head(\"scopt\", \"3.x\")
    opt[Int](\"foo\").action((x, c) => c.copy(intValue = x))
    help(\"help\")
  }
  def longParser(args: String*): Unit = {
    val result = intParser1.parse(args.toSeq, Config())
    assert(result.get.intValue == 1)
  }

  val stringParser1 = new Parser(\"scopt\") {
    head(\"scopt\", \"3.x\")
    opt[String](\"foo\").action((x, c) => c.copy(stringValue = x))
    help(\"help\")
  }
  def stringParser(args: String*): Unit = {
    val result = stringParser1.parse(args.toSeq, Config())
    assert(result.get.stringValue == \"bar\")
  }
}
";

/// A copy of `stringParser1` with one line added, shown under the `}` that ends it: the
/// place that reads it as `stringParser1` edited pairs that `}` with the end of the block
/// before, deleting `longParser` between by omission. A copy, or that edit? Refused.
#[test]
fn a_block_edited_after_a_deletion_above_its_first_line_stays_ambiguous() {
    let snippet = "  // ... existing code ...
    help(\"help\")
  }
  val stringParser1 = new Parser(\"scopt\") {
    head(\"scopt\", \"3.x\")
    head(\"scopt v2\", \"3.x\")
    opt[String](\"foo\").action((x, c) => c.copy(stringValue = x))
    help(\"help\")
  }
  // ... existing code ...
";
    let err = apply_snippet(SPEC_SCALA, snippet, &Options::default()).expect_err("two readings");
    assert_eq!(err.rule(), "snippet_ambiguous", "{err}");
}
