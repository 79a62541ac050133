#!/usr/bin/env python3
"""Re-run the attacks issue 29 says must keep holding, and report each one's figures.

1. The file layer's attack suites of the CLI tests (`crates/fuzzy-edit-cli/tests/`): `kill -9`
   during writes (`crashes`: the file is old or new, never torn, no temporary file left),
   concurrent writers (`concurrency`: applied or busy, no lost update), symlink races and path
   tricks (`confinement`), permissions, owner, group and ACLs never widened (`permissions`,
   `metadata`), FIFOs, devices, non-UTF-8 and binary files refused (`odd_files`), a stuck lock
   holder answered `busy` within its bound (`busy`), `--expect-mtime` refused and 200 same-tick
   writes never accepted (`freshness`).
2. Hostile sizes through the CLI, the pipe and MCP, each within its `--time-limit-ms` + 100 ms
   and 256 MB (`benches/adversarial.py --check`, release binary).
3. The fuzz targets of `fuzz/` (cargo-fuzz; on stable Rust through `RUSTC_BOOTSTRAP=1` and
   `-s none`, no sanitizer), each for `--fuzz-seconds`: executions and crashes found.

    cargo install cargo-fuzz                  # once, for part 3
    cargo build --release -p fuzzy-edit-cli   # for part 2
    python3 benches/attacks.py [--skip tests|sizes|fuzz]... [--fuzz-seconds 180]

Exit status 1 when any part failed. Scratch files go to the system's temporary directory.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITES = ["crashes", "concurrency", "confinement", "permissions", "metadata", "odd_files", "busy", "freshness"]
FUZZ = {"apply": ("apply.dict", 8192), "parse": ("parse.dict", 4096)}


def run(cmd, cwd=ROOT, env=None, timeout=None):
    started = time.monotonic()
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - started


def suites():
    """Part 1: each suite's passed and failed test counts."""
    ok = True
    for suite in SUITES:
        done, took = run(["cargo", "test", "-q", "-p", "fuzzy-edit-cli", "--test", "cli", f"{suite}::"])
        summary = re.findall(r"test result: \w+\. (\d+) passed; (\d+) failed", done.stdout)
        passed = sum(int(p) for p, _ in summary)
        failed = sum(int(f) for _, f in summary)
        good = done.returncode == 0 and passed > 0
        ok &= good
        print(f"tests {suite:12} {'ok' if good else 'FAILED'}: {passed} passed, {failed} failed ({took:.0f} s)")
        if not good:
            print(done.stdout[-3000:] + done.stderr[-3000:])
    return ok


def sizes(binary):
    """Part 2: the adversarial sizes, checked against their bars."""
    done, took = run([sys.executable, "benches/adversarial.py", "--binary", binary, "--check"])
    print(done.stdout)
    good = done.returncode == 0
    print(f"sizes: {'ok' if good else 'FAILED'} ({took:.0f} s)")
    if not good:
        print(done.stderr[-3000:])
    return good


def fuzz(seconds):
    """Part 3: each target for `seconds`; libFuzzer's execution count and any crash."""
    env = dict(os.environ, RUSTC_BOOTSTRAP="1")
    fuzz_dir = os.path.join(ROOT, "fuzz")
    ok = True
    for target, (dictionary, max_len) in FUZZ.items():
        artifacts = tempfile.mkdtemp(prefix=f"fuzz-{target}-")
        cmd = [
            "cargo", "fuzz", "run", "-s", "none", "-O", target, "--",
            f"-max_total_time={seconds}", f"-dict={dictionary}", f"-max_len={max_len}",
            f"-artifact_prefix={artifacts}/", "-print_final_stats=1",
        ]
        done, took = run(cmd, cwd=fuzz_dir, env=env, timeout=seconds + 3600)
        log = done.stdout + done.stderr
        runs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", log)
        crashes = sorted(os.listdir(artifacts))
        good = done.returncode == 0 and not crashes
        ok &= good
        print(f"fuzz {target:6} {'ok' if good else 'FAILED'}: {runs[-1] if runs else '?'} executions in {took:.0f} s, {len(crashes)} crashes {crashes} (artifacts in {artifacts})")
        if not good:
            print(log[-4000:])
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip", action="append", default=[], choices=["tests", "sizes", "fuzz"])
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/fuzzy-edit"))
    parser.add_argument("--fuzz-seconds", type=int, default=180)
    args = parser.parse_args()
    results = []
    if "tests" not in args.skip:
        results.append(suites())
    if "sizes" not in args.skip:
        results.append(sizes(args.binary))
    if "fuzz" not in args.skip:
        results.append(fuzz(args.fuzz_seconds))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
