//! `fuzzy-edit apply FILE --old … --new …`: one process per edit, start to exit.

use std::io;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::corpus::{edit, Expected, Kind};

/// Run one `apply` of `kind` on `file` (rewritten with `text` first, untimed): the time from
/// spawn to exit, or why the run is not the one `kind` must get.
pub fn run_once(
    bin: &Path,
    file: &Path,
    text: &str,
    kind: Kind,
    lines: usize,
) -> io::Result<Result<Duration, String>> {
    std::fs::write(file, text)?;
    let (old, new) = edit(kind, lines);
    let start = Instant::now();
    let status = Command::new(bin)
        .arg("apply")
        .arg(file)
        .arg("--old")
        .arg(&old)
        .arg("--new")
        .arg(&new)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()?;
    let took = start.elapsed();
    let want = match kind.expected() {
        Expected::Applied(_) => 0,
        Expected::Refused(_) => 1,
    };
    if status.code() != Some(want) {
        return Ok(Err(format!("exit status {status}, expected {want}")));
    }
    Ok(Ok(took))
}

/// Process start to exit of `fuzzy-edit --version`: the floor under every `apply`.
pub fn version_once(bin: &Path) -> io::Result<Duration> {
    let start = Instant::now();
    Command::new(bin)
        .arg("--version")
        .stdout(Stdio::null())
        .status()?;
    Ok(start.elapsed())
}
