//! Every line gets an answer (issue 11): JSON-RPC 2.0 error codes for lines that are not JSON,
//! JSON the parser cannot represent, messages of the wrong shape and params that do not fit,
//! with the request's id wherever it can be read.

use serde_json::{json, Value};

use super::{tree, Server};

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;
const INVALID_PARAMS: i64 = -32602;

#[test]
fn every_malformed_line_is_answered_with_its_id_when_readable() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    let deep = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":13,\"method\":\"ping\",\"params\":{{\"x\":{}{}}}}}",
        "[".repeat(1000),
        "]".repeat(1000)
    );
    let cases: Vec<(Vec<u8>, i64, Value)> = vec![
        (b"this is not json".to_vec(), PARSE_ERROR, Value::Null),
        (b"{\"jsonrpc\": \"2.0\", \"id\": 10,".to_vec(), PARSE_ERROR, Value::Null),
        (
            b"{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\",\"params\":{\"x\":\"\xff\xfe\"}}"
                .to_vec(),
            PARSE_ERROR,
            json!(11),
        ),
        (
            br#"{"jsonrpc":"2.0","id":12,"method":"ping","params":{"x":"\ud800"}}"#.to_vec(),
            INVALID_REQUEST,
            json!(12),
        ),
        (deep.into_bytes(), INVALID_REQUEST, json!(13)),
        (
            br#"{"jsonrpc":"2.0","id":"n14","method":"ping","params":{"x":1e400}}"#.to_vec(),
            INVALID_REQUEST,
            json!("n14"),
        ),
        (
            br#"{"jsonrpc":"2.0","id":15,"method":5}"#.to_vec(),
            INVALID_REQUEST,
            json!(15),
        ),
        (b"[]".to_vec(), INVALID_REQUEST, Value::Null),
        (
            br#"[{"jsonrpc":"2.0","id":16,"method":"ping"}]"#.to_vec(),
            INVALID_REQUEST,
            Value::Null,
        ),
        (b"\"ping\"".to_vec(), INVALID_REQUEST, Value::Null),
        (
            br#"{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"read_file","arguments":["src/lib.py"]}}"#
                .to_vec(),
            INVALID_PARAMS,
            json!(17),
        ),
        (
            br#"{"jsonrpc":"2.0","id":19,"method":"tools/list","params":[]}"#.to_vec(),
            INVALID_PARAMS,
            json!(19),
        ),
        (
            br#"{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"arguments":{"path":"src/lib.py"}}}"#
                .to_vec(),
            INVALID_PARAMS,
            json!(18),
        ),
    ];
    for (line, code, id) in cases {
        s.send_bytes(&line);
        // Lines are answered in order: the next message is this line's answer.
        let answer = s.next_message();
        let shown = String::from_utf8_lossy(&line);
        assert_eq!(answer["id"], id, "{shown}: {answer}");
        assert_eq!(answer["error"]["code"], code, "{shown}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(message.len() > 20, "{shown}: {answer}");
        assert!(answer.get("result").is_none(), "{answer}");
        // The server still answers.
        let ping = s.request("ping", json!({}));
        assert_eq!(ping["result"], json!({}), "after {shown}: {ping}");
    }
    // A request that is fine still works after all that.
    s.ok("read_file", json!({"path": "src/lib.py"}));
}

#[test]
fn blank_lines_are_skipped_and_a_last_line_without_newline_is_answered() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    s.send_line("");
    s.send_line("   \r");
    s.send_request(49, "ping", json!({}));
    // The blank lines got no answer: the ping's is the next message.
    let ping = s.next_message();
    assert_eq!(
        (&ping["id"], &ping["result"]),
        (&json!(49), &json!({})),
        "{ping}"
    );
    s.send_request(50, "ping", json!({}));
    {
        use std::io::Write;
        let stdin = s.stdin.as_mut().unwrap();
        stdin
            .write_all(br#"{"jsonrpc":"2.0","id":51,"method":"ping"}"#)
            .unwrap();
    }
    let status = {
        drop(s.stdin.take());
        s.wait_for(50);
        s.wait_for(51)
    };
    assert_eq!(status["result"], json!({}), "{status}");
}
