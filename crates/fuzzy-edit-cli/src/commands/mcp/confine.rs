//! The directories the server may touch, and how paths in them are shown to the model.
//!
//! Confinement itself is done by [`fuzzy_edit::fs::edit_files`] and [`fuzzy_edit::fs::read_file`]:
//! every path is walked from an open handle of a root, symlinks included, and every open,
//! rename and unlink is relative to the directory handle found, so a symlink swapped in after
//! the walk cannot redirect a write outside the roots.
//!
//! Not covered: hard links to files outside the roots are indistinguishable from ordinary
//! files (but they are refused for writing, as every file with several links is), and a
//! directory moved out of a root while a write into it is under way.

use std::path::{Path, PathBuf};

/// The directories the server may touch, canonicalized.
#[derive(Debug, Clone)]
pub struct Roots {
    roots: Vec<PathBuf>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_are_canonical_directories() {
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        let roots = Roots::new(&[a.path().into(), b.path().into()]).unwrap();
        let in_b = std::fs::canonicalize(b.path()).unwrap().join("src/f.txt");
        assert_eq!(roots.display(&in_b), "src/f.txt");
        assert!(Roots::new(&[a.path().join("missing")]).is_err());
    }
}
