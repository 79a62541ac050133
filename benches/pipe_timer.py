"""One `fuzzy-edit pipe` process timed per request, for the speed scripts beside it.

`Pipe(binary).ask(request)` writes one JSON request and reads its answer, returning the wall
time and the process's CPU time it took (ms; CPU counted in the kernel's 10 ms ticks), with the
answer. `runs_and_binary()` reads the scripts' common arguments: `[BINARY] [--runs N]`;
`requests_sizes_binary(args)` the table scripts': `[BINARY] [--requests N] [--lines A,B]`.
"""

import json
import os
import subprocess
import sys
import time


def runs_and_binary(default_runs: int = 21) -> tuple[int, str]:
    args = sys.argv[1:]
    runs = default_runs
    if "--runs" in args:
        at = args.index("--runs")
        runs = int(args[at + 1])
        del args[at : at + 2]
    return runs, args[0] if args else "target/release/fuzzy-edit"


def requests_sizes_binary(args: list) -> tuple[int, list, str]:
    requests, sizes = 20, [10_000, 100_000]
    if "--requests" in args:
        i = args.index("--requests")
        requests = int(args[i + 1])
        del args[i : i + 2]
    if "--lines" in args:
        i = args.index("--lines")
        sizes = [int(n) for n in args[i + 1].split(",")]
        del args[i : i + 2]
    return requests, sizes, args[0] if args else "target/release/fuzzy-edit"


class Pipe:
    def __init__(self, binary: str) -> None:
        self.process = subprocess.Popen(
            [binary, "pipe"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.tick = os.sysconf("SC_CLK_TCK")

    def cpu_ms(self) -> float:
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / self.tick

    def ask(self, request: dict) -> tuple[tuple[float, float], dict]:
        line = json.dumps(request) + "\n"
        cpu = self.cpu_ms()
        start = time.perf_counter()
        self.process.stdin.write(line)
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        elapsed = (time.perf_counter() - start) * 1000
        return (elapsed, self.cpu_ms() - cpu), json.loads(answer)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()
