//! An anchor line of `old` copied without its trailing comment, where the file also holds the
//! line as written elsewhere: the block meant is found at the commented line. Applied with the
//! comment kept; the same commented block twice refused.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

/// `assertEquals(4, buffer.size)` stands as written in `readInt` and with a comment in
/// `readUnsignedInt`, the block the model copied.
const FILE: &str = "\
class BufferTest {
  @Test fun readInt() {
    val buffer = Buffer()
    buffer.writeInt(4)
    assertEquals(4, buffer.size)
    val value = buffer.readInt()
    assertEquals(0x04030201, value)
    assertTrue(buffer.exhausted())
    buffer.close()
  }

  @Test fun readUnsignedInt() {
    val buffer = Buffer()
    buffer.writeUInt(15u)
    assertEquals(4, buffer.size)  // why: see above
    assertEquals(15u, buffer.readUIntLe())
    assertEquals(0, buffer.size)
  }
}
";

const OLD: &str = "    assertEquals(4, buffer.size)
    assertEquals(15u, buffer.readUIntLe())
    assertEquals(0, buffer.size)
  }";

#[test]
fn a_first_line_written_elsewhere_anchors_at_its_commented_copy() {
    let new = OLD.replace(
        "assertEquals(0, buffer.size)",
        "assertTrue(buffer.exhausted())",
    );
    let out = applied(FILE, &Edit::new(OLD, new.clone()));
    assert_eq!(
        out.text,
        FILE.replace(
            "    assertEquals(0, buffer.size)\n",
            "    assertTrue(buffer.exhausted())\n"
        )
    );
    assert_eq!(strategy(&out), "block_anchor");
    // The commented block twice: no choice between them.
    let again = FILE[FILE.find("  @Test fun readUnsignedInt").unwrap()..FILE.len() - 2]
        .replace("readUnsignedInt()", "readUnsignedIntAgain()");
    let twice = format!("{}\n{again}}}\n", &FILE[..FILE.len() - 2]);
    assert_eq!(kind(&twice, &Edit::new(OLD, new)), "low_confidence");
}

/// A tail after a blank that is code, not a comment: Python's floor division, a command's
/// option, a `/* */` with code after it. `old`'s line without the tail stands plain elsewhere;
/// the edit, written for the line without it, would divide twice or run the command twice.
#[test]
fn a_tail_that_is_code_is_no_comment_left_out() {
    let cases = [
        (
            "def average(total, count):\n    per = total\n    return per\n\n\ndef split(total, count):\n    per = total // count\n    rest = total % count\n    log.debug(\"split %d\", per)\n    return per, rest\n",
            "    per = total\n    rest = total % count\n    log.debug(\"split %d\", per)\n    return per, rest",
            "    per = total\n    per = per // count\n    rest = total % count\n    log.debug(\"split %d\", per)\n    return per, rest",
        ),
        (
            "#!/bin/sh\nbackup() {\n    rsync -a src/ dst/\n    echo \"backup done\"\n}\n\nmirror() {\n    rsync -a src/ dst/ --delete\n    touch dst/.mirrored\n    echo \"mirror done\"\n}\n",
            "    rsync -a src/ dst/\n    touch dst/.mirrored\n    echo \"mirror done\"\n}",
            "    rsync -a src/ dst/\n    rsync -a src/ dst/ --delete\n    touch dst/.mirrored\n    echo \"mirror done\"\n}",
        ),
        (
            "func discount(price int) int {\n\tx := price\n\tif x > 100 {\n\t\tx -= 10\n\t}\n\tlog.Printf(\"discounted %d\", x)\n\treturn x\n}\n\nfunc total(price, qty int) int {\n\tx := price /* cents */ * qty\n\ty := x + shipping\n\treturn y\n}\n",
            "\tx := price\n\ty := x + shipping\n\treturn y\n}",
            "\tx := price\n\tx = x * qty\n\ty := x + shipping\n\treturn y\n}",
        ),
    ];
    for (file, old, new) in cases {
        assert_eq!(kind(file, &Edit::new(old, new)), "not_found", "{file}");
    }
}

/// Two tests a name apart; the model copied the first without the comment on its line.
const HASHING: &str = "\
class HashingSinkTest {
  @Test fun sha512() {
    assertEquals(SHA512_abc, sink.hash)
  }

  @Test fun hmacSha1() {
    val hashingSink = hmacSha1(sink, HMAC_KEY)  // why: see above
    source.writeUtf8(\"abc\")
    hashingSink.write(source, 3L)
  }

  @Test fun hmacSha256() {
    val hashingSink = hmacSha256(sink, HMAC_KEY)
    source.writeUtf8(\"abc\")
    hashingSink.write(source, 3L)
  }
}
";

#[test]
fn a_block_equal_but_for_a_comment_leads_a_sibling_a_name_off() {
    let old = "  }\n\n  @Test fun hmacSha1() {\n    val hashingSink = hmacSha1(sink, HMAC_KEY)\n    source.writeUtf8(\"abc\")";
    let new = old.replace("fun hmacSha1()", "fun hmacSha1Hash()");
    let out = applied(HASHING, &Edit::new(old, new.clone()));
    assert_eq!(
        out.text,
        HASHING.replace("fun hmacSha1()", "fun hmacSha1Hash()")
    );
    // The commented block twice: no choice between them.
    let twice = HASHING.replace(
        "\n  @Test fun hmacSha256() {",
        "\n  @Test fun hmacSha1() {\n    val hashingSink = hmacSha1(sink, HMAC_KEY)  // why: see above\n    source.writeUtf8(\"abc\")\n  }\n\n  @Test fun hmacSha256() {",
    );
    assert_ne!(kind(&twice, &Edit::new(old, new)), "applied");
}

/// Twins of the same code, each with a trailing comment on another line, and `old` with none:
/// both are as close once the comments are left out, so neither is chosen.
#[test]
fn twins_commented_on_different_lines_are_refused() {
    let file = "\
def first():
    total = load(path)  # why: cached
    count = len(total)
    report(total, count)


def second():
    total = load(path)
    count = len(total)  # why: see above
    report(total, count)
";
    let old = "    total = load(path)\n    count = len(total)\n    report(total, count)";
    let new =
        "    total = load(path)\n    count = len(total)\n    report(total, count, verbose=True)";
    assert_ne!(kind(file, &Edit::new(old, new)), "applied");
    // The second twin's code changed in a word: `old` copies the first but for its comment.
    let once = file.replace(
        "    count = len(total)  # why: see above\n",
        "    count = len(items)\n",
    );
    let out = applied(&once, &Edit::new(old, new));
    assert!(out.text.starts_with("def first():\n    total = load(path)  # why: cached\n    count = len(total)\n    report(total, count, verbose=True)\n"));
}

/// A short block equal to `old` but for a trailing comment, beside a sibling a letter off
/// `old` (`totals`): dropping a comment and dropping a letter are both a copy's slips, so the
/// edit is refused rather than made in the sibling.
#[test]
fn a_commented_copy_rivals_a_sibling_a_letter_off() {
    let file = "\
void a(){
  int total = sum(xs);  // why: see above
  log(total);
}

void b(){
  int totals = sum(xs);
  log(total);
}
";
    let old = "  int total = sum(xs);\n  log(total);\n}";
    let new = "  int total = sum(xs);\n  log(total + 1);\n}";
    assert_ne!(kind(file, &Edit::new(old, new)), "applied");
    // Without the commented copy, the sibling a letter off is the block meant.
    let alone = file.replace(
        "  int total = sum(xs);  // why: see above\n",
        "  int count = 0;\n",
    );
    let out = applied(&alone, &Edit::new(old, new));
    assert!(out
        .text
        .contains("  int totals = sum(xs);\n  log(total + 1);\n"));
}

/// Python's `//` divides: `m = total // count` is no `m = total` with a comment left out, so
/// `old` (`hi = b + 1` of the second function, `m = total` of the first) copies each function
/// but for one line, and which one it meant is a guess.
#[test]
fn a_floor_division_is_no_comment_left_out() {
    let file = "\
def mid(a, b):
    lo = a
    hi = b
    m = total
    return m

def mid2(a, b):
    lo = a
    hi = b + 1
    m = total // count
    return m
";
    let old = "    lo = a\n    hi = b + 1\n    m = total\n    return m";
    let new = "    lo = a\n    hi = b + 1\n    m = total\n    return m + 1";
    assert_ne!(kind(file, &Edit::new(old, new)), "applied");
    // With a comment there, `old` copies the second function but for it.
    let commented = file.replace("total // count", "total  // why: see above");
    let out = applied(&commented, &Edit::new(old, new));
    assert!(out
        .text
        .ends_with("    m = total  // why: see above\n    return m + 1\n"));
}
