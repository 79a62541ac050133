#!/usr/bin/env python3
"""Line-addressed edits through the pipe on a 100,000-line file: a read with hashes of the whole
file, and an edit by reference (replace one line in the middle, written to disk), each timed as
the wall time from the request line written to the answer line read, and the CPU time the
pipe process spent on it (from /proc, Linux; steadier than wall time on a loaded machine),
median of the runs.

    cargo build --release -p fuzzy-edit-cli
    python3 benches/line_refs_speed.py [target/release/fuzzy-edit] [--runs 21]

Target (issue 28): each at most 20 ms. The file is generated (Python-like lines at a few
depths, blank lines and closing brackets), CRLF every other run so both paths are measured.
"""

import os
import statistics
import tempfile

from pipe_timer import Pipe, runs_and_binary

LINES = 100_000


def source(crlf: bool) -> str:
    eol = "\r\n" if crlf else "\n"
    out = []
    for i in range(LINES):
        kind = i % 10
        if kind == 0:
            out.append(f"def function_{i}(items, limit={i % 97}):")
        elif kind in (4, 8):
            out.append("")
        elif kind == 9:
            out.append("    )")
        else:
            out.append(f"    value_{i} = compute(items[{i % 13}], limit) + {i}")
    return eol.join(out) + eol


def main() -> None:
    runs, binary = runs_and_binary()
    pipe = Pipe(binary)
    ask = pipe.ask

    reads, edits = [], []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, os.environ.get("BENCH_NAME", "big.py"))
        for run in range(runs):
            with open(path, "w", newline="") as f:
                f.write(source(crlf=run % 2 == 1))
            ms, answer = ask({"read": path, "hashes": True})
            assert answer["ok"] and answer["lines_total"] == LINES, answer
            reads.append(ms)
            target = LINES // 2 + 1 + (run % 7)
            shown = answer["result"].split("\n")[target - 1]
            reference = shown.split("|", 1)[0]
            ms, answer = ask(
                {
                    "path": path,
                    "line_edits": [
                        {"op": "replace", "pos": reference, "lines": [f"    changed_{run} = 1"]}
                    ],
                }
            )
            assert answer["ok"], answer
            edits.append(ms)
    pipe.close()
    # CPU time is counted in 10 ms ticks: one request's figure is 0, 10, 20 or 30; their mean
    # over the runs is the steadier figure.
    print(f"{LINES} lines, {runs} runs, ms: wall median / min / max, CPU median / mean (10 ms ticks)")
    for name, times in (("read --hashes", reads), ("line edit", edits)):
        wall = [w for w, _ in times]
        cpu = [c for _, c in times]
        print(
            f"  {name:14} {statistics.median(wall):6.1f} {min(wall):6.1f} {max(wall):6.1f}"
            f"   {statistics.median(cpu):6.1f} {statistics.mean(cpu):6.1f}"
        )


if __name__ == "__main__":
    main()
