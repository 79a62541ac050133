#!/usr/bin/env python3
"""Bounded work: the adversarial requests of issue 11, run through every front end of the
release binary.

Each case is one request on a file of at most 10 MB, sent (as a dry run) through
- `pipe`: one JSON Lines request on `fuzzy-edit pipe`'s stdin;
- `apply`: `fuzzy-edit apply --dry-run` with `--old-file`/`--new-file`, printing for people;
- `apply-json`: the same with `--json`;
- `mcp`: a `fuzzy-edit mcp` session: the handshake, `read_file` (the tools' rule: read before
  editing), then `edit_file`.
The table gives the answer's kind (for `apply`, its exit code) and size (for `mcp`, of the
`edit_file` answer), the wall-clock and CPU time and the peak memory of the `fuzzy-edit`
process (from wait4, as `/usr/bin/time -v` reports it; "MB" are MiB). With `--check`, exit 1
when any front end takes more than 1 s of CPU or 256 MB on any case (CPU, not wall-clock time:
the machine may be shared). The last case makes a million replacements: its answer lists the
first 1000 matches (`matches_total` says how many) and the diff of the whole file.

    cargo build --release -p fuzzy-edit-cli
    python3 benches/bounded_work.py [--binary target/release/fuzzy-edit] [--check]
        [--front-end pipe|apply|apply-json|mcp]... [--case SUBSTRING]
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

LINE = "    x = 1\n"  # 10 bytes: 1,000,000 of them make a 10 MB file

FRONT_ENDS = ["pipe", "apply", "apply-json", "mcp"]

CPU_LIMIT_S = 1.0
PEAK_LIMIT_MB = 256


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
        # Lazy snippets of many repeated new lines: every new line against every file line
        # beyond a marker, and against every other shown line, was quadratic.
        ("snippet: 18k repeated new lines after a block opener", "".join(numbered[:100_000]),
         {"snippet": numbered[500] + LINE * 18_000}),
        ("snippet: 18k repeated new lines, then a marker", "".join(numbered[:100_000]),
         {"snippet": numbered[500] + LINE * 18_000 + "# ... existing code ...\n"}),
        # A piece whose first line is `}`, in 33k functions, and whose last line the file holds
        # once, at its end, where the piece shows it twice: each start was aligned to that far
        # copy as a possible copy of the region (4 s before the window was bounded).
        ("snippet: a `}` start in 33k functions, the last line held once at the end",
         "".join(f"fn f{i}() {{\n    work({i});\n}}\n" for i in range(33_000)) + "foo();\nbar();\n",
         {"snippet": "// ... existing code ...\n}\nfoo();\nbar();\nfoo();\n// ... existing code ...\n"}),
        # A 20 MB snippet under a time limit: stopped as too complex (a 50 MB one took 2.7 s
        # whatever the limit when the merge did not read the deadline; at 50 MB the MCP front
        # end spends 2 s and 325 MB reading the JSON-RPC message alone).
        ("snippet: 20 MB of new lines, 200 ms limit", "".join(numbered[:100_000]),
         {"snippet": numbered[500] + LINE * 2_000_000, "time_limit_ms": 200}),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default="target/release/fuzzy-edit")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--front-end", action="append", choices=FRONT_ENDS,
                        help="run only these front ends (repeatable; default: all)")
    parser.add_argument("--case", help="run only the cases whose name contains this")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    front_ends = args.front_end or FRONT_ENDS
    over = []
    # Started before the cases are built, so it stays small (see `run_isolated`).
    launcher = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--launch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    with tempfile.TemporaryDirectory() as directory:
        files = {}
        print(f"{'case':<46} {'front end':<12} {'answer':<12} {'bytes':>9} {'wall s':>7} "
              f"{'cpu s':>6} {'peak MB':>8}")
        for name, contents, request in cases():
            if args.case and args.case not in name:
                continue
            path = files.get(id(contents))
            if path is None:
                path = os.path.join(directory, f"file{len(files)}.txt")
                with open(path, "w") as f:
                    f.write(contents)
                files[id(contents)] = path
            for k, front_end in enumerate(front_ends):
                job = JOBS[front_end](binary, path, request, directory)
                answer, wall, cpu, peak, status = run_isolated(launcher, job, directory)
                kind = answer_kind(front_end, answer, status)
                if front_end == "mcp":
                    answer = answer.rstrip(b"\n").rsplit(b"\n", 1)[-1]  # edit_file's
                shown = name if k == 0 else ""
                print(f"{shown:<46} {front_end:<12} {kind:<12} {len(answer):>9} {wall:>7.2f} "
                      f"{cpu:>6.2f} {peak:>8.0f}", flush=True)
                if cpu > CPU_LIMIT_S or peak > PEAK_LIMIT_MB:
                    over.append(f"{name} ({front_end}): {cpu:.2f} s of CPU, {peak:.0f} MB")
    launcher.stdin.close()
    launcher.wait()
    if args.check and over:
        print(f"over {CPU_LIMIT_S:g} s of CPU or {PEAK_LIMIT_MB} MB:", file=sys.stderr)
        for line in over:
            print(f"  {line}", file=sys.stderr)
        return 1
    return 0


def pipe_job(binary, path, request, directory):
    request_path = write(directory, "request.jsonl", json.dumps(dict(request, path=path, dry_run=True)) + "\n")
    return {"argv": [binary, "pipe"], "stdin": request_path}


def apply_job(binary, path, request, directory, json_output=False):
    if "snippet" in request:
        argv = [binary, "apply", "--dry-run", "--snippet", write(directory, "snippet.txt", request["snippet"])]
    else:
        argv = [binary, "apply", "--dry-run",
                "--old-file", write(directory, "old.txt", request["old"]),
                "--new-file", write(directory, "new.txt", request["new"])]
    if request.get("replace_all"):
        argv.append("--replace-all")
    if "time_limit_ms" in request:
        argv += ["--time-limit-ms", str(request["time_limit_ms"])]
    if json_output:
        argv.append("--json")
    # Confined to the current directory: run where the file is.
    return {"argv": argv + [os.path.basename(path)], "cwd": os.path.dirname(path)}


def mcp_job(binary, path, request, directory):
    """A session: the handshake, `read_file` (an edit of a file not read is refused), `edit_file`.
    Each message is a file of its own, and whether an answer is awaited before the next."""
    if "snippet" in request:
        arguments = {"path": path, "snippet": request["snippet"], "dry_run": True}
    else:
        arguments = {"path": path, "old_string": request["old"], "new_string": request["new"],
                     "dry_run": True}
    if request.get("replace_all"):
        arguments["replace_all"] = True
    messages = [
        ({"method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "bounded_work", "version": "0"}}}, True),
        ({"method": "notifications/initialized"}, False),
        ({"method": "tools/call", "params": {"name": "read_file", "arguments": {"path": path}}}, True),
        ({"method": "tools/call", "params": {"name": "edit_file", "arguments": arguments}}, True),
    ]
    sent = []
    for i, (message, answered) in enumerate(messages):
        message = dict(message, jsonrpc="2.0")
        if answered:
            message["id"] = i + 1
        sent.append([write(directory, f"message{i}.json", json.dumps(message) + "\n"), answered])
    limit = ["--time-limit-ms", str(request["time_limit_ms"])] if "time_limit_ms" in request else []
    return {"argv": [binary, "mcp", "--root", os.path.dirname(path), *limit], "messages": sent}


JOBS = {
    "pipe": pipe_job,
    "apply": apply_job,
    "apply-json": lambda *a: apply_job(*a, json_output=True),
    "mcp": mcp_job,
}


def write(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def answer_kind(front_end, answer, status):
    """`applied` or the refusal's kind; for `apply` (words for people) its exit code."""
    if front_end == "apply":
        return f"exit {status}"
    if front_end == "mcp":
        lines = answer.splitlines()
        if not lines:
            return f"no answer, exit {status}"
        v = json.loads(lines[-1])
        if "error" in v:
            return "rpc_error"
        v = v["result"].get("structuredContent") or {}
    else:
        v = json.loads(answer)
    return "applied" if v.get("ok") else v.get("error", {}).get("kind", "?")


def run_isolated(launcher, job, directory):
    """Run one job in its own child, measured by wait4 on exactly that child.

    The child is started by `launcher`, a fresh Python process of a few megabytes: Linux counts
    in a child's peak memory the pages it shares with the process that forked it, and this
    process holds the cases' megabytes of text.
    """
    answer_path = os.path.join(directory, "answer.out")
    launcher.stdin.write(json.dumps(dict(job, answer=answer_path)) + "\n")
    launcher.stdin.flush()
    wall, cpu, peak, status = launcher.stdout.readline().split()
    with open(answer_path, "rb") as f:
        return f.read(), float(wall), float(cpu), float(peak), int(status)


def launch():
    """The launcher: per line a job (JSON: `argv`, `cwd`, and `stdin`, a file, or `messages`,
    files to send one at a time on a pipe, waiting for an answer line after those marked so);
    run it with stdout to the `answer` file, and print its wall-clock time, CPU time, peak
    memory (MB) and exit code. Messages and answers are copied in pieces, so this process stays
    small whatever their size."""
    for line in sys.stdin:
        job = json.loads(line)
        messages = job.get("messages")
        answer = os.open(job["answer"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        if messages is None:
            stdin = os.open(job.get("stdin") or os.devnull, os.O_RDONLY)
            stdout = answer
        else:
            stdin, to_child = os.pipe()
            from_child, stdout = os.pipe()
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os.dup2(stdin, 0)
            os.dup2(stdout, 1)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            if job.get("cwd"):
                os.chdir(job["cwd"])
            os.execv(job["argv"][0], job["argv"])
        os.close(stdin)
        if messages is not None:
            os.close(stdout)
            converse(messages, to_child, from_child, answer)
        _, status, usage = os.wait4(pid, 0)
        wall = time.monotonic() - start
        os.close(answer)
        code = os.waitstatus_to_exitcode(status)
        print(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code, flush=True)


def converse(messages, to_child, from_child, answer):
    """Send each message file, and after one that is answered copy the child's output to
    `answer` up to that answer's newline; then close the child's stdin (which ends it)."""
    awaited = 0
    with os.fdopen(to_child, "wb") as sink, os.fdopen(from_child, "rb", buffering=0) as source:
        for path, answered in messages:
            with open(path, "rb") as f:
                shutil.copyfileobj(f, sink, 1 << 16)
            sink.flush()
            awaited += answered
            while awaited:
                chunk = source.read(1 << 16)
                if not chunk:
                    return
                os.write(answer, chunk)
                awaited -= chunk.count(b"\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--launch"]:
        launch()
        sys.exit(0)
    sys.exit(main())
