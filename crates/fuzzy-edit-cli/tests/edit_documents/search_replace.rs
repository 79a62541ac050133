//! SEARCH/REPLACE blocks: file names before or inside fences, no fences, empty SEARCH creates.

use crate::common::{assert_fails, assert_ok};

use super::{project, APP, APP_FIXED, UTIL, UTIL_FIXED};

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
