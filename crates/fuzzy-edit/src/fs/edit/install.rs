//! Step 6 of [`edit_files`](super::edit_files), **install**: the staged files renamed into
//! place one after another, and what was installed put back when one fails.

use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

use super::reads::{changed_late, Read};
use super::staging::{changes, discard_all};
use super::targets::Target;
use crate::fs::plan::{Action, EditFilesError, PartlyWritten, Planned};
use crate::fs::request::EditOptions;
use crate::fs::write::{delete, discard, install, stage, write_in_place, Staged};
use crate::fs::{FileVersion, FsError};

/// The files installed, or `Err(i)`: file `i` changed right before its rename (a writer
/// that ignores the lock) and the files before it were put back, so the plan can be redone.
pub(super) fn install_all(
    targets: &[Target],
    reads: &[Option<Read>],
    plans: &[Planned],
    staged: Vec<Option<Staged>>,
    options: &EditOptions<'_>,
) -> Result<Result<Vec<Option<FileVersion>>, usize>, EditFilesError> {
    let mut versions = Vec::with_capacity(targets.len());
    for (i, ((t, r), p)) in targets.iter().zip(reads).zip(plans).enumerate() {
        let late = match (&t.place, r) {
            (Some(place), Some(r)) if changes(Some(r), p) => changed_late(place, r),
            _ => false,
        };
        let result = if late {
            Err(super::reads::stale(&t.path, r.as_ref()))
        } else {
            install_one(t, r.as_ref(), p, staged[i].as_ref(), options)
        };
        match result {
            Ok(v) => versions.push(v),
            Err(error) => {
                discard_all(&targets[i..], &staged[i..]);
                let put_back = roll_back(&targets[..i], &reads[..i], &plans[..i], options);
                if put_back.iter().all(|(_, _, failed)| failed.is_none()) {
                    return if late { Ok(Err(i)) } else { Err(error.into()) };
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
    Ok(Ok(versions))
}

pub(super) fn install_one(
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
        return Ok(read.map(|r| r.version().clone()));
    }
    match (&planned.after, staged, read) {
        (Some(_), Some(s), r) => {
            install(place, &t.path, s, r.is_some()).map(|()| Some(s.version.clone()))
        }
        (Some(after), None, Some(r)) if options.in_place => {
            write_in_place(place, &t.path, after, &r.text, r.opened.meta.ino()).map(Some)
        }
        (None, _, Some(_)) => delete(place, &t.path).map(|()| None),
        _ => Ok(read.map(|r| r.version().clone())),
    }
}

/// Put back the files already changed: each one's path, what the change did to it, and why it
/// could not be put back (`None`: it was).
pub(super) fn roll_back(
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
