//! A slow call does not keep the others waiting (issue 11): tools run off the runtime, calls on
//! one path keep their order, and a request reusing a running request's id is refused.
//!
//! The assertions are on the order of the answers, not on durations: the slow edit (a 2,000-line
//! old_string on a 6 MB file) takes seconds in a debug build, a ping microseconds.

use serde_json::{json, Value};

use super::{tree, Server};

const LINES: usize = 150_000;

#[test]
fn a_slow_edit_does_not_block_other_calls_and_one_path_keeps_its_order() {
    let (_dir, root) = tree();
    let lines: Vec<String> = (0..LINES)
        .map(|i| format!("line {i} of the big file, with some text after it\n"))
        .collect();
    std::fs::write(root.join("big.txt"), lines.concat()).unwrap();
    let mut s = Server::start(&root);
    s.ok("read_file", json!({"path": "big.txt", "limit": 1}));

    let old = lines[70_000..72_000].concat();
    let new = old.replace("line ", "LINE ");
    // 100: slow; 101: on the same path, only possible after 100; 100 again: an id in use;
    // 102, 103: a ping and a call on another path.
    s.send_request(
        100,
        "tools/call",
        json!({"name": "edit_file", "arguments": {"path": "big.txt", "old_string": old, "new_string": new}}),
    );
    s.send_request(
        101,
        "tools/call",
        json!({"name": "edit_file", "arguments": {"path": "./big.txt", "old_string": "LINE 70000 of", "new_string": "LINE 70000 OF"}}),
    );
    s.send_request(100, "ping", json!({}));
    s.send_request(102, "ping", json!({}));
    s.send_request(
        103,
        "tools/call",
        json!({"name": "read_file", "arguments": {"path": "src/lib.py"}}),
    );

    let mut order: Vec<(Value, Value)> = Vec::new();
    while order
        .iter()
        .filter(|(_, m)| m.get("result").is_some())
        .count()
        < 4
    {
        let m = s.next_message();
        order.push((m["id"].clone(), m));
    }
    let ids: Vec<&Value> = order.iter().map(|(id, _)| id).collect();
    let at = |id: u64, result: bool| {
        order
            .iter()
            .position(|(i, m)| *i == json!(id) && m.get("result").is_some() == result)
            .unwrap_or_else(|| panic!("no answer to {id} (result: {result}) in {ids:?}"))
    };
    let reused = &order[at(100, false)].1;
    assert_eq!(reused["error"]["code"], -32600, "{reused}");
    for quick in [at(100, false), at(102, true), at(103, true)] {
        assert!(
            quick < at(100, true),
            "an answer waited for the slow edit: {ids:?}"
        );
    }
    assert!(at(100, true) < at(101, true), "{ids:?}");
    for id in [100, 101] {
        let result = &order[at(id, true)].1["result"];
        assert_eq!(result["isError"], json!(false), "{id}: {result}");
    }
    assert!(order[at(103, true)].1["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .contains("def f(x):"));
    let text = std::fs::read_to_string(root.join("big.txt")).unwrap();
    assert!(
        text.contains("\nLINE 70000 OF the big file"),
        "the second edit is missing"
    );
    assert!(
        text.contains("\nLINE 71999 of the big file"),
        "the first edit is missing"
    );
    assert_eq!(text.lines().count(), LINES);
    // The id is free again once answered.
    s.send_request(100, "ping", json!({}));
    assert_eq!(s.wait_for(100)["result"], json!({}));
}

/// End of input while a call runs: the call is still answered before the server exits.
#[test]
fn a_call_running_at_end_of_input_is_still_answered() {
    let (_dir, root) = tree();
    let lines: Vec<String> = (0..LINES).map(|i| format!("line {i}\n")).collect();
    std::fs::write(root.join("big.txt"), lines.concat()).unwrap();
    let mut s = Server::start(&root);
    s.ok("read_file", json!({"path": "big.txt", "limit": 1}));
    let old = lines[70_000..72_000].concat();
    s.send_request(
        7,
        "tools/call",
        json!({"name": "edit_file", "arguments": {"path": "big.txt", "old_string": old, "new_string": old.to_uppercase()}}),
    );
    drop(s.stdin.take());
    let answer = s.wait_for(7);
    assert_eq!(answer["result"]["isError"], json!(false), "{answer}");
    let status = s.finish();
    assert!(status.success(), "{status}");
    assert!(std::fs::read_to_string(root.join("big.txt"))
        .unwrap()
        .contains("\nLINE 71999\n"));
}

/// A call still running 5 s after end of input (rmcp's own grace for calls at close) is still
/// answered and done: here an edit waits for a lock the test holds for 6 s.
#[test]
fn a_call_running_long_after_end_of_input_is_still_answered() {
    use std::os::fd::OwnedFd;
    let (_dir, root) = tree();
    let locked = root.join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::write(locked.join("a.txt"), "one\n").unwrap();
    let mut s = Server::spawn(&[
        "mcp",
        "--root",
        root.to_str().unwrap(),
        "--lock-wait-ms",
        "30000",
    ]);
    s.initialize();
    s.ok("read_file", json!({"path": "locked/a.txt"}));
    let held: OwnedFd = std::fs::File::open(&locked).unwrap().into();
    rustix::fs::flock(&held, rustix::fs::FlockOperation::LockExclusive).unwrap();
    s.send_request(
        9,
        "tools/call",
        json!({"name": "edit_file", "arguments": {"path": "locked/a.txt", "old_string": "one", "new_string": "two"}}),
    );
    drop(s.stdin.take());
    std::thread::sleep(std::time::Duration::from_secs(6));
    assert!(s.child.try_wait().unwrap().is_none(), "the server left");
    drop(held);
    let answer = s.wait_for(9);
    assert_eq!(answer["result"]["isError"], json!(false), "{answer}");
    assert!(s.finish().success());
    assert_eq!(
        std::fs::read_to_string(locked.join("a.txt")).unwrap(),
        "two\n"
    );
}

/// Ten edits in a directory whose lock another writer holds (a stopped process) wait up to the
/// server's `--lock-wait-ms`; meanwhile a `read_file` elsewhere and a ping are answered at
/// once, and then each edit is refused as busy with nothing written.
#[test]
fn edits_blocked_by_a_held_lock_leave_reads_and_pings_answered() {
    use std::os::fd::OwnedFd;
    let (_dir, root) = tree();
    let locked = root.join("locked");
    std::fs::create_dir(&locked).unwrap();
    for i in 0..10 {
        std::fs::write(locked.join(format!("f{i}.txt")), "one\n").unwrap();
    }
    let mut s = Server::spawn(&[
        "mcp",
        "--root",
        root.to_str().unwrap(),
        "--lock-wait-ms",
        "2000",
    ]);
    s.initialize();
    for i in 0..10 {
        s.ok("read_file", json!({"path": format!("locked/f{i}.txt")}));
    }
    let held: OwnedFd = std::fs::File::open(&locked).unwrap().into();
    rustix::fs::flock(&held, rustix::fs::FlockOperation::LockExclusive).unwrap();
    for i in 0..10u64 {
        s.send_request(
            200 + i,
            "tools/call",
            json!({"name": "edit_file", "arguments": {"path": format!("locked/f{i}.txt"), "old_string": "one", "new_string": "two"}}),
        );
    }
    s.send_request(300, "ping", json!({}));
    s.send_request(
        301,
        "tools/call",
        json!({"name": "read_file", "arguments": {"path": "src/lib.py"}}),
    );
    let mut order: Vec<Value> = Vec::new();
    while order.len() < 12 {
        let m = s.next_message();
        order.push(m["id"].clone());
        if m["id"].as_u64().is_some_and(|id| (200..210).contains(&id)) {
            assert_eq!(m["result"]["isError"], json!(true), "{m}");
            let said = m["result"]["content"][0]["text"].as_str().unwrap_or("");
            assert!(said.contains("busy"), "{m}");
        }
    }
    let at = |id: u64| order.iter().position(|i| *i == json!(id)).unwrap();
    assert!(
        at(300) < 2 && at(301) < 2,
        "read and ping waited: {order:?}"
    );
    drop(held);
    for i in 0..10 {
        assert_eq!(
            std::fs::read_to_string(locked.join(format!("f{i}.txt"))).unwrap(),
            "one\n"
        );
    }
}
