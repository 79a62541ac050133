#!/usr/bin/env python3
"""Bounded work: the adversarial requests of issue 11, run through the release binary's pipe.

Each case is one request on a file of at most 10 MB; the table gives the answer's kind and
size, the wall-clock and CPU time and the peak memory of the `fuzzy-edit pipe` process (from
wait4, as `/usr/bin/time -v` reports it). With `--check`, exit 1 when a case takes more than
1 s of CPU or 256 MB (CPU, not wall-clock time: the machine may be shared). The last case is
reported but not checked: its answer lists a million matches and a 1M-line diff (104 MB), and
writing that is the pipe's cost, not the search's.

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
import threading
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
        ("replace_all of one line on 1M lines (unchecked)", same,
         {"old": LINE.strip(), "new": "x = 2", "replace_all": True}),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="target/release/fuzzy-edit")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    failed = False
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
            answer, wall, cpu, peak = run_isolated(args.binary, dict(request, path=path, dry_run=True))
            v = json.loads(answer)
            kind = "applied" if v.get("ok") else v["error"]["kind"]
            print(f"{name:<46} {kind:<12} {len(answer):>9} {wall:>7.2f} {cpu:>6.2f} {peak:>8.0f}")
            if "unchecked" not in name:
                failed |= cpu > 1.0 or peak > 256
    if args.check and failed:
        print("a case took more than 1 s of CPU or 256 MB", file=sys.stderr)
        return 1
    return 0


def run_isolated(binary, request):
    """Run one request in its own child, measured by wait4 on exactly that child."""
    data = (json.dumps(request) + "\n").encode()
    read_fd, write_fd = os.pipe()
    out_read, out_write = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.dup2(read_fd, 0)
        os.dup2(out_write, 1)
        for fd in (read_fd, write_fd, out_read, out_write):
            os.close(fd)
        os.execv(binary, [binary, "pipe"])
    os.close(read_fd)
    os.close(out_write)
    chunks = []

    # The request is written from a thread while the answer is read, so neither side can block
    # the other on a full pipe.
    def feed():
        with os.fdopen(write_fd, "wb") as w:
            w.write(data)

    feeder = threading.Thread(target=feed)
    feeder.start()
    with os.fdopen(out_read, "rb") as r:
        while True:
            chunk = r.read(1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    feeder.join()
    _, _, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    return b"".join(chunks), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


if __name__ == "__main__":
    sys.exit(main())
