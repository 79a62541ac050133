//! JSON documents: modifications objects, bare arrays, tool calls naming files, repairs.

use crate::common::{assert_fails, assert_ok, stdout_json};

use super::{project, APP, APP_FIXED, UTIL_FIXED};

#[test]
fn json_modifications_in_prose_and_fences() {
    let w = project();
    let doc = r#"I looked at the loop in `total`; it is written on one line.

```json
{
  "analysis": "the loop body should be on its own line",
  "modifications": [
    {
      "old_string": "    for i in items: s += i\n",
      "new_string": "    for i in items:\n        s += i\n",
      "reason": "readability",
      "replace_all": false,
      "anchor": ""
    }
  ],
  "summary": "one change"
}
```

Let me know if you want more changes.
"#;
    w.write("edits.md", doc);
    let out = w.run(["apply", "src/app.py", "--edits", "edits.md"]);
    assert_ok(&out);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
}

#[test]
fn json_bare_array_of_modifications() {
    let w = project();
    let doc = serde_json::json!([
        {"old_string": "    for i in items: s += i", "new_string": "    for i in items:\n        s += i"},
        {"old_string": "print(total([1, 2, 3]))", "new_string": "print(total([4, 5]))"},
    ]);
    w.write("edits.json", doc.to_string());
    let out = w.run(["apply", "src/app.py", "--edits", "edits.json"]);
    let stdout = assert_ok(&out);
    assert_eq!(
        w.read("src/app.py"),
        APP_FIXED.replace("[1, 2, 3]", "[4, 5]")
    );
    assert!(
        stdout.contains("edit 1:") && stdout.contains("edit 2:"),
        "{stdout}"
    );
}

#[test]
fn json_tool_call_names_its_file() {
    let w = project();
    let doc = serde_json::json!({
        "file_path": "src/util.py",
        "old_string": "    return \"hello \" + name",
        "new_string": "    return f\"hello {name}\"",
    });
    w.write("call.json", doc.to_string());
    // No FILE argument: the path comes from the document.
    let out = w.run(["apply", "--edits", "call.json"]);
    let stdout = assert_ok(&out);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
    assert_eq!(w.read("src/app.py"), APP);
    assert!(stdout.contains("src/util.py: edited"), "{stdout}");
}

#[test]
fn json_tool_calls_for_two_files() {
    let w = project();
    let doc = serde_json::json!([
        {"file_path": "src/util.py", "old_string": "    return \"hello \" + name", "new_string": "    return f\"hello {name}\""},
        {"file_path": "src/app.py", "old_string": "    for i in items: s += i\n", "new_string": "    for i in items:\n        s += i\n"},
    ]);
    w.write("calls.json", doc.to_string());
    let out = w.run(["apply", "--edits", "calls.json", "--json"]);
    assert_ok(&out);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
    let v = stdout_json(&out);
    let paths: Vec<&str> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["src/util.py", "src/app.py"]);
}

#[test]
fn edits_of_one_file_split_by_another_file_all_apply() {
    let w = project();
    let doc = serde_json::json!([
        {"file_path": "src/app.py", "old_string": "    for i in items: s += i\n", "new_string": "    for i in items:\n        s += i\n"},
        {"file_path": "src/util.py", "old_string": "    return \"hello \" + name", "new_string": "    return f\"hello {name}\""},
        {"file_path": "src/app.py", "old_string": "print(total([1, 2, 3]))", "new_string": "print(total([4, 5]))"},
    ]);
    w.write("calls.json", doc.to_string());
    let out = w.run(["apply", "--edits", "calls.json", "--json"]);
    assert_ok(&out);
    assert_eq!(
        w.read("src/app.py"),
        APP_FIXED.replace("[1, 2, 3]", "[4, 5]")
    );
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
    let v = stdout_json(&out);
    assert_eq!(v["files"].as_array().map(Vec::len), Some(2), "{v}");
    assert_eq!(v["files"][0]["matches"].as_array().map(Vec::len), Some(2));
}

#[test]
fn json_with_raw_newlines_in_strings_is_repaired() {
    let w = project();
    // Invalid JSON as models write it: raw newlines inside the strings.
    let doc = "{\"old_string\": \"    for i in items: s += i\n\", \"new_string\": \"    for i in items:\n        s += i\n\"}";
    w.write("edits.json", doc);
    let out = w.run(["apply", "src/app.py", "--edits", "edits.json"]);
    assert_ok(&out);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
}

#[test]
fn json_from_stdin() {
    let w = project();
    let doc = r#"{"file_path": "src/util.py", "old_string": "    return \"hello \" + name", "new_string": "    return f\"hello {name}\""}"#;
    let out = w.run_stdin(["apply", "--edits", "-"], doc);
    assert_ok(&out);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
}

#[test]
fn json_edits_naming_no_file_need_the_file_argument() {
    let w = project();
    w.write(
        "edits.json",
        r#"[{"old_string": "s = 0", "new_string": "s = 1"}]"#,
    );
    let out = w.run(["apply", "--edits", "edits.json"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("name no file"), "{err}");
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn json_cut_off_inside_a_non_ascii_string_is_an_error_not_a_crash() {
    // A model's answer cut off mid-string, in a fenced block, after a non-ASCII character.
    let w = project();
    w.write(
        "edits.md",
        "```json\n{\"old_string\": \"print(total([1, 2, 3]))\", \"new_string\": \"print('café",
    );
    let out = w.run(["apply", "src/app.py", "--edits", "edits.md"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("cannot read the edits"), "{err}");
    assert_eq!(w.read("src/app.py"), APP);
}
