//! Steps 1 and 2 of [`edit_files`](super::edit_files), **resolve** and **lock**: the files a
//! request names, each once however many ways it is named, beneath the roots they must lie
//! in; and the locks on the files written in place.

use std::path::{Path, PathBuf};

use crate::fs::lock::lock_files;
use crate::fs::open::open_regular;
use crate::fs::plan::Op;
use crate::fs::request::{EditOptions, EditRequest};
use crate::fs::resolve::{locate, walk, Found, Place, Root};
use crate::fs::{Expected, FsError};

pub(super) struct Target {
    pub(super) path: PathBuf,
    pub(super) aliases: Vec<PathBuf>,
    pub(super) real: PathBuf,
    pub(super) place: Option<Place>,
    pub(super) ops: Vec<Op>,
    pub(super) expected: Expected,
}

pub(super) fn open_roots(options: &EditOptions<'_>) -> Result<Vec<Root>, FsError> {
    if options.roots.is_empty() {
        return Ok(vec![Root::open(Path::new("/"), false)?]);
    }
    options
        .roots
        .iter()
        .map(|d| Root::open(d, options.roots_pinned))
        .collect()
}

pub(super) fn resolve_all(
    request: &EditRequest,
    options: &EditOptions<'_>,
    roots: &[Root],
    base: &Path,
) -> Result<Vec<Target>, FsError> {
    let mut targets: Vec<Target> = Vec::new();
    for file in &request.files {
        let (root, rel) = locate(roots, base, &file.path)?;
        let creates = !options.dry_run && file.ops.iter().any(Op::creates);
        let (real, place) = match walk(root, &rel, &file.path, creates)? {
            Found::Place(p) => (p.real.clone(), Some(p)),
            Found::MissingDir(real) => (real, None),
        };
        if let Some(t) = targets.iter_mut().find(|t| t.real == real) {
            t.ops.extend(file.ops.iter().cloned());
            t.aliases.push(file.path.clone());
            t.expected.mtime = t
                .expected
                .mtime
                .take()
                .or_else(|| file.expected.mtime.clone());
            t.expected.sha256 = t
                .expected
                .sha256
                .take()
                .or_else(|| file.expected.sha256.clone());
            continue;
        }
        targets.push(Target {
            path: file.path.clone(),
            aliases: Vec::new(),
            real,
            place,
            ops: file.ops.clone(),
            expected: file.expected.clone(),
        });
    }
    Ok(targets)
}

/// Writes in place keep the inode, which hard links in other directories (other directory
/// locks) share: the files themselves are locked too, after their directories.
pub(super) fn lock_in_place_targets(
    targets: &[Target],
    wait: std::time::Duration,
) -> Result<Vec<std::fs::File>, FsError> {
    let mut files = Vec::with_capacity(targets.len());
    for t in targets {
        if let Some(place) = &t.place {
            if let Some(opened) = open_regular(place, &t.path)? {
                files.push(opened.file);
            }
        }
    }
    lock_files(files, wait).map_err(|e| match e.kind() {
        std::io::ErrorKind::TimedOut => FsError::Busy {
            path: targets[0].path.clone(),
            waited_ms: wait.as_millis() as u64,
        },
        _ => FsError::io(&targets[0].path, e),
    })
}
