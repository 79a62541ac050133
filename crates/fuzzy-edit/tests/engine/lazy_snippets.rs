//! Lazy snippets (`apply_snippet`), and markers in `new` read as one over the span `old` names:
//! the file the model meant, byte for byte, or a refusal; never lines lost.

use fuzzy_edit::snippet::SnippetReason;
use fuzzy_edit::{apply, apply_snippet, Edit, EditError, Options};
use proptest::prelude::*;

use crate::properties::config;

const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";

/// The first reproduction of issue 27: `old` the whole class, `new` its first line, a marker
/// and a new method. The marker stands for push and pop; pop was deleted.
#[test]
fn a_marker_over_a_whole_class_keeps_its_methods() {
    let new = "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)";
    match apply(STACK, &Edit::new(STACK, new)) {
        Ok(out) => assert_eq!(
            out.text,
            format!("{STACK}\n    def size(self):\n        return len(self.items)\n")
        ),
        Err(e) => assert_eq!(e.kind(), "unclear_elision"),
    }
    let out = apply_snippet(STACK, new, &Options::default()).unwrap();
    assert!(out
        .text
        .contains("return self.items.pop()\n\n    def size(self):"));
}

/// The second reproduction: a marker over a function body, a new function after it.
#[test]
fn a_marker_over_a_function_body_keeps_its_return() {
    let file = "def f(x):\n    a = x\n    return a\n";
    let new = "def f(x):\n    # ... existing code ...\n\n\ndef g(y):\n    return f(y)";
    let want = "def f(x):\n    a = x\n    return a\n\n\ndef g(y):\n    return f(y)\n";
    match apply(file, &Edit::new(file, new)) {
        Ok(out) => assert_eq!(out.text, want),
        Err(e) => assert_eq!(e.kind(), "unclear_elision"),
    }
    assert_eq!(
        apply_snippet(file, new, &Options::default()).unwrap().text,
        want
    );
}

/// A new method written between the impl's first line and its closing brace: its edge reads
/// like the method before it, so it is placed exactly or refused as `edited_edge`, never
/// written inside that method.
#[test]
fn an_impl_gets_a_method_before_its_closing_brace_or_a_refusal() {
    let file = "struct Foo;\n\nimpl Foo {\n    fn a(&self) -> u8 {\n        1\n    }\n}\n\nimpl Bar {\n    fn b() {}\n}\n";
    let snippet =
        "impl Foo {\n    // ... existing code ...\n\n    fn c(&self) -> u8 {\n        3\n    }\n}";
    let out = match apply_snippet(file, snippet, &Options::default()) {
        Ok(out) => out,
        Err(e) => return assert_eq!(e.kind(), "snippet_unplaced", "{e}"),
    };
    assert_eq!(
        out.text,
        "struct Foo;\n\nimpl Foo {\n    fn a(&self) -> u8 {\n        1\n    }\n\n    fn c(&self) -> u8 {\n        3\n    }\n}\n\nimpl Bar {\n    fn b() {}\n}\n"
    );
    assert_eq!((out.matches[0].start_line, out.matches[0].end_line), (7, 7));
}

/// The file lines an `ambiguous` refusal of the snippet names.
fn ambiguous_at(file: &str, snippet: &str) -> Vec<usize> {
    match apply_snippet(file, snippet, &Options::default()) {
        Err(EditError::SnippetUnplaced {
            reason: SnippetReason::Ambiguous,
            file_lines,
            ..
        }) => file_lines,
        other => panic!("expected an ambiguous refusal, got {other:?}"),
    }
}

/// Cases the property below found. A snippet that opens without a marker and shows the
/// file's lines as they are, where a line it shows after its first stands above it too:
/// its first line is new, written above that copy, as much as the line above it is deleted.
#[test]
fn a_snippet_that_inserts_or_deletes_at_the_top_is_refused() {
    let file = "    for item in items:\ntotal += item\n    for item in items:\n";
    let snippet = "total += item\n    for item in items:\n# ... existing code ...";
    assert_eq!(ambiguous_at(file, snippet), vec![2, 1]);
    // Without the copy above, the snippet shows the file's first lines: the line above them
    // is deleted.
    let file = "import os\ntotal += item\n    for item in items:\n";
    let out = apply_snippet(file, snippet, &Options::default()).unwrap();
    assert_eq!(out.text, "total += item\n    for item in items:\n");
}

/// A piece whose last line the file holds twice after its first: the nearer copy pairs two
/// of its lines and writes its middle line again, the next one pairs all three and deletes a
/// line. Where the line written again stands right beside, as here, both readings stay open
/// (a model adding a variant of a block writes its lines again): refused, naming both ends.
#[test]
fn a_farther_copy_of_the_last_line_that_pairs_every_line() {
    let snippet = "# ... existing code ...\nreturn x\n    y = 2\nx = 1\n# ... existing code ...";
    let file = "def f(x):\nreturn x\nx = 1\n    y = 2\nx = 1\nx = 1\ndef g(x):\n";
    assert_eq!(ambiguous_at(file, snippet), vec![3, 5]);
}

#[test]
fn a_refusal_names_the_piece_and_the_places() {
    let file = "fn a() {\n    x();\n}\n\nfn b() {\n    x();\n}\n";
    let err = apply_snippet(
        file,
        "// ...\n    x();\n    y();\n// ...",
        &Options::default(),
    )
    .unwrap_err();
    let EditError::SnippetUnplaced {
        piece,
        reason,
        file_lines,
        ..
    } = &err
    else {
        panic!("{err:?}")
    };
    assert_eq!(
        (*piece, *reason, file_lines.clone()),
        (1, SnippetReason::Ambiguous, vec![2, 6])
    );
    assert_eq!(err.kind(), "snippet_unplaced");
    assert!(err.to_string().contains("lines 2, 6"), "{err}");
}

/// Snippets an adversarial review wrote against rules tried for the stand-in corpus and left
/// out (docs/snippets.md): each merged wrong under one of them, and must stay refused.
mod stays_refused {
    use super::*;

    fn refused(file: &str, snippet: &str) -> EditError {
        let options = Options {
            language: fuzzy_edit::Language::from_path(std::path::Path::new("t.js")),
            ..Options::default()
        };
        match apply_snippet(file, snippet, &options) {
            Ok(out) => panic!("merged:\n{}", out.text),
            Err(e) => e,
        }
    }

    /// The file swapped `lookup` for `findUser` since the model read it, and uses `findUser`
    /// elsewhere: the shown `lookup` line is a stale copy, not an edit reverting it.
    #[test]
    fn a_stale_line_whose_newer_word_the_file_uses_elsewhere() {
        let e = refused("const { findUser, lookup } = require(\"./db\");\n\nfunction handle(req, res) {\n  const user = findUser(req.id);\n  if (!user) {\n    return res.status(404).end();\n  }\n  res.json(user);\n}\n\nfunction admin(req, res) {\n  const user = findUser(req.params.id);\n  res.json(user);\n}\n", "// ... existing code ...\nfunction handle(req, res) {\n  const user = lookup(req.id);\n  if (!user) {\n    log.warn(\"missing user\", req.id);\n    return res.status(404).end();\n  }\n// ... existing code ...\n");
        assert_eq!(e.rule(), "snippet_stale_line", "{e}");
    }

    /// A test added after another, with blank lines around it: inserted or replacing the next
    /// test is open (a renamed test reads the same).
    #[test]
    fn a_new_sibling_between_blank_lines_is_no_replacement() {
        let e = refused("const { add, sub, mul } = require(\"./calc\");\n\ndescribe(\"calc\", () => {\n  it(\"adds\", () => expect(add(1, 2)).toBe(3));\n\n  it(\"subtracts\", () => expect(sub(5, 2)).toBe(3));\n\n  it(\"multiplies\", () => expect(mul(2, 3)).toBe(6));\n});\n", "// ... existing code ...\n  it(\"adds\", () => expect(add(1, 2)).toBe(3));\n\n  it(\"adds negatives\", () => expect(add(-1, -2)).toBe(-3));\n\n// ... existing code ...\n");
        assert_eq!(e.rule(), "snippet_edited_edge", "{e}");
    }

    /// A line copied from test "two" into test "one": held once, it does not name test "two"
    /// over the test whose lines the piece pairs.
    #[test]
    fn a_line_copied_from_another_test_does_not_name_its_place() {
        let e = refused("it(\"one\", () => {\n  const s = setup();\n  s.run(1);\n  s.flush();\n  expect(s.ok).toBe(true);\n});\n\nit(\"two\", () => {\n  const s = setup();\n  s.reset();\n  s.run(2);\n  expect(s.ok).toBe(true);\n  expect(s.log).toEqual([\"ran 2\"]);\n});\n\nit(\"three\", () => {\n  const s = setup();\n  s.run(3);\n  s.flush();\n  expect(s.ok).toBe(true);\n});\n", "// ... existing code ...\n  const s = setup();\n  s.run(1, { verbose: true });\n  s.flush();\n  expect(s.ok).toBe(true);\n  expect(s.log).toEqual([\"ran 2\"]);\n});\n// ... existing code ...\n");
        assert_eq!(e.rule(), "snippet_ambiguous", "{e}");
    }
}

// ---------------------------------------------------------------------------------------------
// The invariant: random files, random edits rendered as snippets the way models write them;
// the merge reproduces the edited file exactly, or refuses.

/// Lines a file is made of: few enough that they repeat (ambiguous pieces), at three depths.
const CODE: [&str; 12] = [
    "def f(x):",
    "return x",
    "x = 1",
    "y = x + 1",
    "if x:",
    "print(x)",
    "}",
    "total += item",
    "for item in items:",
    "log.debug(\"step\")",
    "value = compute(a, b)",
    "",
];
const MARKERS: [&str; 6] = [
    "# ... existing code ...",
    "// ...",
    "# ...",
    "// ... rest of the code ...",
    "/* ... */",
    "# (unchanged)",
];

fn line(depth: usize, code: &str) -> String {
    if code.is_empty() {
        String::new()
    } else {
        format!("{}{code}", "    ".repeat(depth))
    }
}

#[derive(Debug, Clone)]
struct Case {
    file: Vec<String>,
    start: usize,
    end: usize,
    new: Vec<String>,
    before: usize,
    after: usize,
    marker: usize,
    flush_left: bool,
    crlf: bool,
}

fn case() -> impl Strategy<Value = Case> {
    // (Files without blank lines: a blank line the edit deletes next to a shown line is read
    // as the file's own, which the merge keeps; not yet covered.)
    let file = prop::collection::vec((0usize..3, 0usize..CODE.len() - 1), 3..30).prop_map(|v| {
        v.into_iter()
            .map(|(d, c)| line(d, CODE[c]))
            .collect::<Vec<_>>()
    });
    (
        file,
        any::<prop::sample::Index>(),
        0usize..4,
        prop::collection::vec((0usize..3, 0usize..CODE.len() + 6, any::<bool>()), 0..4),
        0usize..4,
        0usize..4,
        0usize..MARKERS.len(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(file, at, len, new, before, after, marker, flush_left, crlf)| {
                let start = at.index(file.len());
                let end = (start + len).min(file.len());
                // New lines: mostly the model's own, sometimes a line like the file's.
                let new = new
                    .into_iter()
                    .enumerate()
                    .map(|(k, (d, c, own))| {
                        if own || c >= CODE.len() || CODE[c].is_empty() {
                            line(d, &format!("added_{k}_{c} = {}", c * 7))
                        } else {
                            line(d, CODE[c])
                        }
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
                    flush_left,
                    crlf,
                }
            },
        )
}

impl Case {
    fn text(lines: &[String], crlf: bool) -> String {
        let eol = if crlf { "\r\n" } else { "\n" };
        lines.iter().map(|l| format!("{l}{eol}")).collect()
    }

    fn edited(&self) -> Vec<String> {
        let mut out = self.file[..self.start].to_vec();
        out.extend(self.new.iter().cloned());
        out.extend(self.file[self.end..].iter().cloned());
        out
    }

    /// The snippet: context around the change, markers where the file goes on.
    fn snippet(&self) -> String {
        let from = self.start.saturating_sub(self.before);
        let to = (self.end + self.after).min(self.file.len());
        let mut piece: Vec<String> = self.file[from..self.start].to_vec();
        piece.extend(self.new.iter().cloned());
        piece.extend(self.file[self.end..to].iter().cloned());
        if self.flush_left {
            let least = piece
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.len() - l.trim_start().len())
                .min()
                .unwrap_or(0);
            for l in &mut piece {
                if !l.trim().is_empty() {
                    *l = l[least..].to_string();
                }
            }
        }
        let marker = MARKERS[self.marker].to_string();
        let mut lines = Vec::new();
        if from > 0 {
            lines.push(marker.clone());
        }
        lines.extend(piece);
        if to < self.file.len() {
            lines.push(marker);
        }
        lines.join("\n")
    }

    /// Whether the snippet reads the same as another edit: a new line at a piece's edge that
    /// is a file line beyond the marker there, blank lines at an edge (a marker stands for the
    /// file's blank lines beside it), or lines deleted next to a marker.
    fn reads_two_ways(&self) -> bool {
        let same = |a: &str, b: &str| a.trim() == b.trim();
        let from = self.start.saturating_sub(self.before);
        let to = (self.end + self.after).min(self.file.len());
        let edge_new_first = self.before == 0 || from == self.start;
        let edge_new_last = self.after == 0 || to == self.end;
        let blank_edge = self.new.first().is_some_and(|l| l.is_empty())
            || self.new.last().is_some_and(|l| l.is_empty());
        let first_clash = edge_new_first
            && self.start > 0
            && self
                .new
                .first()
                .is_some_and(|n| self.file[..self.start].iter().any(|l| same(l, n)));
        let last_clash = edge_new_last
            && self
                .new
                .last()
                .is_some_and(|n| self.file[self.end..].iter().any(|l| same(l, n)));
        // Lines deleted are shown deleted only between two shown lines of code: a marker (or
        // the snippet's edge) beside them stands for them.
        let code = |r: std::ops::Range<usize>| self.file[r].iter().any(|l| !l.trim().is_empty());
        let deletes_unshown =
            self.end > self.start && !(code(from..self.start) && code(self.end..to));
        blank_edge || first_clash || last_clash || deletes_unshown || self.another_edit_reads_so()
    }

    /// Whether another reading of the snippet is as good as this edit and gives another file:
    /// the snippet then names no one edit. A reading places the piece over a window of the
    /// file: the window's lines the piece shows are kept, its other lines deleted, the piece's
    /// other lines written new; a window starts and ends at a kept line (a marker, or the
    /// snippet's edge, stands for the lines beside it) and holds none where it writes the
    /// piece at one place (an insertion). Compared without indentation (a flush-left snippet
    /// loses it), a reading's file is the file before the window, the piece, the file after
    /// it, whatever lines it keeps; of one window the reading that keeps most lines changes
    /// fewest too. A reading is as good as this edit unless this edit keeps at least as many
    /// lines and changes no more, better on one of the two, as the merge's `best_explained`
    /// weighs places: `return x` written twice above `log(x)` keeps fewer lines and changes
    /// fewer than deleting the `log(x)` above two `return x`, and reads as well. A marker may
    /// stand for no line (models open and close snippets with one out of habit), and a
    /// snippet without one is a fragment: a window may start and end anywhere.
    fn another_edit_reads_so(&self) -> bool {
        let key = |l: &String| l.trim().to_string();
        let file: Vec<String> = self.file.iter().map(key).collect();
        let n = file.len();
        let from = self.start.saturating_sub(self.before);
        let to = (self.end + self.after).min(n);
        let piece: Vec<String> = self.file[from..self.start]
            .iter()
            .chain(&self.new)
            .chain(&self.file[self.end..to])
            .map(key)
            .collect();
        let m = piece.len();
        let meant: Vec<String> = self.edited().iter().map(key).collect();
        let shown = (self.start - from) + (to - self.end);
        let change = self.new.len() + (self.end - self.start);
        let rival = |kept: usize, changed: usize| {
            !(shown >= kept && change <= changed && (shown > kept || change < changed))
        };
        for w0 in 0..=n {
            for w1 in w0..=n {
                let kept = if w0 == w1 {
                    Some(0)
                } else {
                    kept_at_ends(&piece, &file[w0..w1])
                };
                let Some(kept) = kept else { continue };
                let changed = m + (w1 - w0) - 2 * kept;
                if !rival(kept, changed) {
                    continue;
                }
                let mut other = file[..w0].to_vec();
                other.extend_from_slice(&piece);
                other.extend_from_slice(&file[w1..]);
                if other != meant {
                    return true;
                }
            }
        }
        false
    }
}

/// The most lines of `piece` a reading over `window` keeps, in order, when it keeps the
/// window's first and last lines (`None`: it cannot).
fn kept_at_ends(piece: &[String], window: &[String]) -> Option<usize> {
    let (m, w) = (piece.len(), window.len());
    let mut best = None;
    for i in (0..m).filter(|&i| piece[i] == window[0]) {
        if w == 1 {
            best = best.max(Some(1));
            continue;
        }
        for k in (i + 1..m).filter(|&k| piece[k] == window[w - 1]) {
            // Between them, the common subsequence of piece[i+1..k] and window[1..w-1].
            let between = lcs_of(&piece[i + 1..k], &window[1..w - 1]);
            best = best.max(Some(2 + between));
        }
    }
    best
}

fn lcs_of(a: &[String], b: &[String]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut prev = 0;
        for (j, y) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = if x == y {
                prev + 1
            } else {
                row[j + 1].max(row[j])
            };
            prev = here;
        }
    }
    row[b.len()]
}

proptest! {
    // (About two generated snippets in three read two ways on these files of a few repeated
    // lines, and are skipped.)
    #![proptest_config(ProptestConfig { max_global_rejects: 65_536, ..config() })]

    // KNOWN FAILING, so ignored: on files made of a few repeated lines a piece can read two
    // ways and the merge sees only one. Found by it and fixed (tests above): a snippet that
    // opens without a marker over lines that also stand below a copy of its later lines; a
    // farther copy of the last line that pairs more. With the readings `another_edit_reads_so`
    // weighs as the merge does, 32 of the seeds 1 to 60 (`PROPTEST_RNG_SEED=N
    // PROPTEST_CASES=512`) still find a case: 9 merge the edit's lines at another depth (a
    // line written at another depth paired at a depth shift, which the comparison without
    // indentation does not see as another reading); 23 take a window that keeps fewer lines
    // or changes more than the edit, e.g. a new line the file holds once at another depth
    // taken as that line (`distinctive_only`), or a window reaching a second copy of the
    // piece's last line where the first copy it shows is new. Run it with
    // `cargo test -p fuzzy-edit --test engine lazy_snippets -- --ignored`.
    #[test]
    #[ignore = "finds wrong merges on files of repeated lines (issue 27, open)"]
    fn a_snippet_merges_to_the_edited_file_or_is_refused(c in case()) {
        prop_assume!(!c.reads_two_ways());
        let file = Case::text(&c.file, c.crlf);
        let want = Case::text(&c.edited(), c.crlf);
        let snippet = c.snippet();
        match apply_snippet(&file, &snippet, &Options::default()) {
            Ok(out) => prop_assert_eq!(out.text, want, "snippet:\n{}", snippet),
            Err(EditError::NoChange { .. }) => prop_assert_eq!(file, want),
            Err(_) => {}
        }
    }
}

/// After an enclosing scope's first line and a marker, a piece written deeper than a later
/// place (its `}` at a method's depth there) still goes inside that scope: a shift of depth
/// does not carry the marker past the scope's end.
#[test]
fn a_scope_anchor_bounds_its_piece_at_any_depth_shift() {
    let file = "class A {\n  int f() {\n    if (x) {\n      y();\n    }\n    popStack();\n    return 1;\n  }\n\n  int g() {\n    if (z) {\n      w();\n    }\n    popStack();\n    return 2;\n  }\n}\n";
    let snippet = "  // ... existing code ...\n  int f() {\n    // ... existing code ...\n    }\n    int r = 3;\n    popStack();\n    // ... existing code ...\n  }\n  // ... existing code ...\n";
    let out = apply_snippet(file, snippet, &Options::default()).unwrap();
    assert_eq!(
        out.text,
        file.replacen(
            "    }\n    popStack();",
            "    }\n    int r = 3;\n    popStack();",
            1
        )
    );
}
