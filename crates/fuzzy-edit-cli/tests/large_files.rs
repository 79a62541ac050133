//! Large files: a 20 MiB file edits correctly; an absent old_string is refused in bounded time.

use crate::common::{assert_fails, assert_ok, stdout_json, Work};

#[test]
fn large_file_edits_correctly() {
    let w = Work::new();
    let mut text = String::with_capacity(21 << 20);
    let mut i = 0u64;
    while text.len() < 20 << 20 {
        text.push_str(&format!("let value_{i} = compute({i}, \"payload\");\n"));
        i += 1;
    }
    let target = format!("let value_{} = compute({}, \"payload\");\n", i / 2, i / 2);
    let replacement = format!("let value_{} = compute_fast({});\n", i / 2, i / 2);
    w.write("big.rs", &text);
    let out = w.run([
        "apply",
        "big.rs",
        "--old",
        target.trim_end(),
        "--new",
        replacement.trim_end(),
        "--json",
    ]);
    assert_ok(&out);
    let v = stdout_json(&out);
    assert_eq!(v["files"][0]["matches"][0]["start_line"], i / 2 + 1);
    let expected = text.replacen(&target, &replacement, 1);
    let got = w.read("big.rs");
    assert_eq!(got.len(), expected.len());
    assert!(
        got == expected,
        "the large file differs from the expected edit"
    );
}

#[test]
fn large_file_absent_old_is_refused_quickly() {
    let w = Work::new();
    let text = "fn filler() { let a = 1; let b = 2; }\n".repeat(500_000);
    w.write("big.rs", &text);
    let start = std::time::Instant::now();
    let out = w.run([
        "apply",
        "big.rs",
        "--old",
        "this line is absent",
        "--new",
        "x",
    ]);
    assert_fails(&out, 1);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(60),
        "took {:?}",
        start.elapsed()
    );
    assert_eq!(w.read("big.rs").len(), text.len());
}
