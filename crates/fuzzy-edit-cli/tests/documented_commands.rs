//! Every command the README and `docs/*.md` show in a `sh` block runs as shown, so the
//! documentation cannot drift from the program. Pages are found by listing `docs/`, so a page
//! added later is checked without a line here.
//!
//! A command of the `fuzzy-edit` binary (also as `cargo run -q -p fuzzy-edit-cli -- ...`, and
//! inside the `mkdir ... && fuzzy-edit ...` lines that install completions) is run with `bash`
//! in a scratch directory (one per block) holding a copy of `examples/`, the binary under test first on `PATH`
//! and `HOME` in the scratch directory; it must exit 0, and when the next block of the page is
//! a `text` block that is not a transcript (`$ ...`), print exactly that. Every other command
//! must be one this project runs elsewhere ([`ELSEWHERE`]), so that a new kind of command in
//! the docs is either run here or said to be run somewhere.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Commands run by something other than this test, by how they start, and where.
const ELSEWHERE: &[(&str, &str)] = &[
    ("cargo test", ".ci/run (this test is part of it)"),
    ("cargo install", "builds this binary, which these tests run"),
    ("cargo build", ".ci/run builds every crate"),
    ("cargo bench", "benchmarks, run by hand: docs/benchmarks.md"),
    (
        "cargo run --release -p accuracy",
        ".ci/run (the accuracy gate)",
    ),
    (
        "cargo run --release -p frontend-speed",
        "benchmarks, run by hand",
    ),
    ("cargo doc", "documentation build"),
    (
        "pip install",
        ".ci/python (a fresh venv, pip install ./python)",
    ),
    (
        "python -m fuzzy_edit",
        ".ci/python (python/tests run the demo and the loop)",
    ),
    ("python3 -m venv", "benchmarks, run by hand"),
    ("/tmp/mcp-venv/", "benchmarks, run by hand"),
    ("git clone", "benchmarks, run by hand"),
    ("git -C", "benchmarks, run by hand"),
    ("(cd benches", "benchmarks, run by hand"),
    ("node benches", "benchmarks, run by hand"),
    ("python3 benches", "benchmarks, run by hand"),
    ("BENCH_NAME=", "benchmarks, run by hand"),
    ("cd npm", ".ci/npm (npm ci, npm test)"),
    (
        "claude mcp add",
        "an agent's own command; the server it starts is tested in mcp/",
    ),
    (
        "codex mcp add",
        "an agent's own command; the server it starts is tested in mcp/",
    ),
    ("bash .ci/", "CI itself"),
    ("npm ", "the npm package's own tests"),
    ("npx ", "the npm package's own tests"),
];

/// The README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = repo();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fenced block: its language and its text.
struct Block {
    lang: String,
    text: String,
}

/// The fenced blocks of a Markdown page, in order (a fence of more backticks holds shorter
/// ones as text).
fn blocks(page: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String, String)> = None;
    for line in page.lines() {
        let ticks = line.chars().take_while(|c| *c == '`').count();
        match &mut open {
            None if ticks >= 3 => {
                open = Some((ticks, line[ticks..].trim().to_string(), String::new()))
            }
            Some((n, _, _)) if ticks == *n && line.trim() == "`".repeat(*n) => {
                let (_, lang, text) = open.take().unwrap();
                out.push(Block { lang, text });
            }
            Some((_, _, text)) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    out
}

/// The commands of a shell block, a line ending in `\` joined with the next.
fn commands(block: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    // The word that ends a here-document the current command opened (`<<'EOF'`).
    let mut until: Option<String> = None;
    for line in block.lines() {
        if let Some(end) = &until {
            current.push('\n');
            current.push_str(line);
            if line.trim() == end {
                until = None;
                out.push(current.trim().to_string());
                current.clear();
            }
            continue;
        }
        if let Some(start) = line.strip_suffix('\\') {
            current.push_str(start);
            continue;
        }
        current.push_str(line);
        if let Some((_, word)) = current.split_once("<<") {
            let word = word.trim().trim_matches(['\'', '"']);
            if !word.is_empty() {
                until = Some(word.to_string());
                continue;
            }
        }
        if !current.trim().is_empty() {
            out.push(current.trim().to_string());
        }
        current.clear();
    }
    out
}

/// The command as this test runs it, if it is one of the binary's.
fn runnable(command: &str) -> Option<String> {
    for cargo in [
        "cargo run -q -p fuzzy-edit-cli --",
        "cargo run -p fuzzy-edit-cli --",
    ] {
        if let Some(rest) = command.strip_prefix(cargo) {
            return Some(format!("fuzzy-edit{rest}"));
        }
    }
    let installs = command.starts_with("mkdir -p ~/") || command.starts_with("for ");
    // Set-up lines that write the example's files in the scratch directory.
    if (command.starts_with("printf ") && command.contains(" > "))
        || (command.starts_with("echo ") && command.contains("| fuzzy-edit "))
    {
        return Some(command.to_string());
    }
    (command.starts_with("fuzzy-edit ") || (installs && command.contains("fuzzy-edit ")))
        .then(|| command.to_string())
}

/// A scratch directory with a copy of `examples/`, and `HOME` inside it.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("examples")).unwrap();
    for entry in std::fs::read_dir(repo().join("examples")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(
            entry.path(),
            dir.path().join("examples").join(entry.file_name()),
        )
        .unwrap();
    }
    std::fs::create_dir(dir.path().join("home")).unwrap();
    dir
}

#[test]
fn every_documented_command_runs_as_shown() {
    let bin = Path::new(env!("CARGO_BIN_EXE_fuzzy-edit"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for page in pages() {
        let name = page.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&page).unwrap();
        let blocks = blocks(&text);
        for (i, block) in blocks.iter().enumerate() {
            if !matches!(block.lang.as_str(), "sh" | "bash" | "shell") {
                continue;
            }
            let commands = commands(&block.text);
            // One scratch directory per block: its commands may build on each other.
            let dir = scratch();
            for command in &commands {
                let Some(run) = runnable(command) else {
                    assert!(
                        ELSEWHERE.iter().any(|(start, _)| command.starts_with(start)),
                        "{name}: `{command}` is neither a fuzzy-edit command this test runs nor one listed in ELSEWHERE with where it runs"
                    );
                    continue;
                };
                let out = Command::new("bash")
                    .args(["-c", &run])
                    .current_dir(dir.path())
                    .env("PATH", &path)
                    .env("HOME", dir.path().join("home"))
                    .env_remove("NO_COLOR")
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "{name}: `{command}` exited {:?}:\n{}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr)
                );
                ran += 1;
                // The output shown right after a one-command block is the output.
                let shown = blocks.get(i + 1).filter(|b| {
                    commands.len() == 1 && b.lang == "text" && !b.text.starts_with("$ ")
                });
                if let Some(shown) = shown {
                    assert_eq!(
                        String::from_utf8_lossy(&out.stdout),
                        shown.text,
                        "{name}: `{command}` does not print what the page shows"
                    );
                }
            }
        }
    }
    assert!(ran >= 5, "only {ran} documented commands were run");
}
