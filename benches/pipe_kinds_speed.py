#!/usr/bin/env python3
"""The four request kinds (exact, indentation drift, typo in a middle line, absent) and two
variants of the typo (`typo_first`: the typo in its first line instead; `typo_common`: the block
moved down to lines every function has, `running_total = 0` to `return running_total`) through
`fuzzy-edit pipe` on generated Python files of 10,000 and 100,000 lines (≈ 40 bytes a line: the
100k-line request is ≈ 4 MB), the whole file as `content` and the whole result in the answer.

    cargo build --release -p fuzzy-edit-cli
    python3 benches/pipe_kinds_speed.py [target/release/fuzzy-edit] [--requests 20] [--lines 10000,100000]

Per kind and size, a fresh pipe process answers `--requests` identical requests. Three figures:
- **per request, start-up included**: spawn to the last answer, divided by the requests (how
  an outside benchmark that starts the pipe per batch sees it);
- **median**: the median request, first byte written to the answer's newline read;
- **CPU**: the pipe process's user+system time over the batch, per request (from /proc,
  Linux; 10 ms ticks, so a batch average; steadier than wall time on a loaded machine).
Every answer is checked (strategy or error kind) before it counts.

For instruction counts, which a loaded machine does not move, run one request under callgrind:

    python3 benches/pipe_kinds_speed.py --write-request typo 100000 > /tmp/typo.jsonl
    valgrind --tool=callgrind target/release/fuzzy-edit pipe < /tmp/typo.jsonl > /dev/null

Target (issue 30): at most 20 ms per request, start-up included, for every kind at 100k lines.
"""

import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pipe_timer  # noqa: E402

FUNCTION_LINES = 10


def function(i: int) -> str:
    """One function of the generated module: ten lines, the last blank."""
    return (
        f"def handle_request_{i}(request, limit={i % 7 + 1}, retries=3):\n"
        f'    """Handle the pending requests of kind {i}."""\n'
        "    running_total = 0\n"
        "    # Sum the weighted values of the items of this kind.\n"
        "    for item in request.pending_items[:limit]:\n"
        f'        if item.kind == "kind_{i}" and item.enabled:\n'
        f"            running_total += item.value * {i % 13 + 1}\n"
        f'    logger.debug("handle_request_{i}: %s", running_total)\n'
        "    return running_total\n"
        "\n"
    )


def source(lines: int) -> str:
    return "".join(function(i) for i in range(-(-lines // FUNCTION_LINES)))


def edit(kind: str, lines: int) -> tuple[str, str, tuple[str, str]]:
    """`old`, `new` and the expected outcome (("applied", strategy) or ("refused", kind))."""
    m = -(-lines // FUNCTION_LINES) // 2
    body = function(m).splitlines(keepends=True)
    weight = m % 13 + 1
    changed = (f"item.value * {weight}\n", f"item.value * {weight} + 1\n")
    if kind == "exact":
        old = "".join(body[4:7])
        return old, old.replace(*changed), ("applied", "exact")
    if kind == "indentation":
        # The model wrote 2-space indentation; the file has 4.
        old = "".join(l[(len(l) - len(l.lstrip(" "))) // 2 :] for l in body[4:7])
        return old, old.replace(*changed), ("applied", "indentation")
    if kind == "typo":
        # From the signature to the log line, a 1-character typo in the `for` line (kept by
        # `new`); `new` changes the accumulation line.
        old = "".join(body[:8]).replace("pending_items", "pending_itmes")
        return old, old.replace(*changed), ("applied", "block_anchor")
    if kind == "typo_first":
        # The typo in the first line instead: no first line anchors the block.
        old = "".join(body[:8]).replace("(request", "(reqest", 1)
        return old, old.replace(*changed), ("applied", "block_anchor")
    if kind == "typo_common":
        # The typo request moved down two lines: from `running_total = 0` to `return
        # running_total`, lines every function of the file has.
        old = "".join(body[2:9]).replace("pending_items", "pending_itmes")
        return old, old.replace(*changed), ("applied", "block_anchor")
    if kind == "absent":
        old = "def summarize_orders(orders):\n    return sum(o.amount for o in orders)\n"
        return old, old.replace("amount", "total"), ("refused", "not_found")
    raise ValueError(kind)


KINDS = ["exact", "indentation", "typo", "absent", "typo_first", "typo_common"]


def request_line(kind: str, lines: int, text: str) -> tuple[bytes, tuple[str, str]]:
    old, new, expected = edit(kind, lines)
    line = json.dumps({"id": 1, "content": text, "old": old, "new": new}) + "\n"
    return line.encode(), expected


def check(answer: bytes, expected: tuple[str, str]) -> None:
    v = json.loads(answer)
    how, what = expected
    if how == "applied":
        ok = v.get("ok") is True and v["matches"][0]["strategy"] == what
    else:
        ok = v.get("ok") is False and v["error"]["kind"] == what
    if not ok:
        sys.exit(f"expected {how} {what}, got {answer[:300]!r}")


def batch(binary: str, line: bytes, expected: tuple[str, str], requests: int) -> dict:
    tick = os.sysconf("SC_CLK_TCK")
    start = time.perf_counter()
    pipe = subprocess.Popen([binary, "pipe"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    walls = []
    for _ in range(requests):
        t = time.perf_counter()
        pipe.stdin.write(line)
        pipe.stdin.flush()
        answer = pipe.stdout.readline()
        walls.append((time.perf_counter() - t) * 1000)
        check(answer, expected)
    with open(f"/proc/{pipe.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) * 1000 / tick
    pipe.stdin.close()
    pipe.wait()
    total = (time.perf_counter() - start) * 1000
    return {
        "with_startup": total / requests,
        "median": statistics.median(walls),
        "cpu": cpu / requests,
    }


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--write-request"]:
        kind, lines = args[1], int(args[2])
        sys.stdout.buffer.write(request_line(kind, lines, source(lines))[0])
        return
    requests, sizes, binary = pipe_timer.requests_sizes_binary(args)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    print(f"{requests} requests per kind and size, ms per request; load average {load}")
    print(f"{'kind':12} {'lines':>7} {'MB':>5} {'with start-up':>14} {'median':>7} {'CPU':>6}")
    for lines in sizes:
        text = source(lines)
        for kind in KINDS:
            line, expected = request_line(kind, lines, text)
            r = batch(binary, line, expected, requests)
            print(
                f"{kind:12} {lines:7} {len(line) / 1e6:5.1f} {r['with_startup']:14.1f}"
                f" {r['median']:7.1f} {r['cpu']:6.1f}"
            )


if __name__ == "__main__":
    main()
