//! `old` written with HTML entities (`&lt;`, `&gt;`, `&amp;`, `&quot;`, `&#39;`) where the file
//! has the characters: the model's text passed through an XML or HTML escaping layer (seen in
//! real failed calls: `&lt;Suspense fallback={...}&gt;` for `<Suspense ...>`). Part of the
//! [`Escapes`](super::escapes::Escapes) strategy.
//!
//! Only when the file holds none of the entities `old` uses (in a file that writes `&lt;`
//! itself, they are its text), and `new` is decoded only where it uses entities the file does
//! not.
//!
//! ```
//! use fuzzy_edit::{apply, Edit};
//! let file = "return (\n  <Suspense fallback={<div>Loading</div>}>\n);\n";
//! let old = "  &lt;Suspense fallback={&lt;div&gt;Loading&lt;/div&gt;}&gt;";
//! let new = "  &lt;Suspense fallback={&lt;Spinner /&gt;}&gt;";
//! let out = apply(file, &Edit::new(old, new)).unwrap();
//! assert_eq!(out.text, "return (\n  <Suspense fallback={<Spinner />}>\n);\n");
//! assert_eq!(out.matches[0].strategy, "escapes");
//! ```

use super::{equality_cascade, Context};
use crate::candidate::Candidate;
use crate::needle::Needle;
use crate::notation::entities::{decode, ENTITIES};

/// Candidates for `old` and `new` with their entities decoded, when `old` has some the file
/// does not.
pub(super) fn candidates(cx: &Context<'_>) -> Vec<Candidate> {
    let file = cx.text.as_str();
    // Entity-encoded text has none of the characters it encodes: `replace(/</g, "&lt;")`
    // holds a raw `<`, so its `&lt;` is the program's text.
    let foreign = |s: &str| -> bool {
        let bare = ENTITIES
            .iter()
            .fold(s.to_string(), |t, (e, _)| t.replace(e, ""));
        let used: Vec<&(&str, &str)> = ENTITIES.iter().filter(|(e, _)| s.contains(e)).collect();
        !used.is_empty()
            && used
                .iter()
                .all(|(e, c)| !file.contains(e) && !bare.contains(c))
    };
    let old = cx.needle.old_text();
    if !foreign(old) {
        return Vec::new();
    }
    let new = cx.needle.new_text();
    let new = if foreign(new) {
        decode(new)
    } else {
        new.to_string()
    };
    equality_cascade(cx.text, Needle::owned(decode(old), new), cx.budget)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_file_that_writes_entities_keeps_them() {
        let file = "<p>&lt;tag&gt;</p>\n";
        let out = crate::apply(file, &crate::Edit::new("&lt;tag&gt;", "&lt;b&gt;")).unwrap();
        assert_eq!(out.text, "<p>&lt;b&gt;</p>\n");
        assert_eq!(out.matches[0].strategy, "exact");
        // Not found as written, and the file has the entities: not decoded.
        let file = "x &lt; y\nif a < b:\n";
        assert!(crate::apply(file, &crate::Edit::new("if a &lt; b:", "if a &lt;= b:")).is_err());
        // `old` holding a raw `<` beside `&lt;` is no encoded text: an escaping function.
        let file = "  return s.replace(/</g, \"<\");\n";
        let edit = crate::Edit::new("  return s.replace(/</g, \"&lt;\");", "  return 1;");
        assert!(crate::apply(file, &edit).is_err());
    }
}
