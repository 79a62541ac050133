#!/usr/bin/env python3
"""Real-client test of `fuzzy-edit mcp`: the official Python MCP SDK (`mcp`) starts the server
over stdio and drives it as an agent's client would.

Usage: mcp_client.py PATH/TO/fuzzy-edit   (or set FUZZY_EDIT_BIN)
Prints one line per check and a final "mcp python client: N passed, M failed"; exits 1 on any
failure. Run by .ci/mcp-python, which installs a pinned `mcp` in a venv.
"""

import os
import sys
import tempfile
import traceback
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

TIMEOUT_SECONDS = 60


def is_error(result) -> bool:
    # mcp 2.x spells it is_error; 1.x isError.
    value = getattr(result, "is_error", None)
    return bool(getattr(result, "isError", False) if value is None else value)


def text_of(result) -> str:
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def annotations_of(tool):
    a = tool.annotations
    read_only = getattr(a, "read_only_hint", getattr(a, "readOnlyHint", None))
    destructive = getattr(a, "destructive_hint", getattr(a, "destructiveHint", None))
    return read_only, destructive


def schema_of(tool) -> dict:
    return getattr(tool, "input_schema", None) or getattr(tool, "inputSchema")


async def run(binary: str, base: Path) -> tuple[int, int]:
    root = base / "root"
    (root / "src").mkdir(parents=True)
    (base / "outside").mkdir()
    (base / "outside" / "secret.txt").write_text("secret\n")
    target = root / "src" / "hello.py"
    target.write_text("def greet(name):\n    print('hello', name)\n    return None\n")
    (root / "src" / "other.py").write_text("X = 1\n")
    big_lines = [f"line {i} of a big file, with some text after it\n" for i in range(150_000)]
    (root / "big.txt").write_text("".join(big_lines))

    params = StdioServerParameters(command=binary, args=["mcp", "--root", str(root)])
    passed = failed = 0

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:

            async def check(name, body):
                nonlocal passed, failed
                try:
                    await body()
                except Exception:  # noqa: BLE001 - report every failure, keep going
                    failed += 1
                    print(f"FAIL {name}")
                    traceback.print_exc()
                else:
                    passed += 1
                    print(f"ok   {name}")

            async def initialize():
                info = await session.initialize()
                server_info = getattr(info, "server_info", None) or getattr(info, "serverInfo")
                assert server_info.name == "fuzzy-edit", server_info
                assert info.capabilities.tools is not None, info.capabilities

            async def list_tools():
                tools = {t.name: t for t in (await session.list_tools()).tools}
                assert set(tools) == {"read_file", "edit_file", "write_file"}, set(tools)
                assert annotations_of(tools["read_file"]) == (True, False)
                assert annotations_of(tools["edit_file"])[1] is True
                assert annotations_of(tools["write_file"])[1] is True
                for tool in tools.values():
                    schema = schema_of(tool)
                    assert schema["type"] == "object", schema
                    assert "path" in schema["required"], schema
                    for field, spec in schema["properties"].items():
                        assert spec.get("description"), f"{tool.name}.{field}"
                assert "line-number prefix" in tools["edit_file"].description

            async def read_file():
                result = await session.call_tool("read_file", {"path": "src/hello.py"})
                assert not is_error(result), text_of(result)
                expected = (
                    "     1\tdef greet(name):\n"
                    "     2\t    print('hello', name)\n"
                    "     3\t    return None\n"
                )
                assert text_of(result) == expected, repr(text_of(result))

            async def edit_file():
                # Copied with the wrong indentation, as models do: the engine still places it.
                result = await session.call_tool(
                    "edit_file",
                    {
                        "path": "src/hello.py",
                        "old_string": "print('hello', name)\nreturn None",
                        "new_string": "print('hello', name)\nreturn name",
                    },
                )
                assert not is_error(result), text_of(result)
                out = text_of(result)
                assert "-    return None\n+    return name\n" in out, out
                assert target.read_text().endswith("    return name\n"), target.read_text()

            async def edit_without_read_refused():
                result = await session.call_tool(
                    "edit_file",
                    {"path": "src/other.py", "old_string": "X = 1", "new_string": "X = 2"},
                )
                assert is_error(result), text_of(result)
                assert "read_file" in text_of(result), text_of(result)
                assert (root / "src" / "other.py").read_text() == "X = 1\n"

            async def escape_refused():
                for path in ["../outside/secret.txt", str(base / "outside" / "secret.txt")]:
                    result = await session.call_tool("read_file", {"path": path})
                    assert is_error(result), text_of(result)
                    assert "outside" in text_of(result), text_of(result)
                result = await session.call_tool(
                    "write_file", {"path": "../outside/new.txt", "content": "x"}
                )
                assert is_error(result), text_of(result)
                assert not (base / "outside" / "new.txt").exists()

            async def ping_during_a_slow_edit():
                # A 2,000-line old_string on a 6 MB file takes seconds in a debug build; the
                # ping sent meanwhile must not wait for it. Order of answers, not durations.
                await session.call_tool("read_file", {"path": "big.txt", "limit": 1})
                old = "".join(big_lines[70_000:72_000])
                answered = []

                async def edit():
                    result = await session.call_tool(
                        "edit_file",
                        {"path": "big.txt", "old_string": old, "new_string": old.upper()},
                    )
                    assert not is_error(result), text_of(result)[:500]
                    answered.append("edit")

                async with anyio.create_task_group() as tg:
                    tg.start_soon(edit)
                    await anyio.sleep(0.2)  # let the edit request go out first
                    await session.send_ping()
                    answered.append("ping")
                assert answered == ["ping", "edit"], answered
                assert "LINE 71999 OF A BIG FILE" in (root / "big.txt").read_text()

            with anyio.fail_after(TIMEOUT_SECONDS):
                await check("initialize", initialize)
                await check("list_tools", list_tools)
                await check("read_file", read_file)
                await check("edit_file", edit_file)
                await check("edit_file without read_file is refused", edit_without_read_refused)
                await check("paths outside the root are refused", escape_refused)
                await check("a ping during a slow edit answers first", ping_during_a_slow_edit)
    return passed, failed


def main() -> int:
    binary = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("FUZZY_EDIT_BIN", "")
    if not binary or not os.access(binary, os.X_OK):
        print(f"usage: {sys.argv[0]} PATH/TO/fuzzy-edit (got {binary!r})", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        try:
            passed, failed = anyio.run(run, os.path.abspath(binary), Path(tmp).resolve())
        except Exception:  # noqa: BLE001 - the session itself failed
            traceback.print_exc()
            passed, failed = 0, 1
    print(f"mcp python client: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
