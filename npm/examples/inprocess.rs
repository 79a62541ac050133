//! The library in-process, for `bench/bench.js`: applies the edit in `DIR/old.txt`/`DIR/new.txt`
//! to `DIR/text.txt` N times and prints the median and minimum milliseconds per call as JSON,
//! so the binding's figures are compared with the engine's own on the same input.
//!
//! `cargo run --release --example inprocess -- DIR N`

use std::time::Instant;

use fuzzy_edit::{apply_with, Edit, Options};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("usage: inprocess DIR N"));
    let n: usize = args.next().map_or(20, |s| s.parse().expect("N: a number"));
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).expect(name);
    let (text, old, new) = (read("text.txt"), read("old.txt"), read("new.txt"));
    let edits = [Edit::new(old, new)];
    let options = Options::default();
    let mut times = Vec::with_capacity(n);
    let mut outcome = String::new();
    for _ in 0..n {
        let start = Instant::now();
        // The edited text is dropped inside the timed call, as the binding's is handed over.
        let result = apply_with(&text, &edits, &options);
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        outcome = match result {
            Ok(a) => format!("applied {}", a.matches[0].strategy),
            Err(f) => format!("refused {}", f.failures[0].error.kind()),
        };
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{{\"median_ms\": {:.3}, \"min_ms\": {:.3}, \"outcome\": \"{outcome}\"}}",
        times[n / 2],
        times[0]
    );
}
