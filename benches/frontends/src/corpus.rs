//! The generated Python file and the four request kinds, each with the outcome it must get.

/// A request kind: what the model got wrong, and what the engine must answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `old` copied exactly.
    Exact,
    /// `old` with 2-space indentation; the file uses 4.
    Indentation,
    /// `old` with a typo in a line the edit keeps.
    Typo,
    /// `old` occurs nowhere: refused with the closest fragment.
    Absent,
}

pub const KINDS: [Kind; 4] = [Kind::Exact, Kind::Indentation, Kind::Typo, Kind::Absent];

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Exact => "exact",
            Kind::Indentation => "indentation drift",
            Kind::Typo => "typo in a middle line",
            Kind::Absent => "absent (refused)",
        }
    }

    /// The strategy that must apply the edit, or the error kind that must refuse it.
    pub fn expected(self) -> Expected {
        match self {
            Kind::Exact => Expected::Applied("exact"),
            Kind::Indentation => Expected::Applied("indentation"),
            Kind::Typo => Expected::Applied("block_anchor"),
            Kind::Absent => Expected::Refused("not_found"),
        }
    }
}

/// The outcome a request must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    Applied(&'static str),
    Refused(&'static str),
}

/// Lines per generated function (with the blank line after it).
const FUNCTION_LINES: usize = 10;

/// A Python module of about `lines` lines (≈ 34 bytes a line): functions that differ in names
/// and constants but repeat their shape, as real code does.
pub fn python_file(lines: usize) -> String {
    let mut out = String::with_capacity(lines * 42);
    for i in 0..lines.div_ceil(FUNCTION_LINES) {
        out.push_str(&function(i));
    }
    out
}

fn function(i: usize) -> String {
    format!(
        "def handler_{i}(request, limit={limit}):\n    \"\"\"Handle the requests of kind {i}.\"\"\"\n    total = 0\n    # Sum the weighted values of the items of this kind.\n    for item in request.items[:limit]:\n        if item.kind == \"kind_{i}\":\n            total += item.value * {weight}\n    log.debug(\"handler_{i}: %s\", total)\n    return total\n\n",
        limit = i % 7 + 1,
        weight = i % 13 + 1,
    )
}

/// `old` and `new` of a request of `kind` on `python_file(lines)`: an edit in the middle.
pub fn edit(kind: Kind, lines: usize) -> (String, String) {
    let m = lines.div_ceil(FUNCTION_LINES) / 2;
    let weight = m % 13 + 1;
    match kind {
        Kind::Exact => (
            format!("    for item in request.items[:limit]:\n        if item.kind == \"kind_{m}\":\n            total += item.value * {weight}\n"),
            format!("    for item in request.items[:limit]:\n        if item.kind == \"kind_{m}\":\n            total += item.value * {weight} + 1\n"),
        ),
        Kind::Indentation => (
            format!("  for item in request.items[:limit]:\n    if item.kind == \"kind_{m}\":\n      total += item.value * {weight}\n"),
            format!("  for item in request.items[:limit]:\n    if item.kind == \"kind_{m}\":\n      total += item.value * {weight} + 1\n"),
        ),
        Kind::Typo => {
            // The function from its signature to the log line, a 1-character typo in the
            // `for` line (kept by `new`); `new` changes the accumulation line.
            let old = function(m)
                .lines()
                .take(8)
                .map(|l| format!("{l}\n"))
                .collect::<String>()
                .replace("request.items", "request.itmes");
            let new = old.replace(
                &format!("item.value * {weight}\n"),
                &format!("item.value * {weight} + 1\n"),
            );
            (old, new)
        }
        Kind::Absent => (
            "def summarize_orders(orders):\n    return sum(o.amount for o in orders)\n".to_string(),
            "def summarize_orders(orders):\n    return sum(o.total for o in orders)\n".to_string(),
        ),
    }
}

/// Write `python_file(lines)` as `module_{lines}.py` and the four requests on it as
/// `edits_{lines}.json` into `dir`, for each of `sizes`.
pub fn write(dir: &std::path::Path, sizes: &[usize]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for &lines in sizes {
        std::fs::write(dir.join(format!("module_{lines}.py")), python_file(lines))?;
        let edits: Vec<serde_json::Value> = KINDS
            .iter()
            .map(|&kind| {
                let (old, new) = edit(kind, lines);
                let expected = match kind.expected() {
                    Expected::Applied(strategy) => serde_json::json!({"applied": strategy}),
                    Expected::Refused(error) => serde_json::json!({"refused": error}),
                };
                serde_json::json!({"kind": kind.name(), "old": old, "new": new, "expected": expected})
            })
            .collect();
        let json = serde_json::to_string_pretty(&edits).map_err(std::io::Error::other)?;
        std::fs::write(dir.join(format!("edits_{lines}.json")), json)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_has_the_asked_size_and_the_exact_old_occurs_once() {
        let text = python_file(1000);
        assert_eq!(text.lines().count(), 1000);
        let (old, _) = edit(Kind::Exact, 1000);
        assert_eq!(text.matches(&old).count(), 1);
        let (absent, _) = edit(Kind::Absent, 1000);
        assert!(!text.contains(&absent));
        let (typo_old, typo_new) = edit(Kind::Typo, 1000);
        assert_eq!(typo_old.lines().count(), 8);
        assert_ne!(typo_old, typo_new);
    }

    #[test]
    fn the_written_corpus_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &[100]).unwrap();
        let text = std::fs::read_to_string(dir.path().join("module_100.py")).unwrap();
        assert_eq!(text, python_file(100));
        let edits: Vec<serde_json::Value> = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join("edits_100.json")).unwrap(),
        )
        .unwrap();
        assert_eq!(edits.len(), KINDS.len());
        assert_eq!(edits[2]["old"], edit(Kind::Typo, 100).0);
        assert_eq!(edits[3]["expected"]["refused"], "not_found");
    }
}
