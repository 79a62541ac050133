//! Lazy snippets whose pieces are written out of file order: a piece whose lines stand before
//! the previous piece is refused (`out_of_order`) rather than written again after it.

use fuzzy_edit::snippet::SnippetReason;
use fuzzy_edit::{apply_snippet, Options};

use super::support::{merged, reason};

/// Two tests; each ends in a call to be replaced by `assertThrowsStackOverflow`.
const TESTS: &str = r#"public class CircularTest {
  @Test
  public void testSelfReference() {
    a.children.add(b);
    b.children.add(a);
    // Circular types should not get printed
    assertThrows(StackOverflowError.class, () -> gson.toJson(a));
  }

  @Test
  public void testArrays() {
    objA.children = new Node[] {objA};

    // Circular reference to self can not be serialized
    assertThrows(StackOverflowError.class, () -> gson.toJson(objA));
  }

  @Test
  public void testTwoLevels() {
    a.children.add(b);
    a.children.add(c);
    b.children.add(c);
    assertThat(gson.toJson(a)).isNotNull();
  }

  @Test
  public void testLast() {
  }
}
"#;

/// The second test's change, then the first test's.
const REVERSED: &str = r#"    // ... existing code ...
    objA.children = new Node[] {objA};

    // Circular reference to self can not be serialized
    assertThrowsStackOverflow(() -> gson.toJson(objA));
  }

  @Test
    // ... existing code ...
    a.children.add(b);
    b.children.add(a);
    // Circular types should not get printed
    assertThrowsStackOverflow(() -> gson.toJson(a));
  }

  @Test
    // ... existing code ...
"#;

#[test]
fn a_piece_whose_lines_stand_before_the_previous_piece_is_refused() {
    // After the second test the piece's `a.children.add(b);`, `}`, `@Test` fit the third test,
    // which its other lines would replace; its lines stand whole in the first test.
    assert_eq!(reason(TESTS, REVERSED), SnippetReason::OutOfOrder);
    let e = apply_snippet(TESTS, REVERSED, &Options::default()).unwrap_err();
    assert!(e
        .to_string()
        .contains("in the order their lines stand in the file"));
    assert_eq!(e.rule(), "snippet_out_of_order");
}

/// The same two pieces, the first test's first.
const IN_ORDER: &str = r#"    // ... existing code ...
    a.children.add(b);
    b.children.add(a);
    // Circular types should not get printed
    assertThrowsStackOverflow(() -> gson.toJson(a));
  }

  @Test
    // ... existing code ...
    objA.children = new Node[] {objA};

    // Circular reference to self can not be serialized
    assertThrowsStackOverflow(() -> gson.toJson(objA));
  }

  @Test
    // ... existing code ...
"#;

#[test]
fn the_same_pieces_in_file_order_merge() {
    let want = TESTS
        .replace(
            "assertThrows(StackOverflowError.class, () -> gson.toJson(a));",
            "assertThrowsStackOverflow(() -> gson.toJson(a));",
        )
        .replace(
            "assertThrows(StackOverflowError.class, () -> gson.toJson(objA));",
            "assertThrowsStackOverflow(() -> gson.toJson(objA));",
        );
    assert_eq!(merged(TESTS, IN_ORDER), want);
}
