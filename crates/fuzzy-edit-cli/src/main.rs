//! The `fuzzy-edit` command line, in three layers: [`args`] turns the flags into settings,
//! [`commands`] runs them, [`render`] prints the results of `apply` and `check`.
//!
//! Exit codes: 0 applied (or would apply), 1 refused (not found, ambiguous, conflict, stale;
//! under `--partial`, some edits not applied), 2 bad usage or I/O error.

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

mod args;
mod commands;
mod error;
mod json_runs;
mod render;

use args::{Flags, Settings};

/// mimalloc keeps freed memory for reuse: glibc's allocator returned a request's megabytes to
/// the kernel and faulted them in again for the next one.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let flags = match Flags::try_parse() {
        Ok(flags) => flags,
        Err(e) => return usage_error(&e),
    };
    match flags.resolve() {
        Settings::Apply(settings) => commands::apply::run(*settings),
        Settings::Pipe { max_request_bytes } => commands::pipe::run(max_request_bytes),
        Settings::Mcp(settings) => commands::mcp::run(settings),
        Settings::Read {
            file,
            hashes,
            lines,
        } => commands::read::run(&file, hashes, lines),
        Settings::Verify(settings) => commands::verify::run(settings),
        Settings::Completions(shell) => {
            // Written from a buffer: `generate` panics when stdout closes early (`| head`).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Flags::command(), "fuzzy-edit", &mut script);
            match std::io::stdout().write_all(&script) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("fuzzy-edit: writing the completion script: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Settings::Man(command) => commands::man::run(command.as_deref()),
    }
}

/// Flags clap rejects: under `--json`, one JSON value on stdout (kind `usage`), as every other
/// failure there; otherwise clap's message with this program's `fuzzy-edit:` prefix. Help and
/// version requests print as clap prints them. Exit code 2 either way (clap's).
fn usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        e.exit()
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // Bare `fuzzy-edit`: the program describes itself as `--help` does (clap's own would
        // print the one-line summary only), on stderr since no command ran.
        let _ = Flags::command().write_long_help(&mut std::io::stderr());
        return ExitCode::from(2);
    }
    let rendered = e.render().to_string();
    let text = rendered.strip_prefix("error: ").unwrap_or(&rendered);
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    if std::env::args_os().skip(1).any(|a| a == "--json") {
        // The first paragraph is the problem; clap's usage line and pointer to --help follow.
        let problem = text.split("\n\n").next().unwrap_or(text).trim();
        let problem = problem.trim_end_matches('.');
        let message = format!(
            "{problem}. Run `fuzzy-edit help` or `fuzzy-edit COMMAND --help` for the flags."
        );
        let answer = render::json::failure(render::json::error("usage", message));
        // A closed stdout (`| head -0`) leaves nobody to tell.
        let _ = writeln!(
            std::io::stdout(),
            "{}",
            serde_json::to_string_pretty(&answer).unwrap_or_default()
        );
    } else {
        eprint!("fuzzy-edit: {text}");
    }
    code
}
