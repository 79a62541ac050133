//! One line of the block changed since the model read it, beside the edit: code written onto
//! it, a name lengthened by a word, another statement in its place. Merging the edit around it
//! would change code the model never saw; the edit is refused with the block to copy again.
//! Slips of memory on the same line (a letter, one name for another) still apply.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

/// A small dispatcher: the block the model edits is `handle_get`'s body.
const FILE: &str = "\
fn handle_get(req: &Request) -> Response {
    let key = req.param(\"key\");
    let entry = store.lookup(key);
    metrics.record_hit(key); metrics.record_latency(key);
    render(entry)
}

fn handle_put(req: &Request) -> Response {
    let key = req.param(\"key\");
    let body = req.body();
    store.insert(key, body);
    render_empty()
}
";

#[test]
fn a_line_with_code_written_onto_it_since_is_refused_beside_the_edit() {
    // `old` has the metrics line as it was, before a second call was written onto it.
    let old = "    let key = req.param(\"key\");\n    let entry = store.lookup(key);\n    metrics.record_hit(key);\n    render(entry)";
    let new = old.replace("    render(entry)", "    render_cached(entry)");
    assert_eq!(kind(FILE, &Edit::new(old, new)), "content_mismatch");
}

#[test]
fn a_name_lengthened_by_a_word_since_is_refused_beside_the_edit() {
    let old = "    let key = req.param(\"key\");\n    let entry = store.lookup(key);\n    metrics.record_hit(key); metrics.record_latency(key);\n    render(entry)";
    // `store.lookup` in the file; `old` remembers it as `store.revisedLookup`.
    let stale = old.replace("store.lookup", "store.revisedLookup");
    let new = stale.replace("    render(entry)", "    render_cached(entry)");
    assert_eq!(kind(FILE, &Edit::new(stale, new)), "content_mismatch");
}

#[test]
fn another_statement_in_the_lines_place_is_refused_beside_the_edit() {
    let old = "    let key = req.param(\"key\");\n    audit.append(req.user(), Action::Read);\n    metrics.record_hit(key); metrics.record_latency(key);\n    render(entry)";
    let new = old.replace("    render(entry)", "    render_cached(entry)");
    assert_eq!(kind(FILE, &Edit::new(old, new)), "content_mismatch");
}

#[test]
fn a_slip_or_a_name_misremembered_on_that_line_still_applies() {
    let expected = FILE.replacen("    render(entry)", "    render_cached(entry)", 1);
    for line in [
        // A letter off.
        "    let entry = store.lookpu(key);",
        // One name for another.
        "    let entry = store.lookup(value);",
    ] {
        let old = format!("    let key = req.param(\"key\");\n{line}\n    metrics.record_hit(key); metrics.record_latency(key);\n    render(entry)");
        let new = old.replace("    render(entry)", "    render_cached(entry)");
        let out = applied(FILE, &Edit::new(old, new));
        assert_eq!(strategy(&out), "block_anchor", "{line}");
        assert_eq!(out.text, expected, "{line}");
    }
}

#[test]
fn a_line_changed_since_far_from_the_edit_merges_as_git_would() {
    // Two lines between the changed line and the edit: the file's line is kept.
    let file = "\
fn load(path: &Path) -> Result<Config> {
    let data = fs::read(path).context(\"reading config\")?;
    if data.is_empty() {
        return Ok(Config::default());
    }
    let cfg = parse(&data)?;
    Ok(cfg)
}
";
    let old = "fn load(path: &Path) -> Result<Config> {\n    let data = fs::read(path)?;\n    if data.is_empty() {\n        return Ok(Config::default());\n    }\n    let cfg = parse(&data)?;\n    Ok(cfg)\n}";
    let new = old.replace("    Ok(cfg)", "    cfg.validate()?;\n    Ok(cfg)");
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("    Ok(cfg)", "    cfg.validate()?;\n    Ok(cfg)")
    );
}

#[test]
fn lines_in_a_row_the_file_has_nowhere_are_refused_as_read_elsewhere() {
    // `old` from another architecture's copy of a generated file, with two lines this one
    // lacks; one made-up line still applies.
    let file = "pub type kernel_long_t = c_long;\npub type kernel_ulong_t = c_ulong;\npub type kernel_size_t = kernel_ulong_t;\npub type kernel_ssize_t = kernel_long_t;\npub type kernel_off_t = kernel_long_t;\npub type kernel_clock_t = kernel_long_t;\npub type kernel_timer_t = c_int;\npub type le16 = u16;\npub type be16 = u16;\n";
    let old = "pub type kernel_long_t = c_long;\npub type kernel_ulong_t = c_ulong;\npub type kernel_size_t = kernel_ulong_t;\npub type kernel_ssize_t = kernel_long_t;\npub type kernel_off_t = kernel_long_t;\npub type kernel_clock_t = kernel_long_t;\npub type kernel_timer_t = c_int;\npub type s128 = i128;\npub type u128 = u128;\npub type le16 = u16;\npub type be16 = u16;";
    let new = old.replace("kernel_size_t = kernel_ulong_t", "kernel_size_t = usize");
    assert_eq!(kind(file, &Edit::new(old, &new)), "content_mismatch");
    let old = old.replace("pub type u128 = u128;\n", "");
    let new = old.replace("kernel_size_t = kernel_ulong_t", "kernel_size_t = usize");
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(
        out.text,
        file.replace("kernel_size_t = kernel_ulong_t", "kernel_size_t = usize")
    );
}
