//! Lazy snippets through every front end: `apply`/`check --snippet`, the pipe's `snippet`, MCP
//! `edit_file`'s `snippet`. Merged exactly, or refused with the file left as it was.

use serde_json::{json, Value};

use crate::common::{assert_ok, stdout_json, Work};

const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";
const SNIPPET: &str =
    "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n";

fn merged() -> String {
    format!("{STACK}\n    def size(self):\n        return len(self.items)\n")
}

#[test]
fn apply_merges_a_snippet_from_a_file_or_stdin() {
    let w = Work::new();
    w.write("s.py", STACK);
    w.write("s.snippet", SNIPPET);
    let out = w.run(["check", "s.py", "--snippet", "s.snippet"]);
    let stdout = assert_ok(&out);
    assert!(stdout.contains("+    def size(self):"), "{stdout}");
    assert_eq!(w.read("s.py"), STACK);
    let out = w.run_stdin(["apply", "s.py", "--snippet", "-"], SNIPPET);
    assert_ok(&out);
    assert_eq!(w.read("s.py"), merged());
}

#[test]
fn a_snippet_that_fits_twice_is_refused_and_the_file_kept() {
    let w = Work::new();
    let file = "def a():\n    x()\n\ndef b():\n    x()\n";
    w.write("t.py", file);
    let out = w.run_stdin(
        ["apply", "t.py", "--snippet", "-", "--json"],
        "# ...\n    x()\n    y()\n# ...\n",
    );
    // (--json puts the refusal on stdout, so not `assert_fails`, which wants stdout clean.)
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    let edit = &v["error"]["edits"][0];
    assert_eq!(edit["kind"], "snippet_unplaced", "{v}");
    assert_eq!(edit["reason"], "ambiguous", "{v}");
    assert_eq!(edit["file_lines"], json!([2, 5]), "{v}");
    assert_eq!(w.read("t.py"), file);
}

#[test]
fn the_pipe_takes_a_snippet_for_content_and_for_a_path() {
    let w = Work::new();
    let p = w.write("s.py", STACK);
    let input = format!(
        "{}\n{}\n{}\n",
        json!({"id": 1, "content": STACK, "snippet": SNIPPET, "name": "s.py"}),
        json!({"id": 2, "path": p.to_string_lossy(), "snippet": SNIPPET}),
        json!({"id": 3, "content": STACK, "snippet": SNIPPET, "old": "a", "new": "b"}),
    );
    let out = w.run_stdin(["pipe"], input);
    let answers: Vec<Value> = assert_ok(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    assert_eq!(answers[0]["result"], merged());
    assert_eq!(answers[0]["matches"][0]["strategy"], "snippet");
    assert_eq!(answers[1]["ok"], true, "{}", answers[1]);
    assert_eq!(w.read("s.py"), merged());
    assert_eq!(answers[2]["error"]["kind"], "bad_request", "{}", answers[2]);
}
