//! The syntax guard from the command line: on by default for files of a known language,
//! `--syntax` and `--language` change it. (The MCP side: `mcp::tools`.)

use crate::common::{assert_fails, assert_ok, Work};

const FILE: &str = "def f(items):\n    total = compute_total(items, tax)\n    return total\n";

/// Found one letter off; the model's `new` leaves `(` open.
const OLD: &str = "total = compute_totl(items, tax)";
const NEW: &str = "total = compute_total(items, tax";

#[test]
fn by_default_the_models_own_broken_step_is_applied_with_a_warning() {
    let w = Work::new();
    w.write("a.py", FILE);
    let out = w.run(["apply", "a.py", "--old", OLD, "--new", NEW]);
    let stdout = assert_ok(&out);
    assert!(
        stdout.contains("warning: The edit introduces a syntax error (python) at line 2"),
        "{stdout}"
    );
    assert_eq!(
        w.read("a.py"),
        FILE.replace("compute_total(items, tax)", "compute_total(items, tax")
    );
}

#[test]
fn a_json_warning_names_the_syntax_rule() {
    let w = Work::new();
    w.write("a.py", FILE);
    let out = w.run(["apply", "a.py", "--old", OLD, "--new", NEW, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&assert_ok(&out)).expect("JSON on stdout");
    let warnings = v["files"][0]["warnings"].as_array().expect("warnings");
    assert_eq!(warnings.len(), 1, "{v}");
    assert_eq!(warnings[0]["rule"], "syntax", "{v}");
}

#[test]
fn strict_refuses_and_leaves_the_file() {
    let w = Work::new();
    w.write("a.py", FILE);
    let out = w.run([
        "apply", "a.py", "--old", OLD, "--new", NEW, "--syntax", "strict",
    ]);
    let stderr = assert_fails(&out, 1);
    assert!(stderr.contains("syntax error (python)"), "{stderr}");
    assert!(stderr.contains("in --new"), "the CLI's words: {stderr}");
    assert_eq!(w.read("a.py"), FILE);
}

#[test]
fn the_language_comes_from_the_extension_or_language() {
    let w = Work::new();
    w.write("a.txt", FILE);
    // A .txt file is not parsed ...
    let out = w.run([
        "apply", "a.txt", "--old", OLD, "--new", NEW, "--syntax", "strict",
    ]);
    assert_ok(&out);
    // ... unless the language is named.
    w.write("b.txt", FILE);
    let out = w.run([
        "apply",
        "b.txt",
        "--old",
        OLD,
        "--new",
        NEW,
        "--syntax",
        "strict",
        "--language",
        "python",
    ]);
    assert_fails(&out, 1);
    assert_eq!(w.read("b.txt"), FILE);
    // `off` does not parse; a bad policy is a usage error.
    w.write("c.py", FILE);
    let out = w.run([
        "apply", "c.py", "--old", OLD, "--new", NEW, "--syntax", "off",
    ]);
    assert!(!assert_ok(&out).contains("warning"));
    let out = w.run([
        "apply", "c.py", "--old", "x", "--new", "y", "--syntax", "lenient",
    ]);
    assert_fails(&out, 2);
}

#[test]
fn quiet_stat_and_patch_print_warnings_on_stderr() {
    for flag in ["-q", "--stat", "--patch"] {
        let w = Work::new();
        w.write("a.py", FILE);
        let out = w.run(["apply", "a.py", "--old", OLD, "--new", NEW, flag]);
        assert_eq!(out.status.code(), Some(0), "{flag}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("fuzzy-edit: a.py: warning: The edit introduces a syntax error"),
            "{flag}: {stderr}"
        );
    }
}
