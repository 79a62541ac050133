//! Typing slips on lines the model copied with another habit too: an emoji written without
//! its variation selector and curly quotes written straight on a slipped line, a slip the
//! model spelled right again in `new` on a line whose trailing comment it left out, a letter
//! and `_` swapped, a comment left out of a C preprocessor line (`#include`, `#define`). Applied with the file's characters and comment kept; a sibling block one
//! word off, a block renamed since and a block changed since on three lines still refused; a
//! slip respelled as a word only, a `_` swap beside a word one letter off refused.

use fuzzy_edit::Edit;

use crate::support::{applied, refused, strategy};

const REPORT: &str = "\
fn report(status: &Status) -> String {
    let summary = format_summary(status.results);  // \u{26a0}\u{fe0f} don\u{2019}t \u{201c}change\u{201d}
    let failures = collect_failures(&status.results);
    let warnings = collect_warnings(&status.results);
    let skipped = collect_skipped(&status.results);
    render(summary, failures, warnings, skipped)
}
";

/// `REPORT`'s body as the model typed it: the emoji line slipped (`fromat`) and typed plain,
/// two more lines slipped.
const REPORT_OLD: &str =
    "    let summary = fromat_summary(status.results);  // \u{26a0} don't \"change\"
    let failures = collect_failuers(&status.results);
    let warnings = collect_warnings(&status.results);
    let skipped = collect_skiped(&status.results);
    render(summary, failures, warnings, skipped)";

#[test]
fn a_slip_on_a_line_typed_without_its_emoji_selector_and_curly_quotes_is_merged() {
    let new = REPORT_OLD.replace("skipped)", "skipped).trim().to_string()");
    let want = REPORT.replace("skipped)\n", "skipped).trim().to_string()\n");
    let out = applied(REPORT, &Edit::new(REPORT_OLD, new.clone()));
    assert_eq!(out.text, want);
    assert_eq!(strategy(&out), "block_anchor");
    // Beside a sibling block one word off (`format_summary_all`), the block the model typed
    // is the one edited; the sibling alone is no slipped copy of `old`.
    let sibling = REPORT
        .replace("fn report(", "fn report_all(")
        .replace("format_summary", "format_summary_all");
    let out = applied(
        &format!("{REPORT}\n{sibling}"),
        &Edit::new(REPORT_OLD, new.clone()),
    );
    assert_eq!(out.text, format!("{want}\n{sibling}"));
    assert_eq!(
        refused(&sibling, &Edit::new(REPORT_OLD, new)).kind(),
        "not_found"
    );
}

const FETCH: &str = "\
local function fetch(url, method)
   if location then
      loop_control[url] = true
      return request(location, method, redirect_protocols[protocol], loop_control)  -- why: see above
   else
      return nil, \"URL redirected to unsupported protocol - install luasec to get HTTPS support.\", \"https\"
   end
end
";

/// `FETCH`'s block with three slips, the trailing comment left out of the second line.
const FETCH_OLD: &str = "      loop_contrlo[url] = true
      return requset(location, method, redirect_protocols[protocol], loop_control)
   else
      return nil, \"URL redirected to unsupported protocol - install luasec to get HTTPS suport.\", \"https\"
   end";

/// The model's change: a line added, and its slip on the first line spelled right again.
const FETCH_NEW: &str = "      loop_control[url] = true
      return requset(location, method, redirect_protocols[protocol], loop_control)
   else
      log(\"unsupported protocol\")
      return nil, \"URL redirected to unsupported protocol - install luasec to get HTTPS suport.\", \"https\"
   end";

#[test]
fn a_slip_spelled_right_again_beside_a_line_whose_comment_was_left_out_is_no_change() {
    let out = applied(FETCH, &Edit::new(FETCH_OLD, FETCH_NEW));
    assert_eq!(
        out.text,
        FETCH.replace(
            "   else\n      return nil",
            "   else\n      log(\"unsupported protocol\")\n      return nil"
        )
    );
    // Renamed since (`redirect_schemes`): no slipped copy of `old`, refused.
    let renamed = FETCH.replace("redirect_protocols", "redirect_schemes");
    let err = refused(&renamed, &Edit::new(FETCH_OLD, FETCH_NEW));
    assert_eq!(err.kind(), "not_found");
}

#[test]
fn a_slip_spelled_right_again_in_a_block_changed_since_is_still_refused() {
    // Three entries changed since the read (`bodyclosx`, `funlen2`, `goconsx`): `old` is no
    // slipped copy of the block, so its slip (`gocehcknoinits`) is not respelled, and the
    // model's rewrite of that line is a change of a line the file does not hold.
    let file = "linters:\n  default: none\n  enable:\n    #- bodyclosx\n    #- depguard\n    \
                #- dogsled\n    #- dupl\n    - errcheck\n    #- exhaustive\n    #- funlen2\n    \
                #- gochecknoinits\n    - goconsx\n    - gocritic\n    #- gocyclo\n    - gosec\n";
    let old = "  defautl: none\n  enable:\n    #- bodyclose\n    #- depguard\n    #- dogsled\n    \
               #- dupl\n    - errcheck\n    #- exhaustive\n    #- funlen\n    #- gocehcknoinits\n    \
               - goconst\n    - gocritic";
    let new = old
        .replace("    #- dupl\n", "")
        .replace("gocehcknoinits", "gochecknoinits");
    let err = refused(file, &Edit::new(old, new));
    assert_eq!(err.kind(), "content_mismatch");
}

const READER: &str = "\
static int read_header(struct reader *r, size_t limit) {
    size_t header_len = r->header_len;
    uint8_t *header_buf = r->header_buf;
    if (header_len > limit)
        return READ_ERR_TOO_LONG;
    memcpy(r->scratch, header_buf, header_len);
    return READ_OK;
}
";

/// `READER`'s body mistyped on four of five lines, two of the slips a letter and `_` swapped
/// (`siz_et`, `TOOL_ONG`).
const READER_OLD: &str = "    siz_et header_len = r->header_len;
    uint8_t *header_buf = r->haeder_buf;
    if (header_ln > limit)
        return READ_ERR_TOOL_ONG;
    memcpy(r->scratch, header_buf, header_len);";

#[test]
fn a_letter_and_an_underscore_swapped_are_a_slip_and_a_sibling_one_word_off_is_not() {
    let new = READER_OLD.replace("memcpy(", "memmove(");
    let want = READER.replace("memcpy(", "memmove(");
    let out = applied(READER, &Edit::new(READER_OLD, new.clone()));
    assert_eq!(out.text, want);
    let sibling = READER
        .replace("read_header(", "read_trailer(")
        .replace("header_buf", "header_bufs");
    let out = applied(
        &format!("{READER}\n{sibling}"),
        &Edit::new(READER_OLD, new.clone()),
    );
    assert_eq!(out.text, format!("{want}\n{sibling}"));
    assert_eq!(
        refused(&sibling, &Edit::new(READER_OLD, new)).kind(),
        "not_found"
    );
}

const DRAIN: &str = "\
from collections import deque
import sys


def drain(queue, sink):
    pending = deque(queue)
    while pending:
        item = pending.popleft()
        sink.write(item)
    sink.close()
    return True
";

#[test]
fn a_slip_is_respelled_as_a_word_never_inside_a_longer_one() {
    // `form` for `from` slipped; `format`, `transform` written in `new` stay as written.
    let old = "form collections import deque\nimport sys\n\n\ndef drain(queue, sink):\n    pending = deque(queue)\n    while pendign:\n        item = pending.popleft()";
    for call in ["format", "transform", "platform"] {
        let new = format!(
            "{}\n        sink.write({call}(item))",
            old.replace("form coll", "from coll")
                .replace("pendign", "pending")
        );
        let out = applied(DRAIN, &Edit::new(old, new));
        assert_eq!(
            out.text,
            DRAIN.replace(
                "popleft()\n",
                &format!("popleft()\n        sink.write({call}(item))\n")
            )
        );
    }
}

const HEADERS: &str = "\
static int read_header(struct reader *r, size_t limit) {
    int user_sid = lookup(r);
    uint8_t *header_buf = r->header_buf;
    if (header_len > limit)
        return READ_ERR_TOO_LONG;
    memcpy(r->scratch, header_buf, header_len);
    return READ_OK;
}

static int read_trailer(struct reader *r, size_t limit) {
    int users_idx = lookup(r);
    uint8_t *header_buf = r->header_buf;
    if (header_len > limit)
        return READ_ERR_TOO_LONG;
    memcpy(r->scratch, header_buf, header_len);
    return READ_OK;
}
";

#[test]
fn a_swap_of_underscore_is_no_slip_beside_a_word_one_letter_off() {
    // `users_id` is `user_sid` with `_` swapped and `users_idx` with a letter dropped: the two
    // blocks are as near, so the edit is refused; with the second block gone it applies.
    let old = "    int users_id = lookup(r);
    uint8_t *header_buf = r->haeder_buf;
    if (header_ln > limit)
        return READ_ERR_TOO_LONG;
    memcpy(r->scratch, header_buf, header_len);";
    let new = old.replace("memcpy", "memmove");
    refused(HEADERS, &Edit::new(old, new.clone()));
    let first = HEADERS.split("\n\n").next().unwrap().to_string() + "\n";
    let out = applied(&first, &Edit::new(old, new));
    assert_eq!(out.text, first.replace("memcpy", "memmove"));
}

const SCAN: &str = "\
/* hnswscan.c: scans an HNSW index */
#include <limits.h>

#include \"access/genam.h\"
#include \"access/relscan.h\"
#include \"hnsw.h\"
#include \"miscadmin.h\"
#include \"pgstat.h\"  // why: see above
#include \"storage/lmgr.h\"
#include \"utils/float.h\"

#define HNSW_LEVELS 16  // why: see above
";

/// `SCAN`'s includes as the model copied them: the trailing comment left out of a preprocessor
/// line, a slip on the last line.
const SCAN_OLD: &str = "#include \"access/genam.h\"
#include \"access/relscan.h\"
#include \"hnsw.h\"
#include \"miscadmin.h\"
#include \"pgstat.h\"
#include \"storage/lmgr.h\"
#include \"utlis/float.h\"";

#[test]
fn a_comment_left_out_of_a_preprocessor_line_beside_a_slip_is_no_change() {
    // `#include` is code, not a `#` comment: the file's line is `old`'s with a comment.
    let new = SCAN_OLD.replace(
        "\"miscadmin.h\"\n",
        "\"miscadmin.h\"\n#include \"port.h\"\n",
    );
    let out = applied(SCAN, &Edit::new(SCAN_OLD, new.clone()));
    assert_eq!(
        out.text,
        SCAN.replace(
            "\"miscadmin.h\"\n",
            "\"miscadmin.h\"\n#include \"port.h\"\n"
        )
    );
    // The line with a header added since (`"pgstat_internal.h"`): refused.
    let changed = SCAN.replace("\"pgstat.h\"  //", "\"pgstat.h\" \"pgstat_internal.h\"  //");
    let err = refused(&changed, &Edit::new(SCAN_OLD, new));
    assert_eq!(err.kind(), "content_mismatch");
}

#[test]
fn a_comment_left_out_of_a_define_that_anchors_old_is_no_change() {
    let old = "#include \"storage/lmgr.h\"\n#include \"utils/float.h\"\n\n#define HNSW_LEVELS 16";
    let new = format!("{old}\n#define HNSW_MAX_LEVEL (HNSW_LEVELS - 1)");
    let out = applied(SCAN, &Edit::new(old, new.clone()));
    assert_eq!(
        out.text,
        format!("{SCAN}#define HNSW_MAX_LEVEL (HNSW_LEVELS - 1)\n")
    );
    // The definition extended since (`16 * HNSW_SCALE`): a line changed since, refused.
    let changed = SCAN.replace("LEVELS 16  //", "LEVELS 16 * HNSW_SCALE  //");
    let err = refused(&changed, &Edit::new(old, new));
    assert_eq!(err.kind(), "content_mismatch");
}
