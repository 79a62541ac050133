//! Opening and reading a file found by [`super::resolve`]: regular files only, never blocking,
//! never reading more than the limit.
//!
//! The open is `O_NONBLOCK | O_NOFOLLOW`, so a FIFO opens at once instead of waiting for a
//! writer, and a symlink swapped in after the walk fails instead of being followed; the type is
//! then checked on the opened handle (a check by name could be raced). The limit is applied to
//! the bytes actually read, not to the size the file reports: `/dev/zero`-like files and files
//! growing while read stop at the limit.

use std::fs::{File, Metadata};
use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::time::UNIX_EPOCH;

use rustix::fs::{openat, Mode, OFlags};

use super::resolve::Place;
use super::{sha256_hex, FileVersion, FsError};

/// A file opened for reading, with what its handle says about it.
#[derive(Debug)]
pub(crate) struct Opened {
    pub(crate) file: File,
    pub(crate) meta: Metadata,
}

/// Open the file at `place`; `None` when there is none. Anything but a regular file is refused.
pub(crate) fn open_regular(place: &Place, shown: &Path) -> Result<Option<Opened>, FsError> {
    let flags =
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
    let fd = match openat(&place.dir, place.name.as_os_str(), flags, Mode::empty()) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::NOENT) => return Ok(None),
        Err(rustix::io::Errno::LOOP) => {
            return Err(FsError::NotRegular {
                path: shown.to_path_buf(),
                kind: "symlink (it appeared after the path was resolved)",
            })
        }
        // Opening a socket fails this way.
        Err(rustix::io::Errno::NXIO) => {
            return Err(FsError::NotRegular {
                path: shown.to_path_buf(),
                kind: "socket or device without a driver",
            })
        }
        Err(e) => return Err(FsError::io(shown, e.into())),
    };
    let file = File::from(fd);
    let meta = file.metadata().map_err(|e| FsError::io(shown, e))?;
    let ft = meta.file_type();
    let kind = if ft.is_file() {
        return Ok(Some(Opened { file, meta }));
    } else if ft.is_dir() {
        return Err(FsError::IsDirectory(shown.to_path_buf()));
    } else if ft.is_fifo() {
        "FIFO (named pipe)"
    } else if ft.is_char_device() || ft.is_block_device() {
        "device"
    } else if ft.is_socket() {
        "socket"
    } else {
        "special file"
    };
    Err(FsError::NotRegular {
        path: shown.to_path_buf(),
        kind,
    })
}

/// Read at most `max_bytes`; more is refused as [`FsError::TooLarge`].
pub(crate) fn read_bounded(
    opened: &Opened,
    shown: &Path,
    max_bytes: u64,
) -> Result<Vec<u8>, FsError> {
    let too_large = |len| FsError::TooLarge {
        path: shown.to_path_buf(),
        len,
        limit: max_bytes,
    };
    if opened.meta.len() > max_bytes {
        return Err(too_large(opened.meta.len()));
    }
    let mut bytes = Vec::with_capacity(opened.meta.len() as usize);
    (&opened.file)
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| FsError::io(shown, e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Refuse bytes that are not UTF-8 text.
pub(crate) fn decode(bytes: Vec<u8>, shown: &Path) -> Result<String, FsError> {
    if let Some(offset) = memchr::memchr(0, &bytes) {
        return Err(FsError::Binary {
            path: shown.to_path_buf(),
            offset,
        });
    }
    String::from_utf8(bytes).map_err(|e| FsError::NotUtf8 {
        path: shown.to_path_buf(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// The version of `bytes` as a file with `meta`.
pub(crate) fn version(meta: &Metadata, bytes: &[u8]) -> FileVersion {
    version_with(meta, bytes.len(), sha256_hex(bytes))
}

/// The version of a file with `meta` whose `len` bytes have the SHA-256 `sha256`.
pub(crate) fn version_with(meta: &Metadata, len: usize, sha256: String) -> FileVersion {
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or_else(String::new, |d| {
            format!("{}.{:09}", d.as_secs(), d.subsec_nanos())
        });
    FileVersion {
        mtime,
        len: len as u64,
        sha256,
    }
}

/// Whether `a` and `b` describe the same file (device and inode).
pub(crate) fn same_inode(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}
