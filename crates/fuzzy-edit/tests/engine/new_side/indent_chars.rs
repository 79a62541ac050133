//! `new` written in indentation characters that are not the file's, with `old` copied right:
//! spaces in a block indented with tabs (2, 4 or 8 per tab; GNU style at 8 columns), tabs in
//! a file that never indents with one. The changed lines are written in the file's characters
//! at the depth they mean; a `new` that only re-indents the file's lines keeps its characters.

use fuzzy_edit::Edit;

use crate::support::applied;

const GO: &str = "package main\n\nfunc main() {\n\tf, err := open()\n\tif err != nil {\n\t\tlog.Fatalln(err)\n\t}\n\tuse(f)\n}\n";

// Unwrapped (a Go `if` removed), the freed line at 4 or 8 spaces per tab.
#[test]
fn spaces_for_tabs_become_tabs_at_the_depth_they_mean() {
    let old = "\tif err != nil {\n\t\tlog.Fatalln(err)\n\t}";
    let want = GO.replace(old, "\tlog.Fatalln(err)");
    for new in ["    log.Fatalln(err)", "        log.Fatalln(err)"] {
        let out = applied(GO, &Edit::new(old, new));
        assert_eq!(out.text, want, "new: {new:?}");
    }
    // A line inserted after a kept one (a shell `case`), in a file with a few
    // space-indented lines elsewhere.
    let sh = "case \"$1\" in\n\t*.bz)\n\t\tbunzip -c \"$1\" ;;\n\t*.snap)\n            snap info \"$1\" ;;\nesac\n";
    let old = "\t\tbunzip -c \"$1\" ;;";
    let new = "        bunzip -c \"$1\" ;;\n        echo \"checkpoint\" >&2";
    let out = applied(sh, &Edit::new(old, new));
    assert_eq!(
        out.text,
        sh.replace(old, "\t\tbunzip -c \"$1\" ;;\n\t\techo \"checkpoint\" >&2")
    );
}

// GNU style (a tab for every 8 columns): 8 spaces and more are written with tabs.
#[test]
fn gnu_style_spaces_become_its_tabs() {
    let c = "int\nf (void)\n{\n  if (!p)\n    {\n      while (x)\n\t{\n\t  fprintf (stderr, \"oom\\n\");\n\t  return -1;\n\t}\n    }\n}\n";
    let old = "\t  fprintf (stderr, \"oom\\n\");\n\t  return -1;\n\t}";
    let new = "          fprintf (stderr, \"out of memory\\n\");\n          return -1;\n        }";
    let out = applied(c, &Edit::new(old, new));
    assert_eq!(out.text, c.replace("\"oom\\n\"", "\"out of memory\\n\""));
}

// Wrapped in a new block (Ruby): a tab is the file's unit of 2.
#[test]
fn tabs_in_a_file_of_spaces_become_its_unit() {
    let rb = "class UsersController\n  def index\n    @users = User.all\n  end\n\n  def user_params\n    params.require(:user)\n  end\nend\n";
    let old = "  def user_params";
    let new = "\tif enabled\n\t\tdef user_params\n\tend";
    let out = applied(rb, &Edit::new(old, new));
    assert_eq!(
        out.text,
        rb.replace(old, "  if enabled\n    def user_params\n  end")
    );
    // One line changed in a file of 4 spaces (Java).
    let java = "class A {\n    void f() {\n        if (ok) {\n            result.add(order);\n        }\n    }\n}\n";
    let old = "            result.add(order);";
    let new = "\t\t\tresult.add(order);\n\t\t\tlog.debug(\"checkpoint\");";
    let out = applied(java, &Edit::new(old, new));
    assert_eq!(
        out.text,
        java.replace(
            old,
            "            result.add(order);\n            log.debug(\"checkpoint\");"
        )
    );
}

// A file converted from spaces to tabs hunk by hunk: `new` re-indents the file's lines only.
#[test]
fn a_new_that_only_re_indents_keeps_its_characters() {
    let rs = "fn f() -> Vec<i32> {\n    let mut out = Vec::new();\n    out\n}\n";
    let old = "fn f() -> Vec<i32> {\n    let mut out = Vec::new();\n    out\n}";
    let new = "fn f() -> Vec<i32> {\n\tlet mut out = Vec::new();\n\tout\n}";
    let out = applied(rs, &Edit::new(old, new));
    assert_eq!(out.text, format!("{new}\n"));
    // Its `old` misremembered (`Vex`): still the file's lines, re-indented.
    let typo = "fn f() -> Vex<i32> {\n    let mut out = Vec::new();\n    out\n}";
    let out = applied(rs, &Edit::new(typo, new));
    assert_eq!(out.text, format!("{new}\n"));
}

// A file that already indents some lines with tabs and others with spaces: tabs stay.
#[test]
fn a_file_that_mixes_both_keeps_new_as_written() {
    let mk = "all:\n\tcc -o app main.c\n\nDEPS = a.o \\\n    b.o\n";
    let old = "    b.o";
    let new = "\tb.o \\\n\tc.o";
    let out = applied(mk, &Edit::new(old, new));
    assert_eq!(out.text, mk.replace(old, new));
}

// A Makefile whose variables continue over lines indented with spaces, more of them than its
// recipe lines: the recipe line the model rewrites with four spaces keeps its tab.
#[test]
fn a_recipe_line_keeps_its_tab_in_a_makefile_of_space_continuations() {
    let file = "SRCS = \\\n    main.c \\\n    util.c \\\n        extra.c\n\nbuild:\n\t$(CC) -o app $(SRCS)\n\tstrip app\n";
    let old = "build:\n\t$(CC) -o app $(SRCS)\n\tstrip app";
    let new = "build:\n    $(CC) -O2 -o app $(SRCS)\n    strip app";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "SRCS = \\\n    main.c \\\n    util.c \\\n        extra.c\n\nbuild:\n\t$(CC) -O2 -o app $(SRCS)\n\tstrip app\n"
    );
}

// A Makefile list continued on lines indented with two tabs, the first tab of every line of `new`
// typed as four spaces (`    \t`); one line taken out. The spaces are the tab the lines kept from
// `old` show, not a stray run to drop, and the lines keep the file's two tabs. (The file indents
// a conditional's lines with spaces: it once kept the model's spaces.)
#[test]
fn a_first_tab_typed_as_spaces_before_a_tab_is_the_tab() {
    let make = "PREFIX = /usr\n\nLIBS = \\\n\t\tlibfoo.a libbar.a \\\n\t\tlibbaz.a \\\n\t\tlibqux.a\n\nifneq (,$(DEBUG))\n  CFLAGS = -g\nelse\n  CFLAGS = -O2\nendif\n";
    let old = "LIBS = \\\n\t\tlibfoo.a libbar.a \\\n\t\tlibbaz.a \\\n\t\tlibqux.a";
    let new = "LIBS = \\\n    \tlibfoo.a libbar.a \\\n    \tlibqux.a";
    let out = applied(make, &Edit::new(old, new));
    assert_eq!(
        out.text,
        make.replace(old, "LIBS = \\\n\t\tlibfoo.a libbar.a \\\n\t\tlibqux.a")
    );
    // The same slip over a recipe: a line of one tab comes as spaces alone, a line of two as
    // spaces and a tab; the added line is written with the file's tabs too.
    let recipe = "ifneq (,$(DEBUG))\n  V = dev\nendif\n\ndocs: $(TXT)\n\t$(ASCIIDOC) -b html \\\n\t\t-a version=$(V) $^\n";
    let old = "\t$(ASCIIDOC) -b html \\\n\t\t-a version=$(V) $^";
    let new = "    $(ASCIIDOC) -b html \\\n    \t-a version=$(V) $^ \\\n    \t-a lang=en";
    let out = applied(recipe, &Edit::new(old, new));
    assert_eq!(
        out.text,
        recipe.replace(
            old,
            "\t$(ASCIIDOC) -b html \\\n\t\t-a version=$(V) $^ \\\n\t\t-a lang=en"
        )
    );
}

// A model that renders a tab as 4 columns and pastes `new` 2 columns off: read a
// tab per few columns from column 0, the drift became extra tabs. The lines `new` keeps show
// both the tab's columns and the drift; a line the file has at column 0 stays there.
#[test]
fn spaces_drifted_off_a_tabs_columns_become_the_files_tabs() {
    let py = "import sys\n\nclass Box:\n\tdef size(self):\n\t\tif self.full:\n\t\t\treturn 9\n\t\treturn 0\n";
    let old = "class Box:\n\tdef size(self):\n\t\tif self.full:\n\t\t\treturn 9";
    let new =
        "  class Box:\n      def size(self):\n          if self.full:\n              return 12";
    let out = applied(py, &Edit::new(old, new));
    assert_eq!(out.text, py.replace("return 9", "return 12"));
    // A Makefile's targets stay flush left.
    let mk = "all: build\n\nbuild:\n\tgo build ./...\n\ntest:\n\tgo test ./...\n";
    let old = "build:\n\tgo build ./...\n\ntest:\n\tgo test ./...";
    let new = "  build:\n      go build ./...\n\n  test:\n      go test -race ./...";
    let out = applied(mk, &Edit::new(old, new));
    assert_eq!(out.text, mk.replace("go test ./...", "go test -race ./..."));
    // A Perl heredoc's terminator stays flush left.
    let pl =
        "sub usage {\n\tprint <<END;\nUsage: tool FILE\nEND\n\n\tmy $code = 1;\n\texit $code;\n}\n";
    let old = "END\n\n\tmy $code = 1;\n\texit $code;";
    let new = "  END\n\n      my $code = 2;\n      exit $code;";
    let out = applied(pl, &Edit::new(old, new));
    assert_eq!(out.text, pl.replace("$code = 1", "$code = 2"));
}

// Tabs in a file of spaces, for a block that starts inside a docstring: the docstring's closing
// quotes in `new` close it, and the code after them is code, written in the file's spaces (read
// alone, they opened a string, and the line after them kept its tab: a TabError).
#[test]
fn tabs_after_the_closing_quotes_of_a_docstring_the_block_starts_in_become_spaces() {
    let file = "def area(shape):\n    \"\"\"Area of a shape.\n\n    Example:\n        area(Square(2))\n        area(Circle(1))\n    \"\"\"\n    size = shape.size\n    return size * size\n";
    let old =
        "        area(Square(2))\n        area(Circle(1))\n    \"\"\"\n    size = shape.size\n";
    let new = "\t\tarea(Square(2))\n\t\"\"\"\n\tsize = shape.size\n";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "def area(shape):\n    \"\"\"Area of a shape.\n\n    Example:\n        area(Square(2))\n    \"\"\"\n    size = shape.size\n    return size * size\n"
    );
}
