//! The `fuzzy-edit` command line, in three layers: [`args`] turns the flags into settings,
//! [`commands`] runs them, [`render`] prints the results of `apply` and `check`.
//!
//! Exit codes: 0 applied (or would apply), 1 refused (not found, ambiguous, conflict, stale),
//! 2 bad usage or I/O error.

use std::process::ExitCode;

use clap::Parser;

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
    match Flags::parse().resolve() {
        Settings::Apply(settings) => commands::apply::run(settings),
        Settings::Pipe => commands::pipe::run(),
        Settings::Mcp { roots } => commands::mcp::run(roots),
    }
}
