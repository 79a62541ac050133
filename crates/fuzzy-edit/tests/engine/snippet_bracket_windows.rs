//! Lazy snippets whose bracket lines (`{`, `},`, `],`) open windows at many places of the
//! file: the place that pairs the most lines with words in them, and changes least, is where
//! the piece stands; when two places pair as many such lines, refused.

use fuzzy_edit::{apply_snippet, Options};

use super::support::merged;

const MODELS_TS: &str = "it(\"fetches\", async () => {
\tstub.resolves({
\t\tdata: {
\t\t\tpass: [
\t\t\t\t{
\t\t\t\t\tid: \"pass/glm-5\",
\t\t\t\t\tdescription: \"Upstream pass\",
\t\t\t\t\ttags: [\"PASS\"],
\t\t\t\t},
\t\t\t],
\t\t},
\t})
\texpect(result).to.deep.equal({
\t\tfree: [
\t\t\t{
\t\t\t\tid: \"free/glm-5\",
\t\t\t\ttags: [],
\t\t\t},
\t\t],
\t\tpass: [
\t\t\t{
\t\t\t\tid: \"pass/glm-5\",
\t\t\t\tname: \"pass/glm-5\",
\t\t\t\tdescription: \"Remote Pass\",
\t\t\t\ttags: [\"PASS\"],
\t\t\t},
\t\t],
\t})
})
";

const EDIT: &str = "\t\t// ... existing code ...
\t\t\t{
\t\t\t\tid: \"pass/glm-5\",
\t\t\t\tname: \"pass/glm-5\",
\t\t\t\tdescription: \"Remote pass tier\",
\t\t\t\ttags: [\"PASS\"],
\t\t\t},
\t\t],
\t\t// ... existing code ...
";

/// Three windows pair four lines each (brackets at every object); one of them pairs the
/// `name:` line too: the description there is the one edited.
#[test]
fn the_place_pairing_the_most_lines_with_words_wins_over_bracket_windows() {
    let want = MODELS_TS.replace("\"Remote Pass\"", "\"Remote pass tier\"");
    assert_eq!(merged(MODELS_TS, EDIT), want);
}

/// Without the `name:` line, the first and the last object pair as many lines with words
/// (`id:`, `tags:`): which description is edited is unclear.
#[test]
fn two_places_pairing_as_many_lines_with_words_are_refused() {
    let snippet = EDIT.replace("\t\t\t\tname: \"pass/glm-5\",\n", "");
    let err = apply_snippet(MODELS_TS, &snippet, &Options::default()).expect_err("two places fit");
    assert_eq!(err.rule(), "snippet_ambiguous", "{err}");
}
