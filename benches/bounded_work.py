#!/usr/bin/env python3
"""Bounded work: the adversarial requests of issue 11, run through the release binary's pipe.

Each case is one request on a file of at most 10 MB; the table gives the answer's kind and
size, the wall-clock and CPU time and the peak memory of the `fuzzy-edit pipe` process (from
wait4, as `/usr/bin/time -v` reports it). With `--check`, exit 1 when a case takes more than
1 s of CPU or 256 MB (CPU, not wall-clock time: the machine may be shared). The last case
makes a million replacements: its answer lists the first 1000 matches (`matches_total` says how
many) and the diff of the whole file.

    cargo build --release -p fuzzy-edit-cli
    python3 benches/bounded_work.py [--binary target/release/fuzzy-edit] [--check]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

LINE = "    x = 1\n"  # 10 bytes: 1,000,000 of them make a 10 MB file


def cases():
    """(name, file contents, request without path), the file written once per contents."""
    same = LINE * 1_000_000
    rng = random.Random(1)
    absent = "".join(
        f"    value_{rng.randrange(10**9)} = compute({i})\n" for i in range(100_000)
    )
    numbered = [f"    v{i} = f({i})\n" for i in range(450_000)]
    block = numbered[1000:101000]
    half_changed = (
        block[0]
        + "".join(l if k % 2 else l.replace("f(", "g(") for k, l in enumerate(block[1:-1]))
        + block[-1]
    )
    return [
        ("one line, 1M identical lines (ambiguous)", same, {"old": LINE.strip(), "new": "x"}),
        ("100k-line old of the same lines (ambiguous)", same, {"old": LINE * 100_000, "new": "x"}),
        ("100k-line old absent (not found)", same, {"old": absent, "new": "x"}),
        ("100k lines of ... (not found)", same, {"old": "...\n" * 100_000, "new": "x"}),
        ("100k lines other indentation (too complex)", same, {"old": "  x = 1\n" * 100_000, "new": "x"}),
        ("100k-line old absent + 1 common line", same, {"old": absent + LINE, "new": "x"}),
        ("100k-line block, half misremembered", "".join(numbered), {"old": half_changed, "new": "x\n"}),
        ("100k-line block re-indented (applies)", "".join(numbered),
         {"old": "".join("  " + l.lstrip() for l in block), "new": "x\n"}),
        ("replace_all of a 100k-line block", same, {"old": LINE * 100_000, "new": "y\n", "replace_all": True}),
        ("replace_all of one line on 1M lines", same,
         {"old": LINE.strip(), "new": "x = 2", "replace_all": True}),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="target/release/fuzzy-edit")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    failed = False
    # Started before the cases are built, so it stays small (see `run_isolated`).
    launcher = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--launch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    with tempfile.TemporaryDirectory() as directory:
        files = {}
        print(f"{'case':<46} {'answer':<12} {'bytes':>9} {'wall s':>7} {'cpu s':>6} {'peak MB':>8}")
        for name, contents, request in cases():
            path = files.get(id(contents))
            if path is None:
                path = os.path.join(directory, f"file{len(files)}.txt")
                with open(path, "w") as f:
                    f.write(contents)
                files[id(contents)] = path
            answer, wall, cpu, peak = run_isolated(
                launcher, args.binary, dict(request, path=path, dry_run=True), directory
            )
            v = json.loads(answer)
            kind = "applied" if v.get("ok") else v["error"]["kind"]
            print(f"{name:<46} {kind:<12} {len(answer):>9} {wall:>7.2f} {cpu:>6.2f} {peak:>8.0f}")
            failed |= cpu > 1.0 or peak > 256
    launcher.stdin.close()
    launcher.wait()
    if args.check and failed:
        print("a case took more than 1 s of CPU or 256 MB", file=sys.stderr)
        return 1
    return 0


def run_isolated(launcher, binary, request, directory):
    """Run one request in its own child, measured by wait4 on exactly that child.

    The child is started by `launcher`, a fresh Python process of a few megabytes: Linux counts
    in a child's peak memory the pages it shares with the process that forked it, and this
    process holds the cases' megabytes of text.
    """
    request_path = os.path.join(directory, "request.jsonl")
    answer_path = os.path.join(directory, "answer.jsonl")
    with open(request_path, "w") as f:
        f.write(json.dumps(request) + "\n")
    launcher.stdin.write(f"{binary}\t{request_path}\t{answer_path}\n")
    launcher.stdin.flush()
    wall, cpu, peak = map(float, launcher.stdout.readline().split())
    with open(answer_path, "rb") as f:
        return f.read(), wall, cpu, peak


def launch():
    """The launcher: per line `binary TAB request file TAB answer file`, run `binary pipe` with
    stdin from the request file and stdout to the answer file, and print its wall-clock time,
    CPU time and peak memory (MB)."""
    for line in sys.stdin:
        binary, request_path, answer_path = line.rstrip("\n").split("\t")
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os.dup2(os.open(request_path, os.O_RDONLY), 0)
            os.dup2(os.open(answer_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
            os.execv(binary, [binary, "pipe"])
        _, _, usage = os.wait4(pid, 0)
        wall = time.monotonic() - start
        print(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--launch"]:
        launch()
        sys.exit(0)
    sys.exit(main())
