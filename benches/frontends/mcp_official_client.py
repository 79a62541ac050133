#!/usr/bin/env python3
"""MCP speed as an agent sees it: the official Python MCP SDK (`mcp`) starts `fuzzy-edit mcp`
over stdio and times each `tools/call` of `read_file` and `edit_file`, from the SDK call to
its parsed result, on the front-end benchmark's generated Python files (1k, 10k and 100k
lines) and its four request kinds. Every result is checked (applied or refused, and the file's
content) before it counts; an applied edit is undone with `write_file`, untimed. Prints medians
in ms, one warm-up call first.

    cargo build --release -p fuzzy-edit-cli
    cargo run --release -p frontend-speed -- --write-corpus /tmp/fe-corpus
    python3 -m venv /tmp/mcp-venv && /tmp/mcp-venv/bin/pip install "mcp==2.3.0"
    /tmp/mcp-venv/bin/python benches/frontends/mcp_official_client.py \\
        target/release/fuzzy-edit /tmp/fe-corpus [--repeat N]
"""

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

SIZES = [1_000, 10_000, 100_000]


def is_error(result) -> bool:
    # mcp 2.x spells it is_error; 1.x isError.
    value = getattr(result, "is_error", None)
    return bool(getattr(result, "isError", False) if value is None else value)


def text_of(result) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def cell(ms: float) -> str:
    return f"{ms:.2f}" if ms < 10 else f"{ms:.1f}"


async def timed(session, tool: str, arguments: dict):
    start = time.perf_counter()
    result = await session.call_tool(tool, arguments)
    return (time.perf_counter() - start) * 1e3, result


async def run(binary: str, corpus: Path, repeat: int) -> None:
    root = Path(tempfile.mkdtemp(prefix="mcp-speed-"))
    try:
        texts, edits = {}, {}
        for lines in SIZES:
            name = f"module_{lines}.py"
            shutil.copyfile(corpus / name, root / name)
            texts[lines] = (corpus / name).read_text()
            edits[lines] = json.loads((corpus / f"edits_{lines}.json").read_text())
        params = StdioServerParameters(command=binary, args=["mcp", "--root", str(root)])
        rows: dict[str, list[str]] = {}
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                for lines in SIZES:
                    name = f"module_{lines}.py"
                    times = []
                    for i in range(repeat + 1):
                        took, result = await timed(session, "read_file", {"path": name})
                        if is_error(result) or "handler_0" not in text_of(result):
                            raise SystemExit(f"read_file {name}: {text_of(result)[:300]}")
                        if i > 0:
                            times.append(took)
                    rows.setdefault("read_file (first 2000 lines)", []).append(
                        cell(statistics.median(times))
                    )
                    for edit in edits[lines]:
                        applies = "applied" in edit["expected"]
                        arguments = {"path": name, "old_string": edit["old"], "new_string": edit["new"]}
                        times = []
                        for i in range(repeat + 1):
                            took, result = await timed(session, "edit_file", arguments)
                            now = (root / name).read_text()
                            if is_error(result) == applies or (now != texts[lines]) != applies:
                                raise SystemExit(
                                    f"edit_file {edit['kind']} on {name}: expected "
                                    f"{edit['expected']}, got: {text_of(result)[:300]}"
                                )
                            if applies:
                                undo = await session.call_tool(
                                    "write_file", {"path": name, "content": texts[lines]}
                                )
                                if is_error(undo):
                                    raise SystemExit(f"write_file {name}: {text_of(undo)[:300]}")
                            if i > 0:
                                times.append(took)
                        rows.setdefault(f"edit_file, {edit['kind']}", []).append(
                            cell(statistics.median(times))
                        )
        print(f"official Python MCP client (mcp {mcp_version()}), median of {repeat} calls, ms\n")
        print("| MCP `tools/call` | " + " | ".join(f"{n // 1000}k lines" for n in SIZES) + " |")
        print("|---|" + "---:|" * len(SIZES))
        for label, cells in rows.items():
            print(f"| {label} | " + " | ".join(cells) + " |")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def mcp_version() -> str:
    from importlib.metadata import version

    return version("mcp")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", help="path to the fuzzy-edit binary")
    parser.add_argument("corpus", type=Path, help="directory written by frontend-speed --write-corpus")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    if args.repeat < 1:
        sys.exit("--repeat takes a positive number")
    anyio.run(run, args.binary, args.corpus, args.repeat)


if __name__ == "__main__":
    main()
