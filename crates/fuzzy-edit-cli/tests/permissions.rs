//! An edit never widens who may read or write a file: the replacement carries exactly the
//! original's mode, owner, group, access ACL and other extended attributes, and nothing the
//! original lacked — not the default ACL of its directory, not the group of a setgid
//! directory, not the mode of a `umask 0` process. ACLs are set as raw extended attributes
//! (no `setfacl` needed); a filesystem without them skips those tests.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::Path;

use rustix::fs::XattrFlags;

use crate::common::{assert_ok, Work};

const ACCESS: &str = "system.posix_acl_access";
const DEFAULT: &str = "system.posix_acl_default";
/// The "no id" of the owner, owning group, mask and other entries.
const NO_ID: u32 = u32::MAX;
const USER_OBJ: u16 = 0x01;
const USER: u16 = 0x02;
const GROUP_OBJ: u16 = 0x04;
const MASK: u16 = 0x10;
const OTHER: u16 = 0x20;

/// An ACL in the kernel's extended-attribute form: version 2, then (tag, permissions, id).
fn acl(entries: &[(u16, u16, u32)]) -> Vec<u8> {
    let mut v = 2u32.to_le_bytes().to_vec();
    for &(tag, perm, id) in entries {
        v.extend_from_slice(&tag.to_le_bytes());
        v.extend_from_slice(&perm.to_le_bytes());
        v.extend_from_slice(&id.to_le_bytes());
    }
    v
}

/// `user:65534:rw-`, as a directory's default ACL would give every new file.
fn nobody_may_write() -> Vec<u8> {
    acl(&[
        (USER_OBJ, 6, NO_ID),
        (USER, 6, 65534),
        (GROUP_OBJ, 4, NO_ID),
        (MASK, 6, NO_ID),
        (OTHER, 0, NO_ID),
    ])
}

/// Set `name` on `path`; `false` when this filesystem or kernel does not support it.
fn set(path: &Path, name: &str, value: &[u8]) -> bool {
    match rustix::fs::setxattr(path, name, value, XattrFlags::empty()) {
        Ok(()) => true,
        Err(rustix::io::Errno::NOTSUP) => {
            eprintln!("skipped: no {name} on this filesystem");
            false
        }
        Err(e) => panic!("setting {name} on {}: {e}", path.display()),
    }
}

fn get(path: &Path, name: &str) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; 4096];
    match rustix::fs::getxattr(path, name, &mut buf) {
        Ok(n) => Some(buf[..n].to_vec()),
        Err(rustix::io::Errno::NODATA) => None,
        Err(e) => panic!("reading {name} of {}: {e}", path.display()),
    }
}

fn names(path: &Path) -> Vec<String> {
    let mut buf = vec![0u8; 4096];
    let n = rustix::fs::listxattr(path, &mut buf).unwrap();
    let mut v: Vec<String> = buf[..n]
        .split(|&b| b == 0)
        .filter(|s| !s.is_empty())
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect();
    v.sort();
    v
}

fn edit(w: &Work, name: &str) {
    assert_ok(&w.run(["apply", name, "--old", "one", "--new", "two"]));
    assert_eq!(w.read(name), "two\n");
}

#[test]
fn a_file_without_an_acl_gains_none_from_its_directory() {
    let w = Work::new();
    let p = w.write("a.txt", "one\n");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    if !set(w.root(), DEFAULT, &nobody_may_write()) {
        return;
    }
    let before = names(&p);
    assert!(get(&p, ACCESS).is_none());
    edit(&w, "a.txt");
    assert_eq!(
        get(&p, ACCESS),
        None,
        "the directory's default ACL was given"
    );
    assert_eq!(names(&p), before);
    assert_eq!(std::fs::metadata(&p).unwrap().mode() & 0o7777, 0o640);
}

#[test]
fn a_file_with_its_own_acl_keeps_exactly_it() {
    let w = Work::new();
    if !set(w.root(), DEFAULT, &nobody_may_write()) {
        return;
    }
    // Its own: user 1000 may read, the mask lets it; nobody (65534) is not named.
    let own = acl(&[
        (USER_OBJ, 6, NO_ID),
        (USER, 4, 1000),
        (GROUP_OBJ, 0, NO_ID),
        (MASK, 4, NO_ID),
        (OTHER, 0, NO_ID),
    ]);
    let p = w.write("a.txt", "one\n");
    assert!(set(&p, ACCESS, &own));
    set(&p, "user.origin", b"model");
    let (mode, before, attrs) = (
        std::fs::metadata(&p).unwrap().mode() & 0o7777,
        get(&p, ACCESS),
        names(&p),
    );
    edit(&w, "a.txt");
    assert_eq!(get(&p, ACCESS), before);
    assert_eq!(names(&p), attrs);
    assert_eq!(std::fs::metadata(&p).unwrap().mode() & 0o7777, mode);
}

#[test]
fn the_group_of_a_setgid_directory_is_not_given() {
    let w = Work::new();
    std::fs::create_dir(w.path("shared")).unwrap();
    let dir = w.path("shared");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o2775)).unwrap();
    let p = w.write("shared/a.txt", "one\n");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o2640)).unwrap();
    // Root can give the directory a group the file does not have; another user keeps both
    // in its own group, which still checks the mode and the setgid bit.
    let file_gid = std::fs::metadata(&p).unwrap().gid();
    let _ = std::os::unix::fs::chown(&dir, None, Some(file_gid.wrapping_add(4242)));
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o2775)).unwrap();
    edit(&w, "shared/a.txt");
    let meta = std::fs::metadata(&p).unwrap();
    assert_eq!(meta.gid(), file_gid);
    assert_eq!(meta.mode() & 0o7777, 0o2640);
}

#[test]
fn umask_zero_does_not_open_a_private_file() {
    let w = Work::new();
    let p = w.write("secret.txt", "one\n");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).unwrap();
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_fuzzy-edit"));
    cmd.current_dir(w.root())
        .args(["apply", "secret.txt", "--old", "one", "--new", "two"]);
    // SAFETY: umask is async-signal-safe and touches nothing shared.
    unsafe {
        cmd.pre_exec(|| {
            rustix::process::umask(rustix::fs::Mode::empty());
            Ok(())
        });
    }
    assert_ok(&cmd.output().unwrap());
    assert_eq!(w.read("secret.txt"), "two\n");
    assert_eq!(std::fs::metadata(&p).unwrap().mode() & 0o7777, 0o600);
    assert_eq!(get(&p, ACCESS), None);
}
