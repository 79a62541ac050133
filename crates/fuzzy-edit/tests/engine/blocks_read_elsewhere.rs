//! `old` read from another block than the one it is found at: a copy of the same shape in
//! another file (lines of it in a row missing here), or a twin in this file it is as close to
//! as to the block found. Every line of `old` may stand in the file; the edit is refused all the
//! same, with the places to copy `old` from again.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, sorted_locations};

/// A list of type aliases as one architecture's generated header has it: two lines in the
/// middle (`wide_*`) that another architecture's copy of the list lacks.
const ALIASES: &str = "\
pub type size_t = c_ulong;
pub type ssize_t = c_long;
pub type ptrdiff_t = c_long;
pub type time_t = c_long;
pub type clock_t = c_long;
pub type timer_t = c_int;
pub type clockid_t = c_int;
pub type wide_s = i128;
pub type wide_u = u128;
pub type le16 = u16;
pub type be16 = u16;
pub type le32 = u32;
pub type be32 = u32;
";

#[test]
fn a_block_copied_from_a_list_without_two_of_its_lines_is_refused() {
    // The other architecture's list: `wide_s` and `wide_u` are not in it.
    let old = "\
pub type ssize_t = c_long;
pub type ptrdiff_t = c_long;
pub type time_t = c_long;
pub type clock_t = c_long;
pub type timer_t = c_int;
pub type clockid_t = c_int;
pub type le16 = u16;
pub type be16 = u16;
pub type le32 = u32;";
    let new = old.replace("time_t = c_long", "time_t = c_longlong");
    let e = crate::support::refused(ALIASES, &Edit::new(old, new));
    assert_eq!(e.kind(), "content_mismatch");
    assert_eq!(sorted_locations(&e), [(2, 12)]);
    // The refusal shows the block as the file has it, with the lines `old` went without.
    assert!(e.to_string().contains("wide_s = i128"), "{e}");
}

#[test]
fn one_line_left_out_of_a_block_still_applies() {
    // A line forgotten is a slip of memory: the block is found around it.
    let old = "\
pub type ssize_t = c_long;
pub type ptrdiff_t = c_long;
pub type time_t = c_long;
pub type clock_t = c_long;
pub type timer_t = c_int;
pub type clockid_t = c_int;
pub type wide_s = i128;
pub type le16 = u16;
pub type be16 = u16;
pub type le32 = u32;";
    let new = old.replace("time_t = c_long", "time_t = c_longlong");
    let out = applied(ALIASES, &Edit::new(old, new));
    assert_eq!(
        out.text,
        ALIASES.replace("time_t = c_long;", "time_t = c_longlong;")
    );
}

#[test]
fn lines_left_out_with_an_elision_marker_are_meant() {
    let old = "\
pub type ptrdiff_t = c_long;
pub type time_t = c_long;
// ...
pub type be16 = u16;";
    let new = "\
pub type ptrdiff_t = c_long;
pub type time_t = c_longlong;
// ...
pub type be16 = u16;";
    let out = applied(ALIASES, &Edit::new(old, new));
    assert_eq!(
        out.text,
        ALIASES.replace("time_t = c_long;", "time_t = c_longlong;")
    );
}

/// Two settings sections alike but for a character on their first and last lines; the first
/// lines hold escaped quotes.
const SECTIONS: &str = r#"{
  "scripts": {
    "lint": "eslint \"src/**/*.{js,ts}\""
  },
  "files": {

    "lint": "eslint \"src/**/*.{js,tsx}\""
  },
  "filesx": {
    "main": "dist/index.js"
  }
}
"#;

#[test]
fn old_one_character_from_each_of_two_twins_is_refused() {
    // The first line is the first section's, the last line the second's: each section is one
    // character from `old`, and which was meant is a guess.
    let old = r#"    "lint": "eslint \"src/**/*.{js,ts}\""
  },
  "filesx": {"#;
    let new = r#"    "lint": "eslint \"src/**/*.{js,ts}\""
  },
  "extra": {},
  "filesx": {"#;
    let e = crate::support::refused(SECTIONS, &Edit::new(old, new));
    assert_eq!(e.kind(), "low_confidence");
    assert_eq!(sorted_locations(&e), [(3, 5), (7, 9)]);
}

#[test]
fn a_slip_whose_line_stands_in_a_twin_further_off_still_applies() {
    // `old` has the twin's `"filesx"`, but the twin differs from it on more than a character:
    // the block is closer by far.
    let text = SECTIONS.replace(
        r#"    "lint": "eslint \"src/**/*.{js,tsx}\"""#,
        r#"    "test": "vitest run --coverage""#,
    );
    let old = r#"    "lint": "eslint \"src/**/*.{js,ts}\""
  },
  "filesx": {"#;
    let new = r#"    "lint": "eslint \"src/**/*.{js,ts}\""
  },
  "extra": {},
  "filesx": {"#;
    let out = applied(&text, &Edit::new(old, new));
    assert_eq!(
        out.text,
        text.replace(
            "  },\n  \"files\": {",
            "  },\n  \"extra\": {},\n  \"files\": {"
        )
    );
}

#[test]
fn a_block_naming_a_type_the_file_has_nowhere_is_refused() {
    // `old` is the `ToTokens` impl of another options file of the same shape: one line differs,
    // by a compound name (`FromTypeParamOptions`) this file has nowhere; the edit is beside it.
    let file = "#[derive(Debug)]\npub struct FromFieldOptions {\n    pub base: OuterFrom,\n    pub vis: Option<Ident>,\n    pub ty: Option<Ident>,\n}\n\nimpl ToTokens for FromFieldOptions {\n    fn to_tokens(&self, tokens: &mut TokenStream) {\n        FromFieldImpl::from(self).to_tokens(tokens)\n    }\n}\n";
    let old = "impl ToTokens for FromTypeParamOptions {\n    fn to_tokens(&self, tokens: &mut TokenStream) {\n        FromFieldImpl::from(self).to_tokens(tokens)\n    }\n}\n";
    let new = old.replace("    }\n}", "        trace();\n    }\n}");
    assert_eq!(kind(file, &Edit::new(old, new)), "content_mismatch");
    // The file's own name misremembered by a letter: merged, the file's name kept.
    let slipped = old.replace("FromTypeParamOptions", "FromFieldOptiona");
    let new = slipped.replace("    }\n}", "        trace();\n    }\n}");
    let out = applied(file, &Edit::new(slipped, new));
    assert!(out.text.contains("impl ToTokens for FromFieldOptions {\n"));
    assert!(out.text.contains("        trace();\n    }\n}\n"));
}
