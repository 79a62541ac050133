//! Finding a file beneath a root by directory handle, so that a check cannot be raced.
//!
//! A path checked by name and then opened by name can be redirected in between (a symlink
//! renamed over a component). Here the path is walked one component at a time from an open
//! handle of the root: each directory is opened relative to the previous one with
//! `O_NOFOLLOW`, symlinks are read with `readlinkat` and their targets walked the same way
//! (an absolute target must lie under the root, `..` never climbs above it). The result is
//! an open handle of the file's directory and a name in it that was not a symlink when seen;
//! every later open, rename and unlink is relative to that handle, with no-follow semantics,
//! so a swap after the walk can at most make the edit fail, never redirect it.
//!
//! Unconfined callers use `/` as the root: one code path for both.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStringExt;
use std::path::{Component, Path, PathBuf};

use rustix::fs::{mkdirat, openat, readlinkat, Mode, OFlags, CWD};

use super::FsError;

/// Symlinks followed in one walk before giving up, as the kernel's own limit.
const MAX_LINKS: usize = 40;

/// A directory that paths are confined to, open.
#[derive(Debug)]
pub(crate) struct Root {
    fd: OwnedFd,
    /// Canonical path, to map absolute paths and absolute symlink targets into the root.
    path: PathBuf,
}

impl Root {
    /// Open `dir`. A `pinned` root is a canonical path fixed beforehand, opened as it is: a
    /// root that has since become a symlink (or passes through one) is refused, where it would
    /// otherwise be resolved again and followed. Either way the canonical path is opened one
    /// component at a time without following symlinks.
    pub(crate) fn open(dir: &Path, pinned: bool) -> Result<Root, FsError> {
        let path = if pinned {
            dir.to_path_buf()
        } else {
            std::fs::canonicalize(dir).map_err(|e| FsError::io(dir, e))?
        };
        let fd = open_canonical(&path).map_err(|e| match e {
            rustix::io::Errno::LOOP | rustix::io::Errno::NOTDIR if pinned => FsError::Io {
                path: dir.to_path_buf(),
                source: io::Error::other(
                    "this root is no longer the directory it was (it, or a directory above it, was replaced by a symlink), so it is not followed",
                ),
                hint: super::error::NOTHING_WRITTEN,
            },
            e => FsError::io(dir, e.into()),
        })?;
        Ok(Root { fd, path })
    }

    #[cfg(test)]
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

/// Where a file lives: its directory, open (read-only, so it can be locked), and its name.
#[derive(Debug)]
pub(crate) struct Place {
    pub(crate) dir: OwnedFd,
    pub(crate) name: OsString,
    /// The canonical path, for display, de-duplication and the caller's bookkeeping.
    pub(crate) real: PathBuf,
    /// When the path named a symlink: the link's directory and name (a delete removes the
    /// link, as `rm` does; everything else goes to its target).
    pub(crate) link: Option<(OwnedFd, OsString)>,
}

/// The outcome of a walk.
#[derive(Debug)]
pub(crate) enum Found {
    /// The directory exists (the file itself may not).
    Place(Place),
    /// A directory on the way does not exist and was not created: the file does not exist.
    MissingDir(PathBuf),
}

enum Part {
    Up,
    Name(OsString),
}

fn parts(path: &Path) -> Result<VecDeque<Part>, String> {
    let mut out = VecDeque::new();
    for c in path.components() {
        match c {
            Component::CurDir | Component::RootDir => {}
            Component::ParentDir => out.push_back(Part::Up),
            Component::Normal(n) => out.push_back(Part::Name(n.to_os_string())),
            Component::Prefix(_) => return Err("path prefixes are not supported".into()),
        }
    }
    Ok(out)
}

/// Open the absolute, canonical directory `path` from `/`, refusing any symlink on the way.
/// The directories above it are only passed through: where the system allows, they are
/// opened as paths, needing search permission only (as a lookup by name does), not read.
fn open_canonical(path: &Path) -> rustix::io::Result<OwnedFd> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let pass = OFlags::PATH | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let pass = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let mut fd = openat(CWD, "/", pass, Mode::empty())?;
    for c in path.components() {
        match c {
            Component::RootDir => {}
            Component::Normal(name) => fd = openat(&fd, name, pass, Mode::empty())?,
            _ => return Err(rustix::io::Errno::INVAL),
        }
    }
    open_dir(&fd, ".")
}

/// Whether `path` ends in `/` or `/.`, which [`Path::components`] drops: it names a directory.
fn names_a_directory(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    bytes.ends_with(b"/") || bytes.ends_with(b"/.")
}

fn open_dir(
    dir: impl std::os::fd::AsFd,
    name: impl rustix::path::Arg,
) -> rustix::io::Result<OwnedFd> {
    openat(
        dir,
        name,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
        Mode::empty(),
    )
}

/// The root that `path` (absolute, or relative to `base`) lies in, and the path relative to
/// it. A path outside every root is refused; so is one that reaches a root only through a
/// symlink outside it, except that the roots' own canonical spelling is tried.
pub(crate) fn locate<'r>(
    roots: &'r [Root],
    base: &Path,
    path: &Path,
) -> Result<(&'r Root, PathBuf), FsError> {
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        base.join(path)
    };
    let best = |p: &Path| {
        roots
            .iter()
            .filter(|r| p.starts_with(&r.path))
            .max_by_key(|r| r.path.components().count())
            .map(|r| (r, p.strip_prefix(&r.path).unwrap_or(p).to_path_buf()))
    };
    if let Some(found) = best(&abs) {
        return Ok(found);
    }
    // `/tmp/x` when the root is `/private/tmp/x`: canonicalize the deepest existing ancestor
    // only to compute the relative path; the walk itself is still done by handle.
    let mut ancestor = abs.as_path();
    let mut tail = Vec::new();
    while let Some(parent) = ancestor.parent() {
        if let Ok(real) = std::fs::canonicalize(parent) {
            let mut candidate = real;
            candidate.push(ancestor.file_name().unwrap_or_default());
            for name in tail.iter().rev() {
                candidate.push(name);
            }
            if let Some(found) = best(&candidate) {
                return Ok(found);
            }
            break;
        }
        tail.push(ancestor.file_name().unwrap_or_default().to_os_string());
        ancestor = parent;
    }
    Err(FsError::Outside(path.to_path_buf()))
}

/// Walk `rel` beneath `root`. Missing directories are created when `create_dirs`. `shown`
/// is the path as the caller named it, for messages.
pub(crate) fn walk(
    root: &Root,
    rel: &Path,
    shown: &Path,
    create_dirs: bool,
) -> Result<Found, FsError> {
    let shown = shown.to_path_buf();
    let err = |e: io::Error| FsError::io(&shown, e);
    let mut queue = parts(rel).map_err(|m| err(io::Error::other(m)))?;
    let mut stack: Vec<OwnedFd> = vec![open_dir(&root.fd, ".").map_err(|e| err(e.into()))?];
    let mut real = root.path.clone();
    let mut links = 0;
    let mut link: Option<(OwnedFd, OsString)> = None;
    while let Some(part) = queue.pop_front() {
        let name = match part {
            Part::Up if stack.len() > 1 => {
                stack.pop();
                real.pop();
                continue;
            }
            Part::Up => return Err(FsError::Outside(shown)),
            Part::Name(name) => name,
        };
        let top = stack.last().expect("the root stays on the stack");
        match readlinkat(top, name.as_os_str(), Vec::new()) {
            Ok(target) => {
                links += 1;
                if queue.is_empty() && link.is_none() {
                    link = Some((top.try_clone().map_err(err)?, name.clone()));
                }
                if links > MAX_LINKS {
                    return Err(err(io::Error::other("too many levels of symbolic links")));
                }
                let target = PathBuf::from(OsString::from_vec(target.into_bytes()));
                let mut expanded = if target.is_absolute() {
                    let inside = target
                        .strip_prefix(&root.path)
                        .map_err(|_| FsError::Outside(shown.clone()))?;
                    stack.truncate(1);
                    real = root.path.clone();
                    parts(inside).map_err(|m| err(io::Error::other(m)))?
                } else {
                    parts(&target).map_err(|m| err(io::Error::other(m)))?
                };
                expanded.extend(queue.drain(..));
                queue = expanded;
                continue;
            }
            // Not a symlink, or nothing there: both are handled below.
            Err(rustix::io::Errno::INVAL) | Err(rustix::io::Errno::NOENT) => {}
            Err(e) => return Err(err(e.into())),
        }
        if queue.is_empty() {
            if names_a_directory(&shown) {
                // `file.txt/` names a directory, as for the kernel: never the file `file.txt`.
                return Err(match open_dir(top, name.as_os_str()) {
                    Ok(_) => FsError::IsDirectory(shown),
                    Err(_) => FsError::NotADirectory(real.join(&name)),
                });
            }
            let dir = stack.pop().expect("the root stays on the stack");
            real.push(&name);
            return Ok(Found::Place(Place {
                dir,
                name,
                real,
                link,
            }));
        }
        let opened = match open_dir(top, name.as_os_str()) {
            Err(rustix::io::Errno::NOENT) if create_dirs => {
                match mkdirat(top, name.as_os_str(), Mode::from_raw_mode(0o777)) {
                    Ok(()) | Err(rustix::io::Errno::EXIST) => {}
                    Err(e) => return Err(err(e.into())),
                }
                open_dir(top, name.as_os_str())
            }
            other => other,
        };
        match opened {
            Ok(fd) => {
                stack.push(fd);
                real.push(&name);
            }
            Err(rustix::io::Errno::NOENT) => {
                real.push(&name);
                return Ok(Found::MissingDir(real));
            }
            // A symlink that appeared after readlinkat: refuse rather than follow it.
            Err(rustix::io::Errno::LOOP) => {
                return Err(err(io::Error::other(
                    "a directory on the path was replaced by a symlink while it was opened",
                )))
            }
            Err(rustix::io::Errno::NOTDIR) => {
                real.push(&name);
                return Err(FsError::NotADirectory(real));
            }
            Err(e) => return Err(err(e.into())),
        }
    }
    Err(FsError::IsDirectory(shown))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(found: Found) -> Place {
        match found {
            Found::Place(p) => p,
            Found::MissingDir(d) => panic!("missing {}", d.display()),
        }
    }

    #[test]
    fn walks_inside_and_refuses_outside() {
        let outer = tempfile::tempdir().unwrap();
        let root_dir = outer.path().join("root");
        std::fs::create_dir_all(root_dir.join("src")).unwrap();
        std::fs::write(root_dir.join("src/a.txt"), "a").unwrap();
        std::fs::write(outer.path().join("secret"), "s").unwrap();
        std::os::unix::fs::symlink(outer.path().join("secret"), root_dir.join("out")).unwrap();
        std::os::unix::fs::symlink("src/a.txt", root_dir.join("rel")).unwrap();
        std::os::unix::fs::symlink(root_dir.join("src/a.txt"), root_dir.join("abs")).unwrap();
        let root = Root::open(&root_dir, false).unwrap();
        let real = root.path().join("src/a.txt");
        for ok in ["src/a.txt", "src/../src/./a.txt", "rel", "abs"] {
            let p = place(walk(&root, Path::new(ok), Path::new(ok), false).unwrap());
            assert_eq!(p.real, real, "{ok}");
            assert_eq!(p.name, "a.txt");
        }
        for bad in ["../secret", "src/../../secret", "out"] {
            assert!(
                matches!(
                    walk(&root, Path::new(bad), Path::new(bad), false),
                    Err(FsError::Outside(_))
                ),
                "{bad}"
            );
        }
        for dir_only in ["src/a.txt/", "src/a.txt/.", "rel/", "src/missing/"] {
            assert!(
                matches!(
                    walk(&root, Path::new(dir_only), Path::new(dir_only), true),
                    Err(FsError::NotADirectory(_))
                ),
                "{dir_only}"
            );
        }
        assert!(!root.path().join("src/missing").exists());
        assert!(matches!(
            walk(&root, Path::new("src/"), Path::new("src/"), false),
            Err(FsError::IsDirectory(_))
        ));
        assert!(matches!(
            walk(&root, Path::new("new/dir/b"), Path::new("b"), false).unwrap(),
            Found::MissingDir(_)
        ));
        let p = place(walk(&root, Path::new("new/dir/b"), Path::new("b"), true).unwrap());
        assert_eq!(p.real, root.path().join("new/dir/b"));
        let roots = [root];
        let (r, rel) = locate(&roots, Path::new("/"), &real).unwrap();
        assert_eq!(
            (r.path(), rel.as_path()),
            (roots[0].path(), Path::new("src/a.txt"))
        );
        assert!(locate(&roots, Path::new("/"), Path::new("/etc/passwd")).is_err());
    }
}
