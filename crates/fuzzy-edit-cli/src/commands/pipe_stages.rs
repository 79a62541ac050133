//! How the pipe's requests flow through its threads: read and parsed on one, edited on the
//! caller's, their answers written on a third, the three overlapping across requests; or all
//! in turn on the caller's thread when the system grants no thread.
//!
//! Of a `typo` request's 137 M instructions on a 100k-line file, 19 M parse its 4 MB line and
//! 17.5 M write its answer (callgrind): for a client that sends requests without waiting for
//! each answer, overlapping them leaves each request about its edit. Small requests travel in
//! batches, the lines already read together and the answers ready together, so that a handoff
//! between threads (a wake-up, some 10 µs) is not paid per request: without them, 100,000
//! one-line requests took 2.9–3.2 s where one thread took 1.7 s. A batch is handed on as
//! soon as no more input is waiting, so a client that waits for each answer gets it at once.
//!
//! Order is kept: answers are written in request order, and a request that names a file
//! (`path`) runs only after every earlier answer is written, as on one thread, so an
//! output that fails stops the edits at the first answer it could not take.

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::{Condvar, Mutex};

use serde_json::Value;

use super::pipe_request::{self, Line};

/// One line of input, read.
pub(super) enum Event {
    /// A line over the size limit (its length), skipped.
    TooLong(u64),
    /// A line that is not UTF-8.
    NotText(Vec<u8>, std::str::Utf8Error),
    /// A request line and its JSON, parsed.
    Request(String, serde_json::Result<Value>),
}

impl Event {
    /// Whether the request names a file to edit: it runs after every earlier answer is
    /// written.
    fn names_a_file(&self) -> bool {
        let Event::Request(_, Ok(value)) = self else {
            return false;
        };
        value.get("path").is_some()
    }

    /// The bytes it came in, a measure of its answer's size too.
    fn size(&self) -> usize {
        match self {
            Event::TooLong(_) => 0,
            Event::NotText(line, _) => line.len(),
            Event::Request(line, _) => line.len(),
        }
    }
}

/// An answer, and its id as the client wrote it where JSON's numbers cannot say it (`1e2`).
pub(super) type Answer = (Value, Option<String>);

/// What the reader hands on.
enum FromReader {
    Lines(Vec<Event>),
    /// The input ended (or failed): the reader's last word.
    End(io::Result<()>),
}

/// A batch ends at this many bytes of requests or answers, or this many lines: batches only
/// small requests, so memory stays a few large requests.
const BATCH_BYTES: usize = 256 << 10;
const BATCH_LINES: usize = 64;

/// Whether a batch of `lines` lines of `bytes` bytes is full (see [`BATCH_BYTES`]).
fn full(bytes: usize, lines: usize) -> bool {
    bytes >= BATCH_BYTES || lines >= BATCH_LINES
}

/// How often an editor waiting for input looks whether the writer failed.
const WRITER_CHECK: std::time::Duration = std::time::Duration::from_millis(50);

/// Serve `input` until it ends: each event (a line read) answered by `answer`, the answers
/// written to `output` in order, flushed as soon as no more requests are waiting.
pub(super) fn serve<R: Read + Send + 'static>(
    input: BufReader<R>,
    output: impl Write + Send,
    max_request_bytes: u64,
    mut answer: impl FnMut(Event) -> Answer,
) -> io::Result<()> {
    // (The input goes to the reader through a channel, so that it is still here to serve in
    // turn when no thread can be started.)
    let (give_input, take_input) = sync_channel::<BufReader<R>>(1);
    // (Handed over, not queued: the reader holds one batch ahead of the editor, the writer one
    // behind it.)
    let (to_reader, incoming) = sync_channel::<FromReader>(0);
    let reader = std::thread::Builder::new()
        .name("pipe-reader".into())
        .spawn(move || {
            let Ok(input) = take_input.recv() else {
                return;
            };
            // (The editor waits for this thread's last word: a panic must not keep it
            // waiting.)
            let read = std::panic::AssertUnwindSafe(|| read(input, max_request_bytes, &to_reader));
            let end = std::panic::catch_unwind(read)
                .unwrap_or_else(|_| Err(io::Error::other("the pipe's request reader panicked")));
            let _ = to_reader.send(FromReader::End(end));
        });
    if reader.is_err() {
        return in_turn(input, output, max_request_bytes, answer);
    }
    give_input
        .send(input)
        .expect("the reader waits for its input");
    let written = &Written::default();
    // (The output goes to the writer through a channel too, to stay here without one.)
    let (give_output, take_output) = sync_channel(1);
    let (answers, outgoing) = sync_channel::<Vec<Answer>>(0);
    std::thread::scope(|scope| {
        let writer = std::thread::Builder::new()
            .name("pipe-writer".into())
            .spawn_scoped(scope, move || {
                let Ok(output) = take_output.recv() else {
                    return Ok(());
                };
                let result = write(output, &outgoing, written);
                if result.is_err() {
                    written.fail();
                }
                result
            });
        match writer {
            Ok(writer) => {
                give_output
                    .send(output)
                    .expect("the writer waits for its output");
                let deliver = |batch| answers.send(batch).is_ok();
                let read = edit(&incoming, deliver, written, &mut answer);
                drop(answers);
                let wrote = writer.join().expect("the pipe's writer does not panic");
                wrote.and(read)
            }
            Err(_) => {
                // (No writer: this thread writes each batch itself.)
                let (mut output, mut bytes, mut failed) = (output, Vec::new(), None);
                let deliver = |batch| match write_batch(&mut output, &mut bytes, batch, written) {
                    Ok(()) => true,
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                };
                let read = edit(&incoming, deliver, written, &mut answer);
                failed.map_or(read, Err)
            }
        }
    })
}

/// Answer every event from the reader, handing the answers on in batches (`deliver`, `false`
/// when they cannot be written); the reader's last word.
fn edit(
    incoming: &Receiver<FromReader>,
    mut deliver: impl FnMut(Vec<Answer>) -> bool,
    written: &Written,
    answer: &mut impl FnMut(Event) -> Answer,
) -> io::Result<()> {
    let mut ready = Ready::default();
    loop {
        let message = match incoming.try_recv() {
            Ok(m) => m,
            Err(TryRecvError::Empty) => {
                // (Nothing more waiting: the client may be waiting for these answers.)
                if !ready.hand_on(&mut deliver) {
                    return Ok(());
                }
                // (An output that fails while the input is idle ends the pipe without waiting
                // for another request: the writer's failure is looked at now and then.)
                loop {
                    match incoming.recv_timeout(WRITER_CHECK) {
                        Ok(m) => break m,
                        Err(RecvTimeoutError::Timeout) if !written.failed() => {}
                        Err(_) => return Ok(()),
                    }
                }
            }
            Err(TryRecvError::Disconnected) => return Ok(()),
        };
        match message {
            FromReader::Lines(events) => {
                for event in events {
                    if event.names_a_file()
                        && (!ready.hand_on(&mut deliver) || !written.wait_for(ready.sent))
                    {
                        return Ok(());
                    }
                    let size = event.size();
                    if ready.add(answer(event), size) && !ready.hand_on(&mut deliver) {
                        return Ok(());
                    }
                }
            }
            FromReader::End(read) => {
                // (Answers that cannot be written leave the writer's error to report.)
                ready.hand_on(&mut deliver);
                return read;
            }
        }
    }
}

/// The answers ready to hand on, and how many were handed on before them.
#[derive(Default)]
struct Ready {
    answers: Vec<Answer>,
    /// The bytes of the requests they answer.
    bytes: usize,
    sent: usize,
}

impl Ready {
    /// Add an answer to a request of `size` bytes: whether the batch is full.
    fn add(&mut self, answer: Answer, size: usize) -> bool {
        self.answers.push(answer);
        self.bytes += size;
        full(self.bytes, self.answers.len())
    }

    /// Hand the answers on: `false` when the output failed.
    fn hand_on(&mut self, deliver: &mut impl FnMut(Vec<Answer>) -> bool) -> bool {
        self.bytes = 0;
        self.sent += self.answers.len();
        self.answers.is_empty() || deliver(std::mem::take(&mut self.answers))
    }
}

/// How many answers the writer has written, and whether it failed.
#[derive(Default)]
struct Written {
    count: Mutex<(usize, bool)>,
    changed: Condvar,
}

impl Written {
    fn add(&self, n: usize) {
        let mut c = self.count.lock().expect("no panic holds it");
        c.0 += n;
        self.changed.notify_all();
    }

    fn fail(&self) {
        let mut c = self.count.lock().expect("no panic holds it");
        c.1 = true;
        self.changed.notify_all();
    }

    fn failed(&self) -> bool {
        self.count.lock().expect("no panic holds it").1
    }

    /// Wait until `n` answers are written: `false` if the writer failed first.
    fn wait_for(&self, n: usize) -> bool {
        let mut c = self.count.lock().expect("no panic holds it");
        while c.0 < n && !c.1 {
            c = self.changed.wait(c).expect("no panic holds it");
        }
        !c.1
    }
}

/// Read lines from `input` and hand them on, parsed, in batches, until it ends or nobody
/// takes them.
fn read(
    mut input: BufReader<impl Read>,
    max_request_bytes: u64,
    events: &SyncSender<FromReader>,
) -> io::Result<()> {
    let (mut line, mut batch, mut bytes) = (Vec::new(), Vec::new(), 0);
    while let Some(read) = pipe_request::next_line(&mut input, max_request_bytes, &mut line)? {
        if let Some(event) = event(read, &mut line) {
            bytes += event.size();
            batch.push(event);
        }
        // (Handed on when no more input is waiting: the client may be waiting for answers.)
        if !batch.is_empty() && (full(bytes, batch.len()) || input.buffer().is_empty()) {
            if events
                .send(FromReader::Lines(std::mem::take(&mut batch)))
                .is_err()
            {
                return Ok(());
            }
            bytes = 0;
        }
    }
    if !batch.is_empty() {
        let _ = events.send(FromReader::Lines(batch));
    }
    Ok(())
}

/// The event of a line just read into `line` (taken from it); `None` for a blank line.
fn event(read: Line, line: &mut Vec<u8>) -> Option<Event> {
    Some(match read {
        Line::TooLong(len) => Event::TooLong(len),
        Line::Read => match String::from_utf8(std::mem::take(line)) {
            Ok(s) if s.trim().is_empty() => return None,
            Ok(s) => {
                let value = super::pipe_json::read(&s);
                Event::Request(s, value)
            }
            Err(e) => {
                let error = e.utf8_error();
                Event::NotText(e.into_bytes(), error)
            }
        },
    })
}

/// Write each batch of answers, counting them in `written`.
fn write(
    mut output: impl Write,
    answers: &Receiver<Vec<Answer>>,
    written: &Written,
) -> io::Result<()> {
    let mut bytes = Vec::new();
    for batch in answers {
        write_batch(&mut output, &mut bytes, batch, written)?;
    }
    Ok(())
}

/// Write a batch of answers and flush them, counting them in `written`. (Once per batch: its
/// answers were ready together because their requests were already read.)
fn write_batch(
    output: &mut impl Write,
    bytes: &mut Vec<u8>,
    batch: Vec<Answer>,
    written: &Written,
) -> io::Result<()> {
    let n = batch.len();
    for a in batch {
        write_one(output, bytes, a)?;
    }
    output.flush()?;
    written.add(n);
    Ok(())
}

/// Write one answer whole: an answer of megabytes goes straight to the pipe, not through the
/// buffer in pieces.
fn write_one(
    output: &mut impl Write,
    bytes: &mut Vec<u8>,
    (answer, raw_id): Answer,
) -> io::Result<()> {
    bytes.clear();
    match raw_id {
        Some(raw) => super::readable_id::write_with_id(bytes, answer, &raw)?,
        None => crate::render::json_bytes::write_value(bytes, &answer),
    }
    bytes.push(b'\n');
    output.write_all(bytes)
}

/// Serve `input` on this thread alone, each request read, answered and written in turn.
fn in_turn(
    mut input: BufReader<impl Read>,
    mut output: impl Write,
    max_request_bytes: u64,
    mut answer: impl FnMut(Event) -> Answer,
) -> io::Result<()> {
    let (mut line, mut bytes) = (Vec::new(), Vec::new());
    while let Some(read) = pipe_request::next_line(&mut input, max_request_bytes, &mut line)? {
        if let Some(event) = event(read, &mut line) {
            write_one(&mut output, &mut bytes, answer(event))?;
            output.flush()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An answer that says which event it answers.
    fn echo(event: Event) -> Answer {
        let v = match event {
            Event::TooLong(len) => serde_json::json!({"too_long": len}),
            Event::NotText(line, _) => serde_json::json!({"not_text": line.len()}),
            Event::Request(line, value) => {
                serde_json::json!({"line": line, "json": value.is_ok()})
            }
        };
        (v, None)
    }

    fn input() -> Vec<u8> {
        let mut input = Vec::new();
        for i in 0..300 {
            match i % 5 {
                0 => input.extend_from_slice(b"\n"),
                1 => input.extend_from_slice(b"\xff\xfe\n"),
                2 => input.extend_from_slice(format!("{{\"{}\": 1}}\n", "x".repeat(i)).as_bytes()),
                3 => input.extend_from_slice(b"{\"path\": \"f\"}\r\n"),
                _ => input.extend_from_slice(b"not json\n"),
            }
        }
        input.extend_from_slice(b"{\"last\": true}");
        input
    }

    #[test]
    fn the_stages_answer_as_one_thread_does_in_order() {
        for capacity in [1, 7, 1 << 20] {
            let mut staged = Vec::new();
            let reader = BufReader::with_capacity(capacity, io::Cursor::new(input()));
            serve(reader, &mut staged, 200, echo).unwrap();
            let mut alone = Vec::new();
            let reader = BufReader::with_capacity(capacity, io::Cursor::new(input()));
            in_turn(reader, &mut alone, 200, echo).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&staged),
                String::from_utf8_lossy(&alone)
            );
            assert_eq!(staged.iter().filter(|&&b| b == b'\n').count(), 241);
        }
    }
}
