//! A Makefile's recipe lines written flush left in `new`: `make` stops with
//! "missing separator". In a file named as a Makefile, each line `new` writes under a rule
//! whose recipe lines `old` shows with a tab gets its tab; Make's own lines (assignments,
//! rules, directives) stay flush left.

use std::path::Path;

use fuzzy_edit::{apply, apply_with, Conventions, Edit, Options};

fn in_makefile(file: &str, old: &str, new: &str) -> String {
    let options = Options {
        conventions: Conventions::from_path(Path::new("tools/Makefile")),
        ..Options::default()
    };
    match apply_with(file, &[Edit::new(old, new)], &options) {
        Ok(out) => out.text,
        Err(e) => panic!("expected the edit to apply, got {}: {e}", e.kind()),
    }
}

const MK: &str = "PREFIX = /usr/local\n\ninstall: tool\n\tmkdir -p $(PREFIX)/bin\n\tcp tool $(PREFIX)/bin\n\nclean:\n\trm -f tool\n";

#[test]
fn recipe_lines_written_flush_left_get_their_tab() {
    let old = "install: tool\n\tmkdir -p $(PREFIX)/bin\n\tcp tool $(PREFIX)/bin";
    let new = "install: tool\nmkdir -p $(PREFIX)/bin\ninstall -m 755 tool $(PREFIX)/bin";
    assert_eq!(
        in_makefile(MK, old, new),
        MK.replace("\tcp tool", "\tinstall -m 755 tool")
    );
}

#[test]
fn makes_own_lines_stay_flush_left() {
    let old = "install: tool\n\tmkdir -p $(PREFIX)/bin\n\tcp tool $(PREFIX)/bin\n\nclean:";
    let new = "install: tool\nmkdir -p $(PREFIX)/bin\ncp tool $(PREFIX)/bin\nBIN = tool\n\nclean:";
    assert_eq!(
        in_makefile(MK, old, new),
        MK.replace(
            "$(PREFIX)/bin\n\nclean:",
            "$(PREFIX)/bin\nBIN = tool\n\nclean:"
        )
    );
}

// Outside a Makefile a flush-left `new` is not read as recipes.
#[test]
fn other_files_keep_new_as_written() {
    let old = "install: tool\n\tmkdir -p $(PREFIX)/bin\n\tcp tool $(PREFIX)/bin";
    let new = "install: tool\nmkdir -p $(PREFIX)/bin\ninstall -m 755 tool $(PREFIX)/bin";
    let out = apply(MK, &Edit::new(old, new)).map(|o| o.text);
    assert_ne!(
        out.ok().as_deref(),
        Some(MK.replace("\tcp tool", "\tinstall -m 755 tool").as_str())
    );
}
