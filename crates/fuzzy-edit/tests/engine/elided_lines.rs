//! A marker the model writes in `new` alone (`# ... existing code ...`, a bare `...` in
//! Python) keeps the lines it stands for whole: never a header without its body, a block's
//! opening bracket without the block, a line `new` moved elsewhere twice. Where the cheapest
//! reading would cut one, the edit is refused as `unclear_elision`; a line is never lost.

use fuzzy_edit::{apply, Edit};
use proptest::prelude::*;

use crate::support::{applied, kind};

// `existing = ...` after the marker reads cheapest as replacing `raise` after `if not path:`,
// which left `if not path:` without its body.
#[test]
fn a_marker_keeps_a_header_with_its_body() {
    let file = "    def parse(self, seen):\n        while True:\n            index += 1\n            if not path:\n                raise Error(\"Delete action missing path.\")\n            if path in seen:\n                raise Error(f\"Duplicate action for file: {path}\")\n            if path not in files:\n                raise Error(\n                    f\"Delete error - file not found: {path}\"\n                )\n";
    let old = &file[file.find("            index").unwrap()..file.rfind('\n').unwrap()];
    let old = &old[..old.rfind('\n').unwrap()];
    let new = "            index += 1\n            # ... existing code ...\n            existing = seen.get(path)\n            if existing:\n                if existing.type == Kind.DELETE:\n                    # Duplicate delete, ignore the extra block\n                    self.warn(f\"Duplicate delete action for file: {path} ignored.\")\n                    continue\n                else:\n                    raise Error(f\"Conflicting actions for file: {path}\")\n            if path not in files:\n                raise Error(\n                    f\"Delete error - file not found: {path}\"";
    assert_eq!(kind(file, &Edit::new(old, new)), "unclear_elision");
}

// Real lines with balanced brackets read as replacing `function f(e) {` left its `}` unopened.
#[test]
fn a_marker_keeps_the_bracket_a_kept_block_opens() {
    let file = "/**\n * Doc.\n */\nfunction toError(error) {\n\tconst message = describe(error);\n\tconst auth =\n\t\tisAuth(error) ||\n\t\tisPass(error);\n\treturn auth ? a(message) : b(message);\n}\n";
    let old = &file[4..file.len() - 3];
    let new = " * Doc.\n // ... existing code ...\n\tif (isOrg(error)) {\n\t\treturn b(org());\n\t}\n\n\tconst message = describe(error);\n\tconst auth = isAuth(error);\n\treturn auth ? a(message) : b(message);";
    assert_eq!(kind(file, &Edit::new(old, new)), "unclear_elision");
}

// `from .patch import PatchCoder` written further down: the model moved it; `...` keeping it
// too wrote it twice.
#[test]
fn a_marker_does_not_keep_a_line_new_moved() {
    let file = "from .edit import EditCoder\nfrom .fenced import FencedCoder\nfrom .patch import PatchCoder\nfrom .editor import EditorCoder\nfrom .whole import WholeCoder\nfrom .help import HelpCoder\nfrom .udiff import UdiffCoder\n";
    let new = "from .edit import EditCoder\n...\nfrom .editor import EditorCoder\nfrom .whole import WholeCoder\nfrom .help import HelpCoder\nfrom .patch import PatchCoder\nfrom .udiff import UdiffCoder\n";
    assert_eq!(kind(file, &Edit::new(file, new)), "unclear_elision");
}

// The `with` line the model removed (dedenting its body) was read as kept by `...`, leaving
// `with ...:` without a body.
#[test]
fn a_bare_ellipsis_keeps_no_header_whose_body_new_dedents() {
    let file = "def test():\n    path = make()\n\n    # Without the flag\n    with patch(\"sys.stdout\") as out:\n        coder = main(\n            [\"--exit\"],\n        )\n        check(coder)\n\n    done()\n";
    let old = "    path = make()\n\n    # Without the flag\n    with patch(\"sys.stdout\") as out:\n        coder = main(\n            [\"--exit\"],\n        )\n        check(coder)\n";
    let new = "    path = make()\n    ...\n    coder = main(\n        [\"--exit\"],\n    )\n    check(coder)\n";
    assert_eq!(kind(file, &Edit::new(old, new)), "unclear_elision");
}

// A `...` followed by a deeper line is no statement: where it stands for nothing it was
// written into the file as code.
#[test]
fn a_bare_ellipsis_before_a_deeper_line_is_no_code() {
    let file = "def budget(self):\n    value = None\n\n    if self.params:\n        # Check the format\n        if \"r\" in self.params:\n            value = self.params[\"r\"]\n        # Check the other\n        elif self.other:\n            value = 2\n    return value\n";
    let old = "\n    if self.params:\n        # Check the format\n        if \"r\" in self.params:\n            value = self.params[\"r\"]\n        # Check the other";
    let new = "\n    ...\n        if self.name.startswith(\"o/\"):\n            if \"e\" in self.params and \"r\" in self.params[\"e\"]:\n                value = self.params[\"e\"][\"r\"]\n        # Check the other";
    assert_eq!(kind(file, &Edit::new(old, new)), "unclear_elision");
}

// `"gemini": new` after the marker is closer to `"gemini": old` than to `"gemini-2.5-pro": old`
// beside the marker: read as replacing that one too, it deleted the entry.
#[test]
fn a_sibling_after_the_marker_does_not_replace_the_line_the_marker_keeps() {
    let file = "MODELS = {\n    \"flash\": \"gemini/flash\",\n    \"r1\": \"deepseek/r1\",\n    \"gemini-2.5-pro\": \"gemini/gemini-pro-exp-03\",\n    \"gemini\": \"gemini/gemini-pro-exp-03\",\n}\n";
    let old = &file["MODELS = {\n".len()..file.len() - 1];
    let new = "    \"flash\": \"gemini/flash\",\n    # ... existing code ...\n    \"gemini\": \"gemini/gemini-pro-preview-03\",\n    \"gemini-free\": \"gemini/gemini-pro-exp-03\",\n}";
    assert_eq!(kind(file, &Edit::new(old, new)), "unclear_elision");
}

// What the checks leave alone: a marker keeping a header and its whole body, the real lines
// after it at the header's depth, lands.
#[test]
fn a_marker_keeping_a_whole_block_lands() {
    let file = "def load(path):\n    index = 0\n    if not path:\n        raise Error(\"missing\")\n    count = 1\n    return index\n";
    let old = "    index = 0\n    if not path:\n        raise Error(\"missing\")\n    count = 1\n    return index";
    let new = "    index = 0\n    # ... existing code ...\n    count = 2\n    return index";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("count = 1", "count = 2"));
}

// ---------------------------------------------------------------------------------------------
// Property: a marker standing for a run of unchanged lines, before a line the model rewrote,
// replaced with a line of its own, or inserted a line before, is refused or read as it was
// meant: never with a line of the run lost or written twice, nor the marker written. (A line
// replaced by an unrelated one may also read as that line kept and the new one inserted: no
// reader can tell.)

/// Python-like lines with unique names: statements, and `if` headers each followed by their
/// body one level deeper.
fn python_lines() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(any::<bool>(), 4..10).prop_map(|headers| {
        let mut lines = vec!["def run(value):".to_string()];
        for (i, header) in headers.into_iter().enumerate() {
            if header {
                lines.push(format!("    if check_{i}(value):"));
                lines.push(format!("        total_{i} = compute_{i}(value)"));
            } else {
                lines.push(format!("    name_{i} = call_{i}(value, {i})"));
            }
        }
        lines.push("    return value".to_string());
        lines
    })
}

/// `lines` with `line` inserted before line `at`, at that line's depth.
fn inserted(lines: &[String], at: usize, line: &str) -> Vec<String> {
    let depth = &lines[at][..lines[at].len() - lines[at].trim_start().len()];
    let mut out = lines.to_vec();
    out.insert(at, format!("{depth}{line}"));
    out
}

proptest! {
    #![proptest_config(crate::properties::config())]

    #[test]
    fn a_marker_for_unchanged_lines_is_read_as_meant_or_refused(
        lines in python_lines(),
        from in any::<prop::sample::Index>(),
        len in 1..6usize,
        change in 0..3u8,
        bare in any::<bool>(),
    ) {
        // Lines `start + 1 .. end` are elided; line `end` changes.
        let start = from.index(lines.len() - 2);
        let end = (start + 1 + len).min(lines.len() - 1);
        prop_assume!(end > start + 1);
        let first = &lines[start + 1];
        let indent = &first[..first.len() - first.trim_start().len()];
        let marker = match bare {
            true => format!("{indent}..."),
            false => format!("{indent}# ... existing code ..."),
        };
        let fresh = "fresh = other(value)";
        let (expected, also) = match change {
            0 => (inserted(&lines, end, fresh), None),
            1 => {
                let mut e = lines.clone();
                e[end] = lines[end].replace("value", "value + 1");
                (e, None)
            }
            _ => {
                let mut e = inserted(&lines, end, fresh);
                let kept = Some(e.clone());
                e.remove(end + 1);
                (e, kept)
            }
        };
        let old = lines[start..].join("\n");
        let new = [&expected[start..=start], &[marker], &expected[end..]].concat().join("\n");
        let file = lines.join("\n") + "\n";
        if let Ok(out) = apply(&file, &Edit::new(old, new.clone())) {
            let text = |l: &[String]| l.join("\n") + "\n";
            prop_assert!(
                out.text == text(&expected) || also.is_some_and(|a| out.text == text(&a)),
                "new {:?}, result {:?}",
                new,
                out.text
            );
        }
    }
}

// The real line after the marker renames a long name on the line it rewrites
// (`default_config_values` to `defaults`): by its words it keeps only part of that line, and
// shares `write` and `main` with the comment the marker keeps, which read as the marker
// perhaps keeping a line the model rewrote. Character by character it is that line, rewritten.
// A real line closer to a line the marker would keep leaves the marker unclear.
#[test]
fn a_marker_keeps_the_lines_before_a_line_renamed_after_it() {
    let file = "def setup(config_path):\n    # Write the main config file to disk\n    ensure_dir(config_path)\n    write(config_path, \"main\", str(default_config_values))\n    return config_path\n";
    let old = file.trim_end();
    let new = "def setup(config_path):\n    # ... existing code ...\n    write(config_path, \"main\", str(defaults))\n    return config_path";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace("default_config_values", "defaults"));
    let new = "def setup(config_path):\n    # ... existing code ...\n    ensure_dir(config_path, \"main\")\n    return config_path";
    assert_eq!(kind(file, &Edit::new(old, new)), "unclear_elision");
}

// `old` copied a level too deep, `new` written at the file's depth with a marker: the `}` the
// marker keeps was put in at `old`'s depth, a level deeper than its `{`.
#[test]
fn a_marker_keeps_its_lines_at_the_depth_new_is_written_at() {
    let file = "fn find(&self, oid: &Oid) -> Option<u32> {\n    while i < n {\n        if lhs.ber.eq(&oid.ber) {\n            return Some(self.0[i].1);\n        }\n\n        i += 1;\n    }\n    None\n}\n";
    let old = "            if lhs.ber.eq(&oid.ber) {\n                return Some(self.0[i].1);\n            }\n\n            i += 1;";
    let new = "        if lhs.key.eq(&oid.key) {\n            return Some(self.0[i].1);\n        // ... existing code ...\n        i += 1;";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(out.text, file.replace(".ber", ".key"));
}

// A marker behind a comment leader of the file's language (Lisp `;;`, TeX and
// Erlang `%`, Haskell `{- -}`) was written literally and the lines it stands for deleted.
#[test]
fn a_marker_behind_the_languages_own_comment_leader_keeps_its_lines() {
    use fuzzy_edit::{apply_with, Conventions, Options};
    let named = |file: &str, path: &str, old: &str, new: &str| {
        let options = Options {
            conventions: Conventions::from_path(std::path::Path::new(path)),
            ..Options::default()
        };
        apply_with(file, &[Edit::new(old, new)], &options)
            .map(|out| out.text)
            .unwrap_or_else(|e| panic!("{path}: {}: {e}", e.kind()))
    };
    let el =
        "(setq lst\n      (list 'one\n            'two\n            'three\n            'four))\n";
    let old = "      (list 'one\n            'two\n            'three\n            'four))";
    let new = "      (list 'one\n            ;; ...\n            'four\n            'five))";
    assert_eq!(
        named(el, "init.el", old, new),
        el.replace("'four))", "'four\n            'five))")
    );
    let tex = "\\begin{enumerate}\n  \\item red\n  \\item green\n  \\item blue\n  \\item cyan\n\\end{enumerate}\n";
    let old = "  \\item red\n  \\item green\n  \\item blue\n  \\item cyan";
    let new = "  \\item red\n  % ...\n  \\item blue\n  \\item teal";
    assert_eq!(named(tex, "doc.tex", old, new), tex.replace("cyan", "teal"));
    let hs = "main = do\n  putStrLn \"a\"\n  putStrLn \"b\"\n  putStrLn \"c\"\n  putStrLn \"d\"\n";
    let old = "  putStrLn \"a\"\n  putStrLn \"b\"\n  putStrLn \"c\"\n  putStrLn \"d\"";
    let new = "  putStrLn \"a\"\n  {- ... -}\n  putStrLn \"c\"\n  putStrLn \"e\"";
    assert_eq!(named(hs, "Main.hs", old, new), hs.replace("\"d\"", "\"e\""));
    // Unclear, it is named as the model wrote it.
    let options = Options {
        conventions: Conventions::from_path(std::path::Path::new("init.el")),
        ..Options::default()
    };
    let old = "            'two\n            'three";
    let new = "            'zero\n            ;; ...\n            'nine";
    let err = apply_with(el, &[Edit::new(old, new)], &options).unwrap_err();
    let err = &err.failures[0].error;
    assert_eq!(err.kind(), "unclear_elision");
    assert!(err.to_string().contains("`;; ...`"), "{err}");
}

// With no name to go by, a leader the file's own comments use is read too; code that opens
// with such a leader (`% 100`) is not a marker.
#[test]
fn a_marker_behind_the_files_own_comment_leader_keeps_its_lines() {
    let erl = "% Sum of a list.\nsum(L) ->\n    % Fold from the left.\n    A = 1,\n    B = 2,\n    C = 3,\n    A + B + C.\n";
    let old = "    A = 1,\n    B = 2,\n    C = 3,\n    A + B + C.";
    let new = "    A = 1,\n    % ...\n    C = 3,\n    A + B + C + 1.";
    let out = applied(erl, &Edit::new(old, new));
    assert_eq!(out.text, erl.replace("A + B + C.", "A + B + C + 1."));
    // In a file that does not comment with `%`, `% ...` is left as written.
    let py = "total = (a\n         + b)\nrest = 1\n";
    let out = applied(py, &Edit::new("         + b)", "         % ...)"));
    assert_eq!(out.text, py.replace("+ b)", "% ...)"));
}

// A comment that is only `...`, added by `new`, stands for lines the file keeps: the edit then
// changes nothing, and the refusal says why rather than calling `old` and `new` identical.
#[test]
fn a_bare_marker_added_alone_is_refused_as_no_change_naming_the_marker() {
    let file = "def f():\n    x = 1\n    return x\n";
    let edit = Edit::new("def f():\n    x = 1", "def f():\n    # ...\n    x = 1");
    let err = apply(file, &edit).unwrap_err();
    assert_eq!(err.kind(), "no_change");
    let message = err.to_string();
    assert!(message.contains("elision comment"), "{message}");
    assert!(!message.contains("identical"), "{message}");
}
