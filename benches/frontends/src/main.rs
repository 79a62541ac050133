//! fuzzy-edit's front-end speed benchmark: the real `fuzzy-edit` binary, driven the way its
//! callers drive it, on generated Python files of 1k, 10k and 100k lines (≈ 34 bytes a line).
//!
//! - `pipe`: one long-lived `fuzzy-edit pipe`; per request, the time from the request's first
//!   byte written to its answer's last byte read, with the whole file as `content` (and the
//!   result in the answer, or `"return": "diff"`).
//! - `apply`: one `fuzzy-edit apply FILE --old … --new …` process per edit, spawn to exit (the
//!   file is rewritten before each run, untimed), on a 100-line file too.
//! - `mcp`: one `fuzzy-edit mcp` server driven over JSON-RPC; per `tools/call` of `read_file`
//!   and `edit_file` (an applied edit is undone with `write_file`, untimed).
//!
//! Four request kinds each: `old` exact, with 2-space indentation (the file uses 4), with a
//! typo in a line the edit keeps, and absent (refused with the closest fragment). Every answer
//! is checked (strategy or error kind) before it counts. Figures are medians over `--repeat`
//! requests after one warm-up request.
//!
//! ```sh
//! cargo build --release -p fuzzy-edit-cli
//! cargo run --release -p frontend-speed -- [--only pipe|apply|mcp] [--repeat N] [--bin PATH]
//! ```
//!
//! `--write-corpus DIR` writes the inputs instead (for clients in other languages, such as
//! `mcp_official_client.py`): `module_{lines}.py` and `edits_{lines}.json`, the four requests
//! as `{"kind", "old", "new", "expected"}`.

mod apply;
mod corpus;
mod mcp;
mod pipe;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use serde_json::json;

use corpus::{python_file, Expected, KINDS};

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];
/// The small file of the `apply` table (process start dominates).
const SMALL: usize = 100;

struct Args {
    bin: PathBuf,
    repeat: usize,
    only: Vec<String>,
    write_corpus: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let mut args = Args {
        bin: target.join("release/fuzzy-edit"),
        repeat: 21,
        only: Vec::new(),
        write_corpus: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--bin" => args.bin = PathBuf::from(value()?),
            "--repeat" => {
                args.repeat = value()?
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or("--repeat takes a positive number")?
            }
            "--only" => args.only.push(value()?),
            "--write-corpus" => args.write_corpus = Some(PathBuf::from(value()?)),
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if let Some(bad) = args
        .only
        .iter()
        .find(|o| !["pipe", "apply", "mcp"].contains(&o.as_str()))
    {
        return Err(format!("--only takes pipe, apply or mcp, not {bad:?}"));
    }
    if !args.bin.is_file() && args.write_corpus.is_none() {
        return Err(format!(
            "no binary at {}: build it first with `cargo build --release -p fuzzy-edit-cli`, or give --bin PATH",
            args.bin.display()
        ));
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("frontend-speed: {e}");
            }
            eprintln!("usage: frontend-speed [--only pipe|apply|mcp]... [--repeat N] [--bin PATH]");
            eprintln!("       frontend-speed --write-corpus DIR");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &args.write_corpus {
        return match corpus::write(dir, &SIZES) {
            Ok(()) => {
                println!("wrote the corpus to {}", dir.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!(
                    "frontend-speed: writing the corpus to {}: {e}",
                    dir.display()
                );
                ExitCode::FAILURE
            }
        };
    }
    let wants = |what: &str| args.only.is_empty() || args.only.iter().any(|o| o == what);
    println!(
        "binary: {} ({:.1} MB); median of {} requests, in ms\n",
        args.bin.display(),
        std::fs::metadata(&args.bin).map_or(0.0, |m| m.len() as f64 / 1e6),
        args.repeat
    );
    let run = || -> io::Result<()> {
        if wants("pipe") {
            pipe_table(&args, None, false)?;
            pipe_table(&args, Some("diff"), false)?;
            pipe_table(&args, None, true)?;
        }
        if wants("apply") {
            apply_table(&args)?;
        }
        if wants("mcp") {
            mcp_table(&args)?;
        }
        Ok(())
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("frontend-speed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The median of `times`, in milliseconds.
fn median_ms(mut times: Vec<Duration>) -> f64 {
    times.sort();
    times[times.len() / 2].as_secs_f64() * 1e3
}

fn cell(result: &Result<f64, String>) -> String {
    match result {
        Ok(ms) if *ms < 10.0 => format!("{ms:.2}"),
        Ok(ms) => format!("{ms:.1}"),
        Err(_) => "—".to_string(),
    }
}

/// Print one table row; a measurement that failed its check is shown as `—`, with the reason
/// below the row.
fn row(label: &str, cells: &[Result<f64, String>], growth: bool) {
    let mut line = format!("| {label} |");
    for c in cells {
        line.push_str(&format!(" {} |", cell(c)));
    }
    if growth {
        match (&cells[cells.len() - 2], &cells[cells.len() - 1]) {
            (Ok(a), Ok(b)) => line.push_str(&format!(" {:.1}× |", b / a)),
            _ => line.push_str(" — |"),
        }
    }
    println!("{line}");
    if let Some(Err(why)) = cells.iter().find(|c| c.is_err()) {
        println!("  ({label}: {why})");
    }
}

fn header(title: &str, sizes: &[usize], growth: bool) {
    let mut line = format!("| {title} |");
    let mut rule = "|---|".to_string();
    for s in sizes {
        line.push_str(&format!(" {} lines |", thousands(*s)));
        rule.push_str("---:|");
    }
    if growth {
        line.push_str(" 10k → 100k |");
        rule.push_str("---:|");
    }
    println!("{line}\n{rule}");
}

/// `1000` as `1k`.
fn thousands(n: usize) -> String {
    if n >= 1000 && n.is_multiple_of(1000) {
        format!("{}k", n / 1000)
    } else {
        n.to_string()
    }
}

fn pipe_table(args: &Args, ret: Option<&str>, guarded: bool) -> io::Result<()> {
    let title = match ret {
        _ if guarded => "pipe, syntax guard on (`\"name\": \"bench.py\"`)".to_string(),
        None => "pipe, answer with `result`".to_string(),
        Some(r) => format!("pipe, `\"return\": \"{r}\"`"),
    };
    header(&title, &SIZES, true);
    let texts: Vec<String> = SIZES.iter().map(|&n| python_file(n)).collect();
    let mut pipe = pipe::Pipe::start(&args.bin)?;
    for kind in KINDS {
        let mut cells = Vec::new();
        for (&lines, text) in SIZES.iter().zip(&texts) {
            let request = pipe::request(kind, lines, text, ret, guarded);
            let (_, answer) = pipe.ask(&request)?;
            if let Some(why) = pipe::wrong_answer(kind, ret, &answer) {
                cells.push(Err(why));
                continue;
            }
            let mut times = Vec::with_capacity(args.repeat);
            for _ in 0..args.repeat {
                times.push(pipe.ask(&request)?.0);
            }
            cells.push(Ok(median_ms(times)));
        }
        row(kind.name(), &cells, true);
    }
    println!();
    Ok(())
}

fn apply_table(args: &Args) -> io::Result<()> {
    let sizes = [SMALL, SIZES[0], SIZES[1], SIZES[2]];
    header("`apply`, spawn to exit", &sizes, true);
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("module.py");
    let mut version = Vec::new();
    for _ in 0..args.repeat {
        version.push(apply::version_once(&args.bin)?);
    }
    let floor = median_ms(version);
    for kind in KINDS {
        let mut cells = Vec::new();
        for &lines in &sizes {
            let text = python_file(lines);
            let mut times = Vec::with_capacity(args.repeat);
            let mut failed = None;
            for i in 0..=args.repeat {
                match apply::run_once(&args.bin, &file, &text, kind, lines)? {
                    Ok(t) if i > 0 => times.push(t),
                    Ok(_) => {}
                    Err(why) => {
                        failed = Some(why);
                        break;
                    }
                }
            }
            cells.push(failed.map_or_else(|| Ok(median_ms(times)), Err));
        }
        row(kind.name(), &cells, true);
    }
    println!("\n(`fuzzy-edit --version`, start to exit: {floor:.2} ms)\n");
    Ok(())
}

fn mcp_table(args: &Args) -> io::Result<()> {
    header("MCP `tools/call`", &SIZES, true);
    let dir = tempfile::tempdir()?;
    let root = dir.path();
    let mut server = mcp::Server::start(&args.bin, root)?;
    let texts: Vec<String> = SIZES.iter().map(|&n| python_file(n)).collect();
    let name = |lines: usize| format!("module_{lines}.py");
    for (&lines, text) in SIZES.iter().zip(&texts) {
        std::fs::write(root.join(name(lines)), text)?;
    }
    // read_file, default window (the first 2000 lines, numbered).
    let mut cells = Vec::new();
    for &lines in &SIZES {
        let args_json = json!({"path": name(lines)});
        let mut times = Vec::new();
        for i in 0..=args.repeat {
            let (took, result) = server.call("read_file", args_json.clone())?;
            if mcp::is_error(&result) {
                return Err(io::Error::other(format!("read_file refused: {result}")));
            }
            if i > 0 {
                times.push(took);
            }
        }
        cells.push(Ok(median_ms(times)));
    }
    row("read_file", &cells, true);
    for kind in KINDS {
        let mut cells = Vec::new();
        for (&lines, text) in SIZES.iter().zip(&texts) {
            let (old, new) = corpus::edit(kind, lines);
            let edit = json!({"path": name(lines), "old_string": old, "new_string": new});
            let restore = json!({"path": name(lines), "content": text});
            let mut times = Vec::new();
            let mut failed = None;
            for i in 0..=args.repeat {
                let (took, result) = server.call("edit_file", edit.clone())?;
                let refused = mcp::is_error(&result);
                let ok = match kind.expected() {
                    Expected::Applied(_) => !refused,
                    Expected::Refused(_) => refused,
                };
                if !ok {
                    failed = Some(format!("unexpected result: {result}"));
                    break;
                }
                if !refused {
                    let (_, r) = server.call("write_file", restore.clone())?;
                    if mcp::is_error(&r) {
                        return Err(io::Error::other(format!("write_file refused: {r}")));
                    }
                }
                if i > 0 {
                    times.push(took);
                }
            }
            cells.push(failed.map_or_else(|| Ok(median_ms(times)), Err));
        }
        row(&format!("edit_file, {}", kind.name()), &cells, true);
    }
    println!();
    Ok(())
}
