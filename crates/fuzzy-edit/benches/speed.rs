//! Speed of `fuzzy_edit::apply` on synthetic files.
//!
//! Scaling cases on 1k, 10k and 100k-line Rust-like files (`exact`, `indent`, `typo`,
//! `absent`), and pathological inputs (`longline`, `identical`, `anchors500`). Targets: every
//! case on the 100k-line file at most 10 ms, growing linearly with the file; pathological
//! inputs at most 50 ms.
//!
//! Inputs are built once, outside the timed closure, and each case is applied once before
//! timing to check that it takes the intended path (see `support/inputs.rs`).
//!
//! Run with `cargo bench -p fuzzy-edit --bench speed`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

#[path = "support/inputs.rs"]
mod inputs;

use inputs::{all_cases, Case};

fn bench_case(c: &mut Criterion, case: &Case) {
    case.check();
    let mut group = c.benchmark_group(case.group);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .throughput(Throughput::Elements(case.lines as u64));
    group.bench_with_input(BenchmarkId::from_parameter(case.id), case, |b, case| {
        // The whole result goes through `black_box` and is dropped inside the timed loop; only
        // a bool leaves the closure (an `EditError` is large to return by value).
        b.iter(|| {
            black_box(fuzzy_edit::apply(
                black_box(&case.text),
                black_box(&case.edit),
            ))
            .is_ok()
        })
    });
    group.finish();
}

fn speed(c: &mut Criterion) {
    for case in all_cases() {
        bench_case(c, &case);
    }
}

criterion_group!(benches, speed);
criterion_main!(benches);
