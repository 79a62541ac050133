use super::*;

fn moved(old: &[&str], new: &[&str]) -> Option<Vec<String>> {
    let file: Vec<Option<&str>> = old.iter().copied().map(Some).collect();
    new_at_old_depth(old, new, &file, || IndentHabits::of(old.iter().copied()))
}

#[test]
fn a_new_pasted_flush_left_moves_to_olds_depth() {
    let old = ["        a = 1", "        b = 2"];
    assert_eq!(
        moved(&old, &["a = 1", "b = 3"]).unwrap(),
        ["        a = 1", "        b = 3"]
    );
    // Two spaces too deep, nested lines included.
    let old = ["    if x:", "        y()"];
    assert_eq!(
        moved(&old, &["      if x:", "          y()", "          z()"]).unwrap(),
        ["    if x:", "        y()", "        z()"]
    );
}

#[test]
fn edges_moved_alike_are_a_shift_whatever_units_new_reads_as() {
    // 16 → 8 and 8 → 0: `new`'s two lines read as a unit of 8, `old`'s as 4.
    let old = [
        "                exc = e",
        "            return",
        "        if fd == 1:",
    ];
    assert_eq!(
        moved(&old, &["        exc = e", "if fd == 1:"]).unwrap(),
        ["                exc = e", "        if fd == 1:"]
    );
}

#[test]
fn a_line_indented_in_a_file_that_indents_nothing_is_a_slip() {
    let old = ["pub type Gid = u32;"];
    let flat = || IndentHabits::of(["pub type Uid = u32;", "pub type Gid = u32;"]);
    let file = [Some(old[0])];
    assert_eq!(
        new_at_old_depth(&old, &["  pub type Gid = u64;"], &file, flat).unwrap(),
        ["pub type Gid = u64;"]
    );
    // Where the file indents lines, a depth two units in may be meant.
    let nested = || IndentHabits::of(["mod a {", "    pub type Uid = u32;", "}"]);
    assert_eq!(
        new_at_old_depth(&old, &["        pub type Gid = u64;"], &file, nested),
        None
    );
}

#[test]
fn spaces_for_tabs_and_half_the_unit_are_mapped_back() {
    let old = ["\tif (x) {", "\t\ty();", "\t}"];
    let new = ["    if (x) {", "        y();", "        z();", "    }"];
    assert_eq!(
        moved(&old, &new).unwrap(),
        ["\tif (x) {", "\t\ty();", "\t\tz();", "\t}"]
    );
    let old = ["        run()", "            b()"];
    assert_eq!(
        moved(&old, &["    run()", "      b(1)"]).unwrap(),
        ["        run()", "            b(1)"]
    );
}

#[test]
fn a_re_indent_the_model_means_is_left_alone() {
    // Wrapped in a new block: the wrapper stands at `old`'s depth.
    let old = ["    a()", "    b()"];
    assert_eq!(
        moved(&old, &["    if x:", "        a()", "        b()"]),
        None
    );
    // Taken out of one: the line that held it is gone.
    let old = ["    if x:", "        a()", "        b()"];
    assert_eq!(moved(&old, &["    a()", "    b()"]), None);
    // Only re-indented.
    assert_eq!(moved(&["    a()"], &["a()"]), None);
    // Part of the block re-indented.
    let old = ["    a()", "    b()", "    c()"];
    assert_eq!(
        moved(&old, &["    a()", "        b()", "        d()"]),
        None
    );
}

#[test]
fn new_at_the_files_depth_is_not_a_depth_of_its_own() {
    let old = ["a()", "b()"];
    let file = ["    a()", "    b()"];
    let at_file = new_at_old_depth(&old, &["    a()", "    c()"], &file.map(Some), || {
        IndentHabits::of(file.iter().copied())
    });
    assert_eq!(at_file, None);
}

#[test]
fn a_kept_line_left_where_it_was_means_the_others_moved_on_purpose() {
    // Two depths fit some map (here: twice as deep, less 12), but no slip moves `return`
    // and leaves the comment.
    let old = [
        "    // flag",
        "    if a {",
        "        if b {",
        "            return true;",
    ];
    let new = ["    // flag", "    if a && b {", "        return true;"];
    assert_eq!(moved(&old, &new), None);
    // At column 0, which every scale keeps, the same edit fits twice as deep: but the model
    // indents by the file's unit, so it did not halve it.
    let old = [
        "// flag",
        "if a {",
        "\tif b {",
        "\t\treturn true;",
        "\t}",
        "}",
    ];
    let new = ["// flag", "if a && b {", "\treturn true;", "}"];
    assert_eq!(moved(&old, &new), None);
}

#[test]
fn a_rewritten_line_alone_moves_from_a_depth_no_author_chooses_or_one_unit_off() {
    fn moved_in(file: &[&str], old: &str, new: &str) -> Option<Vec<String>> {
        new_at_old_depth(&[old], &[new], &[Some(old)], || {
            IndentHabits::of(file.iter().copied())
        })
    }
    let file = ["def f(xs):", "    for x in xs:", "        return total"];
    let old = "        return total";
    // Flush left, or off the unit of 4.
    let want = ["        return total + 1"];
    assert_eq!(moved_in(&file, old, "return total + 1").unwrap(), want);
    assert_eq!(
        moved_in(&file, old, "          return total + 1").unwrap(),
        want
    );
    // One level out, most of the line kept: pasted a level off.
    assert_eq!(moved_in(&file, old, "    return total + 1").unwrap(), want);
    // One level out, the line rewritten past most of its content: the model may mean it.
    assert_eq!(moved_in(&file, old, "    return sum(values) / 2"), None);
    // Spaces in a file of tabs.
    let file = ["fn f() {", "\tlet a = 1;", "\t\treturn total;", "}"];
    let got = moved_in(&file, "\t\treturn total;", "        return total + 1;");
    assert_eq!(got.unwrap(), ["\t\treturn total + 1;"]);
}

#[test]
fn a_dropped_closing_line_leaves_new_inside_the_block() {
    // `}` deleted, the lines above it pasted 2 spaces off the unit of 4.
    let old = ["    free(data);", "    return 0;", "}"];
    let new = ["      free(data);", "      return 1;"];
    assert_eq!(
        moved(&old, &new).unwrap(),
        ["    free(data);", "    return 1;"]
    );
    // A block taken out of its wrapper stands at `old`'s base: left as written.
    let old = [
        "    if (ok) {",
        "        free(data);",
        "        return 0;",
        "    }",
    ];
    assert_eq!(moved(&old, &["    free(data);", "    return 1;"]), None);
}

#[test]
fn shallower_lines_dropped_after_the_kept_ones_leave_new_at_their_base() {
    // A docstring's end kept, the function after it deleted, `new` pasted flush left.
    let old = [
        "        str: the command.",
        "    \"\"\"",
        "    return join(cmd)",
        "",
        "",
        "def main():",
        "    run()",
    ];
    let new = ["    str: the command line.", "\"\"\"", "return join(cmd)"];
    assert_eq!(
        moved(&old, &new).unwrap(),
        [
            "        str: the command line.",
            "    \"\"\"",
            "    return join(cmd)"
        ]
    );
}

#[test]
fn lines_inside_the_block_may_be_re_indented_on_purpose() {
    // Flush left, with the middle lines wrapped in a new `try` one level in.
    let old = [
        "    if fmt:",
        "        out = convert(x)",
        "    else:",
        "        out = x",
    ];
    let new = [
        "if fmt:",
        "    try:",
        "        out = convert(x)",
        "    except E:",
        "        out = None",
        "else:",
        "    out = x",
    ];
    let want = [
        "    if fmt:",
        "        try:",
        "            out = convert(x)",
        "        except E:",
        "            out = None",
        "    else:",
        "        out = x",
    ];
    assert_eq!(moved(&old, &new).unwrap(), want);
}

#[test]
fn a_wrapper_at_column_0_is_no_slip() {
    // Moving `if x:` left of column 0 is what it would take: the model means the wrap.
    assert_eq!(moved(&["y = 2"], &["if x:", "    y = 2"]), None);
}

#[test]
fn a_first_line_copied_from_after_its_indentation_gets_it_back() {
    let old = ["    def f(self):", "        pass"];
    assert_eq!(
        moved(&old, &["def f(self):", "        return 1"]).unwrap(),
        ["    def f(self):", "        return 1"]
    );
    // Kept lines at `old`'s depth say the same.
    let old = ["    if x:", "        a()", "    b()"];
    assert_eq!(
        moved(&old, &["if x:", "        a()", "        c()", "    b()"]).unwrap(),
        ["    if x:", "        a()", "        c()", "    b()"]
    );
    // All of `new` flush left is the other reading.
    assert_eq!(
        moved(&old, &["if x:", "    a()", "    c()", "b()"]).unwrap(),
        ["    if x:", "        a()", "        c()", "    b()"]
    );
}

#[test]
fn a_wrapped_block_off_olds_depth_moves_its_wrapper_to_olds_base() {
    let old = ["    for x in xs:", "        send(x)", "    done()"];
    let want = [
        "    if ready:",
        "        for x in xs:",
        "            send(x)",
        "        done()",
    ];
    // One level too deep, and flush left.
    let deeper: Vec<String> = want.iter().map(|l| format!("    {l}")).collect();
    let deeper: Vec<&str> = deeper.iter().map(String::as_str).collect();
    assert_eq!(moved(&old, &deeper).unwrap(), want);
    let flush: Vec<&str> = want.iter().map(|l| &l[4..]).collect();
    assert_eq!(moved(&old, &flush).unwrap(), want);
    // A wrapper at `old`'s base is where the model means it.
    assert_eq!(moved(&old, &want), None);
}

#[test]
fn lines_without_words_are_no_evidence() {
    let old = ["    }", "    x"];
    assert_eq!(moved(&old, &["}", "y"]), None);
}
