//! The server's stdio transport: newline-delimited JSON-RPC, read and judged here, handed to
//! rmcp as messages.
//!
//! Replaces rmcp's `AsyncRwTransport` so that every line gets an answer ([`incoming`] says
//! which), a request reusing the id of one still running is refused instead of answered twice
//! under one id, and each `tools/call` gets its turn on its path ([`turns`]) in arrival order.
//! A reader task owns stdin; rmcp receives from a channel (which keeps `receive` cancel-safe)
//! and sends through the same locked stdout the reader writes its error answers to, so lines
//! never interleave.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{ClientNotification, ClientRequest, JsonRpcMessage, NumberOrString, RequestId};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::RoleServer;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, Notify, OwnedSemaphorePermit, Semaphore};

use super::incoming::{self, error_answer, Incoming, INVALID_REQUEST};
use super::turns::PathTurns;

/// Messages read ahead of rmcp. Small: the reader waits rather than buffering a flood.
const QUEUE: usize = 16;
/// Requests read and not yet answered (their answers written out): past this the reader
/// stops reading, so a client that does not read its answers stops being served instead of
/// making the server hold them all (400 unread answers of 4 MB took 1.8 GB). Twice the
/// workers, so every worker stays busy while answers are written.
const MAX_IN_FLIGHT: usize = 16;

type Output = Arc<tokio::sync::Mutex<Box<dyn AsyncWrite + Send + Unpin>>>;

/// The transport rmcp serves on.
pub struct LineTransport {
    messages: mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
    output: Output,
    running: Running,
}

/// Each request read and not yet answered, with its place among those in flight.
type Places = HashMap<RequestId, Option<OwnedSemaphorePermit>>;

/// Ids of the requests read and not yet answered, each with its place among those in flight,
/// and a signal for each answer (end of input waits for the last one).
#[derive(Clone, Default)]
struct Running(Arc<(Mutex<Places>, Notify)>);

impl Running {
    fn ids(&self) -> std::sync::MutexGuard<'_, Places> {
        self.0 .0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forget `id` (answered, or cancelled): its place in flight, if it was running.
    fn remove(&self, id: &RequestId) -> Option<OwnedSemaphorePermit> {
        let place = self.ids().remove(id).flatten();
        self.0 .1.notify_waiters();
        place
    }

    /// Until every request read has been answered or cancelled.
    async fn all_answered(&self) {
        loop {
            // Registered before the check, so an answer between the two is not missed.
            let answered = self.0 .1.notified();
            tokio::pin!(answered);
            answered.as_mut().enable();
            if self.ids().is_empty() {
                return;
            }
            answered.await;
        }
    }
}

impl LineTransport {
    /// Serve on `input`/`output`, lines up to `max_line` bytes; `turns` orders tool calls.
    pub fn new(
        input: impl AsyncRead + Send + Unpin + 'static,
        output: impl AsyncWrite + Send + Unpin + 'static,
        max_line: usize,
        turns: PathTurns,
    ) -> LineTransport {
        let output: Output = Arc::new(tokio::sync::Mutex::new(Box::new(output)));
        let running = Running::default();
        let (tx, messages) = mpsc::channel(QUEUE);
        let reader = Reader {
            input: BufReader::new(input),
            max_line,
            in_flight: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
            output: output.clone(),
            running: running.clone(),
            turns,
            messages: tx,
        };
        tokio::spawn(reader.run());
        LineTransport {
            messages,
            output,
            running,
        }
    }
}

async fn write_line(output: &Output, mut line: Vec<u8>) -> std::io::Result<()> {
    line.push(b'\n');
    let mut out = output.lock().await;
    out.write_all(&line).await?;
    out.flush().await
}

impl Transport<RoleServer> for LineTransport {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl std::future::Future<Output = Result<(), Self::Error>> + Send + 'static {
        // Forget the id before the answer is out: once the client has it, it may reuse the id.
        // Its place in flight is given up once the answer is written.
        let place = match &item {
            JsonRpcMessage::Response(r) => self.running.remove(&r.id),
            JsonRpcMessage::Error(e) => e.id.as_ref().and_then(|id| self.running.remove(id)),
            _ => None,
        };
        let output = self.output.clone();
        let line = serde_json::to_vec(&item);
        async move {
            let written = write_line(&output, line?).await;
            drop(place);
            written
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        self.messages.recv().await
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.messages.close();
        self.output.lock().await.flush().await
    }
}

/// An error answer's line with its members in the usual order (a `Value` sorts them).
/// An id kept as written ([`incoming::RAW_ID`], checked to be an integer token) goes in as is.
fn in_order(answer: &Value) -> Vec<u8> {
    let id = match answer.get(incoming::RAW_ID).and_then(Value::as_str) {
        Some(raw) => raw.to_string(),
        None => answer["id"].to_string(),
    };
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"error\":{}}}",
        answer["error"]
    )
    .into_bytes()
}

/// Owns stdin: reads lines, answers the bad ones, queues the rest for rmcp.
struct Reader<R> {
    input: BufReader<R>,
    max_line: usize,
    /// Places for requests in flight ([`MAX_IN_FLIGHT`]).
    in_flight: Arc<Semaphore>,
    output: Output,
    running: Running,
    turns: PathTurns,
    messages: mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
}

/// One line read, or why there is none.
enum Line {
    Text(Vec<u8>),
    /// Longer than the limit; its bytes were skipped up to the newline.
    TooLong,
    End,
}

impl<R: AsyncRead + Unpin> Reader<R> {
    async fn run(mut self) {
        loop {
            let judged = match self.read_line().await {
                Line::Text(bytes) => incoming::judge(&bytes),
                Line::TooLong => Incoming::Answer(error_answer(
                    None,
                    INVALID_REQUEST,
                    format!(
                        "Invalid request: the message is longer than this server's {}-byte limit and was skipped.",
                        self.max_line
                    ),
                )),
                // The channel closes once every request read is answered: rmcp then ends the
                // session. (Closed with calls still running, rmcp would give them 5 s, and a
                // call on a large file under load takes longer.)
                Line::End => return self.running.all_answered().await,
            };
            let answer = match judged {
                Incoming::Message(message) => match self.admit(*message).await {
                    Ok(message) => {
                        if self.messages.send(message).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Err(answer) => answer,
                },
                Incoming::Answer(answer) => answer,
                Incoming::Nothing => continue,
            };
            if write_line(&self.output, in_order(&answer)).await.is_err() {
                return;
            }
        }
    }

    /// Track request ids and give tool calls their turns; refuse an id already running.
    /// A request waits here for a place in flight: the reader reads nothing more meanwhile.
    async fn admit(
        &mut self,
        mut message: RxJsonRpcMessage<RoleServer>,
    ) -> Result<RxJsonRpcMessage<RoleServer>, Value> {
        match &mut message {
            JsonRpcMessage::Request(request) => {
                let place = self.in_flight.clone().acquire_owned().await.ok();
                let fresh = {
                    let mut ids = self.running.ids();
                    let fresh = !ids.contains_key(&request.id);
                    if fresh {
                        ids.insert(request.id.clone(), place);
                    }
                    fresh
                };
                if !fresh {
                    let id = match &request.id {
                        NumberOrString::Number(n) => Value::from(*n),
                        NumberOrString::String(s) => Value::from(s.as_ref()),
                    };
                    return Err(error_answer(
                        Some(&id),
                        INVALID_REQUEST,
                        format!("Invalid request: id {id} is already used by a request this server has not answered yet; give each request its own id."),
                    ));
                }
                if let ClientRequest::CallToolRequest(call) = &mut request.request {
                    let path = call
                        .params
                        .arguments
                        .as_ref()
                        .and_then(|a| a.get("path"))
                        .and_then(Value::as_str);
                    if let Some(path) = path {
                        let turn = self.turns.next(path);
                        call.extensions.insert(turn);
                    }
                }
            }
            // A cancelled request may never be answered; its id is free again.
            JsonRpcMessage::Notification(n) => {
                if let ClientNotification::CancelledNotification(c) = &n.notification {
                    if let Some(id) = &c.params.request_id {
                        self.running.remove(id);
                    }
                }
            }
            _ => {}
        }
        Ok(message)
    }

    /// The next `\n`-terminated line, never buffering more than `max_line` bytes of it.
    async fn read_line(&mut self) -> Line {
        let mut line = Vec::new();
        let mut too_long = false;
        loop {
            let available = match self.input.fill_buf().await {
                // A last line without its newline is still answered.
                Ok([]) | Err(_) if too_long => return Line::TooLong,
                Ok([]) | Err(_) if !line.is_empty() => return Line::Text(line),
                Ok([]) | Err(_) => return Line::End,
                Ok(available) => available,
            };
            let newline = available.iter().position(|b| *b == b'\n');
            let take = newline.map_or(available.len(), |i| i + 1);
            if !too_long {
                if line.len() + take > self.max_line.saturating_add(1) {
                    too_long = true;
                    line = Vec::new();
                } else {
                    line.extend_from_slice(&available[..take]);
                }
            }
            self.input.consume(take);
            if newline.is_some() {
                if too_long {
                    return Line::TooLong;
                }
                line.pop();
                return Line::Text(line);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    /// Feed `input` to a transport with a `max_line`-byte line limit; the messages rmcp would
    /// receive and the lines written back.
    fn run(input: &[u8], max_line: usize) -> (Vec<RxJsonRpcMessage<RoleServer>>, String) {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (mut client, server_in) = tokio::io::duplex(1 << 16);
            let (server_out, mut answers) = tokio::io::duplex(1 << 16);
            let mut transport =
                LineTransport::new(server_in, server_out, max_line, PathTurns::new("/r".into()));
            client.write_all(input).await.unwrap();
            drop(client);
            let mut received = Vec::new();
            while let Some(m) = transport.receive().await {
                // Settled here unanswered, as a cancellation would: end of input waits for
                // every request, and these tests look only at what the reader passes on.
                if let JsonRpcMessage::Request(r) = &m {
                    transport.running.remove(&r.id);
                }
                received.push(m);
            }
            transport.close().await.unwrap();
            drop(transport);
            let mut out = String::new();
            answers.read_to_string(&mut out).await.unwrap();
            (received, out)
        })
    }

    #[test]
    fn end_of_input_waits_for_the_requests_running() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (mut client, server_in) = tokio::io::duplex(1 << 16);
            let (server_out, mut answers) = tokio::io::duplex(1 << 16);
            let mut transport =
                LineTransport::new(server_in, server_out, 1024, PathTurns::new("/r".into()));
            client
                .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}\n")
                .await
                .unwrap();
            drop(client);
            assert!(matches!(
                transport.receive().await,
                Some(JsonRpcMessage::Request(_))
            ));
            // The input has ended, but request 7 is not answered: no end of the session yet,
            // however long its answer takes.
            let early =
                tokio::time::timeout(std::time::Duration::from_millis(300), transport.receive());
            assert!(early.await.is_err(), "the session ended before its answer");
            let answer: TxJsonRpcMessage<RoleServer> = serde_json::from_value(
                serde_json::json!({"jsonrpc": "2.0", "id": 7, "result": {}}),
            )
            .unwrap();
            transport.send(answer).await.unwrap();
            assert!(transport.receive().await.is_none());
            transport.close().await.unwrap();
            drop(transport);
            let mut out = String::new();
            answers.read_to_string(&mut out).await.unwrap();
            assert_eq!(out, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n");
        });
    }

    #[test]
    fn a_line_over_the_limit_is_answered_and_skipped() {
        let long = format!(
            "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{{\"x\":\"{}\"}}}}\n",
            "y".repeat(100)
        );
        let input = format!(
            "{long}{{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}}\n{}",
            "z".repeat(200)
        );
        let (received, out) = run(input.as_bytes(), 64);
        assert_eq!(received.len(), 1, "{received:?}");
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2, "{out}");
        for line in &lines {
            assert_eq!(line["error"]["code"], INVALID_REQUEST, "{line}");
            assert!(line["error"]["message"]
                .as_str()
                .unwrap()
                .contains("64-byte limit"));
        }
        assert!(
            out.starts_with("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":"),
            "{out}"
        );
    }

    #[test]
    fn an_id_beyond_64_bits_comes_back_as_written() {
        let id = "-123456789012345678901234567890";
        let input = format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"ping\"}}\n");
        let (received, out) = run(input.as_bytes(), 1024);
        assert!(received.is_empty(), "{received:?}");
        assert!(
            out.starts_with(&format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"error\":")),
            "{out}"
        );
        let line: Value = serde_json::from_str(out.trim_end()).unwrap();
        assert_eq!(line["error"]["code"], INVALID_REQUEST, "{line}");
        assert!(line.get(incoming::RAW_ID).is_none(), "{line}");
    }

    #[test]
    fn a_tool_call_with_a_path_gets_a_turn() {
        let input = concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"a"}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            "\n",
        );
        let (received, out) = run(input.as_bytes(), 1024);
        assert_eq!(received.len(), 1, "{out}");
        let JsonRpcMessage::Request(request) = &received[0] else {
            panic!("{received:?}")
        };
        let ClientRequest::CallToolRequest(call) = &request.request else {
            panic!("{request:?}")
        };
        assert!(call
            .extensions
            .get::<super::super::turns::PathTurn>()
            .is_some());
        // The ping reused the running call's id.
        assert!(out.contains("\"id\":1,\"error\":{\"code\":-32600"), "{out}");
    }
}
