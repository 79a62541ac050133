//! The pipe's `"return"` field: what an applied answer carries (`content`: the result and the
//! diff, the default; `diff`; `spans`: each match's byte span and replacement only).

use crate::common::{assert_ok, Work};
use serde_json::{json, Value};

fn answer(w: &Work, request: Value) -> Value {
    let out = w.run_stdin(["pipe"], format!("{request}\n"));
    let stdout = assert_ok(&out);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    let answer = serde_json::from_str(lines[0]).unwrap();
    crate::result_schema::assert_valid(&answer);
    answer
}

/// A text with a multi-byte character before the edit, so byte and character offsets differ.
const CONTENT: &str = "# café\ndef f(x):\n  return x\n\nprint(f(1))\n";

fn request(returns: Option<&str>) -> Value {
    let mut r = json!({"id": 3, "content": CONTENT, "old": "def f(x):\n    return x", "new": "def f(x):\n    return x + 1"});
    if let Some(ret) = returns {
        r["return"] = json!(ret);
    }
    r
}

#[test]
fn content_is_the_default() {
    let w = Work::new();
    let default = answer(&w, request(None));
    assert_eq!(default["ok"], true, "{default}");
    assert_eq!(
        default["result"],
        "# café\ndef f(x):\n  return x + 1\n\nprint(f(1))\n"
    );
    assert!(default["diff"]
        .as_str()
        .unwrap()
        .contains("+  return x + 1\n"));
    assert_eq!(answer(&w, request(Some("content"))), default);
}

#[test]
fn diff_leaves_out_the_result() {
    let w = Work::new();
    let default = answer(&w, request(None));
    let a = answer(&w, request(Some("diff")));
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["id"], 3);
    assert!(a.get("result").is_none(), "{a}");
    assert_eq!(a["diff"], default["diff"]);
    assert_eq!(a["matches"], default["matches"]);
}

#[test]
fn spans_rebuild_the_result_from_the_request() {
    let w = Work::new();
    let default = answer(&w, request(None));
    let a = answer(&w, request(Some("spans")));
    assert_eq!(a["ok"], true, "{a}");
    assert!(a.get("result").is_none() && a.get("diff").is_none(), "{a}");
    let m = &a["matches"][0];
    assert_eq!(m["strategy"], "indentation");
    assert_eq!(m["start_line"], default["matches"][0]["start_line"]);
    let (start, end) = (
        m["span"][0].as_u64().unwrap() as usize,
        m["span"][1].as_u64().unwrap() as usize,
    );
    // UTF-8 byte offsets into `content`.
    assert_eq!(&CONTENT[start..end], "def f(x):\n  return x");
    let rebuilt = format!(
        "{}{}{}",
        &CONTENT[..start],
        m["replacement"].as_str().unwrap(),
        &CONTENT[end..]
    );
    assert_eq!(rebuilt, default["result"].as_str().unwrap());
}

#[test]
fn refusals_are_the_same_whatever_is_asked() {
    let w = Work::new();
    let miss = |ret: &str| {
        answer(
            &w,
            json!({"content": CONTENT, "old": "absent()", "new": "x", "return": ret}),
        )
    };
    let content = miss("content");
    assert_eq!(content["error"]["kind"], "not_found", "{content}");
    assert_eq!(miss("diff"), content);
    assert_eq!(miss("spans"), content);
}

#[test]
fn an_unknown_value_is_a_bad_request_naming_the_choices() {
    let w = Work::new();
    let a = answer(&w, request(Some("everything")));
    assert_eq!(a["error"]["kind"], "bad_request", "{a}");
    let message = a["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("content") && message.contains("diff") && message.contains("spans"),
        "{message}"
    );
}

#[test]
fn a_path_request_answers_spans_and_writes_the_file() {
    let w = Work::new();
    w.write("a.py", "x = 1\ny = 2\n");
    let a = answer(
        &w,
        json!({"path": "a.py", "old": "y = 2", "new": "y = 3", "return": "spans"}),
    );
    assert_eq!(a["ok"], true, "{a}");
    assert!(a.get("diff").is_none() && a.get("result").is_none(), "{a}");
    assert_eq!(a["matches"][0]["span"], json!([6, 11]));
    assert_eq!(a["matches"][0]["replacement"], "y = 3");
    assert!(a["version"]["sha256"].is_string(), "{a}");
    assert_eq!(w.read("a.py"), "x = 1\ny = 3\n");
}
