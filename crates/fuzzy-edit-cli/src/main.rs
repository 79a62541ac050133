//! The `fuzzy-edit` command line, in three layers: [`args`] turns the flags into settings,
//! [`commands`] runs them, [`render`] prints the results of `apply` and `check`.
//!
//! Exit codes: 0 applied (or would apply), 1 refused (not found, ambiguous, conflict, stale;
//! under `--partial`, some edits not applied), 2 bad usage or I/O error.

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

mod args;
mod commands;
mod error;
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
        Settings::Completions(shell) => {
            // Written from a buffer: `generate` panics when stdout closes early (`| head`).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Flags::command(), "fuzzy-edit", &mut script);
            match std::io::Write::write_all(&mut std::io::stdout(), &script) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("fuzzy-edit: writing the completion script: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Settings::Man(command) => {
            let main = Flags::command();
            // A subcommand's page is named as the main page's SUBCOMMANDS section cites it.
            const PAGES: [&str; 6] = [
                "fuzzy-edit-apply",
                "fuzzy-edit-check",
                "fuzzy-edit-pipe",
                "fuzzy-edit-mcp",
                "fuzzy-edit-read",
                "fuzzy-edit-completions",
            ];
            let page = command.and_then(|name| {
                let sub = main.find_subcommand(&name)?.clone();
                let page = PAGES
                    .iter()
                    .find(|p| p.strip_prefix("fuzzy-edit-") == Some(&name))?;
                Some(sub.name(*page))
            });
            let page = page.unwrap_or(main);
            match clap_mangen::Man::new(page).render(&mut std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("fuzzy-edit: writing the man page: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// Flags clap rejects: under `--json`, one JSON value on stdout (kind `usage`), as every other
/// failure there; otherwise clap's message with this program's `fuzzy-edit:` prefix. Help and
/// version requests print as clap prints them. Exit code 2 either way (clap's).
fn usage_error(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
        || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    {
        e.exit()
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
        println!(
            "{}",
            serde_json::to_string_pretty(&answer).unwrap_or_default()
        );
    } else {
        eprint!("fuzzy-edit: {text}");
    }
    code
}
