//! `verify_snippet`: a merge of a lazy snippet made elsewhere (by a model), checked against the
//! original and the snippet. The merge's own output always verifies; a merged file with one
//! more changed line than the snippet accounts for never does.

use fuzzy_edit::snippet::{verify_snippet, FindingKind};
use fuzzy_edit::{apply_snippet, Options};
use proptest::prelude::*;

use crate::properties::config;

const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";

/// The wrong merge of issue 27 (`size` written over `pop`) is caught; the right one passes.
#[test]
fn the_wrong_merge_of_a_class_marker_is_caught() {
    let snippet = "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)";
    let right = apply_snippet(STACK, snippet, &Options::default())
        .unwrap()
        .text;
    assert_eq!(
        verify_snippet(STACK, snippet, &right, &Options::default()),
        Ok(())
    );
    let wrong = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def size(self):\n        return len(self.items)\n";
    let u = verify_snippet(STACK, snippet, wrong, &Options::default()).unwrap_err();
    let deleted: Vec<_> = u
        .findings
        .iter()
        .filter(|f| f.kind == FindingKind::Deleted)
        .map(|f| f.file_line)
        .collect();
    assert_eq!(deleted, vec![Some(5), Some(6)], "{u}");
}

/// A syntax error the original did not have is a finding when the language is known.
#[cfg(feature = "syntax")]
#[test]
fn a_merge_that_breaks_the_syntax_is_caught() {
    let file = "fn a() {\n    1\n}\n\nfn b() {\n    2\n}\n";
    let snippet = "// ... existing code ...\nfn b() {\n    3\n}";
    let options = Options {
        language: Some(fuzzy_edit::Language::Rust),
        ..Options::default()
    };
    let good = "fn a() {\n    1\n}\n\nfn b() {\n    3\n}\n";
    assert_eq!(verify_snippet(file, snippet, good, &options), Ok(()));
    let broken = "fn a() {\n    1\n}\n\nfn b() {\n    3\n";
    let u = verify_snippet(file, snippet, broken, &options).unwrap_err();
    assert!(
        u.findings.iter().any(|f| f.kind == FindingKind::Syntax),
        "{u}"
    );
}

// ---------------------------------------------------------------------------------------------
// The invariants, on random files and random edits rendered as snippets.

const CODE: [&str; 10] = [
    "def f(x):",
    "return x",
    "x = 1",
    "y = x + 1",
    "if x:",
    "print(x)",
    "total += item",
    "for item in items:",
    "value = compute(a, b)",
    "",
];
const MARKERS: [&str; 4] = [
    "# ... existing code ...",
    "// ...",
    "# ... rest of the code ...",
    "/* ... */",
];

#[derive(Debug, Clone)]
struct Case {
    file: Vec<String>,
    start: usize,
    end: usize,
    new: Vec<String>,
    before: usize,
    after: usize,
    marker: usize,
    crlf: bool,
}

fn line(depth: usize, code: &str) -> String {
    if code.is_empty() {
        String::new()
    } else {
        format!("{}{code}", "    ".repeat(depth))
    }
}

fn case() -> impl Strategy<Value = Case> {
    let file = prop::collection::vec((0usize..3, 0usize..CODE.len()), 3..30).prop_map(|v| {
        v.into_iter()
            .map(|(d, c)| line(d, CODE[c]))
            .collect::<Vec<_>>()
    });
    (
        file,
        any::<prop::sample::Index>(),
        0usize..4,
        prop::collection::vec((0usize..3, 0usize..CODE.len() + 6), 0..4),
        0usize..4,
        0usize..4,
        0usize..MARKERS.len(),
        any::<bool>(),
    )
        .prop_map(|(file, at, len, new, before, after, marker, crlf)| {
            let start = at.index(file.len());
            let end = (start + len).min(file.len());
            let new = new
                .into_iter()
                .enumerate()
                .map(|(k, (d, c))| match CODE.get(c) {
                    Some(code) if !code.is_empty() => line(d, code),
                    // Comments that say "remove": a removal note between two file lines, a
                    // comment on the line it stands above otherwise.
                    _ if c == CODE.len() + 4 => line(d, "# Remove the old check"),
                    _ if c == CODE.len() + 5 => line(d, "# (deleted)"),
                    _ => line(d, &format!("added_{k} = {c}")),
                })
                .collect();
            Case {
                file,
                start,
                end,
                new,
                before,
                after,
                marker,
                crlf,
            }
        })
}

impl Case {
    fn text(&self) -> String {
        let eol = if self.crlf { "\r\n" } else { "\n" };
        self.file.iter().map(|l| format!("{l}{eol}")).collect()
    }

    fn snippet(&self) -> String {
        let from = self.start.saturating_sub(self.before);
        let to = (self.end + self.after).min(self.file.len());
        let mut lines = Vec::new();
        if from > 0 {
            lines.push(MARKERS[self.marker].to_string());
        }
        lines.extend(self.file[from..self.start].iter().cloned());
        lines.extend(self.new.iter().cloned());
        lines.extend(self.file[self.end..to].iter().cloned());
        if to < self.file.len() {
            lines.push(MARKERS[self.marker].to_string());
        }
        lines.join("\n")
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_merges_own_output_verifies(c in case()) {
        let file = c.text();
        let snippet = c.snippet();
        if let Ok(out) = apply_snippet(&file, &snippet, &Options::default()) {
            let verdict = verify_snippet(&file, &snippet, &out.text, &Options::default());
            prop_assert!(verdict.is_ok(), "snippet:\n{}\nmerged:\n{}\n{}", snippet, out.text, verdict.unwrap_err());
        }
    }

    #[test]
    fn a_file_line_the_snippet_does_not_show_dropped_never_verifies(c in case(), at in any::<prop::sample::Index>()) {
        let file = c.text();
        let snippet = c.snippet();
        let Ok(out) = apply_snippet(&file, &snippet, &Options::default()) else {
            return Ok(());
        };
        let mut lines: Vec<&str> = out.text.split_inclusive('\n').collect();
        let unshown: Vec<usize> = (0..lines.len())
            .filter(|&k| {
                let t = lines[k].trim();
                !t.is_empty() && !snippet.lines().any(|s| s.trim() == t)
            })
            .collect();
        prop_assume!(!unshown.is_empty());
        lines.remove(unshown[at.index(unshown.len())]);
        let tampered: String = lines.concat();
        let verdict = verify_snippet(&file, &snippet, &tampered, &Options::default());
        prop_assert!(verdict.is_err(), "snippet:\n{}\ntampered:\n{}", snippet, tampered);
    }

    #[test]
    fn one_more_changed_line_never_verifies(c in case(), at in any::<prop::sample::Index>(), replace in any::<bool>()) {
        let file = c.text();
        let snippet = c.snippet();
        let Ok(out) = apply_snippet(&file, &snippet, &Options::default()) else {
            return Ok(());
        };
        let eol = if c.crlf { "\r\n" } else { "\n" };
        let mut lines: Vec<&str> = out.text.split_inclusive('\n').collect();
        let extra = format!("unrelated = 42{eol}");
        let k = at.index(lines.len() + 1);
        if replace && k < lines.len() {
            lines[k] = &extra;
        } else {
            lines.insert(k.min(lines.len()), &extra);
        }
        let tampered: String = lines.concat();
        let verdict = verify_snippet(&file, &snippet, &tampered, &Options::default());
        prop_assert!(verdict.is_err(), "snippet:\n{}\ntampered:\n{}", snippet, tampered);
    }
}
