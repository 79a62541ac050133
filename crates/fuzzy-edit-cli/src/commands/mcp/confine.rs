//! Confinement: every path a tool names must resolve to a place inside one of the roots.
//!
//! A path is resolved the way the operating system would open it: relative paths against the
//! first root, then `..` and symlinks followed by [`std::fs::canonicalize`]. A path that does not
//! exist yet (a file `write_file` creates, perhaps in directories it creates) is resolved through
//! its deepest existing ancestor, canonicalized, plus the missing components, which must be plain
//! names (no `..` through a directory that does not exist). The result must lie inside a
//! canonicalized root, compared component by component.
//!
//! Not covered: hard links to files outside the roots (indistinguishable from ordinary files),
//! and a directory swapped for a symlink between the check and the write.

use std::io;
use std::path::{Component, Path, PathBuf};

/// The directories the server may touch, canonicalized.
#[derive(Debug, Clone)]
pub struct Roots {
    roots: Vec<PathBuf>,
}

/// A path resolved inside a root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The real location: canonical if it exists, else its canonical existing ancestor plus
    /// the missing names.
    pub path: PathBuf,
    /// Whether something exists there now.
    pub exists: bool,
}

impl Roots {
    /// Canonicalize `dirs` (the current directory when empty); each must be a directory.
    pub fn new(dirs: &[PathBuf]) -> Result<Roots, String> {
        let dirs = if dirs.is_empty() {
            vec![PathBuf::from(".")]
        } else {
            dirs.to_vec()
        };
        let mut roots = Vec::with_capacity(dirs.len());
        for dir in &dirs {
            let canonical =
                std::fs::canonicalize(dir).map_err(|e| format!("root {}: {e}", dir.display()))?;
            if !canonical.is_dir() {
                return Err(format!("root {}: not a directory", dir.display()));
            }
            roots.push(canonical);
        }
        Ok(Roots { roots })
    }

    /// The canonical roots, the first being where relative paths resolve.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.roots
    }

    /// Resolve `path` as a tool argument, refusing anything outside the roots.
    pub fn resolve(&self, path: &str) -> Result<Resolved, String> {
        if path.contains('\0') {
            return Err(format!("{path:?}: a path cannot contain NUL bytes."));
        }
        let joined = self.roots[0].join(path);
        let resolved = match std::fs::canonicalize(&joined) {
            Ok(real) => Resolved {
                path: real,
                exists: true,
            },
            Err(e) if e.kind() == io::ErrorKind::NotFound => Resolved {
                path: resolve_missing(&joined).map_err(|why| format!("{path}: {why}"))?,
                exists: false,
            },
            // Say nothing about what lies outside the roots, not even why it cannot be opened.
            Err(_) if !self.contains(&lexical(&joined)) => return Err(self.outside(path)),
            Err(e) => return Err(format!("{path}: {e}")),
        };
        if self.contains(&resolved.path) {
            Ok(resolved)
        } else {
            Err(self.outside(path))
        }
    }

    fn contains(&self, path: &Path) -> bool {
        self.roots.iter().any(|root| path.starts_with(root))
    }

    fn outside(&self, path: &str) -> String {
        let roots: Vec<String> = self.roots.iter().map(|r| r.display().to_string()).collect();
        format!(
            "{path}: refused, the path resolves outside the directories this server may access ({}). Paths are relative to {} or absolute inside a root; `..` and symlinks leading out are not followed.",
            roots.join(", "),
            self.roots[0].display()
        )
    }

    /// How to name `path` to the model: relative to the first root containing it.
    pub fn display(&self, path: &Path) -> String {
        for root in &self.roots {
            if let Ok(rel) = path.strip_prefix(root) {
                if !rel.as_os_str().is_empty() {
                    return rel.display().to_string();
                }
            }
        }
        path.display().to_string()
    }
}

/// `path` with `.` and `..` removed without asking the filesystem (`..` above `/` stays at `/`).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Resolve a path that does not exist: its deepest existing ancestor, canonicalized, plus the
/// missing names.
fn resolve_missing(path: &Path) -> Result<PathBuf, String> {
    let mut tail: Vec<&std::ffi::OsStr> = Vec::new();
    let mut current = path;
    loop {
        match std::fs::symlink_metadata(current) {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e.to_string()),
        }
        let name = match current.components().next_back() {
            Some(Component::Normal(name)) => name,
            Some(Component::CurDir) => std::ffi::OsStr::new(""),
            _ => {
                return Err(
                    "refused: `..` after a directory that does not exist cannot be resolved."
                        .into(),
                )
            }
        };
        tail.push(name);
        current = current
            .parent()
            .ok_or_else(|| "no existing ancestor directory".to_string())?;
    }
    // `current` exists (perhaps as a symlink): canonicalize follows it; a dangling symlink fails.
    let mut real = std::fs::canonicalize(current).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => {
            "refused: the path goes through a symlink whose target does not exist.".to_string()
        }
        _ => e.to_string(),
    })?;
    if !real.is_dir() {
        return Err(format!(
            "{} is not a directory, so nothing can be created under it.",
            current.display()
        ));
    }
    for name in tail.into_iter().rev().filter(|n| !n.is_empty()) {
        real.push(name);
    }
    Ok(real)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_inside_and_refuses_outside() {
        let outer = tempfile::tempdir().unwrap();
        let root = outer.path().join("root");
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/a.txt"), "a").unwrap();
        std::fs::write(outer.path().join("secret"), "s").unwrap();
        let roots = Roots::new(std::slice::from_ref(&root)).unwrap();
        let real_root = std::fs::canonicalize(&root).unwrap();

        let r = roots.resolve("src/a.txt").unwrap();
        assert_eq!(r.path, real_root.join("src/a.txt"));
        assert!(r.exists);
        assert_eq!(roots.display(&r.path), "src/a.txt");
        let r = roots.resolve("src/../src/./a.txt").unwrap();
        assert_eq!(r.path, real_root.join("src/a.txt"));
        let abs = real_root.join("src/a.txt");
        assert!(roots.resolve(abs.to_str().unwrap()).is_ok());

        let r = roots.resolve("new/dir/b.txt").unwrap();
        assert_eq!(r.path, real_root.join("new/dir/b.txt"));
        assert!(!r.exists);

        for bad in [
            "../secret",
            "src/../../secret",
            "/etc/passwd",
            "new/../../x",
        ] {
            assert!(roots.resolve(bad).is_err(), "{bad}");
        }
        let outside = outer.path().join("secret");
        assert!(roots.resolve(outside.to_str().unwrap()).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn follows_symlinks_before_deciding() {
        let outer = tempfile::tempdir().unwrap();
        let root = outer.path().join("root");
        std::fs::create_dir(&root).unwrap();
        std::fs::create_dir(outer.path().join("elsewhere")).unwrap();
        std::fs::write(outer.path().join("secret"), "s").unwrap();
        std::os::unix::fs::symlink(outer.path().join("secret"), root.join("link")).unwrap();
        std::os::unix::fs::symlink(outer.path().join("elsewhere"), root.join("dir")).unwrap();
        std::os::unix::fs::symlink(outer.path().join("gone"), root.join("dangling")).unwrap();
        std::fs::write(root.join("inner.txt"), "i").unwrap();
        std::os::unix::fs::symlink(root.join("inner.txt"), root.join("ok-link")).unwrap();
        let roots = Roots::new(std::slice::from_ref(&root)).unwrap();

        assert!(roots.resolve("link").is_err());
        assert!(roots.resolve("dir/new.txt").is_err());
        assert!(roots.resolve("dir/../secret").is_err());
        assert!(roots.resolve("dangling").is_err());
        assert!(roots.resolve("dangling/x").is_err());
        let ok = roots.resolve("ok-link").unwrap();
        assert_eq!(
            ok.path,
            std::fs::canonicalize(root.join("inner.txt")).unwrap()
        );
    }

    #[test]
    fn several_roots() {
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        std::fs::write(b.path().join("f"), "f").unwrap();
        let roots = Roots::new(&[a.path().into(), b.path().into()]).unwrap();
        let in_b = std::fs::canonicalize(b.path().join("f")).unwrap();
        assert!(roots.resolve(in_b.to_str().unwrap()).is_ok());
        assert!(roots
            .resolve("f")
            .unwrap()
            .path
            .starts_with(roots.dirs()[0].clone()));
        assert!(Roots::new(&[a.path().join("missing")]).is_err());
    }
}
