//! `fuzzy-edit mcp --root DIR`, driven as an MCP client does: newline-delimited JSON-RPC over
//! the server's stdin and stdout, the initialization handshake first, then `tools/call`.

use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A running MCP server with a completed handshake.
pub struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Server {
    pub fn start(bin: &Path, root: &Path) -> io::Result<Server> {
        let mut child = Command::new(bin)
            .arg("mcp")
            .arg("--root")
            .arg(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = Some(child.stdin.take().expect("piped stdin"));
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut server = Server {
            child,
            stdin,
            stdout,
            next_id: 1,
        };
        let (_, init) = server.request(
            "initialize",
            json!({
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "frontend-speed", "version": "0"}
            }),
        )?;
        if init["result"]["serverInfo"]["name"] != "fuzzy-edit" {
            return Err(io::Error::other(format!(
                "unexpected initialize answer: {init}"
            )));
        }
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))?;
        Ok(server)
    }

    fn send(&mut self, message: &Value) -> io::Result<()> {
        let mut line = serde_json::to_vec(message)?;
        line.push(b'\n');
        self.stdin
            .as_mut()
            .expect("open until drop")
            .write_all(&line)?;
        self.stdin.as_mut().expect("open until drop").flush()
    }

    /// Send a request and read until its answer: the time that took, and the answer.
    fn request(&mut self, method: &str, params: Value) -> io::Result<(Duration, Value)> {
        let id = self.next_id;
        self.next_id += 1;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let mut line = serde_json::to_vec(&message)?;
        line.push(b'\n');
        let mut answer = String::new();
        let start = Instant::now();
        self.stdin
            .as_mut()
            .expect("open until drop")
            .write_all(&line)?;
        self.stdin.as_mut().expect("open until drop").flush()?;
        loop {
            answer.clear();
            if self.stdout.read_line(&mut answer)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the server closed its stdout",
                ));
            }
            let value: Value = serde_json::from_str(&answer)?;
            if value["id"] == json!(id) {
                return Ok((start.elapsed(), value));
            }
        }
    }

    /// Call a tool: the time from the request's first byte to its answer read, and the result
    /// (`Err` with the answer for a JSON-RPC error).
    pub fn call(&mut self, tool: &str, arguments: Value) -> io::Result<(Duration, Value)> {
        let (took, answer) =
            self.request("tools/call", json!({"name": tool, "arguments": arguments}))?;
        if answer.get("error").is_some() {
            return Err(io::Error::other(format!("JSON-RPC error: {answer}")));
        }
        Ok((took, answer["result"].clone()))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // End of input ends the process (and lets a profiler wrapping it write its data); wait
        // so no process outlives the benchmark.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// Whether a tool result is a refusal (`isError: true`).
pub fn is_error(result: &Value) -> bool {
    result["isError"] == true
}
