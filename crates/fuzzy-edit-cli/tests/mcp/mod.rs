//! The MCP protocol: the real binary driven over stdin/stdout in newline-delimited JSON-RPC.
//!
//! This module is the client, as an MCP client speaks; a reader thread with timeouts makes a
//! hung server fail the test instead of hanging CI.

mod concurrency;
mod conventions;
mod line_refs;
mod protocol;
mod races;
mod structured;
mod tools;
mod wire;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long a test waits for a message before it fails: a detector of answers that never
/// come, not a bound the server is held to (the tests assert the order of answers). The slow
/// edits of `concurrency` took over 30 s in a debug build at load 24, three tests at once.
const TIMEOUT: Duration = Duration::from_secs(180);

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
        self.send_bytes(line.as_bytes());
    }

    /// Send `line` and its newline, whatever the bytes.
    fn send_bytes(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(line).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Send a request without waiting for its answer.
    fn send_request(&mut self, id: u64, method: &str, params: Value) {
        let m = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_line(&m.to_string());
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
        self.wait_for_id(&json!(id))
    }

    /// The next message whose id is `id` (null for answers to unreadable lines).
    fn wait_for_id(&mut self, id: &Value) -> Value {
        loop {
            let m = self.next_message();
            if m["id"] == *id {
                return m;
            }
        }
    }

    /// The next message from the server, checked to be JSON-RPC.
    fn next_message(&mut self) -> Value {
        match self.messages.recv_timeout(TIMEOUT) {
            Ok(m) => {
                assert!(m.get("not_json").is_none(), "non-JSON on stdout: {m}");
                assert_eq!(m["jsonrpc"], "2.0", "{m}");
                m
            }
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server in {TIMEOUT:?}"),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the server closed stdout while an answer was awaited")
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
