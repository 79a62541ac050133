//! `verify` a merge of a lazy snippet made elsewhere (by an apply model): the command's exit
//! codes and findings, and the pipe's `merged` field. Nothing is ever written.

use serde_json::{json, Value};

use crate::common::{assert_fails, assert_ok, stdout_json, Work};

const STACK: &str = "class S:\n    def push(self, x):\n        self.items.append(x)\n\n    def pop(self):\n        return self.items.pop()\n";
const SNIPPET: &str =
    "class S:\n    # ... existing code ...\n\n    def size(self):\n        return len(self.items)\n";

fn right() -> String {
    format!("{STACK}\n    def size(self):\n        return len(self.items)\n")
}

/// A model's merge that also turns on a debug flag the snippet does not mention.
fn with_unrelated_change() -> String {
    right().replace("self.items.append(x)", "self.items.append(x)  # debug")
}

#[test]
fn verify_exits_0_for_a_right_merge_and_1_with_the_findings() {
    let w = Work::new();
    w.write("s.py", STACK);
    w.write("s.snippet", SNIPPET);
    w.write("good.py", right());
    w.write("bad.py", with_unrelated_change());
    let out = w.run([
        "verify",
        "s.py",
        "--snippet",
        "s.snippet",
        "--merged",
        "good.py",
    ]);
    assert!(assert_ok(&out).contains("verified"));
    let out = w.run([
        "verify",
        "s.py",
        "--snippet",
        "s.snippet",
        "--merged",
        "bad.py",
    ]);
    let stderr = assert_fails(&out, 1);
    assert!(stderr.contains("merged line 3"), "{stderr}");
    assert!(stderr.contains("# debug"), "{stderr}");
    assert_eq!(w.read("s.py"), STACK);
}

#[test]
fn verify_answers_json_with_kinds_and_lines() {
    let w = Work::new();
    w.write("s.py", STACK);
    w.write("bad.py", with_unrelated_change());
    let out = w.run_stdin(
        [
            "verify",
            "s.py",
            "--snippet",
            "-",
            "--merged",
            "bad.py",
            "--json",
        ],
        SNIPPET,
    );
    assert_eq!(out.status.code(), Some(1));
    let v = stdout_json(&out);
    assert_eq!(v["ok"], false);
    assert_eq!(v["error"]["kind"], "unverified");
    let kinds: Vec<&str> = v["error"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"added"), "{v}");
    assert!(kinds.contains(&"deleted"), "{v}");
}

#[test]
fn verify_of_an_unreadable_input_exits_2() {
    let w = Work::new();
    w.write("s.py", STACK);
    let out = w.run(["verify", "s.py", "--snippet", "missing", "--merged", "s.py"]);
    assert_fails(&out, 2);
}

#[test]
fn the_pipe_verifies_merged_for_content_and_path() {
    let w = Work::new();
    w.write("s.py", STACK);
    let lines = [
        json!({"id": 1, "content": STACK, "snippet": SNIPPET, "merged": right(), "name": "s.py"}),
        json!({"id": 2, "path": "s.py", "snippet": SNIPPET, "merged": with_unrelated_change()}),
        json!({"id": 3, "content": STACK, "merged": right()}),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = w.run_stdin(["pipe"], input);
    let answers: Vec<Value> = assert_ok(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers[0]["ok"], true, "{}", answers[0]);
    assert_eq!(answers[0]["verified"], true);
    assert_eq!(answers[1]["error"]["kind"], "unverified", "{}", answers[1]);
    assert_eq!(answers[1]["error"]["findings"][0]["merged_line"], 3);
    assert_eq!(answers[2]["error"]["kind"], "bad_request", "{}", answers[2]);
    assert_eq!(w.read("s.py"), STACK);
}

#[test]
fn standard_input_serves_one_input_only() {
    let w = Work::new();
    w.write("s.py", STACK);
    let out = w.run_stdin(
        ["verify", "s.py", "--snippet", "-", "--merged", "-"],
        SNIPPET,
    );
    let stderr = assert_fails(&out, 2);
    assert!(stderr.contains("standard input"), "{stderr}");
}

#[test]
fn the_engines_merge_verifies_and_a_changed_framing_does_not() {
    // A CRLF file with a byte order mark and no final newline, a removal note in the snippet.
    let file = "\u{feff}def f():\r\n    a = 1\r\n    b = 2\r\n    c = 3\r\n    return a";
    let snippet = "def f():\n    a = 1\n    # remove the b line\n    c = 3\n    return a\n";
    let w = Work::new();
    w.write("f.py", file);
    w.write("f.snippet", snippet);
    let request = json!({"content": file, "snippet": snippet, "name": "f.py"});
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let merged = stdout_json(&out)["result"].as_str().unwrap().to_string();
    assert_eq!(merged, file.replace("    b = 2\r\n", ""));
    let verify = |name: &str, text: &str| {
        w.write(name, text);
        w.run(["verify", "f.py", "--snippet", "f.snippet", "--merged", name])
    };
    assert_ok(&verify("good.py", &merged));
    for (name, wrong) in [
        ("lf.py", merged.replacen("\r\n", "\n", 1)),
        (
            "no_bom.py",
            merged.trim_start_matches('\u{feff}').to_string(),
        ),
        ("final_newline.py", format!("{merged}\r\n")),
    ] {
        let stderr = assert_fails(&verify(name, &wrong), 1);
        assert!(stderr.contains("not the file's"), "{name}: {stderr}");
    }
}
