//! Shared helpers: a temporary working directory, a `fuzzy-edit` command run in it, asserts.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;
use tempfile::TempDir;

/// A small Python file with two functions, for tests of one edit.
pub const PY: &str = "def f(x):\n    return x + 1\n\n\ndef g(x):\n    return x * 2\n";

/// A temporary directory the binary runs in; paths are relative to it.
pub struct Work {
    dir: TempDir,
}

impl Work {
    pub fn new() -> Self {
        Work {
            dir: tempfile::tempdir().expect("create a temporary directory"),
        }
    }

    /// The directory itself.
    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// `name` inside the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Write `contents` to `name` (creating parent directories); returns its path.
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.path(name);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("create parent directories");
        }
        std::fs::write(&p, contents).expect("write a test file");
        p
    }

    /// The content of `name` as text.
    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"))
    }

    /// The content of `name` as bytes.
    pub fn bytes(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.path(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"))
    }

    pub fn exists(&self, name: &str) -> bool {
        self.path(name).exists()
    }

    /// `fuzzy-edit` with the given arguments, run in this directory, colors left to the binary
    /// (stdout is a pipe, and `NO_COLOR` is removed so that a set `NO_COLOR` in the test
    /// environment does not hide a bug).
    pub fn cmd<I, S>(&self, args: I) -> Command
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        let mut c = fuzzy_edit();
        c.current_dir(self.dir.path()).args(args);
        c
    }

    /// Run `fuzzy-edit` with `args` in this directory.
    pub fn run<I, S>(&self, args: I) -> Output
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd(args).output().expect("run fuzzy-edit")
    }

    /// Run `fuzzy-edit` with `args` in this directory, `stdin` on its standard input.
    pub fn run_stdin<I, S>(&self, args: I, stdin: impl Into<Vec<u8>>) -> Output
    where
        I: IntoIterator<Item = S>,
        S: AsRef<std::ffi::OsStr>,
    {
        self.cmd(args)
            .write_stdin(stdin)
            .output()
            .expect("run fuzzy-edit")
    }
}

/// The `fuzzy-edit` binary under test.
pub fn fuzzy_edit() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"));
    c.env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .timeout(std::time::Duration::from_secs(300));
    c
}

/// Stdout parsed as one JSON value.
pub fn stdout_json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Assert a refusal or error: `code`, nothing on stdout, a `fuzzy-edit: ` message on stderr.
/// Returns stderr.
pub fn assert_fails(out: &Output, code: i32) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(
        out.status.code(),
        Some(code),
        "exit status\nstdout:\n{}\nstderr:\n{err}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        out.stdout.is_empty(),
        "stdout must stay clean on failure, got:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        !err.trim().is_empty(),
        "an error must be explained on stderr"
    );
    err
}

/// Assert success with nothing on stderr. Returns stdout.
pub fn assert_ok(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "exit status\nstdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "nothing on stderr on success, got:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// Whether `s` holds an ANSI escape sequence.
pub fn has_ansi(s: &str) -> bool {
    s.contains('\u{1b}')
}

/// Whether this process ignores file permissions (root does): probe by writing into a
/// read-only directory.
#[cfg(unix)]
pub fn permissions_ignored() -> bool {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).expect("mkdir");
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    let ignored = std::fs::write(ro.join("probe"), "x").is_ok();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).expect("chmod back");
    ignored
}

/// The names in the work directory (recursively, relative), sorted: to see nothing was left
/// behind.
pub fn listing(w: &Work) -> Vec<String> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            out.push(path.strip_prefix(root).unwrap().display().to_string());
            let ty = entry.file_type().unwrap();
            if ty.is_dir() {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(w.root(), w.root(), &mut out);
    out.sort();
    out
}

/// The refused edits of an answer's `error.edits` without their `message`s, which name the
/// parameters in each front end's own words (`--old`, `old`, `old_string`).
pub fn edits_but_messages(answer: &Value) -> Value {
    let mut edits = answer["error"]["edits"].clone();
    for e in edits.as_array_mut().into_iter().flatten() {
        e.as_object_mut().map(|o| o.remove("message"));
    }
    edits
}
