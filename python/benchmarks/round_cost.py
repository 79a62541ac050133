"""What one repair round costs in our code, excluding the model and the verifier.

    python python/benchmarks/round_cost.py [--lines 1000] [--runs 50]

A generated Python file of ``--lines`` lines, a 20,000-character error log, and a model answer
(DiffCoder JSON in a fence) with three modifications: one exact, one with its indentation
drifted, one misremembered (refused, so the feedback with the closest fragment is computed —
the expensive path). Each phase is timed on its own, then whole rounds through ``repair()``
with an instant model and an instant verifier. Medians of ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from fuzzy_edit import apply_modifications, parse_modifications
from fuzzy_edit.repair import Verdict, build_messages, feedback_for, repair


def make_file(lines: int) -> str:
    out = ['"""A generated module."""', "", "import math", ""]
    i = 0
    while len(out) < lines - 8:
        out += [
            "",
            f"def function_{i}(values, scale={i % 7 + 1}):",
            f'    """Scale and sum the values ({i})."""',
            "    total = 0",
            "    for v in values:",
            f"        if v > {i % 11}:",
            f"            total += math.sqrt(v) * scale + {i}",
            "    return total",
        ]
        i += 1
    return "\n".join(out[:lines]) + "\n"


def make_answer(code: str) -> str:
    mods = [
        {  # exact
            "old_string": "def function_10(values, scale=4):",
            "new_string": "def function_10(values, scale=4.0):",
            "reason": "float scale",
        },
        {  # indentation drift: copied at column 0
            "old_string": "for v in values:\n    if v > 9:\n        total += math.sqrt(v) * scale + 75",
            "new_string": "for v in values:\n    if v >= 9:\n        total += math.sqrt(v) * scale + 75",
            "reason": "inclusive bound",
        },
        {  # misremembered: refused with the closest fragment
            "old_string": "    result = sum(math.sqrt(v) for v in values)\n    return result * scale",
            "new_string": "    return 0",
            "reason": "does not exist",
        },
    ]
    return "I found three problems.\n```json\n" + json.dumps({"analysis": "x", "modifications": mods}, indent=2) + "\n```\n"


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--lines", type=int, default=1000)
    p.add_argument("--runs", type=int, default=50)
    args = p.parse_args()
    code = make_file(args.lines)
    log = ("Traceback (most recent call last):\n" + '  File "m.py", line 10, in f\n' * 800)[:20000]
    answer = make_answer(code)
    mods = parse_modifications(answer)
    result = apply_modifications(code, mods, mode="partial")
    assert result.applied_count == 2 and [e.kind for e in result.errors] == ["not_found"], result.message

    phases = {
        "prompt (numbered code, truncated log)": lambda: build_messages(code, log, feedback=result.feedback()),
        "parse the answer": lambda: parse_modifications(answer),
        "apply 3 modifications + diff + feedback": lambda: feedback_for(
            apply_modifications(code, parse_modifications(answer), mode="partial"), None, True
        ),
    }
    print(f"{args.lines}-line file ({len(code):,} bytes), {len(log):,}-char error log, median of {args.runs}:")
    for name, fn in phases.items():
        print(f"  {name:42} {median_ms(fn, args.runs):7.2f} ms")

    def one_round() -> None:
        repair(
            code,
            verifier=lambda c: Verdict(False, log),
            model=lambda m: answer,
            max_steps=1,
            history_path=os.devnull,
        )

    print(f"  {'one round via repair(), JSON Lines history':42} {median_ms(one_round, args.runs):7.2f} ms")


if __name__ == "__main__":
    main()
