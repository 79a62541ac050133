//! `old` and `new` both copied from a read tool, numbers and all (`4→`, `L4: `, `   4\t`), where
//! the numbers are not the lines' own in the file: stale after an edit above moved the lines,
//! or right but with `old`'s indentation off. The prefix `old` carries on every line and `new`
//! carries, counting up, in the same shape, is the tool's: it is stripped from both, and never
//! written into a file that has no such lines. The space after a colon's number (`L4: `) is
//! the tool's too, so `new` lands at the file's depth, not a column off.

use fuzzy_edit::Edit;

use crate::support::applied;

const FILE: &str = "class A:\n    def f(self):\n        \"\"\"doc\"\"\"\n        a = 1\n\n        # comment\n        self.x = 1\n        self.y = 1\n";
const WANT: &str = "class A:\n    def f(self):\n        \"\"\"doc\"\"\"\n        a = 1\n\n        # comment\n        self.x = 2\n        self.y = 1\n";

#[test]
fn stale_numbers_on_both_sides_are_stripped_from_new_too() {
    for (old, new) in [
        // The line is 7: an edit above moved it by 3.
        ("4\u{2192}        self.x = 1", "4\u{2192}        self.x = 2"),
        ("   4\t        self.x = 1", "   4\t        self.x = 2"),
        ("4:ab|        self.x = 1", "4:cd|        self.x = 2"),
        (
            "4\u{2192}        self.x = 1\n5\u{2192}        self.y = 1",
            "4\u{2192}        self.x = 2\n5\u{2192}        self.y = 1",
        ),
        // A number higher than the line's.
        (
            "10\u{2192}        self.x = 1\n11\u{2192}        self.y = 1",
            "10\u{2192}        self.x = 2\n11\u{2192}        self.y = 1",
        ),
    ] {
        assert_eq!(applied(FILE, &Edit::new(old, new)).text, WANT, "{new:?}");
    }
}

#[test]
fn right_numbers_with_olds_indentation_off_are_stripped_from_new_too() {
    for (old, new) in [
        ("7\u{2192}    self.x = 1", "7\u{2192}    self.x = 2"),
        (
            "7\u{2192}    self.x = 1\n8\u{2192}    self.y = 1",
            "7\u{2192}    self.x = 2\n8\u{2192}    self.y = 1",
        ),
    ] {
        assert_eq!(applied(FILE, &Edit::new(old, new)).text, WANT, "{new:?}");
    }
}

#[test]
fn an_added_line_between_numbered_ones_keeps_its_text() {
    let out = applied(
        FILE,
        &Edit::new(
            "4\u{2192}        self.x = 1\n5\u{2192}        self.y = 1",
            "4\u{2192}        self.x = 1\n        self.z = 1\n5\u{2192}        self.y = 1",
        ),
    );
    assert_eq!(
        out.text,
        FILE.replace("self.y = 1\n", "self.z = 1\n        self.y = 1\n")
    );
}

#[test]
fn numbers_that_are_the_files_own_stay() {
    // The file numbers its lines `1→` itself: `new`'s numbers are content.
    let file = "1\u{2192} one\n2\u{2192} two\n3\u{2192} three\n";
    let out = applied(file, &Edit::new("2\u{2192} two", "2\u{2192} deux"));
    assert_eq!(out.text, "1\u{2192} one\n2\u{2192} deux\n3\u{2192} three\n");
    // A dict whose keys are numbers, added under a numbered old line: the keys stay.
    let file = "def f():\n    x = {}\n    return x\n";
    let out = applied(
        file,
        &Edit::new(
            "2:     x = {}",
            "2:     x = {\n        1: 'a',\n        2: 'b',\n    }",
        ),
    );
    assert_eq!(
        out.text,
        "def f():\n    x = {\n        1: 'a',\n        2: 'b',\n    }\n    return x\n"
    );
}

#[test]
fn a_colons_space_is_no_indentation_where_olds_depth_is_off() {
    let file = "class A:\n    def f(self):\n        x = compute(1)\n        y = compute(2)\n";
    let want = file.replace("compute(1)", "compute(10)");
    for old in [
        "L3:     x = compute(1)",
        "3:     x = compute(1)",
        "L3:     x = compute(1)\nL4:     y = compute(2)",
    ] {
        let new = "    x = compute(10)\n    y = compute(2)";
        let new = if old.contains('\n') {
            new
        } else {
            "    x = compute(10)"
        };
        assert_eq!(applied(file, &Edit::new(old, new)).text, want, "{old:?}");
    }
    // A file one column in: there the space is the line's own.
    let file = "/*\n * one\n * two\n */\n";
    let out = applied(file, &Edit::new("2: * one\n3: * two", " * one\n * deux"));
    assert_eq!(out.text, "/*\n * one\n * deux\n */\n");
}

#[test]
fn a_numbered_old_copied_from_after_the_indentation_leaves_new_at_its_depth() {
    let file = "func f() {\n\tfor {\n\t\ttime.Sleep(p.X)\n\t}\n}\n";
    for old in [
        "L3: time.Sleep(p.X)",
        "L3:time.Sleep(p.X)",
        "3\u{2192}time.Sleep(p.X)",
    ] {
        let out = applied(file, &Edit::new(old, "\t\ttime.Sleep(p.Y)"));
        assert_eq!(out.text, file.replace("p.X", "p.Y"), "{old:?}");
    }
}
