//! `fuzzy-edit apply` and `fuzzy-edit check`: edit files on disk, all or nothing.
//!
//! The request goes to [`fuzzy_edit::fs::edit_files`], the one path every front end uses:
//! paths confined to the roots (the current directory unless `--root` or `--unsafe-paths`),
//! one file planned once whatever it is called, a lock held from the read to the rename,
//! every file read and every edit located before anything is written. `check` (and
//! `--dry-run`) stops before the writes: it is the same command, not a separate one.

use std::io;
use std::process::ExitCode;
use std::time::Instant;

use fuzzy_edit::fs::{
    self, EditFilesError, EditOptions, EditRequest, Expected, FileOutcome, FileRequest,
};
use fuzzy_edit::protocol::Vocabulary;
use fuzzy_edit::Mode;

use crate::args::{ApplySettings, Request};
use crate::error::Error;
use crate::render::{self, Outcome};

/// Run `apply` or `check`: print the outcome or why there is none; the exit code says which
/// (0 every edit applied, 1 refused or, under `--partial`, some edits not applied, 2 unusable).
pub fn run(settings: ApplySettings) -> ExitCode {
    let dry_run = settings.dry_run;
    // Files named besides the one that stopped the run, all left alone.
    let mut others = 0;
    let mut partial = false;
    // The flags' words until a request says otherwise: a request that could not be made had
    // no refusal of the engine to word.
    let mut words = Vocabulary::CLI;
    let result = settings.request.and_then(|request| {
        others = request.files.len().saturating_sub(1);
        partial = request.mode == Mode::Partial;
        words = request.words;
        let edit_names = request
            .files
            .iter()
            .map(|(path, _)| path.clone())
            .zip(request.edit_names.iter().cloned())
            .collect();
        edit(&request, dry_run).map(|files| Outcome {
            files,
            dry_run,
            words,
            edit_names,
        })
    });
    match result {
        Ok(outcome) => {
            let code = if outcome
                .files
                .iter()
                .any(|f| f.applied.as_ref().is_some_and(|a| !a.failures.is_empty()))
            {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            };
            match render::outcome(settings.output, outcome) {
                Ok(()) => code,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => code,
                Err(e) => {
                    eprintln!("fuzzy-edit: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Err(error) => {
            // A failed rollback names every file's state itself.
            let rollback = matches!(error, Error::Edit(EditFilesError::RollbackFailed(_)));
            let others = if matches!(error, Error::Edit(_) | Error::File(_)) && !rollback {
                others
            } else {
                0
            };
            render::error(settings.output, &error, others, partial, &words);
            ExitCode::from(error.exit_code())
        }
    }
}

/// Files below this (together) are edited with 4 KiB pages.
const SMALL_INPUT: u64 = 1 << 20;

/// mimalloc asks the kernel for transparent huge pages, and the first touch of each one zeroes
/// 2 MiB: for a small file that is a tenth of the process's time (`perf`: 7.5 % of the samples
/// of a 100-line edit, more than the edit itself), while a 100k-line edit gets faster with them
/// (21 ms; 36 ms without). So they are turned off for this process when the files are small.
fn small_pages_for_small_files(request: &Request) {
    #[cfg(target_os = "linux")]
    {
        let total: u64 = request
            .files
            .iter()
            .map(|(path, _)| std::fs::metadata(path).map_or(0, |m| m.len()))
            .sum();
        if total < SMALL_INPUT {
            let _ = rustix::thread::disable_transparent_huge_pages(true);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = request;
}

/// Hand the request to the library.
fn edit(request: &Request, dry_run: bool) -> Result<Vec<FileOutcome>, Error> {
    small_pages_for_small_files(request);
    let files = request
        .files
        .iter()
        .map(|(path, ops)| FileRequest {
            path: path.clone(),
            ops: ops.iter().cloned().map(Into::into).collect(),
            expected: match &request.expected {
                Some((p, e)) if p == path => e.clone(),
                _ => Expected::default(),
            },
        })
        .collect();
    let options = EditOptions {
        roots: request.roots.clone(),
        max_bytes: request.max_bytes,
        dry_run,
        in_place: request.in_place,
        write_read_only: request.write_read_only,
        deadline: request.time_limit.map(|limit| Instant::now() + limit),
        lock_wait: request.lock_wait,
        syntax: request.syntax,
        language: request.language,
        ..EditOptions::default()
    };
    let request = EditRequest {
        files,
        mode: request.mode,
    };
    Ok(fs::edit_files(&request, &options)?.files)
}
