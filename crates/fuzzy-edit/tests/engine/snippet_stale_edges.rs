//! A change whose first or last line is one word apart from the file line it stands on: a
//! stale copy of that line beside the change, or the change's own edge? Refused, unless
//! another new line of the change holds that file line whole (the line is kept there,
//! extended); each merge beside a look-alike that stays refused.

use fuzzy_edit::{apply_snippet, EditError, Options};

fn merged(file: &str, snippet: &str) -> Result<String, Box<EditError>> {
    apply_snippet(file, snippet, &Options::default())
        .map(|a| a.text)
        .map_err(Box::new)
}

const MESSAGE: &str = "function describe(issue) {
  let message = \"Invalid input\";
  if (typeof issue.validation === \"object\") {
    if (\"startsWith\" in issue.validation) {
      message = `must start with ${issue.validation.startsWith}`;
    } else if (\"endsWith\" in issue.validation) {
      message = `must end with ${issue.validation.endsWith}`;
    }
  }
  return message;
}
";

// A new branch above the `startsWith` one: the file's `if` line is kept as the `else if`
// below it, so the new `if ("includes" ...)` line is no stale copy of it.
#[test]
fn a_new_branch_above_an_if_kept_as_else_if_merges() {
    let snippet = "// ... existing code ...
  if (typeof issue.validation === \"object\") {
    if (\"includes\" in issue.validation) {
      message = `must include ${issue.validation.includes}`;
    } else if (\"startsWith\" in issue.validation) {
      message = `must start with ${issue.validation.startsWith}`;
// ... existing code ...
";
    assert_eq!(
        merged(MESSAGE, snippet).unwrap(),
        MESSAGE.replace(
            "    if (\"startsWith\" in issue.validation) {\n",
            "    if (\"includes\" in issue.validation) {
      message = `must include ${issue.validation.includes}`;
    } else if (\"startsWith\" in issue.validation) {\n"
        )
    );
}

// The same first line over the `startsWith` branch, which no new line keeps: that branch
// replaced, or a stale copy of its `if` line with a line added under it? Refused.
#[test]
fn a_branch_no_new_line_keeps_is_refused() {
    let snippet = "// ... existing code ...
  if (typeof issue.validation === \"object\") {
    if (\"includes\" in issue.validation) {
      message = `must include ${issue.validation.includes}`;
    } else if (\"endsWith\" in issue.validation) {
// ... existing code ...
";
    let err = merged(MESSAGE, snippet).unwrap_err();
    assert_eq!(err.rule(), "snippet_stale_line", "{err}");
}

const RAW: &str = "function isRaw(data) {
  if (utils.isArrayBuffer(data) ||
    utils.isBuffer(data) ||
    utils.isFile(data) ||
    utils.isBlob(data)
  ) {
    return true;
  }
  return false;
}
";

// A condition continued: the file's last `isBlob` line is kept with `||` after it, so the
// new last line one word apart from it is added, not a stale copy.
#[test]
fn a_condition_continued_with_its_last_line_kept_merges() {
    let snippet = "// ... existing code ...
    utils.isFile(data) ||
    utils.isBlob(data) ||
    utils.isReadableStream(data)
  ) {
// ... existing code ...
";
    assert_eq!(
        merged(RAW, snippet).unwrap(),
        RAW.replace(
            "    utils.isBlob(data)\n",
            "    utils.isBlob(data) ||\n    utils.isReadableStream(data)\n"
        )
    );
}

// The same shape where no new line keeps `isBlob`: replaced, or stale? Refused.
#[test]
fn a_condition_whose_last_line_no_new_line_keeps_is_refused() {
    let snippet = "// ... existing code ...
    utils.isFile(data) ||
    utils.isStream(data) ||
    utils.isReadableStream(data)
  ) {
// ... existing code ...
";
    let err = merged(RAW, snippet).unwrap_err();
    assert_eq!(err.rule(), "snippet_stale_line", "{err}");
}

// A new line that holds the file line's words with others between them keeps nothing of it
// (`==` for `=`): the one-word-off line above it stays unclear.
#[test]
fn the_file_lines_words_with_gaps_keep_nothing() {
    let file = "def check(items):
    total = compute(items)
    report(total)
    return total
";
    let snippet = "# ... existing code ...
def check(items):
    total = compute(item)
    assert total == compute(items)
    report(total)
# ... existing code ...
";
    let err = merged(file, snippet).unwrap_err();
    assert_eq!(err.rule(), "snippet_stale_line", "{err}");
}

// The snippet's first line after its marker is a stale copy of the last line of `compileOptions`
// (a word off); paired with the `}` of `kotlinOptions` instead, it was written into that
// block as a new line, and the removal of `kotlinOptions` the snippet meant was lost.
#[test]
fn a_stale_first_line_before_a_repeated_closing_line_is_refused() {
    let file = "android {\n  compileOptions {\n    sourceCompatibility = JavaVersion.VERSION_1_8\n    isCoreLibraryDesugaringEnabled = true\n  }\n\n  kotlinOptions {\n    freeCompilerArgs += \"-Xmulti-platform\"\n  }\n\n  compileSdkVersion(33)\n\n  defaultConfig {\n    minSdkVersion(15)\n    testInstrumentationRunner = \"androidx.test.runner.AndroidJUnitRunner\"\n  }\n}\n";
    let snippet = "  // ... existing code ...\n    isCoreLibraryDesugaringEnabledX = true\n  }\n\n  compileSdk = 33\n\n  defaultConfig {\n    minSdk = 15\n    testInstrumentationRunner = \"androidx.test.runner.AndroidJUnitRunner\"\n  // ... existing code ...\n";
    let err = merged(file, snippet).expect_err("a stale first line must be refused");
    assert_eq!(err.rule(), "snippet_edited_edge", "{err}");
}

const BANNERS_TS: &str = "it(\"caches\", async () => {
\tstub.resolves(response)

\tawait service.fetchBanners()
\texpect(stub.calledOnce).to.be.true

\tservice.clearCache()

\tawait service.fetchBanners()
\texpect(stub.calledTwice).to.be.true
})
";

/// Two calls renamed alike, the lines between unchanged: a rename made in each place, merged.
/// The same two lines beside another change of the piece: each may be a stale copy of a file
/// renamed since the model read it, refused.
#[test]
fn one_word_edit_made_alike_in_every_change_is_a_rename() {
    let renamed = BANNERS_TS.replace("fetchBanners", "getBanners");
    let snippet = format!(
        "// ... existing code ...\n{}// ... existing code ...\n",
        &renamed[26..]
    );
    assert_eq!(merged(BANNERS_TS, &snippet).unwrap(), renamed);
    let beside = snippet.replace("\tservice.clearCache()", "\tservice.clearCache(true)");
    assert!(merged(BANNERS_TS, &beside).is_err());
}

const LATEST_PY: &str = "import sys


def latest(dirs):
    if not dirs:
        print(\"no benchmark directories\")
        sys.exit(1)

    latest_dir = max(dirs)
    print(f\"Using {latest_dir.name}\")
    return latest_dir
";

/// The piece's first line one word apart from the file's line beyond the marker, its other
/// words long enough that the characters differ by half: a stale copy of that line, or a new
/// line added? Refused; shown as the file has it, the piece merges.
#[test]
fn a_first_line_one_word_apart_from_the_line_beyond_the_marker_is_refused() {
    let snippet = "    # ... existing code ...
        summarize_results.exit(1)

    latest_dir = max(dirs)
    print(f\"Using the newest directory: {latest_dir.name}\")
    return latest_dir
# ... existing code ...
";
    let err = merged(LATEST_PY, snippet).expect_err("a stale first line must be refused");
    assert_eq!(err.rule(), "snippet_edited_edge", "{err}");
    let shown = snippet.replace("summarize_results.exit(1)", "sys.exit(1)");
    assert_eq!(
        merged(LATEST_PY, &shown).unwrap(),
        LATEST_PY.replace("Using {", "Using the newest directory: {")
    );
}

const CLOSE_PY: &str = "def close(self):
    self.partial = self.collect(True)

    if self.got_reasoning:
        tag = TAG
    else:
        tag = None

    self.partial = self.model.strip(
        self.partial,
        tag,
    )
    self.multi = \"\"
";

/// The piece's first line a stale copy of a file line five lines of code above the piece's
/// place (the block between deleted by the change): merged, it was written as a new line and
/// the deletion lost. Refused.
#[test]
fn a_first_line_one_word_apart_from_a_line_farther_beyond_the_marker_is_refused() {
    let snippet = "    # ... existing code ...
    exception.partial = self.collect(True)

    self.partial = self.model.strip(
        self.partial,
        self.tag_name,
    )
    self.multi = \"\"
    # ... existing code ...
";
    let err = merged(CLOSE_PY, snippet).expect_err("a stale first line must be refused");
    assert_eq!(err.rule(), "snippet_edited_edge", "{err}");
}

const SYMBOLS: &str = "'use strict'

const {
  kSchemaController,
  kOptions,
  kRouteContext
} = require('./symbols.js')
const { hookRunner } = require('./hooks')
";

// Names added to the end of a list: the file's last item kept with a comma, the new items
// after it. The change's last line (`kRequestSignal`) is one word apart from the file's
// `kRouteContext` it stands over, but `kRouteContext,` keeps that line: no stale copy.
#[test]
fn a_list_extended_after_its_last_item_merges() {
    let snippet = "// ... existing code ...
  kOptions,
  kRouteContext,
  kTimeoutTimer,
  kRequestSignal
} = require('./symbols.js')
// ... existing code ...
";
    assert_eq!(
        merged(SYMBOLS, snippet).unwrap(),
        SYMBOLS.replace(
            "  kRouteContext\n",
            "  kRouteContext,\n  kTimeoutTimer,\n  kRequestSignal\n"
        )
    );
}

// The same last line with no new line keeping `kRouteContext`: the item renamed, or a stale
// copy of it with items added above? Refused.
#[test]
fn a_last_item_one_word_apart_that_no_line_keeps_is_refused() {
    let snippet = "// ... existing code ...
  kOptions,
  kTimeoutTimer,
  kRequestSignal
} = require('./symbols.js')
// ... existing code ...
";
    let e = merged(SYMBOLS, snippet).unwrap_err();
    assert_eq!(e.rule(), "snippet_stale_line", "{e}");
}

/// A new `return` at a piece's edge, right above the file's own `return` beyond the marker:
/// the return edited, or one added above it that leaves the file's dead? Refused.
#[test]
fn a_new_return_above_the_files_return_is_an_edited_edge() {
    let file = "class W {\n    /**\n     * Split time.\n     */\n    public long split() {\n        return splitNanos() / NANOS;\n    }\n}\n";
    let snippet = "    // ... existing code ...\n     */\n    public long split() {\n        return nanosToMillis(splitNanos());\n        // ... existing code ...\n";
    let refused =
        fuzzy_edit::apply_snippet(file, snippet, &fuzzy_edit::Options::default()).unwrap_err();
    assert_eq!(refused.rule(), "snippet_edited_edge");
}
