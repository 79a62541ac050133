//! What a file's format asks beyond its lines: a byte-order mark the model copies, a JSON
//! comma before a closing bracket, a YAML `new` pasted off `old`'s depth, characters the
//! model folded to ASCII.

use fuzzy_edit::{apply, apply_with, Edit, Language, Options};

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

// In a strict `.json` file, a comma the model's `new` leaves before a closing bracket (added to
// the last member it keeps, or left by deleting the member after it) is dropped: the file
// stays valid JSON. A file that allows trailing commas of its own keeps what the model wrote.
#[test]
fn a_json_comma_left_before_a_closing_bracket_is_dropped() {
    let options = Options {
        language: Some(Language::Json),
        ..Options::default()
    };
    let file = "{\n  \"paths\": {\n    \"in\": \"src\",\n    \"out\": \"dist\"\n  },\n  \"watch\": false\n}\n";
    let added = Edit::new(
        "    \"in\": \"src\",\n    \"out\": \"dist\"",
        "    \"in\": \"src\",\n    \"tmp\": \"cache\",\n    \"out\": \"build\",",
    );
    let out = apply_with(file, &[added], &options).unwrap();
    assert_eq!(
        out.text,
        "{\n  \"paths\": {\n    \"in\": \"src\",\n    \"tmp\": \"cache\",\n    \"out\": \"build\"\n  },\n  \"watch\": false\n}\n"
    );
    assert!(out.warnings.is_empty());
    let deleted = Edit::new(
        "    \"in\": \"src\",\n    \"out\": \"dist\"\n",
        "    \"in\": \"src\",\n",
    );
    let out = apply_with(file, &[deleted], &options).unwrap();
    assert_eq!(
        out.text,
        "{\n  \"paths\": {\n    \"in\": \"src\"\n  },\n  \"watch\": false\n}\n"
    );
    // A comma before a member a second edit of the same request adds stays.
    let two = [
        Edit::new("    \"out\": \"dist\"", "    \"out\": \"dist\","),
        Edit::new("  },\n  \"watch\"", "    \"log\": \"x\"\n  },\n  \"watch\""),
    ];
    let out = apply_with(file, &two, &options).unwrap();
    assert!(
        out.text.contains("\"dist\",\n    \"log\": \"x\"\n  },"),
        "{}",
        out.text
    );
    // Not strict JSON to begin with (a trailing comma of its own): written as asked.
    let lenient = "{\n  \"a\": 1,\n  \"b\": 2,\n}\n";
    let out = apply_with(
        lenient,
        &[Edit::new("  \"b\": 2,", "  \"b\": 3,")],
        &options,
    )
    .unwrap();
    assert_eq!(out.text, "{\n  \"a\": 1,\n  \"b\": 3,\n}\n");
}

// A YAML `new` pasted two columns deeper than `old`, which deletes a key and so keeps no line
// at `old`'s base: as written `version` would stand under no mapping. Moved back by the shift
// of the line it keeps first, the file parses and holds what the model meant.
#[cfg(feature = "syntax")]
#[test]
fn a_yaml_new_off_olds_depth_is_moved_back_where_it_breaks_the_file() {
    let options = Options {
        language: Some(Language::Yaml),
        ..Options::default()
    };
    let file = "properties:\n  created:\n    type: string\n  version:\n    type: integer\nlegacy:\n  type: array\nrequired: []\n";
    let old = "    type: string\n  version:\n    type: integer\nlegacy:\n  type: array";
    let new = "      type: string\n    version:\n      type: integer\n    type: array";
    let out = apply_with(file, &[Edit::new(old, new)], &options).unwrap();
    assert_eq!(
        out.text,
        "properties:\n  created:\n    type: string\n  version:\n    type: integer\n  type: array\nrequired: []\n"
    );
}

// A JSON file whose strings hold curly quotes, copied by the model in ASCII in `old` and
// `new`: the line it rewrites (a key renamed) keeps the file's quotes, and stays valid JSON.
#[test]
fn a_rewritten_line_keeps_the_non_ascii_characters_the_model_folded() {
    let file =
        "{\n  \"hint\": \"Set the code to \u{201c}en\u{201d} for English.\",\n  \"max\": 3\n}\n";
    let old = "  \"hint\": \"Set the code to \"en\" for English.\",\n  \"max\": 3";
    let new = "  \"help\": \"Set the code to \"en\" for English.\",\n  \"max\": 3";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        "{\n  \"help\": \"Set the code to \u{201c}en\u{201d} for English.\",\n  \"max\": 3\n}\n"
    );
}
