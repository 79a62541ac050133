//! `*** Begin Patch` envelopes: update with context, add, delete, end of file; no moves.

use crate::common::{assert_fails, assert_ok, Work};

use super::{project, APP, APP_FIXED, UTIL, UTIL_FIXED};

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
    // A missing file is exit 2 (file_not_found), whether edited or deleted.
    assert_fails(&out, 2);
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
