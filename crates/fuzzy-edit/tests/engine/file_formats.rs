//! What a file's format holds apart from its lines: a byte-order mark the model copies.

use fuzzy_edit::{apply, Edit};

use crate::support::applied;

// A model that read the file raw copies its BOM into `old`; the file keeps its BOM whether
// `new` repeats it or not, and a BOM in `new` alone is not planted in a file without one.
#[test]
fn a_byte_order_mark_survives_every_edit_of_the_first_line() {
    let file = "\u{feff}[section]\nkey = 1\n";
    for (old, new) in [
        ("\u{feff}[section]\nkey = 1", "[section]\nkey = 2"),
        ("\u{feff}[section]\nkey = 1", "\u{feff}[section]\nkey = 2"),
        ("[section]\nkey = 1", "\u{feff}[section]\nkey = 2"),
    ] {
        let out = applied(file, &Edit::new(old, new));
        assert_eq!(
            out.text, "\u{feff}[section]\nkey = 2\n",
            "{old:?} -> {new:?}"
        );
    }
    // Deleting the first line keeps the mark in front of what is now the first line.
    let out = applied(file, &Edit::new("\u{feff}[section]\n", ""));
    assert_eq!(out.text, "\u{feff}key = 1\n");
    // A file without a mark gets none from `old` or `new`.
    let out = applied(
        "[section]\nkey = 1\n",
        &Edit::new("\u{feff}[section]", "\u{feff}[main]"),
    );
    assert_eq!(out.text, "[main]\nkey = 1\n");
    // An edit of the mark alone is the model's to make.
    assert_eq!(
        apply(file, &Edit::new("\u{feff}", "")).map(|o| o.text).ok(),
        Some("[section]\nkey = 1\n".to_string())
    );
}
