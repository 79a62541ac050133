//! `old` copied from a read tool with its line numbers, and the block at those lines changed
//! since: a sibling elsewhere that `old` matches more closely is not the block the model read.
//! The edit is refused (`numbered_place`) with the numbered lines as they read now. Numbers a
//! few lines off the block, the file grown above since the read, still apply.

use fuzzy_edit::Edit;

use crate::support::{applied, refused};

/// Two tests alike; the second (lines 8-13) is the one the model read, and it changed since.
const FILE: &str = "\
@Test
func adapterAndRetrierInit() {
    let adapter = Adapter { completion(.success(request)) }
    let retrier = Retrier { completion(.doNotRetry) }
    #expect(interceptor.adapters.count == 1)
}

@Test
func adaptersAndRetriersInitX() {
    let adapter = Adapter { completion(.succesx(request)) }
    let retrier = Retrier { completion(.doNotRetry) }
    #expect(interceptor.adapters.count == 2)
}
";

fn numbered(first: usize, lines: &str) -> String {
    lines
        .lines()
        .enumerate()
        .map(|(k, l)| format!("{:6}\t{l}", first + k))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_sibling_away_from_the_numbered_lines_is_not_edited() {
    let read = "@Test\nfunc adaptersAndRetriersInit() {\n    let adapter = Adapter { completion(.success(request)) }\n    let retrier = Retrier { completion(.doNotRetry) }\n    #expect(interceptor.adapters.count == 1)\n}";
    let old = numbered(8, read);
    let new = read.replace("== 1", "== 3");
    let err = refused(FILE, &Edit::new(&old, &new));
    assert_eq!(err.rule(), "numbered_place", "{err}");
    assert!(
        err.to_string()
            .contains("     9\tfunc adaptersAndRetriersInitX() {"),
        "{err}"
    );
}

#[test]
fn numbers_a_few_lines_off_the_block_still_apply() {
    // The same `old`, a letter off, numbered from line 2: the file grew a line above since.
    let read = "@Test\nfunc adapterAndRetrierInit() {\n    let adapter = Adapter { completion(.succes(request)) }\n    let retrier = Retrier { completion(.doNotRetry) }\n    #expect(interceptor.adapters.count == 1)\n}";
    let old = numbered(2, read);
    let new = read.replace("== 1", "== 3");
    let out = applied(FILE, &Edit::new(&old, &new));
    assert_eq!(out.text, FILE.replacen("== 1", "== 3", 1));
}
