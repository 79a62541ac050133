//! [`edit_files`]: the one path from a request to files on disk, used by every front end.
//!
//! 1. **Resolve** every path beneath its root by handle ([`super::resolve`]) and merge the
//!    requests that name one file several ways (`a.txt`, `./a.txt`, a symlink, an absolute
//!    path): one file is planned once, its operations in the order given.
//! 2. **Lock** the files' directories ([`super::lock`]), so no other fuzzy-edit writer runs
//!    between our read and our rename.
//! 3. **Read** each file through a no-follow, non-blocking handle (regular files only, at
//!    most `max_bytes`), check the caller's expectations, and **plan** every change.
//! 4. **Stage** every new content in a temporary file beside its target, with its metadata.
//! 5. **Verify** that no file changed since step 3 (a writer that ignores the lock); if one
//!    did, start again at step 3, or refuse when the caller pinned a version.
//! 6. **Install**: the renames, one after another, each right after a last `stat` of its file
//!    (a change there puts back what was installed and starts again at step 3); a failure
//!    puts back what was installed.
//!
//! One module per step: `targets` (1, 2), `reads` (3, 5), `staging` (4), `install` (6).

use std::path::Path;

use super::lock::lock_dirs;
use super::open::{decode, open_regular, read_bounded, version, Opened};
use super::plan::{plan_all, EditFilesError, Planned};
use super::request::{EditOptions, EditOutcome, EditRequest, FileOutcome};
use super::resolve::{locate, walk, Found, Place};
use super::{Expected, FileVersion, FsError};

mod install;
mod reads;
mod staging;
mod targets;
use install::install_all;
use reads::{first_changed, read_all, stale, Read};
use staging::{discard_all, refuse_unsafe_writes, stage_all};
use targets::{lock_in_place_targets, open_roots, resolve_all, Target};

/// How often the plan is redone when a file keeps changing under a writer that ignores the
/// lock, before giving up.
const MAX_ATTEMPTS: u32 = 3;

/// Carry out `request`: every file changed as planned, or none.
///
/// 1. **Resolve** every path beneath its root by handle and merge the
///    requests that name one file several ways (`a.txt`, `./a.txt`, a symlink, an absolute
///    path): one file is planned once, its operations in the order given.
/// 2. **Lock** the files' directories (an advisory `flock`), so no other fuzzy-edit writer runs
///    between our read and our rename.
/// 3. **Read** each file through a no-follow, non-blocking handle (regular files only, at
///    most `max_bytes`), check the caller's expectations, and **plan** every change.
/// 4. **Stage** every new content in a temporary file beside its target, with its metadata.
/// 5. **Verify** that no file changed since step 3 (a writer that ignores the lock); if one
///    did, start again at step 3, or refuse when the caller pinned a version.
/// 6. **Install**: the renames, one after another; a failure puts back what was installed.
///
/// ```
/// use fuzzy_edit::fs::{edit_files, EditOptions, EditRequest, FileRequest, Op};
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a.txt"), "one\ntwo\n").unwrap();
/// let file = |path: &str, old: &str, new: &str| FileRequest {
///     path: path.into(),
///     ops: vec![Op::Edit(vec![fuzzy_edit::Edit::new(old, new)])],
///     expected: Default::default(),
/// };
/// let request = EditRequest {
///     files: vec![file("a.txt", "one", "1"), file("./a.txt", "two", "2")],
///     mode: fuzzy_edit::Mode::Atomic,
/// };
/// let options = EditOptions { roots: vec![dir.path().into()], base: Some(dir.path().into()), ..Default::default() };
/// let outcome = edit_files(&request, &options).unwrap();
/// assert_eq!(outcome.files.len(), 1);
/// assert_eq!(std::fs::read_to_string(dir.path().join("a.txt")).unwrap(), "1\n2\n");
/// ```
pub fn edit_files(
    request: &EditRequest,
    options: &EditOptions<'_>,
) -> Result<EditOutcome, EditFilesError> {
    let roots = open_roots(options)?;
    let base = match &options.base {
        Some(b) => b.clone(),
        None => std::env::current_dir().map_err(|e| FsError::io(Path::new("."), e))?,
    };
    let targets = resolve_all(request, options, &roots, &base)?;
    let _locks = if options.dry_run {
        None
    } else {
        let dirs: Vec<_> = targets
            .iter()
            .filter_map(|t| t.place.as_ref())
            .flat_map(|p| std::iter::once(&p.dir).chain(p.link.as_ref().map(|(d, _)| d)))
            .collect();
        let busy = |e: std::io::Error| match e.kind() {
            std::io::ErrorKind::TimedOut => FsError::Busy {
                path: targets.first().map_or(base.clone(), |t| t.path.clone()),
                waited_ms: options.lock_wait.as_millis() as u64,
            },
            _ => FsError::io(&base, e),
        };
        Some(lock_dirs(&dirs, options.lock_wait).map_err(busy)?)
    };
    let _file_locks = if options.in_place && !options.dry_run {
        lock_in_place_targets(&targets, options.lock_wait)?
    } else {
        Vec::new()
    };
    // A caller's check needs no pinning: it runs again on the new read and refuses in its
    // own words (the MCP server: "changed since you read it").
    let pinned = targets.iter().any(|t| t.expected != Expected::default());
    for attempt in 1..=MAX_ATTEMPTS {
        let reads = read_all(&targets, options)?;
        let plans = plan_all(targets.iter().zip(&reads).map(|(t, r)| {
            (
                t.path.as_path(),
                r.as_ref().map(|r| r.text.as_str()),
                t.ops.as_slice(),
                options.engine(request.mode, &t.path),
            )
        }))?;
        if options.dry_run {
            return Ok(outcome(targets, reads, plans, Vec::new(), attempt));
        }
        refuse_unsafe_writes(&targets, &reads, &plans, options)?;
        let staged = stage_all(&targets, &reads, &plans, options)?;
        if let Some(i) = first_changed(&targets, &reads)? {
            discard_all(&targets, &staged);
            if pinned || attempt == MAX_ATTEMPTS {
                return Err(stale(&targets[i].path, reads[i].as_ref()).into());
            }
            continue;
        }
        match install_all(&targets, &reads, &plans, staged, options)? {
            Ok(versions) => return Ok(outcome(targets, reads, plans, versions, attempt)),
            Err(i) if pinned || attempt == MAX_ATTEMPTS => {
                return Err(stale(&targets[i].path, reads[i].as_ref()).into())
            }
            Err(_) => continue,
        }
    }
    unreachable!("the last attempt returns")
}

/// Read `path` as text through the same confinement and checks as [`edit_files`].
pub fn read_file(path: &Path, options: &EditOptions<'_>) -> Result<super::TextFile, FsError> {
    let (place, opened, bytes) = read_bytes(path, options)?;
    let version = version(&opened.meta, &bytes);
    Ok(super::TextFile {
        path: path.to_path_buf(),
        target: place.real,
        text: decode(bytes, path)?,
        version,
    })
}

/// [`read_file`]'s text alone: a read that only shows the text needs no version, whose SHA-256
/// is most of the time a read of a large file takes (a 3.5 MB file: 188 M instructions
/// counted in software, about 2.5 ms with the CPU's SHA extensions).
pub fn read_text(path: &Path, options: &EditOptions<'_>) -> Result<String, FsError> {
    let (_, _, bytes) = read_bytes(path, options)?;
    decode(bytes, path)
}

/// The bytes of the file at `path`, confined and checked as [`read_file`] reads them, with
/// where it stands and what was opened.
fn read_bytes(path: &Path, options: &EditOptions<'_>) -> Result<(Place, Opened, Vec<u8>), FsError> {
    let roots = open_roots(options)?;
    let base = match &options.base {
        Some(b) => b.clone(),
        None => std::env::current_dir().map_err(|e| FsError::io(Path::new("."), e))?,
    };
    let (root, rel) = locate(&roots, &base, path)?;
    let place = match walk(root, &rel, path, false)? {
        Found::Place(p) => p,
        Found::MissingDir(_) => return Err(FsError::NotFound(path.to_path_buf())),
    };
    let opened =
        open_regular(&place, path)?.ok_or_else(|| FsError::NotFound(path.to_path_buf()))?;
    let bytes = read_bounded(&opened, path, options.max_bytes)?;
    Ok((place, opened, bytes))
}

fn outcome(
    targets: Vec<Target>,
    reads: Vec<Option<Read>>,
    plans: Vec<Planned>,
    versions: Vec<Option<FileVersion>>,
    attempts: u32,
) -> EditOutcome {
    let mut versions = versions.into_iter();
    let files = targets
        .into_iter()
        .zip(reads)
        .zip(plans)
        .map(|((t, r), p)| {
            let version = match versions.next() {
                Some(v) => v,
                None => r.as_ref().map(|r| r.version().clone()),
            };
            FileOutcome {
                path: t.path,
                real: t.real,
                aliases: t.aliases,
                action: p.action,
                before: r.map(|r| r.text),
                after: p.after,
                applied: p.applied,
                version,
            }
        })
        .collect();
    EditOutcome { files, attempts }
}
