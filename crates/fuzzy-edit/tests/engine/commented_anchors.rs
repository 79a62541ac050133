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
