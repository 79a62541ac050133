//! `fuzzy-edit apply --edits PATH|-` with every edit format, detected automatically: JSON
//! (seed-002 `modifications` in prose and fences, bare arrays, tool calls), SEARCH/REPLACE
//! blocks, `*** Begin Patch` envelopes and unified diffs; multi-file edits; malformed documents.

mod common;

use common::{assert_fails, assert_ok, stdout_json, Work};

const APP: &str = "\
import os


def total(items):
    s = 0
    for i in items: s += i
    return s


def main():
    print(total([1, 2, 3]))
";

const UTIL: &str = "\
def greet(name):
    return \"hello \" + name
";

fn project() -> Work {
    let w = Work::new();
    w.write("src/app.py", APP);
    w.write("src/util.py", UTIL);
    w
}

const APP_FIXED: &str = "\
import os


def total(items):
    s = 0
    for i in items:
        s += i
    return s


def main():
    print(total([1, 2, 3]))
";

const UTIL_FIXED: &str = "\
def greet(name):
    return f\"hello {name}\"
";

// ---------------------------------------------------------------------------------------------
// JSON

#[test]
fn json_seed_002_modifications_in_prose_and_fences() {
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

// ---------------------------------------------------------------------------------------------
// SEARCH/REPLACE

#[test]
fn search_replace_with_the_file_name_before_the_fence() {
    let w = project();
    let doc = "\
Here is the fix:

src/app.py
```python
<<<<<<< SEARCH
    for i in items: s += i
=======
    for i in items:
        s += i
>>>>>>> REPLACE
```
";
    w.write("edits.md", doc);
    let out = w.run(["apply", "--edits", "edits.md"]);
    assert_ok(&out);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
}

#[test]
fn search_replace_with_the_file_name_inside_the_fence() {
    let w = project();
    let doc = "\
```
src/app.py
<<<<<<< SEARCH
    for i in items: s += i
=======
    for i in items:
        s += i
>>>>>>> REPLACE
```
";
    w.write("edits.md", doc);
    let out = w.run(["apply", "--edits", "edits.md"]);
    assert_ok(&out);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
}

#[test]
fn search_replace_without_fences() {
    let w = project();
    let doc = "\
src/util.py
<<<<<<< SEARCH
    return \"hello \" + name
=======
    return f\"hello {name}\"
>>>>>>> REPLACE
";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
}

#[test]
fn search_replace_blocks_for_two_files_from_stdin() {
    let w = project();
    let doc = "\
src/app.py
```python
<<<<<<< SEARCH
    for i in items: s += i
=======
    for i in items:
        s += i
>>>>>>> REPLACE
```

```python
<<<<<<< SEARCH
    print(total([1, 2, 3]))
=======
    print(total([4, 5]))
>>>>>>> REPLACE
```

src/util.py
```python
<<<<<<< SEARCH
    return \"hello \" + name
=======
    return f\"hello {name}\"
>>>>>>> REPLACE
```
";
    let out = w.run_stdin(["apply", "--edits", "-"], doc);
    assert_ok(&out);
    assert_eq!(
        w.read("src/app.py"),
        APP_FIXED.replace("[1, 2, 3]", "[4, 5]")
    );
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
}

#[test]
fn search_replace_without_a_file_name_uses_the_argument() {
    let w = project();
    let doc = "\
<<<<<<< SEARCH
    return \"hello \" + name
=======
    return f\"hello {name}\"
>>>>>>> REPLACE
";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "src/util.py", "--edits", "edits.txt"]);
    assert_ok(&out);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
}

#[test]
fn search_replace_with_an_empty_search_creates_a_file() {
    let w = project();
    let doc = "\
src/new.py
```python
<<<<<<< SEARCH
=======
def new():
    return 1
>>>>>>> REPLACE
```
";
    w.write("edits.md", doc);
    let out = w.run(["apply", "--edits", "edits.md"]);
    let stdout = assert_ok(&out);
    assert_eq!(w.read("src/new.py"), "def new():\n    return 1\n");
    assert!(stdout.contains("src/new.py: created"), "{stdout}");
}

#[test]
fn search_replace_block_not_found_is_refused() {
    let w = project();
    let doc = "\
src/app.py
<<<<<<< SEARCH
this line is not in the file at all
=======
replacement
>>>>>>> REPLACE
";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    let err = assert_fails(&out, 1);
    assert!(err.contains("src/app.py"), "{err}");
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn search_replace_unterminated_block_in_the_middle_is_malformed() {
    let w = project();
    let doc = "\
src/app.py
<<<<<<< SEARCH
    s = 0
=======
    s = 1

src/util.py
<<<<<<< SEARCH
    return \"hello \" + name
=======
    return f\"hello {name}\"
>>>>>>> REPLACE
";
    w.write("edits.txt", doc);
    let out = w.run(["apply", "--edits", "edits.txt"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("cannot read the edits"), "{err}");
    assert_eq!(w.read("src/app.py"), APP);
    assert_eq!(w.read("src/util.py"), UTIL);
}

// ---------------------------------------------------------------------------------------------
// *** Begin Patch

#[test]
fn begin_patch_update_with_context_line() {
    let w = project();
    let doc = "\
*** Begin Patch
*** Update File: src/app.py
@@ def total(items):
     s = 0
-    for i in items: s += i
+    for i in items:
+        s += i
     return s
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_ok(&out);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
}

#[test]
fn begin_patch_context_line_disambiguates() {
    let w = Work::new();
    let text = "def a():\n    x = 0\n    return x\n\n\ndef b():\n    x = 0\n    return x\n";
    w.write("m.py", text);
    let doc = "\
*** Begin Patch
*** Update File: m.py
@@ def b():
-    x = 0
+    x = 1
     return x
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_ok(&out);
    assert_eq!(
        w.read("m.py"),
        "def a():\n    x = 0\n    return x\n\n\ndef b():\n    x = 1\n    return x\n"
    );
}

#[test]
fn begin_patch_add_update_delete_in_one_patch() {
    let w = project();
    w.write("src/old.py", "obsolete = True\n");
    let doc = "\
*** Begin Patch
*** Add File: src/added.py
+def added():
+    return 42
*** Update File: src/util.py
@@
-    return \"hello \" + name
+    return f\"hello {name}\"
*** Delete File: src/old.py
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    let stdout = assert_ok(&out);
    assert_eq!(w.read("src/added.py"), "def added():\n    return 42\n");
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
    assert!(!w.exists("src/old.py"));
    assert!(stdout.contains("src/added.py: created"), "{stdout}");
    assert!(stdout.contains("src/old.py: deleted"), "{stdout}");
}

#[test]
fn begin_patch_end_of_file_hunk() {
    let w = project();
    let doc = "\
*** Begin Patch
*** Update File: src/app.py
@@
 def main():
-    print(total([1, 2, 3]))
+    print(total([1, 2, 3]))
+
+
+main()
*** End of File
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_ok(&out);
    assert_eq!(w.read("src/app.py"), format!("{APP}\n\nmain()\n"));
}

#[test]
fn begin_patch_without_end_patch_from_stdin() {
    let w = project();
    let doc = "\
*** Begin Patch
*** Update File: src/util.py
@@
-    return \"hello \" + name
+    return f\"hello {name}\"
";
    let out = w.run_stdin(["apply", "--edits", "-"], doc);
    assert_ok(&out);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
}

#[test]
fn begin_patch_dry_run_writes_nothing() {
    let w = project();
    w.write("src/old.py", "obsolete = True\n");
    let doc = "\
*** Begin Patch
*** Add File: src/added.py
+x = 1
*** Update File: src/util.py
@@
-    return \"hello \" + name
+    return f\"hello {name}\"
*** Delete File: src/old.py
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["check", "--edits", "patch.txt"]);
    let stdout = assert_ok(&out);
    assert!(stdout.contains("src/added.py: would create"), "{stdout}");
    assert!(stdout.contains("src/util.py: would edit"), "{stdout}");
    assert!(stdout.contains("src/old.py: would delete"), "{stdout}");
    assert!(!w.exists("src/added.py"));
    assert_eq!(w.read("src/util.py"), UTIL);
    assert_eq!(w.read("src/old.py"), "obsolete = True\n");
}

#[test]
fn begin_patch_add_over_an_existing_file_is_refused() {
    let w = project();
    let doc = "\
*** Begin Patch
*** Add File: src/util.py
+overwritten = True
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    let err = assert_fails(&out, 1);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(w.read("src/util.py"), UTIL);
}

#[test]
fn begin_patch_delete_of_a_missing_file_is_refused() {
    let w = project();
    let doc = "\
*** Begin Patch
*** Update File: src/util.py
@@
-    return \"hello \" + name
+    return f\"hello {name}\"
*** Delete File: src/missing.py
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    assert_fails(&out, 1);
    assert_eq!(w.read("src/util.py"), UTIL);
}

#[test]
fn begin_patch_update_of_a_missing_file_is_exit_2() {
    let w = project();
    let doc = "\
*** Begin Patch
*** Update File: src/missing.py
@@
-a
+b
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("src/missing.py"), "{err}");
    assert!(!w.exists("src/missing.py"));
}

#[test]
fn begin_patch_move_is_not_supported() {
    let w = project();
    let doc = "\
*** Begin Patch
*** Update File: src/util.py
*** Move to: src/greeting.py
@@
-    return \"hello \" + name
+    return f\"hello {name}\"
*** End Patch
";
    w.write("patch.txt", doc);
    let out = w.run(["apply", "--edits", "patch.txt"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("Move to"), "{err}");
    assert_eq!(w.read("src/util.py"), UTIL);
    assert!(!w.exists("src/greeting.py"));
}

// ---------------------------------------------------------------------------------------------
// Unified diffs

#[test]
fn unified_diff_from_git() {
    let w = project();
    let doc = "\
diff --git a/src/app.py b/src/app.py
index 83db48f..bf269f4 100644
--- a/src/app.py
+++ b/src/app.py
@@ -4,7 +4,8 @@ import os
 def total(items):
     s = 0
-    for i in items: s += i
+    for i in items:
+        s += i
     return s
 
 
diff --git a/src/util.py b/src/util.py
index 1111111..2222222 100644
--- a/src/util.py
+++ b/src/util.py
@@ -1,2 +1,2 @@
 def greet(name):
-    return \"hello \" + name
+    return f\"hello {name}\"
";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    let stdout = assert_ok(&out);
    assert_eq!(w.read("src/app.py"), APP_FIXED);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
    assert!(stdout.contains("src/app.py: edited"), "{stdout}");
    assert!(stdout.contains("src/util.py: edited"), "{stdout}");
}

#[test]
fn unified_diff_sloppy_line_numbers_and_bare_hunk_header() {
    let w = project();
    let doc = "\
--- src/app.py
+++ src/app.py
@@ -40,3 +97,4 @@
     s = 0
-    for i in items: s += i
+    for i in items:
+        s += i
     return s
@@
 def main():
-    print(total([1, 2, 3]))
+    print(total([4, 5]))
";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    assert_ok(&out);
    assert_eq!(
        w.read("src/app.py"),
        APP_FIXED.replace("[1, 2, 3]", "[4, 5]")
    );
}

#[test]
fn unified_diff_without_headers_uses_the_argument() {
    let w = project();
    let doc = "\
@@ @@
 def greet(name):
-    return \"hello \" + name
+    return f\"hello {name}\"
";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "src/util.py", "--edits", "fix.diff"]);
    assert_ok(&out);
    assert_eq!(w.read("src/util.py"), UTIL_FIXED);
}

#[test]
fn unified_diff_creates_and_deletes_files() {
    let w = project();
    w.write("src/old.py", "obsolete = True\n");
    let doc = "\
diff --git a/src/added.py b/src/added.py
new file mode 100644
--- /dev/null
+++ b/src/added.py
@@ -0,0 +1,2 @@
+def added():
+    return 42
diff --git a/src/old.py b/src/old.py
deleted file mode 100644
--- a/src/old.py
+++ /dev/null
@@ -1 +0,0 @@
-obsolete = True
";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    assert_ok(&out);
    assert_eq!(w.read("src/added.py"), "def added():\n    return 42\n");
    assert!(!w.exists("src/old.py"));
}

#[test]
fn unified_diff_hunk_that_does_not_match_is_refused() {
    let w = project();
    let doc = "\
--- a/src/app.py
+++ b/src/app.py
@@ -1,3 +1,3 @@
 class Unrelated:
-    value = 1
+    value = 2
";
    w.write("fix.diff", doc);
    let out = w.run(["apply", "--edits", "fix.diff"]);
    assert_fails(&out, 1);
    assert_eq!(w.read("src/app.py"), APP);
}

// ---------------------------------------------------------------------------------------------
// Documents that cannot be read

#[test]
fn unrecognized_document_is_exit_2() {
    let w = project();
    w.write("edits.txt", "please make total() faster\n");
    let out = w.run(["apply", "src/app.py", "--edits", "edits.txt"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("cannot read the edits"), "{err}");
    assert!(err.contains("<<<<<<< SEARCH"), "lists the formats: {err}");
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn empty_document_is_exit_2() {
    let w = project();
    w.write("edits.txt", "  \n\n");
    let out = w.run(["apply", "src/app.py", "--edits", "edits.txt"]);
    assert_fails(&out, 2);
    let out = w.run_stdin(["apply", "src/app.py", "--edits", "-"], "");
    assert_fails(&out, 2);
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn malformed_json_is_exit_2_with_the_line() {
    let w = project();
    w.write(
        "edits.json",
        "{\n  \"old_string\": \"s = 0\"\n  \"new_string\": \"s = 1\"\n}\n",
    );
    let out = w.run(["apply", "src/app.py", "--edits", "edits.json"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("line"), "{err}");
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn json_object_that_is_not_an_edit_is_exit_2() {
    let w = project();
    w.write("edits.json", r#"{"reason": "no edit here"}"#);
    let out = w.run(["apply", "src/app.py", "--edits", "edits.json"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn missing_edits_file_is_exit_2() {
    let w = project();
    let out = w.run(["apply", "src/app.py", "--edits", "nope.json"]);
    let err = assert_fails(&out, 2);
    assert!(err.contains("nope.json"), "{err}");
}

#[test]
fn edits_document_that_is_not_utf8_is_exit_2() {
    let w = project();
    w.write(
        "edits.txt",
        b"src/app.py\n<<<<<<< SEARCH\n\xff\xfe\n=======\nx\n>>>>>>> REPLACE\n",
    );
    let out = w.run(["apply", "--edits", "edits.txt"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("src/app.py"), APP);
}

#[test]
fn expect_sha256_needs_the_file_argument() {
    let w = project();
    w.write(
        "call.json",
        r#"{"file_path": "src/app.py", "old_string": "s = 0", "new_string": "s = 1"}"#,
    );
    let out = w.run(["apply", "--edits", "call.json", "--expect-sha256", "00"]);
    assert_fails(&out, 2);
    assert_eq!(w.read("src/app.py"), APP);
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
