#!/usr/bin/env python3
"""Lazy snippets through the pipe on a 100,000-line file: a snippet merged into a file by
"path" (written to disk), the same by "content" (the text in the request, the merged text in
the answer), and a merge made elsewhere checked by "merged" (verify). Each is timed as the wall
time from the request line written to the answer line read, and the CPU time the pipe process
spent on it (from /proc, Linux; steadier than wall time on a loaded machine), median of the
runs.

    cargo build --release -p fuzzy-edit-cli
    python3 benches/snippet_speed.py [target/release/fuzzy-edit] [--runs 21]

Target (issue 27): a snippet answers in at most 20 ms. The file is generated (Python-like
functions of eight lines); the snippet rewrites one function in the middle, with a marker
before and after it, as a model writes one.
"""

import os
import statistics
import tempfile

from pipe_timer import Pipe, runs_and_binary

LINES = 100_000


def source() -> str:
    out = []
    for i in range(LINES):
        kind = i % 10
        if kind == 0:
            out.append(f"def function_{i}(items, limit={i % 97}):")
        elif kind in (8, 9):
            out.append("")
        else:
            out.append(f"    value_{i} = compute(items[{i % 13}], limit) + {i}")
    return "\n".join(out) + "\n"


def snippet(run: int) -> str:
    start = (LINES // 2 // 10) * 10 + 10 * (run % 7)
    body = [f"    value_{start + k} = compute(items[{(start + k) % 13}], limit) + {start + k}" for k in range(1, 8)]
    body[3] = f"    changed_{run} = value_{start + 3} * 2"
    return "\n".join(
        ["# ... existing code ...", f"def function_{start}(items, limit={start % 97}):", *body, "# ... existing code ..."]
    )


def main() -> None:
    runs, binary = runs_and_binary()
    pipe = Pipe(binary)
    ask = pipe.ask

    text = source()
    by_path, by_content, verify = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "big.py")
        for run in range(runs):
            with open(path, "w") as f:
                f.write(text)
            s = snippet(run)
            ms, answer = ask({"path": path, "snippet": s, "return": "diff"})
            assert answer["ok"], answer
            by_path.append(ms)
            ms, answer = ask({"content": text, "snippet": s, "name": "big.py"})
            assert answer["ok"], answer
            by_content.append(ms)
            merged = answer["result"]
            ms, answer = ask({"content": text, "snippet": s, "merged": merged, "name": "big.py"})
            assert answer["ok"] and answer["verified"], answer
            verify.append(ms)
    pipe.close()
    print(f"{LINES} lines, {runs} runs, ms: wall median / min / max, CPU median (10 ms ticks)")
    for name, times in (("snippet, path", by_path), ("snippet, content", by_content), ("verify", verify)):
        wall = [w for w, _ in times]
        cpu = statistics.median(c for _, c in times)
        print(f"  {name:17} {statistics.median(wall):6.1f} {min(wall):6.1f} {max(wall):6.1f}   {cpu:6.1f}")


if __name__ == "__main__":
    main()
