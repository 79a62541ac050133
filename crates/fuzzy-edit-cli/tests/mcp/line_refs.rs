//! Line-addressed edits over MCP: read_file with `hashes` (or the server's `--hashes`), then
//! edit_file with references, in the shapes hashline tools send.

use fuzzy_edit::line_refs::line_id;
use serde_json::json;

use super::{tree, Server};

#[test]
fn read_with_hashes_then_edit_by_reference() {
    let (_dir, root) = tree();
    let file = root.join("src/lib.py");
    let mut s = Server::start(&root);
    let listing = s.ok("read_file", json!({"path": "src/lib.py", "hashes": true}));
    let r3 = format!("3#{}", line_id(3, "        return 1"));
    assert!(
        listing.contains(&format!("{r3}|        return 1\n")),
        "{listing}"
    );

    // Hashline tools send line edits as `edits`, `lines` as one string, at depth 0.
    let answer = s.ok(
        "edit_file",
        json!({"path": "src/lib.py", "edits": [{"op": "replace", "pos": r3, "lines": "return 2"}]}),
    );
    assert!(answer.contains("+        return 2\n"), "{answer}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "def f(x):\n    if x:\n        return 2\n    return 0\n"
    );
    // The same reference again: its line changed, refused with the current lines.
    s.ok("read_file", json!({"path": "src/lib.py"}));
    let refused = s.refused(
        "edit_file",
        json!({"path": "src/lib.py", "line_edits": [{"op": "replace", "pos": r3, "lines": ["return 3"]}]}),
    );
    let fresh = format!("3#{}|        return 2", line_id(3, "        return 2"));
    assert!(refused.contains(&fresh), "{refused}");
}

#[test]
fn the_server_flag_makes_hashes_the_default() {
    let (_dir, root) = tree();
    let mut s = Server::spawn(&["mcp", "--hashes", "--root", root.to_str().unwrap()]);
    s.initialize();
    let listing = s.ok("read_file", json!({"path": "src/lib.py"}));
    assert!(
        listing.starts_with(&format!("1#{}|def f(x):\n", line_id(1, "def f(x):"))),
        "{listing}"
    );
    let plain = s.ok("read_file", json!({"path": "src/lib.py", "hashes": false}));
    assert!(plain.starts_with("     1\tdef f(x):"), "{plain}");
}

#[test]
fn a_server_reading_with_hashes_offers_the_closest_lines_by_reference() {
    let (_dir, root) = tree();
    let file = root.join("src/lib.py");
    let before = std::fs::read_to_string(&file).unwrap();
    let refuse = |s: &mut Server| {
        s.ok("read_file", json!({"path": "src/lib.py"}));
        let old = "    if x:\n        return 11";
        let call = s.call(
            "edit_file",
            json!({"path": "src/lib.py", "old_string": old, "new_string": "    if x:\n        return 2"}),
        );
        assert_eq!(call["isError"], json!(true), "{call}");
        call
    };
    let offer = format!(
        "2#{}|    if x:\n3#{}|        return 1\n",
        line_id(2, "    if x:"),
        line_id(3, "        return 1")
    );

    let mut s = Server::spawn(&["mcp", "--hashes", "--root", root.to_str().unwrap()]);
    s.initialize();
    let refused = refuse(&mut s);
    let text = refused["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("send line_edits instead"), "{text}");
    assert!(text.contains(&offer), "{text}");
    let edits = &refused["structuredContent"]["error"]["edits"];
    assert_eq!(edits[0]["current"], json!(offer), "{refused}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);

    // Without hashes, the answer is what it always was.
    let mut plain = Server::start(&root);
    let refused = refuse(&mut plain);
    let text = refused["content"][0]["text"].as_str().unwrap();
    assert!(!text.contains("LINE#ID"), "{text}");
    assert!(refused["structuredContent"]["error"]["edits"][0]
        .get("current")
        .is_none());

    // Once a read_file with hashes: true has been answered, the same server offers them too,
    // and keeps doing so after plain reads (the model has been shown the form).
    plain.ok("read_file", json!({"path": "src/lib.py", "hashes": true}));
    for _ in 0..2 {
        let refused = refuse(&mut plain);
        let text = refused["content"][0]["text"].as_str().unwrap();
        assert!(text.contains("send line_edits instead"), "{text}");
        assert!(text.contains(&offer), "{text}");
        let edits = &refused["structuredContent"]["error"]["edits"];
        assert_eq!(edits[0]["current"], json!(offer), "{refused}");
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
}

#[test]
fn a_read_with_hashes_that_failed_does_not_turn_the_offer_on() {
    let (_dir, root) = tree();
    let mut s = Server::start(&root);
    s.refused(
        "read_file",
        json!({"path": "src/missing.py", "hashes": true}),
    );
    s.ok("read_file", json!({"path": "src/lib.py"}));
    let call = s.call(
        "edit_file",
        json!({"path": "src/lib.py", "old_string": "    if x:\n        return 11", "new_string": "x"}),
    );
    assert_eq!(call["isError"], json!(true), "{call}");
    let text = call["content"][0]["text"].as_str().unwrap();
    assert!(!text.contains("LINE#ID"), "{text}");
}

#[test]
fn a_success_that_found_old_misremembered_gives_the_files_lines_by_line_id() {
    let root = tempfile::tempdir().unwrap();
    let line = "    total = compute_the_sum(a, b)";
    std::fs::write(
        root.path().join("f.py"),
        format!("def f(a, b):\n{line}\n    return total\n"),
    )
    .unwrap();
    let mut s = Server::spawn(&["mcp", "--hashes", "--root", root.path().to_str().unwrap()]);
    s.initialize();
    s.ok("read_file", json!({"path": "f.py"}));
    let result = s.call(
        "edit_file",
        json!({"path": "f.py", "old_string": "total = compute_the_sum(a, c)", "new_string": "total = compute_the_sum(a, c) + 1"}),
    );
    let reference = format!("2#{}|{line}\n", line_id(2, line));
    let said = super::text(&result);
    assert!(
        said.contains(&format!("with their LINE#IDs:\n{reference}")),
        "{said}"
    );
    let place = &result["structuredContent"]["files"][0]["matches"][0]["differences"][0];
    assert_eq!(place["current"], reference.as_str(), "{result}");
}
