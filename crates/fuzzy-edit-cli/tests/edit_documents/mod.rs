//! Edit documents (`--edits PATH` or `-`): every format, detected automatically; several files.
//!
//! One module per format, and the documents that cannot be read; the project they edit is here.

mod begin_patch;
mod fenced_snippets;
mod json;
mod search_replace;
mod unified_diff;
mod unreadable;

use crate::common::Work;

pub(crate) const APP: &str = "\
import os


def total(items):
    s = 0
    for i in items: s += i
    return s


def main():
    print(total([1, 2, 3]))
";

const UTIL: &str = "\
def greet(name):
    return \"hello \" + name
";

pub(crate) fn project() -> Work {
    let w = Work::new();
    w.write("src/app.py", APP);
    w.write("src/util.py", UTIL);
    w
}

const APP_FIXED: &str = "\
import os


def total(items):
    s = 0
    for i in items:
        s += i
    return s


def main():
    print(total([1, 2, 3]))
";

const UTIL_FIXED: &str = "\
def greet(name):
    return f\"hello {name}\"
";
