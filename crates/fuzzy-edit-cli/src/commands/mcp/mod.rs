//! `fuzzy-edit mcp`: the edit engine as an MCP server over stdio (newline-delimited JSON-RPC),
//! for agents such as Claude Desktop, Claude Code, opencode or Cursor.
//!
//! Three tools ([`tools`]): `read_file` (numbered lines, [`listing`]; records the version
//! read), `edit_file` (search/replace through the fuzzy engine, refused unless the file was read
//! in this session and is unchanged since; see [`session`]) and `write_file` (create, or
//! overwrite a file read and unchanged). Their arguments are parsed in [`tool_args`], their
//! answers worded in [`reply`]. Every path must resolve inside a root ([`confine`]). Files over
//! [`MAX_BYTES`], binary or not UTF-8 are refused.
//!
//! The server lives under `commands` like `pipe`: it is one more way to run the engine on files
//! (a subcommand with its own protocol), not a separate program.
//!
//! Lines are read and judged by our own [`transport`] ([`incoming`]), so every request gets an
//! answer; tools run on the blocking pool, in arrival order per path ([`turns`]), so a slow
//! call never keeps the others waiting.
//!
//! stdout carries the protocol only; diagnostics go to stderr.

mod confine;
mod incoming;
mod listing;
mod reply;
mod session;
mod tool_args;
mod tools;
mod transport;
mod turns;

use std::process::ExitCode;

use rmcp::ServiceExt;

use crate::args::McpSettings;
use confine::Roots;
use tools::FuzzyEditServer;
use transport::LineTransport;
use turns::PathTurns;

/// Largest file the tools read, edit or write: 32 MiB. Larger files are refused (the CLI's
/// limit is higher, but a file this size is already far beyond what a model can work with).
pub const MAX_BYTES: u64 = 32 * 1024 * 1024;

/// Largest incoming message: room for a `write_file` of [`MAX_BYTES`] with JSON escaping.
/// Longer lines are skipped with an error answer.
const MAX_MESSAGE_BYTES: usize = 4 * MAX_BYTES as usize;

/// Serve until stdin closes. Exit code 2 if a root is unusable, 1 if the session fails.
pub fn run(settings: McpSettings) -> ExitCode {
    let roots = match Roots::new(&settings.roots) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fuzzy-edit mcp: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("fuzzy-edit mcp: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let shown: Vec<String> = roots
        .dirs()
        .iter()
        .map(|r| r.display().to_string())
        .collect();
    eprintln!(
        "fuzzy-edit mcp {}: serving on stdio, roots: {}",
        env!("CARGO_PKG_VERSION"),
        shown.join(", ")
    );
    let turns = PathTurns::new(roots.dirs()[0].clone());
    let server = FuzzyEditServer::new(
        roots,
        settings.syntax,
        settings.time_limit,
        settings.lock_wait,
    )
    .with_hashes(settings.hashes);
    let result = runtime.block_on(async move {
        let transport = LineTransport::new(
            tokio::io::stdin(),
            tokio::io::stdout(),
            MAX_MESSAGE_BYTES,
            turns,
        );
        let running = server.serve(transport).await.map_err(|e| e.to_string())?;
        running.waiting().await.map_err(|e| e.to_string())?;
        Ok::<(), String>(())
    });
    // Do not wait for a stdin read still parked on the blocking pool.
    runtime.shutdown_background();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fuzzy-edit mcp: {e}");
            ExitCode::from(1)
        }
    }
}
