//! The unit tests of [`super`]: lines changed since, slips of memory and of the pen.

use super::*;

/// [`super::changed_since`] in a file that writes `//` comments.
fn changed_since(old_line: &str, file_line: &str) -> bool {
    super::changed_since(old_line, file_line, &|| true)
}

/// [`near_change_changed_since`] in a file that writes `//` comments and holds every word (no
/// word is a slip).
fn changed_near(old: &[&str], window: &[&str], after: Option<&str>, new: &[&str]) -> Option<usize> {
    near_change_changed_since(old, window, after, new, &|_| true, &|| true, Reach::Near)
}

#[test]
fn floor_division_is_code_where_the_file_writes_no_slash_comments() {
    let file = "    offset = bit_index // 8";
    assert!(super::changed_since("    offset = bit_indx", file, &|| {
        false
    }));
    assert!(!super::changed_since(
        "    offset = bit_indx",
        file,
        &|| true
    ));
}

#[test]
fn code_written_onto_the_line_is_a_change_a_comment_is_not() {
    let old = "    counter.fetch_add(1, Relaxed);";
    assert!(changed_since(
        old,
        "    counter.fetch_add(1, Relaxed); counter.fetch_add"
    ));
    assert!(changed_since(
        "    counter.fetch_add(1, Relaxed); counter.fetch_add",
        old
    ));
    assert!(changed_since("KIND_B = 3, KIND_C", "KIND_B = 3,"));
    // A trailing comment left out, or one token more: memory.
    assert!(!changed_since(
        old,
        "    counter.fetch_add(1, Relaxed); // hot path"
    ));
    assert!(!changed_since("    counter.fetch_add(1, Relaxed)", old));
    // A comment line that goes on is no comment left out.
    assert!(changed_since(
        "/// # Safety",
        "/// # Safety: the caller checks"
    ));
}

#[test]
fn a_trailing_comment_left_out_is_memory_however_long() {
    let file = "    if diffs_only:  # keeps the order stable for the report";
    assert!(!changed_since("    if diffs_only:", file));
    assert!(!changed_since(file, "    if diffs_only:"));
    // Code written onto the line before the comment is a change.
    assert!(changed_since(
        "    if diffs_only:",
        "    if diffs_only and not stats_only:  # keeps the order"
    ));
}

#[test]
fn a_slip_on_a_line_typed_plain_or_without_its_comment_is_no_change() {
    // The file's emoji, curly quotes and trailing comment are habits; the slip is memory.
    let file = "  installed:  # \u{26a0}\u{fe0f} don\u{2019}t \u{201c}change\u{201d}";
    let window = ["x:", file, "  y: 1"];
    let old = ["x:", "  instaleld:  # \u{26a0} don't \"change\"", "  y: 1"];
    let new = ["x:", "  installed:  # \u{26a0} don't \"change\"", "  y: 2"];
    assert_eq!(
        near_change_changed_since(&old, &window, None, &new, &|_| false, &|| true, Reach::Near),
        None
    );
    // A statement rewritten since under such a comment is a change still: its shared
    // comment words do not make it a slip.
    let file = "  total = sum(prices)  # don\u{2019}t \u{201c}touch\u{201d} \u{2014} see \u{201c}notes\u{201d}";
    let window = ["def f(prices):", file, "  return total"];
    let old = [
        "def f(prices):",
        "  total = 0  # don't \"touch\" - see \"notes\"",
        "  return total",
    ];
    let new = [
        "def f(prices):",
        old[1],
        "  for p in prices: total += p",
        "  return total",
    ];
    assert_eq!(
        near_change_changed_since(&old, &window, None, &new, &|_| false, &|| true, Reach::Near),
        Some(1)
    );
    let file = "hamming_distance(PG_FUNCTION_ARGS)  // why: see above";
    assert!(!changed_since("hamming_distance(PG_FUNCTIO_NARGS)", file));
    // The code rewritten beside the comment is a change still.
    assert!(changed_since(
        "hamming_distance(FunctionCallInfo fcinfo, int flags)",
        file
    ));
    assert!(changed_since(
        "hamming_distance_in_bits(PG_FUNCTION_ARGS)",
        file
    ));
}

#[test]
fn a_misspelt_word_is_a_slip_a_word_the_file_has_is_not() {
    let file = "    git_config_path = git_dir / config";
    let nowhere = |_: &str| false;
    assert!(slip_of(
        "    git_conxig_path = git_dir / config",
        file,
        nowhere
    ));
    // The word stands in the file: another name, maybe the file's change.
    assert!(!slip_of(
        "    git_conxig_path = git_dir / config",
        file,
        |w| { w == "git_conxig_path" }
    ));
    // A number, a short name, two words off, a word renamed longer: no slip.
    assert!(!slip_of("#define X_ONCE 0", "#define X_ONCE 1", nowhere));
    assert!(!slip_of("    n = f(x)", "    m = f(x)", nowhere));
    assert!(!slip_of(
        "    git_conxig_path = git_dxr / config",
        file,
        nowhere
    ));
    assert!(!slip_of("    git_config = git_dir / config", file, nowhere));
}

proptest::proptest! {
    /// One letter of a long word changed, the changed word nowhere in the file: a slip,
    /// whichever letter; a line with another token added never is.
    #[test]
    fn one_letter_off_is_a_slip(
        word in "[a-z]{4,12}",
        at in 0usize..12,
        letter in "[a-z]",
        extra in "[a-z]{1,6}",
    ) {
        let at = at % word.len();
        let slipped = format!("{}{letter}{}", &word[..at], &word[at + 1..]);
        let file = format!("    let {word} = compute(a, b);");
        let old = format!("    let {slipped} = compute(a, b);");
        let nowhere = |w: &str| w == word;
        proptest::prop_assert_eq!(slip_of(&old, &file, nowhere), slipped != word);
        let longer = format!("    let {slipped} = compute(a, b, {extra});");
        proptest::prop_assert!(!slip_of(&longer, &file, nowhere));
    }
}

#[test]
fn a_name_with_a_word_added_is_a_rename() {
    assert!(changed_since(
        "draw(&revisedCircle::new((150, 100), 90, style));",
        "draw(&Circle::new((150, 100), 90, style));"
    ));
    // Another name, or one a letter or two off: misremembered.
    assert!(!changed_since(
        "draw(&value::new((150, 100), 90, style));",
        "draw(&Circle::new((150, 100), 90, style));"
    ));
    assert!(!changed_since("let items = f(x);", "let item = f(x);"));
    assert!(!changed_since("let xitem = f(x);", "let item = f(x);"));
}

#[test]
fn another_statement_in_its_place_is_a_rewrite() {
    assert!(changed_since(
        "    let total = prices.iter().sum();",
        "    return Err(Error::Closed);"
    ));
    // One token of a short line misremembered: a slip.
    assert!(!changed_since("    return value;", "    return total;"));
    assert!(!changed_since("    value", "    total"));
    // A decomposed accent is part of its word, not a word split in two.
    assert!(!changed_since(
        "# Olszo\u{301}wka <olszowka@example.org>",
        "# Olszówka <olszowka@example.org>"
    ));
}

#[test]
fn only_a_line_beside_the_edit_and_paired_one_for_one_counts() {
    let window = [
        "fn f() {",
        "    a();",
        "    b(); b2();",
        "    c();",
        "    d();",
        "}",
    ];
    let old = [
        "fn f() {", "    a();", "    b();", "    c();", "    d();", "}",
    ];
    let edit_at = |k: usize, to: &'static str| {
        let mut new: Vec<&str> = old.to_vec();
        new[k] = to;
        new
    };
    // `b();` extended since; the edit changes `c();` (beside it) or `d();` (one between).
    assert_eq!(
        changed_near(&old, &window, None, &edit_at(3, "    c(1);")),
        Some(2)
    );
    assert_eq!(
        changed_near(&old, &window, None, &edit_at(4, "    d(1);")),
        Some(2)
    );
    // Two lines between: merged as git merges it.
    assert_eq!(
        changed_near(&old, &window, None, &edit_at(5, "} // f")),
        None
    );
    // A line made up in `old` opposite a line `old` has too: the block taken a line off.
    let window = ["    a();", "    a();", "    c();"];
    let old = ["    a();", "    // keep this in sync", "    c();"];
    assert_eq!(
        changed_near(
            &old,
            &window,
            None,
            &["    a();", "    // keep this in sync", "    c(1);"]
        ),
        None
    );
}

#[test]
fn a_last_line_joined_with_the_next_is_no_line_extended() {
    let window = ["<p>Use a file,", "then write to"];
    let old = ["<p>Use a file,", "then write to the temporary one.</p>"];
    let new = ["<p>Use the file,", "then write to the temporary one.</p>"];
    let next = Some("the temporary one.</p>");
    assert_eq!(changed_near(&old, &window, next, &new), None);
    assert_eq!(changed_near(&old, &window, Some("<p>"), &new), Some(1));
}

#[test]
fn a_number_of_digits_changed_is_a_change_a_letter_in_a_literal_is_not() {
    let never = || false;
    assert!(number_changed(
        "#define X_ONCE 0",
        "#define X_ONCE 1",
        &never
    ));
    assert!(number_changed("f(x, 13);", "f(x, 113);  // why", &|| true));
    assert!(!number_changed(
        "let w = 0uxize;",
        "let w = 0usize;",
        &never
    ));
    assert!(!number_changed("0x7x => 1,", "0x7e => 1,", &never));
    // Code added besides: another rule's (`extended`).
    assert!(!number_changed("f(1)", "f(2, extra)", &never));
}
