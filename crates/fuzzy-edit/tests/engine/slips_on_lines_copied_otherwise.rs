//! A slip of the pen on the very line the model also copied with another habit, spelled right
//! again in `new`: an emoji typed without its variation selector and curly quotes typed
//! straight, a long line wrapped otherwise, a trailing comment left out, a blank line beside
//! it left out; and a line inserted beside a line copied without its comment and a blank
//! line. Applied with the file's lines as they stand. Refused beside each: the same
//! block where that line changed since it was read (a name renamed or another, an argument
//! changed, the line rewritten).

use fuzzy_edit::Edit;

use crate::support::{applied, refused, strategy};

const WORKFLOW: &str = "\
name: oniguruma
on:
  push:
  pull_request:

jobs:
  installed:  # \u{26a0}\u{fe0f} don\u{2019}t \u{201c}change\u{201d}
    runs-on: ubuntu-24.04
    steps:
      - name: Clone repository
        uses: actions/checkout@v4
      - name: Install packages
        run: sudo apt-get install -y automake autoconf libtool
";

/// `WORKFLOW`'s block as the model typed it: the emoji line plain and a letter off, the next
/// line too.
const WORKFLOW_OLD: &str = "\
on:
  push:
  pull_request:

jobs:
  instaleld:  # \u{26a0} don't \"change\"
    runs-on: ubutnu-24.04
    steps:
      - name: Clone repository
        uses: actions/checkout@v4
      - name: Install packages";

#[test]
fn a_slip_on_a_line_typed_without_its_emoji_selector_and_curly_quotes_is_spelled_right() {
    let new = WORKFLOW_OLD
        .replace("instaleld", "installed")
        .replace("ubutnu-24.04", "ubuntu-22.04");
    let out = applied(WORKFLOW, &Edit::new(WORKFLOW_OLD, new.clone()));
    assert_eq!(out.text, WORKFLOW.replace("ubuntu-24.04", "ubuntu-22.04"));
    assert_eq!(strategy(&out), "block_anchor");
    // The line changed since the read: renamed, rewritten, its comment reworded.
    for changed in [
        WORKFLOW.replace("installed:", "installed_pkgs:"),
        WORKFLOW.replace("installed:  #", "build: {matrix: [a, b]}  #"),
        WORKFLOW.replace("\u{201c}change\u{201d}", "\u{201c}touch\u{201d}"),
        WORKFLOW.replace(
            "don\u{2019}t \u{201c}change\u{201d}",
            "pinned by the \u{201c}release\u{201d} team",
        ),
    ] {
        let e = refused(&changed, &Edit::new(WORKFLOW_OLD, new.clone()));
        assert_eq!(e.kind(), "content_mismatch", "{changed}");
    }
}

const INSERT: &str = "\
static void
insert_tuple(Relation index, Datum *values)
{
\t/* Update the insert page */
\tif (insertPage != originalInsertPage)
\t\tIvfflatUpdateList(index, listInfo, insertPage, originalInsertPage, InvalidBlockNumber, MAIN_FORKNUM);
}

/*
 * Insert a tuple into the index
 */
bool
ivfflatinsert(Relation index, Datum *values, bool *isnull, ItemPointer heap_tid)
{
";

/// `INSERT`'s block as the model typed it: the long call wrapped after its second argument,
/// that argument a letter off, the last line too.
const INSERT_OLD: &str = "\
\t/* Update the insert page */
\tif (insertPage != originalInsertPage)
\t\tIvfflatUpdateList(index, lsitInfo,
\t\t    insertPage, originalInsertPage, InvalidBlockNumber, MAIN_FORKNUM);
}

/*
 * Insert a tuple into the index
 */
bool
ivfflatinsert(Relation index, Datum *values, bool *isnull, ItemPointer heap_itd)";

#[test]
fn a_slip_on_a_line_wrapped_otherwise_is_spelled_right_and_the_line_kept_whole() {
    let new = INSERT_OLD
        .replace("lsitInfo", "listInfo")
        .replace("heap_itd", "heap_tid")
        .replace("Insert a tuple", "Insert one tuple");
    let out = applied(INSERT, &Edit::new(INSERT_OLD, new.clone()));
    assert_eq!(
        out.text,
        INSERT.replace("Insert a tuple", "Insert one tuple")
    );
    assert_eq!(strategy(&out), "block_anchor");
    // The wrapped line changed since: an argument, the slipped name renamed or another.
    for changed in [
        INSERT.replace(
            "originalInsertPage, Invalid",
            "originalInsertPage, newBlock, Invalid",
        ),
        INSERT.replace("listInfo", "listInfoNext"),
        INSERT.replace("listInfo", "listData"),
    ] {
        let e = refused(&changed, &Edit::new(INSERT_OLD, new.clone()));
        assert_eq!(e.kind(), "content_mismatch", "{changed}");
    }
    // A change of the wrapped line itself has no one-line reading of the file's line.
    let changes_it = INSERT_OLD
        .replace("lsitInfo", "listInfo")
        .replace("MAIN_FORKNUM", "INIT_FORKNUM");
    let e = refused(INSERT, &Edit::new(INSERT_OLD, changes_it));
    assert_eq!(e.kind(), "content_mismatch");
}

const HAMMING: &str = "\
\t\t\t\t errmsg(\"different bit lengths %u and %u\", VARBITLEN(a), VARBITLEN(b))));
}

/*
 * Get the Hamming distance between two bit vectors
 */
FUNCTION_PREFIX PG_FUNCTION_INFO_V1(hamming_distance);
Datum
hamming_distance(PG_FUNCTION_ARGS)  // why: see above
{
\tVarBit\t   *a = PG_GETARG_VARBIT_P(0);
\tVarBit\t   *b = PG_GETARG_VARBIT_P(1);
";

/// `HAMMING`'s block as the model typed it: the blank line left out, a comment line a letter
/// off, and the commented line with its comment left out and `_` a letter off.
const HAMMING_OLD: &str = "\
\t\t\t\t errmsg(\"different bit lengths %u and %u\", VARBITLEN(a), VARBITLEN(b))));
}
/*
 * Get the Hamming dsitance between two bit vectors
 */
FUNCTION_PREFIX PG_FUNCTION_INFO_V1(hamming_distance);
Datum
hamming_distance(PG_FUNCTIO_NARGS)
{
\tVarBit\t   *a = PG_GETARG_VARBIT_P(0);";

#[test]
fn a_slip_on_a_line_whose_trailing_comment_was_left_out_is_spelled_right() {
    let new = HAMMING_OLD
        .replace("dsitance", "distance")
        .replace("PG_FUNCTIO_NARGS", "PG_FUNCTION_ARGS")
        .replace("P(0)", "P(2)");
    let out = applied(HAMMING, &Edit::new(HAMMING_OLD, new.clone()));
    assert_eq!(out.text, HAMMING.replace("P(0)", "P(2)"));
    assert_eq!(strategy(&out), "block_anchor");
    // The commented line changed since: renamed, its argument renamed, rewritten.
    for changed in [
        HAMMING.replace("hamming_distance(PG", "hamming_distance_v2(PG"),
        HAMMING.replace("(PG_FUNCTION_ARGS)  //", "(PG_FUNCTION_ARGS_EXT)  //"),
        HAMMING.replace(
            "hamming_distance(PG_FUNCTION_ARGS)  //",
            "hamming_distance(FunctionCallInfo fcinfo, int flags)  //",
        ),
    ] {
        let e = refused(&changed, &Edit::new(HAMMING_OLD, new.clone()));
        assert_eq!(e.kind(), "content_mismatch", "{changed}");
    }
}

const ROUTE_TEST: &str = "\
    public function testAddMiddleware()
    {
        $called = 0;
        $mw = function ($request, $handler) use (&$called) {
            $called++;
            return $handler->handle($request);
        };
        $route = $this->createRoute();
        $route->add($mw);

        $request = $this->createServerRequest('/');
        $route->run($request);

        $this->assertSame($called, 1);
    }

    public function testAddMiddlewareOnGroup()
    {
";

/// `ROUTE_TEST`'s body as the model typed it: indented a unit deeper, its blank lines left
/// out, three lines a letter off (one of them beside each blank line left out).
const ROUTE_TEST_OLD: &str = "\
            $called = 0;
            $mw = function ($request, $handler) use (&$called) {
                $called++;
                return $handler->handle($request);
            };
            $route = $this->createRoute();
            $rouet->add($mw);
            $request = $this->createSerevrRequest('/');
            $route->run($request);
            $this->assertSame($called, 1);
        }
        public functino testAddMiddlewareOnGroup()";

#[test]
fn a_slip_beside_a_blank_line_left_out_is_spelled_right() {
    let new = ROUTE_TEST_OLD
        .replace("$rouet", "$route")
        .replace("Serevr", "Server")
        .replace(
            "            $route->run(",
            "            // note: checked above, keep in sync\n            $route->run(",
        );
    let out = applied(ROUTE_TEST, &Edit::new(ROUTE_TEST_OLD, new.clone()));
    assert_eq!(
        out.text,
        ROUTE_TEST.replace(
            "        $route->run(",
            "        // note: checked above, keep in sync\n        $route->run("
        )
    );
    assert_eq!(strategy(&out), "block_anchor");
    // The slipped line changed since: renamed, an argument added, rewritten, another name.
    for changed in [
        ROUTE_TEST.replace(
            "createServerRequest('/')",
            "createServerRequestWithBody('/')",
        ),
        ROUTE_TEST.replace("('/')", "('/', 'POST', $body)"),
        ROUTE_TEST.replace(
            "$this->createServerRequest('/');",
            "(new RequestFactory())->create('GET', '/');",
        ),
        ROUTE_TEST.replace("createServerRequest", "createSecureRequest"),
    ] {
        refused(&changed, &Edit::new(ROUTE_TEST_OLD, new.clone()));
    }
}

const WORKFLOW_STEPS: &str = "\
jobs:
  build:
    steps:
      - name: Install dependencies
        run: |
          dnf -y group install \"Development Tools\"
          dnf -y install openssl-devel cmake valgrind libevent-devel

      - name: Build using cmake  # why: see above
        env:
          EXTRA_CMAKE_OPTS: -DENABLE_EXAMPLES:BOOL=ON
";

/// `WORKFLOW_STEPS`'s steps as the model copied them: the blank line and the trailing comment
/// of the line after it left out.
const WORKFLOW_STEPS_OLD: &str = "\
      - name: Install dependencies
        run: |
          dnf -y group install \"Development Tools\"
          dnf -y install openssl-devel cmake valgrind libevent-devel
      - name: Build using cmake
        env:";

#[test]
fn a_line_inserted_beside_a_comment_and_a_blank_line_left_out_keeps_both() {
    let add = "        # note: checked above, keep in sync\n";
    let new = WORKFLOW_STEPS_OLD.replace("cmake\n", &format!("cmake\n{add}"));
    let out = applied(WORKFLOW_STEPS, &Edit::new(WORKFLOW_STEPS_OLD, new.clone()));
    assert_eq!(
        out.text,
        WORKFLOW_STEPS.replace("see above\n", &format!("see above\n{add}"))
    );
    // The commented line changed since: renamed, code added before the comment.
    for changed in [
        WORKFLOW_STEPS.replace("using cmake", "using meson"),
        WORKFLOW_STEPS.replace("using cmake  #", "using cmake and ninja  #"),
    ] {
        let e = refused(&changed, &Edit::new(WORKFLOW_STEPS_OLD, new.clone()));
        assert_eq!(e.kind(), "content_mismatch", "{changed}");
    }
}
