//! What the model wraps around `new` (a Markdown fence, a sentence of prose, a unified-diff
//! body) and the look-alike characters it writes for the file's own (Cyrillic letters in Latin
//! words, HTML entities) are not written into a file that does not use them; a fence in
//! Markdown that has fences, and prose in prose, are the author's. Shrunk from the attack
//! benchmark (findings section A).

use fuzzy_edit::{apply, Edit, Options};

use crate::support::applied;

fn result(file: &str, old: &str, new: &str) -> String {
    applied(file, &Edit::new(old, new)).text
}

#[test]
fn a_fence_around_new_is_not_written() {
    let file = "name: app\nport: 80\ndebug: false\n";
    let want = "name: app\nport: 81\ndebug: false\n";
    assert_eq!(result(file, "port: 80", "```yaml\nport: 81\n```"), want);
    assert_eq!(result(file, "port: 80", "```yaml\nport: 81\n```\n"), want);
    // Both sides fenced: both unwrapped.
    assert_eq!(
        result(file, "```yaml\nport: 80\n```", "```yaml\nport: 81\n```"),
        want
    );
}

#[test]
fn a_fenced_block_markdown_already_has_fences_around_is_content() {
    let file = "# T\n\n```sh\nnpm i\n```\n\nEnd.\n";
    let out = result(file, "End.", "```sh\nnpm test\n```");
    assert_eq!(out, "# T\n\n```sh\nnpm i\n```\n\n```sh\nnpm test\n```\n");
}

#[test]
fn prose_before_or_after_new_is_not_written_into_code() {
    let file = "[server]\nport = 80\nhost = \"a\"\n";
    let want = "[server]\nport = 81\nhost = \"a\"\n";
    assert_eq!(
        result(file, "port = 80", "Here is the updated code:\n\nport = 81"),
        want
    );
    assert_eq!(
        result(
            file,
            "port = 80",
            "port = 81\n\nThis keeps the rest of the file unchanged."
        ),
        want
    );
}

#[test]
fn a_paragraph_added_to_prose_is_the_authors() {
    let file = "# Title\n\nFirst paragraph.\n";
    let options = Options {
        prose: true,
        ..Options::default()
    };
    let edit = Edit::new(
        "First paragraph.",
        "First paragraph.\n\nThis adds a second one.",
    );
    let out = fuzzy_edit::apply_with(file, &[edit], &options).unwrap();
    assert_eq!(
        out.text,
        "# Title\n\nFirst paragraph.\n\nThis adds a second one.\n"
    );
}

#[test]
fn new_written_as_a_diff_body_is_read_as_one() {
    let file = "{\n  \"a\": 1,\n  \"b\": 2\n}\n";
    let want = "{\n  \"a\": 1,\n  \"b\": 3\n}\n";
    let old = "  \"a\": 1,\n  \"b\": 2";
    assert_eq!(
        result(file, old, "   \"a\": 1,\n-  \"b\": 2\n+  \"b\": 3"),
        want
    );
    // The new side alone: kept and added lines.
    assert_eq!(result(file, old, "   \"a\": 1,\n+  \"b\": 3"), want);
}

#[test]
fn both_sides_written_as_a_diff_body_are_read_as_one() {
    let file = "[lib]\nname = \"x\"\nautolib = false\nautobins = false\n";
    let out = result(
        file,
        " name = \"x\"\n autolib = false",
        " name = \"x\"\n autolib = false\n+autotests = false",
    );
    assert_eq!(
        out,
        "[lib]\nname = \"x\"\nautolib = false\nautotests = false\nautobins = false\n"
    );
}

#[test]
fn entities_in_new_are_the_characters_in_code() {
    let file = "int f(int a, int b) {\n  if (a < b && b > 0) return 1;\n  return 0;\n}\n";
    let out = result(
        file,
        "  if (a < b && b > 0) return 1;\n  return 0;",
        "  if (a &lt; b &amp;&amp; b &gt; 0) return 1;\n  return -1;",
    );
    assert_eq!(
        out,
        "int f(int a, int b) {\n  if (a < b && b > 0) return 1;\n  return -1;\n}\n"
    );
    // In a string literal of a changed line, an entity is the program's.
    let out = result(file, "  return 0;", "  return esc(\"&lt;\");");
    assert!(out.contains("esc(\"&lt;\")"));
}

#[test]
fn a_look_alike_letter_is_written_as_the_files_latin_one() {
    let file = "#!/bin/sh\necho \"hello world\"\nexit 0\n";
    let out = result(
        file,
        "echo \"hello world\"\nexit 0",
        "echo \"hell\u{43e} world\"\nexit 1",
    );
    assert_eq!(out, "#!/bin/sh\necho \"hello world\"\nexit 1\n");
    // On both sides, at different letters.
    let file = "#define PB_DS_CLASS_T_DEC \\\n    template<typename N>\n";
    let out = result(
        file,
        "#d\u{435}fine PB_DS_CLASS_T_DEC \\",
        "#defin\u{435} PB_DS_CLASS_T_DEC \\\n    template<typename M> \\",
    );
    assert_eq!(
        out,
        "#define PB_DS_CLASS_T_DEC \\\n    template<typename M> \\\n    template<typename N>\n"
    );
    // Russian text is the author's.
    let file = "msg = \"x\"\n";
    let new = "msg = \"\u{43f}\u{440}\u{438}\u{432}\u{435}\u{442}\"";
    assert_eq!(result(file, "msg = \"x\"", new), format!("{new}\n"));
}

// `\$` on both sides, matched by undoing the escapes: the line `new` keeps is the file's.
#[test]
fn a_line_kept_with_olds_escapes_is_written_as_the_files() {
    let file = "FROM alpine\nARG V=1\nRUN echo \"$V\" && \\\n    echo done\n";
    let out = result(
        file,
        "ARG V=1\nRUN echo \"\\$V\" && \\",
        "ARG V=2\nRUN echo \"\\$V\" && \\",
    );
    assert_eq!(
        out,
        "FROM alpine\nARG V=2\nRUN echo \"$V\" && \\\n    echo done\n"
    );
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    fn wrapped(kind: usize, old: &str, new: &str) -> String {
        match kind {
            0 => format!("```python\n{new}\n```"),
            1 => format!("```\n{new}\n```\n"),
            2 => format!("Here is the updated code:\n\n{new}"),
            3 => format!("{new}\n\nThat changes the value as asked."),
            _ => {
                let mut body: Vec<String> = old.lines().map(|l| format!("-{l}")).collect();
                body.extend(new.lines().map(|l| format!("+{l}")));
                body.join("\n")
            }
        }
    }

    proptest! {
        #![proptest_config(crate::properties::config())]

        // Whatever the wrapper around `new`, it never reaches the file: the edit lands as
        // meant, or is refused.
        #[test]
        fn a_wrapper_around_new_never_reaches_the_file(
            names in prop::collection::vec("[a-z]{3,8}", 3..8),
            at in any::<prop::sample::Index>(),
            value in 0u32..1000,
            kind in 0usize..5,
        ) {
            let lines: Vec<String> = names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("    {n}_{i} = {i}"))
                .collect();
            let text = format!("def f():\n{}\n", lines.join("\n"));
            let i = at.index(lines.len());
            let old = lines[i].clone();
            let new = format!("    {}_{i} = {value}", names[i]);
            prop_assume!(new != old);
            let meant = text.replacen(&old, &new, 1);
            if let Ok(out) = apply(&text, &Edit::new(old.clone(), wrapped(kind, &old, &new))) {
                prop_assert_eq!(out.text, meant);
            }
        }
    }
}

#[test]
fn an_escaped_new_is_decoded_inside_the_strings_of_code_where_old_has_the_raw_characters() {
    let file = "run() {\n\tx=$(cmd 2>&1 | sed 's/a->b/c/')\n\techo \"$x\"\n}\n";
    let old = "\tx=$(cmd 2>&1 | sed 's/a->b/c/')";
    let new = "\tx=$(cmd 2&gt;&amp;1 | sed 's/a-&gt;b/d/')";
    assert_eq!(
        result(file, old, new),
        "run() {\n\tx=$(cmd 2>&1 | sed 's/a->b/d/')\n\techo \"$x\"\n}\n"
    );
}
