//! Synthetic, deterministic inputs for the speed benchmark (also usable from a standalone
//! binary through `#[path = ".../benches/support/inputs.rs"] mod inputs;`).
//!
//! Every case carries the outcome it must have, so the benchmark can check once, before
//! timing, that it measures the intended path (an exact match, a block-anchor match, a refusal
//! after the whole cascade, ...).

use fuzzy_edit::Edit;

/// File sizes, in lines, of the scaling cases.
pub const SIZES: [(usize, &str); 3] = [(1_000, "1k"), (10_000, "10k"), (100_000, "100k")];

/// What `apply` must do with a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Applied by this strategy.
    Applied(&'static str),
    /// Refused with this error kind (`EditError::kind`).
    Refused(&'static str),
}

/// One benchmark input.
pub struct Case {
    /// Criterion group (`"exact"`, `"longline"`, ...).
    pub group: &'static str,
    /// Criterion id within the group (`"100k"`, `"near"`, ...).
    pub id: &'static str,
    /// The file.
    pub text: String,
    /// The edit applied to it.
    pub edit: Edit,
    /// The outcome the case is meant to exercise.
    pub expect: Expect,
    /// Lines in the file (for throughput).
    pub lines: usize,
}

impl Case {
    /// `group/id`, as criterion names it.
    pub fn name(&self) -> String {
        format!("{}/{}", self.group, self.id)
    }

    /// Apply the edit once and panic unless the outcome is the expected one.
    pub fn check(&self) {
        let got = match fuzzy_edit::apply(&self.text, &self.edit) {
            Ok(applied) => Expect::Applied(applied.matches[0].strategy.as_str()),
            Err(e) => Expect::Refused(e.kind()),
        };
        assert_eq!(got, self.expect, "{}: unexpected outcome", self.name());
    }
}

/// A tiny deterministic generator (64-bit LCG), so files vary without a `rand` dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % bound
    }
}

/// Lines of the `i`-th function unit (11 lines, the last blank).
fn function(i: usize, rng: &mut Lcg) -> Vec<String> {
    let m = 2 + rng.next(9);
    let r = rng.next(m);
    let c = rng.next(1000);
    vec![
        format!("/// Returns the weighted sum of bucket {i}."),
        format!("pub fn weighted_sum_{i}(values: &[u64], weight: u64) -> u64 {{"),
        format!("    let mut acc_{i} = 0u64;"),
        "    for (idx, v) in values.iter().enumerate() {".to_string(),
        format!("        if idx % {m} == {r} {{"),
        format!("            acc_{i} += v * weight + {c};"),
        "        }".to_string(),
        "    }".to_string(),
        format!("    acc_{i}"),
        "}".to_string(),
        String::new(),
    ]
}

/// Lines of the `i`-th struct unit (13 lines, the last blank).
fn record(i: usize, rng: &mut Lcg) -> Vec<String> {
    let c = rng.next(100);
    vec![
        "#[derive(Debug, Clone, PartialEq)]".to_string(),
        format!("pub struct Record{i} {{"),
        "    pub id: u64,".to_string(),
        "    pub name: String,".to_string(),
        format!("    pub score_{i}: f64,"),
        "}".to_string(),
        String::new(),
        format!("impl Record{i} {{"),
        "    pub fn new(id: u64, name: &str) -> Self {".to_string(),
        format!("        Self {{ id, name: name.to_string(), score_{i}: {c}.5 }}"),
        "    }".to_string(),
        "}".to_string(),
        String::new(),
    ]
}

/// A Rust-like file of exactly `n` lines, and the index of the function unit nearest its
/// middle together with the line where that unit starts.
fn code_file(n: usize) -> (String, usize, usize) {
    let mut rng = Lcg(0x5eed_f00d ^ n as u64);
    let mut lines: Vec<String> = Vec::with_capacity(n + 16);
    let mut middle = None;
    let mut i = 0;
    while lines.len() < n {
        if i % 3 == 2 {
            lines.extend(record(i, &mut rng));
        } else {
            if middle.is_none() && lines.len() + 11 >= n / 2 && lines.len() + 11 < n {
                middle = Some((i, lines.len()));
            }
            lines.extend(function(i, &mut rng));
        }
        i += 1;
    }
    lines.truncate(n);
    let (unit, at) = middle.expect("file too small for a middle function");
    let mut text = lines.join("\n");
    text.push('\n');
    (text, unit, at)
}

fn join(lines: &[String]) -> String {
    lines.join("\n")
}

/// The scaling cases for a file of `n` lines.
pub fn scaling_cases(n: usize, label: &'static str) -> Vec<Case> {
    let (text, unit, at) = code_file(n);
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let f = &lines[at..at + 11];
    debug_assert!(f[1].contains(&format!("weighted_sum_{unit}(")));
    let changed_acc = format!("            acc_{unit} += v * weight * 2;");

    // exact: 5 lines (signature .. accumulation) copied byte for byte.
    let exact_old = f[1..=5].to_vec();
    let mut exact_new = exact_old.clone();
    exact_new[4] = changed_acc.clone();

    // indentation drift: the body lines (let .. closing brace of the if) with 4 spaces less.
    let dedent = |l: &String| l.strip_prefix("    ").unwrap_or(l).to_string();
    let indent_old: Vec<String> = f[2..=6].iter().map(dedent).collect();
    let mut indent_new = indent_old.clone();
    indent_new[3] = dedent(&changed_acc);

    // typo: 7 lines (signature .. end of the loop) with a 1-character typo in the `for` line,
    // which `new` keeps as it is; `new` changes the accumulation line.
    let mut typo_old = f[1..=7].to_vec();
    typo_old[2] = typo_old[2].replace("values.iter()", "value.iter()");
    let mut typo_new = typo_old.clone();
    typo_new[4] = changed_acc.clone();

    // absent: a function that is nowhere in the file (its closing lines are, loosely).
    let absent_old = "pub fn missing_helper(config: &Config) -> Result<(), Error> {\n    let handle = open_resource(config)?;\n    handle.flush()?;\n    Ok(())\n}";
    let absent_new = "pub fn missing_helper(config: &Config) -> Result<(), Error> {\n    let handle = open_resource(config)?;\n    handle.sync_all()?;\n    Ok(())\n}";

    let case = |group, old: String, new: String, expect| Case {
        group,
        id: label,
        text: text.clone(),
        edit: Edit::new(old, new),
        expect,
        lines: n,
    };
    vec![
        case(
            "exact",
            join(&exact_old),
            join(&exact_new),
            Expect::Applied("exact"),
        ),
        case(
            "indent",
            join(&indent_old),
            join(&indent_new),
            Expect::Applied("indentation"),
        ),
        case(
            "typo",
            join(&typo_old),
            join(&typo_new),
            Expect::Applied("block_anchor"),
        ),
        case(
            "absent",
            absent_old.to_string(),
            absent_new.to_string(),
            Expect::Refused("not_found"),
        ),
    ]
}

/// A minified-looking single line of exactly `len` bytes (ASCII), newline-terminated.
fn long_line(len: usize) -> String {
    let mut rng = Lcg(0x10e6_11e5);
    let mut s = String::with_capacity(len + 64);
    let mut k = 0;
    while s.len() < len {
        let a = rng.next(97);
        s.push_str(&format!("var a{k}=f({a},b[{}]);", k % 13));
        k += 1;
    }
    s.truncate(len);
    s.push('\n');
    s
}

/// The pathological cases.
pub fn pathological_cases() -> Vec<Case> {
    let mut out = Vec::new();

    // One 20,000-character line.
    let line = long_line(20_000);
    let mut near: Vec<u8> = line.as_bytes()[9_900..10_100].to_vec();
    // Change two characters in the slice: `=` becomes `:` and a digit changes.
    let eq = near
        .iter()
        .position(|&b| b == b'=')
        .expect("slice has an `=`");
    near[eq] = b':';
    let digit = near
        .iter()
        .rposition(u8::is_ascii_digit)
        .expect("slice has a digit");
    near[digit] = if near[digit] == b'9' {
        b'0'
    } else {
        near[digit] + 1
    };
    let near = String::from_utf8(near).expect("ascii");
    out.push(Case {
        group: "longline",
        id: "near",
        text: line.clone(),
        edit: Edit::new(near.clone(), near.replace(':', "=")),
        expect: Expect::Refused("not_found"),
        lines: 1,
    });
    out.push(Case {
        group: "longline",
        id: "absent",
        text: line,
        edit: Edit::new(
            "function totallyAbsent(x) { return x * 2; }",
            "function totallyAbsent(x) { return x * 3; }",
        ),
        expect: Expect::Refused("not_found"),
        lines: 1,
    });

    // 20,000 identical lines; `old` is 3 of them and a line that does not exist.
    let same = "    x = x + 1;\n".repeat(20_000);
    out.push(Case {
        group: "identical",
        id: "missing_anchor",
        text: same,
        edit: Edit::new(
            "    x = x + 1;\n    x = x + 1;\n    x = x + 1;\n    return x;",
            "    x = x + 1;\n    x = x + 1;\n    x = x + 2;\n    return x;",
        ),
        expect: Expect::Refused("not_found"),
        lines: 20_000,
    });

    // 600 blocks whose first and last lines are `{` and `}`.
    let blocks = 600;
    let target = 300;
    // Middle lines unique per block: the middle-line filter prunes all but one window.
    let mut unique = String::new();
    for i in 0..blocks {
        unique.push_str(&format!(
            "{{\n    let v{i} = compute({i});\n    store(&v{i});\n    log_value({i});\n}}\n"
        ));
    }
    let old = format!(
        "{{\n    let v{target} = compute({target});\n    stroe(&v{target});\n    log_value({target});\n}}"
    );
    let new = old.replace("log_value(", "log_value_twice(");
    out.push(Case {
        group: "anchors500",
        id: "unique_middle",
        lines: blocks * 5,
        text: unique,
        edit: Edit::new(old, new),
        expect: Expect::Applied("block_anchor"),
    });
    // Middle lines mostly shared: every window passes the filter and is scored; the best is
    // not far enough ahead of the runner-up, so the edit is refused.
    let mut shared = String::new();
    for i in 0..blocks {
        shared.push_str(&format!(
            "{{\n    let value = input.next();\n    process_{i}(value);\n    total += value;\n}}\n"
        ));
    }
    let old = format!(
        "{{\n    let value = input.next();\n    proces_{target}(value);\n    total += value;\n}}"
    );
    let new = old.replace("total += value;", "total += 2 * value;");
    out.push(Case {
        group: "anchors500",
        id: "shared_middle",
        lines: blocks * 5,
        text: shared,
        edit: Edit::new(old, new),
        expect: Expect::Refused("low_confidence"),
    });
    out
}

/// Every case: the scaling ones for each size, then the pathological ones.
pub fn all_cases() -> Vec<Case> {
    let mut out: Vec<Case> = SIZES
        .iter()
        .flat_map(|&(n, label)| scaling_cases(n, label))
        .collect();
    out.extend(pathological_cases());
    out
}
