//! The merge on small cases: each convention, and each reason to refuse.

use super::*;

fn merged(file: &str, snippet: &str) -> Result<String, Refusal> {
    merge(file, snippet, &Options::default()).map(|m| m.text)
}

fn why(file: &str, snippet: &str) -> Why {
    merged(file, snippet).unwrap_err().why
}

const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";

#[test]
fn a_new_method_after_a_class_marker_goes_at_the_end_of_the_class() {
    let snippet = "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)";
    assert_eq!(
        merged(STACK, snippet).unwrap(),
        format!("{STACK}\n    def size(self):\n        return len(self.items)\n")
    );
}

#[test]
fn a_function_after_a_function_marker_goes_after_its_body() {
    let file = "def f(x):\n    a = x\n    return a\n";
    let snippet = "def f(x):\n    # ... existing code ...\n\n\ndef g(y):\n    return f(y)";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "def f(x):\n    a = x\n    return a\n\n\ndef g(y):\n    return f(y)\n"
    );
}

#[test]
fn pieces_keep_the_lines_between_them() {
    let file = "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n";
    assert_eq!(
        merged(file, "a = 1\n# ...\nc = 3\nd = 40\ne = 5").unwrap(),
        "a = 1\nb = 2\nc = 3\nd = 40\ne = 5\n"
    );
    // Deletion by omission inside a piece.
    assert_eq!(
        merged(file, "# ...\nb = 2\nd = 4\n# ...").unwrap(),
        "a = 1\nb = 2\nd = 4\ne = 5\n"
    );
}

#[test]
fn flush_left_crlf_and_no_final_newline_take_the_files_form() {
    let file = "impl A {\r\n    fn f() {\r\n        one();\r\n    }\r\n}";
    let snippet = "fn f() {\n    one();\n    two();\n}";
    assert_eq!(
        merged(file, snippet).unwrap(),
        "impl A {\r\n    fn f() {\r\n        one();\r\n        two();\r\n    }\r\n}"
    );
    let tabs = "\u{feff}fn f() {\n\tone();\n}\n";
    assert_eq!(
        merged(tabs, "fn f() {\n    one();\n    two();\n}").unwrap(),
        "\u{feff}fn f() {\n\tone();\n\ttwo();\n}\n"
    );
}

#[test]
fn a_piece_that_fits_twice_is_refused() {
    let file = "fn a() {\n    x();\n}\nfn b() {\n    x();\n}\n";
    let r = merged(file, "    x();\n    y();").unwrap_err();
    assert_eq!((r.why, r.lines.clone()), (Why::Ambiguous, vec![1, 4]));
}

#[test]
fn stale_and_open_pieces_are_refused() {
    assert_eq!(why(STACK, "def nothing_here():\n    pass"), Why::NotInFile);
    // New lines between two markers: where they go is open.
    let snippet = "class S:\n    # ...\n    def size(self):\n        return 0\n    # ...";
    assert_eq!(why(STACK, snippet), Why::OpenMarker);
}

#[test]
fn a_new_edge_line_like_its_neighbour_is_refused() {
    let file = "def f():\n    a = 1\n    count = 2\n    return a\n";
    // `counts = 3` beside `count = 2`: replace it or add it?
    let snippet = "def f():\n    # ...\n    counts = 3\n    return a";
    assert_eq!(why(file, snippet), Why::EditedEdge);
}

#[test]
fn a_marker_does_not_stretch_over_the_next_block() {
    let file = "class A:\n    x = 1\n\nclass B:\n    def f(self):\n        return 1\n";
    let snippet = "class A:\n    # ...\n    def f(self):\n        return 2";
    assert_eq!(why(file, snippet), Why::CrossesScope);
}

#[test]
fn markers_the_file_holds_are_code_and_each_text_is_searched_once() {
    let file = "x = 1  # ... rest of the setup ...\ny = 2\n";
    let new =
        "# ... rest of the setup ...\n# ... existing code ...\n# ... existing code ...\ny = 3\n";
    let held = markers_held(file, new, None).unwrap();
    assert!(held.contains("# ... rest of the setup ..."));
    assert!(!held.contains("# ... existing code ..."));
    assert_eq!(held.len(), 1);
}

#[test]
fn distinct_markers_past_the_scan_allowance_are_unclear_not_guessed() {
    // 1 MiB of file: 16 MiB + 8 x 1 MiB of scanning is 24 distinct texts; the 25th is refused.
    let file = "a = 1\n"
        .repeat(1 << 20)
        .chars()
        .take(1 << 20)
        .collect::<String>();
    let new: String = (0..40)
        .map(|i| format!("# ... existing code {i} ...\n"))
        .collect();
    let allowed = (MARKER_SCAN_BASE + MARKER_SCANS_PER_BYTE * file.len()) / file.len();
    assert_eq!(allowed, 24);
    let unread = format!("# ... existing code {allowed} ...");
    assert_eq!(markers_held(&file, &new, None), Err(Some(unread.as_str())));
    // The same texts repeated cost nothing more.
    let repeated = "# ... existing code ...\n".repeat(1000);
    assert!(markers_held(&file, &repeated, None).unwrap().is_empty());
}

#[test]
fn a_passed_deadline_stops_the_marker_search() {
    let past = std::time::Instant::now() - std::time::Duration::from_millis(1);
    assert_eq!(
        markers_held("a\n", "# ... existing code ...\n", Some(past)),
        Err(None)
    );
}

proptest::proptest! {
    /// Within the allowance, a marker text is held exactly when the file contains it.
    #[test]
    fn markers_held_agrees_with_a_search_per_line(
        file in "[a-c#. \n]{0,60}",
        words in proptest::collection::vec("[a-c]{0,2}", 1..6),
    ) {
        let new: String = words.iter().map(|w| format!("# ... {w} ...\n")).collect();
        let held = markers_held(&file, &new, None).unwrap();
        for line in new.lines().filter(|l| is_elision_marker(l)) {
            proptest::prop_assert_eq!(held.contains(line.trim()), file.contains(line.trim()));
        }
    }
}
