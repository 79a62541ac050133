//! A line `new` changes, written at the depth of the line of `old` it replaces, takes that
//! file line's indentation as it is: a tab then spaces aligning a continuation, tabs in a file
//! most of whose lines indent with spaces. Each beside the edit that refuses: the block twice,
//! or a changed line that moves on purpose (written at the depth the map gives).

use fuzzy_edit::Edit;

use crate::support::{applied, kind};

/// jemalloc's style: code by tabs, a call's continuation aligned a tab and four spaces in.
const SLABS: &str = "\
static void
check(size_t bin_size, size_t slab_size) {
\tif (bin_size > 0) {
\t\tif (bin_size < 128) {
\t\t\texpect_zu_eq(slab_size, page,
\t\t\t    \"Forced-small slabs should be small\");
\t\t} else if (bin_size == 128) {
\t\t\texpect_zu_eq(slab_size, 2 * page,
\t\t\t    \"Forced-2-page slab should be 2 pages\");
\t\t}
\t}
}
";

/// The block copied flush left, as the model read it out of its depth.
const FLUSH: &str = "\
} else if (bin_size == 128) {
\texpect_zu_eq(slab_size, 2 * page,
\t    \"Forced-2-page slab should be 2 pages\");
}";

#[test]
fn a_continuation_changed_in_place_keeps_its_alignment() {
    let new = FLUSH.replace("Forced-2-page slab", "Forced two-page slab");
    let out = applied(SLABS, &Edit::new(FLUSH, new.clone()));
    assert_eq!(
        out.text,
        SLABS.replace(
            "\t\t\t    \"Forced-2-page slab",
            "\t\t\t    \"Forced two-page slab"
        )
    );
    // A continuation the model moves to its own depth is written at that depth.
    let moved = FLUSH.replace("\t    \"Forced-2-page slab", "\t\t\"Forced two-page slab");
    let out = applied(SLABS, &Edit::new(FLUSH, moved));
    assert!(
        out.text.contains("\t\t\t\t\"Forced two-page slab"),
        "{}",
        out.text
    );
    // The block twice: no choice between them.
    let twice = SLABS.replace("\t}\n}\n", "\t}\n\tif (bin_size == 128) {\n\t\texpect_zu_eq(slab_size, 2 * page,\n\t\t    \"Forced-2-page slab should be 2 pages\");\n\t}\n}\n");
    let old = "expect_zu_eq(slab_size, 2 * page,\n    \"Forced-2-page slab should be 2 pages\");";
    let new = old.replace("Forced-2-page slab", "Forced two-page slab");
    assert_ne!(kind(&twice, &Edit::new(old, new)), "applied");
}

/// A Go file whose raw-string scripts indent with spaces, more lines than its code's tabs.
fn go_file() -> String {
    let script: String = (0..30)
        .map(|i| format!("    echo \"step {i}\"\n"))
        .collect();
    format!(
        "package main\n\nconst script = `\n{script}`\n\nfunc write(name string) error {{\n\tout, err := os.Create(name)\n\tif err != nil {{\n\t\treturn err\n\t}}\n\tdefer out.Close()\n\n\treturn gen(out)\n}}\n"
    )
}

#[test]
fn a_line_changed_among_tab_indented_lines_is_indented_with_tabs() {
    let file = go_file();
    // `old` copied with four spaces before every tab, `new` the same way.
    let old = "    \t}\n    \tdefer out.Close()\n\n    \treturn gen(out)";
    let new = old.replace("defer out.Close()", "defer out.Sync()");
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("\tdefer out.Close()", "\tdefer out.Sync()")
    );
    // A line added among them: in tabs too.
    let old = "    if err != nil {\n        return err\n    }\n    defer out.Close()";
    let new = old.replace("    }\n", "    }\n    log(name)\n");
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("\t}\n\tdefer", "\t}\n\tlog(name)\n\tdefer")
    );
    // Among the script's lines, spaces stay spaces.
    let old = "    echo \"step 3\"\n    echo \"step 4\"";
    let new = old.replace("step 4", "step four");
    let out = applied(&file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("    echo \"step 4\"", "    echo \"step four\"")
    );
}
