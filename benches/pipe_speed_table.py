#!/usr/bin/env python3
"""Every kind of request through `fuzzy-edit pipe`, at 10,000 and 100,000 lines: the table of
docs/benchmarks.md ("Every kind through the pipe").

    cargo build --release -p fuzzy-edit-cli
    python3 benches/pipe_speed_table.py [target/release/fuzzy-edit] [--requests 20] [--lines 10000,100000] [--callgrind]

The kinds and their files are those of the three scripts beside it: the search/replace kinds
of `pipe_kinds_speed.py` (the whole file as `content`, the whole result in the answer), a read
with hashes and a line edit of `line_refs_speed.py` (a file by `path`, written), and a lazy
snippet of `snippet_speed.py` by `path` (written) and by `content`, and its `merged` verify.
Per kind and size, one fresh pipe answers `--requests` requests (a `path` kind's file is
written again before each, untimed). Figures per request, in ms: the wall time from the
request's first byte written to its answer's newline read (median and min), and the pipe's
CPU time (user+system from /proc, 10 ms ticks, averaged over the batch). A `content` kind is
also sent as a batch (`batch`): all its requests written at once to a fresh pipe while the
answers are read, the whole run's wall time over the requests, start-up included. Every answer
is checked before it counts.

With `--callgrind`, one request of each kind also runs under `valgrind --tool=callgrind` in a
pipe of its own, and its instruction count (start-up included) is printed: the figure a loaded
machine does not move. Valgrind hides SHA-NI from the program, so the SHA-256 of a `path`
kind's version is counted in software there (about 44 instructions a byte; with SHA-NI a 4 MB
file hashes in about 2.5 ms here).
"""

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import line_refs_speed  # noqa: E402
import pipe_kinds_speed  # noqa: E402
import pipe_timer  # noqa: E402
import snippet_speed  # noqa: E402


def kinds(lines: int, tmp: str) -> list:
    """(name, file to write before each request or None, request, check) per kind."""
    out = []
    text = pipe_kinds_speed.source(lines)
    for kind in pipe_kinds_speed.KINDS:
        line, expected = pipe_kinds_speed.request_line(kind, lines, text)
        out.append((kind, None, line, lambda a, e=expected: pipe_kinds_speed.check(a, e)))

    line_refs_speed.LINES = lines
    refs_path = os.path.join(tmp, f"refs_{lines}.py")
    refs_text = line_refs_speed.source(crlf=False)
    numbered = subprocess.run(
        [BINARY, "pipe"],
        input=json.dumps({"read": True, "content": refs_text, "hashes": True}) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    shown = json.loads(numbered.stdout)["result"].split("\n")[lines // 2]
    reference = shown.split("|", 1)[0]
    read = json.dumps({"read": refs_path, "hashes": True}) + "\n"
    edit = json.dumps(
        {"path": refs_path, "line_edits": [{"op": "replace", "pos": reference, "lines": ["    changed = 1"]}]}
    ) + "\n"

    def read_ok(a: bytes) -> None:
        v = json.loads(a)
        assert v["ok"] and v["lines_total"] == lines, a[:300]

    out.append(("read, hashes", (refs_path, refs_text), read.encode(), read_ok))
    out.append(("line edit", (refs_path, refs_text), edit.encode(), applied))

    snippet_speed.LINES = lines
    snip_text = snippet_speed.source()
    snip_path = os.path.join(tmp, f"snippet_{lines}.py")
    s = snippet_speed.snippet(0)
    merged = subprocess.run(
        [BINARY, "pipe"],
        input=json.dumps({"content": snip_text, "snippet": s, "name": "big.py"}) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    merged = json.loads(merged.stdout)["result"]
    by_path = json.dumps({"path": snip_path, "snippet": s, "return": "diff"}) + "\n"
    by_content = json.dumps({"content": snip_text, "snippet": s, "name": "big.py"}) + "\n"
    verify = json.dumps({"content": snip_text, "snippet": s, "merged": merged, "name": "big.py"}) + "\n"

    def verified(a: bytes) -> None:
        v = json.loads(a)
        assert v["ok"] and v["verified"], a[:300]

    out.append(("snippet, path", (snip_path, snip_text), by_path.encode(), applied))
    out.append(("snippet, content", None, by_content.encode(), applied))
    out.append(("verify", None, verify.encode(), verified))
    return out


def applied(answer: bytes) -> None:
    assert json.loads(answer)["ok"], answer[:300]


def write(file) -> None:
    if file:
        path, text = file
        with open(path, "w", newline="") as f:
            f.write(text)


def one_by_one(file, line: bytes, check, requests: int) -> dict:
    """Each request sent once the answer before it is read: wall time per request (median,
    min) and the pipe's CPU time per request."""
    tick = os.sysconf("SC_CLK_TCK")
    pipe = subprocess.Popen([BINARY, "pipe"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    walls = []
    for _ in range(requests):
        write(file)
        t = time.perf_counter()
        pipe.stdin.write(line)
        pipe.stdin.flush()
        answer = pipe.stdout.readline()
        walls.append((time.perf_counter() - t) * 1000)
        check(answer)
    with open(f"/proc/{pipe.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) * 1000 / tick
    pipe.stdin.close()
    pipe.wait()
    return {"median": statistics.median(walls), "min": min(walls), "cpu": cpu / requests}


def batch(line: bytes, check, requests: int) -> float:
    """Wall time per request of `requests` requests sent at once, as a batch client sends them
    (a thread writes them all while the answers are read), the pipe's start included."""
    t = time.perf_counter()
    pipe = subprocess.Popen([BINARY, "pipe"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send() -> None:
        pipe.stdin.write(line * requests)
        pipe.stdin.close()

    sender = threading.Thread(target=send)
    sender.start()
    answers = [pipe.stdout.readline() for _ in range(requests)]
    sender.join()
    pipe.wait()
    wall = (time.perf_counter() - t) * 1000 / requests
    for answer in answers:
        check(answer)
    return wall


def instructions(file, line: bytes, tmp: str) -> int:
    write(file)
    out = os.path.join(tmp, "callgrind.out")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", BINARY, "pipe"],
        input=line,
        capture_output=True,
        check=True,
    )
    os.remove(out)
    return int(re.search(rb"Collected : (\d+)", run.stderr).group(1))


def main() -> None:
    global BINARY
    args = sys.argv[1:]
    callgrind = "--callgrind" in args
    args = [a for a in args if a != "--callgrind"]
    requests, sizes, BINARY = pipe_timer.requests_sizes_binary(args)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"{requests} requests per kind and size, ms per request; load average {load}")
    head = f"{'kind':17} {'lines':>7} {'median':>7} {'min':>6} {'CPU':>6} {'batch':>6}"
    print(head + (f" {'instructions':>13}" if callgrind else ""))
    with tempfile.TemporaryDirectory() as tmp:
        for lines in sizes:
            for name, file, line, check in kinds(lines, tmp):
                r = one_by_one(file, line, check, requests)
                row = f"{name:17} {lines:7} {r['median']:7.1f} {r['min']:6.1f} {r['cpu']:6.1f}"
                # (A kind that writes its file again before each request has no batch.)
                row += f" {batch(line, check, requests):6.1f}" if file is None else f" {'-':>6}"
                if callgrind:
                    row += f" {instructions(file, line, tmp) / 1e6:12.1f}M"
                print(row, flush=True)


BINARY = "target/release/fuzzy-edit"

if __name__ == "__main__":
    main()
