//! `--json`: the shape of a result, of a refusal with the engine's errors, of a usage error.
//! (`result_schema` checks these answers against docs/schema/result-v1.json.)

use crate::common::{assert_ok, stdout_json, Work, PY};

#[test]
fn json_output_shape() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "return x + 2",
        "--json",
    ]);
    assert_ok(&out);
    let v = stdout_json(&out);
    assert_eq!(v["schema"], "fuzzy-edit/1");
    assert_eq!(v["ok"], true);
    assert_eq!(v["dry_run"], false);
    let files = v["files"].as_array().expect("files is an array");
    assert_eq!(files.len(), 1);
    let f = &files[0];
    assert_eq!(f["path"], "f.py");
    assert_eq!(f["action"], "edit");
    let diff = f["diff"].as_str().expect("diff is a string");
    assert!(
        diff.contains("-    return x + 1\n+    return x + 2\n"),
        "{diff}"
    );
    let m = &f["matches"][0];
    assert_eq!(m["edit"], 0);
    assert_eq!(m["strategy"], "exact");
    assert_eq!(m["start_line"], 2);
    assert_eq!(m["end_line"], 2);
    assert_eq!(m["score"], 1.0);
    assert!(f.get("failures").is_none(), "{f}");
    assert_eq!(w.read("f.py"), PY.replace("x + 1", "x + 2"));
}

#[test]
fn json_dry_run() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "check",
        "f.py",
        "--old",
        "return x + 1",
        "--new",
        "return x + 2",
        "--json",
    ]);
    assert_ok(&out);
    let v = stdout_json(&out);
    assert_eq!(v["ok"], true);
    assert_eq!(v["dry_run"], true);
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn json_refusal_is_json_on_stdout_with_exit_1() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run([
        "apply",
        "f.py",
        "--old",
        "completely unrelated text",
        "--new",
        "y",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "not_found");
    assert_eq!(v["error"]["path"], "f.py");
    assert!(v["error"]["message"].as_str().unwrap().contains("f.py"));
    let e = &v["error"]["edits"][0];
    assert_eq!(e["kind"], "not_found");
    assert_eq!(e["edit"], 0);
    assert!(e["message"].is_string());
    assert_eq!(w.read("f.py"), PY);
}

#[test]
fn json_ambiguous_lists_candidates() {
    let w = Work::new();
    w.write("a.txt", "x = 1\ny = 2\nx = 1\n");
    let out = w.run([
        "apply", "a.txt", "--old", "x = 1", "--new", "x = 9", "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["error"]["kind"], "ambiguous");
    let e = &v["error"]["edits"][0];
    assert_eq!(e["kind"], "ambiguous");
    assert_eq!(e["candidates"].as_array().map(Vec::len), Some(2), "{e}");
}

#[test]
fn json_refusal_names_its_rule_beside_its_kind() {
    let w = Work::new();
    w.write("a.txt", "x = 1\ny = 2\nx = 1\n");
    let out = w.run([
        "apply", "a.txt", "--old", "x = 1", "--new", "x = 9", "--json",
    ]);
    let v = stdout_json(&out);
    // The top-level error names the first refused edit's rule, as that edit does.
    assert_eq!(v["error"]["rule"], "one_candidate", "{v}");
    assert_eq!(v["error"]["rule"], v["error"]["edits"][0]["rule"], "{v}");
}

#[test]
fn json_missing_file_exits_2() {
    let w = Work::new();
    let out = w.run(["apply", "missing.txt", "--old", "a", "--new", "b", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "file_not_found");
    assert_eq!(v["error"]["path"], "missing.txt");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("missing.txt"));
}

#[test]
fn json_usage_error_has_kind_usage() {
    let w = Work::new();
    w.write("f.py", PY);
    let out = w.run(["apply", "f.py", "--new", "b", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = stdout_json(&out);
    assert_eq!(v["error"]["kind"], "usage", "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("--old"));
}
