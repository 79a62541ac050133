//! Near twins: a block and a copy of it a few edits different elsewhere. `old` clearly closer
//! to one (by character edits) denotes it; `old` as close to both, or several edits from
//! both, is refused. And windows over the same lines (another extent of one block): alike
//! when editing either leaves the same file.

use fuzzy_edit::Edit;

use crate::support::{applied, kind, lines, strategy};

/// A block, and its near twin (`total` renamed `total_alt` in one line: 4 edits).
const TWINS: &str = "\
fn first(items: &[u32]) -> u32 {
    let mut total = 0;
    let mut count = 0;
    for item in items {
        total += item * 2;
        count += 1;
    }
    total / count
}

fn second(items: &[u32]) -> u32 {
    let mut total = 0;
    let mut count = 0;
    for item in items {
        total_alt += item * 2;
        count += 1;
    }
    total / count
}
";

/// The body of the blocks with `line` (0-based) replaced, and `last` as the last line.
fn body(line: usize, with: &str, last: &str) -> String {
    let mut v = [
        "    let mut total = 0;",
        "    let mut count = 0;",
        "    for item in items {",
        "        total += item * 2;",
        "        count += 1;",
        "    }",
        last,
    ];
    v[line] = with;
    v.join("\n")
}

// The issue's case: `old` one slip from the first block (`iten`) is 1 edit from it and 5 from
// its twin; a ratio margin (0.99 against 0.97) cannot tell them apart, the distance can.
#[test]
fn old_one_slip_from_a_block_edits_it_not_its_near_twin() {
    let slip = "    for iten in items {";
    let edit = Edit::new(
        body(2, slip, "    total / count"),
        body(2, slip, "    total / count.max(1)"),
    );
    let out = applied(TWINS, &edit);
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(lines(&out), [(2, 8)]);
    assert_eq!(
        out.text,
        TWINS.replacen("total / count\n", "total / count.max(1)\n", 1)
    );
}

// The slip in the twin's own line: `old` is 1 edit from the twin (`total_alx`) and 4 from the
// first block: the twin is meant.
#[test]
fn old_closer_to_the_twin_edits_the_twin() {
    let edit = Edit::new(
        body(3, "        total_alx += item * 2;", "    total / count"),
        body(3, "        total_alx += item * 3;", "    total / count"),
    );
    let out = applied(TWINS, &edit);
    assert_eq!(lines(&out), [(12, 18)]);
    assert_eq!(
        out.text,
        TWINS.replace("total_alt += item * 2", "total_alt += item * 3")
    );
}

// `old` one character from each of two twins is as close to both: refused, not guessed.
#[test]
fn old_as_close_to_both_twins_is_refused() {
    let file = TWINS.replace("total_alt", "totaQ");
    let line = "        totaW += item * 2;";
    let edit = Edit::new(
        body(3, line, "    total / count"),
        body(3, line, "    total / count.max(1)"),
    );
    assert_eq!(kind(&file, &edit), "low_confidence");
}

// `old` 3 edits from the first block and 7 from the twin: too far from either for the
// distance to decide (`TWIN_MAX_EDITS` is 2); the ratio margin refuses as before.
#[test]
fn old_several_edits_from_both_is_refused() {
    let line = "    let mut coxxx = 0;";
    let edit = Edit::new(
        body(1, line, "    total / count"),
        body(1, line, "    total / count.max(1)"),
    );
    assert_eq!(kind(TWINS, &edit), "low_confidence");
}

/// A block ending in two closing braces: `old`'s last line `}` anchors a window at either.
const NESTED: &str = "\
fn run() {
    if ready {
        step_one();
        step_two();
        step_three();
        step_four();
        step_five();
        step_six();
        step_seven();
    }
}
";

// `old` with a line the file lacks (a comment the model made up) ends at either `}` (scores
// 0.92 and 0.83: within the margin). Both windows give the same file once edited, so the
// choice of extent does not matter: applied.
#[test]
fn windows_over_the_same_lines_with_the_same_result_are_one() {
    let old = NESTED.replace(
        "        step_two();\n",
        "        // keep in sync\n        step_two();\n",
    );
    let new = old.replace("step_three()", "step_3()");
    let out = applied(NESTED, &Edit::new(old.trim_end(), new.trim_end()));
    assert_eq!(strategy(&out), "block_anchor");
    assert_eq!(out.text, NESTED.replace("step_three()", "step_3()"));
}

// The same two windows, but the edit changes the last line: the results differ (which `}`
// the model rewrote is unclear), so it is refused.
#[test]
fn windows_over_the_same_lines_with_different_results_are_refused() {
    let old = NESTED.replace(
        "        step_two();\n",
        "        // keep in sync\n        step_two();\n",
    );
    let new = format!(
        "{}\n}} // run",
        old.trim_end().trim_end_matches('}').trim_end()
    );
    assert_eq!(
        kind(NESTED, &Edit::new(old.trim_end(), new)),
        "low_confidence"
    );
}

// More similar blocks than block_anchor scores (256): it cannot know the best is unrivalled,
// so it is refused, even though the best window's result is "the same" as itself.
#[test]
fn too_many_similar_blocks_are_refused_not_taken_as_one_extent() {
    let block = |b: &str, c: &str| {
        format!("fn f() {{\n    a();\n    {b}();\n    {c}();\n    d();\n    e();\n}}\n")
    };
    let mut file = block("bbbbbb", "cccccc");
    for _ in 0..300 {
        file.push_str(&block("zzzzzz", "yyyyyy"));
    }
    let old = block("bbbbbx", "cccccc");
    let new = old.replace("e()", "e(1)");
    assert_eq!(kind(&file, &Edit::new(old, new)), "low_confidence");
}

/// A doc example written twice: the first copy has `Duxation` and, on its second to last line,
/// `tixer` (two slips); the second copy is as it should be.
const TIMER_DOCS: &str = "impl Timer {
    /// Restarts the timer.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// let mut timer = clock::timer(Duration::from_millis(100));
    ///
    /// timer.tick();
    ///
    /// clock::wait(Duxation::from_millis(50));
    /// timer.restart();
    ///
    /// tixer.tick();
    /// timer.tick();
    /// ```
    pub fn restart(&mut self) {
        self.due = Instant::now() + self.period;
    }

    /// Restarts the timer at once.
    ///
    /// This skips the missed-tick rule.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// let mut timer = clock::timer(Duration::from_millis(100));
    ///
    /// timer.tick();
    ///
    /// clock::wait(Duration::from_millis(50));
    /// timer.restart();
    ///
    /// timer.tick();
    /// timer.tick();
    /// ```
    pub fn restart_now(&mut self) {
        self.due = Instant::now();
    }
}
";

#[test]
fn a_twins_slipped_copy_of_a_line_is_not_read_as_a_line_left_out() {
    // `old` is the second copy with one slip (`Duxation`). Against the first copy every line
    // stands in place but for `tixer.tick();`, which looks left out: it is the twin's slipped
    // copy of the `timer.tick();` below it, and the second copy is as near.
    let old = "    /// use std::time::Duration;\n    ///\n    /// let mut timer = clock::timer(Duration::from_millis(100));\n    ///\n    /// timer.tick();\n    ///\n    /// clock::wait(Duxation::from_millis(50));\n    /// timer.restart();\n    ///\n    /// timer.tick();\n";
    let new = old.replace(
        "    /// timer.tick();\n    ///\n",
        "    /// timer.tick();\n    /// timer.tick();\n    ///\n",
    );
    assert_eq!(kind(TIMER_DOCS, &Edit::new(old, new)), "low_confidence");
}

/// Two near twins of one loop: the first with `count` renamed `count_alt` in its last line, the
/// second with `total` renamed `total_alt` in a middle line.
const EDGE_TWINS: &str = "\
fn first(items: &[u32]) -> u32 {
    let mut total = 0;
    for item in items {
        total += item * 2;
        count += 1;
    }
    total / count_alt
}

fn second(items: &[u32]) -> u32 {
    let mut total = 0;
    for item in items {
        total_alt += item * 2;
        count += 1;
    }
    total / count
}
";

/// The loop as the model read it, with `new`'s `* 2` made `* 3`.
fn loop_edit() -> Edit {
    let old = "    for item in items {\n        total += item * 2;\n        count += 1;\n    }\n    total / count";
    Edit::new(old, old.replace("* 2", "* 3"))
}

// (Generated, the attack benchmark's `twin_equidistant`: `#endif` found in `#endif_alt`, the
// edit applied to that twin.) `old` ends inside the first twin's renamed `count_alt`: found
// there exactly as a string, it is one line from each twin, and is refused, not guessed.
#[test]
fn a_block_found_inside_a_longer_word_at_its_edge_is_weighed_against_its_twin() {
    assert_eq!(kind(EDGE_TWINS, &loop_edit()), "low_confidence");
}

// The twin: the second block as the model read it, whole lines: it is edited, not the first
// (found only inside `count_alt`), which made the edit ambiguous before.
#[test]
fn a_twin_of_whole_lines_is_edited_not_the_one_inside_a_longer_word() {
    let file = EDGE_TWINS.replace("total_alt +=", "total +=");
    let out = applied(&file, &loop_edit());
    assert_eq!(lines(&out), [(12, 16)]);
    let want = format!(
        "{}{}",
        &file[..file.find("fn second").unwrap()],
        file[file.find("fn second").unwrap()..].replace("* 2", "* 3")
    );
    assert_eq!(out.text, want);
}

// Each copy differs from `old` in one line: the block in the proc one letter off (`counx`),
// the bare copy below a name 4 edits off (`$portNext`), and it holds `old`'s `count` line as
// written. `old` copied one line of each; which block it read is a guess: refused.
#[test]
fn old_one_line_from_each_twin_is_refused_however_many_letters_off() {
    let file = "proc start_server {base_port} {
    while {$retry} {
        set cfg [open $cfgfile a+]
        if {$::tls} {
            puts $cfg \"tls-port $port\"
            set pport [find_available_port $base_port $::redis_port_counx]
            puts $cfg \"port $pport\"
        }
        close $cfg
    }
}

        if {$::tls} {
            puts $cfg \"tls-port $portNext\"
            set pport [find_available_port $base_port $::redis_port_count]
";
    let old = "        if {$::tls} {\n            puts $cfg \"tls-port $port\"\n            set pport [find_available_port $base_port $::redis_port_count]";
    let new = old.replacen("{\n", "{\n            # keep in sync\n", 1);
    let edit = Edit::new(old, &new);
    assert_eq!(kind(file, &edit), "low_confidence");
    // The copy's line another statement (many edits): the block in the proc is meant.
    let file = file.replace(
        "tls-port $portNext",
        "plaintext-port $port $extra_listener_flags",
    );
    let out = applied(&file, &edit);
    assert_eq!(lines(&out), [(4, 6)]);
}
