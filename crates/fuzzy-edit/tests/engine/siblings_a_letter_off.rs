//! A block copied from a sibling whose names are the file's a letter off (`ReadBatch`,
//! `readOne`, `flushRead` where the file has `ReadyBatch`, …): refused, not edited in the
//! sibling's place; a block mistyped beside it, or one with a slip repeated by chance, applied.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

/// A Go function of the shape `{Name}Batch`, `{name}One`, `flush{Name}`.
fn batch(name: &str) -> String {
    let lower = name.to_lowercase();
    format!(
        "func {name}Batch(xs []Item) error {{
\tfor _, x := range xs {{
\t\tif err := {lower}One(x); err != nil {{
\t\t\treturn err
\t\t}}
\t}}
\tmetrics.Inc(\"batch\")
\treturn flush{name}()
}}
"
    )
}

fn edit_of(old: &str) -> Edit {
    let old = old.trim_end();
    Edit::new(old, old.replace("\"batch\"", "\"batch_ok\""))
}

#[test]
fn a_sibling_a_letter_off_on_every_name_is_refused() {
    // A letter dropped at a name's end (`Read` for `Ready`), and two letters swapped in three
    // words (`Trail` for `Trial`): the model copied another function.
    for (file, written) in [("Ready", "Read"), ("Lstat", "Stat"), ("Trial", "Trail")] {
        let text = format!("package h\n\n{}", batch(file));
        assert_eq!(
            kind(&text, &edit_of(&batch(written))),
            "not_found",
            "{written}"
        );
    }
}

#[test]
fn the_mistyped_block_beside_a_sibling_is_the_one_edited() {
    let text = format!("package h\n\n{}\n{}", batch("Ready"), batch("Read"));
    // One slip in the block meant (`metircs`), its sibling a letter off on every name.
    let old = batch("Read").replace("metrics.Inc", "metircs.Inc");
    let new = old.trim_end().replace("\"batch\"", "\"batch_ok\"");
    let out = applied(&text, &Edit::new(old.trim_end(), new));
    assert_eq!(out.matches[0].start_line, 13);
    assert_eq!(
        out.text,
        format!(
            "package h\n\n{}\n{}",
            batch("Ready"),
            batch("Read").replace("\"batch\"", "\"batch_ok\"")
        )
    );
}

#[test]
fn a_slip_repeated_on_two_lines_by_chance_is_still_a_slip() {
    // `valeu` for `value` twice: a typing slip made twice, not another name.
    let text = "\
def store(self, key, value):
    old = self.cache.get(key)
    self.cache[key] = value
    self.log.debug(\"stored\")
    return value
";
    let old = "\
def store(self, key, value):
    old = self.cache.get(key)
    self.cache[key] = valeu
    self.log.debug(\"stored\")
    return valeu";
    let new = old.replace("\"stored\"", "\"stored %s\", key");
    let out = applied(text, &Edit::new(old, new));
    assert_eq!(out.text, text.replace("\"stored\"", "\"stored %s\", key"));
    assert_eq!(strategy(&out), "block_anchor");
}
