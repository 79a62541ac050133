//! `kill -9` at random moments (issue 9, reproduction 7): the file is always either the old
//! or the new text, and the temporary file a killed run leaves is removed by the next run.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::{assert_ok, Work};

const KILLS: u64 = 30;

#[test]
fn a_killed_apply_leaves_old_or_new_and_the_next_run_cleans_up() {
    let w = Work::new();
    // Large enough that reading, planning and writing take a few milliseconds.
    let old: String = (0..200_000).map(|i| format!("line {i}\n")).collect();
    let new = old.replacen("line 100000\n", "changed 100000\n", 1);
    let (mut killed_mid_run, mut left_a_temporary) = (0, 0);
    for k in 0..KILLS {
        w.write("big.txt", &old);
        let mut child = Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
            .current_dir(w.root())
            .args([
                "apply",
                "big.txt",
                "--old",
                "line 100000",
                "--new",
                "changed 100000",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Spread the kills over a run (about 180 ms in a debug build here): 0 to 232 ms.
        std::thread::sleep(Duration::from_micros(k * 8_000));
        if child.try_wait().unwrap().is_none() {
            killed_mid_run += 1;
        }
        let _ = child.kill();
        let _ = child.wait();
        left_a_temporary += usize::from(temporaries(&w) > 0);
        let now = w.read("big.txt");
        assert!(
            now == old || now == new,
            "kill {k}: the file is neither old nor new"
        );
    }
    assert!(killed_mid_run > 0, "no run was killed before it finished");
    eprintln!("{KILLS} kills: {killed_mid_run} mid-run, {left_a_temporary} left a temporary");
    // The next run on the directory removes what the killed ones left.
    w.write("big.txt", &old);
    assert_ok(&w.run([
        "apply",
        "big.txt",
        "--old",
        "line 1\n",
        "--new",
        "line one\n",
    ]));
    assert_eq!(temporaries(&w), 0, "temporary files left");
}

fn temporaries(w: &Work) -> usize {
    std::fs::read_dir(w.root())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().contains("fuzzy-edit"))
        })
        .count()
}
