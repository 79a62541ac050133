//! What the program says about itself: bare `fuzzy-edit` and `--help` describe it alike; man
//! pages for every subcommand they list; completions offer the values of `--syntax` and
//! `--language`.

use crate::common::fuzzy_edit;

#[test]
fn bare_fuzzy_edit_describes_itself_as_help_does() {
    let bare = fuzzy_edit().output().unwrap();
    assert_eq!(bare.status.code(), Some(2), "no command is a usage error");
    let help = fuzzy_edit().arg("--help").output().unwrap();
    assert_eq!(help.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&bare.stderr),
        String::from_utf8_lossy(&help.stdout)
    );
}

#[test]
fn every_page_the_man_page_lists_is_printed() {
    let main = String::from_utf8(fuzzy_edit().arg("man").output().unwrap().stdout).unwrap();
    assert!(!main.contains("fuzzy\\-edit\\-help(1)"), "{main}");
    for page in ["apply", "check", "pipe", "mcp", "completions", "man"] {
        assert!(
            main.contains(&format!("fuzzy\\-edit\\-{page}(1)")),
            "{page}"
        );
        let out = fuzzy_edit().args(["man", page]).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{page}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(".SH \"EXIT STATUS\"") && text.contains(".SH ENVIRONMENT"),
            "{page}"
        );
    }
    let apply =
        String::from_utf8(fuzzy_edit().args(["man", "apply"]).output().unwrap().stdout).unwrap();
    assert!(
        apply.contains("[\\-\\-old TEXT]") && apply.contains("[\\-\\-syntax POLICY]"),
        "{apply}"
    );
}

#[test]
fn completions_offer_the_values_of_syntax_and_language() {
    for shell in ["bash", "zsh", "fish"] {
        let out = fuzzy_edit().args(["completions", shell]).output().unwrap();
        let script = String::from_utf8(out.stdout).unwrap();
        for value in ["strict", "warn", "typescript", "yaml"] {
            assert!(script.contains(value), "{shell}: {value}");
        }
    }
}

#[test]
fn language_aliases_are_still_read() {
    let w = crate::common::Work::new();
    w.write("a.txt", "x = (1\n");
    for alias in ["py", "Python", "c++"] {
        let out = w.run([
            "check",
            "a.txt",
            "--old",
            "x = (1",
            "--new",
            "x = (2",
            "--language",
            alias,
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{alias}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = w.run([
        "check",
        "a.txt",
        "--old",
        "x",
        "--new",
        "y",
        "--language",
        "cobol",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown language `cobol`"));
}
