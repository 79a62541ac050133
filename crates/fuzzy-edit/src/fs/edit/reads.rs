//! Steps 3 and 5 of [`edit_files`](super::edit_files), **read** and **verify**: each file read
//! once with the caller's checks, and read again before installing to catch a writer that
//! ignored the lock.

use std::cell::OnceCell;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use super::targets::Target;
use crate::fs::open::{decode, open_regular, read_bounded, same_inode, version, Opened};
use crate::fs::plan::EditFilesError;
use crate::fs::request::EditOptions;
use crate::fs::resolve::Place;
use crate::fs::{check_version, Expected, FileVersion, FsError};

pub(super) struct Read {
    pub(super) opened: Opened,
    pub(super) text: String,
    /// Hashed when first asked for: a file that is written answers with the version written,
    /// and the SHA-256 of the bytes read (2.5 ms for a 3.5 MB file with the CPU's SHA
    /// extensions, 188 M instructions in software) is then only needed to check `expect_sha256`.
    version: OnceCell<FileVersion>,
}

impl Read {
    /// The version of the bytes read (the text is those bytes, decoded as they are).
    pub(super) fn version(&self) -> &FileVersion {
        self.version
            .get_or_init(|| version(&self.opened.meta, self.text.as_bytes()))
    }
}

pub(super) fn read_all(
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
                    hint: crate::fs::error::NOTHING_WRITTEN,
                }
                .into());
            }
        }
        if t.expected != Expected::default() {
            match &read {
                Some(r) => check_version(&t.path, r.version(), &t.expected)?,
                None => return Err(FsError::NotFound(t.path.clone()).into()),
            }
        }
        if let Some(check) = options.check {
            check(&t.real, read.as_ref().map(Read::version)).map_err(|message| {
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

pub(super) fn read_one(
    place: &Place,
    shown: &Path,
    max_bytes: u64,
) -> Result<Option<Read>, FsError> {
    let Some(opened) = open_regular(place, shown)? else {
        return Ok(None);
    };
    let bytes = read_bounded(&opened, shown, max_bytes)?;
    let text = decode(bytes, shown)?;
    Ok(Some(Read {
        opened,
        text,
        version: OnceCell::new(),
    }))
}

/// The first file whose state differs from the one read (someone ignored the lock).
pub(super) fn first_changed(
    targets: &[Target],
    reads: &[Option<Read>],
) -> Result<Option<usize>, FsError> {
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

/// Whether the file read changed in the last moment, checked right before its rename: the
/// name now names another inode, or the inode read has another size or modification time
/// (an append or rewrite that took no lock). Two `stat` calls, no reading: it narrows the
/// window [`first_changed`] leaves (its read and compare) to the gap between these calls
/// and the rename; a writer that ignores the lock can still land in that gap, or write
/// through a handle it opened before the rename (that write goes to the replaced inode).
pub(super) fn changed_late(place: &Place, read: &Read) -> bool {
    let Ok(now) = read.opened.file.metadata() else {
        return true;
    };
    let was = &read.opened.meta;
    if now.len() != read.text.len() as u64
        || (now.mtime(), now.mtime_nsec()) != (was.mtime(), was.mtime_nsec())
    {
        return true;
    }
    match rustix::fs::statat(
        &place.dir,
        place.name.as_os_str(),
        rustix::fs::AtFlags::SYMLINK_NOFOLLOW,
    ) {
        // The casts: `st_dev` and `st_ino` are narrower than u64 on some targets.
        #[allow(clippy::unnecessary_cast)]
        Ok(at) => (at.st_dev as u64, at.st_ino as u64) != (was.dev(), was.ino()),
        Err(_) => true,
    }
}

pub(super) fn stale(path: &Path, read: Option<&Read>) -> FsError {
    FsError::Stale {
        path: path.to_path_buf(),
        what: "sha256",
        expected: read.map_or_else(|| "no file".into(), |r| r.version().sha256.clone()),
        found: "different content, written by another program while this edit was prepared".into(),
    }
}
