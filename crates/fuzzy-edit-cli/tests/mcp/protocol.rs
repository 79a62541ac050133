//! The server's side of MCP: handshake and tool list, malformed calls, startup errors, EOF.

use std::process::{Command, Stdio};

use serde_json::json;

use super::{tree, Server};

#[test]
fn lists_three_described_tools_with_annotations() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    let list = s.request("tools/list", json!({}));
    let tools = list["result"]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 3, "{list}");
    for (name, read_only, destructive, required) in [
        ("read_file", true, false, &["path"][..]),
        ("edit_file", false, true, &["path"][..]),
        ("write_file", false, true, &["path", "content"][..]),
    ] {
        let tool = tools
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("{name} missing: {list}"));
        let description = tool["description"].as_str().unwrap();
        assert!(description.len() > 100, "{name}: {description}");
        let schema = &tool["inputSchema"];
        assert_eq!(schema["type"], "object", "{name}: {schema}");
        assert_eq!(schema["required"], json!(required), "{name}: {schema}");
        let properties = schema["properties"].as_object().unwrap();
        assert!(properties.contains_key("path"));
        for (field, spec) in properties {
            let d = spec["description"].as_str().unwrap_or_default();
            assert!(!d.is_empty(), "{name}.{field} has no description");
        }
        let annotations = &tool["annotations"];
        assert_eq!(annotations["readOnlyHint"], read_only, "{name}");
        assert_eq!(annotations["destructiveHint"], destructive, "{name}");
    }
    let edit = tools.iter().find(|t| t["name"] == "edit_file").unwrap();
    let description = edit["description"].as_str().unwrap();
    for teaching in [
        "without the line-number prefix",
        "only once",
        "replace_all",
        "anchor",
        "sed",
        "read_file",
    ] {
        assert!(description.contains(teaching), "missing {teaching:?}");
    }
    let properties = edit["inputSchema"]["properties"].as_object().unwrap();
    for field in [
        "old_string",
        "new_string",
        "replace_all",
        "anchor",
        "edits",
        "dry_run",
    ] {
        assert!(properties.contains_key(field), "edit_file lacks {field}");
    }
}

#[test]
fn malformed_calls_get_errors_and_the_server_keeps_answering() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    s.ok("read_file", json!({"path": "src/lib.py"}));
    for (tool, arguments) in [
        ("read_file", json!({})),
        ("read_file", json!({"path": 42})),
        ("read_file", json!({"path": "src/lib.py", "offset": "two"})),
        ("read_file", json!({"path": "src/lib.py", "offset": -1})),
        ("read_file", json!({"path": "src/lib.py", "offset": 99})),
        ("edit_file", json!({"path": "src/lib.py"})),
        (
            "edit_file",
            json!({"path": "src/lib.py", "old_string": "x"}),
        ),
        (
            "edit_file",
            json!({"path": "src/lib.py", "old_string": 1, "new_string": 2}),
        ),
        ("edit_file", json!({"path": "src/lib.py", "edits": "nope"})),
        ("edit_file", json!({"path": "src/lib.py", "edits": []})),
        (
            "edit_file",
            json!({"path": "src/lib.py", "edits": [{"old_string": "x"}]}),
        ),
        (
            "edit_file",
            json!({"path": "src/lib.py", "old_string": "", "new_string": "x"}),
        ),
        (
            "edit_file",
            json!({"path": "src/lib.py", "old_string": "return 1", "new_string": "return 1"}),
        ),
        ("write_file", json!({"path": "a.txt"})),
        ("write_file", json!({"content": "x"})),
        ("write_file", json!({"path": ["a"], "content": "x"})),
    ] {
        s.refused(tool, arguments);
        s.assert_alive();
    }
    // Calls without arguments, to unknown tools, with arguments of the wrong kind: a tool error
    // or a JSON-RPC error, then the next request is still answered.
    for params in [
        json!({"name": "read_file"}),
        json!({"name": "no_such_tool", "arguments": {}}),
        json!({"name": "read_file", "arguments": "src/lib.py"}),
        json!({"arguments": {"path": "src/lib.py"}}),
    ] {
        let answer = s.request("tools/call", params.clone());
        let failed = answer.get("error").is_some() || answer["result"]["isError"] == json!(true);
        assert!(failed, "{params}: {answer}");
        s.assert_alive();
    }
    // Lines that are not JSON-RPC at all.
    s.send_line("this is not json");
    s.send_line("{\"jsonrpc\": \"2.0\", \"id\": 999, \"method\": 5}");
    s.send_line("[]");
    let unknown = s.request("no/such/method", json!({}));
    assert!(unknown.get("error").is_some(), "{unknown}");
    s.assert_alive();
    // The file was never touched by any of it.
    assert_eq!(
        std::fs::read_to_string(root.join("src/lib.py")).unwrap(),
        "def f(x):\n    if x:\n        return 1\n    return 0\n"
    );
    assert!(!root.join("a.txt").exists());
}

#[test]
fn an_unusable_root_is_a_startup_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    let out = Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
        .args(["mcp", "--root", missing.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "stdout is for the protocol only");
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing"));
}

#[test]
fn several_roots_and_clean_exit_on_eof() {
    let (dir, root) = tree();
    let other = dir.path().join("outside");
    let mut s = Server::spawn(&[
        "mcp",
        "--root",
        root.to_str().unwrap(),
        "--root",
        other.to_str().unwrap(),
    ]);
    s.initialize();
    let secret = std::fs::canonicalize(other.join("secret.txt")).unwrap();
    let listing = s.ok("read_file", json!({"path": secret.to_str().unwrap()}));
    assert_eq!(listing, "     1\tsecret\n");
    s.ok("read_file", json!({"path": "src/lib.py"}));
    s.refused("read_file", json!({"path": "secret.txt"}));
    // Closing stdin ends the session with exit code 0.
    let status = s.finish();
    assert!(status.success(), "{status}");
}
