//! File contents: non-text refused untouched; line endings, BOM, final newline, empty files kept.

use crate::common::{assert_fails, assert_ok, listing, Work};

#[test]
fn binary_file_is_refused_and_untouched() {
    let w = Work::new();
    let bytes: &[u8] = b"\x7fELF\x02\x01\x01\0\0\0line to edit\n\xff\xfe\0tail\n";
    w.write("prog.bin", bytes);
    let out = w.run(["apply", "prog.bin", "--old", "line to edit", "--new", "x"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("binary"), "{err}");
    assert_eq!(w.bytes("prog.bin"), bytes);
    assert_eq!(listing(&w), ["prog.bin"]);
}

#[test]
fn binary_file_named_by_an_edits_document_is_untouched() {
    let w = Work::new();
    let bytes: &[u8] = b"abc\0def\nline\n";
    w.write("data.bin", bytes);
    w.write("ok.txt", "keep\n");
    w.write(
        "edits.json",
        r#"[{"file_path": "ok.txt", "old_string": "keep", "new_string": "changed"},
            {"file_path": "data.bin", "old_string": "line", "new_string": "LINE"}]"#,
    );
    let out = w.run(["apply", "--edits", "edits.json"]);
    assert_fails(&out, 2);
    assert_eq!(w.bytes("data.bin"), bytes);
    assert_eq!(w.read("ok.txt"), "keep\n");
}

#[test]
fn invalid_utf8_is_refused_and_untouched() {
    let w = Work::new();
    // Latin-1 text: "café\nline\n".
    let bytes: &[u8] = b"caf\xe9\nline\n";
    w.write("latin1.txt", bytes);
    let out = w.run(["apply", "latin1.txt", "--old", "line", "--new", "LINE"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("UTF-8"), "{err}");
    assert_eq!(w.bytes("latin1.txt"), bytes);
    assert_eq!(listing(&w), ["latin1.txt"]);
}

#[test]
fn file_over_max_bytes_is_refused_and_untouched() {
    let w = Work::new();
    let text = "x = 1\n".repeat(100);
    w.write("big.txt", &text);
    let out = w.run([
        "apply",
        "big.txt",
        "--old",
        "x = 1",
        "--new",
        "y",
        "--replace-all",
        "--max-bytes",
        "100",
    ]);
    assert_fails(&out, 2);
    assert_eq!(w.read("big.txt"), text);
}

#[test]
fn crlf_file_keeps_crlf() {
    let w = Work::new();
    w.write("win.txt", "one\r\ntwo\r\nthree\r\n");
    // The model writes LF.
    let out = w.run([
        "apply",
        "win.txt",
        "--old",
        "two\nthree",
        "--new",
        "two\n2.5\nthree",
    ]);
    assert_ok(&out);
    assert_eq!(w.bytes("win.txt"), b"one\r\ntwo\r\n2.5\r\nthree\r\n");
}

#[test]
fn crlf_file_edited_by_an_lf_diff_keeps_crlf() {
    let w = Work::new();
    w.write("win.txt", "a\r\nb\r\nc\r\n");
    let doc = "--- a/win.txt\n+++ b/win.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    assert_ok(&out);
    assert_eq!(w.bytes("win.txt"), b"a\r\nB\r\nc\r\n");
}

#[test]
fn lf_file_edited_by_a_crlf_document_keeps_lf() {
    let w = Work::new();
    w.write("unix.txt", "a\nb\nc\n");
    let doc = "unix.txt\r\n<<<<<<< SEARCH\r\nb\r\n=======\r\nB\r\n>>>>>>> REPLACE\r\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("unix.txt"), b"a\nB\nc\n");
}

#[test]
fn bom_is_kept() {
    let w = Work::new();
    w.write("bom.txt", "\u{feff}x = 1\ny = 2\n");
    let out = w.run(["apply", "bom.txt", "--old", "x = 1", "--new", "x = 10"]);
    assert_ok(&out);
    assert_eq!(w.bytes("bom.txt"), "\u{feff}x = 10\ny = 2\n".as_bytes());
}

#[test]
fn bom_is_kept_when_a_block_replaces_the_first_lines() {
    let w = Work::new();
    w.write("bom.txt", "\u{feff}x = 1\ny = 2\nz = 3\n");
    let doc = "bom.txt\n<<<<<<< SEARCH\nx = 1\ny = 2\n=======\nw = 0\n>>>>>>> REPLACE\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("bom.txt"), "\u{feff}w = 0\nz = 3\n".as_bytes());
}

#[test]
fn missing_final_newline_stays_missing() {
    let w = Work::new();
    w.write("a.txt", "first\nlast");
    let out = w.run(["apply", "a.txt", "--old", "last", "--new", "LAST"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST");
}

#[test]
fn missing_final_newline_stays_missing_with_a_block() {
    // SEARCH/REPLACE sections end in a newline; the file's last line has none.
    let w = Work::new();
    w.write("a.txt", "first\nlast");
    let doc = "a.txt\n<<<<<<< SEARCH\nlast\n=======\nLAST\n>>>>>>> REPLACE\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST");
}

#[test]
fn missing_final_newline_with_a_diff_that_says_so() {
    let w = Work::new();
    w.write("a.txt", "first\nlast");
    let doc = "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n first\n-last\n\\ No newline at end of file\n+LAST\n\\ No newline at end of file\n";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST");
}

#[test]
fn final_newline_stays_present() {
    let w = Work::new();
    w.write("a.txt", "first\nlast\n");
    let out = w.run(["apply", "a.txt", "--old", "last", "--new", "LAST"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nLAST\n");
    // A block whose sections end in a newline keeps exactly one.
    let doc = "a.txt\n<<<<<<< SEARCH\nLAST\n=======\nlast again\n>>>>>>> REPLACE\n";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.bytes("a.txt"), b"first\nlast again\n");
}

#[test]
fn empty_file_can_be_filled() {
    let w = Work::new();
    w.write("empty.txt", "");
    let out = w.run(["apply", "empty.txt", "--old", "", "--new", "hello\n"]);
    assert_ok(&out);
    assert_eq!(w.read("empty.txt"), "hello\n");
}

#[test]
fn empty_file_edit_that_finds_nothing_is_refused() {
    let w = Work::new();
    w.write("empty.txt", "");
    let out = w.run(["apply", "empty.txt", "--old", "x", "--new", "y"]);
    assert_fails(&out, 1);
    assert_eq!(w.bytes("empty.txt"), b"");
}

#[test]
fn empty_file_can_be_created_over() {
    let w = Work::new();
    w.write("empty.txt", "");
    let doc = "*** Begin Patch\n*** Add File: empty.txt\n+content\n*** End Patch\n";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_ok(&out);
    assert_eq!(w.read("empty.txt"), "content\n");
}

#[test]
fn empty_old_on_a_non_empty_file_is_refused() {
    let w = Work::new();
    w.write("a.txt", "content\n");
    let out = w.run(["apply", "a.txt", "--old", "", "--new", "x"]);
    assert_fails(&out, 1);
    assert_eq!(w.read("a.txt"), "content\n");
}
