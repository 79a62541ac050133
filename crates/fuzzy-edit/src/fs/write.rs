//! Writing under the lock: a temporary file beside the target with the target's metadata, then
//! a rename; or, when asked, the content written in place.
//!
//! Metadata is copied to the temporary file before it replaces the target, in this order:
//! owner and group first, then exactly the original's extended attributes (ACLs, SELinux labels
//! and capabilities live there; what the new file inherited from its directory, such as a
//! default ACL, is removed), then the mode with all twelve bits (`fchown` and setting an ACL
//! may clear setuid/setgid). What
//! cannot be kept is refused before anything is renamed, naming the way out (`in_place`).
//! Every temporary file of a change is written and synced before the first rename, so a crash
//! can leave a change half applied only between two renames.

use std::ffi::OsString;
use std::fs::{File, Metadata};
use std::io::{Seek, Write};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use rustix::fs::{
    fchmod, fchown, linkat, openat, renameat, unlinkat, AtFlags, Gid, Mode, OFlags, Uid,
};

use super::lock::temporary_name;
use super::open::{version, version_with};
use super::resolve::Place;
use super::sha256_hex;
use super::{FileVersion, FsError};

/// Texts from this size on are hashed on a second thread while they are written: at about
/// 2 GB/s (SHA extensions: a 4 MB text, 2 ms) a megabyte hashes in 0.5 ms, where starting
/// a thread costs tens of microseconds.
const PARALLEL_HASH: usize = 1 << 20;

/// A temporary file written and synced, waiting for its rename.
#[derive(Debug)]
pub(crate) struct Staged {
    pub(crate) tmp: OsString,
    pub(crate) version: FileVersion,
}

/// Write `text` to a new temporary file beside `place`, with the metadata of `like` (the
/// target as opened) when it exists.
pub(crate) fn stage(
    place: &Place,
    shown: &Path,
    text: &str,
    like: Option<(&File, &Metadata)>,
) -> Result<Staged, FsError> {
    let err = |e: std::io::Error| FsError::write(shown, e);
    let (tmp, fd) = create_temporary(place, like.is_some()).map_err(err)?;
    // (A large text's SHA-256 is taken on a second core while its bytes are written and
    // synced: a snippet's write of a 4 MB file, 4.7 ms, took 2.7 ms so.)
    let written = std::thread::scope(|s| {
        let sha256 = (text.len() >= PARALLEL_HASH).then(|| s.spawn(|| sha256_hex(text.as_bytes())));
        let mut file = File::from(fd);
        file.write_all(text.as_bytes()).map_err(err)?;
        if let Some((source, meta)) = like {
            copy_metadata(&file, source, meta, shown)?;
        }
        // The bytes reach the disk before the rename makes them the file, so a crash leaves
        // the old file or the new one, whole. The directory is not synced: that would make
        // the rename itself survive a power loss, for another 0.3 ms (a third of a small
        // file's write), where a lost rename loses the edit, not the file.
        file.sync_all().map_err(err)?;
        let meta = file.metadata().map_err(err)?;
        Ok(match sha256 {
            Some(h) => version_with(&meta, text.len(), h.join().expect("hashing does not panic")),
            None => version(&meta, text.as_bytes()),
        })
    });
    match written {
        Ok(version) => Ok(Staged { tmp, version }),
        Err(e) => {
            let _ = unlinkat(&place.dir, tmp.as_os_str(), AtFlags::empty());
            Err(e)
        }
    }
}

fn create_temporary(
    place: &Place,
    private: bool,
) -> std::io::Result<(OsString, std::os::fd::OwnedFd)> {
    // A replacement starts private (0600) and gets the target's mode after its owner; a new
    // file gets the usual 0666 less the umask.
    let mode = Mode::from_raw_mode(if private { 0o600 } else { 0o666 });
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let mut attempt = 0;
    loop {
        let tmp = temporary_name(&place.name, attempt);
        match openat(&place.dir, tmp.as_os_str(), flags, mode) {
            Ok(fd) => return Ok((tmp, fd)),
            // (A bound on retries over names left by crashed writers, not a threshold.)
            Err(rustix::io::Errno::EXIST) if attempt < 16 => attempt += 1,
            Err(e) => return Err(e.into()),
        }
    }
}

fn copy_metadata(to: &File, from: &File, meta: &Metadata, shown: &Path) -> Result<(), FsError> {
    let now = to.metadata().map_err(|e| FsError::io(shown, e))?;
    if (now.uid(), now.gid()) != (meta.uid(), meta.gid()) {
        let owner = (now.uid() != meta.uid()).then(|| Uid::from_raw(meta.uid()));
        let group = (now.gid() != meta.gid()).then(|| Gid::from_raw(meta.gid()));
        fchown(to, owner, group).map_err(|_| FsError::MetadataNotKept {
            path: shown.to_path_buf(),
            what: format!(
                "its owner and group ({}:{}) cannot be given to the replacement by this user",
                meta.uid(),
                meta.gid()
            ),
        })?;
    }
    // The replacement was created in the target's directory and may have inherited what the
    // original lacks (a default ACL becomes its access ACL): it gets exactly the original's
    // attributes, then the mode last, since setting an ACL rewrites the group bits and may
    // clear setgid, and changing the owner clears setuid and setgid.
    xattrs::copy_exactly(from, to).map_err(|(name, e)| FsError::MetadataNotKept {
        path: shown.to_path_buf(),
        what: format!("its extended attribute {name} cannot be kept as it is ({e})"),
    })?;
    fchmod(to, Mode::from_raw_mode(meta.mode() & 0o7777)).map_err(|e| FsError::io(shown, e.into()))
}

#[cfg(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios"
))]
mod xattrs {
    use rustix::fs::{fgetxattr, flistxattr, fremovexattr, fsetxattr, XattrFlags};
    use std::ffi::OsStr;
    use std::fs::File;
    use std::os::unix::ffi::OsStrExt;

    /// The names of the extended attributes of `file`; none where the filesystem has none.
    fn names(file: &File) -> Result<Vec<Vec<u8>>, (String, rustix::io::Errno)> {
        let none = |e| (String::from("list"), e);
        loop {
            let size = match rustix::fs::flistxattr_query(file) {
                Ok(n) => n,
                Err(rustix::io::Errno::NOTSUP) => return Ok(Vec::new()),
                Err(e) => return Err(none(e)),
            };
            let mut names = vec![0u8; size];
            match flistxattr(file, &mut names) {
                Ok(n) => {
                    return Ok(names[..n]
                        .split(|&b| b == 0)
                        .filter(|s| !s.is_empty())
                        .map(<[u8]>::to_vec)
                        .collect())
                }
                // An attribute was added between the two calls: ask again.
                Err(rustix::io::Errno::RANGE) => continue,
                Err(e) => return Err(none(e)),
            }
        }
    }

    fn value(file: &File, name: &OsStr) -> rustix::io::Result<Vec<u8>> {
        loop {
            let len = rustix::fs::fgetxattr_query(file, name)?;
            let mut value = vec![0u8; len];
            match fgetxattr(file, name, &mut value) {
                Ok(n) => {
                    value.truncate(n);
                    return Ok(value);
                }
                Err(rustix::io::Errno::RANGE) => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Give `to` exactly the extended attributes of `from`: each of `from`'s copied, each
    /// `to` has and `from` lacks removed (an ACL inherited from the directory's default ACL,
    /// a label); the failing name and error otherwise.
    pub(super) fn copy_exactly(from: &File, to: &File) -> Result<(), (String, rustix::io::Errno)> {
        let wanted = names(from)?;
        for name in names(to)?.iter().filter(|n| !wanted.contains(n)) {
            let shown = String::from_utf8_lossy(name).into_owned();
            match fremovexattr(to, OsStr::from_bytes(name)) {
                Ok(()) | Err(rustix::io::Errno::NODATA) => {}
                Err(e) => return Err((shown, e)),
            }
        }
        for name in &wanted {
            let shown = String::from_utf8_lossy(name).into_owned();
            let name = OsStr::from_bytes(name);
            let value = match value(from, name) {
                Ok(v) => v,
                // Removed from the original meanwhile: nothing to keep.
                Err(rustix::io::Errno::NODATA) => continue,
                Err(e) => return Err((shown, e)),
            };
            if self::value(to, name).is_ok_and(|cur| cur == value) {
                continue;
            }
            fsetxattr(to, name, &value, XattrFlags::empty()).map_err(|e| (shown, e))?;
        }
        Ok(())
    }
}

#[cfg(not(any(
    target_os = "linux",
    target_os = "android",
    target_os = "macos",
    target_os = "ios"
)))]
mod xattrs {
    pub(super) fn copy_exactly(
        _: &std::fs::File,
        _: &std::fs::File,
    ) -> Result<(), (String, std::io::Error)> {
        Ok(())
    }
}

/// Put a staged file in place: rename over an existing file, or link a new name (which fails
/// rather than replace a file created meanwhile).
pub(crate) fn install(
    place: &Place,
    shown: &Path,
    staged: &Staged,
    existed: bool,
) -> Result<(), FsError> {
    let result = if existed {
        renameat(
            &place.dir,
            staged.tmp.as_os_str(),
            &place.dir,
            place.name.as_os_str(),
        )
    } else {
        let linked = linkat(
            &place.dir,
            staged.tmp.as_os_str(),
            &place.dir,
            place.name.as_os_str(),
            AtFlags::empty(),
        );
        match linked {
            Ok(()) | Err(rustix::io::Errno::EXIST) => {
                let _ = unlinkat(&place.dir, staged.tmp.as_os_str(), AtFlags::empty());
                linked
            }
            // A filesystem without hard links (FAT, some FUSE): a plain rename, still under
            // our lock, only without the guarantee against a writer that ignores it.
            Err(_) => renameat(
                &place.dir,
                staged.tmp.as_os_str(),
                &place.dir,
                place.name.as_os_str(),
            ),
        }
    };
    result.map_err(|e| match e {
        rustix::io::Errno::EXIST => FsError::Stale {
            path: shown.to_path_buf(),
            what: "existence",
            expected: "no file".into(),
            found: "a file created meanwhile".into(),
        },
        e => FsError::write(shown, e.into()),
    })
}

/// Remove a staged file that will not be installed.
pub(crate) fn discard(place: &Place, staged: &Staged) {
    let _ = unlinkat(&place.dir, staged.tmp.as_os_str(), AtFlags::empty());
}

/// Delete the file at `place`; when it was named by a symlink, the link (as `rm` does).
pub(crate) fn delete(place: &Place, shown: &Path) -> Result<(), FsError> {
    let (dir, name) = match &place.link {
        Some((dir, name)) => (dir, name),
        None => (&place.dir, &place.name),
    };
    match unlinkat(dir, name.as_os_str(), AtFlags::empty()) {
        Ok(()) | Err(rustix::io::Errno::NOENT) => Ok(()),
        Err(e) => Err(FsError::write(shown, e.into())),
    }
}

/// Overwrite the content of the file at `place` in place: same inode, so its links, owner,
/// mode and attributes stay, but a crash midway leaves it torn. `ino` is the file read and
/// `before` its content: a write that fails midway (a full disk) puts `before` back, which
/// needs no new space, and says so only when that fails too.
pub(crate) fn write_in_place(
    place: &Place,
    shown: &Path,
    text: &str,
    before: &str,
    ino: u64,
) -> Result<FileVersion, FsError> {
    let err = |e: std::io::Error| FsError::write(shown, e);
    let flags = OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let fd = openat(&place.dir, place.name.as_os_str(), flags, Mode::empty())
        .map_err(|e| err(e.into()))?;
    let mut file = File::from(fd);
    let meta = file.metadata().map_err(err)?;
    if meta.ino() != ino || !meta.is_file() {
        return Err(FsError::Stale {
            path: shown.to_path_buf(),
            what: "inode",
            expected: ino.to_string(),
            found: meta.ino().to_string(),
        });
    }
    let overwrite = |file: &mut File, text: &str| -> std::io::Result<()> {
        file.rewind()?;
        file.write_all(text.as_bytes())?;
        file.set_len(text.len() as u64)?;
        file.sync_all()
    };
    if let Err(e) = overwrite(&mut file, text) {
        return Err(match overwrite(&mut file, before) {
            Ok(()) => err(e),
            Err(_) => FsError::Io {
                path: shown.to_path_buf(),
                source: e,
                hint: super::error::TORN,
            },
        });
    }
    let meta = file.metadata().map_err(err)?;
    Ok(version(&meta, text.as_bytes()))
}
