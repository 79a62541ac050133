#!/usr/bin/env python3
"""Mine real commit hunks from git histories, in the format of shared/data/git-mined/.

The accuracy benchmark (benches/accuracy) builds its `perturbed` and `lazy-snippet` sets from
commit hunks with an exact location: the file before a commit, the hunk's old text (context +
removed lines) and new text (context + added lines). The shared data holds Python, TypeScript
and Rust only; this script builds the same kind of data from any other project's history, so
the gate can be run on other languages:

    python3 benches/mine_hunks.py --out /work/corpora/mined [--per-repo 120] GITDIR...
    accuracy --data /work/corpora/mined --gate --details /work/corpora/mined-details

Each GITDIR is a local git directory (a bare mirror is enough). Its OWNER/NAME is read from a
path component `OWNER+NAME` (as in `/work/.mirror/OWNER+NAME/repo`) or from the `origin`
remote's URL. The hunks go to `OUT/git-mined/OWNER_NAME.jsonl.gz`, one JSON object a line:

    content         the file before the commit, as on disk (CRLF and tabs kept)
    old, new        context + removed lines, context + added lines, joined with "\\n" and
                    without the last line's line break (as in the shared data)
    source          github:OWNER/NAME@SHORTSHA:PATH (git history hunk, -U3)
    gt_char_offset  character offset of `old` in `content`
    gt_line         1-based line of `old` in `content` (= hunk_old_start)
    hunk_old_start, removed_lines, added_lines

Which hunks are kept (the shared data's rules):
- source files of a programming language, by extension (SOURCE_EXTENSIONS), changed in place
  (no added, deleted or renamed files), outside vendored directories;
- the file before the commit at most 300 KB, valid UTF-8, without NUL;
- `git diff-tree -U3` of a non-merge commit against its parent, walking `git log --no-merges`
  newest first;
- at least one removed line (the shared data has no pure additions), `old` neither empty nor
  only blank lines, not a change of whitespace only, `old` at most 20 lines (the shared data's
  longest) and the whole hunk at most 60 lines;
- `old` occurs exactly once in `content`, and does not start with a byte-order mark;
- at most --per-repo hunks a repository, 3 a commit and PER_FILE a file path, so that they
  spread over many commits and files.

Same repositories at the same commits give byte-identical output (gzip without a timestamp).
Python 3 standard library only.
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys

SOURCE_EXTENSIONS = {
    # '#' comments
    "py", "pyi", "rb", "rake", "sh", "bash", "zsh", "pl", "pm", "r", "ex", "exs", "jl", "nim",
    # '--' comments
    "lua", "sql", "hs",
    # '//' comments
    "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "hxx", "m", "mm", "cs", "go", "java", "js",
    "mjs", "cjs", "jsx", "ts", "tsx", "rs", "kt", "kts", "swift", "scala", "sc", "php",
    "dart", "groovy", "zig",
}
# Vendored or generated code is not what a model edits.
SKIP_DIRS = re.compile(r"(^|/)(vendor|third_party|third-party|node_modules|dist|build)/")
MAX_FILE_BYTES = 300 * 1024
MAX_OLD_LINES = 20
MAX_HUNK_LINES = 60
PER_COMMIT = 3
HUNK_HEADER = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def git(gitdir, *args):
    """Output of a git command in `gitdir`, as bytes; config that could change it is pinned."""
    cmd = ["git", "--git-dir", gitdir, "-c", "core.quotepath=off", "-c", "diff.noprefix=false"]
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    return subprocess.run(cmd + list(args), check=True, capture_output=True, env=env).stdout


def repo_name(gitdir):
    """OWNER/NAME of a git directory: a path component OWNER+NAME, else the origin URL."""
    for part in reversed(os.path.abspath(gitdir).split(os.sep)):
        if part.count("+") == 1 and all(part.split("+")):
            return tuple(part.split("+"))
    try:
        url = git(gitdir, "config", "--get", "remote.origin.url").decode().strip()
    except subprocess.CalledProcessError:
        url = ""
    m = re.search(r"[:/]([^/:]+)/([^/]+?)(?:\.git)?/?$", url)
    if not m:
        sys.exit(f"mine_hunks: cannot tell OWNER/NAME of {gitdir} (no OWNER+NAME path part, no origin)")
    return m.group(1), m.group(2)


class Blobs:
    """Reads blobs through one `git cat-file --batch` process."""

    def __init__(self, gitdir):
        self.proc = subprocess.Popen(
            ["git", "--git-dir", gitdir, "cat-file", "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def read(self, spec):
        self.proc.stdin.write(spec.encode() + b"\n")
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            return None
        size = int(header[2])
        data = self.proc.stdout.read(size)
        self.proc.stdout.read(1)  # the newline after the blob
        return data

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def file_hunks(patch):
    """(path, [(old_start, lines)]) for each file of a `git diff-tree -p` output."""
    path, hunks, current = None, [], None
    for line in patch.split(b"\n"):
        if line.startswith(b"diff --git "):
            if path is not None:
                yield path, hunks
            path, hunks, current = None, [], None
        elif line.startswith(b"+++ ") and current is None:
            name = line[4:]
            path = name[2:].decode("utf-8", "replace") if name.startswith(b"b/") else None
        elif line.startswith(b"@@"):
            m = HUNK_HEADER.match(line)
            current = [int(m.group(1)), []] if m else None
            if current:
                hunks.append(current)
        elif current is not None and line[:1] in (b" ", b"-", b"+"):
            current[1].append(line)
    if path is not None:
        yield path, hunks


def joined(lines):
    """Lines joined with "\\n", without the last one's line break (its CR, in a CRLF file)."""
    text = "\n".join(lines)
    return text[:-1] if text.endswith("\r") else text


def make_row(owner, name, sha, path, content, start, raw):
    """The git-mined row of one hunk, or None when the rules above skip it."""
    try:
        lines = [(l[:1], l[1:].decode("utf-8")) for l in raw]
    except UnicodeDecodeError:
        return None
    old_lines = [t for k, t in lines if k in (b" ", b"-")]
    new_lines = [t for k, t in lines if k in (b" ", b"+")]
    removed = sum(1 for k, _ in lines if k == b"-")
    added = sum(1 for k, _ in lines if k == b"+")
    if removed == 0 or len(old_lines) > MAX_OLD_LINES or len(lines) > MAX_HUNK_LINES:
        return None
    old, new = joined(old_lines), joined(new_lines)
    if not old.strip():
        return None
    if re.sub(r"\s+", "", old) == re.sub(r"\s+", "", new):
        return None
    offset = content.find(old)
    if offset < 0 or content.find(old, offset + 1) >= 0:
        return None
    line = content.count("\n", 0, offset) + 1
    if line != start:
        return None  # the text is unique but not where the hunk says: do not guess
    return {
        "content": content,
        "old": old,
        "new": new,
        "source": f"github:{owner}/{name}@{sha[:10]}:{path} (git history hunk, -U3)",
        "gt_char_offset": offset,
        "gt_line": line,
        "hunk_old_start": start,
        "removed_lines": removed,
        "added_lines": added,
    }


def mine(gitdir, per_repo):
    try:
        git(gitdir, "rev-parse", "--verify", "HEAD")
    except subprocess.CalledProcessError:
        sys.exit(f"mine_hunks: {gitdir} is not a git directory with a HEAD commit")
    owner, name = repo_name(gitdir)
    per_file = max(PER_COMMIT, per_repo // 20)
    pathspecs = [f":(glob)**/*.{e}" for e in sorted(SOURCE_EXTENSIONS)]
    commits = git(gitdir, "log", "--no-merges", "--format=%H", "HEAD").decode().split()
    blobs = Blobs(gitdir)
    rows, by_file = [], {}
    for sha in commits:
        if len(rows) >= per_repo:
            break
        patch = git(
            gitdir, "diff-tree", "-r", "-p", "-U3", "--no-renames", "--diff-filter=M",
            "--no-color", "--no-ext-diff", "--no-textconv", "--diff-algorithm=myers",
            sha, "--", *pathspecs,
        )
        taken = 0
        for path, hunks in file_hunks(patch):
            if taken >= PER_COMMIT or len(rows) >= per_repo:
                break
            ext = path.rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""
            if ext not in SOURCE_EXTENSIONS or SKIP_DIRS.search(path) or path.endswith(".min.js"):
                continue
            if by_file.get(path, 0) >= per_file:
                continue
            data = blobs.read(f"{sha}^:{path}")
            if data is None or len(data) > MAX_FILE_BYTES or b"\0" in data:
                continue
            try:
                content = data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            for start, raw in hunks:
                if taken >= PER_COMMIT or by_file.get(path, 0) >= per_file:
                    break
                if len(rows) >= per_repo:
                    break
                row = make_row(owner, name, sha, path, content, start, raw)
                # (A hunk at a byte-order mark carries it in `old`, where no model writes it.)
                if row and not row["old"].startswith("\ufeff"):
                    rows.append(row)
                    taken += 1
                    by_file[path] = by_file.get(path, 0) + 1
    blobs.close()
    return owner, name, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="output directory (gets a git-mined/ folder)")
    ap.add_argument("--per-repo", type=int, default=120, help="hunks a repository at most")
    ap.add_argument("gitdirs", nargs="+", metavar="GITDIR")
    args = ap.parse_args()
    out = os.path.join(args.out, "git-mined")
    os.makedirs(out, exist_ok=True)
    for gitdir in args.gitdirs:
        owner, name, rows = mine(gitdir, args.per_repo)
        path = os.path.join(out, f"{owner}_{name}.jsonl.gz")
        # mtime=0 and no file name in the header: same rows, same bytes.
        with open(path, "wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as f:
            for row in rows:
                f.write(json.dumps(row, ensure_ascii=False).encode("utf-8") + b"\n")
        commits = len({r["source"].split("@")[1].split(":")[0] for r in rows})
        files = len({r["source"].split(":", 2)[2] for r in rows})
        print(f"{owner}/{name}: {len(rows)} hunks from {commits} commits, {files} files -> {path}")


if __name__ == "__main__":
    main()
