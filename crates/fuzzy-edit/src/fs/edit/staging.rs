//! Step 4 of [`edit_files`](super::edit_files), **stage**: what may be written (hard links,
//! read-only files) and the new contents staged beside their targets.

use std::os::unix::fs::MetadataExt;

use rustix::fs::{accessat, Access, AtFlags};

use super::reads::Read;
use super::targets::Target;
use crate::fs::open::Opened;
use crate::fs::plan::Planned;
use crate::fs::request::EditOptions;
use crate::fs::resolve::Place;
use crate::fs::write::{discard, stage, Staged};
use crate::fs::FsError;

pub(super) fn changes(read: Option<&Read>, planned: &Planned) -> bool {
    read.map(|r| r.text.as_str()) != planned.after.as_deref()
}

/// Hard links and read-only files are not written without the caller's say-so.
pub(super) fn refuse_unsafe_writes(
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
pub(super) fn writable(place: &Place, opened: &Opened) -> bool {
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

pub(super) fn stage_all(
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

pub(super) fn discard_all(targets: &[Target], staged: &[Option<Staged>]) {
    for (t, s) in targets.iter().zip(staged) {
        if let (Some(place), Some(s)) = (&t.place, s) {
            discard(place, s);
        }
    }
}
