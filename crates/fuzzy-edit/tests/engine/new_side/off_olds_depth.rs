//! `old` copied right, `new` alone written at another depth: one unit off with its lines
//! rewritten, spaces typed before its tabs, its first line without its indentation, a body
//! taken out of its wrapper pasted a unit off. Each goes to `old`'s depth; a `new` that only
//! re-indents `old`, or keeps a line where it was, is a re-indent the model means.

use fuzzy_edit::Edit;

use crate::support::applied;

const STORE: &str = "\
import { db } from './db';

export interface Todo {
  id: number;
}
";

#[test]
fn a_one_line_rename_one_unit_deeper_stays_at_olds_depth() {
    let edit = Edit::new("export interface Todo {", "  export interface Todo_v2 {");
    let out = applied(STORE, &edit);
    assert_eq!(out.text, STORE.replace("Todo {", "Todo_v2 {"));
    // One unit shallower.
    let edit = Edit::new("    params.require(:user)", "  params.require(:user_v2)");
    let out = applied(RB, &edit);
    assert_eq!(out.text, RB.replace("(:user)", "(:user_v2)"));
}

#[test]
fn a_one_line_new_rewritten_past_most_of_its_content_is_written_as_given() {
    // Not flush left, on the unit, and little of the line kept: the model may mean it.
    let edit = Edit::new(
        "    params.require(:user)",
        "  params.permit(:name, :email)",
    );
    let out = applied(RB, &edit);
    assert_eq!(
        out.text,
        RB.replace(
            "    params.require(:user)",
            "  params.permit(:name, :email)"
        )
    );
}

#[test]
fn a_one_line_new_that_only_re_indents_old_is_meant() {
    let edit = Edit::new("  id: number;", "    id: number;");
    let out = applied(STORE, &edit);
    assert_eq!(out.text, STORE.replace("  id: number;", "    id: number;"));
}

#[test]
fn a_line_kept_where_it_was_says_the_rewritten_one_moved_on_purpose() {
    let file =
        "def f(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n";
    let old = "    for x in xs:\n        total += x";
    let new = "    for x in xs:\n        total += x\n            total += 1";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("total += x\n", "total += x\n            total += 1\n")
    );
}

const GO: &str = "\
package main

func main() {
\tif err != nil {
\t\tlog.Fatalln(err)
\t}
\treturn
}
";

#[test]
fn spaces_typed_before_a_tab_indented_new_go() {
    let old = "\tif err != nil {\n\t\tlog.Fatalln(err)\n\t}";
    let out = applied(GO, &Edit::new(old, "    \tlog.Fatalln(err)"));
    assert_eq!(
        out.text,
        GO.replace(&format!("{old}\n"), "\tlog.Fatalln(err)\n")
    );
    // Kept lines alike: `\t}` deleted with `return`.
    let out = applied(GO, &Edit::new("\t}\n\treturn", "    \t}"));
    assert_eq!(out.text, GO.replace("\t}\n\treturn\n", "\t}\n"));
}

#[test]
fn a_body_unwrapped_a_unit_off_goes_to_the_wrappers_depth() {
    let file = "<?php\nfunction setup() {\n    if (!ini_get('tz')) {\n      date_default_timezone_set('UTC');\n    }\n}\n";
    let old = "    if (!ini_get('tz')) {\n      date_default_timezone_set('UTC');\n    }";
    let want = "<?php\nfunction setup() {\n    date_default_timezone_set('UTC');\n}\n";
    // Two columns deeper than the wrapper (the body left where it was), and shallower.
    for new in [
        "      date_default_timezone_set('UTC');",
        "  date_default_timezone_set('UTC');",
    ] {
        let out = applied(file, &Edit::new(old, new));
        assert_eq!(out.text, want, "new: {new:?}");
    }
}

const RB: &str = "\
class UsersController
  def show
  end

  def user_params
    params.require(:user)
  end
end
";

#[test]
fn a_wrapper_closed_at_olds_depth_gets_olds_indentation() {
    let new = "if enabled\n    def user_params\n  end";
    let out = applied(RB, &Edit::new("  def user_params", new));
    assert_eq!(
        out.text,
        RB.replace(
            "  def user_params\n",
            "  if enabled\n    def user_params\n  end\n"
        )
    );
}

#[test]
fn a_one_line_olds_first_line_copied_without_its_indentation() {
    let file = "class A {\n    void f() {\n        if (ok) {\n            add(order);\n        }\n    }\n}\n";
    let old = "            add(order);";
    let new = "add(order);\n            log.debug(\"checkpoint\");";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace(
            "            add(order);\n",
            "            add(order);\n            log.debug(\"checkpoint\");\n"
        )
    );
    // A header whose body sits one step in from `old`'s line.
    let old = "        if (ok) {";
    let new = "if (ok && ready) {\n            trace();";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace(
            "        if (ok) {\n",
            "        if (ok && ready) {\n            trace();\n"
        )
    );
}

const REPORT: &str = "\
def report(stats):
    total = sum(stats)
    print(total)


    average = total / len(stats)
    print(average)
    return average


def main():
    report([1, 2])
";

// The hunk's own change is a blank line removed, every line pasted flush left or two spaces
// deep: written as given, the block cannot follow the line before it or precede the line after
// it (an IndentationError). It goes to `old`'s depth; its change stays.
#[test]
fn a_blank_line_change_pasted_at_a_depth_its_neighbours_rule_out_keeps_olds_depth() {
    let old = "    print(total)\n\n\n    average = total / len(stats)\n    print(average)";
    let want = REPORT.replace("print(total)\n\n\n", "print(total)\n\n");
    for new in [
        "print(total)\n\naverage = total / len(stats)\nprint(average)",
        "      print(total)\n\n      average = total / len(stats)\n      print(average)",
    ] {
        assert_eq!(applied(REPORT, &Edit::new(old, new)).text, want, "{new:?}");
    }
}

// Where the lines around allow the depth (the block ends the function, dedented to the depth
// of what follows), or `new` changes nothing but the depth, the re-indent may be meant: as
// given.
#[test]
fn a_blank_line_change_shifted_to_a_depth_its_neighbours_allow_is_written_as_given() {
    let old = "    print(total)\n\n\n    average = total / len(stats)\n    print(average)\n    return average";
    let new = "print(total)\n\naverage = total / len(stats)\nprint(average)\nreturn average";
    let out = applied(REPORT, &Edit::new(old, new));
    assert_eq!(out.text, REPORT.replace(old, new));
    let old = "    average = total / len(stats)\n    print(average)";
    let new = "average = total / len(stats)\nprint(average)";
    let out = applied(REPORT, &Edit::new(old, new));
    assert_eq!(out.text, REPORT.replace(old, new));
}

// A file with no indented line: a line of it rewritten and written two columns in has no depth
// to mean there, and stays at column 0 (adv `indent_p2_new`, a `pub type` of a bindings file).
#[test]
fn a_line_indented_in_a_file_that_indents_nothing_stays_at_column_0() {
    let file = "pub type Uid = u32;\npub type Gid = u32;\npub type Mode = u16;\n";
    let out = applied(
        file,
        &Edit::new("pub type Gid = u32;", "  pub type Gid = u64;"),
    );
    assert_eq!(
        out.text,
        "pub type Uid = u32;\npub type Gid = u64;\npub type Mode = u16;\n"
    );
}

// Python lines pasted flush left with a line between them dropped: the first and last kept lines
// moved by the same 8 columns, a shift, although the two lines of `new` alone read as a unit of 8
// against the file's 4 (once written at column 0, ending the method).
#[test]
fn edges_moved_by_the_same_columns_are_a_shift_not_a_change_of_unit() {
    let file = "class Proto:\n    def lost(self, fd, exc):\n        if fd == 0:\n            if exc is None:\n                self.closed.set_result(None)\n            else:\n                self.closed.set_exception(exc)\n            return\n        if fd == 1:\n            self.out = None\n";
    let old =
        "                self.closed.set_exception(exc)\n            return\n        if fd == 1:";
    let new = "        self.closed.set_exception(exc)\nif fd == 1:";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "class Proto:\n    def lost(self, fd, exc):\n        if fd == 0:\n            if exc is None:\n                self.closed.set_result(None)\n            else:\n                self.closed.set_exception(exc)\n        if fd == 1:\n            self.out = None\n"
    );
}
