//! Lists the repository's `docs/*.md` for the doc tests: every Rust block in the README and in
//! each docs page is compiled and run (`DocsDoctests` in lib.rs), including pages added later,
//! without a line to add for each. Outside the repository (a packaged crate) there is no
//! `docs/`, and the list is empty.

use std::path::Path;

fn main() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    println!("cargo:rerun-if-changed={}", docs.display());
    let mut pages: Vec<_> = std::fs::read_dir(&docs)
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                .collect()
        })
        .unwrap_or_default();
    pages.sort();
    let mut items = String::new();
    for (i, page) in pages.iter().enumerate() {
        let page = page.canonicalize().unwrap_or_else(|_| page.clone());
        println!("cargo:rerun-if-changed={}", page.display());
        items.push_str(&format!(
            "#[doc = include_str!({:?})]\npub struct DocsPage{i};\n",
            page.display().to_string()
        ));
    }
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("docs_doctests.rs");
    std::fs::write(out, items).expect("write the docs list");
}
