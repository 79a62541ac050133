"""The shipped repair example: ``python -m fuzzy_edit.demo``.

It writes a small broken module (``stats.py``, two bugs) and its test script into a temporary
directory, then runs ``fuzzy-edit-repair`` on it with the test script as the verifier. The
model is the bundled replay server (``fuzzy_edit.replay``, on 127.0.0.1) answering as a sloppy
model would: round 1 copies one block with the wrong indentation (applied anyway) and
misremembers another (refused, with the closest fragment as feedback); round 2, after that
feedback, fixes the second bug. Set ``FUZZY_EDIT_BASE_URL`` and ``FUZZY_EDIT_MODEL`` (and the
key in ``OPENAI_API_KEY`` if the endpoint needs one) to use a real model instead.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import tempfile
from typing import Any, Dict, List, Optional

from .repair.cli import main as repair_main
from .replay import ReplayServer

BROKEN_CODE = '''"""Small statistics helpers."""


def mean(values):
    if not values:
        raise ValueError("mean of no values")
    total = 0
    for v in values:
        total += v
    return total / (len(values) - 1)


def median(values):
    ordered = sorted(values)
    n = len(ordered)
    mid = n // 2
    if n % 2:
        return ordered[mid]
    return ordered[mid]


def variance(values):
    m = mean(values)
    return sum((v - m) ** 2 for v in values) / len(values)
'''

TEST_CODE = '''from stats import mean, median, variance

assert mean([1, 2, 3]) == 2, f"mean([1, 2, 3]) = {mean([1, 2, 3])}, expected 2"
assert median([3, 1, 2]) == 2, f"median([3, 1, 2]) = {median([3, 1, 2])}, expected 2"
assert median([4, 1, 3, 2]) == 2.5, f"median([4, 1, 3, 2]) = {median([4, 1, 3, 2])}, expected 2.5"
assert variance([1, 2, 3, 4]) == 1.25, f"variance([1, 2, 3, 4]) = {variance([1, 2, 3, 4])}"
print("all tests passed")
'''


def _answer(analysis: str, modifications: List[Dict[str, Any]]) -> str:
    doc = {"analysis": analysis, "modifications": modifications, "summary": f"{len(modifications)} change(s)"}
    return f"Here is my fix.\n\n```json\n{json.dumps(doc, indent=2)}\n```\n"


#: Round 1: the mean fix copied without its indentation (the engine re-indents it); the median
#: fix with an old_string that is not in the file (refused, with feedback).
ROUND_1 = _answer(
    "mean divides by n - 1; median ignores the lower middle value for even lengths.",
    [
        {
            "old_string": "for v in values:\n    total += v\nreturn total / (len(values) - 1)",
            "new_string": "for v in values:\n    total += v\nreturn total / len(values)",
            "reason": "the mean divides by the number of values",
            "replace_all": False,
            "anchor": "",
        },
        {
            "old_string": "    half = len(ordered) / 2\n    return ordered[half]",
            "new_string": "    half = len(ordered) // 2\n    return (ordered[half - 1] + ordered[half]) / 2",
            "reason": "an even-length median averages the two middle values",
            "replace_all": False,
            "anchor": "",
        },
    ],
)

#: Round 2: the median fix, old_string now copied from the code the feedback showed.
ROUND_2 = _answer(
    "The mean is fixed. The median's old_string was wrong; copied from the code now.",
    [
        {
            "old_string": "    if n % 2:\n        return ordered[mid]\n    return ordered[mid]",
            "new_string": "    if n % 2:\n        return ordered[mid]\n    return (ordered[mid - 1] + ordered[mid]) / 2",
            "reason": "an even-length median averages the two middle values",
            "replace_all": False,
            "anchor": "",
        }
    ],
)

SCRIPT = [ROUND_1, ROUND_2]


def write_example(directory: str) -> str:
    """Write ``stats.py`` and ``test_stats.py`` into ``directory``; return the module's path."""
    path = os.path.join(directory, "stats.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(BROKEN_CODE)
    with open(os.path.join(directory, "test_stats.py"), "w", encoding="utf-8") as f:
        f.write(TEST_CODE)
    return path


def verify_command(directory: str) -> str:
    """The verifier: run the test script with this Python, from ``directory``."""
    return f"cd {shlex.quote(directory)} && {shlex.quote(sys.executable)} test_stats.py"


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m fuzzy_edit.demo", description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", help="where to write the example (default: a new temporary directory)")
    p.add_argument("--history", help="write the rounds as JSON Lines here")
    args = p.parse_args(argv)
    directory = args.dir or tempfile.mkdtemp(prefix="fuzzy-edit-demo-")
    os.makedirs(directory, exist_ok=True)
    path = write_example(directory)
    history = args.history or os.path.join(directory, "history.jsonl")
    base_url = os.environ.get("FUZZY_EDIT_BASE_URL")
    model = os.environ.get("FUZZY_EDIT_MODEL")
    common = [path, "--verify", verify_command(directory), "--history", history, "--max-steps", "5"]
    print(f"example: {path} (verifier: python test_stats.py)", file=sys.stderr)
    if base_url and model:
        print(f"model: {model} at {base_url}", file=sys.stderr)
        status = repair_main(common + ["--model", model, "--base-url", base_url])
    else:
        with ReplayServer(SCRIPT) as server:
            print(f"model: the bundled replay server at {server.base_url} (set FUZZY_EDIT_BASE_URL and FUZZY_EDIT_MODEL for a real one)", file=sys.stderr)
            status = repair_main(common + ["--model", "replay", "--base-url", server.base_url, "--timeout", "10"])
    print(f"history: {history}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
