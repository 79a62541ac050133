//! Unified diffs: from git, sloppy line numbers, no headers, creating and deleting files.

use crate::common::{assert_fails, assert_ok, Work};

use super::{project, APP, APP_FIXED, UTIL_FIXED};

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

// `\ No newline at end of file` after the `-` line only: the diff adds the final newline; after
// the `+` line only: it removes it. Both are followed, as `git apply` follows them.
#[test]
fn unified_diff_adds_and_removes_the_final_newline() {
    let w = Work::new();
    w.write("f.txt", "a\nb");
    let adds = "\
diff --git a/f.txt b/f.txt
--- a/f.txt
+++ b/f.txt
@@ -1,2 +1,2 @@
 a
-b
\\ No newline at end of file
+b
";
    w.write("adds.diff", adds);
    assert_ok(&w.run(["apply", "--edits", "adds.diff"]));
    assert_eq!(w.read("f.txt"), "a\nb\n");
    let removes = "\
--- a/f.txt
+++ b/f.txt
@@ -1,2 +1,2 @@
 a
-b
+c
\\ No newline at end of file
";
    w.write("removes.diff", removes);
    assert_ok(&w.run(["apply", "--edits", "removes.diff"]));
    assert_eq!(w.read("f.txt"), "a\nc");
}
