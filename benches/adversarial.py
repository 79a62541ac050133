#!/usr/bin/env python3
"""Adversarial requests of issue 29, each with its bound, through the CLI, the pipe and MCP.

Each case is one request a hostile or careless caller could send, on a file of at most 11 MB,
with the time limit it is sent with (`--time-limit-ms`, the pipe's `time_limit_ms`, the MCP
server's `--time-limit-ms`), or none. The bar: a case with a limit answers (applied or refused
`too_complex`) within the limit plus 100 ms; a case without one within 1 s; both under 256 MB.
Times are CPU seconds of the `fuzzy-edit` process (the machine may be shared; wall-clock time
is printed too), peak memory from wait4. Requests are dry runs, so one file serves every front
end. The runner (isolated children measured by wait4) is `bounded_work.py`'s.

    cargo build --release -p fuzzy-edit-cli
    python3 benches/adversarial.py [--binary target/release/fuzzy-edit] [--check]
        [--front-end pipe|apply-json|mcp]... [--case SUBSTRING]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bounded_work  # noqa: E402  (the runner and the MCP job)

FRONT_ENDS = ["pipe", "apply-json", "mcp"]
PEAK_LIMIT_MB = 256
NO_LIMIT_S = 1.0
SLACK_S = 0.1


def marked(lines):
    """`new` for a block of `lines`: every second line an elision comment, the first changed."""
    out = [l if i % 2 == 0 else "    # ... existing code ...\n" for i, l in enumerate(lines)]
    out[0] = out[0].replace("compute(", "compute_other(", 1)
    return "".join(out)


def cases():
    """(name, file contents, request, time limit in ms or None)."""
    value = "value = 1\n"
    small = [f"    value_{i} = compute({i}, other_argument_{i % 7})\n" for i in range(2250)]
    big = [f"    value_{i} = compute({i}, other_argument_{i % 7})\n" for i in range(200_000)]
    block = big[100_000:102_000]
    functions = "".join(f"def f{i}():\n    x = 1\n    x = 1\n    return x\n\n" for i in range(2500))
    one_line = "word " * 2_000_000
    # A piece whose two lines stand 40,000 `#if` lines apart, none closed: deleting them all
    # asks each one's partner (a walk to the file's end per line took 9 s).
    unclosed = "int start_anchor = 1;\n" + "".join(f"#if COND_{i}\n" for i in range(40_000)) \
        + "int end_anchor = 2;\nint tail = 3;\n"
    return [
        ("snippet deleting 40,000 unclosed #if lines", unclosed,
         {"snippet": "// ...\nint start_anchor = 1;\nint end_anchor = 2;\nint added = 4;\n// ...\n"},
         None),
        ("replace_all, new holds old, 160k lines", value * 160_000,
         {"old": "value = 1", "new": "value = 1\nvalue = 1", "replace_all": True}, 200),
        ("replace_all, new holds old, 1M lines", value * 1_000_000,
         {"old": "value = 1", "new": "value = 1\nvalue = 1", "replace_all": True}, None),
        ("replace_all of a word, 1M lines", value * 1_000_000,
         {"old": "value", "new": "VALUE", "replace_all": True}, None),
        ("1,125 markers in new, 134 KB", "".join(small),
         {"old": "".join(small), "new": marked(small)}, 200),
        ("1,125 markers in new, 134 KB, no limit", "".join(small),
         {"old": "".join(small), "new": marked(small)}, None),
        ("1,000 markers in new, 11 MB", "".join(big),
         {"old": "".join(block), "new": marked(block)}, 200),
        ("replace_all x over 5M lines", "x\n" * 5_000_000,
         {"old": "x", "new": "y", "replace_all": True}, None),
        ("10 MB one line, old absent", one_line,
         {"old": "word word absent word", "new": "x"}, None),
        ("10 MB one line, replace_all", one_line,
         {"old": "word", "new": "w", "replace_all": True}, None),
        ("replace_all with a marker, 2,500 blocks", functions,
         {"old": "    x = 1\n    ...\n    return x", "new": "    x = 1\n    ...\n    return x + 1",
          "replace_all": True}, None),
    ]


def pipe_job(binary, path, request, directory, limit):
    r = dict(request, path=path, dry_run=True)
    if limit is not None:
        r["time_limit_ms"] = limit
    return {"argv": [binary, "pipe"],
            "stdin": bounded_work.write(directory, "request.jsonl", json.dumps(r) + "\n")}


def apply_job(binary, path, request, directory, limit):
    job = bounded_work.apply_job(binary, path, request, directory, json_output=True)
    if limit is not None:
        job["argv"][2:2] = ["--time-limit-ms", str(limit)]
    return job


def mcp_job(binary, path, request, directory, limit):
    job = bounded_work.mcp_job(binary, path, request, directory)
    if limit is not None:
        job["argv"] += ["--time-limit-ms", str(limit)]
    return job


JOBS = {"pipe": pipe_job, "apply-json": apply_job, "mcp": mcp_job}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="target/release/fuzzy-edit")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--front-end", action="append", choices=FRONT_ENDS)
    parser.add_argument("--case", help="run only the cases whose name contains this")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    front_ends = args.front_end or FRONT_ENDS
    over = []
    launcher = subprocess.Popen(
        [sys.executable, os.path.abspath(bounded_work.__file__), "--launch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    with tempfile.TemporaryDirectory() as directory:
        print(f"{'case':<42} {'limit':>6} {'front end':<11} {'answer':<14} {'wall s':>7} "
              f"{'cpu s':>6} {'peak MB':>8}")
        for n, (name, contents, request, limit) in enumerate(cases()):
            if args.case and args.case not in name:
                continue
            path = os.path.join(directory, f"file{n}.txt")
            with open(path, "w") as f:
                f.write(contents)
            bound = NO_LIMIT_S if limit is None else limit / 1000 + SLACK_S
            for k, front_end in enumerate(front_ends):
                job = JOBS[front_end](binary, path, request, directory, limit)
                answer, wall, cpu, peak, status = bounded_work.run_isolated(launcher, job, directory)
                kind = bounded_work.answer_kind(front_end, answer, status)
                shown = name if k == 0 else ""
                shown_limit = "-" if limit is None else str(limit)
                print(f"{shown:<42} {shown_limit:>6} {front_end:<11} {kind:<14} {wall:>7.2f} "
                      f"{cpu:>6.2f} {peak:>8.0f}", flush=True)
                if cpu > bound or peak > PEAK_LIMIT_MB:
                    over.append(f"{name} ({front_end}): {cpu:.2f} s of CPU (bound {bound:g} s), "
                                f"{peak:.0f} MB")
            os.remove(path)
    launcher.stdin.close()
    launcher.wait()
    if over:
        print("over the bound:", file=sys.stderr)
        for line in over:
            print(f"  {line}", file=sys.stderr)
        if args.check:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
