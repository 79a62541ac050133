//! `old` missing lines the file has: a line dropped while copying, an elision marker, a word
//! misspelled in a short block. Where `new` shows what the model meant, the edit applies;
//! where it does not, it is refused as before.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, strategy};

// An elision in `old` alone, `new` written out in full: the marker stood for the lines `new`
// writes out again.
#[test]
fn an_elision_in_old_alone_stands_for_the_lines_new_writes_out() {
    let file = "  }\n}\n\n$unset = function($name) {\n  putenv($name);\n  unset($_ENV[$name]);\n  unset($_SERVER[$name]);\n};\n";
    let old = "}\n\n// ... existing code ...\n  putenv($name);\n  unset($_ENV[$name]);";
    let new = "}\n\n$unset = function($name) {\n  putenv($name);\n  unset($_ENV[$name]);\n  error_log(\"checkpoint\");";
    let out = applied(file, &Edit::new(old, new));
    assert_eq!(strategy(&out), "elision");
    assert_eq!(
        out.text,
        "  }\n}\n\n$unset = function($name) {\n  putenv($name);\n  unset($_ENV[$name]);\n  error_log(\"checkpoint\");\n  unset($_SERVER[$name]);\n};\n"
    );
    let _ = kind;
}
