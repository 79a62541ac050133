//! `fuzzy-edit mcp` end to end: the real binary, spoken to over stdin/stdout in newline-delimited
//! JSON-RPC, as an MCP client does. A reader thread with timeouts makes a hung server fail the
//! test instead of hanging CI.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const TIMEOUT: Duration = Duration::from_secs(30);

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: u64,
}

impl Server {
    /// Start `fuzzy-edit mcp --root ROOT` and complete the initialization handshake.
    fn start(root: &Path) -> Server {
        let mut server = Server::spawn(&["mcp", "--root", root.to_str().unwrap()]);
        let init = server.initialize();
        assert_eq!(init["result"]["serverInfo"]["name"], "fuzzy-edit", "{init}");
        server
    }

    fn spawn(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start fuzzy-edit mcp");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // Everything on stdout must be a JSON-RPC message.
                let value = serde_json::from_str(&line)
                    .unwrap_or_else(|e| json!({"not_json": line, "error": e.to_string()}));
                if tx.send(value).is_err() {
                    break;
                }
            }
        });
        Server {
            child,
            stdin: Some(stdin),
            messages,
            next_id: 1,
        }
    }

    fn initialize(&mut self) -> Value {
        let init = self.request(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "fuzzy-edit-test", "version": "0"}
            }),
        );
        self.notify("notifications/initialized", json!({}));
        init
    }

    fn send_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Close stdin and wait for the server to exit.
    fn finish(mut self) -> ExitStatus {
        drop(self.stdin.take());
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the server did not exit on EOF");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        let m = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.send_line(&m.to_string());
    }

    /// Send a request and wait for the answer with its id (anything else is skipped, after
    /// checking it is a JSON-RPC message).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let m = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_line(&m.to_string());
        self.wait_for(id)
    }

    fn wait_for(&mut self, id: u64) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(m) => {
                    assert!(m.get("not_json").is_none(), "non-JSON on stdout: {m}");
                    assert_eq!(m["jsonrpc"], "2.0", "{m}");
                    if m["id"] == json!(id) {
                        return m;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no answer to request {id} in {TIMEOUT:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server closed stdout before answering request {id}")
                }
            }
        }
    }

    /// Call a tool; returns the `result` (panics on a JSON-RPC error).
    fn call(&mut self, name: &str, arguments: Value) -> Value {
        let answer = self.request("tools/call", json!({"name": name, "arguments": arguments}));
        assert!(answer.get("error").is_none(), "JSON-RPC error: {answer}");
        answer["result"].clone()
    }

    /// Call a tool that must succeed; returns its text.
    fn ok(&mut self, name: &str, arguments: Value) -> String {
        let result = self.call(name, arguments.clone());
        assert_eq!(
            result["isError"],
            json!(false),
            "{name} {arguments} failed: {result}"
        );
        text(&result)
    }

    /// Call a tool that must be refused with a tool error; returns its text.
    fn refused(&mut self, name: &str, arguments: Value) -> String {
        let result = self.call(name, arguments.clone());
        assert_eq!(
            result["isError"],
            json!(true),
            "{name} {arguments} should fail: {result}"
        );
        text(&result)
    }

    fn tool_names(&mut self) -> Vec<String> {
        let list = self.request("tools/list", json!({}));
        let mut names: Vec<String> = list["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("tools/list: {list}"))
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect();
        names.sort();
        names
    }

    /// The server must still answer.
    fn assert_alive(&mut self) {
        assert_eq!(
            self.tool_names(),
            ["edit_file", "read_file", "write_file"],
            "the server stopped answering"
        );
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn text(result: &Value) -> String {
    result["content"]
        .as_array()
        .unwrap_or_else(|| panic!("no content: {result}"))
        .iter()
        .filter_map(|c| c["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A temporary tree: `root/` (served) next to `outside/` (not served).
fn tree() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    std::fs::create_dir_all(root.join("src")).unwrap();
    std::fs::create_dir_all(dir.path().join("outside")).unwrap();
    std::fs::write(
        root.join("src/lib.py"),
        "def f(x):\n    if x:\n        return 1\n    return 0\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("outside/secret.txt"), "secret\n").unwrap();
    (dir, root)
}

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
fn read_then_edit_returns_a_diff_and_writes() {
    let (_dir, root) = tree();
    let file = root.join("src/lib.py");
    let mut s = Server::start(&root);

    let listing = s.ok("read_file", json!({"path": "src/lib.py"}));
    assert_eq!(
        listing,
        "     1\tdef f(x):\n     2\t    if x:\n     3\t        return 1\n     4\t    return 0\n"
    );
    let window = s.ok(
        "read_file",
        json!({"path": "src/lib.py", "offset": 2, "limit": 2}),
    );
    assert!(window.starts_with("     2\t    if x:\n     3\t        return 1\n"));
    assert!(window.contains("offset=4"), "{window}");

    // The model re-indented old_string; the engine still finds the block.
    let answer = s.ok(
        "edit_file",
        json!({
            "path": "src/lib.py",
            "old_string": "if x:\n  return 1",
            "new_string": "if x:\n  log(x)\n  return 1"
        }),
    );
    assert!(answer.contains("lines 2-3"), "{answer}");
    assert!(answer.contains("indentation"), "{answer}");
    assert!(
        answer.contains("--- a/src/lib.py\n+++ b/src/lib.py\n"),
        "{answer}"
    );
    assert!(answer.contains("+        log(x)\n"), "{answer}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "def f(x):\n    if x:\n        log(x)\n        return 1\n    return 0\n"
    );

    // The server's own write does not make the file stale; the reference server's spelling works.
    let answer = s.ok(
        "edit_file",
        json!({"path": "src/lib.py", "edits": [{"oldText": "return 0", "newText": "return -1"}]}),
    );
    assert!(answer.contains("matched exactly"), "{answer}");
    assert!(
        answer.contains("-    return 0\n+    return -1\n"),
        "{answer}"
    );

    // A dry run shows the diff and writes nothing.
    let before = std::fs::read_to_string(&file).unwrap();
    let answer = s.ok(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "def f(x):", "new_string": "def g(x):", "dryRun": true}),
    );
    assert!(answer.contains("+def g(x):"), "{answer}");
    assert!(answer.contains("dry run"), "{answer}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);

    // Refusals carry the engine's feedback and leave the file alone.
    std::fs::write(
        &file,
        "x = 1\ny = 2\nx = 1\n\ndef area(width, height):\n    return width * height\n",
    )
    .unwrap();
    s.ok("read_file", json!({"path": "src/lib.py"}));
    let why = s.refused(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "x = 1", "new_string": "x = 3"}),
    );
    assert!(
        why.contains("replace_all") && why.contains("anchor"),
        "{why}"
    );
    assert!(why.contains("line 1") || why.contains("lines 1"), "{why}");
    let why = s.refused(
        "edit_file",
        json!({
            "path": "src/lib.py",
            "old_string": "def area(w, h):\n    return width * height",
            "new_string": "def area(w, h):\n    return w * h"
        }),
    );
    assert!(
        why.contains("closest") && why.contains("lines 5-6"),
        "{why}"
    );
    let unchanged = std::fs::read_to_string(&file).unwrap();
    assert!(
        unchanged.starts_with("x = 1\ny = 2\nx = 1\n"),
        "{unchanged}"
    );
    let answer = s.ok(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "x = 1", "new_string": "x = 3", "replace_all": true}),
    );
    assert!(answer.contains("2 replacements"), "{answer}");
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .starts_with("x = 3\ny = 2\nx = 3\n"));
    s.assert_alive();
}

#[test]
fn edit_and_overwrite_require_a_read_in_this_session() {
    let (_dir, root) = tree();
    let file = root.join("src/lib.py");
    let original = std::fs::read_to_string(&file).unwrap();
    let mut s = Server::start(&root);
    let why = s.refused(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "return 1", "new_string": "return 2"}),
    );
    assert!(why.contains("read_file"), "{why}");
    let why = s.refused(
        "write_file",
        json!({"path": "src/lib.py", "content": "overwritten\n"}),
    );
    assert!(why.contains("read_file"), "{why}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), original);

    // Creating a file needs no read; missing directories are created; then it can be edited.
    let answer = s.ok(
        "write_file",
        json!({"path": "new/pkg/mod.py", "content": "A = 1\n"}),
    );
    assert!(answer.contains("Created new/pkg/mod.py"), "{answer}");
    assert_eq!(
        std::fs::read_to_string(root.join("new/pkg/mod.py")).unwrap(),
        "A = 1\n"
    );
    s.ok(
        "edit_file",
        json!({"path": "new/pkg/mod.py", "old_string": "A = 1", "new_string": "A = 2"}),
    );
    s.ok("read_file", json!({"path": "src/lib.py"}));
    let answer = s.ok(
        "write_file",
        json!({"path": "src/lib.py", "content": "overwritten\n"}),
    );
    assert!(answer.contains("Overwrote"), "{answer}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "overwritten\n");

    // Binary and non-UTF-8 files are refused, so they can never be edited or overwritten.
    std::fs::write(root.join("bin.dat"), b"ab\0cd").unwrap();
    std::fs::write(root.join("latin1.txt"), b"caf\xe9\n").unwrap();
    assert!(s
        .refused("read_file", json!({"path": "bin.dat"}))
        .contains("binary"));
    assert!(s
        .refused("read_file", json!({"path": "latin1.txt"}))
        .contains("UTF-8"));
    s.refused("write_file", json!({"path": "bin.dat", "content": "x"}));
    assert_eq!(std::fs::read(root.join("bin.dat")).unwrap(), b"ab\0cd");
    s.refused("read_file", json!({"path": "no/such.txt"}));
    s.refused("read_file", json!({"path": "src"}));
    s.assert_alive();
}

#[test]
fn a_file_changed_since_it_was_read_is_refused() {
    let (_dir, root) = tree();
    let file = root.join("src/lib.py");
    let mut s = Server::start(&root);
    s.ok("read_file", json!({"path": "src/lib.py"}));
    // Someone else (the user, a formatter) changes the file.
    std::fs::write(
        &file,
        "def f(x):\n    if x:\n        return 1\n    return 0\n# note\n",
    )
    .unwrap();
    let why = s.refused(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "return 1", "new_string": "return 2"}),
    );
    assert!(
        why.contains("changed") && why.contains("read_file"),
        "{why}"
    );
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .ends_with("# note\n"));
    let why = s.refused(
        "write_file",
        json!({"path": "src/lib.py", "content": "x\n"}),
    );
    assert!(why.contains("changed"), "{why}");

    // After reading it again the edit goes through, on the current content.
    s.ok("read_file", json!({"path": "src/lib.py"}));
    s.ok(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "return 1", "new_string": "return 2"}),
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "def f(x):\n    if x:\n        return 2\n    return 0\n# note\n"
    );
}

#[test]
fn paths_outside_the_root_are_refused() {
    let (dir, root) = tree();
    let secret = dir.path().join("outside/secret.txt");
    let mut s = Server::start(&root);
    let absolute = secret.to_str().unwrap();
    for path in [
        "../outside/secret.txt",
        "src/../../outside/secret.txt",
        absolute,
    ] {
        let why = s.refused("read_file", json!({"path": path}));
        assert!(why.contains("outside"), "{path}: {why}");
        s.refused(
            "edit_file",
            json!({"path": path, "old_string": "secret", "new_string": "leaked"}),
        );
        s.refused("write_file", json!({"path": path, "content": "leaked\n"}));
    }
    s.refused(
        "write_file",
        json!({"path": "../outside/new.txt", "content": "x"}),
    );
    s.refused(
        "write_file",
        json!({"path": "../escape/deep/new.txt", "content": "x"}),
    );
    s.refused("read_file", json!({"path": "/etc/passwd"}));

    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&secret, root.join("link.txt")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside"), root.join("out")).unwrap();
        s.refused("read_file", json!({"path": "link.txt"}));
        s.refused("write_file", json!({"path": "link.txt", "content": "x"}));
        s.refused("read_file", json!({"path": "out/secret.txt"}));
        s.refused("write_file", json!({"path": "out/new.txt", "content": "x"}));
        s.refused(
            "write_file",
            json!({"path": "out/sub/new.txt", "content": "x"}),
        );
    }
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "secret\n");
    let outside: Vec<_> = std::fs::read_dir(dir.path().join("outside"))
        .unwrap()
        .collect();
    assert_eq!(outside.len(), 1, "something was created outside the root");
    assert!(!dir.path().join("escape").exists());
    s.assert_alive();
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
