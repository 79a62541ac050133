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
//! 6. **Install**: the renames, one after another; a failure puts back what was installed.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use rustix::fs::{accessat, Access, AtFlags};

use super::lock::{lock_dirs, lock_files};
use super::open::{decode, open_regular, read_bounded, same_inode, version, Opened};
use super::plan::{plan_all, Action, EditFilesError, Op, PartlyWritten, Planned};
use super::request::{EditOptions, EditOutcome, EditRequest, FileOutcome};
use super::resolve::{locate, walk, Found, Place, Root};
use super::write::{delete, discard, install, stage, write_in_place, Staged};
use super::{check_version, Expected, FileVersion, FsError};

/// How often the plan is redone when a file keeps changing under a writer that ignores the
/// lock, before giving up.
const MAX_ATTEMPTS: u32 = 3;

struct Target {
    path: PathBuf,
    aliases: Vec<PathBuf>,
    real: PathBuf,
    place: Option<Place>,
    ops: Vec<Op>,
    expected: Expected,
}

struct Read {
    opened: Opened,
    text: String,
    version: FileVersion,
}

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
        Some(lock_dirs(&dirs).map_err(|e| FsError::io(&base, e))?)
    };
    let _file_locks = if options.in_place && !options.dry_run {
        lock_in_place_targets(&targets)?
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
        let versions = install_all(&targets, &reads, &plans, staged, options)?;
        return Ok(outcome(targets, reads, plans, versions, attempt));
    }
    unreachable!("the last attempt returns")
}

/// Read `path` as text through the same confinement and checks as [`edit_files`].
pub fn read_file(path: &Path, options: &EditOptions<'_>) -> Result<super::TextFile, FsError> {
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
    let version = version(&opened.meta, &bytes);
    Ok(super::TextFile {
        path: path.to_path_buf(),
        target: place.real,
        text: decode(bytes, path)?,
        version,
    })
}

fn open_roots(options: &EditOptions<'_>) -> Result<Vec<Root>, FsError> {
    if options.roots.is_empty() {
        return Ok(vec![Root::open(Path::new("/"), false)?]);
    }
    options
        .roots
        .iter()
        .map(|d| Root::open(d, options.roots_pinned))
        .collect()
}

fn resolve_all(
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
fn lock_in_place_targets(targets: &[Target]) -> Result<Vec<std::fs::File>, FsError> {
    let mut files = Vec::with_capacity(targets.len());
    for t in targets {
        if let Some(place) = &t.place {
            if let Some(opened) = open_regular(place, &t.path)? {
                files.push(opened.file);
            }
        }
    }
    lock_files(files).map_err(|e| FsError::io(&targets[0].path, e))
}

fn read_all(
    targets: &[Target],
    options: &EditOptions<'_>,
) -> Result<Vec<Option<Read>>, EditFilesError> {
    let mut reads: Vec<Option<Read>> = Vec::with_capacity(targets.len());
    for t in targets {
        let read = match &t.place {
            Some(place) => read_one(place, &t.path, options.max_bytes)?,
            None => None,
        };
        if let Some(r) = &read {
            let id = (r.opened.meta.dev(), r.opened.meta.ino());
            if let Some(j) = reads.iter().position(|o| {
                o.as_ref()
                    .is_some_and(|o| (o.opened.meta.dev(), o.opened.meta.ino()) == id)
            }) {
                return Err(FsError::Io {
                    path: t.path.clone(),
                    source: std::io::Error::other(format!(
                        "is the same file as {} (hard links); name it once",
                        targets[j].path.display()
                    )),
                    hint: super::error::NOTHING_WRITTEN,
                }
                .into());
            }
        }
        if t.expected != Expected::default() {
            match &read {
                Some(r) => check_version(&t.path, &r.version, &t.expected)?,
                None => return Err(FsError::NotFound(t.path.clone()).into()),
            }
        }
        if let Some(check) = options.check {
            check(&t.real, read.as_ref().map(|r| &r.version)).map_err(|message| {
                EditFilesError::NotAllowed {
                    path: t.path.clone(),
                    message,
                }
            })?;
        }
        reads.push(read);
    }
    Ok(reads)
}

fn read_one(place: &Place, shown: &Path, max_bytes: u64) -> Result<Option<Read>, FsError> {
    let Some(opened) = open_regular(place, shown)? else {
        return Ok(None);
    };
    let bytes = read_bounded(&opened, shown, max_bytes)?;
    let version = version(&opened.meta, &bytes);
    let text = decode(bytes, shown)?;
    Ok(Some(Read {
        opened,
        text,
        version,
    }))
}

fn changes(read: Option<&Read>, planned: &Planned) -> bool {
    read.map(|r| r.text.as_str()) != planned.after.as_deref()
}

/// Hard links and read-only files are not written without the caller's say-so.
fn refuse_unsafe_writes(
    targets: &[Target],
    reads: &[Option<Read>],
    plans: &[Planned],
    options: &EditOptions<'_>,
) -> Result<(), FsError> {
    for ((t, r), p) in targets.iter().zip(reads).zip(plans) {
        let (Some(r), Some(place)) = (r, &t.place) else {
            continue;
        };
        if !changes(Some(r), p) || p.after.is_none() {
            continue;
        }
        let links = r.opened.meta.nlink();
        if links > 1 && !options.in_place {
            return Err(FsError::HardLinks {
                path: t.path.clone(),
                links,
            });
        }
        if !options.write_read_only && !writable(place, &r.opened) {
            return Err(FsError::ReadOnly(t.path.clone()));
        }
    }
    Ok(())
}

/// Whether the caller may write the file, as an editor asks before `:w`: the permission
/// check for this user, and for root (who may write anything) at least one write bit.
fn writable(place: &Place, opened: &Opened) -> bool {
    let mode = opened.meta.mode();
    if rustix::process::geteuid().is_root() {
        return mode & 0o222 != 0;
    }
    accessat(
        &place.dir,
        place.name.as_os_str(),
        Access::WRITE_OK,
        AtFlags::EACCESS,
    )
    .is_ok()
}

fn stage_all(
    targets: &[Target],
    reads: &[Option<Read>],
    plans: &[Planned],
    options: &EditOptions<'_>,
) -> Result<Vec<Option<Staged>>, FsError> {
    let mut staged: Vec<Option<Staged>> = Vec::with_capacity(targets.len());
    for ((t, r), p) in targets.iter().zip(reads).zip(plans) {
        let one = match (&t.place, &p.after) {
            (Some(place), Some(after))
                if changes(r.as_ref(), p) && !(options.in_place && r.is_some()) =>
            {
                let like = r.as_ref().map(|r| (&r.opened.file, &r.opened.meta));
                match stage(place, &t.path, after, like) {
                    Ok(s) => Some(s),
                    Err(e) => {
                        discard_all(targets, &staged);
                        return Err(e);
                    }
                }
            }
            _ => None,
        };
        staged.push(one);
    }
    Ok(staged)
}

fn discard_all(targets: &[Target], staged: &[Option<Staged>]) {
    for (t, s) in targets.iter().zip(staged) {
        if let (Some(place), Some(s)) = (&t.place, s) {
            discard(place, s);
        }
    }
}

/// The first file whose state differs from the one read (someone ignored the lock).
fn first_changed(targets: &[Target], reads: &[Option<Read>]) -> Result<Option<usize>, FsError> {
    for (i, (t, r)) in targets.iter().zip(reads).enumerate() {
        let Some(place) = &t.place else { continue };
        let now = match open_regular(place, &t.path) {
            Ok(now) => now,
            Err(FsError::NotRegular { .. }) => return Ok(Some(i)),
            Err(e) => return Err(e),
        };
        // Times and sizes can stay equal across a quick rewrite (coarse timestamps): only
        // another inode is decisive without reading; otherwise the bytes are compared with
        // those read (directly: cheaper than hashing them again, and exact).
        let same = match (r, now) {
            (None, None) => true,
            (Some(r), Some(now)) if !same_inode(&r.opened.meta, &now.meta) => false,
            // Bounded by the length read: a file grown meanwhile differs, and is not held.
            (Some(r), Some(now)) => read_bounded(&now, &t.path, r.text.len() as u64)
                .is_ok_and(|bytes| bytes == r.text.as_bytes()),
            _ => false,
        };
        if !same {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

fn stale(path: &Path, read: Option<&Read>) -> FsError {
    FsError::Stale {
        path: path.to_path_buf(),
        what: "sha256",
        expected: read.map_or_else(|| "no file".into(), |r| r.version.sha256.clone()),
        found: "different content, written by another program while this edit was prepared".into(),
    }
}

fn install_all(
    targets: &[Target],
    reads: &[Option<Read>],
    plans: &[Planned],
    staged: Vec<Option<Staged>>,
    options: &EditOptions<'_>,
) -> Result<Vec<Option<FileVersion>>, EditFilesError> {
    let mut versions = Vec::with_capacity(targets.len());
    for (i, ((t, r), p)) in targets.iter().zip(reads).zip(plans).enumerate() {
        let result = install_one(t, r.as_ref(), p, staged[i].as_ref(), options);
        match result {
            Ok(v) => versions.push(v),
            Err(error) => {
                discard_all(&targets[i..], &staged[i..]);
                let put_back = roll_back(&targets[..i], &reads[..i], &plans[..i], options);
                if put_back.iter().all(|(_, _, failed)| failed.is_none()) {
                    return Err(error.into());
                }
                // Some file keeps this change: the caller must learn which, or it would take
                // "nothing was written" for the whole request.
                let mut restored = Vec::new();
                let mut not_restored = Vec::new();
                for (path, action, failed) in put_back {
                    match failed {
                        None => restored.push(path),
                        Some(e) => not_restored.push((path, action, e)),
                    }
                }
                let untouched = targets[i + 1..]
                    .iter()
                    .zip(&reads[i + 1..])
                    .zip(&plans[i + 1..])
                    .filter(|((_, r), p)| changes(r.as_ref(), p))
                    .map(|((t, _), _)| t.path.clone())
                    .collect();
                return Err(EditFilesError::RollbackFailed(Box::new(PartlyWritten {
                    error,
                    restored,
                    not_restored,
                    untouched,
                })));
            }
        }
    }
    Ok(versions)
}

fn install_one(
    t: &Target,
    read: Option<&Read>,
    planned: &Planned,
    staged: Option<&Staged>,
    options: &EditOptions<'_>,
) -> Result<Option<FileVersion>, FsError> {
    let Some(place) = &t.place else {
        return Ok(None);
    };
    if !changes(read, planned) {
        return Ok(read.map(|r| r.version.clone()));
    }
    match (&planned.after, staged, read) {
        (Some(_), Some(s), r) => {
            install(place, &t.path, s, r.is_some()).map(|()| Some(s.version.clone()))
        }
        (Some(after), None, Some(r)) if options.in_place => {
            write_in_place(place, &t.path, after, &r.text, r.opened.meta.ino()).map(Some)
        }
        (None, _, Some(_)) => delete(place, &t.path).map(|()| None),
        _ => Ok(read.map(|r| r.version.clone())),
    }
}

/// Put back the files already changed: each one's path, what the change did to it, and why it
/// could not be put back (`None`: it was).
fn roll_back(
    targets: &[Target],
    reads: &[Option<Read>],
    plans: &[Planned],
    options: &EditOptions<'_>,
) -> Vec<(PathBuf, Action, Option<FsError>)> {
    let mut put_back = Vec::new();
    for ((t, r), p) in targets.iter().zip(reads).zip(plans).rev() {
        let Some(place) = &t.place else { continue };
        if !changes(r.as_ref(), p) {
            continue;
        }
        let result = match r {
            None => delete(place, &t.path),
            // A file deleted has no inode left to write in place: it is staged anew.
            Some(r) if options.in_place && p.after.is_some() => {
                let after = p.after.as_deref().unwrap_or_default();
                write_in_place(place, &t.path, &r.text, after, r.opened.meta.ino()).map(|_| ())
            }
            Some(r) => stage(
                place,
                &t.path,
                &r.text,
                Some((&r.opened.file, &r.opened.meta)),
            )
            .and_then(|s| install(place, &t.path, &s, true).inspect_err(|_| discard(place, &s))),
        };
        put_back.push((t.path.clone(), p.action, result.err()));
    }
    put_back.reverse();
    put_back
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
                None => r.as_ref().map(|r| r.version.clone()),
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
