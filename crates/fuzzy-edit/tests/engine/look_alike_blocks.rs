//! Brace-language blocks of one shape side by side (table-driven tests, builders, switch
//! cases, getters): `old` copied before its block was rewritten, from another file of the same
//! shape, or one character from each of two twins must be refused; a slip of memory or one
//! name misremembered in such a block still applies at it. (Shapes a must-refuse generator
//! over Java, C and TypeScript would make; the refuse generator itself covers Rust, C and
//! Python.)

use fuzzy_edit::Edit;

use crate::support::{applied, kind, lines, refused, sorted_locations};

/// Two table-driven tests a fixture number apart (TypeScript).
fn ts_tests(first_body: &str) -> String {
    format!(
        "describe(\"runner\", () => {{
  it(\"handles the fixture\", () => {{
{first_body}  }});

  it(\"handles the fixture\", () => {{
    const input = load(\"fixture-2\");
    const output = run(input, options);
    expect(output.errors).toEqual([]);
    expect(output.value).toBe(expected);
  }});
}});
"
    )
}

const TS_BODY: &str = "    const input = load(\"fixture-1\");
    const output = run(input, options);
    expect(output.errors).toEqual([]);
    expect(output.value).toBe(expected);
";

/// `TS_BODY` rewritten in three of its four lines since the model read it.
const TS_BODY_REWRITTEN: &str = "    const input = load(\"fixture-1\");
    const output = await runAll(input, strictOptions);
    expect(output.errors).toHaveLength(0);
    expect(output.result).toEqual(expected);
";

fn ts_old() -> String {
    format!("  it(\"handles the fixture\", () => {{\n{TS_BODY}  }});")
}

#[test]
fn a_rewritten_test_is_not_edited_in_the_test_one_number_from_old() {
    // `old` is the first test as it was: one character (`fixture-1`, a text the file has)
    // from the second test, and the first test still begins and ends as `old` does.
    let file = ts_tests(TS_BODY_REWRITTEN);
    let old = ts_old();
    let new = old.replace("toBe(expected)", "toBe(expected + 1)");
    let e = refused(&file, &Edit::new(old, new));
    assert_eq!(e.kind(), "low_confidence");
    assert_eq!(sorted_locations(&e), [(2, 7), (9, 14)]);
}

#[test]
fn a_slipped_letter_in_a_test_beside_its_rewritten_sibling_still_applies() {
    // The first test as the file has it, `old` with a letter slipped (`optoins`, a word the
    // file has nowhere); the second test is rewritten in half its lines.
    let file = ts_tests(TS_BODY).replacen(
        "    const output = run(input, options);\n    expect(output.errors).toEqual([]);\n    expect(output.value).toBe(expected);\n  });\n}",
        "    const output = await runAll(input, strictOptions);\n    expect(output.errors).toHaveLength(0);\n    expect(output.result).toEqual(expected);\n  });\n}",
        1,
    );
    let old = ts_old().replace("input, options", "input, optoins");
    let new = old.replace("toBe(expected)", "toBe(expected + 1)");
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(lines(&out), [(2, 7)]);
    assert!(out.text.contains("    const output = run(input, options);\n    expect(output.errors).toEqual([]);\n    expect(output.value).toBe(expected + 1);\n  });\n\n  it("));
}

/// A builder method of the same shape in every builder class (Java).
fn java_builder(field: &str) -> String {
    format!(
        "    public UserBuilder withName(String name) {{
        requireNonNull(name, \"name\");
        checkState(!built, \"built\");
        String trimmed = name.trim();
        this.{field}.setName(trimmed);
        this.{field}.touch();
        log.debug(\"name set\");
        return this;
    }}
"
    )
}

fn java_file() -> String {
    format!(
        "public final class UserBuilder {{\n    private final User user = new User();\n\n{}}}\n",
        java_builder("user")
    )
}

/// The edit rewrites the builder's first middle line, one the file has as `old` does.
fn java_edit(old: &str) -> Edit {
    let old = old.trim_end();
    let new = old.replace("(name, \"name\")", "(name, \"a name\")");
    Edit::new(old, new)
}

#[test]
fn a_builder_copied_from_another_class_is_not_edited() {
    // `old` names `order` on two lines (two of six middle lines: not half of them); this file
    // has no `order` anywhere: `old` was copied from the order builder.
    let e = refused(&java_file(), &java_edit(&java_builder("order")));
    assert_eq!(e.kind(), "content_mismatch");
}

#[test]
fn one_name_misremembered_in_a_builder_still_applies() {
    // `account` for `user` once: a line misremembered, not another class.
    let old = java_builder("user").replacen("this.user.touch", "this.account.touch", 1);
    let out = applied(&java_file(), &java_edit(&old));
    assert_eq!(lines(&out), [(4, 12)]);
    assert!(out.text.contains(
        "        requireNonNull(name, \"a name\");\n        checkState(!built, \"built\");\n"
    ));
    assert!(out.text.contains("        this.user.touch();\n"));
}

#[test]
fn old_one_character_from_each_of_two_switch_cases_is_refused() {
    // Two cases of one shape (C); the first's `lhs` and the second's `trace` line each one
    // character off what the model sent.
    let file = "\
switch (op) {
case OP_ADD:
    value = lhs + rhs;
    trace(\"op\", value);
    count++;
    break;
case OP_ADD_CHECKED:
    value = lhx + rhs;
    trace(\"op\", valuf);
    count++;
    break;
}
";
    let old = "    value = lhx + rhs;\n    trace(\"op\", value);\n    count++;\n    break;";
    let new = old.replace("count++;", "count += 1;");
    let e = refused(file, &Edit::new(old, new));
    assert_eq!(e.kind(), "low_confidence");
    assert_eq!(sorted_locations(&e), [(3, 6), (8, 11)]);
}

#[test]
fn a_getter_rewritten_since_is_not_edited_in_the_getter_beside_it() {
    // `getWidth` changed in two of its three middle lines; `old` is it as it was. Its first
    // line stands in `getWidth` as written, so `getHeight`'s is no slip of it.
    let file = "\
    public int getWidth() {
        ensureLaidOut();
        return Math.max(this.measuredWidth, this.minWidth);
        // logical pixels
    }

    public int getHeight() {
        ensureOpen();
        return this.height;
        // logical pixels
    }
";
    let old = "    public int getWidth() {\n        ensureOpen();\n        return this.width;\n        // logical pixels\n    }";
    let new = old.replace("return this.width;", "return this.width * scale;");
    assert_eq!(kind(file, &Edit::new(old, new)), "not_found");
}
