//! Each line from the client, judged before rmcp sees it, so that every request gets an answer.
//!
//! rmcp 3.9's stdio transport drops a line that is not JSON (invalid JSON, invalid UTF-8, and
//! also JSON its parser rejects: a lone surrogate `"\ud800"`, a number like `1e400`, nesting
//! deeper than 128 levels) without a word, following the other official SDKs
//! (modelcontextprotocol/rust-sdk#938); JSON of the wrong shape gets `-32600` with no id; and
//! `tools/call` whose params do not fit (array `arguments`) falls through to "method not found".
//! A client waiting on that id then waits forever. Here each such line gets the JSON-RPC 2.0
//! error answer instead: `-32700` for text that is not JSON, `-32600` for JSON that is not a
//! request we can read, `-32602` for a known method with params of the wrong shape, carrying
//! the request's id whenever it can be read (by a lenient second pass that skips the value it
//! cannot represent).

use rmcp::model::{CallToolRequestParams, ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use serde_json::{json, Value};

use crate::commands::readable_id::{oversized_integer_id, readable_id, readable_shape};

/// JSON-RPC 2.0: the text is not JSON.
pub const PARSE_ERROR: i64 = -32700;
/// JSON-RPC 2.0: JSON, but not a request that can be handled.
pub const INVALID_REQUEST: i64 = -32600;
/// JSON-RPC 2.0: a known method with params of the wrong shape.
pub const INVALID_PARAMS: i64 = -32602;

/// What to do with one line.
#[derive(Debug)]
pub enum Incoming {
    /// A message for rmcp.
    Message(Box<ClientJsonRpcMessage>),
    /// Answer the line with this JSON-RPC error response; rmcp never sees it.
    Answer(Value),
    /// An empty line: nothing to do.
    Nothing,
}

/// A JSON-RPC error response; `id` is the request's id, or null when it cannot be read.
pub fn error_answer(id: Option<&Value>, code: i64, message: impl Into<String>) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id.cloned().unwrap_or(Value::Null),
        "error": {"code": code, "message": message.into()},
    })
}

/// The member of an [`Incoming::Answer`] that holds its id as written, a number token the
/// parser cannot hold exactly (an integer beyond 64 bits); the line written puts it in place
/// of `id`.
pub const RAW_ID: &str = "raw_id";

/// Methods this server answers: params of the wrong shape for one of them are invalid params,
/// not an unknown method.
const KNOWN_METHODS: [&str; 4] = ["initialize", "ping", "tools/list", "tools/call"];

/// Judge one line (without its newline).
pub fn judge(line: &[u8]) -> Incoming {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    // RFC 8259 lets a parser ignore a byte order mark; rmcp does too.
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Incoming::Nothing;
    }
    let text = match std::str::from_utf8(line) {
        Ok(text) => text,
        Err(e) => {
            let id = readable_id(&String::from_utf8_lossy(line));
            return Incoming::Answer(error_answer(
                id.as_ref(),
                PARSE_ERROR,
                format!(
                    "Parse error: the message is not valid UTF-8 (first invalid byte at offset {}); send each JSON-RPC message as UTF-8 JSON on one line.",
                    e.valid_up_to()
                ),
            ));
        }
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Answer(match readable_shape(text) {
                // Valid JSON grammar, but a value the parser cannot represent.
                Some(id) => error_answer(
                    id.as_ref(),
                    INVALID_REQUEST,
                    format!("Invalid request: the message is JSON, but it cannot be read: {e} (lone surrogates, numbers beyond 64-bit floats and nesting deeper than 128 levels are not accepted)."),
                ),
                // (Not JSON, but its id may still be readable: a raw NUL in a string.)
                None => error_answer(
                    readable_id(text).as_ref(),
                    PARSE_ERROR,
                    format!("Parse error: the message is not valid JSON: {e}. Send one JSON-RPC message per line."),
                ),
            });
        }
    };
    let object = match &value {
        Value::Object(o) => o,
        Value::Array(_) => {
            return Incoming::Answer(error_answer(
                None,
                INVALID_REQUEST,
                "Invalid request: batches (JSON arrays) are not supported by MCP since 2025-06-18; send one JSON-RPC message per line.",
            ))
        }
        _ => {
            return Incoming::Answer(error_answer(
                None,
                INVALID_REQUEST,
                "Invalid request: a JSON-RPC message is a JSON object.",
            ))
        }
    };
    // (Only an id read as a float can be an integer beyond 64 bits: other lines are not read
    // twice.)
    let float_id = object.get("id").is_some_and(Value::is_f64);
    if let Some(raw) = float_id.then(|| oversized_integer_id(text)).flatten() {
        let mut answer = error_answer(
            None,
            INVALID_REQUEST,
            format!("Invalid request: the id {raw} is an integer beyond 64 bits; send an integer id between -2^63 and 2^64 - 1, or a string."),
        );
        // (Written as the client wrote it: see `RAW_ID`.)
        answer[RAW_ID] = Value::String(raw.to_string());
        return Incoming::Answer(answer);
    }
    let id = object.get("id").filter(|id| is_id(id)).cloned();
    let known_method = object
        .get("method")
        .and_then(Value::as_str)
        .filter(|m| KNOWN_METHODS.contains(m))
        .map(str::to_string);
    let params_kind = match object.get("params") {
        None | Some(Value::Object(_)) => None,
        Some(Value::Array(_)) => Some("an array"),
        Some(_) => Some("not an object"),
    };
    match serde_json::from_value::<ClientJsonRpcMessage>(value) {
        Ok(JsonRpcMessage::Request(r)) => {
            if let ClientRequest::CustomRequest(custom) = &r.request {
                if KNOWN_METHODS.contains(&custom.method.as_str()) {
                    return Incoming::Answer(error_answer(
                        id.as_ref(),
                        INVALID_PARAMS,
                        params_problem(&custom.method, custom.params.as_ref()),
                    ));
                }
            }
            Incoming::Message(Box::new(JsonRpcMessage::Request(r)))
        }
        Ok(message) => Incoming::Message(Box::new(message)),
        Err(_) if known_method.is_some() && params_kind.is_some() => {
            Incoming::Answer(error_answer(
                id.as_ref(),
                INVALID_PARAMS,
                format!(
                    "Invalid params for {}: params is {}; MCP params are a JSON object (by name).",
                    known_method.unwrap_or_default(),
                    params_kind.unwrap_or_default()
                ),
            ))
        }
        Err(e) => Incoming::Answer(error_answer(
            id.as_ref(),
            INVALID_REQUEST,
            format!("Invalid request: this is not a JSON-RPC 2.0 message ({e}); a request is {{\"jsonrpc\": \"2.0\", \"id\": number or string, \"method\": string, \"params\"?: object}}."),
        )),
    }
}

/// What is wrong with the params of a known method.
fn params_problem(method: &str, params: Option<&Value>) -> String {
    if method == "tools/call" {
        let why = match serde_json::from_value::<CallToolRequestParams>(
            params.cloned().unwrap_or(Value::Null),
        ) {
            Err(e) => e.to_string(),
            Ok(_) => "they do not fit".to_string(),
        };
        return format!(
            "Invalid params for tools/call ({why}): expected {{\"name\": string, \"arguments\"?: object}}."
        );
    }
    format!("Invalid params for {method}: they do not have the shape the MCP specification gives.")
}

/// JSON-RPC ids are strings or numbers (null is reserved for answers without one).
fn is_id(id: &Value) -> bool {
    id.is_string() || id.is_number()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &[u8]) -> Value {
        match judge(line) {
            Incoming::Answer(a) => a,
            other => panic!("{}: {other:?}", String::from_utf8_lossy(line)),
        }
    }

    #[test]
    fn every_bad_line_gets_an_answer_with_the_id_when_readable() {
        let deep = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"params\":{{\"x\":{}{}}}}}",
            "[".repeat(200),
            "]".repeat(200)
        );
        for (line, code, id) in [
            (&b"not json"[..], PARSE_ERROR, Value::Null),
            (b"{\"jsonrpc\":\"2.0\",\"id\":1,", PARSE_ERROR, Value::Null),
            (
                b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\",\"params\":{\"x\":\"\xff\"}}",
                PARSE_ERROR,
                json!(2),
            ),
            (
                b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\",\"params\":{\"x\":\"\\ud800\"}}",
                INVALID_REQUEST,
                json!(3),
            ),
            (
                b"{\"jsonrpc\":\"2.0\",\"id\":\"four\",\"method\":\"ping\",\"params\":{\"x\":1e400}}",
                INVALID_REQUEST,
                json!("four"),
            ),
            (deep.as_bytes(), INVALID_REQUEST, json!(7)),
            (b"[]", INVALID_REQUEST, Value::Null),
            (b"42", INVALID_REQUEST, Value::Null),
            (
                b"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":5}",
                INVALID_REQUEST,
                json!(5),
            ),
            (
                b"{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\",\"params\":[]}",
                INVALID_PARAMS,
                json!(8),
            ),
            (
                b"{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"read_file\",\"arguments\":[\"a\"]}}",
                INVALID_PARAMS,
                json!(6),
            ),
        ] {
            let a = answer(line);
            assert_eq!(a["error"]["code"], code, "{a}");
            assert_eq!(a["id"], id, "{a}");
            assert_eq!(a["jsonrpc"], "2.0");
        }
    }

    #[test]
    fn an_id_beyond_64_bits_is_answered_as_written_not_as_a_float() {
        let a = answer(br#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}"#);
        assert_eq!(a["error"]["code"], INVALID_REQUEST, "{a}");
        assert_eq!(a[RAW_ID], "123456789012345678901234567890", "{a}");
        assert!(a["error"]["message"]
            .as_str()
            .unwrap()
            .contains("beyond 64 bits"));
        // The largest 64-bit ids are requests like any other.
        for fits in ["18446744073709551615", "-9223372036854775808"] {
            let line = format!(r#"{{"jsonrpc":"2.0","id":{fits},"method":"ping"}}"#);
            assert!(
                !matches!(judge(line.as_bytes()), Incoming::Answer(a) if a.get(RAW_ID).is_some())
            );
        }
    }

    #[test]
    fn good_lines_pass_and_blank_lines_are_skipped() {
        for line in [
            &b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"[..],
            b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\r",
            b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            b"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"no/such/method\"}",
        ] {
            assert!(
                matches!(judge(line), Incoming::Message(_)),
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        assert!(matches!(judge(b"  \r"), Incoming::Nothing));
    }
}
