//! A long line the model wrapped in two, in a block it also mistyped on other lines (or on a
//! half of the wrap, or on both halves): applied, the file's line kept whole with its own
//! spacing, whether `new` repeats the slip or spells the word right again. Refused: halves
//! that differ from the file's line by more than a typing slip (another argument, two words
//! another letter), the same block twice, and a half `new` changes (no one-line reading of
//! the file's line), and a sibling a name off beside the block read, wrapped otherwise.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

const FILE: &str = "\
func render(w io.Writer, name string) error {
\tref := strings.ReplaceAll(name, \" \", \"_\")
\tbuf.WriteString(\".. _\" + ref + \":\\n\\n\")
\tbuf.WriteString(name + \"\\n\")
\tbuf.WriteString(strings.Repeat(\"-\", len(name)) + \"\\n\\n\")
\tbuf.WriteString(short + \"\\n\\n\")
\treturn flush(w, buf)
}
";

/// `FILE`'s body as the model typed it: the `ReplaceAll` line wrapped after its first
/// argument, two other lines a letter off (`sohrt`, `WriteStirng`).
const OLD: &str = "\
\tref := strings.ReplaceAll(name,
\t    \" \", \"_\")
\tbuf.WriteString(\".. _\" + ref + \":\\n\\n\")
\tbuf.WriteStirng(name + \"\\n\")
\tbuf.WriteString(strings.Repeat(\"-\", len(name)) + \"\\n\\n\")
\tbuf.WriteString(sohrt + \"\\n\\n\")
\treturn flush(w, buf)";

#[test]
fn a_wrapped_line_beside_slips_is_matched_whole() {
    let new = OLD.replace("flush(w, buf)", "flush(w, &buf)");
    let out = applied(FILE, &Edit::new(OLD, new));
    assert_eq!(out.text, FILE.replace("flush(w, buf)", "flush(w, &buf)"));
    assert_eq!(strategy(&out), "block_anchor");
}

#[test]
fn a_slip_on_a_half_of_the_wrap_is_a_slip_still() {
    // `nmae` on the wrap's head; `new` spells it right again on one line, keeps it on another.
    let old = OLD.replace("ReplaceAll(name,", "ReplaceAll(nmae,");
    let new = OLD.replace("return flush(w, buf)", "return nil");
    let out = applied(FILE, &Edit::new(old.clone(), new));
    assert_eq!(out.text, FILE.replace("return flush(w, buf)", "return nil"));
    let new = old.replace("return flush(w, buf)", "return nil");
    let out = applied(FILE, &Edit::new(old, new));
    assert_eq!(out.text, FILE.replace("return flush(w, buf)", "return nil"));
}

#[test]
fn two_slips_on_the_wrap_one_spelled_right_again_are_slips_still() {
    // `nmae` on the head and `Repaet` on the tail's call: `new` respells one, keeps the other.
    let old = OLD
        .replace("ReplaceAll(name,", "ReplaceAll(nmae,")
        .replace("\" \", \"_\")", "\" \", Repaet(\"_\"))");
    let file = FILE.replace("\" \", \"_\")", "\" \", Repeat(\"_\"))");
    let new = old
        .replace("ReplaceAll(nmae,", "ReplaceAll(name,")
        .replace("return flush(w, buf)", "return nil");
    let out = applied(&file, &Edit::new(old.clone(), new));
    assert_eq!(out.text, file.replace("return flush(w, buf)", "return nil"));
    // Two words each another letter (`nome`, `Rapeat`), no keystroke slips: not a copy.
    let other = OLD
        .replace("ReplaceAll(name,", "ReplaceAll(nome,")
        .replace("\" \", \"_\")", "\" \", Rapeat(\"_\"))");
    let new = other
        .replace("ReplaceAll(nome,", "ReplaceAll(name,")
        .replace("return flush(w, buf)", "return nil");
    assert_eq!(kind(&file, &Edit::new(other, new)), "not_found");
}

#[test]
fn an_aligned_comment_keeps_its_column_when_new_respells_the_head() {
    let file = "\
enum color {
  dark_red = 0x8B0000,                 // rgb(139,0,0)
  dark_salmon = 0xE9967A,              // rgb(233,150,122)
  dark_sea_green = 0x8FBC8F,           // rgb(143,188,143)
  dark_slate_blue = 0x483D8B,          // rgb(72,61,139)
  dark_slate_gray = 0x2F4F4F,          // rgb(47,79,79)
};
";
    let old = "  drak_salmon = 0xE9967A,
                   // rgb(233,150,122)
  dark_sea_green = 0x8FBC8F,           // rgb(143,188,143)
  darks_late_blue = 0x483D8B,          // rgb(72,61,139)
  dark_slate_gray = 0x2F4F4F,          // rgb(47,79,79)";
    let new = "  dark_salmon = 0xE9967A,
                   // rgb(233,150,122)
  dark_slate_blue = 0x483D8B,          // rgb(72,61,139)
  dark_slate_gray = 0x2F4F4F,          // rgb(47,79,79)";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace(
            "  dark_sea_green = 0x8FBC8F,           // rgb(143,188,143)\n",
            ""
        )
    );
}

#[test]
fn halves_another_argument_off_are_refused() {
    // `" ", "-"`: the wrap's tail is another call, not a slip of the file's.
    let old = OLD.replace("\" \", \"_\")", "\" \", \"-\")");
    let new = old.replace("flush(w, buf)", "flush(w, &buf)");
    assert_eq!(kind(FILE, &Edit::new(old, new)), "not_found");
}

#[test]
fn the_same_block_twice_is_refused() {
    let file = format!(
        "{FILE}\n{}",
        FILE.replace("func render(", "func renderAll(")
    );
    let new = OLD.replace("flush(w, buf)", "flush(w, &buf)");
    assert_eq!(kind(&file, &Edit::new(OLD, new)), "low_confidence");
}

#[test]
fn a_half_new_changes_is_refused_not_written_as_two_lines() {
    // `return lo - margin, hi + margin` wrapped outside brackets, a slip above; `new` changes
    // the tail. Written as `new`'s two lines, the tail is a statement of its own.
    let file = "def bounds(values):\n    lo = min(values)\n    hi = max(values)\n    return lo - margin, hi + margin\n";
    let old =
        "    lo = min(vaules)\n    hi = max(values)\n    return lo - margin,\n        hi + margin";
    let new = old.replace("hi + margin", "hi + 2 * margin");
    assert_eq!(kind(file, &Edit::new(old, &new)), "not_found");
    // The same `new` changing a line beside the wrap, both halves repeated: applied whole.
    let new = old.replace("hi = max(values)", "hi = max(values) + 1");
    let out = applied(file, &Edit::new(old, &new));
    assert_eq!(
        out.text,
        file.replace("hi = max(values)", "hi = max(values) + 1")
    );
}

/// Two slips on a line (`slice` for `splice`, `cuont` for `count`) are not carried into a line
/// `new` adds with the slipped words: respelled there, the added line would be a second
/// `items.splice(0, count)`, which changes the list. The added line keeps the model's words.
#[test]
fn two_slips_are_not_respelled_into_a_line_new_adds() {
    let file = "def run(ctx):\n    setup(ctx)\n    log.info('start')\n    const head = items.splice(0, count);\n    log.info('done')\n    teardown(ctx)\n    return ctx\n";
    let old = "def run(ctx):\n    setup(ctx)\n    log.info('start')\n    const head = items.slice(0, cuont);\n    log.info('done')\n    teardown(ctx)\n    return ctx";
    let new = old.replace(
        "    log.info('done')",
        "    const copy = items.slice(0, cuont);\n    log.info('done')",
    );
    let out = applied(file, &Edit::new(old, new));
    assert!(!out.text.contains("const copy = items.splice(0, count);"));
    assert!(out
        .text
        .contains("    const head = items.splice(0, count);\n"));
}

// Two event handlers with the same body; the file wraps the first one's signature, the model
// wrote it on one line. The second, its name a word off and its signature on one line, pairs
// line for line with `old` more closely than the block read: refused, not edited there.
#[test]
fn a_sibling_a_name_off_is_no_match_beside_the_block_read_wrapped() {
    let file = "static void readEvent(EV_P_ ev_io *watcher,\n    int revents) {\n#if EV_MULTIPLICITY\n    ((void)loop);\n#endif\n    ((void)revents);\n    handleRead(watcher->data);\n}\n\nstatic void writeEvent(EV_P_ ev_io *watcher, int revents) {\n#if EV_MULTIPLICITY\n    ((void)loop);\n#endif\n    ((void)revents);\n    handleWrite(watcher->data);\n}\n";
    let old = "static void readEvent(EV_P_ ev_io *watcher, int revents) {\n#if EV_MULTIPLICITY\n    ((void)loop);\n#endif\n    ((void)revents);";
    let new = "static void readEvent(EV_P_ ev_io *watcher, int revents) {\n#if EV_MULTIPLICITY\n    ((void)EV_A);\n#endif\n    ((void)revents);";
    assert_eq!(kind(file, &Edit::new(old, new)), "low_confidence");
}
