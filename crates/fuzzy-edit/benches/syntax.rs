//! Cost of the syntax guard (`fuzzy_edit::syntax::check`) on synthetic Python and Rust files of
//! 1k, 10k and 100k lines, with one line in the middle of the file edited.
//!
//! Per language and size:
//! - `parse`: one full tree-sitter parse of the file, the floor under every check;
//! - `reparse`: the incremental re-parse after the edit alone (old tree edited and reused);
//! - `parse_broken`: one full parse of the broken result (error recovery has its own cost);
//! - `reparse_broken`: the incremental re-parse of the broken result;
//! - `valid`: `check` on an edit that leaves the file parsing (the common path: one full
//!   parse, one incremental re-parse);
//! - `broken`: `check` on an edit that adds an error (the refusal path: a second, fresh parse
//!   confirms the error before it is described).
//!
//! Each case is checked once before timing (valid → `None`, broken → `Some`).
//!
//! Run with `cargo bench -p fuzzy-edit --bench syntax`.

use std::hint::black_box;
use std::ops::Range;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fuzzy_edit::syntax::{check, Language};
use tree_sitter::{InputEdit, Parser, Point, Tree};

const SIZES: [(usize, &str); 3] = [(1_000, "1k"), (10_000, "10k"), (100_000, "100k")];

/// A Python function of 10 lines; `{i}` makes each one distinct.
fn python_unit(i: usize) -> String {
    format!(
        "def handler_{i}(request, limit=10):\n    \"\"\"Handle request {i}.\"\"\"\n    items = [x for x in request.items if x.size < limit]\n    if not items:\n        return None\n    total = sum(x.size for x in items)  # {i}\n    value = total + {i}\n    return {{'total': total, 'count': len(items), 'id': \"{i}\"}}\n\n\n"
    )
}

/// A Rust function of 10 lines.
fn rust_unit(i: usize) -> String {
    format!(
        "/// Handles request {i}.\npub fn handler_{i}(request: &Request, limit: usize) -> Option<usize> {{\n    let items: Vec<&Item> = request.items.iter().filter(|x| x.size < limit).collect();\n    if items.is_empty() {{\n        return None;\n    }}\n    let total: usize = items.iter().map(|x| x.size).sum();\n    let value = total + {i};\n    Some(value)\n}}\n"
    )
}

struct Case {
    language: Language,
    lines: usize,
    before: String,
    valid: (String, Range<usize>),
    broken: (String, Range<usize>),
}

/// A file of `lines` lines, and the same file with the `value = total + N` line of its middle
/// unit rewritten validly and brokenly.
fn case(language: Language, lines: usize) -> Case {
    let unit = match language {
        Language::Python => python_unit,
        _ => rust_unit,
    };
    let units = lines / 10;
    let before: String = (0..units).map(unit).collect();
    let target = match language {
        Language::Python => format!("    value = total + {}\n", units / 2),
        _ => format!("    let value = total + {};\n", units / 2),
    };
    let at = before.find(&target).expect("middle unit");
    let rewrite = |new: &str| {
        let after = format!("{}{new}{}", &before[..at], &before[at + target.len()..]);
        (after, at..at + new.len())
    };
    let (valid, broken) = match language {
        Language::Python => (
            rewrite("    value = (total + 1) * 2\n"),
            rewrite("    value = (total + 1 * 2\n"),
        ),
        _ => (
            rewrite("    let value = (total + 1) * 2;\n"),
            rewrite("    let value = (total + 1 * 2;\n"),
        ),
    };
    Case {
        language,
        lines,
        before,
        valid,
        broken,
    }
}

fn parser(language: Language) -> Parser {
    let grammar = match language {
        Language::Python => tree_sitter_python::LANGUAGE,
        _ => tree_sitter_rust::LANGUAGE,
    };
    let mut parser = Parser::new();
    parser.set_language(&grammar.into()).unwrap();
    parser
}

fn point(text: &str, at: usize) -> Point {
    let head = &text[..at];
    let row = head.matches('\n').count();
    Point::new(row, at - head.rfind('\n').map_or(0, |nl| nl + 1))
}

/// The old tree edited for `after`, ready for an incremental parse.
fn edited_tree(tree: &Tree, before: &str, after: &str, new: &Range<usize>) -> Tree {
    let old_end = before.len() - (after.len() - new.end);
    let mut tree = tree.clone();
    tree.edit(&InputEdit {
        start_byte: new.start,
        old_end_byte: old_end,
        new_end_byte: new.end,
        start_position: point(before, new.start),
        old_end_position: point(before, old_end),
        new_end_position: point(after, new.end),
    });
    tree
}

fn bench_case(c: &mut Criterion, case: &Case, id: &str) {
    assert_eq!(
        check(
            case.language,
            &case.before,
            &case.valid.0,
            case.valid.1.clone()
        ),
        None
    );
    assert!(check(
        case.language,
        &case.before,
        &case.broken.0,
        case.broken.1.clone()
    )
    .is_some());

    let mut group = c.benchmark_group(format!("syntax_{}", case.language));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(case.lines as u64));

    let mut p = parser(case.language);
    group.bench_with_input(BenchmarkId::new("parse", id), case, |b, case| {
        b.iter(|| black_box(p.parse(black_box(&case.before), None)).is_some())
    });
    group.bench_with_input(BenchmarkId::new("parse_broken", id), case, |b, case| {
        b.iter(|| black_box(p.parse(black_box(&case.broken.0), None)).is_some())
    });
    let tree = p.parse(&case.before, None).unwrap();
    let (after, new) = &case.valid;
    group.bench_with_input(BenchmarkId::new("reparse", id), case, |b, case| {
        b.iter_batched(
            || edited_tree(&tree, &case.before, after, new),
            |old| black_box(p.parse(black_box(after), Some(&old))).is_some(),
            criterion::BatchSize::LargeInput,
        )
    });
    let (broken, broken_new) = &case.broken;
    group.bench_with_input(BenchmarkId::new("reparse_broken", id), case, |b, case| {
        b.iter_batched(
            || edited_tree(&tree, &case.before, broken, broken_new),
            |old| black_box(p.parse(black_box(broken), Some(&old))).is_some(),
            criterion::BatchSize::LargeInput,
        )
    });
    group.bench_with_input(BenchmarkId::new("valid", id), case, |b, case| {
        b.iter(|| {
            black_box(check(
                case.language,
                black_box(&case.before),
                black_box(&case.valid.0),
                case.valid.1.clone(),
            ))
            .is_none()
        })
    });
    group.bench_with_input(BenchmarkId::new("broken", id), case, |b, case| {
        b.iter(|| {
            black_box(check(
                case.language,
                black_box(&case.before),
                black_box(&case.broken.0),
                case.broken.1.clone(),
            ))
            .is_some()
        })
    });
    group.finish();
}

fn syntax(c: &mut Criterion) {
    for language in [Language::Python, Language::Rust] {
        for (lines, id) in SIZES {
            bench_case(c, &case(language, lines), id);
        }
    }
}

criterion_group!(benches, syntax);
criterion_main!(benches);
